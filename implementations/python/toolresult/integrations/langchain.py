"""LangChain / LangGraph (langchain-core 1.8, langgraph 1.2, langchain-mcp-adapters 0.3).

    seam = Seam(ledger=SqliteLedger("calls.db"))
    client = MultiServerMCPClient({...})
    tools = await mcp_tools(client, seam) + [result_tool(my_func, name=..., description=..., args_schema=..., seam=seam)]
    agent = create_agent(model, tools, checkpointer=...)   # or ToolNode(tools) in a StateGraph

:func:`mcp_tools` gives the adapter's own tools (names, descriptions, argument schemas as
``client.get_tools()`` / ``load_mcp_tools`` make them) with the seam as their one tool interceptor,
which makes the ``tools/call`` itself: the raw ``CallToolResult`` (structuredContent, ``_meta``)
goes to the MCP normalizer with the tool's listed ``outputSchema`` (TR-NORM-30). A call the server
answers with a 2026-07-28 task is followed with ``tasks/get`` on the same session (or a session per
poll, as the client opens one per call) under the seam's deadline and cancelled with ``tasks/cancel``
at it; an input-required result reaches the seam as it came (mcp 1.x has no multi-round-trip driver),
which answers it with the pinned error result and leaves the call claimable (spec §7.10). The MCP SDK's own
``ClientSession.call_tool`` is not used: it checks structuredContent against the schema itself and
raises on a mismatch, so the tool's text would be lost with it. Its ToolMessage passes through the
adapter and ``BaseTool`` unchanged, so the adapter's block conversion (which raises on audio) and
its error handling never run. :func:`tool_interceptor` is the seam for tools the adapter loaded
itself (``tool_interceptors=[...]``, innermost); it has no output schema to apply.

Every tool returns ``ToolMessage(content=model text, status, artifact=audit record)``: the
artifact, which rides ``on_tool_end`` to every tracer and is checkpointed with the state's messages,
holds only the audit record at the seam's privacy level (metadata by default: sizes, flags, warning
codes). An error's content is ``{"error": wire content}`` with ``status="error"``: most chat
models send only the content, and it is the error signal there (OpenAI formats); langchain-aws's
``ChatBedrockConverse`` also passes the status on as the ``toolResult``'s ``status: "error"``, and
langchain-google-genai reads a string content that is a JSON object as the function response
itself, so Gemini is given ``{"error": ...}``, its own error form. The program reads the whole
result with :func:`result_of` (from the ledger). A call is
keyed in the ledger by the graph's ``thread_id`` (``config["configurable"]``; the Seam's ``scope``
when the run has none), its tool-call ID, and the tool's name and arguments.
"""

from __future__ import annotations

from typing import Annotated, Any, Awaitable, Callable

import mcp.types as types
from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool, InjectedToolArg, StructuredTool
from langchain_mcp_adapters.tools import load_mcp_tools
from langgraph.errors import GraphBubbleUp

from ..result import BoundedResult
from .mcp_call import McpTaskFollower, send_request, send_tool_call, session_requester
from .seam_call import CallOutcome, Seam, local_run, mcp_read, mcp_run

__all__ = ["Seam", "mcp_tools", "result_of", "result_tool", "tool_interceptor", "tool_message"]


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


def _scope(runtime: object) -> str | None:
    """The graph's thread (``configurable.thread_id``) as text, None when the run has none."""
    config = getattr(runtime, "config", None)
    configurable = config.get("configurable") if isinstance(config, dict) else None
    thread = configurable.get("thread_id") if isinstance(configurable, dict) else None
    return None if thread is None else str(thread)


async def _through_seam(seam: Seam, request: Any, call: Callable[[], Awaitable[Any]], output_schema: Any, follower: Any = None) -> ToolMessage:
    run = mcp_run(call, output_schema, seam.bound)
    args = dict(request.args or {})
    outcome = await seam.call(
        _call_id(request.runtime), run, scope=_scope(request.runtime), tool=request.name, arguments=args, follower=follower,
    )
    return tool_message(outcome, request.name)


def tool_interceptor(seam: Seam) -> Callable[[Any, Callable[[Any], Awaitable[Any]]], Awaitable[ToolMessage]]:
    """An interceptor for ``MultiServerMCPClient``/``load_mcp_tools(tool_interceptors=[...])``:
    every MCP call through the seam, keyed by ``request.runtime.tool_call_id``. It sees no tool
    listing, so no output schema is applied (and the MCP SDK's own check raises on a mismatch: the
    call is then a tool failure); :func:`mcp_tools` applies it. The seam's deadline cancels the MCP
    request itself (a connection's ``session_kwargs={"read_timeout_seconds": timedelta(...)}`` is
    honoured first)."""

    async def intercept(request: Any, handler: Callable[[Any], Awaitable[Any]]) -> ToolMessage:
        return await _through_seam(seam, request, lambda: handler(request), None)

    return intercept


