package toolresult

import (
	"context"
	"strings"
	"testing"
)

// A tool whose MCP answer is a pending call: what Normalize returns for it, as the tool's error.
func pendingTool(answer map[string]any, runs *int) Tool {
	return func(context.Context) (ToolResult, error) {
		*runs++
		_, err := Normalize(SourceMCP, answer, NormalizeOptions{})
		return ToolResult{}, err
	}
}

func TestTR_REPLAY_50_ATaskThisSeamDoesNotFollowIsStoredUnfollowed(t *testing.T) {
	var ledger MemoryLedger
	runs := 0
	tool := pendingTool(map[string]any{"resultType": "task", "taskId": "task-1", "status": "working", "ttlMs": nil}, &runs)
	for i := 0; i < 2; i++ {
		got, err := ExecuteToolCall(context.Background(), &ledger, "call-1", tool, SeamOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !got.IsError() || got.Content() != TaskUnfollowedText || strings.Join(got.Warnings(), ",") != "mcp.task_unfollowed" {
			t.Fatalf("call %d: got %q %v", i, got.Content(), got.Warnings())
		}
	}
	if runs != 1 {
		t.Fatalf("the tool ran %d times; a task started once is never started again", runs)
	}
}

func TestTR_REPLAY_51_AnInputRequiredAnswerStoresNothingAndLeavesTheCallOpen(t *testing.T) {
	var ledger MemoryLedger
	runs := 0
	tool := pendingTool(map[string]any{"resultType": "input_required", "inputRequests": map[string]any{}, "requestState": "s"}, &runs)
	for i := 0; i < 2; i++ {
		got, err := ExecuteToolCall(context.Background(), &ledger, "call-1", tool, SeamOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Content() != InputRequiredText || strings.Join(got.Warnings(), ",") != "mcp.input_required" {
			t.Fatalf("call %d: got %q %v", i, got.Content(), got.Warnings())
		}
	}
	if runs != 2 {
		t.Fatalf("the tool ran %d times; nothing was stored, so the second call asks again", runs)
	}
}

func TestTR_REPLAY_52_ThePinnedTexts(t *testing.T) {
	want := map[string]string{
		InputRequiredText:  "The tool asked for input that this agent cannot give, so the call did not finish; it can be called again.",
		TaskUnfollowedText: "The tool started a task that this agent does not follow; whether its action took effect is unknown.",
		TaskLostText:       "The tool's task is no longer known to its server; whether its action took effect is unknown.",
		TaskCancelledText:  "The tool's task was cancelled before it finished; whether its action took effect is unknown.",
	}
	for got, text := range want {
		if got != text {
			t.Errorf("pinned text %q, want %q", got, text)
		}
	}
}
