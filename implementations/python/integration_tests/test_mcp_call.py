"""toolresult.integrations.mcp_call without a stack run: the integration's own span of an MCP call
holds metadata only (never an exception's message, which may quote the result), and the raw
``tools/call`` is the request the MCP SDK's ``ClientSession.call_tool`` sends, minus its checks."""

from __future__ import annotations

import datetime
import unittest
from types import SimpleNamespace
from typing import Any

import mcp.types as types

from integration_tests.support import CANARY, global_spans
from toolresult.integrations.mcp_call import McpTaskFollower, session_requester, metadata_span, send_tool_call


class MetadataSpan(unittest.TestCase):
    def test_an_exception_leaves_its_type_name_only(self) -> None:
        spans = global_spans()
        with self.assertRaises(RuntimeError):
            with metadata_span("weather", "call-1"):
                raise RuntimeError(f"Invalid structured content returned by tool weather: {CANARY}")
        [span] = spans.get_finished_spans()
        self.assertNotIn(CANARY, span.to_json())
        self.assertEqual((span.name, span.status.status_code.name, span.status.description, len(span.events)), ("tools/call weather", "ERROR", None, 0))
        self.assertEqual(dict(span.attributes), {"mcp.method.name": "tools/call", "gen_ai.tool.name": "weather", "gen_ai.tool.call.id": "call-1", "error.type": "RuntimeError"})

    def test_an_error_result_sets_the_flag_not_its_text(self) -> None:
        for result in (SimpleNamespace(isError=True, content=[CANARY]), SimpleNamespace(is_error=True, content=[CANARY])):  # mcp 1.x, 2.x names
            spans = global_spans()
            with metadata_span("weather", None) as answered:
                answered(result)
            [span] = spans.get_finished_spans()
            self.assertNotIn(CANARY, span.to_json())
            self.assertEqual((span.status.status_code.name, span.status.description, span.attributes["error.type"]), ("ERROR", None, "tool_error"))
            self.assertNotIn("gen_ai.tool.call.id", span.attributes)

    def test_a_success_leaves_the_status_unset(self) -> None:
        spans = global_spans()
        with metadata_span("weather", "call-2") as answered:
            answered(SimpleNamespace(isError=False))
        [span] = spans.get_finished_spans()
        self.assertEqual((span.status.status_code.name, "error.type" in span.attributes), ("UNSET", False))


class Session:
    """Keeps what send_request was given; answers a result that breaks any output schema."""

    def __init__(self) -> None:
        self.sent: list[tuple[Any, Any, dict[str, Any]]] = []

    async def send_request(self, request: Any, result_type: Any, **options: Any) -> Any:
        self.sent.append((request, result_type, options))
        return types.CallToolResult(content=[types.TextContent(type="text", text="Sunny")], structuredContent={"tempC": "warm"})


class SendToolCall(unittest.IsolatedAsyncioTestCase):
    async def test_the_request_of_call_tool_with_its_timeout_and_meta(self) -> None:
        session = Session()
        result = await send_tool_call(session, "weather", {"city": "Paris"}, timeout=2.5, meta={"traceparent": "00-1-2-01"})
        self.assertEqual(result.structuredContent, {"tempC": "warm"})  # no schema check on the way
        self.assertIsInstance(result, types.CallToolResult)
        [(request, result_type, options)] = session.sent
        # The installed mcp (the integration venv pins 1.x): the ClientRequest root model, a timedelta;
        # the answer read whole (a Result that keeps every member), then as a CallToolResult.
        self.assertTrue(issubclass(result_type, types.Result) and not issubclass(result_type, types.CallToolResult))
        self.assertEqual(request.model_dump(by_alias=True, mode="json", exclude_none=True),
                         {"method": "tools/call", "params": {"name": "weather", "arguments": {"city": "Paris"}, "_meta": {"traceparent": "00-1-2-01"}}})
        self.assertEqual(options, {"request_read_timeout_seconds": datetime.timedelta(seconds=2.5), "progress_callback": None})

    async def test_a_task_handle_and_an_input_request_come_back_as_they_came(self) -> None:
        handle = {"resultType": "task", "taskId": "task-1", "status": "working", "pollIntervalMs": 50}
        ask = {"resultType": "input_required", "requestState": "s"}
        legacy = {"task": {"taskId": "task-2", "status": "working"}}
        for answer in (handle, ask, legacy):

            class Answering:
                async def send_request(self, request: Any, result_type: Any, **options: Any) -> Any:
                    return result_type.model_validate(answer)

            self.assertEqual(await send_tool_call(Answering(), "slow", {}), answer)

    async def test_the_follower_reads_an_unknown_task_as_lost_and_passes_other_errors_on(self) -> None:
        from mcp.shared.exceptions import McpError

        sent: list[Any] = []

        class Failing:
            def __init__(self, code: int) -> None:
                self.code = code

            async def send_request(self, request: Any, result_type: Any, **options: Any) -> Any:
                sent.append(request.model_dump(by_alias=True, mode="json", exclude_none=True))
                raise McpError(types.ErrorData(code=self.code, message="RUNONLY"))

        lost = McpTaskFollower(session_requester(Failing(-32602)), lambda r: r)
        self.assertIsNone(await lost.get("task-1"))
        self.assertEqual(sent, [{"method": "tasks/get", "params": {"taskId": "task-1"}}])
        broken = McpTaskFollower(session_requester(Failing(-32603)), lambda r: r)
        with self.assertRaises(McpError):
            await broken.get("task-1")
        with self.assertRaises(McpError):
            await broken.cancel("task-1")
        self.assertEqual(sent[-1], {"method": "tasks/cancel", "params": {"taskId": "task-1"}})

    async def test_no_timeout_leaves_the_sessions_own(self) -> None:
        session = Session()
        await send_tool_call(session, "weather", {})
        [(request, _, options)] = session.sent
        self.assertIsNone(options["request_read_timeout_seconds"])
        self.assertNotIn("_meta", request.model_dump(by_alias=True, mode="json", exclude_none=True)["params"])


if __name__ == "__main__":
    unittest.main()
