package toolresult

import (
	"context"
	"errors"
	"sync"
)

// ToolFailed is the content of the error result a tool that fails without a result becomes
// (TR-REPLAY-11). Nothing of the failure is kept.
const ToolFailed = "The tool failed without returning a result."

// The pinned contents of the seam's answers to an MCP call that did not finish (spec §7.10,
// TR-REPLAY-52). This seam follows no task: a tool whose Normalize returns a *PendingCallError of
// kind task gets TaskUnfollowedText (stored, TR-REPLAY-50); of kind input_required,
// InputRequiredText (nothing stored, the claim given up, TR-REPLAY-51). The other two are the
// texts a seam with a task follower answers (the TypeScript and Python seams), named here so every
// language holds the same four.
const (
	InputRequiredText  = "The tool asked for input that this agent cannot give, so the call did not finish; it can be called again."
	TaskUnfollowedText = "The tool started a task that this agent does not follow; whether its action took effect is unknown."
	TaskLostText       = "The tool's task is no longer known to its server; whether its action took effect is unknown."
	TaskCancelledText  = "The tool's task was cancelled before it finished; whether its action took effect is unknown."
)

// ClaimState is a ledger's answer to a claim of a call (spec §7.3).
type ClaimState int

// The three answers.
const (
	Claimed ClaimState = iota // this caller is first: it finishes the claim or abandons it
	Stored                    // the entry is there
	Pending                   // the first caller is still running: wait, then claim again
)

// Ledger is a replay ledger: one operation, claim a call, and the claimant's finish or abandon. A
// call is its ID at an At (its scope and fingerprint); a method given no At acts at the default
// scope with the empty fingerprint, as every call did before scopes existed. Two calls that differ
// in any of the three are two calls: neither is ever answered with the other's entry.
type Ledger interface {
	Claim(ctx context.Context, callID string, at ...At) (state ClaimState, entry string, err error)
	// Wait blocks until a pending claim of the call is finished or abandoned, or ctx is done.
	Wait(ctx context.Context, callID string, at ...At) error
	Finish(ctx context.Context, callID, entry string, at ...At) error
	Abandon(ctx context.Context, callID string, at ...At) error
}

// memoryKey is a call in a MemoryLedger: its ID, scope and fingerprint.
type memoryKey struct{ scope, callID, fingerprint string }

func memoryKeyOf(callID string, at []At) (memoryKey, error) {
	a, err := CheckAt(at)
	return memoryKey{a.Scope, callID, a.Fingerprint}, err
}

// MemoryLedger is an in-memory Ledger; its claims need no lease (TR-REPLAY-22). The zero value is
// ready to use.
type MemoryLedger struct {
	mu      sync.Mutex
	entries map[memoryKey]string
	claims  map[memoryKey]chan struct{}
	tasks   map[memoryKey]string
}

var _ TaskLedger = (*MemoryLedger)(nil)

// RecordTask keeps the task of a live claim (TR-REPLAY-42). Without a lease there is no takeover:
// a claimant cannot die without this ledger dying with it; Task reads it back for inspection.
func (l *MemoryLedger) RecordTask(_ context.Context, callID, taskID string, at ...At) error {
	k, err := memoryKeyOf(callID, at)
	if err != nil {
		return err
	}
	if err := CheckTaskID(taskID); err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.claims[k]; !ok {
		return errors.New("MemoryLedger.RecordTask: the call is not claimed")
	}
	if l.tasks == nil {
		l.tasks = map[memoryKey]string{}
	}
	l.tasks[k] = taskID
	return nil
}

