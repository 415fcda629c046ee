"""Coercion to well-formed Unicode: spec 3.1 (TR-BOUND-1, TR-BOUND-2)."""

import unittest

from toolresult.coercion import coerce_text, coerced_prefix

from .support import RUNS, rng

FFFD = "\ufffd"


class MaximalSubpartTable(unittest.TestCase):
    """TR-BOUND-1: the spec's pinned table of octet inputs, row by row."""

    TABLE = [
        ("418042", "A" + FFFD + "B"),
        ("c0af", FFFD * 2),
        ("e08080", FFFD * 3),
        ("eda080", FFFD * 3),
        ("f09f98", FFFD),
        ("f09f9841", FFFD + "A"),
        ("f4908080", FFFD * 4),
        ("f580", FFFD * 2),
        ("efbbbf41", "\ufeffA"),
        ("e282", FFFD),
    ]

    def test_TR_BOUND_1_octets_follow_the_maximal_subpart_rule(self) -> None:
        for octets, expected in self.TABLE:
            with self.subTest(octets=octets):
                self.assertEqual(coerce_text(bytes.fromhex(octets)), expected)

    def test_TR_BOUND_1_each_surrogate_code_point_becomes_one_replacement(self) -> None:
        self.assertEqual(coerce_text("a\ud800b"), "a" + FFFD + "b")
        self.assertEqual(coerce_text("\udc00\ud800"), FFFD * 2)  # reversed pair: two lone surrogates
        self.assertEqual(coerce_text("\U0001F600"), "\U0001F600")

    def test_TR_BOUND_1_output_is_always_well_formed(self) -> None:
        r = rng("coerce-random")
        for _ in range(RUNS):
            raw = bytes(r.getrandbits(8) for _ in range(r.randint(0, 24)))
            text = "".join(chr(r.choice([r.randint(0, 0x7F), r.randint(0xD800, 0xDFFF), r.randint(0x80, 0x10FFFF)]))
                           for _ in range(r.randint(0, 12)))
            for value in (raw, text):
                coerced = coerce_text(value)
                coerced.encode("utf-8")  # raises on a surrogate
                self.assertEqual(coerce_text(coerced), coerced)

    def test_TR_BOUND_2_keeps_bom_and_nul_and_applies_no_normalization(self) -> None:
        self.assertEqual(coerce_text("\ufeffx\x00"), "\ufeffx\x00")
        self.assertEqual(coerce_text(b"\xef\xbb\xbfx\x00"), "\ufeffx\x00")
        decomposed = "e\u0301"
        self.assertEqual(coerce_text(decomposed), decomposed)
        self.assertEqual(coerce_text(decomposed.encode("utf-8")), decomposed)


class CoercedPrefix(unittest.TestCase):
    def test_TR_BOUND_16_prefix_agrees_with_the_whole(self) -> None:
        r = rng("prefix")
        for _ in range(RUNS):
            raw = bytes(r.choice([0x41, 0x80, 0xC3, 0xA9, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x98, 0x80, 0xED, 0xA0])
                        for _ in range(r.randint(0, 40)))
            n = r.randint(0, 40)
            prefix, complete = coerced_prefix(raw, n)
            whole = coerce_text(raw).encode("utf-8")
            got = prefix.encode("utf-8")
            if complete:
                self.assertEqual(got, whole)
            else:
                self.assertGreaterEqual(len(got), n)
                self.assertEqual(whole[:n], got[:n])


if __name__ == "__main__":
    unittest.main()
