"""TR-EXPOSE-2, TR-EXPOSE-5: any RFC 6901 pointer is read, a long one in time linear in it."""

from __future__ import annotations

import re
import time
import unittest

from toolresult.exposure import parse_pointer

from .support import SEED, rng

_GRAMMAR = re.compile(r"(?:/(?:[^/~]|~[01])*)*")  # RFC 6901, as a backtracking oracle on short strings


class Pointers(unittest.TestCase):
    def test_TR_EXPOSE_2_pointer_syntax_matches_the_grammar(self) -> None:
        r = rng("pointer-syntax")
        pieces = ["/", "~", "0", "1", "a", "~0", "~1", "~2", "\ud800", "\U0001F600", ""]
        for case in range(5_000):
            pointer = "".join(r.choice(pieces) for _ in range(r.randrange(0, 8)))
            valid = _GRAMMAR.fullmatch(pointer) is not None and not any(0xD800 <= ord(c) <= 0xDFFF for c in pointer)
            self.assertEqual(parse_pointer(pointer) is not None, valid, f"seed {SEED} case {case}: {pointer!r}")
        self.assertEqual(parse_pointer("/a~1b/~01"), ("a/b", "~1"))

    def test_TR_EXPOSE_5_a_pointer_of_a_million_tokens_is_read_in_linear_time(self) -> None:
        def seconds(tokens: int) -> float:
            start = time.process_time()
            self.assertEqual(len(parse_pointer("/a" * tokens) or ()), tokens)
            return time.process_time() - start

        short = min(seconds(100_000) for _ in range(3))
        long = min(seconds(1_000_000) for _ in range(3))
        self.assertLess(long, short * 30 + 0.05, f"{long:.3f}s for 10x the tokens against {short:.3f}s")
        self.assertLess(long, 2.0)


if __name__ == "__main__":
    unittest.main()
