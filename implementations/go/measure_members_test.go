package toolresult

import (
	"strconv"
	"strings"
	"testing"
)

// A map's members are listed (into the walker's buffers) only after they are charged, 4 octets each
// (TR-BOUND-18): a wide map over the budget lists none of them.
func TestTR_BOUND_18_WideMapIsChargedBeforeItsMembersAreListed(t *testing.T) {
	wide := make(map[string]any, 100_000)
	for i := range 100_000 {
		wide[strings.Repeat("k", 1+i%7)+string(rune('a'+i%26))+strings.Repeat("x", i%5)+strconv.Itoa(i)] = i
	}
	w := walker{budget: 256}
	w.run(map[string]any{"outer": wide})
	if !w.over() {
		t.Fatalf("a map of 100,000 members is within 256 octets")
	}
	if cap(w.keyBuf) > 16 {
		t.Fatalf("the members of a map over the budget were listed: %d", cap(w.keyBuf))
	}
}

// Nested maps share the members' buffers as a stack: each map's members are its own, whatever its
// children appended after them, and the totals are those of the serialized text.
func TestMembersOfNestedMapsAreTheirOwn(t *testing.T) {
	v := map[string]any{"a": map[string]any{"b": map[string]any{"c": []any{1.0, map[string]any{"d": "e"}}}, "f": "g"}, "h": map[string]any{}, "i": nil}
	want := len(`{"a":{"b":{"c":[1,{"d":"e"}]},"f":"g"},"h":{},"i":null}`)
	if verdict, n := Measure(v, 1<<20); verdict != VerdictOK || n != want {
		t.Fatalf("Measure = %s %d, want ok %d", verdict, n, want)
	}
}
