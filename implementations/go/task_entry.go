package toolresult

import (
	"context"
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// A task recorded with a claim (spec/07-replay.md §7.7, TR-REPLAY-42..45). While a row is claimed,
// its entry column holds NULL or the canonical JSON {"task":{"taskId":"<id>"}}: the layout does not
// change, and a claim that meets the row after its lease ran out takes the task over instead of
// recording the call as interrupted.

// TaskLedger is a Ledger that records the task a claimed call became (an MCP server answered
// tools/call with a task handle). Claim answers a takeover (TR-REPLAY-43) as Claimed with the
// task's entry, TaskEntry(id), in place of the empty entry of a fresh claim: TaskOfEntry reads the
// ID back, and the claimant follows that task and never runs the tool again.
type TaskLedger interface {
	Ledger
	// RecordTask writes the task into this process's claim of the call, durable before it returns
	// (TR-REPLAY-42): a *TaskIDError for an ID a store cannot keep, ledger.lease_lost when the row
	// is no longer claimed with this claim's token.
	RecordTask(ctx context.Context, callID, taskID string, at ...At) error
}

// TaskIDError is CheckTaskID's refusal; it never quotes the ID.
type TaskIDError struct{ message string }

func (e *TaskIDError) Error() string { return e.message }

// CheckTaskID refuses a task ID a durable store cannot keep exactly as given: a call ID's limits
// (TR-REPLAY-21, TR-REPLAY-42). A server chose the ID, so the error never quotes it.
func CheckTaskID(taskID string) error {
	switch {
	case taskID == "":
		return &TaskIDError{"a task ID must be a non-empty string"}
	case !utf8.ValidString(taskID):
		return &TaskIDError{"a task ID must be well-formed UTF-8 (it holds a lone surrogate or other invalid octets)"}
	case strings.IndexByte(taskID, 0) >= 0:
		return &TaskIDError{"a task ID must not contain U+0000"}
	case len(taskID) > MaxCallIDOctets:
		return &TaskIDError{"a task ID must be at most 1024 UTF-8 octets"}
	}
	return nil
}

// TaskEntry is the entry column of a claimed row that holds the task: canonical JSON, the same
// octets in every language's store (TR-REPLAY-44).
func TaskEntry(taskID string) (string, error) {
	if err := CheckTaskID(taskID); err != nil {
		return "", err
	}
	return canonicalJSON(map[string]any{"task": map[string]any{"taskId": taskID}}), nil
}

// TaskOfEntry is the task ID a claimed row's entry holds. Only the exact octets TaskEntry writes
// count (TR-REPLAY-44): anything else is no task, and a claim that meets it after the lease records
// the interrupted entry, as before tasks.
func TaskOfEntry(entry []byte) (string, bool) {
	if len(entry) == 0 || !utf8.Valid(entry) {
		return "", false
	}
	var parsed struct {
		Task *struct {
			TaskID *string `json:"taskId"`
		} `json:"task"`
	}
	if json.Unmarshal(entry, &parsed) != nil || parsed.Task == nil || parsed.Task.TaskID == nil {
		return "", false
	}
	want, err := TaskEntry(*parsed.Task.TaskID)
	if err != nil || want != string(entry) {
		return "", false
	}
	return *parsed.Task.TaskID, true
}
