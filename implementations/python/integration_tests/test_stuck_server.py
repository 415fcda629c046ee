"""A stuck MCP server (its event loop blocked: it never reads stdin again, so it never sees stdin
close) under each integration as its README sets it up: the deadline gives the model the
interrupted result, and a cancelled run returns, without waiting for the server to go away.

The MCP SDK's stdio client closes a session by closing stdin, waiting 2 s for the server to exit,
then terminating it. LangChain's ``client.get_tools()`` / ``mcp_tools(client, seam)`` open a session
inside every call, so that close is part of the call unless the seam leaves it behind. What each
test asserts is an order, not a speed: when the answer (or the cancellation) comes back, the stuck
server is still running, so nothing waited for its close; and it ends afterwards all the same (the
close goes on). The clocks only guard: the requirement's bounds (deadline + 2 s, 1 s for a cancel)
and how long the server may take to start or to be terminated.

The Agents SDK and Pydantic AI set-ups hold one session for the whole program (``async with
MCPServerStdio``; fastmcp's stdio transport keeps its process between runs), so their calls never
close it; the session's own close, at the program's end, is the stack's (the same 2 s there).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import time
import unittest
from typing import Any, Awaitable, Callable

from agents import Agent, RunConfig, Runner, Usage
from agents.items import ModelResponse, ToolCallOutputItem
from agents.mcp import MCPServerStdio
from agents.models.interface import Model
from fastmcp.client.transports import StdioTransport
from langchain.agents import create_agent
from langchain_mcp_adapters.client import MultiServerMCPClient
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText
from pydantic_ai import Agent as PydanticAgent
from pydantic_ai.messages import ModelResponse as PydanticResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from integration_tests.fake_model import ScriptedModel, call
from integration_tests.support import SERVER, running, server_env, stdio_connection, stuck_pids
from toolresult import INTERRUPTED_TEXT
from toolresult.integrations.langchain import Seam, mcp_tools
from toolresult.integrations.openai_agents import mcp_tools as agents_mcp_tools
from toolresult.integrations.pydantic_ai import ToolResultMCPToolset

# A per-call session starts the server inside the call's deadline: 8 s is beyond any start seen on
# a loaded machine, so the tool is stuck before the deadline passes. A held session starts outside it.
PER_CALL_DEADLINE = 8.0
HELD_DEADLINE = 1.5
INTERRUPTED = f'{{"error": "{INTERRUPTED_TEXT}"}}'
# Guards only: the server's start, and the close that terminates it (2 s, then SIGTERM).
START_GUARD = 60.0
END_GUARD = 20.0


class TimedSeam(Seam):
    """A Seam that notes when each call starts."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.started: list[float] = []

    async def call(self, *args: Any, **kwargs: Any) -> Any:
        self.started.append(time.monotonic())
        return await super().call(*args, **kwargs)


