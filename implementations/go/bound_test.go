package toolresult

import (
	"encoding/hex"
	"math"
	"strings"
	"testing"
)

func TestTR_BOUND_1_MaximalSubparts(t *testing.T) {
	rows := map[string]string{
		"418042": "A\uFFFDB", "c0af": "\uFFFD\uFFFD", "e08080": "\uFFFD\uFFFD\uFFFD",
		"eda080": "\uFFFD\uFFFD\uFFFD", "f09f98": "\uFFFD", "f09f9841": "\uFFFDA",
		"f4908080": "\uFFFD\uFFFD\uFFFD\uFFFD", "f580": "\uFFFD\uFFFD", "efbbbf41": "\uFEFFA", "e282": "\uFFFD",
	}
	for h, want := range rows {
		b, _ := hex.DecodeString(h)
		if got := CoerceText(string(b)); got != want {
			t.Errorf("%s: got %q, want %q", h, got, want)
		}
	}
}

func TestTR_BOUND_2_KeepsBOMAndNUL(t *testing.T) {
	s := "\uFEFF\x00a"
	if CoerceText(s) != s {
		t.Fatal("coercion changed a well-formed string")
	}
}

func TestTR_BOUND_3_ContentCap(t *testing.T) {
	b, err := Bound(Text(strings.Repeat("€", 100)), BoundOptions{ContentBudget: 256})
	if err != nil {
		t.Fatal(err)
	}
	notice := "\n…[tool result truncated at 256 bytes]"
	if !strings.HasSuffix(b.Content(), notice) || len(b.Content()) > 256 {
		t.Fatalf("content %q (%d octets)", b.Content(), len(b.Content()))
	}
	prefix := strings.TrimSuffix(b.Content(), notice)
	if len(prefix) != (256-len(notice))/3*3 || CoerceText(prefix) != prefix {
		t.Fatalf("prefix of %d octets is not the longest code-point prefix", len(prefix))
	}
	if b.Warnings()[0] != "content.truncated" {
		t.Fatal(b.Warnings())
	}
}

func TestTR_BOUND_8_NumberLengths(t *testing.T) {
	cases := map[float64]string{0.1: "0.1", 1e-7: "1e-7", 5e-324: "5e-324", 0.000001: "0.000001", -12.5: "-12.5",
		9007199254740991: "9007199254740991", 100: "100", math.Copysign(0, -1): "0", 123e-20: "1.23e-18"}
	for v, want := range cases {
		if got := formatNumber(v); got != want {
			t.Errorf("%v: got %s, want %s", v, got, want)
		}
		if verdict, n := Measure(v, 1000); verdict != VerdictOK || n != len(want) {
			t.Errorf("%v: measure %s %d", v, verdict, n)
		}
	}
}

func TestTR_BOUND_6_BeyondSafeIntegers(t *testing.T) {
	if formatNumber(1.5e20) != "150000000000000000000" {
		t.Fatal(formatNumber(1.5e20))
	}
	for _, v := range []any{1.5e20, int64(1) << 53, uint64(1) << 60, math.Inf(-1)} {
		if verdict, _ := Measure(v, 1000); verdict != VerdictUnencodable {
			t.Errorf("%v: %s", v, verdict)
		}
	}
}

func TestTR_BOUND_8_VerdictPrecedence(t *testing.T) {
	deep := any("leaf")
	for i := 0; i < 65; i++ {
		deep = []any{deep}
	}
	if v, _ := Measure(deep, 10_000); v != VerdictTooDeep {
		t.Fatalf("65 levels: %s", v)
	}
	if v, _ := Measure([]any{deep, math.NaN()}, 10_000); v != VerdictUnencodable {
		t.Fatalf("unencodable before too_deep: %s", v)
	}
	if v, _ := Measure([]any{deep, math.NaN(), strings.Repeat("x", 300)}, 256); v != VerdictOverBudget {
		t.Fatalf("over_budget first: %s", v)
	}
}

