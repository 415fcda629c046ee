"""Strands Agents (strands-agents 1.62, mcp 1.x or 2.x below 2.2).

    seam = Seam(ledger=SqliteLedger("calls.db"))
    with MCPClient(lambda: stdio_client(...)) as client:
        agent = Agent(model=..., tools=mcp_tools(client, seam))
        agent("...")
    seam.result(tool_use_id)   # for each toolResult block of agent.messages

The seam is ``MCPAgentTool.stream`` of each tool the connected ``MCPClient`` lists: the one method
with the ``ToolUse`` (``toolUseId``) that can still reach the raw ``CallToolResult``. Each
``tools/call`` is sent by the seam on the client's own MCP session, on the client's background
event loop (``MCPClient._invoke_on_background_thread``, the way its own call goes: its watch of the
connection's close, its bounded clean-up and ``notifications/cancelled`` on a cut-off call), but
not through ``ClientSession.call_tool``: the MCP SDK checks structuredContent against the listed
outputSchema there and raises on a mismatch, where the normalizer keeps the text (TR-NORM-30).

Strands' own MCP tool puts structuredContent and ``_meta`` into the ``ToolResult`` it yields
(``structuredContent``, ``metadata``), and that dict is what the agent keeps in ``agent.messages``,
writes through a session manager and records in its spans. Through the seam the ``ToolResult`` is
``{"toolUseId", "status", "content": [{"text": model text}]}`` and nothing else: the wire content, an
error result as ``status: "error"`` (Bedrock's and Anthropic's flag, which Strands maps) with the
text ``{"error": content}`` (the form a model reads on a provider without a flag). The structured
value, the artifacts and the audit record stay with the program: ``seam.result(tool_use_id)``.

A call is keyed in the ledger by the agent's session (its session manager's ``session_id``; the
Seam's ``scope`` when it has none), its tool-use ID, and the tool's name and arguments. The deadline
is the seam's; the tool's ``timeout`` (``MCPAgentTool.timeout``, the request's read timeout) still
bounds the request first, and ``Agent.cancel()`` (the agent's cancel signal) ends a call as
interrupted.
"""

from __future__ import annotations

import asyncio
from typing import Any, cast

from strands.tools.mcp.mcp_agent_tool import MCPAgentTool
from strands.tools.mcp.mcp_client import MCPClient, _MCPCallCancelledError
from strands.types._events import ToolResultEvent

from .mcp_call import send_tool_call
from .seam_call import CallOutcome, Seam, mcp_run
from ..seam import CallInterrupted

__all__ = ["Seam", "ToolResultMCPAgentTool", "mcp_tools", "tool_result"]


def tool_result(tool_use_id: str, outcome: CallOutcome) -> dict[str, Any]:
    """The ``ToolResult`` the agent keeps and sends: the model text and the error flag, nothing else."""
    return {"toolUseId": tool_use_id, "status": "error" if outcome.result.is_error else "success", "content": [{"text": outcome.text}]}


def _listed(tool: Any, wire: str, field: str) -> Any:
    """A field of a listed MCP Tool: mcp 1.x names it as the wire does, mcp 2.x in snake case."""
    value = getattr(tool, wire, None)
    return value if value is not None else getattr(tool, field, None)


def _seconds(value: Any) -> float | None:
    total = getattr(value, "total_seconds", None)
    return float(total()) if callable(total) else None


def _scope(agent: Any) -> str | None:
    session_id = getattr(getattr(agent, "_session_manager", None), "session_id", None)
    return session_id if isinstance(session_id, str) and session_id else None


class ToolResultMCPAgentTool(MCPAgentTool):  # type: ignore[misc]
    """An ``MCPAgentTool`` whose call goes through the seam (made by :func:`mcp_tools`)."""

    def __init__(self, seam: Seam, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._toolresult_seam = seam

    async def stream(self, tool_use: Any, invocation_state: dict[str, Any], **kwargs: Any) -> Any:
        seam = self._toolresult_seam
        agent = invocation_state.get("agent")
        arguments = dict(tool_use.get("input") or {})
        cancel = getattr(agent, "_cancel_signal", None)

        async def call() -> Any:
            try:
                return await self._send(arguments, cancel)
            except _MCPCallCancelledError:
                raise CallInterrupted() from None  # Agent.cancel(): the call may have run

        run = mcp_run(call, _listed(self.mcp_tool, "outputSchema", "output_schema"), seam.bound)
        outcome = await seam.call(tool_use["toolUseId"], run, scope=_scope(agent), tool=self.mcp_tool.name, arguments=arguments)
        yield ToolResultEvent(cast(Any, tool_result(tool_use["toolUseId"], outcome)))

    async def _send(self, arguments: dict[str, Any], cancel: Any) -> Any:
        client = self.mcp_client
        state: dict[str, Any] = {}

        async def request() -> Any:  # runs on the client's loop
            session = client._background_thread_session
            state["session"] = session
            request_id = getattr(session, "_request_id", None)
            if isinstance(request_id, int):
                # mcp 1.x: the ID this request takes (read on the loop that sends it, just before), for
                # the client's notifications/cancelled; 2.x's dispatcher sends the cancel itself.
                state["request_id"] = request_id
            return await send_tool_call(session, self.mcp_tool.name, arguments, timeout=_seconds(self.timeout))

        # A cut-off wait cancels the future, and so the request's task on the client's loop.
        return await asyncio.wrap_future(client._invoke_on_background_thread(request(), cancel_signal=cancel, cancellation_state=state))


def mcp_tools(client: MCPClient, seam: Seam) -> list[ToolResultMCPAgentTool]:
    """A tool for every tool the started ``client`` lists (every page; its prefix and filters kept),
    each call through the seam."""
    tools: list[ToolResultMCPAgentTool] = []
    token: str | None = None
    while True:
        page = client.list_tools_sync(pagination_token=token)
        tools.extend(ToolResultMCPAgentTool(seam, t.mcp_tool, client, name_override=t.tool_name, timeout=t.timeout) for t in page)
        token = getattr(page, "pagination_token", None)
        if not token:
            return tools
