"""Strands Agents through ``toolresult.integrations.strands``: an ``Agent`` with ``mcp_tools(client,
seam)`` of a started ``MCPClient`` (stdio, the real MCP server), on a ``FileSessionManager`` (every
message of the agent is written to its folder), with a scripted model (no network) that keeps every
message list it is sent. The model and the stored session get the model text (an error with
``status: "error"``); the program reads every run-only kind from the seam. A control run of Strands'
own MCP tools leaks into the same kind of folder, so the search can find what it looks for. A stuck
server gives the interrupted result at the deadline; a cancelled run and ``Agent.cancel()`` leave
the interrupted entry.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
import unittest
from pathlib import Path
from typing import Any, AsyncIterable

from mcp import StdioServerParameters
from mcp.client.stdio import stdio_client
from strands import Agent
from strands.models.model import Model
from strands.session.file_session_manager import FileSessionManager
from strands.tools.mcp import MCPClient

from integration_tests.support import CANARIES, SERVER, calls, leaks, running, server_env, stuck_pids
from toolresult import INTERRUPTED_TEXT
from toolresult.integrations.strands import Seam, mcp_tools

MODEL_TEXT = "Sunny in Paris, 21 C"
INTERRUPTED = json.dumps({"error": INTERRUPTED_TEXT})
START_GUARD = 60.0
END_GUARD = 20.0


class ScriptedModel(Model):
    """Calls each scripted tool (name, tool-use ID) in its first turn, then answers "done"; keeps
    every message list it is sent, as JSON."""

    def __init__(self, script: list[tuple[str, str]]) -> None:
        self.script = script
        self.seen: list[str] = []

    def update_config(self, **model_config: Any) -> None:
        pass

    def get_config(self) -> Any:
        return {}

    def structured_output(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError

    async def stream(self, messages: Any, tool_specs: Any = None, system_prompt: Any = None, **kwargs: Any) -> AsyncIterable[Any]:
        self.seen.append(json.dumps(messages, default=str))
        answered = any("toolResult" in block for m in messages for block in m.get("content", []))
        yield {"messageStart": {"role": "assistant"}}
        if answered:
            yield {"contentBlockStart": {"start": {}}}
            yield {"contentBlockDelta": {"delta": {"text": "done"}}}
            yield {"contentBlockStop": {}}
            yield {"messageStop": {"stopReason": "end_turn"}}
            return
        for name, use_id in self.script:
            yield {"contentBlockStart": {"start": {"toolUse": {"toolUseId": use_id, "name": name}}}}
            yield {"contentBlockDelta": {"delta": {"toolUse": {"input": '{"city": "Paris"}'}}}}
            yield {"contentBlockStop": {}}
        yield {"messageStop": {"stopReason": "tool_use"}}


class StrandsCase(unittest.IsolatedAsyncioTestCase):
    def setUp(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.counter = os.path.join(self.folder.name, "counter")
        self.pids = os.path.join(self.folder.name, "pids")

    def tearDown(self) -> None:
        self.folder.cleanup()

    def client(self) -> MCPClient:
        env = server_env(self.counter, TOOLRESULT_MCP_PIDS=self.pids)
        return MCPClient(lambda: stdio_client(StdioServerParameters(command=sys.executable, args=[SERVER], env=env)), startup_timeout=60)

    def agent(self, model: ScriptedModel, tools: list[Any], store: str | None = None) -> Agent:
        sessions = FileSessionManager(session_id="session-1", storage_dir=store) if store else None
        return Agent(model=model, tools=tools, session_manager=sessions, callback_handler=None)

    def tool_results(self, agent: Agent) -> dict[str, Any]:
        return {b["toolResult"]["toolUseId"]: b["toolResult"] for m in agent.messages for b in m["content"] if "toolResult" in b}

    def stored(self, store: str) -> str:
        return "\n".join(p.read_bytes().decode("latin-1") for p in sorted(Path(store).rglob("*")) if p.is_file())


class ModelSessionAndLedger(StrandsCase):
    async def test_the_model_and_the_stored_session_get_the_model_text_the_program_reads_the_rest(self) -> None:
        seam = Seam()
        store = os.path.join(self.folder.name, "sessions")
        model = ScriptedModel([("private", "call-p"), ("private_error", "call-e"), ("mismatch", "call-x")])
        with self.client() as client:
            agent = self.agent(model, mcp_tools(client, seam), store)
            await agent.invoke_async("weather?")
        results = self.tool_results(agent)
        self.assertEqual(results["call-e"], {"toolUseId": "call-e", "status": "error", "content": [{"text": '{"error": "no forecast for Paris"}'}]})
        self.assertEqual(results["call-x"], {"toolUseId": "call-x", "status": "success", "content": [{"text": MODEL_TEXT}]})  # TR-NORM-30
        self.assertEqual(sorted(results["call-p"]), ["content", "status", "toolUseId"])
        self.assertTrue(results["call-p"]["content"][0]["text"].startswith(MODEL_TEXT))
        stored = self.stored(store)
        self.assertIn(MODEL_TEXT, stored)  # the tool's answer is in the stored session
        self.assertEqual(leaks(stored), [], "run-only canaries in the session folder")
        sent = "\n".join(model.seen)
        self.assertIn("no forecast for Paris", sent)
        self.assertEqual(leaks(sent), [], "run-only canaries in what the model was sent")
        private = seam.result("call-p")
        self.assertEqual(private.structured["secret"], CANARIES["structuredContent"])
        self.assertIn(CANARIES["user-only text"], json.dumps(private.to_json()))
        self.assertEqual(seam.result("call-e").structured, {"code": CANARIES["error body"]})
        # Keyed by the session manager's session.
        self.assertIsNotNone(seam.result("call-p", scope="session-1", tool="private", arguments={"city": "Paris"}))
        self.assertEqual(list(seam.result("call-x").warnings), ["structured.schema_mismatch"])
        self.assertEqual(calls(self.counter), {"private": 1, "private_error": 1, "mismatch": 1})

    async def test_control_strands_own_mcp_tools_leak_into_the_same_session_folder(self) -> None:
        store = os.path.join(self.folder.name, "plain")
        with self.client() as client:
            await self.agent(ScriptedModel([("private", "call-p")]), client.list_tools_sync(), store).invoke_async("weather?")
        found = leaks(self.stored(store))
        self.assertIn("structuredContent", found)
        self.assertIn("_meta value", found)


class StuckServer(StrandsCase):
    async def stuck_pid(self) -> int:
        guard = time.monotonic() + START_GUARD
        while not stuck_pids(self.pids):
            self.assertLess(time.monotonic(), guard, "the server never reached the stuck tool")
            await asyncio.sleep(0.05)
        return stuck_pids(self.pids)[0]

    async def assert_ends(self, pid: int) -> None:
        guard = time.monotonic() + END_GUARD
        while running(pid):
            self.assertLess(time.monotonic(), guard, "the stuck server was never terminated")
            await asyncio.sleep(0.05)

    async def test_the_deadline_gives_the_model_the_interrupted_result(self) -> None:
        seam = Seam(deadline=1.5)
        with self.client() as client:
            agent = self.agent(ScriptedModel([("hang", "h1"), ("slow", "l1"), ("stuck", "s1")]), mcp_tools(client, seam))
            started = time.monotonic()
            await agent.invoke_async("go")
            took = time.monotonic() - started
            pid = stuck_pids(self.pids)[0]
            self.assertTrue(running(pid), "the answer waited for the stuck server")
        self.assertLess(took, 1.5 + 2)  # the three calls run at once, each cut off at the deadline
        for use_id in ("h1", "l1", "s1"):
            self.assertEqual(self.tool_results(agent)[use_id]["content"], [{"text": INTERRUPTED}], use_id)
            self.assertEqual(seam.result(use_id).content, INTERRUPTED_TEXT, use_id)
        await self.assert_ends(pid)

    async def test_a_cancelled_run_returns_and_leaves_the_interrupted_entry(self) -> None:
        seam = Seam(deadline=60)
        with self.client() as client:
            agent = self.agent(ScriptedModel([("stuck", "s1")]), mcp_tools(client, seam))
            task = asyncio.ensure_future(agent.invoke_async("go"))
            pid = await self.stuck_pid()
            started = time.monotonic()
            task.cancel()
            with self.assertRaises(asyncio.CancelledError):
                await task
            self.assertLess(time.monotonic() - started, 1.0)
            self.assertTrue(running(pid), "the cancellation waited for the stuck server")
            self.assertEqual(seam.result("s1").content, INTERRUPTED_TEXT)
        await self.assert_ends(pid)

    async def test_agent_cancel_ends_the_call_as_interrupted(self) -> None:
        seam = Seam(deadline=60)
        with self.client() as client:
            agent = self.agent(ScriptedModel([("stuck", "s1")]), mcp_tools(client, seam))
            task = asyncio.ensure_future(agent.invoke_async("go"))
            pid = await self.stuck_pid()
            agent.cancel()
            await asyncio.wait_for(task, END_GUARD)  # a guard only
            self.assertEqual(seam.result("s1").content, INTERRUPTED_TEXT)
        await self.assert_ends(pid)


if __name__ == "__main__":
    unittest.main()
