"""Google's Agent Development Kit (google-adk 2.13, mcp 1.x or 2.x).

    seam = Seam(ledger=SqliteLedger("calls.db"))
    toolset = ToolResultMcpToolset(seam, connection_params=...)   # McpToolset's arguments after the seam
    agent = LlmAgent(name=..., model=..., tools=[toolset])
    async for event in runner.run_async(...): ...
    seam.result(part.function_response.id)   # for each function response of the run's events

The seam is ``McpTool._run_async_impl`` of each tool the toolset lists: the one method with the
``ToolContext`` (``function_call_id``, the session) that can still reach the raw ``CallToolResult``.
Every ``tools/call`` is sent by the seam on ADK's own pooled MCP session (:mod:`.mcp_call`), under
the same request headers, trace context, progress callback and transport watch
(``SessionContext._run_guarded``) as ADK's call, but not through ``ClientSession.call_tool``: the MCP
SDK checks structuredContent against the listed outputSchema there and raises on a mismatch, where
the normalizer keeps the text (TR-NORM-30).

What ADK is handed is what it keeps. A tool's return value becomes the function response of an
event, and ADK persists every event (its session services write them to their store and replay
them to the model on the session's later turns), traces it (``gcp.vertex.agent.tool_response``)
and gives it to the model: ADK's own MCP tool returns the whole ``CallToolResult`` there,
structuredContent, ``_meta`` and the base64 of every image included. Through the seam the function
response is ``{"result": wire content}`` (the key ADK itself gives a tool's plain return, which its
model connectors send as the text) or, for an error result, ``{"error": content}``, whose only member
is ``error``: the error form of a Gemini function response. Nothing else rides the event, its
``actions`` or the session state. The structured value, the artifacts and the audit record stay
with the program: ``seam.result(function_call_id)`` (from the ledger) and ``seam.record(...)``.

A call is keyed in the ledger by the ADK session's ID (the conversation; ADK replays a session's
events on every turn), its function-call ID, and the tool's name and arguments. The deadline is the
seam's; the MCP session's own read timeout (``StreamableHTTPConnectionParams.timeout``, a stdio
server's ``timeout``) still bounds each request first.
"""

from __future__ import annotations

import copy
import inspect
from typing import Any, cast

from google.adk.agents.readonly_context import ReadonlyContext
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.mcp_tool.mcp_session_manager import _is_session_terminated_error
from google.adk.tools.mcp_tool.mcp_tool import McpTool, _merge_auth_and_provider_headers
from google.adk.tools.mcp_tool.mcp_toolset import McpToolset
from google.adk.tools.mcp_tool.session_context import SessionContext
from opentelemetry import propagate

from .mcp_call import send_tool_call
from .seam_call import CallOutcome, Seam, mcp_run

__all__ = ["Seam", "ToolResultMcpTool", "ToolResultMcpToolset", "function_response"]


def function_response(outcome: CallOutcome) -> dict[str, Any]:
    """What ADK is handed for one call: the wire content under ``result``, an error's under ``error``."""
    return {"error": outcome.result.content} if outcome.result.is_error else {"result": outcome.result.content}


def _listed(tool: Any, wire: str, field: str) -> Any:
    """A field of a listed MCP Tool: mcp 1.x names it as the wire does, mcp 2.x in snake case."""
    value = getattr(tool, wire, None)
    return value if value is not None else getattr(tool, field, None)


def _session_scope(tool_context: Any) -> str | None:
    session = getattr(tool_context, "session", None)
    scope = getattr(session, "id", None)
    return scope if isinstance(scope, str) and scope else None


class ToolResultMcpTool(McpTool):  # type: ignore[misc]
    """An ``McpTool`` whose call goes through the seam (made by :class:`ToolResultMcpToolset`)."""

    _toolresult_seam: Seam

    async def _run_async_impl(self, *, args: Any, tool_context: Any, credential: Any) -> dict[str, Any]:
        seam = self._toolresult_seam
        name = self._mcp_tool.name
        arguments = dict(args or {})

        async def call() -> Any:
            return await self._send(arguments, tool_context, credential)

        run = mcp_run(call, _listed(self._mcp_tool, "outputSchema", "output_schema"), seam.bound)
        outcome = await seam.call(tool_context.function_call_id, run, scope=_session_scope(tool_context), tool=name, arguments=arguments)
        return function_response(outcome)

    async def _send(self, arguments: dict[str, Any], tool_context: Any, credential: Any) -> Any:
        """ADK's own ``_run_async_impl`` up to the answer, the request sent by :func:`send_tool_call`."""
        auth_headers = await self._get_headers(tool_context, credential)
        dynamic_headers = None
        if self._header_provider:
            dynamic_headers = self._header_provider(ReadonlyContext(tool_context._invocation_context))
            if inspect.isawaitable(dynamic_headers):
                dynamic_headers = await dynamic_headers
        headers = _merge_auth_and_provider_headers(auth_headers=auth_headers, provider_headers=cast(Any, dynamic_headers)) or None
        carrier: dict[str, str] = {}
        propagate.get_global_textmap().inject(carrier=carrier)  # the server's spans join the run's trace
        session = await self._create_session(headers=headers)
        manager = self._mcp_session_manager
        request = send_tool_call(session, self._mcp_tool.name, arguments, progress=self._resolve_progress_callback(tool_context), meta=carrier or None)
        manager._begin_session_use(headers)  # held out of the pool's idle sweep while the call runs
        try:
            watched = manager._get_session_context(headers=headers)
            # The call raced against the session's transport task: a crashed transport ends it at once.
            return await (watched._run_guarded(request) if isinstance(watched, SessionContext) else request)
        except Exception as e:
            if _is_session_terminated_error(e):
                manager._discard_session(headers, session=session)
            raise
        finally:
            manager._end_session_use(headers)


class ToolResultMcpToolset(McpToolset):  # type: ignore[misc]
    """``McpToolset`` whose tools call through the seam; every other tool it lists (the resource
    loader) is given as the toolset made it."""

    def __init__(self, seam: Seam, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._toolresult_seam = seam

    async def get_tools(self, readonly_context: Any = None) -> list[BaseTool]:
        tools = await super().get_tools(readonly_context)
        return [self._through_seam(t) if isinstance(t, McpTool) else t for t in tools]

    def _through_seam(self, tool: McpTool) -> ToolResultMcpTool:
        # McpToolset builds McpTool by name with no factory to override; a shallow copy of the tool it
        # built (its session manager, auth and filters shared, as they are between its own tools) takes
        # the seam's class, so whatever this version's constructor set up is kept.
        seamed = copy.copy(tool)
        seamed.__class__ = ToolResultMcpTool
        seamed._toolresult_seam = self._toolresult_seam
        return cast(ToolResultMcpTool, seamed)
