"""The execution seam (spec/07-replay.md §7.3): the one function every tool call goes through, in a
synchronous and an ``asyncio`` form.

1. Claim the call ID. *Stored*: restore the entry (no hook, no exposure again: TR-EXPOSE-3).
   *Pending*: wait, then claim again (TR-REPLAY-9).
2. *Claimed*: run the tool; bound; run the hooks (TR-HOOK-*); apply the exposure policy; persist
   that result and finish the claim with it (TR-REPLAY-8). A tool that raises becomes the pinned
   tool-failure result (TR-REPLAY-11); nothing of the exception is kept or logged.

The async form adds a deadline and cancellation, and follows a call that becomes an MCP task
(§7.10): ``run`` raises the normalizer's PendingCall, the task is recorded with the claim
(``record_task``) before the first poll, and the ``follower`` polls it under the same deadline; a
claim that takes over a recorded task polls it and never runs the tool. An input-required answer
abandons the claim (nothing ran) and returns its error result unstored.

The async form's deadline and cancellation: Its rule is the one of a claim whose lease ran out
(§7.4, TR-REPLAY-23): once the tool may have started, nobody knows whether its action took effect,
so the call is never run again and its one stored answer is the interrupted entry.

    before the claim is made   nothing is stored; the ID can be claimed again
    while pending on another   nothing of this caller is stored
    the tool runs              the interrupted entry is stored; a deadline returns it,
                               a cancellation stores it and re-raises CancelledError
    during the finish          the finish completes (shielded); then CancelledError

The ledger is any object with ``claim(call_id)`` answering an object whose ``status`` is
``"stored"`` (with ``entry``), ``"pending"`` (with ``wait()``) or ``"claimed"`` (with
``finish(entry)`` and ``abandon()``), as :class:`toolresult.ledger_store.SqliteLedger` does.

A call is keyed by ``(scope, call ID, fingerprint)`` (§7.2): ``scope`` is the integration's (a
thread, a session; ``""`` by default), the fingerprint is :func:`call_fingerprint` of ``tool`` and
``arguments`` (``""`` when ``tool`` is None). The ledger is then asked
``claim(call_id, scope=..., fingerprint=...)``; a call with neither (the API before scopes) is
asked ``claim(call_id)`` as before, so a ledger that knows no scopes still serves it.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Protocol, Sequence

from .bounder import bound
from .call_key import call_fingerprint, check_scope
from .exposure import check_exposure, expose
from .hooks import Hook, transform_tool_result
from .ledger import INTERRUPTED_ENTRY, persist, restore
from .normalize.pending_call import PendingCall
from .options import BoundOptions
from .result import BoundedResult, ToolResult
from .store_error import LedgerStoreError
from .task_follow import INPUT_REQUIRED_TEXT, TASK_UNFOLLOWED_TEXT, TaskFollower, cancel_task, ended_without, follow_task

__all__ = [
    "CallInterrupted",
    "Ledger",
    "TOOL_FAILED_TEXT",
    "call_fingerprint",
    "call_key",
    "execute_tool_call",
    "execute_tool_call_async",
]

TOOL_FAILED_TEXT = "The tool failed without returning a result."

_log = logging.getLogger("toolresult.seam")

# Pauses between claims of a pending ID in the async form: 2 ms growing to 50 ms (TR-REPLAY-26).
_FIRST_PAUSE = 0.002
_MAX_PAUSE = 0.05


class CallInterrupted(Exception):
    """Raised by a tool's ``run`` when its call was cut off with an unknown outcome (a client's own
    request timeout): the seam stores the interrupted entry for it, as for a deadline."""


class Ledger(Protocol):
    # Called with keywords ``scope`` and ``fingerprint`` when a call gives them (call_key).
    def claim(self, call_id: str) -> Any: ...


def call_key(scope: Any = "", tool: Any = None, arguments: Any = None) -> dict[str, str]:
    """The keywords a ledger's ``claim``/``entry``/``append_audit``/``audit_records`` take for a
    call: ``{}`` for the default scope and no tool (the API before scopes), else ``scope`` and
    ``fingerprint``. Refuses (TypeError/ValueError, quoting nothing) a scope a call ID's rules
    refuse, a tool name that is not a string, arguments that are not a JSON object, and arguments
    without a tool (they would be fingerprinted as nothing)."""
    check_scope(scope)
    if tool is None:
        if arguments is not None:
            raise TypeError("arguments were given without a tool: pass tool= too")
        fingerprint = ""
    else:
        fingerprint = call_fingerprint(tool, {} if arguments is None else arguments)
    if scope == "" and fingerprint == "":
        return {}
    return {"scope": scope, "fingerprint": fingerprint}


def _prepare(options: BoundOptions | None, exposure: Any) -> BoundOptions:
    # Refused before any call ID is claimed and before the tool runs (TR-EXPOSE-2).
    check_exposure(exposure)
    return options if options is not None else BoundOptions()


def _result_of(raw: Any, opts: BoundOptions, hooks: Sequence[Hook], exposure: Any) -> BoundedResult:
    """Bound, hooks (which bound again), exposure last: what the ledger stores is what the model is sent."""
    return expose(transform_tool_result(bound(raw, opts), hooks, opts), exposure, opts)  # type: ignore[no-any-return]


def _failed(call_id: str) -> ToolResult:
    _log.warning("tool failed without a result: call_id_octets=%d", len(call_id.encode("utf-8", "replace")))
    return ToolResult.error(TOOL_FAILED_TEXT)


def execute_tool_call(
    call_id: str,
    run: Callable[[], Any],
    ledger: Ledger,
    options: BoundOptions | None = None,
    *,
    hooks: Sequence[Hook] = (),
    exposure: Any = None,
    scope: str = "",
    tool: str | None = None,
    arguments: Any = None,
) -> tuple[BoundedResult, bool]:
    """Runs a tool call through the ledger: ``(result, replayed)`` (TR-REPLAY-8..12). ``scope``,
    ``tool`` and ``arguments`` key the call (§7.2): a call ID reused in another scope or for another
    tool or arguments runs as a call of its own."""
    at = call_key(scope, tool, arguments)
    opts = _prepare(options, exposure)
    while True:
        claim = ledger.claim(call_id, **at)
        if claim.status == "stored":
            return restore(claim.entry, opts), True
        if claim.status == "pending":
            claim.wait()
            continue
        try:
            try:
                raw = run()
            except PendingCall as p:
                # The synchronous form follows no task (§7.10): a task ends unfollowed (stored), a
                # question for input gives the claim up (nothing ran) and is answered unstored.
                if p.kind == "input_required" or p.task is None:
                    claim.abandon()
                    return bound(ended_without(INPUT_REQUIRED_TEXT, "mcp.input_required"), opts), False
                raw = _Ended(ended_without(TASK_UNFOLLOWED_TEXT, "mcp.task_unfollowed"))
            except Exception:  # noqa: BLE001 - nothing of the exception is kept (TR-REPLAY-11)
                raw = _failed(call_id)
            result = bound(raw.result, opts) if isinstance(raw, _Ended) else _result_of(raw, opts, hooks, exposure)
            entry = persist(result)
        except BaseException:
            claim.abandon()  # TR-REPLAY-12: no entry could be made; a waiting call may claim again
            raise
        try:
            claim.finish(entry)
        except LedgerStoreError as e:
            if e.code == "ledger.lease_lost":
                continue  # every caller of the ID gets the one stored answer
            raise
        return result, False


async def _in_thread(call: Callable[[], Any]) -> Any:
    """A blocking store call off the event loop. A cancellation waits for the call to end (a claim
    made in the thread must be known, a finish must be complete) and then propagates."""
    future = asyncio.ensure_future(asyncio.to_thread(call))
    try:
        return await asyncio.shield(future)
    except asyncio.CancelledError:
        try:
            await asyncio.shield(future)
        except asyncio.CancelledError:
            pass  # cancelled again: the thread still ends; nothing more to wait for here
        raise


async def _claim(ledger: Ledger, call_id: str, at: dict[str, str]) -> Any:
    """A claim off the event loop. Cancelled while the claim is made, the claim is given up as soon
    as it exists (the tool never ran), by whichever side comes second: the ID stays claimable."""
    lock = threading.Lock()
    gave_up: list[bool] = []
    made: list[Any] = []

    def work() -> Any:
        claim = ledger.claim(call_id, **at)
        with lock:
            if gave_up and claim.status == "claimed":
                claim.abandon()
            made.append(claim)
        return claim

    future = asyncio.ensure_future(asyncio.to_thread(work))
    try:
        return await asyncio.shield(future)
    except asyncio.CancelledError:
        with lock:
            gave_up.append(True)
            if made and made[0].status == "claimed":
                made[0].abandon()
        raise


async def _settle(claim: Any, entry: str) -> bool:
    """Finishes the claim; False when its lease was lost (the ID now holds the interrupted entry)."""
    try:
        await _in_thread(lambda: claim.finish(entry))
    except LedgerStoreError as e:
        if e.code == "ledger.lease_lost":
            return False
        raise
    return True


class _LeaseLost(Exception):
    """The claim's lease ran out before its task was recorded (inside the seam only)."""


