// Command toolresult-ledger-worker is the Go worker of the kit's ledger suite
// (ledger-kit/protocol.ts): it runs the Go seam over the Go SQLite or PostgreSQL
// ledger and speaks the suite's JSON lines on stdin and stdout.
//
//	toolresult-ledger-worker '{"backend":"sqlite","path":"…","leaseMs":1000,"busyTimeoutMs":300}' <execution log>
//	toolresult-ledger-worker '{"backend":"postgres","connection":{…},"leaseMs":1000,"lockTimeoutMs":300}' <execution log>
package main

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"time"

	toolresult "github.com/toolresult-protocol/toolresult/implementations/go"
)

type store interface {
	toolresult.TaskLedger
	Entry(ctx context.Context, callID string, at ...toolresult.At) (string, bool, error)
	Close() error
}

type request struct {
	ID      int      `json:"id"`
	Op      string   `json:"op"`
	CallID  string   `json:"callId"`
	CallIDs []string `json:"callIds"`
	DelayMs int      `json:"delayMs"`
	Hang    bool     `json:"hang"`
	// The call's key as the request names it (ledger-kit/protocol.ts): each nil when absent.
	Scope     *string `json:"scope"`
	Tool      *string `json:"tool"`
	Arguments any     `json:"arguments"`
	// claim / recordTask / finish (a task recorded with a claim, spec §7.7).
	TaskID string `json:"taskId"`
	Entry  string `json:"entry"`
}

// named is whether the request names its call beyond the ID: then the execution log's line says
// the scope and fingerprint too.
func (r request) named() bool { return r.Scope != nil || r.Tool != nil }

// call is the seam's call for callID with the request's scope, tool and arguments.
func (r request) call(callID string) (toolresult.Call, error) {
	c := toolresult.Call{ID: callID, Arguments: r.Arguments}
	if r.Scope != nil {
		c.Scope = *r.Scope
	}
	if r.Tool != nil {
		if *r.Tool == "" {
			// Go's Call reads "" as no tool; the request named one, and an empty name is refused.
			return c, errors.New("a tool name must be a non-empty string")
		}
		c.Tool = *r.Tool
	}
	return c, nil
}

var out = struct {
	sync.Mutex
	w *bufio.Writer
}{w: bufio.NewWriter(os.Stdout)}

func send(v any) {
	line, _ := json.Marshal(v)
	out.Lock()
	defer out.Unlock()
	out.w.Write(line)
	out.w.WriteByte('\n')
	out.w.Flush()
}

func fail(code, message string) {
	send(map[string]any{"event": "fatal", "code": code, "message": message})
	os.Exit(1)
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: toolresult-ledger-worker '<store settings as JSON>' <execution log>")
		os.Exit(2)
	}
	var config map[string]any
	if err := json.Unmarshal([]byte(os.Args[1]), &config); err != nil {
		fail("worker.bad_config", "the store settings are not a JSON object: "+err.Error())
	}
	log, err := os.OpenFile(os.Args[2], os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		fail("worker.bad_log", "cannot open the execution log: "+err.Error())
	}
	ledger, err := open(config)
	if err != nil {
		var se *toolresult.LedgerStoreError
		if errors.As(err, &se) {
			fail(se.Code, se.Error())
		}
		fail("error", err.Error())
	}
	send(map[string]any{"event": "ready", "pid": os.Getpid()})

	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 64<<20)
	for in.Scan() {
		var req request
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			fmt.Fprintln(os.Stderr, "toolresult-ledger-worker: a request line is not JSON:", err)
			continue
		}
		if req.Op == "execute" && hasLoneSurrogate(in.Bytes()) {
			// encoding/json decodes an escaped lone surrogate as U+FFFD; the store is given the code
			// point's generalized UTF-8 bytes instead (ED A0 80 for U+D800), which a Go string can hold
			// and a store must refuse (TR-REPLAY-21), as the PHP worker does.
			req.CallID = strings.ReplaceAll(req.CallID, "\uFFFD", "\xed\xa0\x80")
		}
		switch req.Op {
		case "execute":
			go func(req request) {
				reply := execute(ledger, log, req, req.CallID, req.DelayMs, req.Hang, func() { send(map[string]any{"id": req.ID, "event": "running"}) })
				reply["id"] = req.ID
				send(reply)
			}(req)
		case "batch":
			rows := [][]any{}
			for _, callID := range req.CallIDs {
				r := execute(ledger, log, request{}, callID, req.DelayMs, false, nil)
				if r["ok"] == true {
					sum := sha256.Sum256([]byte(r["entry"].(string)))
					rows = append(rows, []any{callID, hex.EncodeToString(sum[:]), r["replayed"]})
				} else {
					rows = append(rows, []any{callID, nil, false, r["code"], r["message"]})
				}
			}
			send(map[string]any{"id": req.ID, "ok": true, "results": rows})
		case "entries":
			entries := map[string]any{}
			at, err := keyOf(req)
			if err != nil {
				send(map[string]any{"id": req.ID, "ok": false, "code": "error", "message": err.Error()})
				continue
			}
			for _, callID := range req.CallIDs {
				e, ok, err := ledger.Entry(context.Background(), callID, at)
				if ok && err == nil {
					entries[callID] = e
				} else {
					entries[callID] = nil
				}
			}
			send(map[string]any{"id": req.ID, "ok": true, "entries": entries})
		case "claim", "recordTask", "finish":
			reply := storeOp(ledger, req)
			reply["id"] = req.ID
			send(reply)
		case "exit":
			ledger.Close()
			send(map[string]any{"id": req.ID, "ok": true})
			os.Exit(0)
		default:
			send(map[string]any{"id": req.ID, "ok": false, "code": "worker.unknown_op", "message": "unknown op"})
		}
	}
	ledger.Close()
}

