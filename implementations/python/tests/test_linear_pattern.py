"""Output-schema patterns on the linear-time engine: TR-NORM-65 item 1 and the pattern rule of spec 10.5.

A differential test checks the engine against Python's ``re`` (a backtracking engine, safe on short
subjects) through the ECMAScript -> Python translation the implementation used before; ECMAScript
forms ``re`` does not have are checked by hand-written cases.
"""

from __future__ import annotations

import random
import re
import time
import unittest

from toolresult.linear_pattern import MAX_WEIGHT, PatternCannotRun, compile_pattern
from toolresult.normalize.json_schema import conforms

from .support import RUNS, SEED, rng


def python_translation(pattern: str) -> re.Pattern[str]:
    """The translation the implementation used before the engine: ``$`` is the end of input, named
    groups in Python's spelling, ASCII classes."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\" and i + 1 < len(pattern):
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if in_class:
            in_class = ch != "]"
        elif ch == "[":
            in_class = True
        elif ch == "$":
            ch = r"\Z"
        elif pattern.startswith("(?<", i):
            out.append("(?P<")
            i += 3
            continue
        out.append(ch)
        i += 1
    return re.compile("".join(out), re.ASCII)


_ATOMS = ["a", "b", "c", " ", "-", ".", r"\d", r"\w", r"\s", r"\W", r"\D", r"\S", "[ab]", "[^a]", "[a-c_]",
          r"[\d-]", r"[^\w\n]", r"[\-a]", r"\u0061", r"\x62", r"\.", r"\n", "[^b-c1]", r"[\s\d]"]
_ASSERTIONS = ["^", "$", r"\b", r"\B"]
_QUANTIFIERS = ["*", "+", "?", "{0,2}", "{1}", "{2,}", "{1,3}", "{0}", "{2}"]
_ALPHABET = "abc _1-\n"


class _Generator:
    def __init__(self, r: random.Random) -> None:
        self.r = r
        self.names = 0

    def term(self, depth: int) -> str:
        r = self.r
        roll = r.random()
        if roll < 0.12:
            return r.choice(_ASSERTIONS)
        if roll < 0.35 and depth < 2:  # shallow: Python's re backtracks exponentially on deep nests
            body = self.alternation(depth + 1)
            kind = r.randrange(3)
            if kind == 0:
                group = f"({body})"
            elif kind == 1:
                group = f"(?:{body})"
            else:
                self.names += 1
                group = f"(?<g{self.names}>{body})"
        else:
            group = r.choice(_ATOMS)
        if r.random() < 0.45:
            group += r.choice(_QUANTIFIERS) + ("?" if r.random() < 0.3 else "")
        return group

    def sequence(self, depth: int) -> str:
        return "".join(self.term(depth) for _ in range(self.r.randrange(0, 4)))

    def alternation(self, depth: int) -> str:
        return "|".join(self.sequence(depth) for _ in range(self.r.choice((1, 1, 2, 3))))


class Differential(unittest.TestCase):
    def test_TR_NORM_65_engine_agrees_with_a_backtracking_reference(self) -> None:
        r = rng("linear-pattern-differential")
        generator = _Generator(r)
        checked = 0
        for case in range(RUNS * 10):
            pattern = generator.alternation(0)
            reference = python_translation(pattern)
            engine = compile_pattern(pattern)
            for _ in range(8):
                subject = "".join(r.choice(_ALPHABET) for _ in range(r.randrange(0, 11)))
                if not subject and r"\B" in pattern:
                    continue  # Python's \B never matches an empty string; ECMAScript's does (a hand case)
                expected = reference.search(subject) is not None
                self.assertEqual(engine.search(subject), expected,
                                 f"seed {SEED} case {case}: pattern {pattern!r} subject {subject!r}")
                checked += 1
        self.assertGreater(checked, 1000)

    def test_TR_NORM_65_ecmascript_forms_python_lacks(self) -> None:
        cases = [
            (r"^\u{1F600}$", "\U0001F600", True), (r"^\u{61}$", "a", True), (r"^\ud83d\ude00$", "\U0001F600", True),
            (r"^.$", "\U0001F600", True),  # u flag: one code point
            (r"^\cJ$", "\n", True), (r"^\cj$", "\n", True), (r"\cA", "\x01", True), (r"[\cA-\cC]", "\x02", True),
            (r"^.$", "\r", False), (r"^.$", "\u2028", False), (r"^.$", "\u2029", False), (r"^.$", "\u0085", True),
            (r"^\s$", "\u00a0", True), (r"^\s$", "\ufeff", True), (r"^\s$", "\u3000", True), (r"^\s$", "\u0085", False),
            (r"^\S$", "\u2028", False), (r"^\w$", "\u00e9", False), (r"^\d$", "\u0663", False),
            (r"a\b", "a\u00e9", True), (r"[\b]", "\x08", True), (r"^[^]$", "\n", True), (r"[]", "a", False),
            (r"^a$", "a\n", False),  # `$` is the end of input only
            (r"^b", "a\nb", False),  # `^` is the start only (no m flag)
            (r"^(?:a|)b$", "b", True), (r"^(|a)+$", "", True), (r"^(a|)+$", "aaa", True),
            (r"^a+?$", "aaa", True), (r"^(?<year>\d{4})-(?<m>\d\d)$", "2026-12", True), (r"x*", "", True),
            (r"^\/$", "/", True), (r"^[\-]$", "-", True), (r"\0", "\x00", True), (r"^\x41$", "A", True),
            (r"^A$", "a", False),  # case-sensitive
            (r"\B", "", True), (r"^\B$", "", True), (r"\b", "", False),
        ]
        for pattern, subject, expected in cases:
            self.assertEqual(compile_pattern(pattern).search(subject), expected, f"{pattern!r} on {subject!r}")


class CannotRun(unittest.TestCase):
    def test_TR_NORM_65_the_set_that_cannot_run(self) -> None:
        refused = [
            r"(a)\1", r"\k<n>(?<n>a)", r"(?<n>a)\k<n>", "(?=a)", "(?!a)", "(?<=a)b", "(?<!a)b", r"\p{L}", r"\P{Lu}",
            r"[\p{L}]", "a{1001}", "(a{100}){11}", "(?:a|b){501}", "[a-z]{1001}", "a{2,1001}", ".{1000}$",
            # not ECMAScript u syntax
            "(", ")", "[a", "a{", "a{1", "}", "]", "*a", "a**", "a{2,1}", r"\c1", r"\x4", r"\u00G1", r"\u{110000}",
            r"\q", r"\-", "(?<1a>x)", "(?<n>a)(?<n>b)", "(?x)", "^*", r"\b+", "[z-a]", r"[\d-z]", r"\0" + "1",
        ]
        for pattern in refused:
            with self.assertRaises(PatternCannotRun, msg=pattern):
                compile_pattern(pattern)
            self.assertFalse(conforms({"pattern": pattern}, "a"), pattern)
            # A check that cannot run is no pass, not even under `not` (TR-NORM-32).
            self.assertFalse(conforms({"not": {"pattern": pattern}}, "a"), pattern)
            self.assertFalse(conforms({"patternProperties": {pattern: True}}, {"a": 1}), pattern)

    def test_TR_NORM_65_everything_else_runs(self) -> None:
        runs = ["^(a?){27}a{27}$", "^a*a*a*a*a*a*a*a*a*b$", "^[a-z]+(-[a-z]+)*$", r"(\w+\s?)*$", "(a{10}){100}",
                "a{1000}", "(?:){100000000000}", "(?:a{0}){1000}", "(((((((((((a)))))))))))+", "(a+)+$", "(a|a)*b",
                "a{0,1000}", "(?:a*)*", "[" + "a" * 5000 + "]", "(" * 3000 + "a" + ")" * 3000]
        for pattern in runs:
            compile_pattern(pattern)
        self.assertEqual(MAX_WEIGHT, 1000)

    def test_TR_NORM_65_weight_rule(self) -> None:
        # The weight counts atoms (a class once, an assertion once), multiplied by the larger number
        # of a counted repetition; `*`, `+`, `?` multiply by 1.
        compile_pattern("^" + "a" * 998 + "$")
        with self.assertRaises(PatternCannotRun):
            compile_pattern("^" + "a" * 999 + "$")
        compile_pattern("[abc]{1000}")
        compile_pattern(r"(?:\d\b){500}")
        with self.assertRaises(PatternCannotRun):
            compile_pattern(r"(?:\d\b){500}x")
        compile_pattern("(a*b+c?){333}")
        with self.assertRaises(PatternCannotRun):
            compile_pattern("(a*b+c?){334}")


class Linear(unittest.TestCase):
    def _seconds(self, pattern: str, subject: str) -> float:
        # CPU time, not the wall clock: a busy machine's waiting is not the engine's work.
        start = time.process_time()
        conforms({"pattern": pattern}, subject)
        return time.process_time() - start

    def test_TR_NORM_65_superlinear_forms_run_fast_with_their_meaning(self) -> None:
        self.assertTrue(conforms({"pattern": "^(a?){27}a{27}$"}, "a" * 27))
        self.assertFalse(conforms({"pattern": "^(a?){27}a{27}$"}, "a" * 26))
        self.assertFalse(conforms({"pattern": "^a*a*a*a*a*a*a*a*a*b$"}, "a" * 38))
        self.assertFalse(conforms({"pattern": "^a*a*a*a*a*a*a*a*a*b$"}, "a" * 10_000))
        self.assertTrue(conforms({"pattern": "^a*a*a*a*a*a*a*a*a*b$"}, "a" * 10_000 + "b"))
        self.assertTrue(conforms({"patternProperties": {"^(a?){20}a{20}$": False}, "additionalProperties": True}, {"b": 1}))
        self.assertFalse(conforms({"patternProperties": {"^(a?){20}a{20}$": False}}, {"a" * 20: 1}))
        # Against a floor measured in the same run (a plain pattern of the same size on the same
        # subject): a backtracking engine takes seconds here, the automaton a small multiple.
        for pattern, subject in (("^(a?){27}a{27}$", "a" * 27), ("^a*a*a*a*a*a*a*a*a*b$", "a" * 38),
                                 (r"^(\w+\s?)*$", "ab " * 12 + "!")):
            floor = min(self._seconds("^" + "a" * 54 + "$", subject) for _ in range(3))
            cost = min(self._seconds(pattern, subject) for _ in range(3))
            self.assertLess(cost, max(floor * 200, 0.05), f"{pattern!r}: {cost:.4f}s against a floor of {floor:.5f}s")


if __name__ == "__main__":
    unittest.main()
