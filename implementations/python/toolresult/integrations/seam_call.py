"""What every stack integration shares: the options of one protected agent (:class:`Seam`), one
call through the async execution seam keyed by the provider's tool-call ID, the MCP normalize step,
and the model text of an error on a stack without an error flag.

Run-only data never rides the stack's own objects (messages, run items, checkpoints, tracer events)
beyond the audit record at the seam's privacy level: the ledger holds the bounded result, and
``Seam.result(call_id)`` is the one accessor for it.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import uuid
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Sequence, TypeVar

from ..call_key import check_scope
from ..exposure import check_exposure
from ..hooks import Hook
from ..ledger import restore
from ..ledger_store import SqliteLedger
from ..normalize import NormalizeOptions, normalize_local, normalize_mcp
from ..options import BoundOptions
from ..privacy import LEVELS, audit_record
from ..result import BoundedResult
from ..seam import CallInterrupted, Ledger, call_key, execute_tool_call_async

__all__ = ["DEFAULT_DEADLINE_S", "CallOutcome", "Seam", "local_run", "mcp_read", "mcp_run", "model_text"]

#: The deadline of every tool call unless the Seam says otherwise (seconds). It bounds the whole
#: call; a stack's own shorter timeout (an MCP session's read timeout) still applies first.
DEFAULT_DEADLINE_S = 60.0
# The MCP client's request timeout (mcp 1.x McpError code 408, httpx.codes.REQUEST_TIMEOUT; 2.x: -32001).
_MCP_TIMEOUT_CODES = frozenset((408, -32001))

_log = logging.getLogger("toolresult.integrations")

T = TypeVar("T")

# Stack requests cut off by the seam's deadline or a cancellation that are still closing (a stdio
# session's teardown): held here so the event loop keeps a reference until they end.
_closing: set["asyncio.Task[Any]"] = set()


@dataclass(frozen=True)
class CallOutcome:
    call_id: str
    result: BoundedResult
    replayed: bool
    #: What the model is given: the wire content, an error as {"error": content} (model_text).
    text: str
    #: What the stack's own record of the call keeps: the audit record at the seam's privacy level.
    record: dict[str, Any]


def model_text(result: BoundedResult) -> str:
    """The wire content; an error result as the JSON object ``{"error": content}``, which a model
    tells from a success on a provider without an error flag (spec/11-stacks.md §11.7)."""
    return json.dumps({"error": result.content}, ensure_ascii=False) if result.is_error else result.content


class Seam:
    """The options of a protected agent, checked when made (a bad policy or deadline is refused
    before any call): ``ledger`` (default: an in-memory SQLite ledger of this Seam), ``bound``
    budgets, ``hooks``, ``exposure`` policy, ``deadline`` in seconds (None: only the stack's own
    timeout bounds a call), ``privacy``, the level of what the stack's objects keep, and ``scope``,
    the scope of calls whose stack names none (a LangGraph thread or an Agents SDK group, when
    there is one, is the scope instead)."""

    def __init__(
        self,
        *,
        ledger: Ledger | None = None,
        bound: BoundOptions | None = None,
        hooks: Sequence[Hook] = (),
        exposure: Any = None,
        deadline: float | None = DEFAULT_DEADLINE_S,
        privacy: str = "metadata",
        scope: str = "",
    ) -> None:
        check_exposure(exposure)
        if deadline is not None and (type(deadline) not in (int, float) or not deadline > 0):
            raise ValueError("deadline must be a positive number of seconds or None")
        if privacy not in LEVELS:
            raise ValueError(f"privacy must be one of {', '.join(LEVELS)}")
        if any(not callable(h) for h in hooks):
            raise TypeError("hooks must be callables")
        check_scope(scope)
        # An in-memory ledger has no other process to renew a lease for: the longest lease.
        self.ledger: Any = ledger if ledger is not None else SqliteLedger(":memory:", lease_ms=86_400_000)
        self.bound = bound if bound is not None else BoundOptions()
        self.hooks = tuple(hooks)
        self.exposure = exposure
        self.deadline = deadline
        self.privacy = privacy
        self.scope = scope
        # The ledger key (scope, fingerprint) of the last call made under each call ID (a call ID
        # reused in another scope or for another tool is another call), for result(call_id).
        self._keys: dict[str, dict[str, str]] = {}

    async def call(
        self,
        call_id: str | None,
        run: Callable[[], Awaitable[Any]],
        passthrough: tuple[type[BaseException], ...] = (),
        *,
        scope: str | None = None,
        tool: str | None = None,
        arguments: Any = None,
        follower: Any = None,
    ) -> CallOutcome:
        """One tool call through the seam, keyed by ``(scope, call_id, fingerprint of tool and
        arguments)`` (spec §7.2); ``scope`` None is the Seam's own. Without a call ID (a stack that
        gave none) the call gets a fresh one: bounded and recorded like any other, but never found
        again. ``follower`` (mcp_call.McpTaskFollower) follows a call the MCP server answers with a
        task, under the same deadline (spec §7.10)."""
        if not isinstance(call_id, str) or call_id == "":
            call_id = f"toolresult-unkeyed-{uuid.uuid4()}"
            _log.warning("the stack gave no tool-call ID; the call is recorded under a fresh one and cannot be replayed")
        scope = self.scope if scope is None else scope
        # An invalid scope or arguments are refused (unquoted) before anything is remembered.
        self._keys[call_id] = call_key(scope, tool, arguments)
        result, replayed = await execute_tool_call_async(
            call_id, run, self.ledger, self.bound, hooks=self.hooks, exposure=self.exposure, deadline=self.deadline,
            passthrough=passthrough, scope=scope, tool=tool, arguments=arguments, follower=follower,
        )
        return CallOutcome(call_id, result, replayed, model_text(result), dict(audit_record(result, [self.privacy])))

    def record(self, call_id: str, **key: Any) -> dict[str, Any] | None:
        """The audit record of a call at the seam's privacy level (what the stack's objects keep)."""
        result = self.result(call_id, **key)
        return None if result is None else dict(audit_record(result, [self.privacy]))

    def result(self, call_id: str, *, scope: str | None = None, tool: str | None = None, arguments: Any = None) -> BoundedResult | None:
        """The whole bounded result of a call (run-only channels included), from the ledger; None
        while the call is unknown or running. The call is the last one this Seam made under
        ``call_id`` unless ``scope``, ``tool`` or ``arguments`` say which (a call made by another
        process, or an earlier call under a reused ID); ``scope`` None is the Seam's own."""
        if scope is None and tool is None and arguments is None and call_id in self._keys:
            at = self._keys[call_id]
        else:
            at = call_key(self.scope if scope is None else scope, tool, arguments)
        entry = self.ledger.entry(call_id, **at)
        return None if entry is None else restore(entry, self.bound)


