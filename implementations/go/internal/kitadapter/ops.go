package kitadapter

import (
	"context"
	"encoding/json"
	"errors"
	"math"

	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
)

// Protocol is the adapter protocol this adapter speaks (TR-CONF-3).
const Protocol = "toolresult-adapter/1"

// Groups are the capability groups this adapter claims: each passes the whole kit.
var Groups = []string{"bound", "egress", "sinks", "ledger", "hooks", "exposure", "normalize-mcp", "normalize-langchain", "normalize-local"}

type opFunc func(in map[string]any, logs *lineLog) (any, error)

var ops map[string]opFunc

func init() {
	ops = map[string]opFunc{
		"hello":     opHello,
		"stop":      func(map[string]any, *lineLog) (any, error) { return map[string]any{}, nil },
		"coerce":    opCoerce,
		"measure":   opMeasure,
		"decode":    opDecode,
		"serialize": opSerialize,
		"bound":     opBound,
		"wire":      opWire,
		"audit":     opAudit,
		"live":      opLive,
		"suspend":   opSuspend,
		"persist":   opPersist,
		"restore":   opRestore,
		"hooks":     opHooks,
		"normalize": opNormalize,
	}
}

func opHello(in map[string]any, _ *lineLog) (any, error) {
	if in["protocol"] != Protocol {
		return nil, fail("adapter.bad_input", "this adapter speaks "+Protocol)
	}
	groups := make([]any, len(Groups))
	for i, g := range Groups {
		groups[i] = g
	}
	return map[string]any{
		"name": "toolresult-go", "version": toolresult.Version, "language": "go", "protocol": Protocol,
		"groups": groups, "stringModel": "bytes", "cycles": true, "opaqueValues": true,
		// The module carries the spec's version: the kit explains failures against it (TR-CONF-24).
		"specVersion": toolresult.Version,
	}, nil
}

func opCoerce(in map[string]any, _ *lineLog) (any, error) {
	v, err := Decode(in["value"])
	if err != nil {
		return nil, err
	}
	s, ok := v.(string)
	if !ok {
		return nil, fail("adapter.bad_input", "value must be a string")
	}
	return map[string]any{"text": toolresult.CoerceText(s)}, nil
}

func opMeasure(in map[string]any, _ *lineLog) (any, error) {
	b, ok := in["budget"].(float64)
	if !ok || b < 0 || b != math.Trunc(b) || b > 9007199254740991 {
		return nil, fail("adapter.bad_input", "budget must be a non-negative integer")
	}
	v, err := Decode(in["value"])
	if err != nil {
		return nil, err
	}
	verdict, octets := toolresult.Measure(v, int(b))
	out := map[string]any{"verdict": string(verdict)}
	if verdict == toolresult.VerdictOK {
		out["octets"] = octets
	}
	return out, nil
}

// channel is a run-only channel of a result input; missing or JavaScript's undefined is not given.
func channel(raw map[string]any, name string) (any, bool, error) {
	v, present := raw[name]
	if !present {
		return nil, false, nil
	}
	d, err := Decode(v)
	if err != nil || d == toolresult.Undefined {
		return nil, false, err
	}
	return d, true, nil
}

// buildResult makes a tool result from a result input with the implementation's constructors
// (spec §9.3). An error input with artifacts goes to Bound as a plain map, the way an untyped
// caller would hand it, so that the bounder drops them (TR-BOUND-12).
func buildResult(raw any) (any, error) {
	m, ok := raw.(map[string]any)
	if !ok {
		return nil, fail("adapter.bad_input", "result must be an object")
	}
	if _, tagged := m["$tr"]; tagged {
		// A tag that stands for no object (the undefined tag: a result not given) is no result input.
		if v, err := Decode(m); err != nil {
			return nil, err
		} else if _, object := v.(map[string]any); !object {
			return nil, fail("adapter.bad_input", "result must be an object")
		}
	}
	content, err := Decode(m["content"])
	if err != nil {
		return nil, err
	}
	structured, hasStructured, err := channel(m, "structured")
	if err != nil {
		return nil, err
	}
	artifacts, hasArtifacts, err := channel(m, "artifacts")
	if err != nil {
		return nil, err
	}
	var codes []string
	if list, ok := m["warnings"].([]any); ok {
		for _, w := range list {
			switch c := w.(type) {
			case string:
				codes = append(codes, c)
			case map[string]any:
				if s, ok := c["code"].(string); ok {
					codes = append(codes, s)
				}
			}
		}
	}
	text, isText := content.(string)
	isError := m["isError"] == true
	if !isText || (isError && hasArtifacts) || (m["isError"] != true && m["isError"] != false) {
		mapping := map[string]any{"content": content, "isError": m["isError"], "warnings": codes}
		if hasStructured {
			mapping["structured"] = structured
		}
		if hasArtifacts {
			mapping["artifacts"] = artifacts
		}
		return mapping, nil
	}
	var options []toolresult.ErrorOption
	if hasStructured {
		options = append(options, toolresult.WithStructured(structured))
	}
	if codes != nil {
		options = append(options, toolresult.WithWarnings(codes...))
	}
	if isError {
		return toolresult.Error(text, options...), nil
	}
	textOptions := make([]toolresult.Option, 0, len(options)+1)
	for _, o := range options {
		textOptions = append(textOptions, o)
	}
	if hasArtifacts {
		textOptions = append(textOptions, toolresult.WithArtifacts(artifacts))
	}
	return toolresult.Text(text, textOptions...), nil
}

