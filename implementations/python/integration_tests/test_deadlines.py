"""Every Python integration bounds each MCP call: a server that never answers, one that dies in the
middle of a call and one that answers after the deadline all give the model an error result
within the deadline + 2 s, and a cancelled call returns within 1 s; a stack's own timeout is honoured.

The clocks here only guard against a hang: each test asserts the outcome (the interrupted or the
tool-failure result, stored under the call ID). The deadline is 1.5 s and the slow tool answers
after 6 s, so a loaded machine only makes the late answer later still; the margins (2 s, 1 s) are
what the issue names and cover the event loop's wake-up, not the tool's work.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
import unittest
from datetime import timedelta

from langchain_core.messages import AIMessage
from langchain_mcp_adapters.client import MultiServerMCPClient
from langgraph.graph import START, MessagesState, StateGraph
from langgraph.prebuilt import ToolNode
from langchain_mcp_adapters.tools import load_mcp_tools

from integration_tests.support import SERVER, server_env, stdio_connection
from toolresult import INTERRUPTED_TEXT, persist
from toolresult.integrations.seam_call import Seam
from toolresult.seam import TOOL_FAILED_TEXT

DEADLINE = 1.5
SLOW = {"TOOLRESULT_MCP_SLOW_S": "6"}
# A stack's own timeout also bounds the server's start (initialize): long enough for a loaded machine.
STACK_TIMEOUT = 8.0


def tool_graph(tools):
    """A graph of one ToolNode: LangGraph gives the node its runtime (the tool-call ID)."""
    builder = StateGraph(MessagesState)
    builder.add_node("tools", ToolNode(tools))
    builder.add_edge(START, "tools")
    return builder.compile()


def turn(name: str, call_id: str) -> AIMessage:
    return AIMessage(content="", tool_calls=[{"type": "tool_call", "name": name, "args": {}, "id": call_id}])


class LangChainDeadlines(unittest.IsolatedAsyncioTestCase):
    async def call(self, name: str, seam: Seam, session_kwargs=None):
        from toolresult.integrations.langchain import tool_interceptor

        conn = stdio_connection(os.path.join(self.dir, "c"), **SLOW)
        if session_kwargs:
            conn["session_kwargs"] = session_kwargs
        async with MultiServerMCPClient({"t": conn}).session("t") as session:
            node = tool_graph(await load_mcp_tools(session, tool_interceptors=[tool_interceptor(seam)], server_name="t"))
            started = time.monotonic()
            out = await node.ainvoke({"messages": [turn(name, f"{name}-1")]})
            return out["messages"][-1], time.monotonic() - started

    async def asyncSetUp(self):
        self.dir = tempfile.mkdtemp()

    async def test_never_answers_dies_and_answers_late(self):
        for name, text in [("hang", INTERRUPTED_TEXT), ("slow", INTERRUPTED_TEXT), ("die", TOOL_FAILED_TEXT)]:
            with self.subTest(name):
                seam = Seam(deadline=DEADLINE)
                message, took = await self.call(name, seam)
                self.assertEqual((message.status, message.content), ("error", f'{{"error": "{text}"}}'))
                self.assertLess(took, DEADLINE + 2)
                self.assertEqual(seam.result(f"{name}-1").content, text)

    async def test_the_session_read_timeout_is_honoured(self):
        seam = Seam(deadline=None)
        message, took = await self.call("hang", seam, {"read_timeout_seconds": timedelta(seconds=STACK_TIMEOUT)})
        self.assertEqual(message.content, f'{{"error": "{INTERRUPTED_TEXT}"}}')
        self.assertLess(took, STACK_TIMEOUT + 2)

    async def test_cancellation_returns_within_a_second(self):
        from toolresult.integrations.langchain import tool_interceptor

        seam = Seam(deadline=60)
        async with MultiServerMCPClient({"t": stdio_connection(os.path.join(self.dir, "c"))}).session("t") as session:
            node = tool_graph(await load_mcp_tools(session, tool_interceptors=[tool_interceptor(seam)], server_name="t"))
            task = asyncio.ensure_future(node.ainvoke({"messages": [turn("hang", "x-1")]}))
            await asyncio.sleep(1.0)
            started = time.monotonic()
            task.cancel()
            with self.assertRaises(asyncio.CancelledError):
                await task
            self.assertLess(time.monotonic() - started, 1.0)
        self.assertEqual(seam.result("x-1").content, INTERRUPTED_TEXT)


class OpenAIAgentsDeadlines(unittest.IsolatedAsyncioTestCase):
    async def invoke(self, name: str, seam: Seam, session_timeout: float = 30):
        from agents.mcp import MCPServerStdio
        from agents.tool_context import ToolContext

        from toolresult.integrations.openai_agents import mcp_tools

        params = {"command": sys.executable, "args": [SERVER], "env": server_env(os.path.join(tempfile.mkdtemp(), "c"), **SLOW)}
        async with MCPServerStdio(params=params, client_session_timeout_seconds=session_timeout) as server:
            tools = {t.name: t for t in await mcp_tools(server, seam)}
            ctx = ToolContext(context=None, tool_name=name, tool_call_id=f"{name}-1", tool_arguments="{}")
            started = time.monotonic()
            if name == "cancel":
                task = asyncio.ensure_future(tools["hang"].on_invoke_tool(ctx, "{}"))
                await asyncio.sleep(1.0)
                started = time.monotonic()
                task.cancel()
                with self.assertRaises(asyncio.CancelledError):
                    await task
                return None, time.monotonic() - started
            return await tools[name].on_invoke_tool(ctx, "{}"), time.monotonic() - started

    async def test_never_answers_dies_and_answers_late(self):
        for name, text in [("hang", INTERRUPTED_TEXT), ("slow", INTERRUPTED_TEXT), ("die", TOOL_FAILED_TEXT)]:
            with self.subTest(name):
                out, took = await self.invoke(name, Seam(deadline=DEADLINE))
                self.assertEqual(out, f'{{"error": "{text}"}}')
                self.assertLess(took, DEADLINE + 2)

    async def test_the_servers_session_timeout_is_honoured(self):
        out, took = await self.invoke("hang", Seam(deadline=None), session_timeout=STACK_TIMEOUT)
        self.assertEqual(out, f'{{"error": "{INTERRUPTED_TEXT}"}}')
        self.assertLess(took, STACK_TIMEOUT + 2)

    async def test_cancellation_returns_within_a_second(self):
        seam = Seam(deadline=60)
        _, took = await self.invoke("cancel", seam)
        self.assertLess(took, 1.0)
        self.assertEqual(seam.result("cancel-1").content, INTERRUPTED_TEXT)


class PydanticAIDeadlines(unittest.IsolatedAsyncioTestCase):
    async def invoke(self, name: str, seam: Seam, read_timeout: float = 300):
        from fastmcp.client.transports import StdioTransport
        from pydantic_ai import RunContext
        from pydantic_ai.models.test import TestModel
        from pydantic_ai.usage import RunUsage

        from toolresult.integrations.pydantic_ai import ToolResultMCPToolset

        transport = StdioTransport(command=sys.executable, args=[SERVER], env=server_env(os.path.join(tempfile.mkdtemp(), "c"), **SLOW))
        toolset = ToolResultMCPToolset(seam, transport, read_timeout=read_timeout, init_timeout=60)
        async with toolset:
            ctx = RunContext(deps=None, model=TestModel(), usage=RunUsage(), tool_call_id=f"{name}-1")
            tools = await toolset.get_tools(ctx)
            tool_name = "hang" if name == "cancel" else name
            started = time.monotonic()
            call = toolset.call_tool(tool_name, {}, ctx, tools[tool_name])
            if name == "cancel":
                task = asyncio.ensure_future(call)
                await asyncio.sleep(1.0)
                started = time.monotonic()
                task.cancel()
                with self.assertRaises(asyncio.CancelledError):
                    await task
                return None, time.monotonic() - started
            return await call, time.monotonic() - started

    async def test_never_answers_dies_and_answers_late(self):
        for name, text in [("hang", INTERRUPTED_TEXT), ("slow", INTERRUPTED_TEXT), ("die", TOOL_FAILED_TEXT)]:
            with self.subTest(name):
                out, took = await self.invoke(name, Seam(deadline=DEADLINE))
                self.assertEqual(out.return_value, f'{{"error": "{text}"}}')
                self.assertLess(took, DEADLINE + 2)

    async def test_the_toolsets_read_timeout_is_honoured(self):
        out, took = await self.invoke("hang", Seam(deadline=None), read_timeout=STACK_TIMEOUT)
        self.assertEqual(out.return_value, f'{{"error": "{INTERRUPTED_TEXT}"}}')
        self.assertLess(took, STACK_TIMEOUT + 2)

    async def test_cancellation_returns_within_a_second(self):
        seam = Seam(deadline=60)
        _, took = await self.invoke("cancel", seam)
        self.assertLess(took, 1.0)
        self.assertEqual(seam.result("cancel-1").content, INTERRUPTED_TEXT)


if __name__ == "__main__":
    unittest.main()