def _closed(task: "asyncio.Task[Any]") -> None:
    _closing.discard(task)
    if not task.cancelled():
        task.exception()  # retrieved, so asyncio logs nothing of it (it may quote a tool's data)


async def detached(call: Callable[[], Awaitable[T]]) -> T:
    """``call()`` awaited in a task of its own. Cut off (the seam's deadline, a cancellation), the
    task is cancelled and left to end on its own: the answer does not wait for the stack's teardown.
    An MCP session opened inside the request (langchain-mcp-adapters with a connection, as
    ``client.get_tools()`` makes its tools) closes stdin and waits 2 s for the server to exit before
    it terminates it; a server whose event loop is blocked never sees stdin close, so awaiting that
    close would move every deadline and cancellation 2 s later."""
    task: asyncio.Task[T] = asyncio.ensure_future(call())
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        task.cancel()
        _closing.add(task)
        task.add_done_callback(_closed)
        raise


def _fields(value: Any) -> Any:
    """A CallToolResult as the JSON the MCP wire carries (camelCase, ``_meta``), for the normalizer."""
    dump = getattr(value, "model_dump", None)
    return dump(by_alias=True, mode="json", exclude_none=True) if callable(dump) else value


def _is_client_timeout(error: BaseException) -> bool:
    data = getattr(error, "error", None)
    return type(error).__name__ in ("McpError", "MCPError") and getattr(data, "code", getattr(error, "code", None)) in _MCP_TIMEOUT_CODES


def mcp_read(output_schema: Any, budgets: BoundOptions) -> Callable[[Any], BoundedResult]:
    """The MCP normalizer with the tool's outputSchema: what a direct call's answer and a completed
    task's ``result`` both go through. A task handle or an input-required answer raises its
    PendingCall, which the seam continues (spec/07-replay.md §7.10)."""
    options = NormalizeOptions(budgets, output_schema, "warn") if isinstance(output_schema, dict) else NormalizeOptions(budgets)
    return lambda value: normalize_mcp(_fields(value), options)


def mcp_run(call: Callable[[], Awaitable[Any]], output_schema: Any, budgets: BoundOptions) -> Callable[[], Awaitable[BoundedResult]]:
    """The normalize step of an MCP tool: its CallToolResult read by the MCP normalizer (spec 10)
    with the tool's outputSchema. The client's own request timeout means the outcome is unknown:
    the call is recorded as interrupted, as for the seam's deadline."""
    read = mcp_read(output_schema, budgets)

    async def run() -> BoundedResult:
        try:
            value = await detached(call)
        except Exception as e:
            if _is_client_timeout(e):
                raise CallInterrupted() from None
            raise
        return read(value)

    return run


def local_run(func: Callable[[], Any], budgets: BoundOptions) -> Callable[[], Awaitable[BoundedResult]]:
    """The normalize step of a local tool (spec 10.8): a ToolResult, a string or JSON data, from a
    function or a coroutine function."""
    options = NormalizeOptions(budgets)

    async def run() -> BoundedResult:
        value = func()
        if inspect.isawaitable(value):
            value = await value
        return normalize_local(value, options)

    return run
