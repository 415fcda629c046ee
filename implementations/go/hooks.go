package toolresult

import (
	"context"
	"strconv"
)

// Hook transforms a bounded result (spec chapter 8). It returns a ToolResult or Bounded to replace
// the result, nil to leave it unchanged (TR-HOOK-2), or an error. An error, a panic or a value that
// is not a result changes nothing but the warning hook.failed (TR-HOOK-6).
type Hook func(ctx context.Context, result Bounded, position int) (any, error)

// WithContent is the same result with new text: isError, structured, the artifacts and the
// warnings are kept (TR-HOOK-3).
func WithContent(b Bounded, text string) ToolResult {
	r := toolResultOf(b)
	r.content = text
	return r
}

// WithoutStructured is the same result without its structured value.
func WithoutStructured(b Bounded) ToolResult {
	r := toolResultOf(b)
	r.structured, r.hasStructured = nil, false
	return r
}

func toolResultOf(b Bounded) ToolResult {
	if b.s == nil {
		return ToolResult{}
	}
	return ToolResult{
		content: b.s.content, isError: b.s.isError,
		structured: b.s.structured, hasStructured: b.s.hasStructured,
		artifacts: b.s.artifacts, hasArtifacts: true,
		warnings: append([]string{}, b.s.warnings...),
	}
}

// TransformToolResult runs hooks in order on a bounded result; what each returns is bounded again
// with the same budgets, earlier warnings kept (TR-HOOK-4, TR-HOOK-5). Its only error is an
// *OptionsError; a failing hook is logged by position only (TR-HOOK-7).
func TransformToolResult(ctx context.Context, b Bounded, hooks []Hook, options BoundOptions, logger Logger) (Bounded, error) {
	budgets, err := options.resolved()
	if err != nil {
		return Bounded{}, err
	}
	if b.s == nil {
		return Bounded{}, refusal("TransformToolResult")
	}
	current := b.s
	for i, hook := range hooks {
		next, ok := runHook(ctx, hook, Bounded{current}, i)
		if !ok {
			logLine(logger, "hook failed; position "+strconv.Itoa(i)+"; warning hook.failed")
			in := readInput(Bounded{current})
			in.warnings = mergeWarnings(in.warnings, []string{"hook.failed"})
			current = boundWith(in, budgets)
			continue
		}
		if next == nil {
			continue
		}
		in := readInput(next)
		in.warnings = mergeWarnings(current.warnings, in.warnings)
		current = boundWith(in, budgets)
	}
	return Bounded{current}, nil
}

// runHook calls one hook; ok is false when it failed in any way.
func runHook(ctx context.Context, hook Hook, b Bounded, position int) (next any, ok bool) {
	defer func() {
		if recover() != nil {
			next, ok = nil, false
		}
	}()
	out, err := hook(ctx, b, position)
	if err != nil {
		return nil, false
	}
	switch r := out.(type) {
	case nil:
		return nil, true
	case ToolResult, Bounded:
		return r, true
	case *ToolResult:
		if r != nil {
			return *r, true
		}
	case *Bounded:
		if r != nil && r.s != nil {
			return *r, true
		}
	}
	return nil, false
}
