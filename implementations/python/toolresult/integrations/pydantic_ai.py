"""Pydantic AI (pydantic-ai-slim 2.68, fastmcp 3.4).

    seam = Seam(ledger=SqliteLedger("calls.db"))
    toolset = ToolResultMCPToolset(seam, "server.py")     # MCPToolset's arguments after the seam
    agent = Agent(model, toolsets=[toolset])
    run = await agent.run("...")
    seam.result(part.tool_call_id)   # for each ToolReturnPart of run.all_messages()

The seam is ``MCPToolset.call_tool`` overridden: it is the one method with the ``RunContext``
(``ctx.tool_call_id``) that can still reach the raw ``CallToolResult``
(``client.call_tool_mcp``, which neither raises on isError nor maps the result). The stack's own
mapping is never used: it would show the model structuredContent instead of the text and JSON-parse
text (``pydantic_ai/mcp.py:_map_mcp_call_tool_result``). A success returns
``ToolReturn(return_value=wire content, metadata=audit record)``: ``metadata`` is "accessible by the
application but not sent to the LLM" (``pydantic_ai/messages.py``). An error result raises
``ToolFailed(wire content)``: the stack's terminal failure, which consumes no retry and which each
provider model sends in its own error form (Anthropic ``is_error``, OpenAI ``{"error": ...}``); the
run goes on. Its part carries no metadata; ``seam.result`` has the whole result. The per-call timeout is passed
as fastmcp reads it (``call_tool_mcp(timeout=seconds)``), the shorter of the seam's deadline and
the toolset's own ``read_timeout``. A call is keyed in the ledger by the Seam's ``scope`` (give each
conversation its own), its tool-call ID, and the tool's name and arguments.
"""

from __future__ import annotations

from typing import Any, Callable

from pydantic_ai import RunContext, Tool
from pydantic_ai.exceptions import ToolFailed
from pydantic_ai.mcp import MCPToolset
from pydantic_ai.messages import ToolReturn

from .seam_call import CallOutcome, Seam, local_run, mcp_run

__all__ = ["Seam", "ToolResultMCPToolset", "result_tool"]


def _tool_return(outcome: CallOutcome) -> ToolReturn:
    if outcome.result.is_error:
        raise ToolFailed(outcome.result.content)
    return ToolReturn(return_value=outcome.result.content, metadata=outcome.record)


def _seconds(value: Any) -> float | None:
    total = getattr(value, "total_seconds", None)
    return float(total()) if callable(total) else (float(value) if isinstance(value, (int, float)) else None)


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
        schema = (getattr(tool, "tool_def", None) and tool.tool_def.metadata or {}).get("output_schema")
        timeout = self._timeout()
        run = mcp_run(lambda: self.client.call_tool_mcp(name, tool_args, timeout=timeout), schema, seam.bound)
        return _tool_return(await seam.call(ctx.tool_call_id, run, tool=ctx.tool_name or name, arguments=tool_args))


def result_tool(func: Callable[..., Any], *, name: str, description: str, json_schema: dict[str, Any], seam: Seam) -> Tool[Any]:
    """A Pydantic AI tool from a function (or coroutine function) returning a ToolResult, a string
    or JSON data, called with the model's arguments as keywords."""

    async def call(ctx: RunContext[Any], **args: Any) -> ToolReturn:
        run = local_run(lambda: func(**args), seam.bound)
        return _tool_return(await seam.call(ctx.tool_call_id, run, tool=ctx.tool_name or name, arguments=args))

    return Tool.from_schema(call, name=name, description=description, json_schema=json_schema, takes_ctx=True)
