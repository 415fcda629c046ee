"""The C-code measure of plain values (plain_json.py) against the exact walk: the same verdict, L
and coerced copy, types included, for every value (spec 3.4, TR-BOUND-6, TR-BOUND-7, TR-BOUND-8).

A differential property: seeded random JSON values, the shapes of the kit's common profile, and the
values of the hostile classes and the unencodable kinds, each at a roomy budget and at budgets
around its own L. The proof must also never run code of the value (TR-BOUND-6)."""

from __future__ import annotations

import math
import random
import unittest
from typing import Any

from toolresult.json_measure import measure, walk_measure
from toolresult.artifact_shape import is_valid_artifact_list
from toolresult.jcs import canonical_json_kept, python_canonical_json
from toolresult.plain_json import _COLLECTOR_TELLS_KEYS, _GATE_HOLDS, _SLICE, JsonSnapshot, plain_measure, plain_snapshot, utf8_octets

from .support import RUNS, random_json, random_text, rng

BIG = 1 << 30


def typed(v: Any) -> Any:
    """A form of v in which equal means equal with the same types (5 and 5.0 differ, True and 1 too)."""
    if type(v) is dict:
        return ("dict", tuple((k, typed(x)) for k, x in v.items()))
    if type(v) is list:
        return ("list", tuple(typed(x) for x in v))
    if type(v) is float:
        return ("float", v.hex())
    return (type(v).__name__, v)


class Boom(Exception):
    pass


class Meta(type):
    def __hash__(cls) -> int:
        raise Boom("a metaclass hash ran")

    def __eq__(cls, other: object) -> bool:
        raise Boom("a metaclass == ran")


class Hostile(metaclass=Meta):
    pass


class LoudDict(dict):  # type: ignore[type-arg]
    def items(self):  # type: ignore[no-untyped-def]
        raise Boom("dict.items ran")

    def keys(self):  # type: ignore[no-untyped-def]
        raise Boom("dict.keys ran")

    def __iter__(self):  # type: ignore[no-untyped-def]
        raise Boom("dict.__iter__ ran")


class LoudList(list):  # type: ignore[type-arg]
    def __iter__(self):  # type: ignore[no-untyped-def]
        raise Boom("list.__iter__ ran")

    def __len__(self) -> int:
        raise Boom("list.__len__ ran")


class LoudStr(str):
    def __len__(self) -> int:
        raise Boom("str.__len__ ran")


def mutate(r: random.Random, v: Any, depth: int = 0) -> Any:
    """v with, now and then, a node the proof must not admit (or must admit with care)."""
    pick = r.random()
    if pick < 0.03:
        return r.choice([
            float("nan"), float("inf"), -0.0, 5.0, 1e-5, 1e-7, 2**53, -(2**53), 10**30, b"ab\xff", (1, 2), {1, 2},
            "a\ud800b", "\udfff", bytearray(b"x"), LoudStr("s"), LoudList([1]), LoudDict(a=1), Hostile(), True, None,
        ])
    if type(v) is list:
        return [mutate(r, x, depth + 1) for x in v]
    if type(v) is dict:
        out: dict[Any, Any] = {}
        for k, x in v.items():
            key: Any = k
            if r.random() < 0.02:
                key = r.choice([1, 2.5, None, True, b"k", b"\xff", "k\ud800", "\ud801" + k])
            out[key] = mutate(r, x, depth + 1)
        return out
    return v


def common_shapes(r: random.Random) -> list[Any]:
    rows = [[f"R-{i}", random_text(r), f"{r.random() * 1000:.2f}", "2026-11-30", "paid"] for i in range(200)]
    table = [{"type": "table", "label": "Orders", "data": {"columns": ["a", "b", "c", "d", "e"], "rows": rows}}]
    bad = [list(row) for row in rows]
    bad[5][1] = "A\ud800OK"
    records = {"items": [{"id": i, "price": round(r.random() * 1000, 2) + 0.01, "ratio": r.random() + 0.0001,
                          "active": i % 2 == 0, "manager": None, "tags": ["a", "b"][: i % 3]} for i in range(100)]}
    return [table, [{"type": "table", "label": "Bad", "data": {"columns": ["a", "b", "c", "d", "e"], "rows": bad}}],
            records, {"title": "t", "body": "x\n\"y\"\\z é 😀 " * 500}, [{"type": "text", "label": "n", "data": {"text": "t"}}] * 50]


