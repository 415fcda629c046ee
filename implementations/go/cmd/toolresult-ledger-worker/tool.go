package main

import (
	"errors"

	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
)

// toolKind: a call ID whose code-unit sum is 0 mod 11 throws, 0 mod 7 returns an error result,
// anything else a success with every channel (ledger-kit/suite-tool.ts).
func toolKind(callID string) string {
	sum := 0
	for _, r := range callID {
		if r > 0xFFFF {
			r -= 0x10000
			sum += 0xD800 + int(r>>10) + 0xDC00 + int(r&0x3FF)
		} else {
			sum += int(r)
		}
	}
	switch {
	case sum%11 == 0:
		return "throws"
	case sum%7 == 0:
		return "error"
	}
	return "success"
}

// suiteToolResult is the suite tool's result: a function of the call alone (its ID, and with a tool
// named its scope, tool and arguments), so entries of every process, run and language compare byte
// for byte, and an entry replayed for another call shows it (ledger-kit/suite-tool.ts).
func suiteToolResult(callID string, req request) (toolresult.ToolResult, error) {
	kind := toolKind(callID)
	if kind == "throws" {
		return toolresult.ToolResult{}, errors.New("tool failed for " + callID)
	}
	named := func(structured map[string]any) map[string]any {
		if req.Tool != nil {
			scope := ""
			if req.Scope != nil {
				scope = *req.Scope
			}
			args := req.Arguments
			if args == nil {
				args = map[string]any{}
			}
			structured["call"] = map[string]any{"scope": scope, "tool": *req.Tool, "arguments": args}
		}
		return structured
	}
	if kind == "error" {
		return toolresult.Error("no record for "+callID, toolresult.WithStructured(named(map[string]any{"callId": callID, "code": 404}))), nil
	}
	by := ""
	if req.Tool != nil {
		by = " by " + *req.Tool
	}
	return toolresult.Text("result of "+callID+by+": Müller \u2028 done",
		toolresult.WithStructured(named(map[string]any{"callId": callID, "n": []any{1, 0.5, 1e-7, 0}, "nested": map[string]any{"z": true, "a": nil}})),
		toolresult.WithArtifacts([]any{map[string]any{"type": "text", "label": "Note", "data": map[string]any{"text": "note for " + callID}}}),
	), nil
}
