"""A LangGraph run whose MCP tool answers with a 2026-07-28 task (task_server.py, a real server over
stdio), through toolresult.integrations.langchain: killed (SIGKILL) while the task runs and resumed
in a new process on the same SQLite ledger and checkpoints, the tool runs once (the server's
counter), the new process polls the same task, and the one stored result replays byte for byte. A
task that outlives the deadline ends as the interrupted result within the deadline plus 2 s and is
cancelled on the server. An input-required answer is the pinned error result, nothing stored."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest
from pathlib import Path

from agents.mcp import MCPServerStdio
from agents.tool_context import ToolContext
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from toolresult import INTERRUPTED_TEXT
from toolresult.integrations.langchain import Seam
from toolresult.integrations.mcp_call import McpTaskFollower, send_tool_call, session_requester
from toolresult.integrations.openai_agents import mcp_tools as agents_mcp_tools
from toolresult.integrations.seam_call import mcp_read, mcp_run
from toolresult.ledger_store import SqliteLedger
from toolresult.task_follow import INPUT_REQUIRED_TEXT

WORKER = str(Path(__file__).with_name("task_worker.py"))
SERVER = str(Path(__file__).with_name("task_server.py"))


def events(folder: str) -> list[str]:
    path = os.path.join(folder, "events")
    return Path(path).read_text(encoding="utf-8").split() if os.path.exists(path) else []


def worker(mode: str, folder: str, *extra: str) -> dict:
    done = subprocess.run([sys.executable, WORKER, mode, folder, *extra], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise AssertionError(f"worker {mode} failed in {folder}: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


class TaskRuns(unittest.TestCase):
    def setUp(self) -> None:
        self.folder = tempfile.mkdtemp(prefix="tr-task-")

    def test_killed_while_the_task_runs_and_resumed_runs_the_tool_once_and_replays_one_result(self) -> None:
        first = subprocess.Popen([sys.executable, WORKER, "first", self.folder], stdout=subprocess.DEVNULL, start_new_session=True)
        # Killed once it polls the task: by then the seam recorded the task with its claim.
        give_up = time.monotonic() + 60  # a clock only guards a hang
        while not any(e.startswith("get:") for e in events(self.folder)):
            self.assertIsNone(first.poll(), f"the first process ended early ({self.folder})")
            self.assertLess(time.monotonic(), give_up, f"the first process never polled the task ({self.folder})")
            time.sleep(0.02)
        os.killpg(first.pid, signal.SIGKILL)  # the worker and its server: nothing of them survives but the files
        first.wait()
        [run] = [e for e in events(self.folder) if e.startswith("run:")]
        task_id = run.split(":", 1)[1]
        Path(self.folder, "release").write_text("", encoding="utf-8")
        resumed = worker("resume", self.folder)
        [message] = resumed["tools"]
        self.assertEqual(message["status"], "success")
        self.assertIn("slow result for Oslo", message["content"])
        # One execution; every poll of both processes named that one task.
        self.assertEqual([e for e in events(self.folder) if e.startswith("run:")], [run])
        self.assertEqual({e.split(":", 1)[1] for e in events(self.folder)}, {task_id})
        replay = worker("replay", self.folder)
        self.assertEqual(replay["tools"][0]["entry"], message["entry"])
        self.assertEqual(replay["tools"][0]["content"], message["content"])
        self.assertEqual(len([e for e in events(self.folder) if e.startswith("run:")]), 1)

    def test_a_task_past_the_deadline_is_the_interrupted_result_and_is_cancelled_on_the_server(self) -> None:
        deadline = 1.5
        out = worker("first", self.folder, str(deadline))
        [message] = out["tools"]
        self.assertEqual(message["status"], "error")
        self.assertEqual(message["content"], json.dumps({"error": INTERRUPTED_TEXT}, ensure_ascii=False))
        # The bound: the whole tool step within the deadline plus 2 s.
        self.assertLess(out["ms"], deadline * 1000 + 2000)
        [run] = [e for e in events(self.folder) if e.startswith("run:")]
        task_id = run.split(":", 1)[1]
        self.assertIn(f"cancel:{task_id}", events(self.folder))
        self.assertEqual(json.loads(Path(self.folder, f"{task_id}.json").read_text(encoding="utf-8"))["status"], "cancelled")


class InputRequired(unittest.IsolatedAsyncioTestCase):
    async def test_an_input_required_answer_is_the_pinned_error_and_leaves_the_call_claimable(self) -> None:
        folder = tempfile.mkdtemp(prefix="tr-task-")
        seam = Seam(ledger=SqliteLedger(os.path.join(folder, "ledger.db")))
        params = StdioServerParameters(command=sys.executable, args=[SERVER, folder], env={"PATH": os.environ.get("PATH", "")})
        async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
            await session.initialize()
            follower = McpTaskFollower(session_requester(session), mcp_read(None, seam.bound))
            for _ in range(2):
                run = mcp_run(lambda: send_tool_call(session, "ask", {}), None, seam.bound)
                outcome = await seam.call("call-a", run, tool="ask", arguments={}, follower=follower)
                self.assertTrue(outcome.result.is_error)
                self.assertEqual(outcome.result.content, INPUT_REQUIRED_TEXT)
                self.assertEqual(outcome.result.warnings, ("mcp.input_required",))
                self.assertIsNone(seam.result("call-a"))
        # Nothing was stored, so the second call asked the server again.
        self.assertEqual(events(folder), ["ask", "ask"])


class AgentsSdkTasks(unittest.IsolatedAsyncioTestCase):
    async def test_the_agents_sdk_tool_follows_the_task_on_the_servers_session(self) -> None:
        folder = tempfile.mkdtemp(prefix="tr-task-")
        Path(folder, "release").write_text("", encoding="utf-8")  # the task is done at its first poll
        seam = Seam(ledger=SqliteLedger(os.path.join(folder, "ledger.db")))
        params = {"command": sys.executable, "args": [SERVER, folder], "env": {"PATH": os.environ.get("PATH", "")}}
        async with MCPServerStdio(params=params, client_session_timeout_seconds=30) as server:
            tools = {t.name: t for t in await agents_mcp_tools(server, seam)}
            for _ in range(2):
                ctx = ToolContext(context=None, tool_name="slow", tool_call_id="call-1", tool_arguments='{"city": "Oslo"}')
                text = await tools["slow"].on_invoke_tool(ctx, '{"city": "Oslo"}')
                self.assertIn("slow result for Oslo", text)
        [run] = [e for e in events(folder) if e.startswith("run:")]
        self.assertEqual([e for e in events(folder) if e.startswith("get:")], ["get:" + run.split(":", 1)[1]])


if __name__ == "__main__":
    unittest.main()