func options(in map[string]any) (toolresult.BoundOptions, error) {
	o, err := toolresult.ParseBoundOptions(withUndefinedBudgets(in["options"]))
	if err != nil {
		return o, fail("options.invalid", err.Error())
	}
	return o, nil
}

// bounded is the op's result input bounded. The result input's shape is checked before the
// options (TR-CONF-21): a result input that is a list is a bad input beside any options.
func bounded(in map[string]any) (toolresult.Bounded, toolresult.BoundOptions, error) {
	r, err := buildResult(in["result"])
	if err != nil {
		return toolresult.Bounded{}, toolresult.BoundOptions{}, err
	}
	times, err := repeat(in)
	if err != nil {
		return toolresult.Bounded{}, toolresult.BoundOptions{}, err
	}
	o, err := options(in)
	if err != nil {
		return toolresult.Bounded{}, o, err
	}
	// The common-case profile bounds one built result `repeat` times: the work, not the request.
	for i := 1; i < times; i++ {
		if _, err := toolresult.Bound(r, o); err != nil {
			return toolresult.Bounded{}, o, fail("options.invalid", err.Error())
		}
	}
	b, err := toolresult.Bound(r, o)
	if err != nil {
		return b, o, fail("options.invalid", err.Error())
	}
	return b, o, nil
}

// repeat is the `repeat` of the common-case profile's ops (absent: 1).
func repeat(in map[string]any) (int, error) {
	raw, given := in["repeat"]
	if !given {
		return 1, nil
	}
	f, ok := raw.(float64)
	if !ok || f < 1 || f != math.Trunc(f) || f > 1<<30 {
		return 0, fail("adapter.bad_input", "repeat must be an integer of at least 1")
	}
	return int(f), nil
}

// opDecode is the cost profiles' floor: the value decoded as every op decodes it, and nothing else.
func opDecode(in map[string]any, _ *lineLog) (any, error) {
	if _, err := Decode(in["value"]); err != nil {
		return nil, err
	}
	return map[string]any{}, nil
}

// opSerialize is the common-case floor: Go's own serializer and the length of its text, nothing else.
func opSerialize(in map[string]any, _ *lineLog) (any, error) {
	if _, given := in["repeat"]; !given {
		return nil, fail("adapter.bad_input", "serialize needs repeat")
	}
	times, err := repeat(in)
	if err != nil {
		return nil, err
	}
	v, err := Decode(in["value"])
	if err != nil {
		return nil, err
	}
	octets := 0
	for i := 0; i < times; i++ {
		text, err := json.Marshal(v)
		if err != nil {
			return nil, fail("adapter.bad_input", "json.Marshal cannot serialize the value")
		}
		octets = len(text)
	}
	return map[string]any{"octets": octets}, nil
}

// exposed applies the input's exposure policy with the same budgets (spec §12.7).
func exposed(in map[string]any, b toolresult.Bounded, o toolresult.BoundOptions) (toolresult.Bounded, error) {
	raw, given := in["exposure"]
	if !given {
		return b, nil
	}
	policy, err := Decode(raw)
	if err != nil {
		return b, fail("options.invalid", "the exposure policy holds a tagged value that cannot be decoded")
	}
	out, err := toolresult.Expose(b, policy, o)
	if err != nil {
		return b, fail("options.invalid", err.Error())
	}
	return out, nil
}

// result is what the wire and the sinks are given: bounded, then exposed.
func result(in map[string]any) (toolresult.Bounded, error) {
	b, o, err := bounded(in)
	if err != nil {
		return b, err
	}
	return exposed(in, b, o)
}

func opBound(in map[string]any, _ *lineLog) (any, error) {
	b, err := result(in)
	if err != nil {
		return nil, err
	}
	return map[string]any{"result": b.ToJSON()}, nil
}

func opWire(in map[string]any, _ *lineLog) (any, error) {
	b, err := result(in)
	if err != nil {
		return nil, err
	}
	m, err := toolresult.WireMessage(b)
	if err != nil {
		return nil, err
	}
	return map[string]any{"message": m}, nil
}

func opAudit(in map[string]any, logs *lineLog) (any, error) {
	raw, given := in["levels"]
	levels := []string{}
	if given {
		list, ok := raw.([]any)
		if !ok {
			return nil, fail("adapter.bad_input", "levels must be a list")
		}
		for _, l := range list {
			s, _ := l.(string) // a level that is not a string counts as none (TR-PRIV-2)
			if _, isString := l.(string); !isString {
				s = "\x00not a level"
			}
			levels = append(levels, s)
		}
	}
	b, err := result(in)
	if err != nil {
		return nil, err
	}
	record, err := toolresult.AuditRecord(b, toolresult.StrictestLevel(levels...), toolresult.AuditOptions{Logger: logs})
	if err != nil {
		return nil, err
	}
	return map[string]any{"record": record}, nil
}

