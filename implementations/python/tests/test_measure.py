"""The measure L, depth D and verdict: spec 3.3-3.4 (TR-BOUND-5..8), walk limits (TR-BOUND-0, TR-BOUND-16)."""

import collections
import datetime
import time
import unittest

from toolresult.ecmascript_number import format_number
from toolresult.jcs import _c_writes_jcs, canonical_json, python_canonical_json
from toolresult.json_measure import measure

from .support import RUNS, node, random_float, random_json, rng

BIG = 1 << 30


def nested_lists(depth: int, leaf=1):
    root = leaf
    for _ in range(depth):
        root = [root]
    return root


class NumberForm(unittest.TestCase):
    def test_TR_BOUND_8_number_form_matches_ecmascript(self) -> None:
        r = rng("numbers")
        floats = [random_float(r) for _ in range(RUNS)] + [1e21, 1e-7, 0.1, 5.0, -12.5, 1e20, 1e-6, 123456.789]
        expected = node("process.stdout.write(JSON.stringify(input.map(String)))", floats)
        self.assertEqual([format_number(x) for x in floats], expected)

    def test_TR_BOUND_5_negative_zero_is_zero(self) -> None:
        self.assertEqual(format_number(-0.0), "0")
        measured = measure([-0.0], BIG)
        self.assertEqual((measured.value, measured.octets), ([0], 3))
        self.assertEqual(str(measured.value[0]), "0")