def hostile_values() -> list[Any]:
    cycle: list[Any] = [1]
    cycle.append(cycle)
    cyclic_dict: dict[str, Any] = {"a": 1}
    cyclic_dict["self"] = cyclic_dict
    deep: Any = 1
    for _ in range(10_000):
        deep = [deep]
    shared = [list(range(50))] * 50
    wide = {f"k{i}": i for i in range(5_000)}
    return [
        cycle, cyclic_dict, deep, shared, wide, {"k" * 100_000: 1}, ["x" * 100_000], [10**100],
        {"a\ud800": 1, "a\udfff": 2}, {b"a": 1, "a": 2}, {b"\xff": 1, "\ufffd": 2}, [LoudDict(a=1)], [LoudList([1])],
        {"n": LoudStr("s")}, [Hostile()], [Hostile] , [type("T", (), {})()], [(1, 2)], [[1] * 64], [0.1, 1e-4, 9.9e-5],
        [1.5, 2.0**52 + 0.5, 123456.789, -12.5], [math.pi, -math.e], [None, True, False, 0, -1, 2**53 - 1, -(2**53 - 1)],
    ]


def general_table(items: dict[str, Any]) -> dict[Any, Any]:
    """A dict of str keys in CPython's general key table (it once held an int key): the collector
    lists its keys too, so the proof tests them one by one."""
    d: dict[Any, Any] = {0: None}
    del d[0]
    d.update(items)
    return d


def key_table_values() -> list[Any]:
    class Sub(str):
        __slots__ = ()

    return [
        [general_table({"a": 1, "b": [2, "x"]})],
        {"rows": [general_table({"k": "v"}), {"k": "w"}]},
        [{1: "a"}], [{None: 1}], [{1.5: 2}], [{True: 1}], [{Sub("a"): 1}], [{Sub("a"): 1, "b": 2}],
        [general_table({"a": 1}), {2: 3}], {"a": {"b": {(1, 2): 3}}}, [{"a": 1, "b": {"\u00e9\ud800": 1, "\u00e9\udfff": 2}}],
    ]


def shape_oracle(artifacts: Any) -> bool:
    """TR-BOUND-9 artifact by artifact, as artifact_shape.py read before its checks went in bulk."""
    if type(artifacts) is not list:
        return False
    for artifact in artifacts:
        if type(artifact) is not dict or artifact.keys() != {"type", "label", "data"}:
            return False
        kind, label, data = artifact["type"], artifact["label"], artifact["data"]
        if type(kind) is not str or kind not in ("table", "text") or type(label) is not str or type(data) is not dict:
            return False
        if kind == "text" and (data.keys() != {"text"} or type(data["text"]) is not str):
            return False
        if kind == "table":
            if data.keys() != {"columns", "rows"} or type(data["columns"]) is not list or type(data["rows"]) is not list:
                return False
            columns, rows = data["columns"], data["rows"]
            if any(type(c) is not str for c in columns):
                return False
            if any(type(row) is not list or len(row) != len(columns) or any(type(c) is not str for c in row) for row in rows):
                return False
    return True


