package toolresult

import "reflect"

// localPassThrough bounds a tool result a local tool returned (TR-NORM-62).
func localPassThrough(v any, budgets BoundOptions) (Bounded, bool) {
	switch v.(type) {
	case ToolResult, *ToolResult, Bounded, *Bounded:
		in := readInput(v)
		return Bounded{boundWith(in, budgets)}, true
	}
	return Bounded{}, false
}

// localDraft reads what a local function returned (spec §10.8).
func localDraft(v any) *draft {
	if s, ok := v.(string); ok {
		return &draft{pieces: []string{s}} // TR-NORM-60
	}
	if localStructured(v) {
		return &draft{structured: v, hasStructured: true} // TR-NORM-61
	}
	return fixedError(localUnsupported) // TR-NORM-63
}

// localStructured: null, a boolean, a number of any Go number type (NaN too), a list or a map of
// values is structured data; whether it is JSON data the bounder judges.
func localStructured(v any) bool {
	switch v.(type) {
	case nil, bool, []any:
		return true
	}
	if _, ok := numberValue(v); ok {
		return true
	}
	_, isObject := objectKind(v)
	if isObject {
		return true
	}
	t := reflect.TypeOf(v)
	return t != nil && t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Interface
}
