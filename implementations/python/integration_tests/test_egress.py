"""What each stack persists and exports holds no run-only byte (spec §11, TR-STACK-17/18/19), with
the stack's real stores and exporters: LangGraph's SQLite checkpointer, the Agents SDK's serialized
RunState of a human-in-the-loop interruption, its SQLiteSession file and its trace export to a fake
collector on 127.0.0.1, Pydantic AI's message history JSON and its OpenTelemetry spans. The MCP
server's private tools return every run-only kind (support.CANARIES); each store's octets are read
as latin-1, so a base64 canary and its decoded octets are both found. The program still reads the
whole result from the seam (Seam.result), and the model text does reach each store: the stores are
read where the tool's answer lands. A control run of the plain LangChain adapter leaks into the same
checkpointer, so the search is one that can find what it looks for.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import unittest
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from agents import Agent, RunConfig, Runner, SQLiteSession, Usage, function_tool, set_trace_processors
from agents.items import ModelResponse
from agents.mcp import MCPServerStdio
from agents.models.interface import Model
from agents.tracing.processors import BackendSpanExporter, BatchTraceProcessor
from fastmcp.client.transports import StdioTransport
from langchain.agents import create_agent
from langchain_mcp_adapters.client import MultiServerMCPClient
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter
from pydantic_ai import Agent as PydanticAgent
from pydantic_ai.capabilities.instrumentation import Instrumentation
from pydantic_ai.messages import ModelResponse as PydanticResponse, TextPart, ToolCallPart
from pydantic_ai.models.function import AgentInfo, FunctionModel
from pydantic_ai.models.instrumented import InstrumentationSettings

from integration_tests.fake_model import ScriptedModel, call
from integration_tests.support import CANARIES, SERVER, global_spans, leaks, server_env, stdio_connection, stored_text
from toolresult.integrations.langchain import Seam, mcp_tools, result_of
from toolresult.integrations.openai_agents import mcp_tools as agents_mcp_tools
from toolresult.integrations.pydantic_ai import ToolResultMCPToolset

MODEL_TEXT = "Sunny in Paris, 21 C"


class EgressCase(unittest.IsolatedAsyncioTestCase):
    def setUp(self) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.counter = os.path.join(self.folder.name, "counter")

    def tearDown(self) -> None:
        self.folder.cleanup()

    def path(self, name: str) -> str:
        return os.path.join(self.folder.name, name)

    def assert_no_canary(self, where: str, text: str) -> None:
        self.assertEqual(leaks(text), [], f"run-only canaries in {where}")

    def assert_program_reads_everything(self, seam: Seam, ok_id: str, error_id: str) -> None:
        """The seam's ledger has what the stores must not: each run-only kind, for the program."""
        ok = seam.result(ok_id)
        self.assertEqual(ok.structured["secret"], CANARIES["structuredContent"])
        record = json.dumps(ok.to_json())
        self.assertIn(CANARIES["user-only text"], record)  # an artifact (the image is a reference row only)
        self.assertEqual(seam.result(error_id).structured, {"code": CANARIES["error body"]})


class LangGraphCheckpoint(EgressCase):
    async def run_graph(self, tools: list[Any], saver: Any) -> list[Any]:
        model = ScriptedModel(turns=[[call("private", "call-p"), call("private_error", "call-e")]])
        agent = create_agent(model, tools, checkpointer=saver)
        state = await agent.ainvoke({"messages": [("user", "weather?")]}, {"configurable": {"thread_id": "thread-1"}})
        return [m for m in state["messages"] if m.type == "tool"]

    async def test_the_sqlite_checkpoint_file_holds_no_run_only_byte(self) -> None:
        seam = Seam()
        client = MultiServerMCPClient({"t": stdio_connection(self.counter)})  # the README's set-up
        async with AsyncSqliteSaver.from_conn_string(self.path("checkpoints.db")) as saver:
            messages = await self.run_graph(await mcp_tools(client, seam), saver)
        self.assertEqual([(m.content, m.status) for m in messages][0], (f"{MODEL_TEXT}\n[image block omitted]", "success"))
        stored = stored_text(self.path("checkpoints.db"))
        self.assertIn(MODEL_TEXT, stored)  # the tool's answer is checkpointed
        self.assert_no_canary("the checkpoint database", stored)
        self.assert_program_reads_everything(seam, "call-p", "call-e")
        self.assertEqual(result_of(messages[0], seam).structured["secret"], CANARIES["structuredContent"])
        # Keyed by the graph's thread: another thread's call-p is another call.
        self.assertIsNone(seam.result("call-p", scope="thread-2", tool="private", arguments={"city": "Paris"}))
        self.assertIsNotNone(seam.result("call-p", scope="thread-1", tool="private", arguments={"city": "Paris"}))

    async def test_control_the_plain_adapter_leaks_into_the_same_checkpointer(self) -> None:
        client = MultiServerMCPClient({"t": stdio_connection(self.counter)})
        async with AsyncSqliteSaver.from_conn_string(self.path("plain.db")) as saver:
            await self.run_graph(await client.get_tools(), saver)
        self.assertIn("structuredContent", leaks(stored_text(self.path("plain.db"))))


