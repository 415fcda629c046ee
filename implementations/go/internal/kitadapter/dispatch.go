package kitadapter

import (
	"bytes"
	"encoding/json"

	"github.com/toolresult-protocol/toolresult/implementations/go/internal/jsontext"
)

// opError is an answer with ok: false; its message never carries a value from the input.
type opError struct {
	code, message string
}

func (e *opError) Error() string { return e.message }

func fail(code, message string) error { return &opError{code, message} }

// HandleLine answers one request line (TR-CONF-2) and says whether it was a stop request.
func HandleLine(line string) (response []byte, stop bool) {
	parsed, err := jsontext.Parse(line, 0)
	request, isObject := parsed.Value.(map[string]any)
	if err != nil || !isObject {
		return encode(map[string]any{"id": nil, "ok": false, "logs": []string{},
			"error": map[string]any{"code": "adapter.bad_request", "message": "not a JSON request line"}}), false
	}
	var id any
	if f, ok := request["id"].(float64); ok && f == float64(int64(f)) {
		id = int64(f)
	}
	logs := &lineLog{}
	output, err := handle(request, id, parsed.LoneSurrogate, logs)
	if err != nil {
		code, message := "adapter.exception", "the request failed unexpectedly"
		switch e := err.(type) {
		case *opError:
			code, message = e.code, e.message
		case *tagError:
			code, message = "adapter.bad_input", e.msg
		}
		return encode(map[string]any{"id": id, "ok": false, "logs": logs.lines(),
			"error": map[string]any{"code": code, "message": message}}), false
	}
	op, _ := request["op"].(string)
	return encode(map[string]any{"id": id, "ok": true, "output": output, "logs": logs.lines()}), op == "stop"
}

func handle(request map[string]any, id any, loneSurrogate bool, logs *lineLog) (output any, err error) {
	op, isString := request["op"].(string)
	in, isObject := request["input"].(map[string]any)
	if id == nil || !isString || !isObject {
		return nil, fail("adapter.bad_request", "a request needs an integer id, an op and an input object")
	}
	fn, known := ops[op]
	if !known {
		return nil, fail("adapter.unknown_op", "this adapter does not implement the op")
	}
	if loneSurrogate {
		// TR-CONF-20: outside the bytes string model this adapter declared.
		return nil, fail("adapter.bad_input", "the request holds an unpaired surrogate escape, outside the bytes string model")
	}
	defer func() {
		// TR-CONF-7: answer and keep running; name the op, quote nothing of the input or the panic.
		if recover() != nil {
			logs.Log("op " + op + " failed unexpectedly")
			output, err = nil, fail("adapter.exception", op+" failed unexpectedly")
		}
	}()
	return fn(in, logs)
}

func encode(v any) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		buf.Reset()
		_ = enc.Encode(map[string]any{"id": nil, "ok": false, "logs": []string{},
			"error": map[string]any{"code": "adapter.exception", "message": "the response could not be encoded"}})
	}
	return buf.Bytes()
}

// lineLog collects the lines the implementation logs while it handles one request (TR-LOG-5).
type lineLog struct{ collected []string }

func (l *lineLog) Log(line string) { l.collected = append(l.collected, line) }

func (l *lineLog) lines() []string {
	if l.collected == nil {
		return []string{}
	}
	return l.collected
}
