package toolresult

// What an MCP server answers when a tools/call is not finished (spec §10.3, TR-NORM-22..25): a
// task handle (2026-07-28 resultType "task", or a 2025-11-25 CreateTaskResult) or an
// input-required result (SEP-2322). Neither is a tool result, so Normalize makes none and returns
// a *PendingCallError, which the caller continues (polls the task) or ends.

// The kinds of a pending call.
const (
	PendingKindTask          = "task"
	PendingKindInputRequired = "input_required"
)

// The task protocols a handle may come in; they are not wire-compatible (a 2025-11-25 "failed"
// task is a 2026-07-28 "completed" one with isError).
const (
	TaskVersion20260728 = "2026-07-28"
	TaskVersion20251125 = "2025-11-25"
)

// PendingTask is the task a server started for the call: what polling it needs, nothing else.
type PendingTask struct {
	TaskID string
	Status string
	// PollIntervalMs is the server's suggested poll interval, when HasPollInterval (an integer
	// from 0 to 2^53 - 1 was given).
	PollIntervalMs  int64
	HasPollInterval bool
	// TaskVersion is TaskVersion20260728 or TaskVersion20251125.
	TaskVersion string
}

// PendingCallError is Normalize's error for an MCP answer that is not a result yet. Kind is
// PendingKindTask (Task is set) or PendingKindInputRequired (Task is nil). Its message is fixed per
// kind and never holds the task ID or any other value of the answer, so it can be logged.
type PendingCallError struct {
	Kind string
	Task *PendingTask
}

func (e *PendingCallError) Error() string {
	if e.Kind == PendingKindTask {
		return "the MCP server answered with a task handle; the call is not finished"
	}
	return "the MCP server asked for input; the call is not finished"
}

// ToJSON is the kit protocol's form of the pending call (NormalizeOutput "pending").
func (e *PendingCallError) ToJSON() map[string]any {
	if e.Task == nil {
		return map[string]any{"kind": PendingKindInputRequired}
	}
	out := map[string]any{"kind": PendingKindTask, "taskId": e.Task.TaskID, "status": e.Task.Status, "taskVersion": e.Task.TaskVersion}
	if e.Task.HasPollInterval {
		out["pollIntervalMs"] = e.Task.PollIntervalMs
	}
	return out
}

// What readResultType found, beside a pending call.
type resultTypeReading int

const (
	readAsResult resultTypeReading = iota
	readAsMalformed
	readAsUnknown
	readAsPending
)

// readResultType reads the kind of an MCP answer before any of its content (TR-NORM-22):
// resultType absent or "complete" is a result (then a 2025-11-25 CreateTaskResult is told by its
// shape), "task" and "input_required" are pending calls, anything else is unknown (TR-NORM-25).
func readResultType(m map[string]any) (resultTypeReading, *PendingCallError) {
	rt, given := member(m, "resultType")
	if !given {
		return legacyTask(m)
	}
	switch rt {
	case "complete":
		return readAsResult, nil
	case "input_required":
		return readAsPending, &PendingCallError{Kind: PendingKindInputRequired}
	case "task":
		// TR-NORM-23: a 2026-07-28 CreateTaskResult holds the Task's members at its top level.
		id, okID := stringMember(m, "taskId")
		status, okStatus := stringMember(m, "status")
		if !okID || !okStatus {
			return readAsMalformed, nil
		}
		t := &PendingTask{TaskID: id, Status: status, TaskVersion: TaskVersion20260728}
		iv, _ := member(m, "pollIntervalMs")
		t.PollIntervalMs, t.HasPollInterval = pollInterval(iv)
		return readAsPending, &PendingCallError{Kind: PendingKindTask, Task: t}
	}
	return readAsUnknown, nil
}

// legacyTask: a 2025-11-25 CreateTaskResult has no resultType and no content, and a task whose
// taskId is a string (TR-NORM-23).
func legacyTask(m map[string]any) (resultTypeReading, *PendingCallError) {
	if _, hasContent := member(m, "content"); hasContent {
		return readAsResult, nil
	}
	tv, _ := member(m, "task")
	task, ok := objectKind(tv)
	if !ok {
		return readAsResult, nil
	}
	id, okID := stringMember(task, "taskId")
	if !okID {
		return readAsResult, nil
	}
	status, okStatus := stringMember(task, "status")
	if !okStatus {
		return readAsMalformed, nil
	}
	t := &PendingTask{TaskID: id, Status: status, TaskVersion: TaskVersion20251125}
	iv, _ := member(task, "pollInterval")
	t.PollIntervalMs, t.HasPollInterval = pollInterval(iv)
	return readAsPending, &PendingCallError{Kind: PendingKindTask, Task: t}
}

// pollInterval is an integer from 0 to 2^53 - 1 (5.0 is 5); anything else is dropped, not fatal:
// the interval is advice.
func pollInterval(v any) (int64, bool) {
	f, ok := numberValue(v)
	if _, isBool := v.(bool); isBool || !ok || f != float64(int64(f)) || f < 0 || f > maxSafe {
		return 0, false
	}
	return int64(f), true
}
