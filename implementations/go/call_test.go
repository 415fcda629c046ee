package toolresult

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync/atomic"
	"testing"
)

// The fingerprints of spec §7.3, computed outside Go: sha256 of the canonical JSON text written by
// hand and by the reference's canonicalize (node:crypto), so a change to Go's JCS or key order fails.
func TestCallFingerprintKnownValues(t *testing.T) {
	cases := []struct {
		tool string
		args any
		want string
	}{
		// {"arguments":{"user":"alice"},"tool":"balance"}
		{"balance", map[string]any{"user": "alice"}, "b14e2a49be061b8e8ccd8bccc5f247dfc88a4ba8d85183c0140a2094f3215b16"},
		// {"arguments":{"a":null,"b":[1,0.5,1e-7],"limit":10,"q":"Müller \u2028"},"tool":"search"}
		{"search", map[string]any{"q": "Müller \u2028", "limit": 10, "b": []any{1.0, 0.5, 1e-7}, "a": nil}, "13b9d02aed28eacfe8e6a3119a21d969d7be89e9a03b23aec46cd0449dd9d026"},
		// {"arguments":{},"tool":"ping"}: nil arguments are {}
		{"ping", nil, "44ad5f972500e58ae69623c9f3c39ddfc7ef0f4e692ae1b4ff000ee980895699"},
		{"ping", map[string]any{}, "44ad5f972500e58ae69623c9f3c39ddfc7ef0f4e692ae1b4ff000ee980895699"},
		// {"arguments":{"😀":2,"～":1},"tool":"k"}: names in UTF-16 order, not code point order
		{"k", map[string]any{"\uff5e": 1, "\U0001F600": 2}, "215695344a650cea34fc1df221a0117792c74f2d426e00671604337bd94c046d"},
	}
	for _, c := range cases {
		got, err := CallFingerprint(c.tool, c.args)
		if err != nil || got != c.want {
			t.Errorf("%s: got %s (%v), want %s", c.tool, got, err, c.want)
		}
	}
}

// Arguments that are not a JSON object of JSON data, and a tool name that is empty or not UTF-8,
// are refused with a *CallError that does not quote the value.
func TestCallFingerprintRefusals(t *testing.T) {
	deep := any(map[string]any{})
	for i := 0; i < 600; i++ {
		deep = map[string]any{"d": deep}
	}
	cases := map[string]struct {
		tool string
		args any
	}{
		"a list":            {"t", []any{"SECRET"}},
		"a string":          {"t", "SECRET"},
		"a nil map":         {"t", map[string]any(nil)},
		"a Go struct":       {"t", map[string]any{"x": struct{ S string }{"SECRET"}}},
		"NaN":               {"t", map[string]any{"SECRET": math.NaN()}},
		"a string not UTF8": {"t", map[string]any{"x": "SECRET\xff"}},
		"a name not UTF8":   {"t", map[string]any{"SECRET\xff": 1}},
		"an empty tool":     {"", map[string]any{}},
		"a tool not UTF8":   {"SECRET\xff", map[string]any{}},
		"too deep":          {"t", deep},
	}
	for name, c := range cases {
		_, err := CallFingerprint(c.tool, c.args)
		var ce *CallError
		if !errors.As(err, &ce) || strings.Contains(err.Error(), "SECRET") {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestCheckAt(t *testing.T) {
	fp, _ := CallFingerprint("balance", map[string]any{"user": "alice"})
	good := [][]At{nil, {{}}, {{Scope: "thread-1", Fingerprint: fp}}, {{Scope: strings.Repeat("é", 512)}}}
	for _, at := range good {
		if _, err := CheckAt(at); err != nil {
			t.Errorf("%v: %v", at, err)
		}
	}
	bad := [][]At{{{}, {}}, {{Scope: "a\x00"}}, {{Scope: "\xed\xa0\x80"}}, {{Scope: strings.Repeat("x", 1025)}}, {{Fingerprint: strings.ToUpper(fp)}}, {{Fingerprint: "abc"}}}
	for _, at := range bad {
		if _, err := CheckAt(at); err == nil {
			t.Errorf("%q accepted", at)
		}
	}
}

func counted(runs *int32, text string) Tool {
	return func(context.Context) (ToolResult, error) {
		atomic.AddInt32(runs, 1)
		return Text(text), nil
	}
}

// Spec §7.3: one call ID in two scopes is two calls, and one call ID with other arguments in one
// scope is two calls: each runs its tool once and each replays its own entry, never the other's.
func TestLedgerKeyIsTheCall(t *testing.T) {
	ctx := context.Background()
	var ledger MemoryLedger
	calls := []struct {
		call Call
		text string
	}{
		{Call{ID: "call_0", Scope: "alice", Tool: "balance", Arguments: map[string]any{"user": "alice"}}, "alice: 10"},
		{Call{ID: "call_0", Scope: "bob", Tool: "balance", Arguments: map[string]any{"user": "alice"}}, "bob's view: 20"},
		{Call{ID: "call_0", Scope: "alice", Tool: "balance", Arguments: map[string]any{"user": "bob"}}, "bob: 30"},
		{Call{ID: "call_0", Scope: "alice", Tool: "history", Arguments: map[string]any{"user": "alice"}}, "history"},
		{Call{ID: "call_0"}, "no scope, no tool"},
	}
	runs := make([]int32, len(calls))
	for round := 0; round < 2; round++ {
		for i, c := range calls {
			out, err := ExecuteCall(ctx, &ledger, c.call, counted(&runs[i], c.text), SeamOptions{})
			if err != nil || out.Content() != c.text {
				t.Fatalf("round %d, call %d: %q, %v", round, i, out.Content(), err)
			}
		}
	}
	for i, n := range runs {
		if n != 1 {
			t.Errorf("call %d ran %d times", i, n)
		}
	}
	// The old API is the default scope with no tool: it finds that call's entry and no other.
	var none int32
	if out, _ := ExecuteToolCall(ctx, &ledger, "call_0", counted(&none, "again"), SeamOptions{}); none != 0 || out.Content() != "no scope, no tool" {
		t.Fatalf("the old API got %q, ran %d", out.Content(), none)
	}
	// The same tool with the same arguments in another member order is the same call.
	var same int32
	if _, err := ExecuteCall(ctx, &ledger, Call{ID: "k", Tool: "t", Arguments: map[string]any{"a": 1, "b": 2}}, counted(&same, "k"), SeamOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := ExecuteCall(ctx, &ledger, Call{ID: "k", Tool: "t", Arguments: map[string]any{"b": 2.0, "a": 1.0}}, counted(&same, "k"), SeamOptions{}); err != nil || same != 1 {
		t.Fatalf("the same call ran %d times (%v)", same, err)
	}
}

// A call the seam refuses (bad scope, arguments without a tool, arguments not an object) fails
// before anything is claimed or run.
func TestExecuteCallRefusals(t *testing.T) {
	ctx := context.Background()
	var ledger MemoryLedger
	var runs int32
	for _, c := range []Call{
		{ID: "r", Scope: "s\x00"},
		{ID: "r", Arguments: map[string]any{"a": 1}},
		{ID: "r", Tool: "t", Arguments: []any{1}},
	} {
		var ce *CallError
		if _, err := ExecuteCall(ctx, &ledger, c, counted(&runs, "x"), SeamOptions{}); !errors.As(err, &ce) {
			t.Errorf("%+v: %v", c, err)
		}
	}
	if state, _, _ := ledger.Claim(ctx, "r"); runs != 0 || state != Claimed {
		t.Fatalf("ran %d, the call ID was claimed: %v", runs, state)
	}
}
