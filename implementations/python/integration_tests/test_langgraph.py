"""The seed's flow through real LangGraph (create_agent, a hand-built ToolNode graph), a real MCP
server process and the pinned packages: the eight seed tests, replay across a resume in a new
process, and the canary test (structured values absent from the provider side, tracer callbacks,
logs, checkpoints and error messages)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path
from typing import Any

from langchain.agents import create_agent
from langchain_core.callbacks import AsyncCallbackHandler
from langchain_mcp_adapters.client import MultiServerMCPClient
from langchain_mcp_adapters.tools import load_mcp_tools
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from integration_tests.fake_model import ScriptedModel, call
from integration_tests.session_holder import SharedServerCase
from integration_tests.support import CANARY, calls, stdio_connection
from toolresult import ToolResult, persist, with_content
from toolresult.integrations.langchain import Seam, mcp_tools, result_of, result_tool, tool_interceptor

WORKER = str(Path(__file__).with_name("graph_worker.py"))
CITY = {"type": "object", "properties": {"city": {"type": "string"}}}


class Recorder(AsyncCallbackHandler):
    """A tracer: every callback's arguments, as text."""

    def __init__(self) -> None:
        self.events: list[str] = []

    def __getattribute__(self, name: str) -> Any:
        if name.startswith("on_"):
            async def record(*args: Any, **kwargs: Any) -> None:
                self.events.append(f"{name} {args!r} {kwargs!r}")
            return record
        return super().__getattribute__(name)