class ScriptedAgentsModel(Model):
    """Calls the private tools and a tool that needs approval in its first turn, then answers."""

    async def get_response(self, system_instructions: Any, input: Any, *args: Any, **kwargs: Any) -> ModelResponse:
        answered = isinstance(input, list) and any(isinstance(i, dict) and i.get("type") == "function_call_output" and i.get("call_id") == "call-a" for i in input)
        if answered:
            output: list[Any] = [ResponseOutputMessage(id="m", type="message", role="assistant", status="completed",
                                                       content=[ResponseOutputText(type="output_text", text="done", annotations=[])])]
        else:
            output = [ResponseFunctionToolCall(type="function_call", call_id=c, name=n, arguments='{"city": "Paris"}', id=f"fc-{c}")
                      for n, c in (("private", "call-p"), ("private_error", "call-e"), ("approve", "call-a"))]
        return ModelResponse(output=output, usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError


@function_tool(needs_approval=True)
def approve(city: str) -> str:
    """Asks a person before the trip is booked."""
    return f"booked {city}"


class Collector:
    """A fake trace ingest endpoint on 127.0.0.1: every body it is sent."""

    def __init__(self) -> None:
        bodies: list[bytes] = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - http.server's name
                bodies.append(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.end_headers()
                self.wfile.write(b"{}")

            def log_message(self, *args: Any) -> None:
                pass

        self.bodies = bodies
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1/traces/ingest"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


class AgentsStateSessionAndTraces(EgressCase):
    async def test_run_state_session_file_and_trace_export_hold_no_run_only_byte(self) -> None:
        collector = Collector()
        exporter = BackendSpanExporter(api_key="sk-test", endpoint=collector.endpoint)
        processor = BatchTraceProcessor(exporter)
        set_trace_processors([processor])
        try:
            seam = Seam()
            session = SQLiteSession("conversation-1", self.path("session.db"))
            params = {"command": sys.executable, "args": [SERVER], "env": server_env(self.counter)}
            # Tracing on, with the SDK's content recording (trace_include_sensitive_data, on by default).
            config = RunConfig(trace_include_sensitive_data=True, group_id="conversation-1")
            async with MCPServerStdio(params=params, client_session_timeout_seconds=30) as server:
                agent = Agent(name="a", model=ScriptedAgentsModel(), tools=await agents_mcp_tools(server, seam) + [approve])
                first = await Runner.run(agent, "weather?", session=session, run_config=config)
                self.assertEqual([i.raw_item.call_id for i in first.interruptions], ["call-a"])
                state = first.to_state()
                suspended = state.to_string()
                state.approve(first.interruptions[0])
                done = await Runner.run(agent, state, session=session, run_config=config)
            processor.force_flush()
            self.assertEqual(done.final_output, "done")
            self.assertIn(MODEL_TEXT, suspended)  # the tool outputs ride the suspended state
            self.assert_no_canary("the serialized RunState", suspended)
            self.assert_no_canary("the final RunState", done.to_state().to_string())
            session_db = stored_text(self.path("session.db"))
            self.assertIn(MODEL_TEXT, session_db)
            self.assert_no_canary("the SQLiteSession file", session_db)
            exported = "\n".join(b.decode("latin-1") for b in collector.bodies)
            self.assertIn(MODEL_TEXT, exported)  # the function span's output was exported
            self.assert_no_canary("the trace export", exported)
            self.assert_program_reads_everything(seam, "call-p", "call-e")
            # Keyed by the run's group: the calls are under "conversation-1".
            self.assertIsNotNone(seam.result("call-p", scope="conversation-1", tool="private", arguments={"city": "Paris"}))
        finally:
            set_trace_processors([])
            collector.close()


class PydanticAIHistoryAndSpans(EgressCase):
    async def run_agent(self, include_content: bool) -> tuple[Any, Seam, list[str]]:
        spans = InMemorySpanExporter()
        provider = TracerProvider()
        provider.add_span_processor(SimpleSpanProcessor(spans))
        seam = Seam()

        def model(messages: list[Any], info: AgentInfo) -> PydanticResponse:
            if len(messages) == 1:
                return PydanticResponse(parts=[ToolCallPart("private", {"city": "Paris"}, tool_call_id="call-p"),
                                               ToolCallPart("private_error", {"city": "Paris"}, tool_call_id="call-e")])
            return PydanticResponse(parts=[TextPart("done")])

        toolset = ToolResultMCPToolset(seam, StdioTransport(command=sys.executable, args=[SERVER], env=server_env(self.counter)), init_timeout=60)
        settings = InstrumentationSettings(tracer_provider=provider, include_content=include_content)
        agent = PydanticAgent(FunctionModel(model), toolsets=[toolset], capabilities=[Instrumentation(settings=settings)])
        run = await agent.run("weather?")
        provider.force_flush()
        return run, seam, [s.to_json() for s in spans.get_finished_spans()]

    async def test_message_history_and_spans_hold_no_run_only_byte(self) -> None:
        for include_content in (True, False):  # content recording on (the default), then off
            run, seam, spans = await self.run_agent(include_content)
            history = run.all_messages_json().decode("utf-8")
            self.assertIn(MODEL_TEXT, history)
            self.assert_no_canary("the message history", history)
            exported = "\n".join(spans)
            self.assertTrue(spans, "no span was recorded")
            if include_content:
                self.assertIn(MODEL_TEXT, exported)  # the tool's answer is a span attribute
            self.assert_no_canary(f"the spans (include_content={include_content})", exported)
            self.assert_program_reads_everything(seam, "call-p", "call-e")


class PydanticAIGlobalTracing(EgressCase):
    """Tracing on as Pydantic AI's docs set it up without Logfire (a global TracerProvider, the
    Instrumentation capability), so every library's spans are exported: Pydantic AI's, FastMCP's,
    the MCP SDK's and the integration's. An error result whose first block is user-only text: FastMCP's
    client span took that block as its status description (the integration no longer calls it)."""

    async def test_no_span_holds_an_error_results_user_only_first_block(self) -> None:
        for include_content in (True, False):  # Pydantic AI's default records content; then off
            spans = global_spans()
            seam = Seam()

            def model(messages: list[Any], info: AgentInfo) -> PydanticResponse:
                if len(messages) == 1:
                    return PydanticResponse(parts=[ToolCallPart("user_first_error", {"city": "Paris"}, tool_call_id="call-u"),
                                                   ToolCallPart("private", {"city": "Paris"}, tool_call_id="call-p")])
                return PydanticResponse(parts=[TextPart("done")])

            transport = StdioTransport(command=sys.executable, args=[SERVER], env=server_env(self.counter))
            toolset = ToolResultMCPToolset(seam, transport, init_timeout=60)
            settings = InstrumentationSettings(include_content=include_content)
            agent = PydanticAgent(FunctionModel(model), toolsets=[toolset], capabilities=[Instrumentation(settings=settings)])
            run = await agent.run("weather?")
            finished = spans.get_finished_spans()
            exported = "\n".join(s.to_json() for s in finished)
            self.assertEqual(run.output, "done")
            if include_content:
                self.assertIn("no forecast for Paris", exported)  # the error's model text is a span attribute
            self.assert_no_canary(f"the exported spans (include_content={include_content})", exported)
            # Each MCP call still has a span, of the integration's own: metadata and the error flag.
            mine = {s.attributes["gen_ai.tool.call.id"]: s for s in finished if s.instrumentation_scope.name == "toolresult.integrations"}
            self.assertEqual({k: (s.name, s.status.status_code.name, s.status.description) for k, s in mine.items()},
                             {"call-u": ("tools/call user_first_error", "ERROR", None), "call-p": ("tools/call private", "UNSET", None)})
            self.assertEqual(mine["call-u"].attributes["error.type"], "tool_error")
            # The model got the error's text for it; the user-only block is set aside (an error keeps no artifacts).
            failed = seam.result("call-u")
            self.assertEqual((failed.content, list(failed.warnings)), ("no forecast for Paris", ["artifacts.dropped_on_error"]))


if __name__ == "__main__":
    unittest.main()
