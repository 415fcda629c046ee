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
from typing import Any, Callable, Iterator

import mcp.types as types

__all__ = ["metadata_span", "send_tool_call"]

# mcp 1.x wraps a request in the ClientRequest root model and takes a timedelta; in mcp 2.x
# ClientRequest is a plain union and a request goes as itself, its timeout in seconds.
_MCP_V1 = isinstance(getattr(types, "ClientRequest", None), type)


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
    """The server's answer to one ``tools/call`` on ``session``: a CallToolResult, or under mcp 2.x
    whatever else the session's own call would accept before its checks (an input-required or a
    claimed result, for the caller to drive). ``timeout`` None leaves the session's own read
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
        return await session.send_request(
            types.ClientRequest(types.CallToolRequest(params=params)),
            types.CallToolResult,
            request_read_timeout_seconds=None if timeout is None else datetime.timedelta(seconds=timeout),
            progress_callback=progress,
        )
    # The session's own result type for tools/call: CallToolResult, or the shapes it may answer instead.
    result_type = getattr(session, "_call_tool_adapter", types.CallToolResult)
    return await session.send_request(
        types.CallToolRequest(params=params), result_type, request_read_timeout_seconds=timeout, progress_callback=progress,
    )


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
