"""Normalizers beyond the fixed vectors: spec 10 (TR-NORM-*)."""

import json
import unittest

from toolresult import BoundOptions, OptionsError, ToolResult, bound
from toolresult.normalize import NormalizeOptions, normalize
from toolresult.normalize.base64_size import data_url, forgiving_base64_size
from toolresult.normalize.json_schema import conforms

from .support import RUNS, random_json, random_text, rng

CANARY = "cnry-9d2e41"
B64_CANARY = "Y25yeS05ZDJlNDE="  # base64 of the canary


class Options(unittest.TestCase):
    def test_TR_NORM_1_bad_options_raise_naming_the_option(self) -> None:
        for options, name in (({"schemaPolicy": "strict"}, "schemaPolicy"), ({"contentBudget": 1}, "contentBudget"),
                              ({"structuredBudget": "big"}, "structuredBudget")):
            with self.assertRaises(OptionsError) as raised:
                NormalizeOptions.from_json(options)
            self.assertIn(name, str(raised.exception))
        self.assertEqual(NormalizeOptions.from_json({"outputSchema": {}}).schema_policy, "warn")
        self.assertEqual(NormalizeOptions.from_json({}).schema_policy, "off")


class NeverThrows(unittest.TestCase):
    def test_TR_NORM_2_hostile_sources_never_raise(self) -> None:
        loop: dict = {}
        loop["content"] = [loop]
        loop["structuredContent"] = loop
        deep: list = []
        for _ in range(100_000):
            deep = [deep]
        r = rng("normalize-hostile")
        values = [None, 5, "x", b"\xff", loop, deep, {"content": deep}, {"content": [deep], "artifact": deep},
                  {"content": [{"type": "text", "text": deep}]}, bytearray(b"x"), object(), {1: 2}]
        values += [random_json(r) for _ in range(RUNS)]
        for source in ("mcp", "langchain", "local"):
            for value in values:
                result = normalize(source, value)
                self.assertEqual(bound(result), result)


class TextOnly(unittest.TestCase):
    def test_TR_NORM_3_text_normalizes_to_exactly_that_text(self) -> None:
        r = rng("text-only")
        for _ in range(RUNS):
            pieces = [random_text(r, 10) for _ in range(r.randint(1, 4))]
            expected = bound(ToolResult.text("\n".join(pieces))).to_json()
            self.assertEqual(normalize("mcp", {"content": [{"type": "text", "text": p} for p in pieces]}).to_json(), expected)
            self.assertEqual(normalize("langchain", {"content": "\n".join(pieces)}).to_json(), expected)
            self.assertEqual(normalize("local", "\n".join(pieces)).to_json(), expected)


class RunOnlyBytes(unittest.TestCase):
    def test_TR_NORM_4_no_run_only_byte_reaches_content(self) -> None:
        mcp = {"content": [
            {"type": "image", "data": B64_CANARY, "mimeType": "image/png"},
            {"type": "text", "text": CANARY, "annotations": {"audience": ["user"]}},
            {"type": "resource", "resource": {"uri": "a:b", "blob": B64_CANARY}},
            {"type": "resource_link", "uri": "a:" + CANARY, "name": CANARY, "description": CANARY},
            {"type": "text", "text": "ok", "_meta": {"k": CANARY}},
        ], "_meta": {"k": CANARY}, "structuredContent": {"k": CANARY}}
        langchain = {"content": [{"type": "image_url", "image_url": {"url": "data:image/png;base64," + B64_CANARY}},
                                 {"type": "audio", "data": B64_CANARY, "mimeType": "audio/wav"}],
                     "artifact": [{"type": "mcp_meta", "data": {"k": CANARY}}, {"type": "text", "text": CANARY}]}
        for source, value in (("mcp", mcp), ("langchain", langchain)):
            result = normalize(source, value)
            self.assertNotIn(CANARY, result.content)
            self.assertNotIn(B64_CANARY, json.dumps(result.to_json()))


class Binary(unittest.TestCase):
    def test_TR_NORM_10_forgiving_base64_size(self) -> None:
        cases = {"": 0, "AAAA": 3, "AA==": 1, "AAA=": 2, "AA": 1, "AAA": 2, " A A\tA\nA ": 3, "QUJD\nREU": 5,
                 "AAAAA": None, "AA=A": None, "A===": None, "AA==AA": None, "AA!A": None, "AAA-": None, "=": None}
        for data, size in cases.items():
            with self.subTest(data=data):
                self.assertEqual(forgiving_base64_size(data), size)
        self.assertEqual(data_url("data:image/png;base64,AAAA"), ("image/png", "AAAA"))
        self.assertIsNone(data_url("data:text/plain,hello"))
        out = normalize("langchain", {"content": [{"type": "file", "data": bytearray(7), "mimeType": "a/b"}]})
        self.assertEqual(out.artifacts[0]["data"]["rows"], [["content[0]", "file", "a/b", "7", ""]])


