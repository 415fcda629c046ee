package toolresult

import (
	"strings"
	"testing"
	"time"
)

// The lead's pattern rule (TR-NORM-65 item 1): these run, with their ECMAScript meaning.
func TestTR_NORM_65_PatternsThatRun(t *testing.T) {
	cases := []struct {
		pattern, subject string
		match            bool
	}{
		{`^(a?){27}a{27}$`, strings.Repeat("a", 27), true},
		{`^a*a*a*a*a*a*a*a*a*b$`, strings.Repeat("a", 38), false},
		{`^[a-z]+(-[a-z]+)*$`, "hello-big-world", true},
		{`^(\w+\s?)*$`, strings.Repeat("a", 5000) + "!", false},
		{`(a{10}){100}`, strings.Repeat("a", 1000), true},
		{`\d`, "٣", false},
		{`\w`, "é", false},
		{`^.$`, "\u2028", false},
		{`^.$`, "😀", true},
		{`\s`, "\u00a0", true},
		{`a$`, "a\n", false},
		{`^\u{1F600}$`, "😀", true},
		{`^\uD83D\uDE00$`, "😀", true},
		{`[^]`, "x", true},
		{`[]`, "x", false},
		{`(?<year>\d{4})-\d\d`, "on 2026-12", true},
		{`ab`, "xxaby", true},
		{`^(?:){5000}$`, "", true},
		{`^x{0}y$`, "y", true},
	}
	for _, c := range cases {
		re, err := compilePattern(c.pattern)
		if err != nil {
			t.Errorf("%s: %v", c.pattern, err)
			continue
		}
		start := time.Now()
		if got := re.MatchString(c.subject); got != c.match {
			t.Errorf("%s on %.20q: %v", c.pattern, c.subject, got)
		}
		// A hang guard, not a speed: Go's regexp is an automaton and these subjects are short (microseconds
		// each); 10 s of wall time passes only for an engine that backtracks without end.
		if time.Since(start) > 10*time.Second {
			t.Errorf("%s: not linear", c.pattern)
		}
	}
}

// The same set cannot run in every language: invalid u-mode syntax, backreferences, lookaround,
// property escapes, weight above 1,000.
func TestTR_NORM_65_PatternsThatCannotRun(t *testing.T) {
	for _, p := range []string{`(a)\1`, `(?<n>a)\k<n>`, `(?=a)`, `(?!a)`, `(?<=a)b`, `(?<!a)b`, `\p{L}`, `\P{L}`,
		`a{1001}`, `(a{100}){11}`, `(`, `a{2,1}`, `\a`, `{`, `]`, `a**`, `^*`, `[z-a]`, `[\d-z]`, `\u{110000}`} {
		if _, err := compilePattern(p); err == nil {
			t.Errorf("%s ran", p)
		}
	}
}

func TestTR_NORM_65_StepLimit(t *testing.T) {
	defs := map[string]any{}
	for i := 0; i < 40; i++ {
		next := "#/$defs/a" + itoa(i+1)
		defs["a"+itoa(i)] = map[string]any{"anyOf": []any{map[string]any{"$ref": next}, map[string]any{"$ref": next}}}
	}
	defs["a40"] = map[string]any{"type": "string"}
	schema := map[string]any{"$defs": defs, "$ref": "#/$defs/a0"}
	start := time.Now()
	if CheckOutputSchema(schema, 5.0) {
		t.Fatal("a check that stops passed")
	}
	// A hang guard, not a speed: the step limit stops the check within milliseconds, and without it the
	// 2^40 branches run for days.
	if time.Since(start) > 30*time.Second {
		t.Fatal("the step limit did not stop the check")
	}
}

func TestTR_NORM_32_Dialects(t *testing.T) {
	tuple07 := map[string]any{"$schema": "http://json-schema.org/draft-07/schema#", "items": []any{map[string]any{"type": "number"}}, "additionalItems": false}
	if CheckOutputSchema(tuple07, []any{1.0, 2.0}) || !CheckOutputSchema(tuple07, []any{1.0}) {
		t.Fatal("draft-07 tuple")
	}
	uneval := map[string]any{"allOf": []any{map[string]any{"properties": map[string]any{"a": map[string]any{}}}}, "unevaluatedProperties": false}
	if !CheckOutputSchema(uneval, map[string]any{"a": 1.0}) || CheckOutputSchema(uneval, map[string]any{"a": 1.0, "b": 2.0}) {
		t.Fatal("unevaluatedProperties through allOf")
	}
	for _, bad := range []any{nil, map[string]any{"type": 5.0}, map[string]any{"$schema": "http://json-schema.org/draft-04/schema#"}, map[string]any{"$ref": "https://example.com/s.json"}, map[string]any{"$dynamicRef": "#x"}} {
		if CheckOutputSchema(bad, map[string]any{}) {
			t.Errorf("%v passed", bad)
		}
	}
	if !CheckOutputSchema(map[string]any{"uniqueItems": true}, []any{[]any{1.0}, []any{2.0}}) || CheckOutputSchema(map[string]any{"uniqueItems": true}, []any{1.0, 1.0}) {
		t.Fatal("uniqueItems")
	}
}
