package toolresult

import (
	"strings"
	"testing"
)

func TestTR_EXPOSE_5_6_AllowlistPointers(t *testing.T) {
	structured := map[string]any{"invoices": []any{map[string]any{"id": "A"}, map[string]any{"id": "B", "secret": "canary"}}, "a/b": map[string]any{"m~n": nil}}
	b, _ := Bound(Text("Found 2", WithStructured(structured)), BoundOptions{})
	out, err := Expose(b, map[string]any{"policy": "allowlist", "pointers": []any{"/invoices/1/id", "/a~1b/m~0n", "/invoices/01", "/invoices/-"}}, BoundOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := "Found 2\n\n" + `{"/a~1b/m~0n":null,"/invoices/1/id":"B"}`
	if out.Content() != want || strings.Join(out.Warnings(), ",") != "exposure.allowlist,exposure.unmatched" {
		t.Fatalf("%q %v", out.Content(), out.Warnings())
	}
	twice, _ := Expose(out, map[string]any{"policy": "allowlist", "pointers": []any{"/invoices/1/id", "/a~1b/m~0n"}}, BoundOptions{})
	if twice.Content() != want {
		t.Fatal("TR-EXPOSE-7: exposed twice")
	}
}

func TestTR_EXPOSE_2_RefusedPolicies(t *testing.T) {
	b, _ := Bound(Text("x"), BoundOptions{})
	for _, p := range []any{"json", map[string]any{}, map[string]any{"policy": "json", "x": 1.0},
		map[string]any{"policy": "allowlist", "pointers": []any{"a"}}, map[string]any{"policy": "allowlist", "pointers": []any{"/a", "/a"}},
		map[string]any{"policy": "allowlist", "pointers": []any{"/a~2"}}, map[string]any{"policy": "allowlist", "pointers": []any{"/\xed\xa0\x80"}}} {
		if _, err := Expose(b, p, BoundOptions{}); err == nil {
			t.Errorf("%v accepted", p)
		}
	}
}

func TestTR_EXPOSE_8_DroppedWholeOverBudget(t *testing.T) {
	b, _ := Bound(Text(strings.Repeat("x", 240), WithStructured(map[string]any{"k": "vvvvvvvvvvvvvvvvvvvv"})), BoundOptions{ContentBudget: 256})
	out, _ := Expose(b, map[string]any{"policy": "json"}, BoundOptions{ContentBudget: 256})
	if out.Content() != b.Content() || strings.Join(out.Warnings(), ",") != "exposure.json,exposure.over_budget" {
		t.Fatal(out)
	}
}
