"""``tools/call`` on an MCP client session, sent as the MCP SDK's ``ClientSession.call_tool`` sends
it (mcp 1.x or 2.x) but without two things wrapped around it by the SDK and by FastMCP's client:

- the SDK's check of structuredContent against the tool's outputSchema, which raises on a mismatch:
  the tool's text would be lost with the structured value, where the normalizer keeps the text and
  drops only the value (TR-NORM-30, warning ``structured.schema_mismatch``);
- FastMCP's client span (``Client.call_tool_mcp``), which, with OpenTelemetry tracing on, puts the
  first text block of an error result in the span's status description, even a block whose
  audience excludes the assistant, and records an exception's message (the SDK's schema error
  quotes the structured value): run-only bytes in an exported trace.

In their place :func:`metadata_span` gives a span of the integration's own per call, so a trace
still shows each MCP call, its timing and whether it failed: tool name, call ID and the error flag,
never a byte of the result or of an exception.
"""

from __future__ import annotations

import datetime
from contextlib import contextmanager
from typing import Any, Awaitable, Callable, Iterator

import mcp.types as types

__all__ = ["McpTaskFollower", "metadata_span", "send_request", "send_tool_call", "session_requester"]

# mcp 1.x wraps a request in the ClientRequest root model and takes a timedelta; in mcp 2.x
# ClientRequest is a plain union and a request goes as itself, its timeout in seconds.
_MCP_V1 = isinstance(getattr(types, "ClientRequest", None), type)
# JSON-RPC "Invalid params": the tasks extension's answer to a task ID the server does not know.
_INVALID_PARAMS = -32602


class _AnyAnswer(types.Result):
    """A result read as it came (``Result`` keeps every member): a tools/call answer that is not a
    CallToolResult (a 2026-07-28 task handle, an input-required result) and the tasks extension's
    answers, which mcp 1.x has no 2026-07-28 types for, reach the normalizer and the seam whole."""


def _unfinished(raw: dict[str, Any]) -> bool:
    """A task handle or an input-required answer (``resultType`` other than ``complete``), or a
    2025-11-25 CreateTaskResult (a ``task`` and no ``content``): the normalizer's PendingCall."""
    result_type = raw.get("resultType")
    if result_type is not None and result_type != "complete":
        return True
    return "content" not in raw and isinstance(raw.get("task"), dict)


async def send_tool_call(
    session: Any,
    name: str,
    arguments: dict[str, Any],
    *,
    timeout: float | None = None,
    progress: Any = None,
    meta: dict[str, Any] | None = None,
    input_responses: Any = None,
    request_state: str | None = None,
) -> Any:
    """The server's answer to one ``tools/call`` on ``session``: a CallToolResult; under mcp 1.x a
    task handle or an input-required result as the JSON it came in (mcp 1.x has no type for the
    2026-07-28 ones: its CallToolResult would refuse them), for the normalizer's PendingCall; under
    mcp 2.x whatever else the session's own call would accept before its checks. ``timeout`` None leaves the session's own read
    timeout in force; it raises what the SDK's call raises (McpError/MCPError on a timeout)."""
    fields: dict[str, Any] = {"name": name, "arguments": arguments}
    if meta:
        fields["_meta"] = types.RequestParams.Meta(**meta) if _MCP_V1 else meta
    if input_responses is not None:
        fields["input_responses"] = input_responses
    if request_state is not None:
        fields["request_state"] = request_state
    params = types.CallToolRequestParams(**fields)
    if _MCP_V1:
        answer = await session.send_request(
            types.ClientRequest(types.CallToolRequest(params=params)),
            _AnyAnswer,
            request_read_timeout_seconds=None if timeout is None else datetime.timedelta(seconds=timeout),
            progress_callback=progress,
        )
        raw = answer.model_dump(by_alias=True, mode="json", exclude_none=True)
        # An unfinished answer goes on as it came; anything else is read as the SDK reads a result.
        return raw if _unfinished(raw) else types.CallToolResult.model_validate(raw)
    # The session's own result type for tools/call: CallToolResult, or the shapes it may answer instead.
    result_type = getattr(session, "_call_tool_adapter", types.CallToolResult)
    return await session.send_request(
        types.CallToolRequest(params=params), result_type, request_read_timeout_seconds=timeout, progress_callback=progress,
    )


