"""Every Python integration bounds each MCP call: a server that never answers, one that dies in the
middle of a call, one that answers after the deadline and one whose event loop is stuck (it never
sees its stdin close) all give the model the error result within the deadline + 2 s; a cancelled
call returns within 1 s and leaves the interrupted entry; a stack's own timeout is honoured. The
LangChain cases run on a held session and on the README's session per call.

The clocks only guard against a hang: each test asserts the outcome (which error result, stored
under the call ID). The deadline is 1.5 s and the slow tool answers after 6 s, so a loaded machine
only makes the late answer later still; the margins (2 s, 1 s) cover the event loop's wake-up, not
any work of the tool. A stack's own timeout also bounds the server's start (the initialize
request), so those tests give it 8 s, beyond any start seen on a loaded machine.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
import unittest
from datetime import timedelta
from typing import Any, Awaitable, Callable

from agents.mcp import MCPServerStdio
from agents.tool_context import ToolContext
from fastmcp.client.transports import StdioTransport
from langchain_core.messages import AIMessage
from langchain_mcp_adapters.client import MultiServerMCPClient
from langchain_mcp_adapters.tools import load_mcp_tools
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode
from pydantic_ai import RunContext
from pydantic_ai.exceptions import ToolFailed
from pydantic_ai.models.test import TestModel
from pydantic_ai.usage import RunUsage

from integration_tests.support import SERVER, calls, server_env, stdio_connection
from toolresult import INTERRUPTED_TEXT
from toolresult.integrations.langchain import mcp_tools as langchain_mcp_tools, tool_interceptor
from toolresult.integrations.openai_agents import mcp_tools
from toolresult.integrations.pydantic_ai import ToolResultMCPToolset
from toolresult.integrations.seam_call import Seam
from toolresult.seam import TOOL_FAILED_TEXT

DEADLINE = 1.5
STACK_TIMEOUT = 8.0
SLOW = {"TOOLRESULT_MCP_SLOW_S": "6"}
INTERRUPTED = f'{{"error": "{INTERRUPTED_TEXT}"}}'
FAILED = f'{{"error": "{TOOL_FAILED_TEXT}"}}'

# A stack's one call: (tool name, call ID) -> what the model is given.
Invoke = Callable[[str, str], Awaitable[str]]


class Deadlines:
    """The cases, for a stack whose ``connect(seam, **stack_timeout)`` yields an Invoke."""

    deadline = DEADLINE

    def connect(self, seam: Seam, stack_timeout: float | None = None) -> Any:
        raise NotImplementedError

    async def timed(self, invoke: Invoke, name: str, call_id: str) -> tuple[str, float]:
        started = time.monotonic()
        out = await invoke(name, call_id)
        return out, time.monotonic() - started

    async def test_never_answers_and_answers_late_then_cancelled(self) -> None:
        seam = Seam(deadline=self.deadline)
        async with self.connect(seam) as invoke:
            # stuck: its event loop is blocked, so it never sees stdin close (test_stuck_server.py)
            for name in ("hang", "slow", "stuck"):
                out, took = await self.timed(invoke, name, f"{name}-1")
                self.assertEqual(out, INTERRUPTED, name)
                self.assertLess(took, self.deadline + 2, name)
                self.assertEqual(seam.result(f"{name}-1").content, INTERRUPTED_TEXT)
        for name in ("hang", "stuck"):
            seam = Seam(deadline=60)
            async with self.connect(seam) as invoke:
                task = asyncio.ensure_future(invoke(name, "cancel-1"))
                await self.until_called(name)  # the request is out
                started = time.monotonic()
                task.cancel()
                with self.assertRaises(asyncio.CancelledError):
                    await task
                self.assertLess(time.monotonic() - started, 1.0, name)
            self.assertEqual(seam.result("cancel-1").content, INTERRUPTED_TEXT, name)

    async def until_called(self, name: str) -> None:
        guard = time.monotonic() + 60  # only the server's start
        while calls(self.counter).get(name, 0) == 0:
            self.assertLess(time.monotonic(), guard, f"the server never ran {name}")
            await asyncio.sleep(0.05)

    async def test_dies_mid_call(self) -> None:
        seam = Seam(deadline=self.deadline)
        async with self.connect(seam) as invoke:
            out, took = await self.timed(invoke, "die", "die-1")
        self.assertEqual(out, FAILED)  # the client reports the lost server; the run goes on
        self.assertLess(took, self.deadline + 2)

    async def test_the_stacks_own_timeout_is_honoured(self) -> None:
        async with self.connect(Seam(deadline=None), STACK_TIMEOUT) as invoke:
            out, took = await self.timed(invoke, "hang", "own-1")
        self.assertEqual(out, INTERRUPTED)
        self.assertLess(took, STACK_TIMEOUT + 2)


def _counter(case: Any) -> str:
    case.counter = os.path.join(tempfile.mkdtemp(), "counter")
    return str(case.counter)


class _Connection:
    def __init__(self, enter: Callable[[], Awaitable[Invoke]], exit: Callable[[], Awaitable[None]]) -> None:
        self.enter, self.exit = enter, exit

    async def __aenter__(self) -> Invoke:
        return await self.enter()

    async def __aexit__(self, *_: Any) -> None:
        await self.exit()


class LangChainDeadlines(Deadlines, unittest.IsolatedAsyncioTestCase):
    def connect(self, seam: Seam, stack_timeout: float | None = None) -> Any:
        conn = stdio_connection(_counter(self), **SLOW)
        if stack_timeout is not None:  # the adapters' way: ClientSession(read_timeout_seconds=timedelta)
            conn["session_kwargs"] = {"read_timeout_seconds": timedelta(seconds=stack_timeout)}
        context = MultiServerMCPClient({"t": conn}).session("t")

        async def enter() -> Invoke:
            session = await context.__aenter__()
            builder = StateGraph(MessagesState)  # a graph gives the ToolNode its runtime (the call ID)
            builder.add_node("tools", ToolNode(await load_mcp_tools(session, tool_interceptors=[tool_interceptor(seam)], server_name="t")))
            builder.add_edge(START, "tools")
            graph = builder.compile()

            async def invoke(name: str, call_id: str) -> str:
                ask = AIMessage(content="", tool_calls=[{"type": "tool_call", "name": name, "args": {}, "id": call_id}])
                return (await graph.ainvoke({"messages": [ask]}))["messages"][-1].content

            return invoke

        return _Connection(enter, lambda: context.__aexit__(None, None, None))


class LangChainSessionPerCallDeadlines(Deadlines, unittest.IsolatedAsyncioTestCase):
    """The README's set-up: ``mcp_tools(client, seam)``, a session (and a server process) opened
    inside each call, so the server's start is inside the deadline: 8 s, beyond any start seen on a
    loaded machine, with the slow tool answering after 20 s."""

    deadline = 8.0

    def connect(self, seam: Seam, stack_timeout: float | None = None) -> Any:
        conn = stdio_connection(_counter(self), TOOLRESULT_MCP_SLOW_S="20")
        if stack_timeout is not None:
            conn["session_kwargs"] = {"read_timeout_seconds": timedelta(seconds=stack_timeout)}

        async def enter() -> Invoke:
            builder = StateGraph(MessagesState)
            builder.add_node("tools", ToolNode(await self.tools({"t": conn}, seam)))
            builder.add_edge(START, "tools")
            graph = builder.compile()

            async def invoke(name: str, call_id: str) -> str:
                ask = AIMessage(content="", tool_calls=[{"type": "tool_call", "name": name, "args": {}, "id": call_id}])
                return (await graph.ainvoke({"messages": [ask]}))["messages"][-1].content

            return invoke

        return _Connection(enter, _nothing)

    async def tools(self, connections: dict[str, Any], seam: Seam) -> list[Any]:
        return await langchain_mcp_tools(MultiServerMCPClient(connections), seam)


class LangChainInterceptorPerCallDeadlines(LangChainSessionPerCallDeadlines):
    """The interceptor on tools the adapter makes itself, ``client.get_tools()``: a session per call too."""

    async def tools(self, connections: dict[str, Any], seam: Seam) -> list[Any]:
        return await MultiServerMCPClient(connections, tool_interceptors=[tool_interceptor(seam)]).get_tools()


async def _nothing() -> None:
    pass


class OpenAIAgentsDeadlines(Deadlines, unittest.IsolatedAsyncioTestCase):
    def connect(self, seam: Seam, stack_timeout: float | None = None) -> Any:
        # The SDK's own per-request timeout: client_session_timeout_seconds (5 s unless set).
        server = MCPServerStdio(params={"command": sys.executable, "args": [SERVER], "env": server_env(_counter(self), **SLOW)}, client_session_timeout_seconds=stack_timeout or 30)

        async def enter() -> Invoke:
            await server.connect()
            tools = {t.name: t for t in await mcp_tools(server, seam)}

            async def invoke(name: str, call_id: str) -> str:
                ctx = ToolContext(context=None, tool_name=name, tool_call_id=call_id, tool_arguments="{}")
                return await tools[name].on_invoke_tool(ctx, "{}")

            return invoke

        return _Connection(enter, server.cleanup)


class PydanticAIDeadlines(Deadlines, unittest.IsolatedAsyncioTestCase):
    def connect(self, seam: Seam, stack_timeout: float | None = None) -> Any:
        # The toolset's own read_timeout (300 s unless set); the start gets init_timeout.
        transport = StdioTransport(command=sys.executable, args=[SERVER], env=server_env(_counter(self), **SLOW))
        toolset = ToolResultMCPToolset(seam, transport, read_timeout=stack_timeout or 300, init_timeout=60)

        async def enter() -> Invoke:
            await toolset.__aenter__()

            async def invoke(name: str, call_id: str) -> str:
                ctx = RunContext(deps=None, model=TestModel(), usage=RunUsage(), tool_call_id=call_id)
                tools = await toolset.get_tools(ctx)
                try:
                    return (await toolset.call_tool(name, {}, ctx, tools[name])).return_value
                except ToolFailed as failed:  # an error result: the form Pydantic AI's OpenAI models send
                    return json.dumps({"error": failed.message}, ensure_ascii=False)

            return invoke

        return _Connection(enter, lambda: toolset.__aexit__(None, None, None))


if __name__ == "__main__":
    unittest.main()
