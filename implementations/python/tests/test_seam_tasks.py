"""The seam's rules for a call that became an MCP task or asks for input (spec/07-replay.md §7.10):
what each end of the task becomes, what is stored, and that the tool runs once."""

from __future__ import annotations

import asyncio
import unittest
from typing import Any

from toolresult import INTERRUPTED_TEXT, persist
from toolresult.ledger_store import SqliteLedger
from toolresult.normalize import NormalizeOptions, normalize_mcp as normalize
from toolresult.options import BoundOptions
from toolresult.seam import TOOL_FAILED_TEXT, execute_tool_call, execute_tool_call_async
from toolresult.task_follow import INPUT_REQUIRED_TEXT, TASK_CANCELLED_TEXT, TASK_LOST_TEXT, TASK_UNFOLLOWED_TEXT

HANDLE = {"resultType": "task", "taskId": "task-1", "status": "working", "pollIntervalMs": 0, "ttlMs": None, "createdAt": "x", "lastUpdatedAt": "x"}
DONE = {"content": [{"type": "text", "text": "the answer"}], "structuredContent": {"n": 1}}
OPTIONS = NormalizeOptions(BoundOptions())


def normalize_mcp(value: Any) -> Any:
    return normalize(value, OPTIONS)


ASK = {"resultType": "input_required", "inputRequests": {"a": {"method": "elicitation/create", "params": {}}}}


