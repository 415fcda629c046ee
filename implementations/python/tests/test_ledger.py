"""Replay ledger entries: spec 07 (TR-REPLAY-1..7)."""

import json
import unittest

from toolresult import BoundOptions, LedgerError, ToolResult, bound, persist, restore
from toolresult.ledger import MAX_ENTRY_DEPTH

from .support import RUNS, js_canonical, random_json, random_text, rng, schema_errors


def random_bounded(r):
    structured = random_json(r) if r.random() < 0.8 else None
    if r.random() < 0.3:
        return bound({"content": random_text(r, 20), "isError": True, "structured": structured})
    return bound(ToolResult.text(random_text(r, 20), structured=structured,
                                 artifacts=[{"type": "text", "label": random_text(r, 4), "data": {"text": random_text(r)}}]))


def code_of(entry, options=None) -> str:
    try:
        restore(entry, options)
    except LedgerError as error:
        return error.code
    return "ok"


class Persist(unittest.TestCase):
    def test_TR_REPLAY_1_TR_REPLAY_2_entry_is_jcs_and_validates(self) -> None:
        r = rng("persist")
        results = [random_bounded(r) for _ in range(RUNS)]
        entries = [persist(result) for result in results]
        expected = js_canonical([{"version": 1, "result": result.to_json()} for result in results])
        self.assertEqual(entries, expected)
        self.assertEqual(schema_errors("https://toolresult.dev/schemas/v1/ledger-entry.schema.json",
                                       [json.loads(e) for e in entries]), [None] * len(entries))

    def test_TR_REPLAY_2_pinned_example(self) -> None:
        result = bound(ToolResult.text("Found 2", structured={"b": [1, 0.5, 1e-7], "a": None}))
        self.assertEqual(persist(result), '{"result":{"artifacts":[],"content":"Found 2","isError":false,'
                                          '"structured":{"a":null,"b":[1,0.5,1e-7]},"warnings":[]},"version":1}')

    def test_TR_REPLAY_3_restore_of_persist_is_the_same_result(self) -> None:
        r = rng("roundtrip")
        for _ in range(RUNS):
            result = random_bounded(r)
            back = restore(persist(result))
            self.assertEqual(back, result)
            self.assertEqual(back.has_structured, result.has_structured)
        null = bound(ToolResult.error("x", structured=None))
        self.assertIsNone(restore(persist(null)).structured)
        self.assertFalse(restore(persist(bound(ToolResult.text("x")))).has_structured)


class Restore(unittest.TestCase):
    def test_TR_REPLAY_4_legacy_string_entries(self) -> None:
        self.assertEqual(restore('"a\\ud800b"').to_json(), {"content": "a\ufffdb", "isError": False, "artifacts": [], "warnings": []})
        self.assertEqual(code_of("plain text"), "ledger.malformed")

    def test_TR_REPLAY_5_unknown_versions(self) -> None:
        for entry in ('{"version":2}', '{"version":7,"result":1,"x":2}', '{"version":2.0}'):
            self.assertEqual(code_of(entry), "ledger.unknown_version", entry)

    def test_TR_REPLAY_6_malformed_entries(self) -> None:
        good = {"content": "", "isError": False, "artifacts": [], "warnings": []}
        cases = [
            "", "[1]", "null", "1", '{"version":1}', '{"version":0,"result":' + json.dumps(good) + "}",
            '{"version":true,"result":' + json.dumps(good) + "}",
            '{"version":1,"result":' + json.dumps(good) + ',"extra":1}',
            '{"version":1,"version":1,"result":' + json.dumps(good) + "}",
            '{"version":1,"result":{"content":"","isError":false,"artifacts":[]}}',
            '{"version":1,"result":{"content":1,"isError":false,"artifacts":[],"warnings":[]}}',
            '{"version":1,"result":{"content":"","isError":false,"artifacts":[],"warnings":["hook.failed"]}}',
            '{"version":1,"result":{"content":"","isError":false,"artifacts":[],"warnings":[],"structured":NaN}}',
            "[" * 100_000 + "]" * 100_000,
            '{"version":1,"result":{"content":"","isError":false,"artifacts":[],"warnings":[],"structured":'
            + "[" * (MAX_ENTRY_DEPTH - 1) + "]" * (MAX_ENTRY_DEPTH - 1) + "}}",
        ]
        for entry in cases:
            with self.subTest(entry=entry[:80]):
                self.assertEqual(code_of(entry), "ledger.malformed")

    def test_TR_REPLAY_7_restore_checks_what_bound_guarantees(self) -> None:
        def entry(**result):
            base = {"content": "", "isError": False, "artifacts": [], "warnings": []}
            base.update(result)
            return json.dumps({"version": 1, "result": base})

        cases = [
            entry(content="x" * 300),
            entry(content="\udc00"),
            entry(warnings=[{"code": "hook.failed"}, {"code": "content.truncated"}]),
            entry(warnings=[{"code": "x.y"}]),
            entry(isError=True, artifacts=[{"type": "text", "label": "a", "data": {"text": "b"}}]),
            entry(artifacts=[{"type": "table", "label": "a", "data": {"columns": ["a"], "rows": [["1", "2"]]}}]),
            entry(structured=9007199254740993),
        ]
        for text in cases:
            with self.subTest(entry=text[:80]):
                self.assertEqual(code_of(text, BoundOptions(content_budget=256)), "ledger.not_bounded")
        self.assertEqual(code_of(entry(content="x" * 300)), "ok")  # the default budget holds it
        at_depth = entry(structured=json.loads("[" * 64 + "]" * 64))
        self.assertEqual(code_of(at_depth), "ok")


if __name__ == "__main__":
    unittest.main()
