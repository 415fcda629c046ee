"""The exposure step through the library API (spec/12-exposure.md). The byte rules are the kit's
vectors (conformance/vectors/exposure/, run by test_vectors) and properties; these tests cover what
only the API shows: the type check, errors that quote nothing, and hostile content."""

import unittest

from toolresult import ExposurePolicyError, OptionsError, ToolResult, bound, expose, wire_message
from toolresult.exposure import parse_pointer, resolve_pointer

CANARY = "cnry00ff00ff00ff00ff"


class Exposure(unittest.TestCase):
    def test_TR_EXPOSE_1_none_returns_the_same_result(self) -> None:
        bounded = bound(ToolResult.text("ok", structured={"a": CANARY}))
        self.assertIs(expose(bounded), bounded)
        self.assertIs(expose(bounded, {"policy": "none"}), bounded)

    def test_TR_EXPOSE_3_only_bounded_results(self) -> None:
        with self.assertRaises(TypeError) as caught:
            expose(ToolResult.text(CANARY), {"policy": "json"})
        self.assertNotIn(CANARY, str(caught.exception))

    def test_TR_EXPOSE_2_bad_policies_quote_nothing(self) -> None:
        bounded = bound(ToolResult.text("ok"))
        for bad in ({"policy": CANARY}, {"policy": "allowlist", "pointers": [CANARY]}, CANARY,
                    {"policy": "allowlist", "pointers": ["/a", "/a"]}, {"policy": "allowlist", "pointers": ["/\ud800"]}):
            with self.assertRaises(ExposurePolicyError) as caught:
                expose(bounded, bad)
            self.assertIsInstance(caught.exception, OptionsError)
            self.assertNotIn(CANARY, str(caught.exception))

    def test_TR_EXPOSE_5_pointer_tokens(self) -> None:
        self.assertEqual(parse_pointer(""), ())
        self.assertEqual(parse_pointer("/~01/a~1b"), ("~1", "a/b"))
        self.assertIsNone(parse_pointer("/a~"))
        self.assertIsNone(parse_pointer("a"))
        for token in ("01", "-", "2", "1\n", "\u0661"):
            self.assertEqual(resolve_pointer([1, 2], (token,)), (False, None))
        self.assertEqual(resolve_pointer([1, 2], ("1",)), (True, 2))

    def test_TR_EXPOSE_7_hostile_content_is_judged_without_a_crash(self) -> None:
        for content in ("[" * 24_000 + "]" * 24_000, "[" * 49_000, "1e400", "1" * 5000, '"\\ud800"', "NaN"):
            exposed = expose(bound(ToolResult.text(content, structured=[1])), {"policy": "json"})
            self.assertTrue(exposed.content.startswith(content))
            self.assertLessEqual(len(wire_message(exposed)["content"].encode("utf-8")), 50_000)

    def test_TR_EXPOSE_4_allowlist_leaves_siblings_behind(self) -> None:
        structured = {"items": [{"id": "x", "secret": CANARY}], "count": 1}
        exposed = expose(bound(ToolResult.text("ok", structured=structured)), {"policy": "allowlist", "pointers": ["/items/0/id"]})
        self.assertEqual(exposed.content, 'ok\n\n{"/items/0/id":"x"}')
        self.assertEqual(exposed.structured, structured)
        self.assertEqual(exposed.warnings, ("exposure.allowlist",))
        self.assertNotIn(CANARY, repr(exposed))


if __name__ == "__main__":
    unittest.main()