func opLive(in map[string]any, _ *lineLog) (any, error) {
	b, err := result(in)
	if err != nil {
		return nil, err
	}
	e, err := toolresult.LiveEvent(b)
	if err != nil {
		return nil, err
	}
	return map[string]any{"event": e}, nil
}

func opSuspend(in map[string]any, _ *lineLog) (any, error) {
	b, err := result(in)
	if err != nil {
		return nil, err
	}
	s, err := toolresult.SuspendState(b)
	if err != nil {
		return nil, err
	}
	return map[string]any{"state": s}, nil
}

func opPersist(in map[string]any, _ *lineLog) (any, error) {
	b, err := result(in)
	if err != nil {
		return nil, err
	}
	entry, err := toolresult.Persist(b)
	if err != nil {
		return nil, err
	}
	return map[string]any{"entry": entry}, nil
}

func opRestore(in map[string]any, _ *lineLog) (any, error) {
	entry, ok := in["entry"].(string)
	if !ok {
		return nil, fail("adapter.bad_input", "entry must be a string")
	}
	o, err := options(in)
	if err != nil {
		return nil, err
	}
	b, err := toolresult.Restore(entry, o)
	if err != nil {
		var le *toolresult.LedgerError
		if errors.As(err, &le) {
			return nil, fail(le.Code, le.Error())
		}
		return nil, fail("options.invalid", err.Error())
	}
	return map[string]any{"result": b.ToJSON()}, nil
}

func opHooks(in map[string]any, logs *lineLog) (any, error) {
	list, ok := in["hooks"].([]any)
	if !ok {
		return nil, fail("adapter.bad_input", "hooks must be a list")
	}
	hooks := make([]toolresult.Hook, len(list))
	for i, d := range list {
		h, err := buildHook(d)
		if err != nil {
			return nil, err
		}
		hooks[i] = h
	}
	b, o, err := bounded(in)
	if err != nil {
		return nil, err
	}
	after, err := toolresult.TransformToolResult(context.Background(), b, hooks, o, logs)
	if err != nil {
		return nil, fail("options.invalid", err.Error())
	}
	out, err := exposed(in, after, o)
	if err != nil {
		return nil, err
	}
	return map[string]any{"result": out.ToJSON()}, nil
}

func opNormalize(in map[string]any, _ *lineLog) (any, error) {
	source, _ := in["source"].(string)
	if source != "mcp" && source != "langchain" && source != "local" && source != "local-result" {
		return nil, fail("adapter.bad_input", "source must be mcp, langchain, local or local-result")
	}
	raw, given := in["value"]
	if !given {
		return nil, fail("adapter.bad_input", "value is required")
	}
	var value any
	var err error
	if source == "local-result" {
		// A local tool that returned a tool result (spec §9.3, TR-NORM-62): the value is a result
		// input, built with the implementation's constructors and handed to the local normalizer;
		// its shape is checked before the options (TR-CONF-21).
		source = "local"
		value, err = buildResult(raw)
	} else {
		value, err = Decode(raw)
	}
	if err != nil {
		return nil, err
	}
	rawOptions, err := Decode(in["options"])
	if err != nil {
		return nil, err
	}
	o, err := toolresult.ParseNormalizeOptions(rawOptions)
	if err != nil {
		return nil, fail("options.invalid", err.Error())
	}
	b, err := toolresult.Normalize(toolresult.Source(source), value, o)
	var pending *toolresult.PendingCallError
	if errors.As(err, &pending) {
		// TR-NORM-23, TR-NORM-24: an answer that is not finished is no result; the kit reads pending.
		return map[string]any{"pending": pending.ToJSON()}, nil
	}
	if err != nil {
		return nil, fail("options.invalid", err.Error())
	}
	return map[string]any{"result": b.ToJSON()}, nil
}

// withUndefinedBudgets reads a budget given as the tag {"$tr":"opaque","kind":"undefined"} as a
// budget given as JavaScript's undefined (spec §2.4, §9.3): the implementation gets its
// missing-value marker there, which takes the default. Only the three budgets are read this way.
func withUndefinedBudgets(raw any) any {
	m, ok := raw.(map[string]any)
	if !ok {
		return raw
	}
	var out map[string]any
	for _, name := range []string{"contentBudget", "artifactsBudget", "structuredBudget"} {
		tag, isTag := m[name].(map[string]any)
		if !isTag || tag["$tr"] != "opaque" || tag["kind"] != "undefined" {
			continue
		}
		if out == nil {
			out = make(map[string]any, len(m))
			for k, v := range m {
				out[k] = v
			}
		}
		out[name] = toolresult.Undefined
	}
	if out == nil {
		return m
	}
	return out
}
