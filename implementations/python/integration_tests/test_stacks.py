"""The OpenAI Agents SDK and Pydantic AI integrations in a real agent run (a scripted model, no
network) against the real MCP server: the model is given the wire content, the run's own items
hold only the audit record, and the program reads the structured value from the ledger."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import unittest
from typing import Any

from agents import Agent, RunConfig, Runner, Usage
from agents.items import ModelResponse, ToolCallOutputItem
from agents.mcp import MCPServerStdio
from agents.models.interface import Model
from fastmcp.client.transports import StdioTransport
from openai.types.responses import ResponseFunctionToolCall, ResponseOutputMessage, ResponseOutputText
from pydantic_ai import Agent as PydanticAgent
from pydantic_ai.messages import ModelResponse as PydanticResponse, TextPart, ToolCallPart, ToolReturnPart
from pydantic_ai.models.function import AgentInfo, FunctionModel

from integration_tests.support import CANARY, SERVER, calls, server_env
from toolresult import ToolResult
from toolresult.integrations.openai_agents import Seam, mcp_tools, result_tool as agents_tool
from toolresult.integrations.pydantic_ai import ToolResultMCPToolset, result_tool as pydantic_tool

CITY = {"type": "object", "properties": {"city": {"type": "string"}}}


def local_structured(city: str) -> ToolResult:
    return ToolResult.text(f"local {city}", structured={"city": city, "secret": CANARY})


class ScriptedAgentsModel(Model):
    """Calls weather and the local tool in its first turn, then answers; keeps every input it was sent."""

    def __init__(self, calls: tuple[tuple[str, str], ...] = (("weather", "call-w"), ("local", "call-l"))) -> None:
        self.inputs: list[Any] = []
        self.calls = calls

    async def get_response(self, system_instructions, input, model_settings, tools, output_schema, handoffs, tracing, **_: Any) -> ModelResponse:
        self.inputs.append(input)
        if len(self.inputs) == 1:
            output = [ResponseFunctionToolCall(type="function_call", call_id=c, name=n, arguments='{"city": "Paris"}', id=f"fc-{c}") for n, c in self.calls]
        else:
            output = [ResponseOutputMessage(id="m", type="message", role="assistant", status="completed", content=[ResponseOutputText(type="output_text", text="done", annotations=[])])]
        return ModelResponse(output=output, usage=Usage(), response_id=None)

    def stream_response(self, *args: Any, **kwargs: Any) -> Any:
        raise NotImplementedError


class OpenAIAgentsRun(unittest.IsolatedAsyncioTestCase):
    async def test_wire_content_to_the_model_record_on_the_items_structured_in_the_ledger(self) -> None:
        counter = os.path.join(tempfile.mkdtemp(), "c")
        seam = Seam()
        model = ScriptedAgentsModel()
        params = {"command": sys.executable, "args": [SERVER], "env": server_env(counter)}
        async with MCPServerStdio(params=params, client_session_timeout_seconds=30) as server:
            tools = await mcp_tools(server, seam) + [agents_tool(local_structured, name="local", description="d", params_json_schema=CITY, seam=seam)]
            agent = Agent(name="a", model=model, tools=tools)
            run = await Runner.run(agent, "weather?", run_config=RunConfig(tracing_disabled=True))
        items = [i for i in run.new_items if isinstance(i, ToolCallOutputItem)]
        sent = {i["call_id"]: i["output"] for i in model.inputs[1] if isinstance(i, dict) and i.get("type") == "function_call_output"}
        self.assertEqual(sent, {"call-w": "Sunny in Paris, 21 C", "call-l": "local Paris"})
        self.assertEqual(seam.result("call-w").structured["secret"], CANARY)
        self.assertEqual(seam.result("call-l").structured["secret"], CANARY)
        self.assertEqual([i.custom_data["summary"]["hasStructured"] for i in items], [True, True])
        self.assertNotIn(CANARY, json.dumps(model.inputs, default=str))
        self.assertNotIn(CANARY, repr(run.new_items))
        self.assertEqual(calls(counter), {"weather": 1})

    async def test_a_structured_value_breaking_the_listed_output_schema_keeps_the_text(self) -> None:
        # TR-NORM-30: the listed outputSchema with no schemaPolicy given is "warn". Through the
        # SDK's MCPServer.call_tool the MCP SDK raises on the mismatch and the text is lost.
        counter = os.path.join(tempfile.mkdtemp(), "c")
        seam = Seam()
        model = ScriptedAgentsModel(calls=(("mismatch", "call-x"),))
        params = {"command": sys.executable, "args": [SERVER], "env": server_env(counter)}
        async with MCPServerStdio(params=params, client_session_timeout_seconds=30) as server:
            agent = Agent(name="a", model=model, tools=await mcp_tools(server, seam))
            await Runner.run(agent, "weather?", run_config=RunConfig(tracing_disabled=True))
        sent = {i["call_id"]: i["output"] for i in model.inputs[1] if isinstance(i, dict) and i.get("type") == "function_call_output"}
        self.assertEqual(sent, {"call-x": "Sunny in Paris, 21 C"})
        result = seam.result("call-x")
        self.assertEqual((result.is_error, result.has_structured, list(result.warnings)), (False, False, ["structured.schema_mismatch"]))
        self.assertEqual(calls(counter), {"mismatch": 1})


class Mcp2Tool:
    """A listed tool as mcp 2.x gives it (the stack venv of openai-agents-py pins mcp 2.3): snake-case
    fields, the wire's camelCase names only as aliases, so no ``inputSchema`` attribute."""

    def __init__(self, name: str, input_schema: Any, output_schema: Any) -> None:
        self.name, self.description, self.input_schema, self.output_schema = name, "d", input_schema, output_schema


