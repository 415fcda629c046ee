"""Pydantic AI (pydantic-ai-slim 2.68, fastmcp 3.4 or 4.2, mcp 1.x or 2.x).

    seam = Seam(ledger=SqliteLedger("calls.db"))
    toolset = ToolResultMCPToolset(seam, "server.py")     # MCPToolset's arguments after the seam
    agent = Agent(model, toolsets=[toolset])
    run = await agent.run("...")
    seam.result(part.tool_call_id)   # for each ToolReturnPart of run.all_messages()

The seam is ``MCPToolset.call_tool`` overridden: it is the one method with the ``RunContext``
(``ctx.tool_call_id``) that can still reach the raw ``CallToolResult``. It sends ``tools/call`` on
the FastMCP client's MCP session itself (:mod:`.mcp_call`), not through ``client.call_tool_mcp``:
that call's OpenTelemetry span takes an error result's first text block as its status description,
a user-only block too, so with Pydantic AI's tracing on a run-only text reached the exported trace;
and the MCP SDK's own call raises on a structured value that breaks the listed outputSchema, where
the normalizer keeps the text (TR-NORM-30). The call keeps what ``call_tool_mcp`` does around the
request (the session's error monitoring, a 2026 server's input-required rounds and claimed results,
the trace context sent to the server, the progress handler), and gets a span of its own with only
the tool's name, the call ID and the error flag. The stack's own
mapping is never used: it would show the model structuredContent instead of the text and JSON-parse
text (``pydantic_ai/mcp.py:_map_mcp_call_tool_result``). A success returns
``ToolReturn(return_value=wire content, metadata=audit record)``: ``metadata`` is "accessible by the
application but not sent to the LLM" (``pydantic_ai/messages.py``). An error result raises
``ToolFailed(wire content)``: the stack's terminal failure, which consumes no retry and which each
provider model sends in its own error form (Anthropic ``is_error``, OpenAI ``{"error": ...}``,
``GoogleModel`` a function response ``{"error": wire content}``, ``BedrockConverseModel`` the
``toolResult`` with ``status: "error"``); the run goes on. A success's wire content is a string,
which ``GoogleModel`` sends as ``{"return_value": ...}`` (never parsed as JSON) and
``BedrockConverseModel`` as a text block. Its part carries no metadata; ``seam.result`` has the whole result. The per-call
timeout is the request's read timeout, the shorter of the seam's deadline and the toolset's own
``read_timeout``. A call is keyed in the ledger by the Seam's ``scope`` (give each
conversation its own), its tool-call ID, and the tool's name and arguments.
"""

from __future__ import annotations

from typing import Any, Callable

import mcp.types as mcp_types
from fastmcp.telemetry import inject_trace_context
from pydantic_ai import RunContext, Tool
from pydantic_ai.exceptions import ToolFailed
from pydantic_ai.mcp import MCPToolset
from pydantic_ai.messages import ToolReturn

from .mcp_call import McpTaskFollower, metadata_span, send_tool_call, session_requester
from .seam_call import CallOutcome, Seam, local_run, mcp_read, mcp_run

__all__ = ["Seam", "ToolResultMCPToolset", "result_tool"]


def _tool_return(outcome: CallOutcome) -> ToolReturn:
    if outcome.result.is_error:
        raise ToolFailed(outcome.result.content)
    return ToolReturn(return_value=outcome.result.content, metadata=outcome.record)


def _seconds(value: Any) -> float | None:
    total = getattr(value, "total_seconds", None)
    return float(total()) if callable(total) else (float(value) if isinstance(value, (int, float)) else None)


async def _call_tool(client: Any, name: str, args: dict[str, Any], timeout: float | None) -> Any:
    """``client.call_tool_mcp(name, args, timeout=timeout)`` of FastMCP 3 and 4 without its span and
    without the MCP SDK's schema check: the request on ``client.session`` itself, awaited under the
    client's watch of its session task (an HTTP transport's failure ends the call instead of
    hanging it), a 2026 server's input-required rounds driven and a claimed result resolved by the
    client as its own call does (FastMCP 4; the client re-checks the schema of a claimed result)."""
    session = client.session
    meta = inject_trace_context(None)  # the W3C trace context, so the server's spans join the run's trace
    progress = getattr(client, "_progress_handler", None)

    async def send(input_responses: Any = None, request_state: str | None = None) -> Any:
        return await send_tool_call(
            session, name, args, timeout=timeout, progress=progress, meta=meta, input_responses=input_responses, request_state=request_state,
        )

    watched = getattr(client, "_await_with_session_monitoring", None)

    async def watch(step: Any) -> Any:
        return await (watched(step) if watched is not None else step)

    result = await watch(send())
    drive = getattr(client, "_drive_input_required", None)
    if drive is not None and isinstance(result, getattr(mcp_types, "InputRequiredResult", ())):
        result = await watch(drive(result, send))
    if type(result) in (getattr(client, "_claim_by_model", None) or {}):
        result = await watch(client._resolve_claimed_result(name, result, timeout))
    return result


class ToolResultMCPToolset(MCPToolset):  # type: ignore[misc]
    def __init__(self, seam: Seam, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._toolresult_seam = seam

    def _timeout(self) -> float | None:
        own = _seconds(getattr(self.client, "_session_kwargs", {}).get("read_timeout_seconds"))
        limits = [t for t in (own, self._toolresult_seam.deadline) if t is not None]
        return min(limits) if limits else None

    async def call_tool(self, name: str, tool_args: dict[str, Any], ctx: RunContext[Any], tool: Any) -> Any:
        seam = self._toolresult_seam
        # The listed outputSchema, as get_tools() keeps it (ToolDefinition.return_schema).
        schema = getattr(getattr(tool, "tool_def", None), "return_schema", None)
        timeout = self._timeout()

        async def call() -> Any:
            with metadata_span(name, ctx.tool_call_id) as answered:
                result = await _call_tool(self.client, name, tool_args, timeout)
                answered(result)
                return result

        run = mcp_run(call, schema, seam.bound)
        # The task a call may become is followed on the client's session (spec §7.10).
        follower = McpTaskFollower(session_requester(self.client.session), mcp_read(schema, seam.bound))
        return _tool_return(await seam.call(ctx.tool_call_id, run, tool=ctx.tool_name or name, arguments=tool_args, follower=follower))


def result_tool(func: Callable[..., Any], *, name: str, description: str, json_schema: dict[str, Any], seam: Seam) -> Tool[Any]:
    """A Pydantic AI tool from a function (or coroutine function) returning a ToolResult, a string
    or JSON data, called with the model's arguments as keywords."""

    async def call(ctx: RunContext[Any], **args: Any) -> ToolReturn:
        run = local_run(lambda: func(**args), seam.bound)
        return _tool_return(await seam.call(ctx.tool_call_id, run, tool=ctx.tool_name or name, arguments=args))

    return Tool.from_schema(call, name=name, description=description, json_schema=json_schema, takes_ctx=True)