@dataclass(frozen=True)
class _Ended:
    """The seam's own error result for a call that ended without the tool's result."""

    result: ToolResult


class _AsksInput:
    """The server asked for input: the call did not finish and nothing ran."""


async def _pending(p: PendingCall, claim: Any, follower: TaskFollower | None, follow: Callable[[str, Any], Awaitable[Any]]) -> Any:
    """What a call that answered with a PendingCall comes to (spec §7.10)."""
    if p.kind == "input_required" or p.task is None:
        return _AsksInput()
    if follower is None:
        _log.warning("the tool started an MCP task and no follower was given; the call ends unfollowed")
        return _Ended(ended_without(TASK_UNFOLLOWED_TEXT, "mcp.task_unfollowed"))
    task_id = p.task.task_id
    record: Callable[[str], Any] | None = getattr(claim, "record_task", None)
    if record is not None and callable(record):
        try:
            # Durable before the first poll: a process that resumes after this one died polls this task (TR-REPLAY-46).
            await _in_thread(lambda: record(task_id))  # type: ignore[misc]
        except LedgerStoreError as e:
            await cancel_task(follower, task_id)
            if e.code == "ledger.lease_lost":
                raise _LeaseLost() from None
            raise
        except TypeError:
            _log.warning("the task ID cannot be recorded; the task is followed without a record")
    else:
        _log.warning("the ledger cannot record a task; the task is followed without a record")
    return await follow(task_id, p.task.poll_interval_ms)


