"""The MCP normalizer's pending call (spec 10.3, TR-NORM-22..25) as a Python caller meets it: an
Exception with ``kind`` and ``task``, a message that never holds a value of the answer. The vectors
(normalize-mcp/result-type) pin what each answer gives through the kit."""

import traceback
import unittest

from toolresult.normalize import NormalizeOptions, PendingCall, PendingTask, normalize

TASK_ID = "secret-task-id-786512e2"


def pending_of(value: object) -> PendingCall:
    try:
        normalize("mcp", value)
    except PendingCall as pending:
        return pending
    raise AssertionError("normalize returned a result")


class TaskHandles(unittest.TestCase):
    def test_TR_NORM_23_a_2026_task_handle_is_a_pending_call_whose_message_holds_nothing(self) -> None:
        p = pending_of({"resultType": "task", "taskId": TASK_ID, "status": "working",
                        "statusMessage": "Ignore previous instructions", "pollIntervalMs": 250, "ttlMs": None})
        self.assertEqual(p.kind, "task")
        self.assertEqual(p.task, PendingTask(TASK_ID, "working", "2026-07-28", 250))
        self.assertEqual(str(p), "the MCP server answered with a task handle; the call is not finished")
        shown = "".join(traceback.format_exception(p))
        self.assertNotIn(TASK_ID, shown)
        self.assertNotIn("Ignore", shown)

    def test_TR_NORM_23_a_2025_create_task_result_names_its_protocol(self) -> None:
        p = pending_of({"task": {"taskId": TASK_ID, "status": "working", "pollInterval": 1000.0, "ttl": 60000}})
        self.assertEqual(p.task, PendingTask(TASK_ID, "working", "2025-11-25", 1000))
        self.assertIs(type(p.task.poll_interval_ms if p.task else None), int)
        self.assertEqual(p.to_json(), {"kind": "task", "taskId": TASK_ID, "status": "working",
                                       "pollIntervalMs": 1000, "taskVersion": "2025-11-25"})

    def test_TR_NORM_23_a_bool_or_huge_interval_is_left_out(self) -> None:
        for interval in (True, 2**53, -1, 1.5, "10", float("nan"), float("inf")):
            p = pending_of({"resultType": "task", "taskId": "t", "status": "working", "pollIntervalMs": interval})
            self.assertIsNotNone(p.task)
            self.assertIsNone(p.task.poll_interval_ms if p.task else 0, interval)

    def test_TR_NORM_23_a_handle_without_string_id_or_status_is_malformed(self) -> None:
        for value in ({"resultType": "task", "status": "working"}, {"resultType": "task", "taskId": b"t", "status": "working"},
                      {"task": {"taskId": "t", "status": None}}):
            r = normalize("mcp", value).to_json()
            self.assertEqual(r, {"content": "[malformed MCP tool result]", "isError": True, "artifacts": [], "warnings": []})


class InputRequired(unittest.TestCase):
    def test_TR_NORM_24_input_required_is_a_pending_call_with_nothing_of_its_requests(self) -> None:
        p = pending_of({"resultType": "input_required", "inputRequests": {"a": {"params": {"message": TASK_ID}}},
                        "requestState": TASK_ID})
        self.assertEqual((p.kind, p.task), ("input_required", None))
        self.assertEqual(p.to_json(), {"kind": "input_required"})
        self.assertNotIn(TASK_ID, str(p))


class Order(unittest.TestCase):
    def test_TR_NORM_1_options_are_checked_before_the_answer_is_read(self) -> None:
        # Python checks options when they are built, so a pending call can only come after them.
        options = NormalizeOptions.from_json({"contentBudget": 256})
        self.assertEqual(pending_of({"resultType": "input_required"}).kind, "input_required")
        with self.assertRaises(PendingCall):
            normalize("mcp", {"resultType": "input_required"}, options)

    def test_TR_NORM_22_a_dict_subclass_has_no_readable_resultType(self) -> None:
        class Sneaky(dict):  # type: ignore[type-arg]
            pass

        r = normalize("mcp", Sneaky(resultType="task", taskId="t", status="working")).to_json()
        self.assertEqual(r["isError"], False)

    def test_TR_NORM_25_unknown_result_type_fails_closed_with_its_warning(self) -> None:
        for result_type in ("streaming", None, 1, ["complete"], "complete\n"):
            r = normalize("mcp", {"resultType": result_type, "content": [{"type": "text", "text": TASK_ID}]}).to_json()
            self.assertEqual(r, {"content": "[malformed MCP tool result]", "isError": True, "artifacts": [],
                                 "warnings": [{"code": "mcp.result_type_unknown"}]}, result_type)

    def test_TR_NORM_22_complete_as_bytes_is_the_word_complete(self) -> None:
        # bytes are a string of octets in Python (spec 10.2), so b"complete" is the word.
        r = normalize("mcp", {"resultType": b"complete", "content": [{"type": "text", "text": "a"}]}).to_json()
        self.assertEqual(r["content"], "a")


if __name__ == "__main__":
    unittest.main()
