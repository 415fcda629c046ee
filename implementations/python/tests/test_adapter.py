"""The adapter over real standard input and output: TR-CONF-1..4."""

import json
import math
import os
import subprocess
import sys
import unittest

from toolresult.kit_adapter.decode_tagged import OPAQUE, decode_tagged, utf16_to_str
from toolresult.kit_adapter.dispatch import handle
from toolresult.json_measure import measure

ADAPTER = os.path.join(os.path.dirname(__file__), "..", "adapter.py")


def run_adapter(lines: list[str]) -> tuple[list[dict], int, str]:
    done = subprocess.run([sys.executable, ADAPTER], input="".join(line + "\n" for line in lines),
                          capture_output=True, text=True, timeout=60)
    return [json.loads(line) for line in done.stdout.splitlines()], done.returncode, done.stdout


class Transport(unittest.TestCase):
    def test_TR_CONF_1_TR_CONF_2_TR_CONF_3_one_line_per_request_in_order(self) -> None:
        requests = [
            {"id": 1, "op": "hello", "input": {"protocol": "toolresult-adapter/1"}},
            {"id": 2, "op": "coerce", "input": {"value": {"$tr": "bytes", "hex": "41ff"}}},
            {"id": 3, "op": "no-such-op", "input": {}},
            {"id": 4, "op": "bound", "input": {"result": {"content": "x", "isError": False}, "options": {"contentBudget": 1}}},
            {"id": 5, "op": "stop", "input": {}},
        ]
        responses, code, stdout = run_adapter([json.dumps(r) for r in requests] + ["not json"])
        self.assertEqual(code, 0)
        self.assertEqual([r["id"] for r in responses], [1, 2, 3, 4, 5])  # stops reading after stop
        self.assertTrue(all(line.startswith("{") and "\n" not in line for line in stdout.splitlines()))
        hello = responses[0]["output"]
        self.assertEqual((hello["language"], hello["stringModel"], hello["cycles"], hello["opaqueValues"]),
                         ("python", "codepoints", True, True))
        self.assertEqual(hello["protocol"], "toolresult-adapter/1")
        self.assertEqual(responses[1]["output"], {"text": "A\ufffd"})
        self.assertEqual((responses[2]["ok"], responses[3]["ok"]), (False, False))
        self.assertIn("contentBudget", responses[3]["error"]["message"])
        for response in responses:
            self.assertIsInstance(response["logs"], list)

    def test_TR_CONF_2_logs_are_collected_per_request_without_run_only_data(self) -> None:
        canary = "canary-b81c"
        response = handle({"id": 9, "op": "bound", "input": {"result": {
            "content": "x", "isError": False, "structured": {canary: canary}, "artifacts": [canary]}}})
        self.assertTrue(response["ok"])
        self.assertTrue(response["logs"])
        self.assertNotIn(canary, json.dumps(response["logs"]))


class TaggedValues(unittest.TestCase):
    def test_TR_CONF_4_utf16_pairs_combine_and_lone_surrogates_stay(self) -> None:
        self.assertEqual(utf16_to_str([0xD83D, 0xDE00, 0xD800, 0x41, 0xDC00]), "\U0001F600\ud800A\udc00")

    def test_TR_CONF_4_scalar_tags(self) -> None:
        self.assertEqual(decode_tagged({"$tr": "bytes", "hex": "ff00"}), b"\xff\x00")
        self.assertTrue(math.isnan(decode_tagged({"$tr": "number", "value": "NaN"})))
        negative_zero = decode_tagged({"$tr": "number", "value": "-0"})
        self.assertEqual(math.copysign(1, negative_zero), -1.0)
        self.assertEqual(decode_tagged({"$tr": "bigint", "value": "-9007199254740993"}), -9007199254740993)
        self.assertEqual(decode_tagged({"$tr": "repeat", "count": 3, "text": "ab"}), "ababab")

    def test_TR_CONF_4_structure_tags(self) -> None:
        nested = decode_tagged({"$tr": "nest", "depth": 3, "kind": "object", "key": "k", "leaf": 1})
        self.assertEqual(nested, {"k": {"k": {"k": 1}}})
        self.assertEqual(decode_tagged({"$tr": "repeat", "count": 2, "item": [1]}), [[1], [1]])
        cyc = decode_tagged({"a": [{"$tr": "cycle", "up": 2}]})
        self.assertIs(cyc["a"][0], cyc)
        deep = decode_tagged({"$tr": "nest", "depth": 100_000, "kind": "array", "leaf": {"$tr": "cycle", "up": 1}})
        self.assertEqual(measure(deep, 1 << 30).verdict, "unencodable")
        obj = decode_tagged({"$tr": "object", "entries": [["$tr", 1], [{"$tr": "bytes", "hex": "ff"}, 2]]})
        self.assertEqual(list(obj.items()), [("$tr", 1), ("\ufffd", 2)])
        merged = decode_tagged({"$tr": "object", "entries": [[{"$tr": "bytes", "hex": ""}, 1], ["", 2]]})
        self.assertEqual(merged, {"": 2})  # keys are strings once decoded, as in every adapter
        self.assertEqual(decode_tagged([{"$tr": "bytes", "hex": "ff"}]), [b"\xff"])  # values stay octets

    def test_TR_CONF_4_every_opaque_kind_is_unencodable(self) -> None:
        for kind in OPAQUE:
            with self.subTest(kind=kind):
                value = decode_tagged({"$tr": "opaque", "kind": kind})
                self.assertIsNot(value, None)
                self.assertEqual(measure({"v": value}, 1 << 30).verdict, "unencodable")


if __name__ == "__main__":
    unittest.main()