func TestTR_BOUND_0_DeepCyclicAndNativeValues(t *testing.T) {
	deep := any(nil)
	for i := 0; i < 100_000; i++ {
		deep = map[string]any{"k": deep}
	}
	cyclic := []any{nil}
	cyclic[0] = cyclic
	m := map[string]any{}
	m["self"] = m
	for name, v := range map[string]any{"deep": deep, "list cycle": cyclic, "map cycle": m, "func": func() {}, "chan": make(chan int), "bytes": []byte{1}} {
		b, err := Bound(Text("x", WithStructured(v)), BoundOptions{StructuredBudget: MaxBudget})
		if err != nil {
			t.Fatal(err)
		}
		if _, has := b.Structured(); has || len(b.Warnings()) != 1 {
			t.Errorf("%s: kept or warned %v", name, b.Warnings())
		}
	}
}

func TestTR_BOUND_7_KeysCollidingAfterCoercion(t *testing.T) {
	v := map[string]any{"\xed\xa0\x80": 1, "\xed\xa0\x81": 2} // both coerce to three U+FFFD
	if verdict, _ := Measure(v, 1000); verdict != VerdictUnencodable {
		t.Fatal(verdict)
	}
}

func TestTR_BOUND_10_OmissionMarker(t *testing.T) {
	b, _ := Bound(Text("x", WithArtifacts([]any{map[string]any{"type": "video", "label": "x", "data": map[string]any{}}})), BoundOptions{})
	got := canonicalJSON(b.Artifacts())
	if got != `[{"data":{"text":"did not match their artifact types"},"label":"Artifacts omitted","type":"text"}]` {
		t.Fatal(got)
	}
}

func TestTR_BOUND_12_ErrorDropsArtifacts(t *testing.T) {
	b, _ := Bound(map[string]any{"content": "boom", "isError": true, "artifacts": []any{1}}, BoundOptions{})
	if !b.IsError() || len(b.Artifacts()) != 0 || b.Warnings()[0] != "artifacts.dropped_on_error" {
		t.Fatal(b)
	}
}

func TestTR_BOUND_14_Idempotent(t *testing.T) {
	first, _ := Bound(Text(strings.Repeat("a\x80", 200), WithStructured(map[string]any{"\xff": []any{1.0, "x"}})), BoundOptions{ContentBudget: 256})
	second, _ := Bound(first, BoundOptions{ContentBudget: 256})
	p1, _ := Persist(first)
	p2, _ := Persist(second)
	if p1 != p2 {
		t.Fatalf("%s\n%s", p1, p2)
	}
}

func TestTR_MODEL_10_BudgetRange(t *testing.T) {
	for _, raw := range []any{map[string]any{"contentBudget": 255.0}, map[string]any{"artifactsBudget": 512.5},
		map[string]any{"colour": 1.0}, map[string]any{"structuredBudget": nil}, "x", map[string]any{"contentBudget": true}} {
		if _, err := ParseBoundOptions(raw); err == nil {
			t.Errorf("%v accepted", raw)
		}
	}
	o, err := ParseBoundOptions(map[string]any{"contentBudget": 512.0})
	if err != nil || o.ContentBudget != 512 {
		t.Fatal(o, err)
	}
	if _, err := Bound(Text("x"), BoundOptions{ContentBudget: 100}); err == nil || !strings.Contains(err.Error(), "contentBudget") {
		t.Fatal(err)
	}
}

func TestTR_MODEL_4_NullIsAValue(t *testing.T) {
	withNull, _ := Bound(Text("x", WithStructured(nil)), BoundOptions{})
	without, _ := Bound(Text("x"), BoundOptions{})
	if _, has := withNull.Structured(); !has {
		t.Fatal("null dropped")
	}
	if _, has := without.Structured(); has {
		t.Fatal("absent became present")
	}
}
