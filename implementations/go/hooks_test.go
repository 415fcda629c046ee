package toolresult

import (
	"context"
	"errors"
	"strings"
	"testing"
)

type lines []string

func (l *lines) Log(s string) { *l = append(*l, s) }

func TestTR_HOOK_3_WithContentKeepsChannels(t *testing.T) {
	b, _ := Bound(Text("a", WithStructured(1.0), WithArtifacts([]any{map[string]any{"type": "text", "label": "l", "data": map[string]any{"text": "t"}}})), BoundOptions{})
	hook := func(_ context.Context, r Bounded, _ int) (any, error) { return WithContent(r, "new"), nil }
	out, err := TransformToolResult(context.Background(), b, []Hook{hook}, BoundOptions{}, nil)
	if err != nil || out.Content() != "new" || len(out.Artifacts()) != 1 {
		t.Fatal(out, err)
	}
	if s, has := out.Structured(); !has || s != 1.0 {
		t.Fatal("structured lost")
	}
}

func TestTR_HOOK_6_7_FailingHooksChangeNothing(t *testing.T) {
	b, _ := Bound(Text("canary-content"), BoundOptions{})
	var log lines
	hooks := []Hook{
		func(context.Context, Bounded, int) (any, error) { return nil, errors.New("canary-content") },
		func(context.Context, Bounded, int) (any, error) { panic("canary-content") },
		func(_ context.Context, r Bounded, _ int) (any, error) { return r.Content(), nil },
		func(_ context.Context, r Bounded, _ int) (any, error) { return WithContent(r, r.Content()+"!"), nil },
	}
	out, err := TransformToolResult(context.Background(), b, hooks, BoundOptions{}, &log)
	if err != nil || out.Content() != "canary-content!" || strings.Join(out.Warnings(), ",") != "hook.failed" {
		t.Fatal(out, err)
	}
	if len(log) != 3 || strings.Contains(strings.Join(log, "\n"), "canary") {
		t.Fatal(log)
	}
}

func TestTR_HOOK_4_HookOutputIsBoundedAgain(t *testing.T) {
	b, _ := Bound(Text("x"), BoundOptions{ContentBudget: 256})
	hook := func(_ context.Context, r Bounded, _ int) (any, error) {
		return WithContent(r, strings.Repeat("y", 1000)), nil
	}
	out, _ := TransformToolResult(context.Background(), b, []Hook{hook}, BoundOptions{ContentBudget: 256}, nil)
	if len(out.Content()) > 256 || out.Warnings()[0] != "content.truncated" {
		t.Fatal(out)
	}
}
