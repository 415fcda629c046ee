"""Google ADK through ``toolresult.integrations.google_adk``: an ``LlmAgent`` with the seam's
``ToolResultMcpToolset`` (stdio, the real MCP server), run by a ``Runner`` on ADK's
``SqliteSessionService`` (a file: every event of the run is written there and replayed to the model
on the session's next turn), with a scripted model (no network) that keeps every request it is
handed. The model and the persisted events get the wire content (an error as the function
response ``{"error": ...}``); the program reads every run-only kind from the seam. A control run of
ADK's own ``McpToolset`` leaks into the same kind of file, so the search can find what it looks for.
A stuck server gives the interrupted result at the deadline, and a cancelled run returns at once.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import tempfile
import time
import unittest
from typing import Any, AsyncGenerator

from google.adk.agents import LlmAgent
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import Runner
from google.adk.sessions.sqlite_session_service import SqliteSessionService
from google.adk.tools.mcp_tool import McpToolset, StdioConnectionParams
from google.genai import types
from mcp import StdioServerParameters

from integration_tests.support import CANARIES, SERVER, calls, leaks, running, server_env, stored_text, stuck_pids
from toolresult import INTERRUPTED_TEXT
from toolresult.integrations.google_adk import Seam, ToolResultMcpToolset

MODEL_TEXT = "Sunny in Paris, 21 C"
# Guards only (test_stuck_server.py): the server's start, and its end once the session closes.
START_GUARD = 60.0
END_GUARD = 20.0


class ScriptedLlm(BaseLlm):
    """Calls each scripted tool (name, function-call ID) in its first turn, then answers "done";
    keeps every request's contents as JSON (what a model connector would send)."""

    script: list[tuple[str, str]] = []
    seen: list[str] = []

    async def generate_content_async(self, llm_request: LlmRequest, stream: bool = False) -> AsyncGenerator[LlmResponse, None]:
        self.seen.append(json.dumps([c.model_dump(mode="json", exclude_none=True) for c in llm_request.contents]))
        answered = any(p.function_response is not None for c in llm_request.contents for p in (c.parts or []))
        if answered:
            parts = [types.Part(text="done")]
        else:
            parts = [types.Part(function_call=types.FunctionCall(id=i, name=n, args={"city": "Paris"})) for n, i in self.script]
        yield LlmResponse(content=types.Content(role="model", parts=parts))


