package toolresult

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestTR_REPLAY_8_RunsOnceReplaysTheHookedResult(t *testing.T) {
	var ledger MemoryLedger
	var runs int32
	tool := func(context.Context) (ToolResult, error) {
		atomic.AddInt32(&runs, 1)
		return Text("paid", WithStructured(map[string]any{"id": 7.0})), nil
	}
	hook := func(_ context.Context, r Bounded, _ int) (any, error) {
		return WithContent(r, r.Content()+" (hooked)"), nil
	}
	options := SeamOptions{Hooks: []Hook{hook}, Exposure: map[string]any{"policy": "json"}}
	first, err := ExecuteToolCall(context.Background(), &ledger, "call-1", tool, options)
	if err != nil {
		t.Fatal(err)
	}
	second, err := ExecuteToolCall(context.Background(), &ledger, "call-1", tool, options)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := Persist(first)
	b, _ := Persist(second)
	if runs != 1 || a != b || first.Content() != "paid (hooked)\n\n{\"id\":7}" {
		t.Fatalf("runs %d\n%s\n%s", runs, a, b)
	}
}

func TestTR_REPLAY_9_ConcurrentCallsWait(t *testing.T) {
	var ledger MemoryLedger
	var runs int32
	release := make(chan struct{})
	tool := func(context.Context) (ToolResult, error) {
		atomic.AddInt32(&runs, 1)
		<-release
		return Text("once"), nil
	}
	var wg sync.WaitGroup
	results := make([]string, 8)
	for i := range results {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r, err := ExecuteToolCall(context.Background(), &ledger, "same", tool, SeamOptions{})
			if err == nil {
				results[i] = r.Content()
			}
		}(i)
	}
	// Gives the duplicates time to arrive while the first call runs. One-sided: a duplicate that a busy
	// machine starts only after the release finds the stored entry instead, and must still get "once"
	// without running the tool, so no verdict depends on the pause.
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	for _, r := range results {
		if r != "once" {
			t.Fatal(results)
		}
	}
	if runs != 1 {
		t.Fatalf("the tool ran %d times", runs)
	}
}

func TestTR_REPLAY_11_FailingToolIsPinned(t *testing.T) {
	var ledger MemoryLedger
	for i, tool := range []Tool{
		func(context.Context) (ToolResult, error) { return ToolResult{}, errors.New("canary") },
		func(context.Context) (ToolResult, error) { panic("canary") },
	} {
		r, err := ExecuteToolCall(context.Background(), &ledger, "fail-"+itoa(i), tool, SeamOptions{})
		if err != nil || !r.IsError() || r.Content() != ToolFailed || len(r.Warnings()) != 0 {
			t.Fatal(r, err)
		}
	}
}

func TestTR_REPLAY_12_InvalidOptionsClaimNothing(t *testing.T) {
	var ledger MemoryLedger
	tool := func(context.Context) (ToolResult, error) { return Text("x"), nil }
	if _, err := ExecuteToolCall(context.Background(), &ledger, "c", tool, SeamOptions{Budgets: BoundOptions{ContentBudget: 1}}); err == nil {
		t.Fatal("invalid budgets accepted")
	}
	if state, _, _ := ledger.Claim(context.Background(), "c"); state != Claimed {
		t.Fatal("the call ID was left claimed")
	}
}
