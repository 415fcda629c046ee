"""TR-BOUND-18 (with TR-BOUND-16): a key is charged before it is read whole, so an over-budget key
costs O(budget), not O(key)."""

from __future__ import annotations

import time
import unittest
from typing import Any
from unittest import mock

from toolresult import BoundOptions, bound, json_measure

BUDGET = 256
LONG = 1_000_000


class KeyCost(unittest.TestCase):
    def _coerced_lengths(self, result: Any, options: BoundOptions) -> tuple[Any, list[int]]:
        lengths: list[int] = []
        real = json_measure.coerce_text

        def recording(value: Any) -> str:
            lengths.append(len(value))
            return real(value)

        with mock.patch.object(json_measure, "coerce_text", recording):
            bounded = bound(result, options)
        return bounded, lengths

    def test_TR_BOUND_18_an_over_budget_key_is_never_coerced_whole(self) -> None:
        options = BoundOptions(structured_budget=BUDGET, artifacts_budget=BUDGET)
        keys: list[Any] = ["a" * LONG + "\ud800", "\udfff" * LONG, b"a" * LONG + b"\xff", "a" * LONG]
        for key in keys:
            for shape in ({key: 1}, {"x": [1, {key: 1}]}, {"a": 1, key: 2, "b": 3}):
                bounded, lengths = self._coerced_lengths({"content": "", "structured": shape}, options)
                self.assertEqual(bounded.warnings, ("structured.over_budget",))
                self.assertLessEqual(max(lengths, default=0), BUDGET, f"a key of {len(key)} units was coerced")
                # In an artifact (its data or its label's object), the same walk and the same rule.
                artifacts = [{"type": "json", "label": "l", "data": shape}]
                bounded, lengths = self._coerced_lengths({"content": "", "artifacts": artifacts}, options)
                self.assertEqual(bounded.warnings, ("artifacts.over_budget",))
                self.assertLessEqual(max(lengths, default=0), BUDGET)

    def test_TR_BOUND_18_keys_within_budget_are_still_coerced_and_judged(self) -> None:
        options = BoundOptions(structured_budget=BUDGET)
        bounded = bound({"structured": {"\ud800": 1}}, options)
        self.assertEqual(bounded.structured, {"\ufffd": 1})
        bounded = bound({"content": "", "structured": {"\ud800": 1, "\udfff": 2}}, options)  # collide after coercion
        self.assertEqual(bounded.warnings, ("structured.unencodable",))
        bounded = bound({"content": "", "structured": {1: "x"}}, options)  # a key that is not a string
        self.assertEqual(bounded.warnings, ("structured.unencodable",))

    def test_TR_BOUND_18_cost_follows_the_budget_not_the_key(self) -> None:
        # Side by side in one run: a key 10x longer costs about the same (both stop at the budget).
        def seconds(length: int) -> float:
            value = {"a" * length + "\ud800": 1}
            # CPU time (a busy machine's waiting is not counted), the least of three runs of each.
            start = time.process_time()
            for _ in range(20):
                bound({"structured": value}, BoundOptions(structured_budget=BUDGET))
            return time.process_time() - start

        short = min(seconds(LONG // 10) for _ in range(3))
        long = min(seconds(LONG) for _ in range(3))
        self.assertLess(long, short * 5 + 0.01, f"{long:.4f}s for 10x the key against {short:.4f}s")


class WordCost(unittest.TestCase):
    def test_TR_NORM_41_a_huge_type_or_status_is_never_coerced_whole(self) -> None:
        from toolresult.normalize import normalize, references

        lengths: list[int] = []
        real = references.coerce_text

        def recording(value: Any) -> str:
            lengths.append(len(value))
            return real(value)

        huge = "t" * LONG + "\ud800"
        with mock.patch.object(references, "coerce_text", recording):
            mcp = normalize("mcp", {"content": [{"type": huge, "text": "x"},
                                                {"type": "text", "text": "y", "annotations": {"audience": [huge]}}]})
            langchain = normalize("langchain", {"content": "x", "status": huge})
            entries = normalize("langchain", {"content": "x", "artifact": [{"type": huge}]})
        self.assertEqual(mcp.content, "[unsupported block]")  # and the audience-less text block is not model-facing
        self.assertTrue(langchain.is_error)
        self.assertIn("x", entries.content)
        self.assertLessEqual(max(lengths, default=0), 64)


if __name__ == "__main__":
    unittest.main()