class AdkCase(unittest.IsolatedAsyncioTestCase):
    def setUp(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.counter = os.path.join(self.folder.name, "counter")
        self.pids = os.path.join(self.folder.name, "pids")

    def tearDown(self) -> None:
        self.folder.cleanup()

    def connection(self) -> StdioConnectionParams:
        env = server_env(self.counter, TOOLRESULT_MCP_PIDS=self.pids)
        return StdioConnectionParams(server_params=StdioServerParameters(command=sys.executable, args=[SERVER], env=env), timeout=30)

    async def run_agent(self, toolset: Any, script: list[tuple[str, str]], db: str) -> tuple[ScriptedLlm, list[Any]]:
        """One turn of a session on a SqliteSessionService file; the function responses of its events."""
        model = ScriptedLlm(model="scripted", script=script, seen=[])
        agent = LlmAgent(name="weather", model=model, instruction="Use the tools.", tools=[toolset])
        sessions = SqliteSessionService(db)
        runner = Runner(agent=agent, app_name="app", session_service=sessions)
        try:
            session = await sessions.create_session(app_name="app", user_id="user", session_id="session-1")
            responses = []
            message = types.Content(role="user", parts=[types.Part(text="weather?")])
            async for event in runner.run_async(user_id="user", session_id=session.id, new_message=message):
                responses += [p.function_response for p in (event.content.parts or []) if event.content and p.function_response]
            return model, responses
        finally:
            await toolset.close()
            await runner.close()
            await sessions.close()


class ModelEventsAndLedger(AdkCase):
    async def test_the_model_and_the_persisted_session_get_the_wire_content_the_program_reads_the_rest(self) -> None:
        seam = Seam()
        db = os.path.join(self.folder.name, "sessions.db")
        toolset = ToolResultMcpToolset(seam, connection_params=self.connection())
        model, responses = await self.run_agent(toolset, [("private", "call-p"), ("private_error", "call-e"), ("mismatch", "call-x")], db)
        by_id = {r.id: r.response for r in responses}
        self.assertEqual(set(by_id), {"call-p", "call-e", "call-x"})
        self.assertEqual(by_id["call-e"], {"error": "no forecast for Paris"})  # the Gemini error form: `error` alone
        self.assertEqual(by_id["call-x"], {"result": MODEL_TEXT})  # TR-NORM-30: the text is kept, the value dropped
        self.assertEqual(list(by_id["call-p"]), ["result"])
        self.assertTrue(by_id["call-p"]["result"].startswith(MODEL_TEXT))
        stored = stored_text(db)
        self.assertIn(MODEL_TEXT, stored)  # the tool's answer is in the persisted events
        self.assertEqual(leaks(stored), [], "run-only canaries in the ADK session file")
        sent = "\n".join(model.seen)
        self.assertIn("no forecast for Paris", sent)
        self.assertEqual(leaks(sent), [], "run-only canaries in what the model was handed")
        # The program reads every run-only kind from the seam, keyed by the ADK session.
        private = seam.result("call-p")
        self.assertEqual(private.structured["secret"], CANARIES["structuredContent"])
        self.assertIn(CANARIES["user-only text"], json.dumps(private.to_json()))
        self.assertEqual(seam.result("call-e").structured, {"code": CANARIES["error body"]})
        self.assertIsNotNone(seam.result("call-p", scope="session-1", tool="private", arguments={"city": "Paris"}))
        self.assertEqual(list(seam.result("call-x").warnings), ["structured.schema_mismatch"])
        self.assertEqual(calls(self.counter), {"private": 1, "private_error": 1, "mismatch": 1})

    async def test_control_adks_own_toolset_leaks_into_the_same_session_file(self) -> None:
        db = os.path.join(self.folder.name, "plain.db")
        await self.run_agent(McpToolset(connection_params=self.connection()), [("private", "call-p")], db)
        found = leaks(stored_text(db))
        self.assertIn("structuredContent", found)
        self.assertIn("media as base64", found)


class StuckServer(AdkCase):
    """A server whose event loop is blocked (test_stuck_server.py): ADK holds the session, so the
    answer never waits for it to close; the toolset's close at the end terminates it."""

    async def stuck_pid(self) -> int:
        guard = time.monotonic() + START_GUARD
        while not stuck_pids(self.pids):
            self.assertLess(time.monotonic(), guard, "the server never reached the stuck tool")
            await asyncio.sleep(0.05)
        return stuck_pids(self.pids)[0]

    async def test_the_deadline_gives_the_model_the_interrupted_result(self) -> None:
        seam = Seam(deadline=1.5)
        db = os.path.join(self.folder.name, "s.db")
        started = time.monotonic()
        toolset = ToolResultMcpToolset(seam, connection_params=self.connection())
        model, responses = await self.run_agent(toolset, [("hang", "h1"), ("stuck", "s1")], db)
        self.assertLess(time.monotonic() - started, START_GUARD)
        self.assertEqual({r.id: r.response for r in responses}, {"h1": {"error": INTERRUPTED_TEXT}, "s1": {"error": INTERRUPTED_TEXT}})
        self.assertEqual((seam.result("h1").content, seam.result("s1").content), (INTERRUPTED_TEXT, INTERRUPTED_TEXT))
        self.assertIn(INTERRUPTED_TEXT, model.seen[-1])
        guard = time.monotonic() + END_GUARD
        [pid] = stuck_pids(self.pids)
        while running(pid):  # closed with the toolset
            self.assertLess(time.monotonic(), guard, "the stuck server was never terminated")
            await asyncio.sleep(0.05)

    async def test_the_deadline_is_counted_from_the_call(self) -> None:
        seam = Seam(deadline=1.5)
        toolset = ToolResultMcpToolset(seam, connection_params=self.connection())
        await toolset.get_tools()  # the session is open before the run: only the call is timed
        started = time.monotonic()
        _, responses = await self.run_agent(toolset, [("slow", "late-1")], os.path.join(self.folder.name, "l.db"))
        self.assertEqual([r.response for r in responses], [{"error": INTERRUPTED_TEXT}])
        self.assertLess(time.monotonic() - started, 1.5 + 2 + 2.5)  # + the toolset's close (stdin, 2 s, signal)

    async def test_a_cancelled_run_returns_and_leaves_the_interrupted_entry(self) -> None:
        seam = Seam(deadline=60)
        toolset = ToolResultMcpToolset(seam, connection_params=self.connection())
        task = asyncio.ensure_future(self.run_agent(toolset, [("stuck", "s1")], os.path.join(self.folder.name, "c.db")))
        pid = await self.stuck_pid()
        started = time.monotonic()
        task.cancel()
        with self.assertRaises(asyncio.CancelledError):
            await task
        # The run's own close of the toolset is part of the cancelled task (stdin, 2 s, then a signal).
        self.assertLess(time.monotonic() - started, 1.0 + 2.5)
        self.assertEqual(seam.result("s1").content, INTERRUPTED_TEXT)
        guard = time.monotonic() + END_GUARD
        while running(pid):
            self.assertLess(time.monotonic(), guard, "the stuck server was never terminated")
            await asyncio.sleep(0.05)


if __name__ == "__main__":
    unittest.main()
