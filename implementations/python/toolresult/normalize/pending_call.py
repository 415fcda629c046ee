"""What an MCP server answers when a tools/call is not finished (spec 10.3, TR-NORM-22..25).

A task handle (2026-07-28 ``resultType: "task"``, or a 2025-11-25 ``CreateTaskResult``) or an
input-required result (SEP-2322) is not a tool result: the normalizer makes none and raises
``PendingCall``, which the caller continues (polls the task) or ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, Union

from .references import fields_of, word_value

PendingKind = Literal["task", "input_required"]
TaskVersion = Literal["2026-07-28", "2025-11-25"]

_MESSAGES: dict[str, str] = {
    "task": "the MCP server answered with a task handle; the call is not finished",
    "input_required": "the MCP server asked for input; the call is not finished",
}

_MAX_SAFE_INTEGER = 2**53 - 1


@dataclass(frozen=True)
class PendingTask:
    """The task a server started for the call: what polling it needs, nothing else.
    ``task_version`` names the task protocol: the two are not wire-compatible."""

    task_id: str
    status: str
    task_version: TaskVersion
    poll_interval_ms: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The kit protocol's form (NormalizeOutput ``pending``)."""
        record: dict[str, Any] = {"kind": "task", "taskId": self.task_id, "status": self.status}
        if self.poll_interval_ms is not None:
            record["pollIntervalMs"] = self.poll_interval_ms
        record["taskVersion"] = self.task_version
        return record


class PendingCall(Exception):
    """Raised by the MCP normalizer for an answer that is not a result yet. The message is fixed per
    kind and never holds the task ID or any other value of the answer, so it can be logged."""

    kind: PendingKind
    task: PendingTask | None

    def __init__(self, kind: PendingKind, task: PendingTask | None = None) -> None:
        super().__init__(_MESSAGES[kind])
        self.kind = kind
        self.task = task

    def to_json(self) -> dict[str, Any]:
        """The kit protocol's form (NormalizeOutput ``pending``)."""
        return self.task.to_json() if self.task is not None else {"kind": "input_required"}


def _interval(value: Any) -> int | None:
    """An integer from 0 to 2^53 - 1 (``5.0`` is 5), else None: the interval is advice, so a bad
    one is dropped, not fatal. A bool is not a number."""
    if type(value) is int and 0 <= value <= _MAX_SAFE_INTEGER:
        return value
    if type(value) is float and value.is_integer() and 0 <= value <= _MAX_SAFE_INTEGER:
        return int(value)
    return None


def _string(value: Any) -> str | None:
    """A task ID or status is handed back to the server as it came: a ``str``, not coerced."""
    return value if type(value) is str else None


# What ``read_result_type`` says of an answer: a result, a pending call, malformed, or unknown.
ResultTypeReading = Union[Literal["result", "malformed", "unknown"], PendingCall]


def read_result_type(fields: dict[str, Any]) -> ResultTypeReading:
    """Reads the kind of an MCP answer (its readable members) before any of its content (TR-NORM-22):
    ``resultType`` absent or ``complete`` is a result (then a 2025-11-25 CreateTaskResult is told by
    its shape), ``task`` and ``input_required`` are pending calls, anything else is unknown."""
    if "resultType" not in fields:
        return _legacy_task(fields)
    result_type = word_value(fields["resultType"])
    if result_type == "complete":
        return "result"
    if result_type == "input_required":
        return PendingCall("input_required")
    if result_type == "task":
        # TR-NORM-23: a 2026-07-28 CreateTaskResult holds the Task's members at its top level.
        task_id, status = _string(fields.get("taskId")), _string(fields.get("status"))
        if task_id is None or status is None:
            return "malformed"
        return PendingCall("task", PendingTask(task_id, status, "2026-07-28", _interval(fields.get("pollIntervalMs"))))
    return "unknown"


def _legacy_task(fields: dict[str, Any]) -> ResultTypeReading:
    """TR-NORM-23: a 2025-11-25 CreateTaskResult has no resultType and no content, and a ``task``
    whose ``taskId`` is a string."""
    if "content" in fields or "task" not in fields:
        return "result"
    task = fields_of(fields["task"])
    if task is None or _string(task.get("taskId")) is None:
        return "result"
    status = _string(task.get("status"))
    if status is None:
        return "malformed"
    return PendingCall("task", PendingTask(task["taskId"], status, "2025-11-25", _interval(task.get("pollInterval"))))
