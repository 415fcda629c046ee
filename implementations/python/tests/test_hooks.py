"""The hook pipeline: spec 08 (TR-HOOK-1..8)."""

import unittest

from toolresult.kit_adapter.dispatch import handle
from toolresult import BoundOptions, ToolResult, bound, transform_tool_result, with_content, without_structured

CANARY = "cnry-0b3c77"


def base():
    return bound(ToolResult.text("Found 2 invoices", structured={"n": 2, "k": CANARY},
                                 artifacts=[{"type": "text", "label": "L", "data": {"text": CANARY}}]))


class Pipeline(unittest.TestCase):
    def test_TR_HOOK_1_each_hook_sees_the_whole_bounded_result(self) -> None:
        seen = []
        transform_tool_result(base(), [lambda r, i: seen.append((i, r.to_json())), lambda r, i: seen.append((i, r.to_json()))])
        self.assertEqual([i for i, _ in seen], [0, 1])
        self.assertEqual(seen[0][1], base().to_json())

    def test_TR_HOOK_2_nothing_returned_is_no_change(self) -> None:
        self.assertEqual(transform_tool_result(base(), [lambda r, i: None]), base())

    def test_TR_HOOK_3_same_result_with_new_text_keeps_the_rest(self) -> None:
        out = transform_tool_result(base(), [lambda r, i: with_content(r, "Found")])
        self.assertEqual(out.to_json(), {**base().to_json(), "content": "Found"})
        dropped = transform_tool_result(base(), [lambda r, i: without_structured(r)])
        self.assertFalse(dropped.has_structured)
        self.assertEqual(dropped.artifacts, base().artifacts)

    def test_TR_HOOK_4_TR_HOOK_5_rebounded_and_earlier_warnings_kept(self) -> None:
        options = BoundOptions(content_budget=256)
        start = bound(ToolResult.text("x" * 400), options)
        out = transform_tool_result(start, [lambda r, i: ToolResult.text("y" * 300)], options)
        self.assertEqual(out.warnings, ("content.truncated",))
        self.assertLessEqual(len(out.content), 256)
        short = transform_tool_result(start, [lambda r, i: ToolResult.text("short")], options)
        self.assertEqual((short.content, short.warnings), ("short", ("content.truncated",)))

    def test_TR_HOOK_6_TR_HOOK_7_failing_hooks_change_nothing_and_log_no_data(self) -> None:
        def throws(r, i):
            raise RuntimeError(CANARY + r.content)

        with self.assertLogs("toolresult", level="DEBUG") as captured:
            out = transform_tool_result(base(), [throws, lambda r, i: "not a result", lambda r, i: with_content(r, r.content + ".")])
        self.assertEqual(out.content, "Found 2 invoices.")
        self.assertEqual(out.warnings, ("hook.failed",))
        self.assertEqual(out.to_json()["structured"], base().to_json()["structured"])
        logged = "\n".join(captured.output)
        self.assertNotIn(CANARY, logged)
        self.assertNotIn("Found", logged)
        self.assertNotIn("RuntimeError", logged)
        self.assertIn("position=0", logged)

    def test_TR_HOOK_8_unknown_descriptions_are_refused(self) -> None:
        response = handle({"id": 1, "op": "hooks", "input": {"result": {"content": "x", "isError": False},
                                                                "hooks": [{"name": "explode"}]}})
        self.assertEqual(response["error"]["code"], "adapter.bad_input")
        response = handle({"id": 2, "op": "hooks", "input": {"result": {"content": "a\U0001F600b", "isError": False},
                                                                "hooks": [{"name": "truncate-text", "octets": 4}]}})
        self.assertEqual(response["output"]["result"]["content"], "a")


if __name__ == "__main__":
    unittest.main()