// Task is the task recorded with a live claim of the call, if any.
func (l *MemoryLedger) Task(callID string, at ...At) (string, bool) {
	k, err := memoryKeyOf(callID, at)
	if err != nil {
		return "", false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	id, ok := l.tasks[k]
	return id, ok
}

// Claim answers Claimed to exactly one caller of a call without an entry or a claim (TR-REPLAY-20).
func (l *MemoryLedger) Claim(_ context.Context, callID string, at ...At) (ClaimState, string, error) {
	k, err := memoryKeyOf(callID, at)
	if err != nil {
		return 0, "", err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if entry, ok := l.entries[k]; ok {
		return Stored, entry, nil
	}
	if _, ok := l.claims[k]; ok {
		return Pending, "", nil
	}
	if l.claims == nil {
		l.claims, l.entries = map[memoryKey]chan struct{}{}, map[memoryKey]string{}
	}
	l.claims[k] = make(chan struct{})
	return Claimed, "", nil
}

// Wait blocks, without a busy loop, until the claim of the call ends (TR-REPLAY-26).
func (l *MemoryLedger) Wait(ctx context.Context, callID string, at ...At) error {
	k, err := memoryKeyOf(callID, at)
	if err != nil {
		return err
	}
	l.mu.Lock()
	done, ok := l.claims[k]
	l.mu.Unlock()
	if !ok {
		return nil
	}
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Finish stores the entry of a claimed call.
func (l *MemoryLedger) Finish(_ context.Context, callID, entry string, at ...At) error {
	k, err := memoryKeyOf(callID, at)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	done, ok := l.claims[k]
	if !ok {
		return errors.New("MemoryLedger.Finish: the call is not claimed")
	}
	l.entries[k] = entry
	delete(l.claims, k)
	delete(l.tasks, k)
	close(done)
	return nil
}

// Abandon gives a claim up, so that a waiting call can claim it again (TR-REPLAY-12).
func (l *MemoryLedger) Abandon(_ context.Context, callID string, at ...At) error {
	k, err := memoryKeyOf(callID, at)
	if err != nil {
		return err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if done, ok := l.claims[k]; ok {
		delete(l.claims, k)
		delete(l.tasks, k)
		close(done)
	}
	return nil
}

// Tool runs a tool call. An error or a panic is a tool that failed without a result, except a
// *PendingCallError (Normalize's answer to an MCP task handle or input-required result), which the
// seam answers as spec §7.10 says.
type Tool func(ctx context.Context) (ToolResult, error)

// SeamOptions configure ExecuteToolCall: budgets, hooks, an exposure policy (JSON data, nil for
// none) and a Logger.
type SeamOptions struct {
	Budgets  BoundOptions
	Hooks    []Hook
	Exposure any
	Logger   Logger
}

// ExecuteToolCall is the tool-execution seam (spec §7.3) for a call given by its ID alone (the
// default scope, no tool named): ExecuteCall with Call{ID: callID}.
func ExecuteToolCall(ctx context.Context, ledger Ledger, callID string, tool Tool, options SeamOptions) (Bounded, error) {
	return ExecuteCall(ctx, ledger, Call{ID: callID}, tool, options)
}

// ExecuteCall is the tool-execution seam (spec §7.3): the first call of a (scope, call ID,
// fingerprint) runs the tool once, bounds its result, runs the hooks, exposes, persists and stores
// it; every later call of the same three gets the equal result restored from the ledger without
// running the tool (TR-REPLAY-8..11). A call that shares only its ID with a stored one (another
// scope, tool or arguments) runs as a call of its own. Invalid options, and a call whose scope, tool
// or arguments are refused (*CallError), fail before anything is claimed.
func ExecuteCall(ctx context.Context, ledger Ledger, call Call, tool Tool, options SeamOptions) (Bounded, error) {
	budgets, err := options.Budgets.resolved()
	if err != nil {
		return Bounded{}, err
	}
	if _, err := parsePolicy(options.Exposure); err != nil {
		return Bounded{}, err
	}
	at, err := call.At()
	if err != nil {
		return Bounded{}, err
	}
	callID := call.ID
	for {
		state, entry, err := ledger.Claim(ctx, callID, at)
		if err != nil {
			return Bounded{}, err
		}
		switch state {
		case Stored:
			return Restore(entry, budgets)
		case Pending:
			if err := ledger.Wait(ctx, callID, at); err != nil {
				return Bounded{}, err
			}
			continue
		}
		if _, took := TaskOfEntry([]byte(entry)); took {
			// A takeover of a task whose claimant died (TR-REPLAY-43). This seam follows no task: the
			// call is stored as interrupted, never run again (the tool started; at most once).
			logLine(options.Logger, "the call's claimant died while its task ran; this seam follows no task, so the interrupted result is stored")
			if err := ledger.Finish(ctx, callID, InterruptedEntry, at); err != nil {
				var lost *LedgerStoreError
				if errors.As(err, &lost) && lost.Code == "ledger.lease_lost" {
					continue
				}
				return Bounded{}, err
			}
			return Restore(InterruptedEntry, budgets)
		}
		result, pending, err := runClaimed(ctx, tool, budgets, options)
		if err != nil {
			_ = ledger.Abandon(ctx, callID, at)
			return Bounded{}, err
		}
		if pending != nil && pending.Kind != PendingKindTask {
			// Nothing ran: the server answers the same request again once it has the input, so the
			// claim is given up and nothing is stored (TR-REPLAY-51).
			logLine(options.Logger, "the MCP server asked for input this agent cannot give; the claim is given up and nothing is stored")
			if err := ledger.Abandon(ctx, callID, at); err != nil {
				return Bounded{}, err
			}
			return seamAnswer(InputRequiredText, "mcp.input_required", budgets), nil
		}
		entry, _ = Persist(result)
		if err := ledger.Finish(ctx, callID, entry, at); err != nil {
			var lost *LedgerStoreError
			if errors.As(err, &lost) && lost.Code == "ledger.lease_lost" {
				// Another caller recorded the call as interrupted: every caller of the call gets that
				// one stored answer, this one included (TR-REPLAY-24).
				logLine(options.Logger, "the claim lease ran out before the result was stored; the stored interrupted result is returned")
				continue
			}
			// The claim is not abandoned: it is left to its lease and becomes the interrupted
			// entry, so the tool is never run again (TR-REPLAY-30).
			return Bounded{}, err
		}
		return result, nil
	}
}

// seamAnswer is one of the seam's own error results (spec §7.10): bounded, with no hook or exposure
// policy run on it, as the interrupted entry.
func seamAnswer(text, code string, budgets BoundOptions) Bounded {
	return Bounded{boundWith(readInput(Error(text, WithWarnings(code))), budgets)}
}

// runClaimed runs the tool and makes the result to store; a pending call of kind input_required
// comes back for the caller to answer (nothing to store), one of kind task as the unfollowed result.
func runClaimed(ctx context.Context, tool Tool, budgets BoundOptions, options SeamOptions) (Bounded, *PendingCallError, error) {
	raw, ok, runErr := runTool(ctx, tool)
	var pending *PendingCallError
	if errors.As(runErr, &pending) {
		if pending.Kind != PendingKindTask {
			return Bounded{}, pending, nil
		}
		// The tool started a task this seam does not follow: stored, never run again (TR-REPLAY-50).
		logLine(options.Logger, "the tool started an MCP task and this seam follows none; the call ends unfollowed")
		return seamAnswer(TaskUnfollowedText, "mcp.task_unfollowed", budgets), pending, nil
	}
	if !ok {
		logLine(options.Logger, "tool failed without a result")
		raw = Error(ToolFailed)
	}
	bounded := Bounded{boundWith(readInput(raw), budgets)}
	after, err := TransformToolResult(ctx, bounded, options.Hooks, budgets, options.Logger)
	if err != nil {
		return Bounded{}, nil, err
	}
	exposed, err := Expose(after, options.Exposure, budgets)
	return exposed, nil, err
}

func runTool(ctx context.Context, tool Tool) (result ToolResult, ok bool, runErr error) {
	defer func() {
		if recover() != nil {
			result, ok, runErr = ToolResult{}, false, nil
		}
	}()
	r, err := tool(ctx)
	return r, err == nil, err
}