class MeasureIsJcsLength(unittest.TestCase):
    def test_TR_BOUND_8_L_equals_the_jcs_length_and_javascripts_byte_length(self) -> None:
        r = rng("measure")
        values = [random_json(r) for _ in range(RUNS)]
        js_lengths = node("process.stdout.write(JSON.stringify(input.map(v=>Buffer.byteLength(JSON.stringify(v)))))", values)
        for value, js_length in zip(values, js_lengths):
            measured = measure(value, BIG)
            self.assertEqual(measured.verdict, "ok")
            self.assertEqual(measured.octets, len(canonical_json(measured.value).encode("utf-8")))
            self.assertEqual(measured.octets, js_length)

    def test_the_c_encoders_jcs_text_is_the_writers(self) -> None:
        # A differential property: canonical_json (the C encoder, members sorted, where
        # _c_writes_jcs admits the value) against the member-by-member writer, on bounded values
        # of random_json and on the cases where the two would differ (tiny floats, astral keys
        # beside U+E000..U+FFFF keys, deep nesting).
        r = rng("jcs-c")
        values = [random_json(r) for _ in range(RUNS)] + [
            {"\U0001f600": 1, "\ue000": 2, "a": 3}, {"k": {"\ufffd": 1, "\U00010000": 2}}, [1e-5, 0.5], [9.99e-5], [1e-7],
            {"b": [1.5, -2.25, 1e15 + 0.5], "a": "\x00\x1f\"\\\u2028\x7f"}, nested_lists(64, {"z": 1, "y": [0.001]}),
            {"\ue000x": 1, "\uffff": 2, "\u00e9": 3, "e": 4}, [2**53 - 1, -(2**53 - 1), 0, True, False, None, ""],
        ]
        c_path = 0
        for i, value in enumerate(values):
            measured = measure(value, BIG)
            if measured.verdict != "ok":
                continue
            bounded = measured.value
            c_path += _c_writes_jcs(bounded)
            self.assertEqual(canonical_json(bounded), python_canonical_json(bounded), f"value {i} (TR_SEED and salt jcs-c)")
        self.assertGreater(c_path, len(values) // 4)  # not vacuous
        for rejected in [[1e-5], {"\U0001f600": 1, "\ue000": 2}, [5.0], [float("nan")]]:
            self.assertFalse(_c_writes_jcs(rejected), repr(rejected))

    def test_TR_BOUND_8_spec_table(self) -> None:
        cases = [(None, 4), (True, 4), (False, 5), (5, 1), (-12.5, 5), (1e-7, 4), (0.1, 3), ("", 2), ('"\\', 6),
                 ("\b\t\n\f\r", 12), ("\x01", 8), ("\u2028\x7f", 6), ([], 2), ([1, 2], 5), ({}, 2), ({"a": 1}, 7)]
        for value, octets in cases:
            with self.subTest(value=value):
                self.assertEqual(measure(value, BIG).octets, octets)

    def test_TR_BOUND_8_key_order_never_changes_L(self) -> None:
        self.assertEqual(measure({"a": 1, "bb": [2]}, BIG).octets, measure({"bb": [2], "a": 1}, BIG).octets)


class Unencodable(unittest.TestCase):
    class Instance:
        pass

    def test_TR_BOUND_6_non_json_values_are_unencodable_and_weigh_4(self) -> None:
        odd = [float("nan"), float("inf"), float("-inf"), 2**53, -(2**53), 1e300, 2.0**53, (1, 2), {1, 2},
               bytearray(b"x"), datetime.date(2020, 1, 1), lambda: 1, self.Instance(), collections.OrderedDict(),
               {1: "a"}, {None: "a"}, object(), ...]
        for value in odd:
            with self.subTest(kind=type(value).__name__):
                self.assertEqual(measure(value, BIG).verdict, "unencodable")
                self.assertEqual(measure([value, value], BIG).octets, 11)  # [x,x] with x counted as 4

    def test_TR_BOUND_6_bool_is_not_a_number_and_safe_integers_are_fine(self) -> None:
        self.assertEqual(measure([True, 2**53 - 1, -(2**53 - 1)], BIG).value, [True, 2**53 - 1, -(2**53 - 1)])

    def test_TR_BOUND_6_a_cycle_point_is_unencodable(self) -> None:
        loop: list = [1]
        loop.append(loop)
        self.assertEqual(measure(loop, BIG).verdict, "unencodable")
        self.assertEqual(measure(loop, BIG).octets, 2 + 1 + 1 + 4)
        shared = [1]
        self.assertEqual(measure([shared, shared], BIG).verdict, "ok")  # shared is not a cycle

    def test_TR_BOUND_6_no_code_of_the_value_runs(self) -> None:
        calls = []

        class Loud:
            def __getattribute__(self, name):
                calls.append(name)
                raise RuntimeError("trap")

            def __eq__(self, other):
                calls.append("eq")
                raise RuntimeError("trap")

            __hash__ = object.__hash__

        class LoudDict(dict):
            def items(self):
                calls.append("items")
                raise RuntimeError("trap")

        self.assertEqual(measure({"a": Loud(), "b": LoudDict(x=1)}, BIG).verdict, "unencodable")
        self.assertEqual(calls, [])

    def test_TR_BOUND_7_keys_equal_after_coercion_make_the_object_unencodable(self) -> None:
        self.assertEqual(measure({"\ud800": 1, "\udbff": 2}, BIG).verdict, "unencodable")
        self.assertEqual(measure({b"\xff": 1, b"\xfe": 2}, BIG).verdict, "unencodable")
        self.assertEqual(measure({"\ufffd": 1, b"\xff": 2}, BIG).verdict, "unencodable")
        self.assertEqual(measure({"a": 1, b"a": 2}, BIG).verdict, "unencodable")
        # TR-BOUND-18: the colliding object is still counted member by member: {"\ufffd":1,"\ufffd":2}.
        self.assertEqual(measure({"a": {"\ud800": 1, "\udbff": 2}}, BIG).octets, 2 + 3 + 1 + 17)


class DepthAndVerdict(unittest.TestCase):
    def test_TR_BOUND_8_depth_64_is_ok_and_65_is_too_deep(self) -> None:
        self.assertEqual(measure(nested_lists(64), BIG).verdict, "ok")
        self.assertEqual(measure(nested_lists(65), BIG).verdict, "too_deep")
        obj: dict = {}
        for _ in range(64):
            obj = {"k": obj}
        self.assertEqual(measure(obj, BIG).verdict, "too_deep")  # 65 objects, the innermost empty

    def test_TR_BOUND_8_precedence_over_budget_then_unencodable_then_too_deep(self) -> None:
        deep_and_odd = [nested_lists(70), float("nan")]
        self.assertEqual(measure(deep_and_odd, BIG).verdict, "unencodable")
        self.assertEqual(measure(deep_and_odd + ["x" * 300], 256).verdict, "over_budget")
        self.assertEqual(measure(["x" * 300, float("nan")], 256).verdict, "over_budget")
        # The unencodable node comes first in walk order; the budget still wins.
        self.assertEqual(measure([set(), "x" * 300], 256).verdict, "over_budget")

    def test_TR_BOUND_8_budget_boundary(self) -> None:
        value = ["x" * 250]  # L = 2 + 252 = 254
        self.assertEqual(measure(value, 254).verdict, "ok")
        self.assertEqual(measure(value, 253).verdict, "over_budget")


class NeverFails(unittest.TestCase):
    def test_TR_BOUND_0_deep_nesting_of_100000_levels(self) -> None:
        self.assertEqual(measure(nested_lists(100_000), BIG).verdict, "too_deep")
        obj: dict = {}
        for _ in range(100_000):
            obj = {"a": obj}
        self.assertEqual(measure(obj, BIG).verdict, "too_deep")

    def test_TR_BOUND_16_cost_follows_the_budget_not_the_input(self) -> None:
        wide = list(range(5_000_000))
        long_text = "x" * 50_000_000
        long_bytes = long_text.encode()
        started = time.process_time()
        self.assertEqual(measure(wide, 50_000).verdict, "over_budget")
        self.assertEqual(measure([long_text], 50_000).verdict, "over_budget")
        self.assertEqual(measure({"k": [long_bytes]}, 50_000).verdict, "over_budget")
        # CPU time, so a shared machine's waiting is not counted: a walk over the input would take
        # many seconds of CPU, a budget-bound one a few ms.
        self.assertLess(time.process_time() - started, 2.0)


if __name__ == "__main__":
    unittest.main()