class Follower:
    """tasks/get answers the given answers in turn (the last repeats); counts what it is sent."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)
        self.gets: list[str] = []
        self.cancels: list[str] = []
        self.on_get = lambda: None

    async def get(self, task_id: str) -> Any:
        self.gets.append(task_id)
        self.on_get()
        answer = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        if isinstance(answer, Exception):
            raise answer
        return answer

    async def cancel(self, task_id: str) -> None:
        self.cancels.append(task_id)

    def read(self, result: Any) -> Any:
        return normalize_mcp(result)


class Tool:
    def __init__(self, answer: Any) -> None:
        self.answer, self.runs = answer, 0

    async def run(self) -> Any:
        self.runs += 1
        return normalize_mcp(self.answer)


class Takeover:
    """A ledger whose every claim took over a recorded task (a claimant died after recording it)."""

    def __init__(self) -> None:
        self.finished: list[str] = []

    def claim(self, call_id: str, **_key: Any) -> Any:
        finished = self.finished

        class Claimed:
            status = "claimed"
            task = {"taskId": "task-9"}

            def finish(self, entry: str) -> None:
                finished.append(entry)

            def abandon(self) -> None:
                pass

            def record_task(self, task_id: str) -> None:
                raise AssertionError("a takeover records nothing")

        return Claimed()


def run(coro: Any) -> Any:
    return asyncio.run(coro)


class Tasks(unittest.TestCase):
    def test_records_the_task_before_it_polls_stores_the_completed_result_and_replays_it(self) -> None:
        ledger = SqliteLedger(":memory:")
        order: list[str] = []

        class Recording:
            def claim(self, call_id: str, **key: Any) -> Any:
                c = ledger.claim(call_id, **key)
                if c.status == "claimed":
                    record = c.record_task
                    c.record_task = lambda task_id: (order.append(f"record:{task_id}"), record(task_id))[1]
                return c

        follower = Follower({"status": "working"}, {"status": "completed", "result": DONE})
        follower.on_get = lambda: order.append("get")
        tool = Tool(HANDLE)
        result, replayed = run(execute_tool_call_async("c1", tool.run, Recording(), follower=follower))
        self.assertEqual((result.content, result.structured, replayed), ("the answer", {"n": 1}, False))
        self.assertEqual(order, ["record:task-1", "get", "get"])
        again, replayed = run(execute_tool_call_async("c1", tool.run, ledger, follower=follower))
        self.assertTrue(replayed)
        self.assertEqual(persist(again), persist(result))
        self.assertEqual(tool.runs, 1)

    def test_each_end_of_a_task_is_its_pinned_error_result_stored(self) -> None:
        cases = [
            ({"status": "cancelled"}, TASK_CANCELLED_TEXT, ("mcp.task_cancelled",), []),
            (None, TASK_LOST_TEXT, ("mcp.task_lost",), []),
            ({"status": "input_required"}, INPUT_REQUIRED_TEXT, ("mcp.input_required",), ["task-1"]),
            ({"status": "failed", "error": {"code": -32603, "message": "RUNONLY boom"}}, TOOL_FAILED_TEXT, (), []),
            ({"status": "completed", "result": HANDLE}, TASK_UNFOLLOWED_TEXT, ("mcp.task_unfollowed",), []),
        ]
        for answer, text, warnings, cancels in cases:
            with self.subTest(answer=answer):
                ledger = SqliteLedger(":memory:")
                follower = Follower(answer)
                result, _ = run(execute_tool_call_async("c1", Tool(HANDLE).run, ledger, follower=follower))
                self.assertEqual((result.is_error, result.content, result.warnings), (True, text, warnings))
                self.assertEqual(follower.cancels, cancels)
                self.assertIsNotNone(ledger.entry("c1"))

    def test_without_a_follower_the_call_ends_unfollowed_and_is_stored(self) -> None:
        ledger = SqliteLedger(":memory:")
        tool = Tool(HANDLE)
        result, _ = run(execute_tool_call_async("c1", tool.run, ledger))
        self.assertEqual((result.content, result.warnings), (TASK_UNFOLLOWED_TEXT, ("mcp.task_unfollowed",)))
        self.assertTrue(run(execute_tool_call_async("c1", tool.run, ledger))[1])
        self.assertEqual(tool.runs, 1)
        # The synchronous form follows no task: the same answer.
        sync, _ = execute_tool_call("c2", lambda: normalize_mcp(HANDLE), ledger)
        self.assertEqual(sync.content, TASK_UNFOLLOWED_TEXT)

    def test_a_failed_poll_is_polled_again(self) -> None:
        follower = Follower(RuntimeError("RUNONLY transport"), {"status": "completed", "result": DONE})
        result, _ = run(execute_tool_call_async("c1", Tool(HANDLE).run, SqliteLedger(":memory:"), follower=follower))
        self.assertEqual(result.content, "the answer")
        self.assertEqual(len(follower.gets), 2)

    def test_the_deadline_covers_the_wait_and_cancels_the_task(self) -> None:
        ledger = SqliteLedger(":memory:")
        follower = Follower({"status": "working"})
        result, _ = run(execute_tool_call_async("c1", Tool(HANDLE).run, ledger, follower=follower, deadline=0.3))
        self.assertEqual(result.content, INTERRUPTED_TEXT)
        self.assertEqual(follower.cancels, ["task-1"])
        self.assertIsNotNone(ledger.entry("c1"))

    def test_a_cancelled_call_cancels_its_task(self) -> None:
        ledger = SqliteLedger(":memory:")
        follower = Follower({"status": "working"})

        async def cancelled_while_polling() -> None:
            call = asyncio.ensure_future(execute_tool_call_async("c1", Tool(HANDLE).run, ledger, follower=follower))
            while len(follower.gets) < 2:  # counted, not timed
                self.assertFalse(call.done(), "the call ended before its task was polled")
                await asyncio.sleep(0.01)
            call.cancel()
            with self.assertRaises(asyncio.CancelledError):
                await call

        run(cancelled_while_polling())
        self.assertEqual(follower.cancels, ["task-1"])
        self.assertIsNotNone(ledger.entry("c1"))

    def test_a_takeover_polls_the_recorded_task_and_never_runs_the_tool(self) -> None:
        takeover = Takeover()
        tool = Tool(HANDLE)
        follower = Follower({"status": "completed", "result": DONE})
        result, _ = run(execute_tool_call_async("c1", tool.run, takeover, follower=follower))
        self.assertEqual((result.content, follower.gets, tool.runs), ("the answer", ["task-9"], 0))
        bare, _ = run(execute_tool_call_async("c1", tool.run, takeover))
        self.assertEqual((bare.content, tool.runs, len(takeover.finished)), (INTERRUPTED_TEXT, 0, 2))


class InputRequired(unittest.TestCase):
    def test_the_pinned_error_result_nothing_stored_and_the_call_runs_again(self) -> None:
        ledger = SqliteLedger(":memory:")
        tool = Tool(ASK)
        for form in ("async", "sync"):
            result, replayed = (
                run(execute_tool_call_async("c1", tool.run, ledger, follower=Follower({"status": "working"})))
                if form == "async"
                else execute_tool_call("c1", lambda: normalize_mcp(ASK), ledger)
            )
            self.assertEqual((result.content, result.warnings, replayed), (INPUT_REQUIRED_TEXT, ("mcp.input_required",), False))
            self.assertIsNone(ledger.entry("c1"))
        run(execute_tool_call_async("c1", tool.run, ledger))
        self.assertEqual(tool.runs, 2)


if __name__ == "__main__":
    unittest.main()
