"""The key of a call (spec/07-replay.md §7.2): the scope's rules and the fingerprint of a tool and
its arguments, checked against JavaScript's own JSON writer (the TypeScript reference hashes the
same text)."""

from __future__ import annotations

import hashlib
import unittest

from toolresult import call_fingerprint
from toolresult.call_key import check_fingerprint, check_scope
from toolresult.seam import call_key

from .support import SEED, node, rng

SECRET = "cnry-call-key-51d2"

# JCS of a JSON value in JavaScript: members sorted by UTF-16 code units (Array.prototype.sort's
# default order), numbers and strings as JSON.stringify writes them.
_JCS_JS = (
    "const jcs=(v)=>Array.isArray(v)?'['+v.map(jcs).join(',')+']':v!==null&&typeof v==='object'?"
    "'{'+Object.keys(v).sort().map(k=>JSON.stringify(k)+':'+jcs(v[k])).join(',')+'}':JSON.stringify(v);"
    "const c=require('crypto');"
    "console.log(JSON.stringify(input.map(([t,a])=>c.createHash('sha256').update(jcs({arguments:a,tool:t}),'utf8').digest('hex'))));"
)


def _value(r, depth: int):
    kind = r.randrange(8 if depth < 3 else 5)
    if kind == 0:
        return r.choice([None, True, False])
    if kind == 1:
        return r.randrange(-(2**60), 2**60) if r.random() < 0.2 else r.randrange(-1000, 1000)
    if kind == 2:
        return r.choice([0.5, -1e-7, 1e21, 123.456, 2.5e-5, 1 / 3, 5.0, -0.0])
    if kind in (3, 4):
        return "".join(r.choice(["a", "é", "\u2028", "\U0001f600", '"', "\\", "\n", "\x01", "\ue000"]) for _ in range(r.randrange(6)))
    if kind == 5:
        return [_value(r, depth + 1) for _ in range(r.randrange(4))]
    return {_key(r): _value(r, depth + 1) for _ in range(r.randrange(4))}


def _key(r) -> str:
    return "".join(r.choice(["a", "b", "\ue000", "\U0001f600", "Z", "é"]) for _ in range(r.randrange(1, 4)))


class CallFingerprintTest(unittest.TestCase):
    def test_the_fingerprint_is_the_sha256_of_the_jcs_text(self) -> None:
        text = '{"arguments":{"a":"x","b":[1,0.5]},"tool":"lookup"}'
        self.assertEqual(call_fingerprint("lookup", {"b": [1, 0.5], "a": "x"}), hashlib.sha256(text.encode("utf-8")).hexdigest())
        self.assertEqual(call_fingerprint("t", {}), hashlib.sha256(b'{"arguments":{},"tool":"t"}').hexdigest())

    def test_equal_calls_hash_alike_and_any_difference_changes_it(self) -> None:
        base = call_fingerprint("balance", {"user": "alice", "n": 1})
        self.assertEqual(call_fingerprint("balance", {"n": 1.0, "user": "alice"}), base)  # member order, 1 and 1.0 are one number
        self.assertNotEqual(call_fingerprint("balance", {"user": "bob", "n": 1}), base)
        self.assertNotEqual(call_fingerprint("balances", {"user": "alice", "n": 1}), base)
        self.assertNotEqual(call_fingerprint("balance", {"user": "alice", "n": "1"}), base)

    def test_javascript_hashes_the_same_text(self) -> None:
        """Seeded random arguments (seed in TR_SEED): every fingerprint equals the one JavaScript
        computes from JSON.stringify's numbers and strings and its own key order."""
        r = rng("call-fingerprint")
        calls = [(f"tool_{n}", {_key(r): _value(r, 1) for _ in range(r.randrange(5))}) for n in range(200)]
        expected = node(_JCS_JS, calls)
        for (tool, args), want in zip(calls, expected):
            self.assertEqual(call_fingerprint(tool, args), want, f"seed {SEED}, tool {tool}")

    def test_arguments_that_are_not_a_json_object_are_refused_unquoted(self) -> None:
        for args in ([SECRET], SECRET, None, 3, (SECRET,)):
            with self.assertRaises(TypeError) as caught:
                call_fingerprint("t", args)
            self.assertNotIn(SECRET, str(caught.exception))
        for args, error in (
            ({"x": float("nan")}, ValueError),
            ({"x": [float("inf")]}, ValueError),
            ({"x": {SECRET: b"bytes"}}, TypeError),
            ({1: SECRET}, TypeError),
            ({"x": SECRET + "\ud800"}, ValueError),
            ({"x": 10**400}, ValueError),
        ):
            with self.assertRaises(error) as caught:
                call_fingerprint("t", args)
            self.assertNotIn(SECRET, str(caught.exception))
        def nested(levels: int) -> dict:
            deep: dict = {}
            for n in range(levels - 1):
                deep = {"d": deep} if n % 2 else [deep]  # type: ignore[assignment]
            return {"d": deep}

        call_fingerprint("t", nested(512))  # the arguments at level 0, 512 levels below: the reference's limit
        with self.assertRaises(ValueError):
            call_fingerprint("t", nested(513))
        for tool in (None, "", "t\udc00"):
            with self.assertRaises(TypeError):
                call_fingerprint(tool, {})  # type: ignore[arg-type]

    def test_an_integer_beyond_2_53_is_the_double_javascript_reads(self) -> None:
        self.assertEqual(call_fingerprint("t", {"n": 2**60}), call_fingerprint("t", {"n": 1152921504606846976.0}))
        self.assertEqual(call_fingerprint("t", {"n": 2**53 + 1}), call_fingerprint("t", {"n": 2**53}))


class CallKeyTest(unittest.TestCase):
    def test_scope_rules_are_a_call_ids_but_empty_is_the_default_scope(self) -> None:
        check_scope("")
        check_scope("thread-7 é \U0001f600")
        check_scope("x" * 1024)
        for scope in ("x" * 1025, "é" * 513, SECRET + "\x00", SECRET + "\udc00", None, 7, b"s"):
            with self.assertRaises(TypeError) as caught:
                check_scope(scope)
            self.assertNotIn(SECRET, str(caught.exception))

    def test_a_fingerprint_is_empty_or_64_lowercase_hex_digits(self) -> None:
        check_fingerprint("")
        check_fingerprint("0" * 64)
        for fp in ("A" * 64, "0" * 63, "g" * 64, None, SECRET):
            with self.assertRaises(TypeError) as caught:
                check_fingerprint(fp)
            self.assertNotIn(SECRET, str(caught.exception))

    def test_the_seam_keys_a_call_by_scope_and_fingerprint_and_the_old_api_by_neither(self) -> None:
        self.assertEqual(call_key(), {})
        self.assertEqual(call_key("s"), {"scope": "s", "fingerprint": ""})
        self.assertEqual(call_key("", "t"), {"scope": "", "fingerprint": call_fingerprint("t", {})})
        self.assertEqual(call_key("s", "t", {"a": 1}), {"scope": "s", "fingerprint": call_fingerprint("t", {"a": 1})})
        with self.assertRaises(TypeError):
            call_key("", None, {"a": 1})  # arguments need the tool they are for
        with self.assertRaises(TypeError):
            call_key("", 3)


if __name__ == "__main__":
    unittest.main()
