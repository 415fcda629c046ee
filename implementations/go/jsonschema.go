package toolresult

// CheckOutputSchema reports whether value passes schema (spec §10.5).
func CheckOutputSchema(schema, value any) bool { return false }
