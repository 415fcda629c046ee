"""TR-CONF-4: every tag the tagged-value schema allows decodes, wherever the schema lets it stand."""

from __future__ import annotations

import sys
import unittest
from typing import Any

from toolresult.kit_adapter.decimal_integer import decimal_integer
from toolresult.kit_adapter.decode_tagged import TagError, decode_tagged
from toolresult.kit_adapter.dispatch import handle

from .support import SEED, rng


def _measure(value: Any, budget: int = 256) -> dict[str, Any]:
    return handle({"id": 1, "op": "measure", "input": {"budget": budget, "value": value}})


class BigInt(unittest.TestCase):
    def test_TR_CONF_4_bigint_of_any_length_decodes_exactly(self) -> None:
        r = rng("bigint-digits")
        limit = sys.get_int_max_str_digits()
        for length in (1, 16, 17, 4_300, 4_301, 9_000, 50_001):
            for sign in ("", "-"):
                digits = str(r.randrange(1, 10)) + "".join(r.choice("0123456789") for _ in range(length - 1))
                value = decode_tagged({"$tr": "bigint", "value": sign + digits})
                self.assertIs(type(value), int)
                sys.set_int_max_str_digits(0)  # the oracle only: CPython's own (quadratic) reading
                try:
                    self.assertEqual(value, int(sign + digits), f"seed {SEED}: {length} digits")
                finally:
                    sys.set_int_max_str_digits(limit)
        self.assertEqual(sys.get_int_max_str_digits(), limit, "the process-wide limit is left alone")
        self.assertEqual(decimal_integer("-0"), 0)
        self.assertEqual(decimal_integer("9" * 5000), 10**5000 - 1)

    def test_TR_CONF_4_bigint_answers_through_the_adapter(self) -> None:
        for digits in (4_301, 100_000):
            answer = _measure({"$tr": "bigint", "value": "9" * digits})
            self.assertTrue(answer["ok"], answer)
            self.assertEqual(answer["output"]["verdict"], "unencodable")
        answer = _measure([{"$tr": "bigint", "value": "5"}])
        self.assertEqual(answer["output"], {"verdict": "ok", "octets": 3})
        for bad in ("01", "+1", "1.0", "", "-"):
            answer = _measure({"$tr": "bigint", "value": bad})
            self.assertEqual(answer["error"]["code"], "adapter.bad_input", bad)


class KeyPositions(unittest.TestCase):
    def test_TR_CONF_4_every_tagged_string_decodes_as_a_key(self) -> None:
        entries = [
            ["plain", 1],
            [{"$tr": "bytes", "hex": "41ff"}, 2],
            [{"$tr": "utf16", "units": [0xD800, 0x61]}, 3],
            [{"$tr": "repeat", "text": "ab", "count": 3}, 4],
            [{"$tr": "repeat", "text": "x", "count": 0}, 5],
        ]
        value = decode_tagged({"$tr": "object", "entries": entries})
        self.assertEqual(value, {"plain": 1, "A\ufffd": 2, "\ud800a": 3, "ababab": 4, "": 5})

    def test_TR_CONF_4_a_key_that_is_not_a_string_is_bad_input(self) -> None:
        for key in ({"$tr": "repeat", "item": 1, "count": 2}, {"$tr": "bigint", "value": "1"}, 7,
                    {"$tr": "number", "value": "NaN"}):
            with self.assertRaises(TagError, msg=repr(key)):
                decode_tagged({"$tr": "object", "entries": [[key, 1]]})
        for tag in ({"$tr": "repeat", "text": "a", "count": -1}, {"$tr": "repeat", "text": "a", "count": True},
                    {"$tr": "repeat", "count": 2}):
            with self.assertRaises(TagError, msg=repr(tag)):
                decode_tagged(tag)


if __name__ == "__main__":
    unittest.main()
