"""The OpenAI Agents SDK (openai-agents 0.24).

    seam = Seam(ledger=SqliteLedger("calls.db"))
    async with MCPServerStdio(params={...}) as server:
        agent = Agent(name=..., model=..., tools=await mcp_tools(server, seam) + [result_tool(...)])
        run = await Runner.run(agent, "...")
    seam.result(item.call_id)   # for each ToolCallOutputItem of run.new_items

The seam is a function tool per MCP tool of a connected ``MCPServer`` (not ``mcp_servers=[...]``):
``MCPServer.call_tool`` gets no tool-call ID, ``custom_data_extractor`` on an MCP server cannot
change what the model is given, and the SDK's MCP conversion sends structuredContent
(``use_structured_content``) or embedded blobs as model text. A function tool's
``on_invoke_tool`` has ``ToolContext.tool_call_id`` and returns the model text itself; its
``custom_data_extractor`` puts the audit record on the run's ``ToolCallOutputItem.custom_data``,
which the SDK never sends to the model (``agents/items.py``). The server's own
``client_session_timeout_seconds`` (5 s by default) still bounds each request first.

Each ``tools/call`` is sent on the server's MCP session itself (:mod:`.mcp_call`), under the
server's own retries and request lock, not through ``MCPServer.call_tool``: the MCP SDK's call
checks structuredContent against the listed outputSchema and raises on a mismatch, so the tool's
text would be lost, where the normalizer keeps it and drops the structured value (TR-NORM-30). A
server object without a session of the SDK's kind is called through its ``call_tool``.

The model text is the wire content, an error's as ``{"error": content}`` (a function tool has no
error output). On the SDK's LiteLLM model that text goes on as a Chat Completions tool message:
LiteLLM's Gemini converter parses a JSON object text into the function response, so Gemini is
given ``{"error": ...}``, its own error form; its Bedrock converter sets no ``status`` on any
``toolResult``, so Bedrock reads the error only from the text.

A call is keyed in the ledger by the run's ``RunConfig.group_id`` (the conversation; the Seam's
``scope`` when the run has none), its tool-call ID, and the tool's name and arguments. The trace ID
is not used: unless given, each run (a resumed one too) gets a new one, and a resumed run must find
the calls it already made.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from agents import FunctionTool
from agents.tool_context import ToolContext

from .mcp_call import McpTaskFollower, send_tool_call, session_requester
from .seam_call import Seam, local_run, mcp_read, mcp_run

__all__ = ["Seam", "mcp_tools", "result_tool"]


def _arguments(raw: str) -> dict[str, Any]:
    args = json.loads(raw) if raw else {}
    if not isinstance(args, dict):
        raise ValueError("the tool arguments are not a JSON object")
    return args


def _tool(name: str, description: str, schema: Any, invoke: Any, seam: Seam) -> FunctionTool:
    return FunctionTool(
        name=name,
        description=description,
        params_json_schema=schema if isinstance(schema, dict) else {"type": "object", "properties": {}},
        on_invoke_tool=invoke,
        strict_json_schema=False,
        custom_data_extractor=lambda data: seam.record(data.tool_context.tool_call_id),
    )


def _scope(ctx: ToolContext[Any]) -> str | None:
    group = getattr(getattr(ctx, "run_config", None), "group_id", None)
    return group if isinstance(group, str) else None


def _listed(tool: Any, wire: str, field: str) -> Any:
    """A field of a listed MCP Tool: mcp 1.x names it as the wire does (``inputSchema``), mcp 2.x
    in snake case (``input_schema``, the wire name only as its alias); the SDK accepts both."""
    value = getattr(tool, wire, None)
    return value if value is not None else getattr(tool, field, None)


async def _call_tool(server: Any, name: str, args: dict[str, Any]) -> Any:
    """``server.call_tool(name, args)`` of the SDK's MCP servers (its check of required arguments,
    its retries, its request lock, the session's read timeout) without the MCP SDK's schema check.
    A transport error is raised as the SDK raised it, not mapped to the server's UserError: the
    seam keeps nothing of either (TR-REPLAY-11)."""
    session = getattr(server, "session", None)
    if session is None or not callable(getattr(session, "send_request", None)):
        return await server.call_tool(name, args)
    check = getattr(server, "_validate_required_parameters", None)
    if check is not None:  # refuses missing required arguments before anything is sent, as call_tool does
        check(tool_name=name, arguments=args)
    serialize = getattr(server, "_maybe_serialize_request", None)
    retries = getattr(server, "_run_with_retries", None)

    async def send() -> Any:
        return await send_tool_call(session, name, args)

    async def once() -> Any:
        return await (serialize(send) if serialize is not None else send())

    return await (retries(once) if retries is not None else once())


def _follower(server: Any, schema: Any, seam: Seam) -> McpTaskFollower | None:
    """The task follower of a call on ``server``'s session (``tasks/get``, ``tasks/cancel``, spec
    §7.10), None when the server has no session to send them on (the call then ends unfollowed)."""
    session = getattr(server, "session", None)
    if session is None or not callable(getattr(session, "send_request", None)):
        return None
    return McpTaskFollower(session_requester(session), mcp_read(schema, seam.bound))


async def mcp_tools(server: Any, seam: Seam) -> list[FunctionTool]:
    """A function tool for every tool the connected ``server`` lists, each call through the seam."""
    tools = []
    for listed in await server.list_tools():

        def invoke_for(mcp_tool: Any) -> Any:
            async def invoke(ctx: ToolContext[Any], raw: str) -> str:
                args = _arguments(raw)
                schema = _listed(mcp_tool, "outputSchema", "output_schema")
                run = mcp_run(lambda: _call_tool(server, mcp_tool.name, args), schema, seam.bound)
                follower = _follower(server, schema, seam)
                return (await seam.call(ctx.tool_call_id, run, scope=_scope(ctx), tool=ctx.tool_name, arguments=args, follower=follower)).text

            return invoke

        tools.append(_tool(listed.name, listed.description or "", _listed(listed, "inputSchema", "input_schema"), invoke_for(listed), seam))
    return tools


def result_tool(func: Callable[..., Any], *, name: str, description: str, params_json_schema: dict[str, Any], seam: Seam) -> FunctionTool:
    """A function tool from a function (or coroutine function) returning a ToolResult, a string or
    JSON data, called with the model's arguments as keywords."""

    async def invoke(ctx: ToolContext[Any], raw: str) -> str:
        args = _arguments(raw)
        run = local_run(lambda: func(**args), seam.bound)
        return (await seam.call(ctx.tool_call_id, run, scope=_scope(ctx), tool=ctx.tool_name, arguments=args)).text

    return _tool(name, description, params_json_schema, invoke, seam)
