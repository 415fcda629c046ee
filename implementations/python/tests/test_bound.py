"""The bounder: spec 3.2 and 3.5 (TR-BOUND-3, 4, 9..15) and the data-model rules it enforces (TR-MODEL-*)."""

import json
import unittest

from toolresult import ABSENT, BoundedResult, BoundOptions, OptionsError, ToolResult, bound
from toolresult.content_cap import truncation_notice
from toolresult.generated_types import WARNING_CODE_VALUES

from .support import RUNS, random_json, random_text, rng, schema_errors

TOOL_RESULT_ID = "https://toolresult.dev/schemas/v1/tool-result.schema.json"


def small(**budgets) -> BoundOptions:
    return BoundOptions(**{name: budgets.get(name, 256) for name in ("content_budget", "artifacts_budget", "structured_budget")})


def table(rows, columns=("a",)):
    return {"type": "table", "label": "t", "data": {"columns": list(columns), "rows": rows}}


def codes(result: BoundedResult) -> list[str]:
    return list(result.warnings)


class ContentCap(unittest.TestCase):
    def test_TR_BOUND_3_notice_is_pinned(self) -> None:
        self.assertEqual(len(truncation_notice(50_000).encode("utf-8")), 42)

    def test_TR_BOUND_3_at_most_budget_is_unchanged_and_over_is_cut_on_a_code_point(self) -> None:
        r = rng("content")
        for _ in range(RUNS):
            budget = r.randint(256, 400)
            text = random_text(r, r.randint(0, 300))
            result = bound(ToolResult.text(text), small(content_budget=budget))
            octets = len(text.encode("utf-8", "surrogatepass"))
            if octets <= budget:
                self.assertEqual(result.content, text)
                self.assertEqual(codes(result), [])
            else:
                notice = truncation_notice(budget)
                self.assertTrue(result.content.endswith(notice))
                kept = result.content[: -len(notice)]
                self.assertTrue(text.startswith(kept))
                room = budget - len(notice.encode("utf-8"))
                self.assertLessEqual(len(kept.encode("utf-8")), room)
                if len(kept) < len(text):  # the next code point would not have fit
                    self.assertGreater(len((kept + text[len(kept)]).encode("utf-8")), room)
                self.assertEqual(codes(result), ["content.truncated"])
            self.assertLessEqual(len(result.content.encode("utf-8")), budget)

    def test_TR_BOUND_3_error_content_is_capped_too_and_bytes_are_cut_after_coercion(self) -> None:
        result = bound(ToolResult.error(b"\xe2\x82\xac" * 200), small())
        self.assertEqual(codes(result), ["content.truncated"])
        self.assertEqual(result.content, "\u20ac" * ((256 - len(truncation_notice(256).encode())) // 3) + truncation_notice(256))

    def test_TR_BOUND_17_only_the_boolean_true_makes_an_error(self) -> None:
        for is_error in ("true", 1, 1.0, [True]):
            self.assertIs(bound({"content": "a", "isError": is_error}).is_error, False)
        self.assertIs(bound({"content": "a", "isError": True}).is_error, True)

    def test_TR_BOUND_4_non_text_content_becomes_empty_without_conversion(self) -> None:
        class Exploding:
            def __str__(self):
                raise AssertionError("converted")

            __repr__ = __format__ = __str__

        for content in (None, 5, Exploding(), ["a"], bytearray(b"a")):
            with self.subTest(kind=type(content).__name__):
                result = bound(ToolResult.text(content))
                self.assertEqual((result.content, codes(result)), ("", ["content.not_text"]))


class Cost(unittest.TestCase):
    def test_TR_BOUND_16_capping_64_mib_costs_about_what_64_kib_does(self) -> None:
        import time

        big_text, big_bytes = "\u20ac" * (64 << 20), b"\xff" * (64 << 20)
        # CPU time, not the wall clock: a busy machine's waiting is not the bounder's work.
        started = time.process_time()
        for content in (big_text, big_bytes):
            result = bound(ToolResult.text(content))
            self.assertEqual(codes(result), ["content.truncated"])
            self.assertLessEqual(len(result.content.encode("utf-8")), 50_000)
        self.assertLess(time.process_time() - started, 0.5)


class Artifacts(unittest.TestCase):
    def test_TR_BOUND_10_ok_list_is_kept_coerced(self) -> None:
        result = bound(ToolResult.text("x", artifacts=[table([["\ud800"]])]))
        self.assertEqual(result.artifacts, [table([["\ufffd"]])])

    def test_TR_BOUND_10_failed_list_becomes_exactly_the_marker(self) -> None:
        cases = {
            "over_budget": ([{"type": "text", "label": "l", "data": {"text": "x" * 300}}], "exceeded 256 bytes"),
            "unencodable": ([table([[float("nan")]])], "could not be encoded"),
            "invalid_shape": ([table([["a", "b"]])], "did not match their artifact types"),
        }
        deep: list = []
        for _ in range(70):
            deep = [deep]
        cases["too_deep"] = ([deep], "nested deeper than 64 levels")
        for verdict, (artifacts, text) in cases.items():
            with self.subTest(verdict=verdict):
                result = bound(ToolResult.text("x", artifacts=artifacts), small())
                self.assertEqual(result.artifacts, [{"type": "text", "label": "Artifacts omitted", "data": {"text": text}}])
                self.assertEqual(codes(result), [f"artifacts.{verdict}"])

    def test_TR_BOUND_9_shape_rules(self) -> None:
        good = [table([["1", "2"]], ("a", "b")), {"type": "text", "label": "", "data": {"text": ""}}, table([], ())]
        bad = [
            table([["1"]], ("a", "b")),
            {"type": "chart", "label": "l", "data": {}},
            {"type": "text", "label": "l", "data": {"text": "x", "extra": 1}},
            {"type": "text", "label": 5, "data": {"text": "x"}},
            {"type": "text", "label": "l", "data": {"text": "x"}, "more": 1},
            {"type": "table", "label": "l", "data": {"columns": ["a"], "rows": [[1]]}},
            "not an object",
        ]
        self.assertEqual(codes(bound(ToolResult.text("x", artifacts=good))), [])
        for artifact in bad:
            with self.subTest(artifact=json.dumps(artifact)):
                self.assertEqual(codes(bound(ToolResult.text("x", artifacts=[artifact]))), ["artifacts.invalid_shape"])
        self.assertEqual(codes(bound(ToolResult.text("x", artifacts={"type": "text"}))), ["artifacts.invalid_shape"])

    def test_TR_BOUND_12_TR_MODEL_2_error_result_drops_artifacts(self) -> None:
        given = {"content": "boom", "isError": True, "artifacts": [table([["1"]])]}
        result = bound(given)
        self.assertEqual((result.artifacts, codes(result)), ([], ["artifacts.dropped_on_error"]))
        self.assertEqual(bound(ToolResult.text("x")).artifacts, [])  # absent list is empty
        with self.assertRaises(TypeError):
            ToolResult.error("boom", artifacts=[])  # type: ignore[call-arg]


class Structured(unittest.TestCase):
    def test_TR_BOUND_11_failed_structured_is_dropped_and_nothing_else_changes(self) -> None:
        deep: list = []
        for _ in range(70):
            deep = [deep]
        artifacts = [table([["1"]])]
        for value, verdict in (("x" * 300, "over_budget"), ({"a": {1, 2}}, "unencodable"), (deep, "too_deep")):
            with self.subTest(verdict=verdict):
                result = bound(ToolResult.text("body", artifacts=artifacts, structured=value), small())
                self.assertFalse(result.has_structured)
                self.assertNotIn("structured", result.to_json())
                self.assertEqual(codes(result), [f"structured.{verdict}"])
                self.assertEqual((result.content, result.artifacts), ("body", artifacts))

    def test_TR_MODEL_4_null_is_a_value_and_absence_is_not(self) -> None:
        self.assertEqual(bound(ToolResult.text("x", structured=None)).to_json()["structured"], None)
        self.assertNotIn("structured", bound(ToolResult.text("x")).to_json())
        self.assertIs(bound(ToolResult.text("x")).structured, ABSENT)

    def test_TR_MODEL_3_error_result_keeps_structured(self) -> None:
        result = bound(ToolResult.error("failed", structured={"code": 42}))
        self.assertEqual(result.to_json()["structured"], {"code": 42})
        self.assertEqual(codes(result), [])


class WarningsAndOptions(unittest.TestCase):
    def test_TR_BOUND_13_TR_MODEL_9_warnings_merge_sorted_without_duplicates(self) -> None:
        given = {"content": "x" * 300, "isError": False, "structured": float("nan"),
                 "warnings": [{"code": "structured.invalid"}, {"code": "content.truncated"}, {"code": "hook.failed"}]}
        result = bound(given, small())
        self.assertEqual(codes(result), ["content.truncated", "hook.failed", "structured.invalid", "structured.unencodable"])

    def test_TR_MODEL_8_warnings_are_bare_codes_of_the_closed_set(self) -> None:
        given = {"content": "x", "isError": False, "warnings": [{"code": "made.up"}, {"code": "hook.failed", "detail": "s3cret"}]}
        self.assertEqual(bound(given).to_json()["warnings"], [{"code": "hook.failed"}])
        self.assertTrue(set(codes(bound(given))) <= set(WARNING_CODE_VALUES))

    def test_TR_MODEL_10_budgets_are_range_checked_and_named(self) -> None:
        for name in ("contentBudget", "artifactsBudget", "structuredBudget"):
            for value in (255, 1_073_741_825, 300.5, True, "300", None):
                with self.subTest(name=name, value=value), self.assertRaises(OptionsError) as raised:
                    BoundOptions.from_json({name: value})
                self.assertIn(name, str(raised.exception))
            self.assertEqual(BoundOptions.from_json({name: 256}).to_json()[name], 256)
            self.assertEqual(BoundOptions.from_json({name: 1_073_741_824}).to_json()[name], 1_073_741_824)
        self.assertEqual(BoundOptions.from_json(None), BoundOptions(50_000, 50_000, 1_048_576))

    def test_TR_MODEL_10_a_budget_given_as_absent_takes_its_default(self) -> None:
        # ABSENT is Python's JavaScript undefined (spec 2.4); None stays a value, refused above.
        self.assertEqual(BoundOptions.from_json({"contentBudget": ABSENT, "structuredBudget": 300}), BoundOptions(50_000, 50_000, 300))


class Properties(unittest.TestCase):
    def _random_result(self, r):
        structured = random_json(r) if r.random() < 0.7 else ABSENT
        artifacts = [table([[random_text(r, 3)] for _ in range(r.randint(0, 3))])] if r.random() < 0.7 else ABSENT
        if r.random() < 0.2:
            artifacts = [random_json(r)]
        content = random_text(r, r.randint(0, 120))
        if r.random() < 0.3:
            return {"content": content, "isError": True, "structured": structured, "artifacts": artifacts}
        return ToolResult.text(content, artifacts=artifacts, structured=structured)

    def test_TR_BOUND_14_idempotent_and_deterministic_TR_BOUND_15_schema_valid(self) -> None:
        r = rng("bound-properties")
        outputs = []
        for _ in range(RUNS):
            options = small(content_budget=r.randint(256, 300), artifacts_budget=r.randint(256, 400),
                            structured_budget=r.randint(256, 400))
            given = self._random_result(r)
            once = bound(given, options)
            self.assertEqual(bound(once, options), once)
            self.assertEqual(bound(given, options), once)
            self.assertEqual(list(once.warnings), sorted(set(once.warnings)))
            outputs.append(once.to_json())
        self.assertEqual(schema_errors(TOOL_RESULT_ID, outputs), [None] * len(outputs))

    def test_TR_BOUND_0_never_raises_for_odd_inputs(self) -> None:
        loop: dict = {}
        loop["self"] = loop
        deep: list = []
        for _ in range(100_000):
            deep = [deep]
        for given in (None, 5, "text", [], {"content": loop, "isError": "yes"}, ToolResult(object(), None, loop, deep),
                      {"content": "x", "isError": False, "artifacts": deep, "structured": deep, "warnings": loop}):
            with self.subTest(kind=type(given).__name__):
                self.assertIsInstance(bound(given), BoundedResult)


class BoundedValue(unittest.TestCase):
    def test_TR_MODEL_1_repr_shows_no_run_only_data(self) -> None:
        canary = "canary-7f3a"
        result = bound(ToolResult.text("visible", artifacts=[table([[canary]])], structured={canary: canary}))
        for text in (repr(result), str(result), f"{result}"):
            self.assertNotIn(canary, text)
        self.assertNotIn("visible", repr(result))
        with self.assertRaises(AttributeError):
            result.content = "changed"  # type: ignore[misc]
        copy = result.to_json()
        copy["artifacts"].clear()
        self.assertEqual(len(result.artifacts), 1)
        with self.assertRaises(TypeError):
            BoundedResult(object(), "x", False, ABSENT, [], ())


if __name__ == "__main__":
    unittest.main()


class Immutable(unittest.TestCase):
    def test_TR_EGRESS_6_bounded_result_does_not_change(self) -> None:
        structured = {"invoices": [{"id": "INV-1"}]}
        rows = [["INV-1"]]
        result = bound(ToolResult.text("ok", artifacts=[table(rows)], structured=structured))
        structured["invoices"].append({"id": "x" * 100_000})
        rows.append(["y" * 100_000])
        self.assertEqual(result.structured, {"invoices": [{"id": "INV-1"}]})
        handed_out = result.artifacts
        handed_out[0]["data"]["rows"].append(["z"])
        self.assertEqual(result.artifacts, [table([["INV-1"]])])
        with self.assertRaises(AttributeError):
            result.content = "changed"  # type: ignore[misc]
