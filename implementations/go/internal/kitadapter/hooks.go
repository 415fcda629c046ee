package kitadapter

import (
	"context"
	"errors"
	"math"

	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
)

// buildHook makes the hook a description of spec §8.5 names (TR-HOOK-8).
func buildHook(raw any) (toolresult.Hook, error) {
	d, ok := raw.(map[string]any)
	if !ok {
		return nil, fail("adapter.bad_input", "a hook description must be an object")
	}
	name, _ := d["name"].(string)
	text := func() (string, error) {
		v, given := d["text"]
		if !given {
			return "", fail("adapter.bad_input", "the hook description needs a text")
		}
		t, err := Decode(v)
		s, isString := t.(string)
		if err != nil || !isString {
			return "", fail("adapter.bad_input", "the hook description's text must be a string")
		}
		return s, nil
	}
	switch name {
	case "unchanged":
		return func(context.Context, toolresult.Bounded, int) (any, error) { return nil, nil }, nil
	case "replace-text", "append-text", "set-error":
		t, err := text()
		if err != nil {
			return nil, err
		}
		switch name {
		case "replace-text":
			return func(_ context.Context, r toolresult.Bounded, _ int) (any, error) {
				return toolresult.WithContent(r, t), nil
			}, nil
		case "append-text":
			return func(_ context.Context, r toolresult.Bounded, _ int) (any, error) {
				return toolresult.WithContent(r, r.Content()+t), nil
			}, nil
		}
		return func(_ context.Context, r toolresult.Bounded, _ int) (any, error) {
			if s, has := r.Structured(); has {
				return toolresult.Error(t, toolresult.WithStructured(s)), nil
			}
			return toolresult.Error(t), nil
		}, nil
	case "truncate-text":
		n, ok := d["octets"].(float64)
		if !ok || n < 0 || n != math.Trunc(n) || n > 9007199254740991 {
			return nil, fail("adapter.bad_input", "the hook description's octets must be an integer from 0 to 2^53 - 1")
		}
		return func(_ context.Context, r toolresult.Bounded, _ int) (any, error) {
			return toolresult.WithContent(r, toolresult.PrefixOctets(r.Content(), int64(n))), nil
		}, nil
	case "drop-structured":
		return func(_ context.Context, r toolresult.Bounded, _ int) (any, error) {
			return toolresult.WithoutStructured(r), nil
		}, nil
	case "throw":
		return func(_ context.Context, r toolresult.Bounded, _ int) (any, error) {
			s, _ := r.Structured()
			return nil, errors.New("hook failed on " + r.Content() + " " + toolresult.CanonicalJSON(s) + " " + toolresult.CanonicalJSON(r.Artifacts()))
		}, nil
	case "return-non-result":
		return func(_ context.Context, r toolresult.Bounded, _ int) (any, error) { return r.Content(), nil }, nil
	}
	return nil, fail("adapter.bad_input", "unknown hook description")
}