// storeOp drives the store itself for claim, recordTask and finish: a claimed answer leaves the
// claim open in the store (its lease renewed) until its finish. A takeover's Claimed carries the
// task's entry, which TaskOfEntry reads back (toolresult.TaskLedger).
func storeOp(ledger store, req request) map[string]any {
	ctx := context.Background()
	var err error
	switch req.Op {
	case "claim":
		var state toolresult.ClaimState
		var entry string
		state, entry, err = ledger.Claim(ctx, req.CallID)
		if err != nil {
			break
		}
		switch state {
		case toolresult.Pending:
			return map[string]any{"ok": true, "status": "pending"}
		case toolresult.Stored:
			return map[string]any{"ok": true, "status": "stored", "entry": entry}
		}
		reply := map[string]any{"ok": true, "status": "claimed"}
		if taskID, ok := toolresult.TaskOfEntry([]byte(entry)); ok {
			reply["task"] = map[string]any{"taskId": taskID}
		}
		return reply
	case "recordTask":
		err = ledger.RecordTask(ctx, req.CallID, req.TaskID)
	default:
		err = ledger.Finish(ctx, req.CallID, req.Entry)
	}
	if err == nil && req.Op != "claim" {
		return map[string]any{"ok": true}
	}
	var se *toolresult.LedgerStoreError
	if errors.As(err, &se) {
		return map[string]any{"ok": false, "code": se.Code, "message": se.Error()}
	}
	return map[string]any{"ok": false, "code": "error", "message": err.Error()}
}

// keyOf is the ledger key of the request's call, as the seam computes it.
func keyOf(req request) (toolresult.At, error) {
	c, err := req.call("")
	if err != nil {
		return toolresult.At{}, err
	}
	return c.At()
}

// execute runs one call through the seam; the suite tool appends the call's line to the execution
// log (one write of one line, O_APPEND) each time it runs: the call ID, or with a scope or tool named,
// the call ID, scope and fingerprint separated by tabs.
func execute(ledger store, log *os.File, req request, callID string, delayMs int, hang bool, onRun func()) map[string]any {
	call, err := req.call(callID)
	if err != nil {
		return map[string]any{"ok": false, "code": "error", "message": err.Error()}
	}
	line := callID
	if req.named() {
		at, err := call.At()
		if err != nil {
			return map[string]any{"ok": false, "code": "error", "message": err.Error()}
		}
		line = callID + "\t" + at.Scope + "\t" + at.Fingerprint
	}
	tool := func(ctx context.Context) (toolresult.ToolResult, error) {
		log.Write([]byte(line + "\n"))
		if onRun != nil {
			onRun()
		}
		if hang {
			select {}
		}
		if delayMs > 0 {
			time.Sleep(time.Duration(delayMs) * time.Millisecond)
		}
		return suiteToolResult(callID, req)
	}
	result, replayed, err := executeReplayed(ledger, call, tool)
	if err != nil {
		code := "error"
		var se *toolresult.LedgerStoreError
		var le *toolresult.LedgerError
		if errors.As(err, &se) {
			code = se.Code
		} else if errors.As(err, &le) {
			code = le.Code
		}
		return map[string]any{"ok": false, "code": code, "message": err.Error()}
	}
	entry, _ := toolresult.Persist(result)
	return map[string]any{"ok": true, "entry": entry, "replayed": replayed}
}

// executeReplayed is ExecuteCall with the suite's "replayed": whether this caller's tool ran.
func executeReplayed(ledger store, call toolresult.Call, tool toolresult.Tool) (toolresult.Bounded, bool, error) {
	ran := false
	result, err := toolresult.ExecuteCall(context.Background(), ledger, call, func(ctx context.Context) (toolresult.ToolResult, error) {
		ran = true
		return tool(ctx)
	}, toolresult.SeamOptions{})
	// A caller whose tool ran but whose finish lost its lease gets the stored interrupted entry: replayed.
	if err == nil && ran {
		if entry, _ := toolresult.Persist(result); entry == toolresult.InterruptedEntry {
			ran = false
		}
	}
	return result, !ran, err
}

// A surrogate escape: a high one with the low one that makes it a pair, or either alone.
var surrogateEscape = regexp.MustCompile(`(?i)\\u(d[89ab][0-9a-f]{2})(\\u(d[c-f][0-9a-f]{2}))?|\\u(d[c-f][0-9a-f]{2})`)

// hasLoneSurrogate reports whether a request line escapes a surrogate that is not half of a pair.
func hasLoneSurrogate(line []byte) bool {
	for _, m := range surrogateEscape.FindAllSubmatch(line, -1) {
		if (len(m[1]) > 0 && len(m[3]) == 0) || len(m[4]) > 0 {
			return true
		}
	}
	return false
}