def random_artifacts(r: random.Random) -> Any:
    """A valid artifact list, then (most times) one thing in it broken."""
    out: list[Any] = []
    for _ in range(r.randint(0, 6)):
        if r.random() < 0.5:
            out.append({"type": "text", "label": random_text(r), "data": {"text": random_text(r)}})
        else:
            width = r.randint(0, 3)
            rows = [[random_text(r) for _ in range(width)] for _ in range(r.randint(0, 4))]
            out.append({"type": "table", "label": random_text(r), "data": {"columns": [random_text(r) for _ in range(width)], "rows": rows}})
    if out and r.random() < 0.8:
        artifact = r.choice(out)
        data = artifact["data"]
        breakage = r.choice(["type", "label", "key", "extra", "data", "text", "columns", "column", "rows", "row", "width", "cell"])
        bad: Any = r.choice([None, 1, 1.5, True, [], {}, ["x"], "spreadsheet", {"a": "b"}])
        if breakage == "type":
            artifact["type"] = bad
        elif breakage == "label":
            artifact["label"] = bad
        elif breakage == "key":
            artifact["labels"] = artifact.pop("label")
        elif breakage == "extra":
            (data if r.random() < 0.5 else artifact)["extra"] = "x"
        elif breakage == "data":
            artifact["data"] = bad
        elif artifact["type"] == "text":
            data["text"] = bad
        elif breakage == "columns":
            data["columns"] = bad
        elif breakage == "rows":
            data["rows"] = bad
        elif breakage == "column" and data["columns"]:
            data["columns"][0] = bad
        elif breakage == "row" and data["rows"]:
            data["rows"][0] = bad
        elif breakage == "width" and data["rows"]:
            data["rows"][-1] = data["rows"][-1] + ["x"]
        elif breakage == "cell" and data["rows"] and data["rows"][0]:
            data["rows"][0][0] = bad
    return out


def nested(depth: int) -> Any:
    v: Any = "leaf"
    for _ in range(depth):
        v = [v]
    return v


