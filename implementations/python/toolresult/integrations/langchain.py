"""LangChain / LangGraph (langchain-core 1.8, langgraph 1.2, langchain-mcp-adapters 0.3).

    seam = Seam(ledger=SqliteLedger("calls.db"))
    client = MultiServerMCPClient({...}, tool_interceptors=[tool_interceptor(seam)])
    tools = await client.get_tools() + [result_tool(my_func, name=..., description=..., args_schema=..., seam=seam)]
    agent = create_agent(model, tools)        # or ToolNode(tools) in a StateGraph

The seam for MCP tools is the adapter's ``tool_interceptors``: the one place that sees the raw
``CallToolResult`` (structuredContent, ``_meta``, annotations) and the LangGraph runtime with the
tool-call ID; it must be the last interceptor (innermost), so its handler is the MCP call itself.
It returns a ``ToolMessage``, which the adapter and ``BaseTool`` pass through unchanged, so the
adapter's block conversion (which raises on audio) and its error handling never run.

Every tool returns ``ToolMessage(content=model text, status, artifact=audit record)``: the
artifact, which rides ``on_tool_end`` to every tracer and is checkpointed with the state's messages,
holds only the audit record at the seam's privacy level (metadata by default: sizes, flags, warning
codes). The program reads the whole result with :func:`result_of` (from the ledger).
"""

from __future__ import annotations

from typing import Annotated, Any, Awaitable, Callable

from langchain_core.messages import ToolMessage
from langchain_core.tools import InjectedToolArg, StructuredTool
from langgraph.errors import GraphBubbleUp

from ..result import BoundedResult
from .seam_call import CallOutcome, Seam, local_run, mcp_run

__all__ = ["Seam", "result_of", "result_tool", "tool_interceptor", "tool_message"]


def tool_message(outcome: CallOutcome, name: str) -> ToolMessage:
    return ToolMessage(
        content=outcome.text,
        artifact=outcome.record,
        status="error" if outcome.result.is_error else "success",
        tool_call_id=outcome.call_id,
        name=name,
    )


def _call_id(runtime: object) -> str | None:
    call_id = getattr(runtime, "tool_call_id", None)
    return call_id if isinstance(call_id, str) and call_id else None


def tool_interceptor(seam: Seam) -> Callable[[Any, Callable[[Any], Awaitable[Any]]], Awaitable[ToolMessage]]:
    """An interceptor for ``MultiServerMCPClient``/``load_mcp_tools(tool_interceptors=[...])``:
    every MCP call through the seam, keyed by ``request.runtime.tool_call_id``. The seam's deadline
    cancels the MCP request itself (langchain-mcp-adapters passes no timeout of its own; a
    connection's ``session_kwargs={"read_timeout_seconds": timedelta(...)}`` is honoured first)."""

    async def intercept(request: Any, handler: Callable[[Any], Awaitable[Any]]) -> ToolMessage:
        run = mcp_run(lambda: handler(request), None, seam.bound)
        return tool_message(await seam.call(_call_id(request.runtime), run), request.name)

    return intercept


def result_tool(func: Callable[..., Any], *, name: str, description: str, args_schema: Any, seam: Seam) -> StructuredTool:
    """A LangChain tool from a function (or coroutine function) returning a ToolResult, a string or
    JSON data, through the seam. An ``interrupt()`` inside it propagates (the claim is given up, so
    the resumed run calls it again, as LangGraph re-runs an interrupted tool)."""

    async def call(runtime: Annotated[object | None, InjectedToolArg()] = None, **args: Any) -> tuple[ToolMessage, None]:
        outcome = await seam.call(_call_id(runtime), local_run(lambda: func(**args), seam.bound), passthrough=(GraphBubbleUp,))
        return tool_message(outcome, name), None

    return StructuredTool(name=name, description=description, args_schema=args_schema, coroutine=call, response_format="content_and_artifact")


def result_of(message: ToolMessage, seam: Seam) -> BoundedResult | None:
    """The whole bounded result behind a ToolMessage of these tools (structured value included)."""
    return seam.result(message.tool_call_id)
