package toolresult

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestTR_EGRESS_1_ImplicitConversionsShowTheShapeOnly(t *testing.T) {
	raw := Text("hello", WithStructured(map[string]any{"iban": "canary-structured"}),
		WithArtifacts([]any{map[string]any{"type": "text", "label": "canary-label", "data": map[string]any{"text": "canary-text"}}}))
	bounded, _ := Bound(raw, BoundOptions{})
	for _, v := range []any{raw, &raw, bounded, &bounded} {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
			if s := fmt.Sprintf(verb, v); strings.Contains(s, "canary") {
				t.Errorf("%s of %T: %s", verb, v, s)
			}
		}
		if j, _ := json.Marshal(v); strings.Contains(string(j), "canary") {
			t.Errorf("json of %T: %s", v, j)
		}
	}
}

func TestTR_EGRESS_3_WireMessage(t *testing.T) {
	b, _ := Bound(Text("ok", WithStructured("canary")), BoundOptions{})
	m, err := WireMessage(b)
	if err != nil {
		t.Fatal(err)
	}
	j, _ := json.Marshal(m)
	if string(j) != `{"content":"ok","isError":false}` {
		t.Fatal(string(j))
	}
}

func TestTR_SINK_6_OnlyABoundedResult(t *testing.T) {
	var forged Bounded
	_, e1 := WireMessage(forged)
	_, e2 := SuspendState(forged)
	_, e3 := LiveEvent(forged)
	_, e4 := AuditRecord(forged, LevelFull, AuditOptions{})
	_, e5 := Persist(forged)
	for i, err := range []error{e1, e2, e3, e4, e5} {
		if err == nil || !strings.Contains(err.Error(), "accepts only a Bounded") {
			t.Errorf("builder %d: %v", i, err)
		}
	}
}

func TestTR_EGRESS_6_AccessorsHandOutCopies(t *testing.T) {
	input := map[string]any{"a": []any{1.0}}
	b, _ := Bound(Text("x", WithStructured(input)), BoundOptions{})
	input["a"] = "changed"
	got, _ := b.Structured()
	got.(map[string]any)["a"] = "changed too"
	again, _ := b.Structured()
	if canonicalJSON(again) != `{"a":[1]}` {
		t.Fatal(canonicalJSON(again))
	}
}