class StuckCase(unittest.IsolatedAsyncioTestCase):
    def setUp(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.counter = os.path.join(self.folder.name, "counter")
        self.pids = os.path.join(self.folder.name, "pids")

    def tearDown(self) -> None:
        self.folder.cleanup()

    def env(self) -> dict[str, str]:
        return {"TOOLRESULT_MCP_PIDS": self.pids}

    async def stuck_pid(self) -> int:
        guard = time.monotonic() + START_GUARD
        while not stuck_pids(self.pids):
            self.assertLess(time.monotonic(), guard, "the server never reached the stuck tool")
            await asyncio.sleep(0.05)
        [pid] = stuck_pids(self.pids)
        return pid

    async def assert_ends(self, pid: int) -> None:
        guard = time.monotonic() + END_GUARD
        while running(pid):
            self.assertLess(time.monotonic(), guard, "the stuck server was never terminated")
            await asyncio.sleep(0.05)

    async def deadline_case(self, deadline: float, prepare: Callable[[Seam], Awaitable[Callable[[], Awaitable[str]]]], closes_per_call: bool) -> None:
        seam = TimedSeam(deadline=deadline)
        answer = await (await prepare(seam))()
        took = time.monotonic() - seam.started[0]  # from the call's start (a per-call server's start included)
        [pid] = stuck_pids(self.pids)
        self.assertTrue(running(pid), "the answer waited for the stuck server's session to close")
        self.assertEqual(answer, INTERRUPTED)
        self.assertEqual(seam.result("s1").content, INTERRUPTED_TEXT)
        self.assertLess(took, deadline + 2)
        if closes_per_call:
            await self.assert_ends(pid)  # the session left behind still closes

    async def cancel_case(self, prepare: Callable[[Seam], Awaitable[Callable[[], Awaitable[Any]]]], closes_per_call: bool) -> None:
        seam = Seam(deadline=60)
        task = asyncio.ensure_future((await prepare(seam))())
        pid = await self.stuck_pid()
        started = time.monotonic()
        task.cancel()
        with self.assertRaises(asyncio.CancelledError):
            await task
        took = time.monotonic() - started
        self.assertTrue(running(pid), "the cancellation waited for the stuck server's session to close")
        self.assertLess(took, 1.0)
        # A stack may return from a cancelled run before its tool tasks end (the Agents SDK's
        # gather does): the entry is read once the call's task has stored it.
        guard = time.monotonic() + END_GUARD
        while seam.result("s1") is None:
            self.assertLess(time.monotonic(), guard, "the cancelled call stored no entry")
            await asyncio.sleep(0.05)
        self.assertEqual(seam.result("s1").content, INTERRUPTED_TEXT)
        if closes_per_call:
            await self.assert_ends(pid)


class LangChainReadme(StuckCase):
    """``MultiServerMCPClient`` + ``mcp_tools(client, seam)`` + ``create_agent``: a session per call."""

    async def run_agent(self, seam: Seam) -> Callable[[], Awaitable[str]]:
        client = MultiServerMCPClient({"t": stdio_connection(self.counter, **self.env())})
        agent = create_agent(ScriptedModel(turns=[[call("stuck", "s1")]]), await mcp_tools(client, seam))

        async def run() -> str:
            state = await agent.ainvoke({"messages": [("user", "go")]}, {"configurable": {"thread_id": "t"}})
            return str(next(m for m in state["messages"] if m.type == "tool").content)

        return run

    async def test_the_deadline_answers_without_waiting_for_the_session_to_close(self) -> None:
        await self.deadline_case(PER_CALL_DEADLINE, self.run_agent, closes_per_call=True)

    async def test_a_cancelled_run_returns_without_waiting_for_the_session_to_close(self) -> None:
        await self.cancel_case(self.run_agent, closes_per_call=True)


class StuckAgentsModel(Model):
    async def get_response(self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any) -> ModelResponse:
        done = isinstance(input, list) and any(isinstance(i, dict) and i.get("type") == "function_call_output" for i in input)
        item: Any = (ResponseOutputMessage(id="m", type="message", role="assistant", status="completed",
                                           content=[ResponseOutputText(type="output_text", text="done", annotations=[])]) if done
                     else ResponseFunctionToolCall(type="function_call", call_id="s1", name="stuck", arguments="{}"))
        return ModelResponse(output=[item], usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError


class OpenAIAgentsReadme(StuckCase):
    """``async with MCPServerStdio(...)`` + ``mcp_tools(server, seam)`` + ``Runner.run``."""

    async def with_server(self, body: Callable[[Any], Awaitable[Any]]) -> Any:
        params = {"command": sys.executable, "args": [SERVER], "env": server_env(self.counter, **self.env())}
        async with MCPServerStdio(params=params, client_session_timeout_seconds=30) as server:
            return await body(server)

    async def test_the_deadline_answers(self) -> None:
        async def body(server: Any) -> None:
            async def prepare(seam: Seam) -> Callable[[], Awaitable[str]]:
                agent = Agent(name="a", model=StuckAgentsModel(), tools=await agents_mcp_tools(server, seam))

                async def run() -> str:
                    result = await Runner.run(agent, "go", run_config=RunConfig(tracing_disabled=True))
                    return str(next(i for i in result.new_items if isinstance(i, ToolCallOutputItem)).output)

                return run

            await self.deadline_case(HELD_DEADLINE, prepare, closes_per_call=False)

        await self.with_server(body)

    async def test_a_cancelled_run_returns(self) -> None:
        async def body(server: Any) -> None:
            async def prepare(seam: Seam) -> Callable[[], Awaitable[Any]]:
                agent = Agent(name="a", model=StuckAgentsModel(), tools=await agents_mcp_tools(server, seam))
                return lambda: Runner.run(agent, "go", run_config=RunConfig(tracing_disabled=True))

            await self.cancel_case(prepare, closes_per_call=False)

        await self.with_server(body)


class PydanticAIReadme(StuckCase):
    """``ToolResultMCPToolset(seam, StdioTransport(...))`` + ``agent.run``."""

    async def run_agent(self, seam: Seam) -> Callable[[], Awaitable[str]]:
        return lambda: self.agent_run(seam)

    async def agent_run(self, seam: Seam) -> str:
        def model(messages: list[Any], info: AgentInfo) -> PydanticResponse:
            if len(messages) == 1:
                return PydanticResponse(parts=[ToolCallPart("stuck", {}, tool_call_id="s1")])
            return PydanticResponse(parts=[TextPart("done")])

        transport = StdioTransport(command=sys.executable, args=[SERVER], env=server_env(self.counter, **self.env()))
        agent = PydanticAgent(FunctionModel(model), toolsets=[ToolResultMCPToolset(seam, transport, init_timeout=START_GUARD)])
        run = await agent.run("go")
        part = next(p for m in run.all_messages() for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart))
        # An error result is Pydantic AI's ToolFailed: its content is the wire content.
        return f'{{"error": "{part.content}"}}' if part.outcome == "failed" else str(part.content)

    async def test_the_deadline_answers(self) -> None:
        await self.deadline_case(HELD_DEADLINE, self.run_agent, closes_per_call=False)

    async def test_a_cancelled_run_returns(self) -> None:
        await self.cancel_case(self.run_agent, closes_per_call=False)


if __name__ == "__main__":
    unittest.main()
