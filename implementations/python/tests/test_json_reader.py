"""A parser's own limits never change a byte's channel: TR-NORM-56, TR-NORM-4 (and TR-EXPOSE-7, whose
"content carries j" test parses the content too)."""

from __future__ import annotations

import json
import sys
import unittest
from typing import Any

from toolresult import BoundOptions, bound
from toolresult.exposure import expose
from toolresult.json_reader import JsonSyntaxError, read_json, read_json_iteratively
from toolresult.normalize import normalize

from .support import RUNS, SEED, random_json, rng

CANARY = "cnry-3f7a90"


def _deep_text(depth: int, kind: str) -> str:
    if kind == "array":
        return "[" * depth + json.dumps(CANARY) + "]" * depth
    return '{"k":' * depth + json.dumps(CANARY) + "}" * depth


def _reject(_name: str) -> Any:
    raise ValueError("not JSON")


class Reader(unittest.TestCase):
    def test_TR_NORM_56_reader_accepts_what_json_parse_accepts(self) -> None:
        r = rng("json-reader-acceptance")
        mutations = ["", ",", '"', "\\", "]", "}", "1", " ", "\x01", "e", "-", ".", "\t", "\u00a0", "NaN", "0"]
        for case in range(RUNS * 5):
            text = json.dumps(random_json(r), ensure_ascii=r.random() < 0.5, indent=r.choice((None, 1)))
            if r.random() < 0.6:
                at = r.randrange(len(text) + 1)
                text = text[:at] + r.choice(mutations) + text[at + 1 :]
            try:
                expected: Any = ("ok", json.dumps(json.loads(text, parse_constant=_reject, parse_int=float)))
            except ValueError:
                expected = ("error",)
            for reader in (read_json, read_json_iteratively):
                try:
                    got: Any = ("ok", json.dumps(reader(text), default=float))
                except JsonSyntaxError:
                    got = ("error",)
                # Integers are compared as doubles: the reader reads them as JSON.parse does.
                if got[0] == "ok":
                    got = ("ok", json.dumps(json.loads(got[1], parse_int=float)))
                self.assertEqual(got, expected, f"seed {SEED} case {case} {reader.__name__}: {text[:200]!r}")

    def test_TR_NORM_56_reader_pins(self) -> None:
        for reader in (read_json, read_json_iteratively):
            self.assertEqual(reader('{"a":1,"b":2,"a":3}'), {"a": 3, "b": 2})
            self.assertEqual(list(reader('{"a":1,"b":2,"a":3}')), ["a", "b"])  # first position, last value
            self.assertEqual(reader('"\\ud83d\\ude00\\ud800"'), "\U0001F600\ud800")
            self.assertEqual(reader("9007199254740993"), 9007199254740992.0)  # the nearest double
            self.assertEqual(reader("9007199254740991"), 9007199254740991)
            self.assertEqual(reader("1" * 5000), float("1" * 5000))  # no int-digits limit: inf, as JSON.parse
            self.assertEqual(reader(" \t\r\n[ ] "), [])
            for bad in ("", "[1,]", "{,}", '{"a"}', "01", "1.", ".1", "+1", "NaN", "Infinity", "[1] x",
                        '"\x1f"', "'a'", "\u00a0[]", "[", '{"a":1', "tru", '"\\x41"'):
                with self.assertRaises(JsonSyntaxError, msg=repr(bad)):
                    reader(bad)
            with self.assertRaises(JsonSyntaxError):
                reader('{"a":1,"a":2}', reject_duplicates=True)

    def test_TR_NORM_4_any_depth_reads(self) -> None:
        for depth in (1_000, 10_000, 100_000):
            for kind in ("array", "object"):
                value = read_json(_deep_text(depth, kind))
                levels = 0
                while type(value) is not str:
                    value = value[0] if kind == "array" else value["k"]
                    levels += 1
                self.assertEqual((levels, value), (depth, CANARY))


class LangChainDepth(unittest.TestCase):
    def test_TR_NORM_56_deep_structured_content_never_reaches_the_text(self) -> None:
        # The adapter's block object, serialized into the content, with structuredContent nested
        # past Python's recursion limit (sys.getrecursionlimit() is about 1,000 in a plain process).
        self.assertLess(sys.getrecursionlimit(), 100_000)
        for depth in (1_000, 10_000, 100_000):
            for kind in ("array", "object"):
                content = '{"type":"text","text":"visible","structuredContent":' + _deep_text(depth, kind) + "}"
                artifact = [{"type": "mcp_structured_content", "data": {"k": "public"}}]
                result = normalize("langchain", {"content": content, "artifact": artifact})
                wire = json.dumps(result.to_json())
                self.assertEqual(result.content, "visible", f"depth {depth} {kind}")
                self.assertNotIn(CANARY, result.content)
                self.assertNotIn(CANARY, wire, "the serialized copy of structured data is dropped whole")
                self.assertEqual(result.structured, {"k": "public"})
                # Without a text member there is no text at all (TR-NORM-20), never the object.
                bare = '{"structuredContent":' + _deep_text(depth, kind) + "}"
                result = normalize("langchain", {"content": bare, "artifact": artifact})
                self.assertNotIn(CANARY, json.dumps(result.to_json()), f"depth {depth} {kind}")

    def test_TR_NORM_56_a_huge_integer_member_does_not_change_the_channel(self) -> None:
        # CPython refuses int literals of more than 4,300 digits: that limit must not make the
        # object text either.
        content = '{"type":"text","text":"visible","structuredContent":{"n":' + "7" * 5000 + ',"s":"' + CANARY + '"}}'
        artifact = [{"type": "mcp_meta", "data": {}}]
        result = normalize("langchain", {"content": content, "artifact": artifact})
        self.assertEqual(result.content, "visible")


class ExposureDepth(unittest.TestCase):
    def test_TR_EXPOSE_7_deep_content_is_read_not_refused(self) -> None:
        # A content that is a deep JSON text is parsed (and is not the exposed value): the block is
        # appended once, and nothing raises.
        content = _deep_text(50_000, "array")
        result = bound({"content": content, "structured": {"a": 1}}, BoundOptions(content_budget=1_000_000))
        exposed = expose(result, {"policy": "allowlist", "pointers": ["/a"]}, BoundOptions(content_budget=1_000_000))
        self.assertEqual(exposed.content, content + '\n\n{"/a":1}')


if __name__ == "__main__":
    unittest.main()