class AgentTest(SharedServerCase):
    """Each test is a coroutine on the class's loop, against the class's one MCP server process."""

    def __getattribute__(self, name: str) -> Any:
        attr = super().__getattribute__(name)
        if name.startswith("test_") and asyncio.iscoroutinefunction(attr):
            return lambda: self.run_async(attr())
        return attr

    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()

    def tearDown(self) -> None:
        self.dir.cleanup()

    async def run_agent(self, turns, seam: Seam, local=(), callbacks=(), saver=None):
        tools = await mcp_tools(self.session, seam, server_name="t")
        model = ScriptedModel(turns=turns)
        agent = create_agent(model, tools + list(local), checkpointer=saver)
        config = {"callbacks": list(callbacks), "configurable": {"thread_id": "t"}}
        state = await agent.ainvoke({"messages": [("user", "go")]}, config)
        self.model = model
        return [m for m in state["messages"] if m.type == "tool"]

    async def test_text_and_structured(self) -> None:
        seam = Seam()
        [m] = await self.run_agent([[call("weather", "c1")]], seam)
        r = result_of(m, seam)
        self.assertEqual((m.content, m.status), ("Sunny in Paris, 21 C", "success"))
        self.assertEqual(r.structured, {"city": "Paris", "tempC": 21, "secret": CANARY})

    async def test_several_text_blocks_and_structured(self) -> None:
        seam = Seam()
        [m] = await self.run_agent([[call("report", "c1")]], seam)
        self.assertEqual(m.content, "Sunny in Paris, 21 C\nWind 5 km/h")
        self.assertEqual(result_of(m, seam).structured, {"rows": [1, 2, 3], "secret": CANARY})

    async def test_structured_only(self) -> None:
        seam = Seam()
        [m] = await self.run_agent([[call("data_only", "c1")]], seam)
        # No text block: the model is given the structured value's JSON text (spec 10).
        self.assertEqual((m.content, result_of(m, seam).structured), ('{"total":42}', {"total": 42}))

    async def test_local_string_tool_unchanged(self) -> None:
        seam = Seam()
        plain = result_tool(lambda city: f"plain text for {city}", name="plain", description="d", args_schema=CITY, seam=seam)
        [m] = await self.run_agent([[call("plain", "c1")]], seam, [plain])
        self.assertEqual((m.content, result_of(m, seam).has_structured), ("plain text for Paris", False))

    async def test_local_structured_tool(self) -> None:
        seam = Seam()
        tool = result_tool(lambda city: ToolResult.text("local", structured={"city": city, "secret": CANARY}), name="loc", description="d", args_schema=CITY, seam=seam)
        [m] = await self.run_agent([[call("loc", "c1")]], seam, [tool])
        self.assertEqual((m.content, result_of(m, seam).structured), ("local", {"city": "Paris", "secret": CANARY}))
        self.assertNotIn(CANARY, json.dumps(m.artifact))

    async def test_idempotent_replay(self) -> None:
        seam = Seam()
        [first] = await self.run_agent([[call("weather", "same-id", city="Lyon")]], seam)
        [again] = await self.run_agent([[call("weather", "same-id", city="Lyon")]], seam)
        self.assertEqual(calls(self.counter, "Lyon"), {"weather": 1})
        self.assertEqual((again.content, persist(result_of(again, seam))), (first.content, persist(result_of(first, seam))))

    async def test_a_reused_call_id_is_a_call_of_its_own_per_arguments_and_per_thread(self) -> None:
        # A local model numbering its calls call_0 in every turn: each call runs and gets its own answer.
        seam = Seam()
        tools = await mcp_tools(self.session, seam, server_name="t")
        agent = create_agent(ScriptedModel(turns=[[call("weather", "call_0", city="Oslo")], [call("weather", "call_0", city="Bergen")]]), tools)
        state = await agent.ainvoke({"messages": [("user", "go")]}, {"configurable": {"thread_id": "thread-a"}})
        self.assertEqual([m.content for m in state["messages"] if m.type == "tool"], ["Sunny in Oslo, 21 C", "Sunny in Bergen, 21 C"])
        self.assertEqual((calls(self.counter, "Oslo"), calls(self.counter, "Bergen")), ({"weather": 1}, {"weather": 1}))
        oslo = seam.result("call_0", scope="thread-a", tool="weather", arguments={"city": "Oslo"})
        self.assertEqual(oslo.structured["city"], "Oslo")
        self.assertEqual(seam.result("call_0").structured["city"], "Bergen")  # the last call under the ID
        # The same call ID, tool and arguments in another thread is another conversation's call: it runs.
        again = create_agent(ScriptedModel(turns=[[call("weather", "call_0", city="Oslo")]]), tools)
        await again.ainvoke({"messages": [("user", "go")]}, {"configurable": {"thread_id": "thread-b"}})
        self.assertEqual(calls(self.counter, "Oslo"), {"weather": 2})

    async def test_hook_transformation_keeps_structured(self) -> None:
        seam = Seam(hooks=[lambda r, _p: with_content(r, r.content[:5])])
        [m] = await self.run_agent([[call("weather", "c1")]], seam)
        self.assertEqual((m.content, result_of(m, seam).structured["tempC"]), ("Sunny", 21))

    async def test_unsupported_non_text_block(self) -> None:
        # The adapter itself raises NotImplementedError on audio; through the seam the run goes on.
        seam = Seam()
        [m] = await self.run_agent([[call("with_audio", "c1")]], seam)
        r = result_of(m, seam)
        self.assertEqual((m.content, m.status), ("Sunny in Paris, 21 C\n[audio block omitted]", "success"))
        self.assertEqual(r.artifacts[0]["data"]["rows"][0][:3], ["content[1]", "audio", "audio/wav"])

    async def test_output_schema_mismatch_drops_the_structured_value_and_keeps_the_text(self) -> None:
        # TR-NORM-30: the listed outputSchema with no schemaPolicy given is "warn".
        for how in ("session", "client"):
            seam = Seam()
            if how == "client":  # the README's set-up: a session of its own for each call
                tools = await mcp_tools(MultiServerMCPClient({"t": stdio_connection(self.counter)}), seam)
            else:
                tools = await mcp_tools(self.session, seam, server_name="t")
            agent = create_agent(ScriptedModel(turns=[[call("mismatch", "c1")]]), tools)
            [m] = [x for x in (await agent.ainvoke({"messages": [("user", "go")]}))["messages"] if x.type == "tool"]
            r = result_of(m, seam)
            self.assertEqual((m.content, m.status, r.has_structured), ("Sunny in Paris, 21 C", "success", False), how)
            self.assertEqual(list(r.warnings), ["structured.schema_mismatch"], how)

    async def test_without_the_listing_the_mcp_sdk_refuses_a_mismatch_and_the_text_is_lost(self) -> None:
        # Why mcp_tools makes the call itself: through the adapter's own call (tool_interceptor),
        # the MCP SDK checks the schema, raises, and the call can only be a tool failure.
        seam = Seam()
        tools = await load_mcp_tools(self.session, tool_interceptors=[tool_interceptor(seam)], server_name="t")
        agent = create_agent(ScriptedModel(turns=[[call("mismatch", "c1")]]), tools)
        [m] = [x for x in (await agent.ainvoke({"messages": [("user", "go")]}))["messages"] if x.type == "tool"]
        self.assertEqual((m.content, m.status), ('{"error": "The tool failed without returning a result."}', "error"))

    async def test_canary_absent_from_provider_tracer_logs_checkpoints_and_errors(self) -> None:
        def leaky_hook(result, _position):
            raise ValueError(f"hook saw {result.structured}")  # its message quotes the structured value

        def leaky_tool(city):
            raise RuntimeError(f"failed on {CANARY}")

        seam = Seam(hooks=[leaky_hook])
        recorder = Recorder()
        failing = result_tool(leaky_tool, name="leaky", description="d", args_schema=CITY, seam=seam)
        logs = tempfile.NamedTemporaryFile("w+", delete=False, dir=self.dir.name)
        handler = logging.StreamHandler(logs)
        root = logging.getLogger()
        root.addHandler(handler)
        old = root.level
        root.setLevel(logging.DEBUG)
        try:
            async with AsyncSqliteSaver.from_conn_string(os.path.join(self.dir.name, "ck.db")) as saver:
                msgs = await self.run_agent([[call("weather", "c1"), call("report", "c2"), call("leaky", "c3")]], seam, [failing], [recorder], saver)
        finally:
            root.removeHandler(handler)
            root.setLevel(old)
        self.assertEqual([m.status for m in msgs], ["success", "success", "error"])
        self.assertEqual(result_of(msgs[0], seam).structured["secret"], CANARY)  # the program has it
        self.assertIn("hook.failed", result_of(msgs[0], seam).warnings)
        self.assertTrue(any("on_tool_end" in e for e in recorder.events))
        sent = repr(self.model.seen)
        self.assertIn("Sunny in Paris", sent)
        for where, text in [("provider request", sent), ("tracer", "\n".join(recorder.events)), ("logs", Path(logs.name).read_text()),
                            ("messages", repr(msgs)), ("checkpoints", Path(self.dir.name, "ck.db").read_bytes().decode("latin-1"))]:
            self.assertNotIn(CANARY, text, where)
            self.assertNotIn("secret", text, where)


    async def test_without_the_integration_the_adapter_leaks_the_canary_to_tracers(self) -> None:
        # The control of the canary test: the same agent on the plain adapter tools, whose
        # ToolMessage.artifact ({"structured_content": ...}) rides on_tool_end to every tracer.
        recorder = Recorder()
        tools = await load_mcp_tools(self.session, server_name="t")
        agent = create_agent(ScriptedModel(turns=[[call("weather", "c1")]]), tools, checkpointer=None)
        await agent.ainvoke({"messages": [("user", "go")]}, {"callbacks": [recorder]})
        self.assertIn(CANARY, "\n".join(e for e in recorder.events if e.startswith("on_tool_end")))


