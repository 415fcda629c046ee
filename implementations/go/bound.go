package toolresult

// input is a result's channels as the bounder reads them.
type input struct {
	content       any
	isError       bool
	structured    any
	hasStructured bool
	artifacts     any
	hasArtifacts  bool
	warnings      []string
}

// readInput reads what Bound was handed. A ToolResult or Bounded is read field by field; a plain
// map[string]any with the result's members is read as an untyped caller's result; anything else
// is not a result, and nothing of it is read (spec §3.2).
func readInput(result any) input {
	switch r := result.(type) {
	case ToolResult:
		return input{r.content, r.isError, r.structured, r.hasStructured, r.artifacts, r.hasArtifacts, r.warnings}
	case *ToolResult:
		if r != nil {
			return readInput(*r)
		}
	case Bounded:
		if r.s != nil {
			return input{r.s.content, r.s.isError, r.s.structured, r.s.hasStructured, r.s.artifacts, true, r.s.warnings}
		}
	case *Bounded:
		if r != nil {
			return readInput(*r)
		}
	case map[string]any:
		in := input{content: r["content"]}
		in.isError = r["isError"] == true // TR-BOUND-17: exactly the boolean true
		if v, ok := r["structured"]; ok && v != Undefined {
			in.structured, in.hasStructured = v, true
		}
		if v, ok := r["artifacts"]; ok && v != Undefined {
			in.artifacts, in.hasArtifacts = v, true
		}
		switch w := r["warnings"].(type) {
		case []string:
			in.warnings = w
		case []any:
			for _, c := range w {
				if s, ok := c.(string); ok {
					in.warnings = append(in.warnings, s)
				}
			}
		}
		return in
	}
	return input{}
}

// Bound is the bounder (spec chapter 3): it coerces every string, caps content, measures the
// run-only channels against their budgets and fails closed. Its only error is an *OptionsError,
// returned before anything is read; it never panics for any result (TR-BOUND-0).
func Bound(result any, options BoundOptions) (Bounded, error) {
	budgets, err := options.resolved()
	if err != nil {
		return Bounded{}, err
	}
	return Bounded{boundWith(readInput(result), budgets)}, nil
}

func boundWith(in input, budgets BoundOptions) *sealed {
	var added []string
	out := &sealed{isError: in.isError, artifacts: []any{}}
	if text, ok := in.content.(string); ok {
		capped, truncated := capContent(text, budgets.ContentBudget)
		out.content = capped
		if truncated {
			added = append(added, "content.truncated")
		}
	} else {
		added = append(added, "content.not_text") // TR-BOUND-4: no conversion is called on it
	}
	if in.hasStructured {
		verdict, _ := Measure(in.structured, budgets.StructuredBudget)
		if verdict == VerdictOK {
			out.structured, out.hasStructured = copyData(in.structured), true
		} else {
			added = append(added, "structured."+string(verdict))
		}
	}
	if in.isError {
		if in.hasArtifacts && !isEmptyList(in.artifacts) {
			added = append(added, "artifacts.dropped_on_error") // TR-BOUND-12
		}
	} else if in.hasArtifacts {
		verdict, _ := Measure(in.artifacts, budgets.ArtifactsBudget)
		var list any
		if verdict == VerdictOK {
			list = copyData(in.artifacts)
			if !validArtifactList(list) {
				verdict = VerdictInvalidShape
			}
		}
		if verdict == VerdictOK {
			out.artifacts = list.([]any)
		} else {
			out.artifacts = markerList(verdict, budgets.ArtifactsBudget)
			added = append(added, "artifacts."+string(verdict))
		}
	}
	out.warnings = mergeWarnings(in.warnings, added)
	return out
}

func isEmptyList(v any) bool {
	list, ok := v.([]any)
	return ok && list != nil && len(list) == 0
}

// markerList is the one-artifact list that replaces a failed artifact list (TR-BOUND-10).
func markerList(verdict Verdict, budget int) []any {
	reason := map[Verdict]string{
		VerdictUnencodable:  "could not be encoded",
		VerdictTooDeep:      "nested deeper than 64 levels",
		VerdictInvalidShape: "did not match their artifact types",
	}[verdict]
	if verdict == VerdictOverBudget {
		reason = "exceeded " + quoteInt(budget) + " bytes"
	}
	return []any{map[string]any{"type": "text", "label": "Artifacts omitted", "data": map[string]any{"text": reason}}}
}

// truncationNotice is the notice appended to cut content (spec §3.2).
func truncationNotice(budget int) string {
	return "\n\u2026[tool result truncated at " + quoteInt(budget) + " bytes]"
}

// capContent coerces s and caps it at budget octets (TR-BOUND-3). It decodes from the start and
// stops once the coerced text passes the budget, so a long text costs what the budget lets through.
func capContent(s string, budget int) (string, bool) {
	prefix, cut := coercedPrefix(s, budget)
	if !cut {
		return prefix, false
	}
	notice := truncationNotice(budget)
	return prefixOctets(prefix, budget-len(notice)) + notice, true
}

// validArtifactList is TR-BOUND-9 on a coerced list.
func validArtifactList(v any) bool {
	list, ok := v.([]any)
	if !ok || list == nil {
		return false
	}
	for _, item := range list {
		a, ok := item.(map[string]any)
		if !ok || a == nil || !hasExactly(a, "type", "label", "data") {
			return false
		}
		if _, ok := a["label"].(string); !ok {
			return false
		}
		data, ok := a["data"].(map[string]any)
		if !ok || data == nil {
			return false
		}
		switch a["type"] {
		case "text":
			if _, ok := data["text"].(string); !ok || !hasExactly(data, "text") {
				return false
			}
		case "table":
			if !hasExactly(data, "columns", "rows") {
				return false
			}
			columns, ok := stringList(data["columns"])
			rows, rowsOK := data["rows"].([]any)
			if !ok || !rowsOK || rows == nil {
				return false
			}
			for _, row := range rows {
				cells, ok := stringList(row)
				if !ok || len(cells) != len(columns) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}

func hasExactly(m map[string]any, names ...string) bool {
	if len(m) != len(names) {
		return false
	}
	for _, n := range names {
		if _, ok := m[n]; !ok {
			return false
		}
	}
	return true
}

func stringList(v any) ([]any, bool) {
	list, ok := v.([]any)
	if !ok || list == nil {
		return nil, false
	}
	for _, s := range list {
		if _, ok := s.(string); !ok {
			return nil, false
		}
	}
	return list, true
}
