package toolresult

import (
	"reflect"
	"strconv"
	"strings"
)

// Source names a normalizer's input (spec chapter 10).
type Source string

// The sources.
const (
	SourceMCP       Source = "mcp"
	SourceLangChain Source = "langchain"
	SourceLocal     Source = "local"
)

// NormalizeOptions are the bounder's budgets plus the output-schema check (spec §10.1, §10.5).
type NormalizeOptions struct {
	Budgets BoundOptions
	// OutputSchema is the tool's declared output schema as JSON data; HasSchema says it was given
	// (a schema of null is given, and does not compile).
	OutputSchema any
	HasSchema    bool
	// SchemaPolicy is "off", "warn" or "enforce"; empty is warn with a schema and off without.
	SchemaPolicy string
}

// ParseNormalizeOptions reads options decoded from JSON; an error is an *OptionsError (TR-NORM-1).
func ParseNormalizeOptions(raw any) (NormalizeOptions, error) {
	var o NormalizeOptions
	if raw == nil || raw == Undefined {
		return o, nil
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return o, &OptionsError{Option: "options", reason: "must be an object"}
	}
	budgets, err := parseBudgets(m, func(name string) bool { return name == "outputSchema" || name == "schemaPolicy" })
	if err != nil {
		return o, err
	}
	o.Budgets = budgets
	if v, given := m["outputSchema"]; given && v != Undefined {
		o.OutputSchema, o.HasSchema = v, true
	}
	if v, given := m["schemaPolicy"]; given && v != Undefined {
		s, _ := v.(string)
		if s != "off" && s != "warn" && s != "enforce" {
			return o, &OptionsError{Option: "schemaPolicy", reason: "must be one of off, warn, enforce"}
		}
		o.SchemaPolicy = s
	}
	return o, nil
}

func (o NormalizeOptions) policy() string {
	if o.SchemaPolicy != "" {
		return o.SchemaPolicy
	}
	if o.HasSchema {
		return "warn"
	}
	return "off"
}

// The texts a normalizer writes by itself (pinned bytes, spec chapter 10).
const (
	structuredOmitted = "[structured result omitted]"
	schemaMismatch    = "[tool output did not match its output schema]"
	malformedMCP      = "[malformed MCP tool result]"
	malformedLC       = "[malformed LangChain tool message]"
	localUnsupported  = "[tool returned a value that is not a supported tool result]"
)

// Normalize turns a source value into a bounded result (TR-NORM-1). Its errors are an
// *OptionsError for invalid options, returned before the value is read, and a *PendingCallError
// for an MCP answer that is not finished (a task handle or an input-required result, TR-NORM-23,
// TR-NORM-24); it never panics for any value (TR-NORM-2).
func Normalize(source Source, value any, options NormalizeOptions) (Bounded, error) {
	budgets, err := options.Budgets.resolved()
	if err != nil {
		return Bounded{}, err
	}
	var d *draft
	switch source {
	case SourceMCP:
		var pending *PendingCallError
		if d, pending = mcpDraft(value); pending != nil {
			return Bounded{}, pending
		}
	case SourceLangChain:
		d = langchainDraft(value)
	case SourceLocal:
		if b, passed := localPassThrough(value, budgets); passed {
			return b, nil
		}
		d = localDraft(value)
	default:
		return Bounded{}, &OptionsError{Option: "source", reason: "must be mcp, langchain or local"}
	}
	return Bounded{assemble(d, options, budgets)}, nil
}

// draft is what a source gave, before bounding.
type draft struct {
	pieces        []string
	omitted       []omittedPiece // the placeholders among pieces (TR-NORM-67)
	isError       bool
	structured    any
	hasStructured bool
	rows          [][]string
	runOnly       [][2]string // locator, text
	warnings      []string
	// members is the text of the artifact members (TR-NORM-66), when hasMembers.
	members    string
	hasMembers bool
	// fixed is a pinned result that is not assembled (malformed input, unsupported value).
	fixed *string
}

func fixedError(text string) *draft { return &draft{isError: true, fixed: &text} }

func (d *draft) row(locator, kind, mimeType, size, uri string) {
	d.rows = append(d.rows, []string{locator, kind, mimeType, size, uri})
}