def worker(mode: str, folder: str) -> dict:
    done = subprocess.run([sys.executable, WORKER, mode, folder], capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise AssertionError(f"{mode} exited {done.returncode}: {done.stderr[-2000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1]) if done.stdout.strip() else {}


class ResumeTest(unittest.TestCase):
    def test_create_agent_resumed_in_a_new_process_replays_from_the_ledger(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            self.assertEqual(worker("agent-first", folder), {})  # died after the ledger stored the result
            resumed = worker("agent-resume", folder)
            self.assertEqual(calls(os.path.join(folder, "counter")), {"weather": 1})
            [t] = resumed["tools"]
            # The truncating hook ran before the ledger; the structured value is kept.
            self.assertEqual((t["id"], t["content"]), ("call-w", "Sunny in "))
            self.assertEqual(t["structured"], {"city": "Paris", "tempC": 21, "secret": CANARY})
            self.assertNotIn(CANARY, json.dumps(t["artifact"]))

    def test_toolnode_turn_of_three_calls_resumed_after_approval_runs_each_mcp_call_once(self) -> None:
        with tempfile.TemporaryDirectory() as folder:
            first = worker("toolnode-first", folder)
            self.assertTrue(first["interrupted"])
            ran = calls(os.path.join(folder, "counter"))
            resumed = worker("toolnode-resume", folder)
            self.assertEqual(ran, {"weather": 1, "report": 1})
            self.assertEqual(calls(os.path.join(folder, "counter")), {"weather": 1, "report": 1})
            self.assertEqual([(t["id"], t["content"]) for t in resumed["tools"]],
                             [("call-w", "Sunny in "), ("call-r", "Sunny in "), ("call-a", "approved:")])
            self.assertEqual(resumed["tools"][1]["structured"], {"rows": [1, 2, 3], "secret": CANARY})


if __name__ == "__main__":
    unittest.main()
