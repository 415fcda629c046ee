package toolresult

import (
	"errors"

	"github.com/toolresult-protocol/toolresult/implementations/go/generated"
)

// refusal is the error a builder returns for anything that is not a bounded result: it names the
// function and the type it accepts, and quotes nothing of the value (TR-SINK-6, TR-EGRESS-2).
func refusal(function string) error {
	return errors.New(function + " accepts only a Bounded made by Bound or Restore")
}

// WireMessage is the provider-facing message: exactly content and isError of the bounded result
// (TR-EGRESS-3, TR-SINK-1). It reads nothing else (TR-EGRESS-4).
func WireMessage(b Bounded) (generated.WireMessage, error) {
	if b.s == nil {
		return generated.WireMessage{}, refusal("WireMessage")
	}
	return generated.WireMessage{Content: b.s.content, IsError: b.s.isError}, nil
}

// SuspendState is what a suspended run keeps of a tool step: content and isError (TR-SINK-2).
func SuspendState(b Bounded) (generated.SuspendState, error) {
	if b.s == nil {
		return generated.SuspendState{}, refusal("SuspendState")
	}
	return generated.SuspendState{Content: b.s.content, IsError: b.s.isError}, nil
}

// LiveEvent is the live inspector event: the whole bounded result (TR-SINK-3), as JSON data.
func LiveEvent(b Bounded) (map[string]any, error) {
	if b.s == nil {
		return nil, refusal("LiveEvent")
	}
	return map[string]any{"kind": "tool_result", "result": b.s.toJSON()}, nil
}