// assemble bounds a draft: references become artifacts, the schema check runs on the bounded
// value, and an empty text falls back to the canonical JSON (TR-NORM-11..13, -20, -30..33).
func assemble(d *draft, options NormalizeOptions, budgets BoundOptions) *sealed {
	if d.fixed != nil {
		return boundWith(input{content: *d.fixed, isError: true, warnings: d.warnings}, budgets)
	}
	artifacts := []any{}
	if len(d.rows) > 0 {
		rows := make([]any, len(d.rows))
		for i, r := range d.rows {
			rows[i] = []any{r[0], r[1], r[2], r[3], r[4]}
		}
		artifacts = append(artifacts, map[string]any{"type": "table", "label": "Content references",
			"data": map[string]any{"columns": []any{"block", "kind", "mimeType", "size", "uri"}, "rows": rows}})
	}
	for _, t := range d.runOnly {
		artifacts = append(artifacts, map[string]any{"type": "text", "label": "Text of " + t[0], "data": map[string]any{"text": t[1]}})
	}
	if d.hasMembers { // TR-NORM-66: the rest of an adapter artifact, last
		artifacts = append(artifacts, map[string]any{"type": "text", "label": artifactMembersLabel, "data": map[string]any{"text": d.members}})
	}
	warnings := append([]string{}, d.warnings...)
	if d.isError && len(artifacts) > 0 {
		artifacts = []any{}
		warnings = append(warnings, "artifacts.dropped_on_error") // TR-NORM-13
	}
	joined := strings.Join(d.pieces, "\n")
	content := joined
	// TR-NORM-67: a cut that would remove a placeholder ends in the drop notice instead.
	if cut, ok := cutWithDropNotice(d.pieces, d.omitted, budgets.ContentBudget); ok {
		content = cut
		warnings = append(warnings, "content.truncated")
	}
	in := input{content: content, isError: d.isError, structured: d.structured, hasStructured: d.hasStructured,
		artifacts: artifacts, hasArtifacts: len(artifacts) > 0, warnings: warnings}
	s := boundWith(in, budgets)
	if !s.isError && s.hasStructured && options.HasSchema && options.policy() != "off" {
		if !CheckOutputSchema(options.OutputSchema, s.structured) {
			if options.policy() == "enforce" {
				w := []string{"structured.schema_mismatch"}
				if len(s.artifacts) > 0 {
					w = append(w, "artifacts.dropped_on_error")
				}
				return boundWith(input{content: schemaMismatch, isError: true, warnings: w}, budgets)
			}
			next := readInput(Bounded{s})
			next.structured, next.hasStructured = nil, false
			next.warnings = mergeWarnings(next.warnings, []string{"structured.schema_mismatch"})
			s = boundWith(next, budgets)
		}
	}
	if joined == "" && d.hasStructured {
		next := readInput(Bounded{s})
		next.content = structuredOmitted
		if s.hasStructured {
			next.content = canonicalJSON(s.structured)
		}
		s = boundWith(next, budgets)
	}
	return s
}

// objectKind tells how a normalizer reads a value: a readable object (map[string]any), an object
// without data fields (any other map of values: its members cannot be read, so each is absent),
// or not an object (spec §9.2's last column).
func objectKind(v any) (map[string]any, bool) {
	if m, ok := v.(map[string]any); ok {
		if m == nil {
			return nil, false
		}
		return m, true
	}
	t := reflect.TypeOf(v)
	if t != nil && t.Kind() == reflect.Map && t.Elem().Kind() == reflect.Interface {
		return map[string]any{}, true
	}
	return nil, false
}

// member reads a member; JavaScript's undefined reads as absent (TR-NORM-64).
func member(m map[string]any, name string) (any, bool) {
	v, ok := m[name]
	if !ok || v == Undefined {
		return nil, false
	}
	return v, true
}

func stringMember(m map[string]any, name string) (string, bool) {
	v, _ := member(m, name)
	s, ok := v.(string)
	return s, ok
}

// base64Size is the decoded size of forgiving-base64 text without decoding it (TR-NORM-10).
func base64Size(s string) (int, bool) {
	n := 0
	var kept []byte
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\t', '\n', '\f', '\r', ' ':
		default:
			kept = append(kept, c)
		}
	}
	if len(kept)%4 == 0 {
		if len(kept) > 0 && kept[len(kept)-1] == '=' {
			kept = kept[:len(kept)-1]
			if len(kept) > 0 && kept[len(kept)-1] == '=' {
				kept = kept[:len(kept)-1]
			}
		}
	}
	if len(kept)%4 == 1 {
		return 0, false
	}
	for _, c := range kept {
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/') {
			return 0, false
		}
		n++
	}
	return n * 3 / 4, true
}

// binarySize reads binary data: base64 text, or a Go []byte, which counts its length.
func binarySize(v any) (string, bool) {
	switch x := v.(type) {
	case string:
		n, ok := base64Size(x)
		return strconv.Itoa(n), ok
	case []byte:
		return strconv.Itoa(len(x)), true
	}
	return "", false
}

func itoa(n int) string { return strconv.Itoa(n) }

func textSize(s string) string { return strconv.Itoa(len(CoerceText(s))) }

// echoable is a block type short and plain enough to name in the text (TR-NORM-41).
func echoable(t string) bool {
	if len(t) == 0 || len(t) > 32 || t[0] < 'a' || t[0] > 'z' {
		return false
	}
	for i := 1; i < len(t); i++ {
		c := t[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

func unsupportedBlock(t any) string {
	if s, ok := t.(string); ok && echoable(s) {
		return "[unsupported " + s + " block]"
	}
	return "[unsupported block]"
}

func locator(list string, i int) string { return list + "[" + strconv.Itoa(i) + "]" }

// safeSize is a declared size: a safe integer from 0, written in decimal, or "".
func safeSize(v any) string {
	f, ok := numberValue(v)
	if _, isBool := v.(bool); isBool || !ok || f != float64(int64(f)) || f < 0 || f > maxSafe {
		return ""
	}
	return strconv.FormatInt(int64(f), 10)
}