class PlainJsonAgreesWithTheWalk(unittest.TestCase):
    def check(self, value: Any, budget: int, where: str) -> bool:
        """Asserts measure == walk_measure; returns whether the C path answered."""
        try:
            fast = plain_measure(value, budget)
        except Boom as error:  # pragma: no cover - the failure it reports
            self.fail(f"{where}: the proof ran code of the value: {error}")
        exact = walk_measure(value, budget)
        got = measure(value, budget)
        self.assertEqual((got.verdict, got.octets), (exact.verdict, exact.octets), where)
        self.assertEqual(typed(got.value), typed(exact.value), where)
        if fast is not None:
            self.assertEqual(exact.verdict, "ok", where)
            self.assertEqual((fast[0], typed(fast[1])), (exact.octets, typed(exact.value)), where)
            if type(value) is list or type(value) is dict:
                self.assertIsNot(fast[1], value, f"{where}: the copy is the input")
        return fast is not None

    def around(self, value: Any, where: str) -> int:
        fast = 0
        exact = walk_measure(value, BIG)
        budgets = [BIG, 256]
        if exact.octets is not None:
            budgets += [max(exact.octets - 1, 0), exact.octets, exact.octets + 1]
        for budget in budgets:
            fast += self.check(value, budget, f"{where} budget={budget}")
        return fast

    def test_random_values_seeded(self) -> None:
        r = rng("plain-json")
        fast = 0
        for i in range(RUNS):
            value = random_json(r)
            if i % 2 == 1:
                value = mutate(r, value)
            fast += self.around(value, f"random value {i} (TR_SEED and salt plain-json)")
        # Not vacuous: the C path answered for a good share of the values.
        self.assertGreater(fast, RUNS // 4)

    def test_common_shapes(self) -> None:
        r = rng("plain-json-shapes")
        for i, value in enumerate(common_shapes(r)):
            self.around(value, f"common shape {i}")
        # The well-formed shapes take the C path at their own budget.
        self.assertIsNotNone(plain_measure(common_shapes(rng("plain-json-shapes"))[0], 50_000))
        self.assertIsNotNone(plain_measure(common_shapes(rng("plain-json-shapes"))[1], 50_000))

    def test_hostile_and_unencodable_values(self) -> None:
        for i, value in enumerate(hostile_values()):
            self.around(value, f"hostile value {i}")

    def test_key_tables_and_key_types(self) -> None:
        # The collector tells a dict of exact-str keys by listing its values only; any other key
        # type lists the keys too, and then every key's type is tested (general_table).
        self.assertTrue(_COLLECTOR_TELLS_KEYS, "this interpreter's gc.get_referents lists dicts otherwise")
        self.assertTrue(_GATE_HOLDS, "this interpreter's gc.get_referents lists types otherwise")
        for i, value in enumerate(key_table_values()):
            self.around(value, f"key table value {i}")
        self.assertIsNotNone(plain_measure([general_table({"a": 1})], BIG), "a general table of str keys is plain")

    def test_artifact_shape_in_bulk_agrees_with_the_check_one_by_one(self) -> None:
        r = rng("artifact-shape")
        valid = 0
        for i in range(RUNS * 4):
            artifacts = random_artifacts(r)
            want = shape_oracle(artifacts)
            valid += want
            self.assertEqual(is_valid_artifact_list(artifacts), want, f"artifact list {i} (TR_SEED and salt artifact-shape): {artifacts!r}")
            rows = [row for a in artifacts if type(a) is dict and type(a.get("data")) is dict and type(a["data"].get("rows")) is list
                    for row in a["data"]["rows"]]
            if all(type(row) is list and all(type(c) is str for c in row) for row in rows):
                self.assertEqual(is_valid_artifact_list(artifacts, True), want, f"artifact list {i}, cells known str")
        self.assertGreater(valid, RUNS // 4)  # not vacuous: both answers are common
        self.assertLess(valid, RUNS * 3)

    def test_utf8_octets_is_the_encoded_length(self) -> None:
        r = rng("utf8-octets")
        pieces = ["a", "\u00e9", "\u20ac", "\U0001f600", "\n", "\u6771"]
        for i in range(RUNS):
            n = r.choice([0, 1, 5, _SLICE - 1, _SLICE, _SLICE + 1, 3 * _SLICE + 7])
            text = "".join(r.choice(pieces) for _ in range(n)) if n < 100 else r.choice(pieces) * n
            if n >= 100 and r.random() < 0.7:  # astral and BMP characters across a slice boundary
                cut = r.randint(0, len(text) - 1)
                text = text[:cut] + "\U0001f600\u20ac" + text[cut:]
            self.assertEqual(utf8_octets(text), len(text.encode("utf-8")), f"text {i}")
        with self.assertRaises(UnicodeEncodeError):
            utf8_octets("a" * _SLICE + "\u00e9\ud800")

    def test_depth_64_is_the_c_path_and_65_is_the_walk(self) -> None:
        self.assertIsNotNone(plain_measure(nested(64), BIG))
        self.assertIsNone(plain_measure(nested(65), BIG))
        self.check(nested(64), BIG, "depth 64")
        self.check(nested(65), BIG, "depth 65")

    def test_TR_BOUND_9_cells_that_are_not_str_fail_on_the_c_path(self) -> None:
        from toolresult import ToolResult, bound

        for cell in [{}, [], ["x"], 5, None, {"a": "b"}, 1.5]:
            table = [{"type": "table", "label": "T", "data": {"columns": ["a", "b"], "rows": [["x", "y"], ["x", cell]]}}]
            codes = bound(ToolResult.text("ok", artifacts=table)).warnings
            self.assertEqual(codes, ("artifacts.invalid_shape",), repr(cell))
        good = [{"type": "table", "label": "T", "data": {"columns": ["a", "b"], "rows": [["x", "y"]]}},
                {"type": "text", "label": "n", "data": {"text": "t"}}]
        self.assertEqual(bound(ToolResult.text("ok", artifacts=good)).warnings, ())

    def test_the_proof_runs_no_code_of_the_value(self) -> None:
        for value in [LoudDict(a=1), LoudList([1]), LoudStr("s"), [Hostile()], [Hostile], {"a": [LoudDict(b=2)]}]:
            self.assertIsNone(plain_measure(value, BIG))

    def test_the_level_lists_leave_the_input_as_it_was(self) -> None:
        # The next level is made by extending a fresh list: no row, object or shared list of the
        # input gains or loses an element, and a leaf level of strings is tested by identity only.
        class MetaStr(str, metaclass=Meta):
            pass

        row = ["a", "b"]
        value = {"rows": [row, row, ["c", "d"]], "more": [{"k": "v"}, {"k2": ["x"]}], "n": [1, 2.5, True, None]}
        before = repr(value)
        self.assertIsNotNone(plain_measure(value, BIG))
        self.assertEqual(repr(value), before)
        self.assertEqual(row, ["a", "b"])
        for leaf in [LoudStr("s"), MetaStr("m"), b"x", Hostile()]:
            table = [["a", "b"], ["c", leaf]]
            self.assertIsNone(plain_measure(table, BIG), repr(type(leaf)))
            self.check(table, BIG, f"a leaf level with a {type(leaf).__name__}")

    def test_over_budget_is_left_to_the_walk_before_serializing(self) -> None:
        # The charge before listing: a wide list and a long string over the budget are refused by
        # their lengths, before the next level is listed or anything is serialized.
        self.assertIsNone(plain_measure([0] * 1_000_000, 256))
        self.assertIsNone(plain_measure(["x" * 1_000_000], 256))
        self.assertIsNone(plain_measure({"k" * 1_000_000: 1}, 256))



class CanonicalTextOfWhatWasKept(unittest.TestCase):
    """canonical_json_kept (the local normalizer's content of a structured value, TR-NORM-61 with
    TR-BOUND-8) against the JCS writer over the bounded copy: the same text, whichever way it
    was made (the snapshot's own text, the C encoder sorting the source, or the writer)."""

    def agree(self, value: Any, where: str) -> str:
        kept = measure(value, BIG)
        if kept.verdict != "ok":
            return "refused"
        snap = plain_snapshot(value, BIG)
        expected = python_canonical_json(kept.value)
        if snap is None:
            self.assertEqual(canonical_json_kept(kept.value, value), expected, where)
            return "walk"
        self.assertEqual(canonical_json_kept(snap[1], value), expected, where)
        s = snap[1]
        return "own" if s.is_jcs else ("sorted" if s.verbatim and s.sorts_as_jcs else "thawed")

    def test_random_values_seeded(self) -> None:
        r = rng("jcs-kept")
        ways: dict[str, int] = {}
        for i in range(RUNS):
            value = random_json(r)
            if i % 2 == 1:
                value = mutate(r, value)
            way = self.agree(value, f"random value {i} (TR_SEED and salt jcs-kept)")
            ways[way] = ways.get(way, 0) + 1
        # Not vacuous: every way of making the text was taken.
        for way in ("own", "sorted", "walk"):
            self.assertGreater(ways.get(way, 0), 0, f"{way} never taken: {ways}")

    def test_the_orders_and_coercions_that_differ(self) -> None:
        cases: list[tuple[Any, str]] = [
            # Code point order puts U+FFFF first, UTF-16 order U+1F600 (a surrogate pair) first.
            ({"\uffff": 1, "\U0001f600": 2, "a": 3}, "thawed"),
            ({"b": {"\ue000": 1, "\U00010000": 2}}, "thawed"),
            ({"z": 1, "a": [{"y": 2, "b": 3}]}, "sorted"),
            ({"z": "\ud800", "a": 1}, "thawed"),  # a lone surrogate: the text is coerced
            (["\ud800x", [1.5, None, True]], "own"),
            ([["a", "b"], ["c", "d"]], "own"),
            ("only a string", "own"),
            (42, "own"),
            ({}, "sorted"),
        ]
        for value, way in cases:
            self.assertEqual(self.agree(value, repr(value)), way, repr(value))

    def test_a_source_changed_since_it_was_measured_falls_back_to_the_copy_kept(self) -> None:
        # Another thread may change the source between the measure and the text: an encoder error
        # then gives the text of what was kept, never an exception out of the normalizer.
        measured = {"b": 1, "a": [2]}
        snap = plain_snapshot(measured, BIG)
        assert snap is not None and snap[1].verbatim and not snap[1].is_jcs
        for changed in [{"b": 1, "a": {2}}, {"b": 1, 3: [2]}, {"b": 1, "a": b"2"}]:
            self.assertEqual(canonical_json_kept(snap[1], changed), python_canonical_json(measured), repr(changed))

    def test_common_shapes(self) -> None:
        for i, value in enumerate(common_shapes(rng("jcs-kept-shapes"))):
            self.agree(value, f"common shape {i}")
        self.assertIs(type(plain_snapshot([1], BIG)[1]), JsonSnapshot)  # type: ignore[index]


if __name__ == "__main__":
    unittest.main()