async def _listed_schemas(session: Any) -> dict[str, Any]:
    """Every listed tool's ``outputSchema`` by name (None where it declares none), all pages."""
    schemas: dict[str, Any] = {}
    cursor = None
    while True:
        page = await session.list_tools(params=types.PaginatedRequestParams(cursor=cursor)) if cursor else await session.list_tools()
        for tool in page.tools:
            schemas[tool.name] = tool.outputSchema
        cursor = page.nextCursor
        if not cursor:
            return schemas


async def _raw_call(session: Any, name: str, args: dict[str, Any]) -> Any:
    """``tools/call`` as ``ClientSession.call_tool`` sends it, without the SDK's schema check; a
    task handle or an input-required answer comes back as it came (mcp_call.send_tool_call)."""
    return await send_tool_call(session, name, args)


def _own_session_requester(open_session: Any) -> Any:
    """A follower's requests when each call opens a session of its own (a MultiServerMCPClient):
    each poll opens one too, as the adapter does per call; the server keeps the task, not the session."""

    async def request(method: str, params: dict[str, Any], timeout: float | None) -> dict[str, Any]:
        failed: Exception | None = None
        async with open_session() as own:
            try:
                return await send_request(own, method, params, timeout)
            except Exception as e:  # noqa: BLE001 - raised below, outside the session (see _schema_interceptor)
                failed = e
        raise failed if failed is not None else RuntimeError("the MCP session closed without an answer")

    return request


def _schema_interceptor(seam: Seam, schemas: dict[str, Any], open_session: Any, session: Any) -> Any:
    async def intercept(request: Any, handler: Callable[[Any], Awaitable[Any]]) -> ToolMessage:
        async def call() -> Any:
            if session is not None:
                return await _raw_call(session, request.name, dict(request.args or {}))
            failed: Exception | None = None
            async with open_session() as own:  # a session for the call, as the adapter opens one
                try:
                    return await _raw_call(own, request.name, dict(request.args or {}))
                except Exception as e:  # noqa: BLE001 - raised below, outside the session
                    failed = e
            # Raised here, as the adapter does: from inside, the session's task group would wrap it
            # in an exception group, and a client timeout would no longer read as one.
            raise failed if failed is not None else RuntimeError("the MCP session closed without an answer")

        schema = schemas.get(request.name)
        requester = session_requester(session) if session is not None else _own_session_requester(open_session)
        follower = McpTaskFollower(requester, mcp_read(schema, seam.bound))
        return await _through_seam(seam, request, call, schema, follower)

    return intercept


async def mcp_tools(source: Any, seam: Seam, *, server_name: str | None = None) -> list[BaseTool]:
    """The MCP tools of ``source`` through the seam. ``source`` is a ``MultiServerMCPClient``
    (every server's tools, or ``server_name``'s; each call in a session of its own, as
    ``client.get_tools()`` makes them; the client's callbacks, tool-name prefix and error handling
    kept, its own interceptors not run) or an initialized ``ClientSession`` (each call on it)."""
    connections = getattr(source, "connections", None)
    if not isinstance(connections, dict):
        schemas = await _listed_schemas(source)
        intercept = _schema_interceptor(seam, schemas, None, source)
        return await load_mcp_tools(source, tool_interceptors=[intercept], server_name=server_name)
    tools: list[BaseTool] = []
    for name in [server_name] if server_name is not None else list(connections):
        async with source.session(name) as listing:
            schemas = await _listed_schemas(listing)

        def open_session(name: str = name) -> Any:
            return source.session(name)

        tools += await load_mcp_tools(
            None,
            connection=connections[name],
            callbacks=source.callbacks,
            tool_interceptors=[_schema_interceptor(seam, schemas, open_session, None)],
            server_name=name,
            tool_name_prefix=source.tool_name_prefix,
            handle_tool_errors=source.handle_tool_errors,
        )
    return tools


def result_tool(func: Callable[..., Any], *, name: str, description: str, args_schema: Any, seam: Seam) -> StructuredTool:
    """A LangChain tool from a function (or coroutine function) returning a ToolResult, a string or
    JSON data, through the seam. An ``interrupt()`` inside it propagates (the claim is given up, so
    the resumed run calls it again, as LangGraph re-runs an interrupted tool)."""

    async def call(runtime: Annotated[object | None, InjectedToolArg()] = None, **args: Any) -> tuple[ToolMessage, None]:
        outcome = await seam.call(
            _call_id(runtime), local_run(lambda: func(**args), seam.bound), passthrough=(GraphBubbleUp,),
            scope=_scope(runtime), tool=name, arguments=args,
        )
        return tool_message(outcome, name), None

    return StructuredTool(name=name, description=description, args_schema=args_schema, coroutine=call, response_format="content_and_artifact")


def result_of(message: ToolMessage, seam: Seam, **key: Any) -> BoundedResult | None:
    """The whole bounded result behind a ToolMessage of these tools (structured value included): the
    last call the Seam made under its tool-call ID, or the one ``scope``/``tool``/``arguments`` name."""
    return seam.result(message.tool_call_id, **key)