class Mcp2Server:
    def __init__(self) -> None:
        self.calls: list[Any] = []

    async def list_tools(self) -> list[Mcp2Tool]:
        return [Mcp2Tool("weather", CITY, {"type": "object", "properties": {"temp": {"type": "number"}}, "required": ["temp"]})]

    async def call_tool(self, name: str, args: Any) -> Any:
        self.calls.append((name, args))
        return {"content": [{"type": "text", "text": "Sunny"}], "structuredContent": {"temp": "warm"}}


class OpenAIAgentsMcp2Tools(unittest.IsolatedAsyncioTestCase):
    async def test_a_tool_listed_by_mcp_2_keeps_its_input_and_output_schema(self) -> None:
        from agents.tool_context import ToolContext

        seam = Seam()
        server = Mcp2Server()
        (tool,) = await mcp_tools(server, seam)
        self.assertEqual(tool.params_json_schema, CITY)
        ctx = ToolContext(context=None, tool_name="weather", tool_call_id="call-2", tool_arguments='{"city": "Paris"}')
        self.assertEqual(await tool.on_invoke_tool(ctx, '{"city": "Paris"}'), "Sunny")
        self.assertEqual(server.calls, [("weather", {"city": "Paris"})])
        # The output schema was read: the structured value that breaks it is flagged by the normalizer.
        self.assertTrue(seam.result("call-2").warnings, "the listed output_schema was not applied")


class PydanticAIRun(unittest.IsolatedAsyncioTestCase):
    async def test_wire_content_to_the_model_metadata_record_structured_in_the_ledger(self) -> None:
        counter = os.path.join(tempfile.mkdtemp(), "c")
        seam = Seam()
        seen: list[Any] = []

        def model(messages: list[Any], info: AgentInfo) -> PydanticResponse:
            seen.append(messages)
            if len(seen) == 1:
                return PydanticResponse(parts=[ToolCallPart("weather", {"city": "Paris"}, tool_call_id="call-w"), ToolCallPart("local", {"city": "Paris"}, tool_call_id="call-l"),
                                               ToolCallPart("missing", {}, tool_call_id="call-m")])
            return PydanticResponse(parts=[TextPart("done")])

        transport = StdioTransport(command=sys.executable, args=[SERVER], env=server_env(counter))
        toolset = ToolResultMCPToolset(seam, transport, init_timeout=60)
        missing = pydantic_tool(lambda: ToolResult.error("no such invoice"), name="missing", description="d", json_schema={"type": "object", "properties": {}}, seam=seam)
        agent = PydanticAgent(FunctionModel(model), toolsets=[toolset], tools=[pydantic_tool(local_structured, name="local", description="d", json_schema=CITY, seam=seam), missing])
        run = await agent.run("weather?")
        returns = {p.tool_call_id: p for m in run.all_messages() for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart)}
        # What a provider is sent of a tool return (every provider model maps this string).
        self.assertEqual({k: p.model_response_str() for k, p in returns.items() if k != "call-m"}, {"call-w": "Sunny in Paris, 21 C", "call-l": "local Paris"})
        # An error result is the stack's own terminal failure: the model is told, the run goes on.
        self.assertEqual((returns["call-m"].outcome, returns["call-m"].content, run.output), ("failed", "no such invoice", "done"))
        self.assertEqual([returns[k].metadata["summary"]["hasStructured"] for k in ("call-w", "call-l")], [True, True])
        self.assertEqual(seam.result("call-w").structured["secret"], CANARY)
        self.assertEqual(seam.result("call-l").structured["secret"], CANARY)
        self.assertNotIn(CANARY, repr(seen))
        self.assertNotIn(CANARY, repr(run.all_messages()))
        self.assertEqual(calls(counter), {"weather": 1})

    async def test_a_structured_value_breaking_the_listed_output_schema_keeps_the_text(self) -> None:
        # TR-NORM-30 with the schema the toolset listed; through FastMCP's call_tool_mcp the MCP SDK
        # raises on the mismatch and the call can only be a tool failure.
        counter = os.path.join(tempfile.mkdtemp(), "c")
        seam = Seam()

        def model(messages: list[Any], info: AgentInfo) -> PydanticResponse:
            if len(messages) == 1:
                return PydanticResponse(parts=[ToolCallPart("mismatch", {"city": "Paris"}, tool_call_id="call-x")])
            return PydanticResponse(parts=[TextPart("done")])

        transport = StdioTransport(command=sys.executable, args=[SERVER], env=server_env(counter))
        run = await PydanticAgent(FunctionModel(model), toolsets=[ToolResultMCPToolset(seam, transport, init_timeout=60)]).run("weather?")
        [part] = [p for m in run.all_messages() for p in getattr(m, "parts", []) if isinstance(p, ToolReturnPart)]
        self.assertEqual((part.outcome, part.model_response_str()), ("success", "Sunny in Paris, 21 C"))
        result = seam.result("call-x")
        self.assertEqual((result.is_error, result.has_structured, list(result.warnings)), (False, False, ["structured.schema_mismatch"]))
        self.assertEqual(part.metadata["summary"]["hasStructured"], False)
        self.assertEqual(calls(counter), {"mismatch": 1})


if __name__ == "__main__":
    unittest.main()
