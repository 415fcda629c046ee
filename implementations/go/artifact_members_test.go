package toolresult

import "testing"

// TR-NORM-66 on what only live Go values hold: a []byte, a cycle, a shared value. The vectors
// (normalize-langchain/artifact-members.json) cover the JSON shapes.
func membersOf(t *testing.T, artifact map[string]any) any {
	t.Helper()
	b := normalized(t, SourceLangChain, map[string]any{"content": "x", "artifact": artifact}, NormalizeOptions{})
	for _, a := range b.Artifacts() {
		if m := a.(map[string]any); m["label"] == "Artifact members" {
			return m["data"].(map[string]any)["text"]
		}
	}
	return nil
}

func TestTR_NORM_66_ByteSliceIsAStubWithItsLength(t *testing.T) {
	got := membersOf(t, map[string]any{"structured_content": 1.0, "file": map[string]any{"name": "a.bin", "bytes": []byte("ABC")}})
	if want := `{"file":{"bytes":{"omitted":true,"size":3,"type":"binary"},"name":"a.bin"}}`; got != want {
		t.Fatalf("got %v, want %s", got, want)
	}
}

func TestTR_NORM_66_ACycleEndsInThePinnedText(t *testing.T) {
	loop := map[string]any{"name": "loop"}
	loop["self"] = loop
	if got := membersOf(t, map[string]any{"structured_content": 1.0, "loop": loop}); got != artifactMembersOmitted {
		t.Fatalf("got %v", got)
	}
}

func TestTR_NORM_66_ASharedValueIsNotWalkedPastTheCap(t *testing.T) {
	var v any = "leaf"
	for i := 0; i < 40; i++ {
		v = []any{v, v} // 2^40 paths through 41 slices
	}
	if got := membersOf(t, map[string]any{"structured_content": 1.0, "v": v}); got != artifactMembersOmitted {
		t.Fatalf("got %v", got)
	}
}