async def send_request(session: Any, method: str, params: dict[str, Any], timeout: float | None = None) -> dict[str, Any]:
    """One request of the tasks extension (``tasks/get``, ``tasks/cancel``) on ``session``, its
    answer as the JSON it came in. mcp 1.x knows both methods by name (from 2025-11-25) and sends
    them as they are; the 2026-07-28 answers are read whole, not by its 2025-11-25 types."""
    kinds = {"tasks/get": (types.GetTaskRequest, types.GetTaskRequestParams), "tasks/cancel": (types.CancelTaskRequest, types.CancelTaskRequestParams)}
    request_type, params_type = kinds[method]
    request = request_type(params=params_type(**params))
    wait = None if timeout is None else (datetime.timedelta(seconds=timeout) if _MCP_V1 else timeout)
    answer = await session.send_request(types.ClientRequest(request) if _MCP_V1 else request, _AnyAnswer, request_read_timeout_seconds=wait)
    return answer.model_dump(by_alias=True, mode="json", exclude_none=True)  # type: ignore[no-any-return]


def session_requester(session: Any) -> Callable[[str, dict[str, Any], float | None], Awaitable[dict[str, Any]]]:
    """The requests of a follower on one open session."""

    async def request(method: str, params: dict[str, Any], timeout: float | None) -> dict[str, Any]:
        return await send_request(session, method, params, timeout)

    return request


def _error_code(error: BaseException) -> Any:
    data = getattr(error, "error", None)
    return getattr(data, "code", getattr(error, "code", None))


class McpTaskFollower:
    """The task follower of an MCP tool (the seam's, spec/07-replay.md §7.10): ``tasks/get`` and
    ``tasks/cancel`` through ``request`` (``session_requester``, or one that opens a session per
    request), and ``read``, the tool's normalize step for a completed task's result."""

    #: Seconds a tasks/cancel may take; the seam itself stops waiting sooner.
    CANCEL_TIMEOUT = 1.0

    def __init__(self, request: Callable[[str, dict[str, Any], float | None], Awaitable[dict[str, Any]]], read: Callable[[Any], Any]) -> None:
        self._request = request
        self._read = read

    async def get(self, task_id: str) -> Any:
        try:
            return await self._request("tasks/get", {"taskId": task_id}, None)
        except Exception as e:
            if type(e).__name__ in ("McpError", "MCPError") and _error_code(e) == _INVALID_PARAMS:
                return None  # the server does not know the task (expired, or never made)
            raise

    async def cancel(self, task_id: str) -> None:
        await self._request("tasks/cancel", {"taskId": task_id}, self.CANCEL_TIMEOUT)

    def read(self, result: Any) -> Any:
        return self._read(result)


@contextmanager
def metadata_span(tool: str, call_id: str | None) -> Iterator[Callable[[Any], None]]:
    """A CLIENT span ``tools/call <tool>`` around one MCP call, with OpenTelemetry's current tracer
    provider (a no-op without an SDK). It carries the tool's name and the call ID, and, through the
    function it yields (called with the CallToolResult), ``error.type`` and an ERROR status without
    a description when the result is an error. An exception is never recorded: its message may
    quote the result; the span gets only the exception's type name."""
    try:
        from opentelemetry import trace
    except ImportError:  # no OpenTelemetry API installed: nothing to trace into
        yield lambda _result: None
        return
    attributes = {"mcp.method.name": "tools/call", "gen_ai.tool.name": tool}
    if call_id:
        attributes["gen_ai.tool.call.id"] = call_id
    tracer = trace.get_tracer("toolresult.integrations")
    with tracer.start_as_current_span(
        f"tools/call {tool}", kind=trace.SpanKind.CLIENT, attributes=attributes, record_exception=False, set_status_on_exception=False,
    ) as span:

        def answered(result: Any) -> None:
            if getattr(result, "isError", getattr(result, "is_error", False)) is True:
                span.set_attribute("error.type", "tool_error")
                span.set_status(trace.StatusCode.ERROR)

        try:
            yield answered
        except BaseException as e:
            span.set_attribute("error.type", type(e).__qualname__)
            span.set_status(trace.StatusCode.ERROR)
            raise
