package toolresult

import "testing"

// A cycle point is found whether the container it meets again is open near the root (found by a
// scan of the path) or deeper than scanDepth (found through the map), and a container shared side
// by side at any depth is no cycle point (TR-BOUND-6).
func TestTR_BOUND_6_cyclePointsAtEveryDepth(t *testing.T) {
	for _, at := range []int{0, 1, scanDepth - 1, scanDepth, scanDepth + 1, 200} {
		// A chain of maps 300 deep whose innermost member points back at the one at depth `at`.
		root := map[string]any{}
		node := root
		var target map[string]any
		for d := 0; d < 300; d++ {
			if d == at {
				target = node
			}
			next := map[string]any{}
			node["n"] = next
			node = next
		}
		node["back"] = target
		if v, _ := Measure(root, 1<<30); v != VerdictUnencodable {
			t.Fatalf("cycle back to depth %d: verdict %s, want unencodable", at, v)
		}
		// The same chain with the back edge replaced by a fresh container: too deep, no cycle.
		node["back"] = map[string]any{}
		if v, _ := Measure(root, 1<<30); v != VerdictTooDeep {
			t.Fatalf("no cycle, depth 300: verdict %s, want too_deep", v)
		}
	}
	shared := []any{1, 2}
	deep := any([]any{shared, shared})
	for d := 0; d < 100; d++ {
		deep = []any{deep, shared}
	}
	if v, _ := Measure(deep, 1<<30); v != VerdictTooDeep {
		t.Fatalf("shared list side by side: verdict %s, want too_deep (no cycle point)", v)
	}
	if v, n := Measure([]any{shared, shared}, 1<<30); v != VerdictOK || n != len(`[[1,2],[1,2]]`) {
		t.Fatalf("shared list: %s %d", v, n)
	}
}
