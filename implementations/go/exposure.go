package toolresult

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/toolresult-protocol/toolresult/implementations/go/internal/jsontext"
)

// ExposureError is an exposure policy that does not match exposure-policy.schema.json
// (TR-EXPOSE-2); it names what is wrong and quotes nothing of the result.
type ExposureError struct{ reason string }

func (e *ExposureError) Error() string { return "exposure policy: " + e.reason }

// Code is the protocol's error code for an invalid policy.
func (e *ExposureError) Code() string { return "options.invalid" }

type exposurePolicy struct {
	kind     string
	pointers []string
}

// parsePolicy checks a policy given as JSON data (nil or Undefined is none).
func parsePolicy(raw any) (exposurePolicy, error) {
	if raw == nil || raw == Undefined {
		return exposurePolicy{kind: "none"}, nil
	}
	m, ok := raw.(map[string]any)
	if !ok {
		return exposurePolicy{}, &ExposureError{"must be an object"}
	}
	kind, _ := m["policy"].(string)
	switch kind {
	case "none", "json":
		if len(m) != 1 {
			return exposurePolicy{}, &ExposureError{"policy " + kind + " takes no other member"}
		}
		return exposurePolicy{kind: kind}, nil
	case "allowlist":
		list, ok := m["pointers"].([]any)
		if !ok || len(m) != 2 {
			return exposurePolicy{}, &ExposureError{"policy allowlist takes exactly the member pointers, a list"}
		}
		seen := map[string]bool{}
		p := exposurePolicy{kind: kind}
		for _, item := range list {
			s, ok := item.(string)
			if !ok || !validPointer(s) {
				return exposurePolicy{}, &ExposureError{"every pointer must be a well-formed JSON Pointer string"}
			}
			if seen[s] {
				return exposurePolicy{}, &ExposureError{"a pointer is listed twice"}
			}
			seen[s] = true
			p.pointers = append(p.pointers, s)
		}
		return p, nil
	}
	return exposurePolicy{}, &ExposureError{"policy must be none, json or allowlist"}
}

// validPointer is RFC 6901's string form, well-formed UTF-8 (spec §12.3).
func validPointer(s string) bool {
	if !utf8.ValidString(s) || (s != "" && s[0] != '/') {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] == '~' && (i+1 >= len(s) || (s[i+1] != '0' && s[i+1] != '1')) {
			return false
		}
	}
	return true
}

// resolvePointer selects a value as RFC 6901 §4 does (TR-EXPOSE-5).
func resolvePointer(v any, pointer string) (any, bool) {
	if pointer == "" {
		return v, true
	}
	for _, token := range strings.Split(pointer[1:], "/") {
		token = strings.ReplaceAll(strings.ReplaceAll(token, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			next, ok := x[token]
			if !ok {
				return nil, false
			}
			v = next
		case []any:
			if token == "" || (len(token) > 1 && token[0] == '0') || strings.TrimLeft(token, "0123456789") != "" {
				return nil, false
			}
			i, err := strconv.Atoi(token)
			if err != nil || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// Expose applies an exposure policy (spec chapter 12) to a bounded result with the budgets it was
// bounded with. The policy is JSON data (nil is none). Errors: *ExposureError, *OptionsError.
func Expose(b Bounded, policy any, options BoundOptions) (Bounded, error) {
	p, err := parsePolicy(policy)
	if err != nil {
		return Bounded{}, err
	}
	budgets, err := options.resolved()
	if err != nil {
		return Bounded{}, err
	}
	if b.s == nil {
		return Bounded{}, errors.New("Expose accepts only a Bounded made by Bound or Restore")
	}
	if p.kind == "none" {
		return b, nil // TR-EXPOSE-1
	}
	s := b.s
	added := []string{"exposure." + p.kind}
	var exposed any
	has := false
	if s.hasStructured {
		if p.kind == "json" {
			exposed, has = s.structured, true
		} else {
			selection := map[string]any{}
			for _, ptr := range p.pointers {
				if v, ok := resolvePointer(s.structured, ptr); ok {
					selection[ptr] = v
				} else {
					added = append(added, "exposure.unmatched")
				}
			}
			exposed, has = selection, len(selection) > 0
		}
	}
	out := *s
	if !has {
		added = append(added, "exposure.empty")
	} else {
		j := canonicalJSON(exposed)
		if !carries(s.content, j) {
			next := j
			if s.content != "" {
				next = s.content + "\n\n" + j
			}
			if len(next) > budgets.ContentBudget {
				added = append(added, "exposure.over_budget") // TR-EXPOSE-8: dropped whole
			} else {
				out.content = next
			}
		}
	}
	out.warnings = mergeWarnings(s.warnings, added)
	return Bounded{&out}, nil
}

// carries reports whether content already holds J (TR-EXPOSE-7).
func carries(content, j string) bool {
	if content == j || strings.HasSuffix(content, "\n\n"+j) {
		return true
	}
	p, err := jsontext.Parse(content, MaxDepth+2)
	if err != nil || p.Duplicate || p.LoneSurrogate {
		return false
	}
	// Only plain data of at most J's length can serialize to J (depth aside: J may be 65 deep).
	if verdict, _ := Measure(p.Value, len(j)); verdict == VerdictOverBudget || verdict == VerdictUnencodable {
		return false
	}
	return canonicalJSON(p.Value) == j
}
