"""Following a tool call that became an MCP task (spec/07-replay.md §7.10): the seam polls the task
through the follower the integration built from its MCP client until it ends, and turns its end into
the call's one result. What each end becomes, and why, is the spec's; this module only maps.

A follower is any object with

- ``async get(task_id)``: the ``tasks/get`` answer (the extension's DetailedTask: ``status``, and
  ``result`` once ``completed``), or None when the server says the task is unknown or expired (its
  JSON-RPC error); any other failure raises, and the seam polls again at the next interval;
- ``async cancel(task_id)``: sends ``tasks/cancel`` (the seam bounds the wait, ignores the outcome);
- ``read(result)``: the call's result from a completed task's ``result`` (the normalize step of a
  direct call; a task handle inside it raises PendingCall, which fails closed).
"""

from __future__ import annotations

import asyncio
import math
from dataclasses import dataclass
from typing import Any, Awaitable, Protocol

from .result import ToolResult

__all__ = [
    "INPUT_REQUIRED_TEXT",
    "TASK_CANCELLED_TEXT",
    "TASK_LOST_TEXT",
    "TASK_UNFOLLOWED_TEXT",
    "TaskEnd",
    "TaskFollower",
    "cancel_task",
    "ended_without",
    "follow_task",
    "poll_interval",
]

# The pinned texts (spec §7.10; the same in all four languages).
INPUT_REQUIRED_TEXT = "The tool asked for input that this agent cannot give, so the call did not finish; it can be called again."
TASK_UNFOLLOWED_TEXT = "The tool started a task that this agent does not follow; whether its action took effect is unknown."
TASK_LOST_TEXT = "The tool's task is no longer known to its server; whether its action took effect is unknown."
TASK_CANCELLED_TEXT = "The tool's task was cancelled before it finished; whether its action took effect is unknown."

#: Milliseconds between polls when the server suggests none; a suggestion is held within 50..5000.
DEFAULT_POLL_MS = 1000
MIN_POLL_MS = 50
MAX_POLL_MS = 5000
#: Seconds the seam waits for its tasks/cancel before it answers anyway.
CANCEL_WAIT_S = 1.0
#: Failed polls in a row after which the call is given up as it is at a deadline.
MAX_FAILED_POLLS = 10

_ENDS = frozenset(("completed", "failed", "cancelled", "input_required"))


class TaskFollower(Protocol):
    def get(self, task_id: str) -> Awaitable[Any]: ...

    def cancel(self, task_id: str) -> Awaitable[Any]: ...

    def read(self, result: Any) -> Any: ...


@dataclass(frozen=True)
class TaskEnd:
    """What following a task came to. ``kind``: ``result`` (``value`` is the completed task's
    ``result``), ``ended`` (``value`` is the seam's error result), ``failed`` (the tool call's
    JSON-RPC error) or ``gave_up`` (too many failed polls: answered as a deadline)."""

    kind: str
    value: Any = None


def poll_interval(suggested: Any) -> float:
    """Seconds between polls: the server's suggestion in ms within 50..5000, else 1000 ms."""
    if type(suggested) not in (int, float) or not math.isfinite(suggested):
        return DEFAULT_POLL_MS / 1000
    return float(min(MAX_POLL_MS, max(MIN_POLL_MS, suggested))) / 1000


def ended_without(text: str, code: str) -> ToolResult:
    """An error result with its warning: what the call ends as when the tool's own result never comes."""
    return ToolResult.error(text, warnings=[code])


async def cancel_task(follower: TaskFollower, task_id: str) -> None:
    """Sends ``tasks/cancel`` and waits for it at most CANCEL_WAIT_S: the seam's answer never waits
    on a server that does not answer. Nothing of a failure is kept."""
    try:
        await asyncio.wait_for(follower.cancel(task_id), CANCEL_WAIT_S)
    except Exception:  # noqa: BLE001 - best effort: the task may be gone, the server may not answer
        pass


def _member(value: Any, key: str) -> Any:
    return value.get(key) if isinstance(value, dict) else None


async def follow_task(follower: TaskFollower, task_id: str, suggested_ms: Any) -> TaskEnd:
    """Polls the task until it ends. The caller's deadline or cancellation interrupts the wait (the
    caller then cancels the task); a failed poll is polled again at the next interval."""
    interval = poll_interval(suggested_ms)
    failures = 0
    while True:
        await asyncio.sleep(interval)
        try:
            task = await follower.get(task_id)
        except Exception:  # noqa: BLE001 - the error may quote the server's data; the next poll may answer
            failures += 1
            if failures >= MAX_FAILED_POLLS:
                return TaskEnd("gave_up")
            continue
        failures = 0
        if task is None:
            return TaskEnd("ended", ended_without(TASK_LOST_TEXT, "mcp.task_lost"))
        suggested = _member(task, "pollIntervalMs")
        if type(suggested) in (int, float):
            interval = poll_interval(suggested)
        status = _member(task, "status")
        if not isinstance(status, str) or status not in _ENDS:
            continue  # a task still running, or a status this agent does not know: polled again
        if status == "completed":
            return TaskEnd("result", _member(task, "result"))
        if status == "failed":
            return TaskEnd("failed")
        if status == "cancelled":
            return TaskEnd("ended", ended_without(TASK_CANCELLED_TEXT, "mcp.task_cancelled"))
        # input_required: this agent has no way to answer the task's question; the task is ended.
        await cancel_task(follower, task_id)
        return TaskEnd("ended", ended_without(INPUT_REQUIRED_TEXT, "mcp.input_required"))