class LangChainAdapterText(unittest.TestCase):
    def test_TR_NORM_56_serialized_block_object_is_only_its_text(self) -> None:
        artifact = [{"type": "mcp_structured_content", "data": {"t": 1}}]
        for content in (json.dumps({"type": "text", "text": "T", "structuredContent": {"t": 1}}),
                        json.dumps({"type": "text", "source_type": "text", "text": "T", "structuredContent": {}, "x": 1}),
                        json.dumps({"type": "image", "text": "T", "meta": {"secret": 1}})):
            self.assertEqual(normalize("langchain", {"content": content, "artifact": artifact}).content, "T")
        # No string text: nothing of the object is text (the structured value is the fallback, TR-NORM-20).
        no_text = json.dumps({"type": "text", "meta": {"secret": 1}})
        self.assertEqual(normalize("langchain", {"content": no_text, "artifact": artifact}).content, '{"t":1}')
        for content in ('{"type":"text","text":"T","meta":NaN}', "not json", '["T"]'):
            self.assertEqual(normalize("langchain", {"content": content, "artifact": artifact}).content, content)


class OutputSchema(unittest.TestCase):
    def test_TR_NORM_32_dialects_and_checks_that_cannot_run(self) -> None:
        self.assertTrue(conforms({"$schema": "https://json-schema.org/draft/2020-12/schema#", "type": "integer"}, 3))
        self.assertTrue(conforms({"$schema": "http://json-schema.org/draft-07/schema#", "items": [{"type": "number"}]}, [1, "x"]))
        self.assertFalse(conforms({"$schema": "http://json-schema.org/draft-04/schema#"}, 1))
        self.assertFalse(conforms({"$ref": "#/$defs/missing"}, 1))
        self.assertFalse(conforms({"pattern": "("}, "x"))
        self.assertTrue(conforms({"format": "email"}, "not an address"))
        schema = {"$defs": {"pos": {"type": "integer", "minimum": 1}}, "type": "object",
                  "properties": {"n": {"$ref": "#/$defs/pos"}}, "required": ["n"], "unevaluatedProperties": False}
        self.assertTrue(conforms(schema, {"n": 2}))
        self.assertFalse(conforms(schema, {"n": 0}))
        self.assertFalse(conforms(schema, {"n": 2, "extra": 1}))
        self.assertTrue(conforms({"pattern": "^a$"}, "a"))
        self.assertFalse(conforms({"pattern": "^a$"}, "a\n"))  # ECMAScript $ is the end of input
        self.assertTrue(conforms({"enum": [1]}, 1.0))
        self.assertFalse(conforms({"enum": [1]}, True))
        # A keyword the dialect does not define is ignored, whatever its value.
        draft_07 = "http://json-schema.org/draft-07/schema#"
        for keyword in ("unevaluatedProperties", "dependentSchemas", "prefixItems", "$defs", "dependentRequired"):
            self.assertTrue(conforms({"$schema": draft_07, keyword: None}, {}))
            self.assertFalse(conforms({keyword: None}, {}))
        self.assertTrue(conforms({"additionalItems": None}, []))
        self.assertFalse(conforms({"$schema": draft_07, "additionalItems": None}, []))

    def test_TR_NORM_31_enforce_reports_no_byte_of_the_value(self) -> None:
        options = NormalizeOptions.from_json({"outputSchema": {"type": "object", "required": ["n"]}, "schemaPolicy": "enforce"})
        out = normalize("mcp", {"content": [{"type": "text", "text": CANARY}], "structuredContent": {"x": CANARY}}, options)
        self.assertEqual(out.to_json(), {"content": "[tool output did not match its output schema]", "isError": True,
                                         "artifacts": [], "warnings": [{"code": "structured.schema_mismatch"}]})


class Local(unittest.TestCase):
    def test_TR_NORM_61_TR_NORM_62_TR_NORM_63_local_values(self) -> None:
        self.assertEqual(normalize("local", {"b": 1, "a": [1.5]}).content, '{"a":[1.5],"b":1}')
        bounded = bound(ToolResult.text("x", structured=None))
        self.assertEqual(normalize("local", bounded), bounded)
        self.assertEqual(normalize("local", ToolResult.text("x" * 300), NormalizeOptions(BoundOptions(content_budget=256))).warnings,
                         ("content.truncated",))
        for value in ((1, 2), {1, 2}, 2**60, bytearray(b"x"), object(), lambda: 1):
            out = normalize("local", value)
            self.assertEqual(out.to_json(), {"content": "[tool returned a value that is not a supported tool result]",
                                             "isError": True, "artifacts": [], "warnings": []})


if __name__ == "__main__":
    unittest.main()