async def execute_tool_call_async(
    call_id: str,
    run: Callable[[], Awaitable[Any]],
    ledger: Ledger,
    options: BoundOptions | None = None,
    *,
    hooks: Sequence[Hook] = (),
    exposure: Any = None,
    deadline: float | None = None,
    passthrough: tuple[type[BaseException], ...] = (),
    scope: str = "",
    tool: str | None = None,
    arguments: Any = None,
    follower: TaskFollower | None = None,
) -> tuple[BoundedResult, bool]:
    """The seam for ``asyncio``: ``(result, replayed)``. ``run`` is awaited at most once per call ID.
    ``deadline`` (seconds, None for none) bounds the tool: when it passes, the tool is cancelled and
    the call's answer is the interrupted error result, stored under the call ID. ``passthrough``:
    exceptions that are a stack's control flow, not a result (LangGraph's interrupt): the claim is
    abandoned, as for a tool that has not finished, and the exception propagates. ``scope``,
    ``tool`` and ``arguments`` key the call as in :func:`execute_tool_call`. ``follower``
    (task_follow.py) follows a call that becomes an MCP task; without one such a call ends as the
    task-unfollowed error result, stored."""
    at = call_key(scope, tool, arguments)
    if deadline is not None and not (type(deadline) in (int, float) and deadline > 0):
        raise ValueError("deadline must be a positive number of seconds or None")
    opts = _prepare(options, exposure)
    pause = _FIRST_PAUSE
    while True:
        claim = await _claim(ledger, call_id, at)
        if claim.status == "stored":
            return restore(claim.entry, opts), True
        if claim.status == "pending":
            # Claimed again after a pause rather than waiting in a thread: a cancellation leaves no
            # waiter behind, and the next claim settles a lease that ran out (TR-REPLAY-23).
            await asyncio.sleep(pause)
            pause = min(_MAX_PAUSE, pause * 2)
            continue
        break
    cancelled: asyncio.CancelledError | None = None
    interrupted = False
    raw: Any = None
    followed: list[str] = []  # the task being followed, for tasks/cancel at a deadline or cancellation
    takeover = getattr(claim, "task", None)

    async def follow(task_id: str, suggested_ms: Any) -> Any:
        assert follower is not None
        followed.append(task_id)
        end = await follow_task(follower, task_id, suggested_ms)
        if end.kind == "gave_up":
            raise CallInterrupted()  # the task is cancelled below, as at a deadline
        followed.clear()
        if end.kind == "failed":
            return _failed(call_id)  # the tool call's JSON-RPC error: as a direct call that failed so
        if end.kind == "ended":
            return _Ended(end.value)
        try:
            return follower.read(end.value)
        except PendingCall:
            # A completed task whose result is itself a task or a question: fails closed.
            return _Ended(ended_without(TASK_UNFOLLOWED_TEXT, "mcp.task_unfollowed"))

    try:
        async with asyncio.timeout(deadline) as limit:
            if isinstance(takeover, dict) and isinstance(takeover.get("taskId"), str):
                # The claimant before this one recorded a task and died: followed, never run again.
                if follower is None:
                    raise CallInterrupted()
                raw = await follow(takeover["taskId"], None)
            else:
                try:
                    raw = await run()
                except PendingCall as p:
                    raw = await _pending(p, claim, follower, follow)
    except asyncio.CancelledError as e:
        task = asyncio.current_task()
        if task is not None and task.cancelling() > 0:
            cancelled = e
        else:
            raw = _failed(call_id)  # the tool raised CancelledError of its own: nobody cancelled this call
    except passthrough:
        await _in_thread(claim.abandon)
        raise
    except CallInterrupted:
        interrupted = True
    except _LeaseLost:
        # The call was recorded as interrupted before its task was: that answer stands.
        again = await _claim(ledger, call_id, at)
        if again.status != "stored":
            raise LedgerStoreError("ledger.lease_lost", "the claim's lease expired before its task was recorded") from None
        return restore(again.entry, opts), True
    except TimeoutError:
        if limit.expired():
            interrupted = True
        else:
            raw = _failed(call_id)
    except LedgerStoreError:
        raise  # the task could not be recorded: the claim is left to its lease, never run again
    except Exception:  # noqa: BLE001 - nothing of the exception is kept (TR-REPLAY-11)
        raw = _failed(call_id)
    if followed and follower is not None:
        # Given up while the task ran (deadline, cancellation): the task is cancelled on the server.
        await cancel_task(follower, followed[0])
    if cancelled is not None or interrupted:
        await _settle(claim, INTERRUPTED_ENTRY)  # lease lost: the store already holds the same entry
        if cancelled is not None:
            raise cancelled
        return restore(INTERRUPTED_ENTRY, opts), False
    if isinstance(raw, _AsksInput):
        # Nothing ran: the server answers the same request again once it has the input (TR-REPLAY-51).
        await _in_thread(claim.abandon)
        return bound(ended_without(INPUT_REQUIRED_TEXT, "mcp.input_required"), opts), False
    if isinstance(raw, _Ended):
        # The seam's own answer, as the interrupted entry: bounded, no hook or exposure policy changes it.
        result = bound(raw.result, opts)
        if await _settle(claim, persist(result)):
            return result, False
        again = await _claim(ledger, call_id, at)
        if again.status != "stored":
            raise LedgerStoreError("ledger.lease_lost", "the claim's lease expired before its result was stored")
        return restore(again.entry, opts), True
    try:
        result = _result_of(raw, opts, hooks, exposure)
        entry = persist(result)
    except BaseException:
        await _in_thread(claim.abandon)
        raise
    if await _settle(claim, entry):
        return result, False
    # The lease ran out while the result was made: the ID holds the interrupted entry (TR-REPLAY-23).
    again = await _claim(ledger, call_id, at)
    if again.status != "stored":
        raise LedgerStoreError("ledger.lease_lost", "the claim's lease expired before its result was stored")
    return restore(again.entry, opts), True
