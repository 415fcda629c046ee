"""Shared helpers of the Python tests: seeded randomness and a Node.js cross-check."""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import struct
import subprocess
from typing import Any

REPO_ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))
SEED = int(os.environ.get("TR_SEED", "20261130"))
RUNS = int(os.environ.get("TR_RUNS", "300"))


def rng(salt: str) -> random.Random:
    """A generator seeded by TR_SEED (fixed by default) and the test's own salt."""
    return random.Random(f"{SEED}:{salt}")


def node(script: str, payload: Any) -> Any:
    """Runs ``script`` in Node.js with ``payload`` as JSON on stdin; returns its JSON stdout.

    The repository needs Node 20 anyway (the kit and the reference run on it), so JavaScript's own
    JSON.stringify and Number::toString are the oracle for RFC 8785 lengths and number forms.
    """
    exe = shutil.which("node")
    if exe is None:
        raise RuntimeError("node is required by the cross-check tests")
    done = subprocess.run(
        [exe, "-e", "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const input=JSON.parse(s);" + script + "})"],
        input=json.dumps(payload, ensure_ascii=True),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


_ALPHABET = ['a', 'Z', ' ', '"', '\\', '\b', '\t', '\n', '\f', '\r', '\x00', '\x1f', '\x7f', '/', 'é', '\u2028',
             '\u2029', '\ufeff', '\u20ac', '\U0001F600', '\ue000', '\uffff', '\U0010FFFF']


def random_text(r: random.Random, max_len: int = 12) -> str:
    return "".join(r.choice(_ALPHABET) for _ in range(r.randint(0, max_len)))


def random_float(r: random.Random) -> float:
    pick = r.random()
    if pick < 0.4:
        return r.uniform(-1e6, 1e6)
    if pick < 0.6:
        return r.choice([1e-7, 1e-6, 1.5e-7, 123e-20, 0.1, 0.2 + 0.1, 5e-324, 2.0**52 + 0.5, 1e15 + 0.3])
    while True:
        x = struct.unpack("<d", struct.pack("<Q", r.getrandbits(64)))[0]
        if math.isfinite(x) and abs(x) <= 2**53 - 1:
            return x


def random_json(r: random.Random, depth: int = 0) -> Any:
    kinds = ["null", "bool", "int", "float", "str"] + (["list", "dict"] * 2 if depth < 4 else [])
    kind = r.choice(kinds)
    if kind == "null":
        return None
    if kind == "bool":
        return r.random() < 0.5
    if kind == "int":
        return r.choice([0, -1, 7, 2**53 - 1, -(2**53 - 1), r.randint(-10**9, 10**9)])
    if kind == "float":
        return random_float(r)
    if kind == "str":
        return random_text(r)
    if kind == "list":
        return [random_json(r, depth + 1) for _ in range(r.randint(0, 4))]
    return {random_text(r, 4): random_json(r, depth + 1) for _ in range(r.randint(0, 4))}


_AJV = """
const Ajv2020 = require(process.cwd() + '/node_modules/ajv/dist/2020.js').default;
const fs = require('fs'), path = require('path');
const ajv = new Ajv2020({ strict: false, allErrors: true });
const walk = (d) => fs.readdirSync(d, { withFileTypes: true }).forEach((e) => {
  const p = path.join(d, e.name);
  if (e.isDirectory()) walk(p); else if (e.name.endsWith('.schema.json')) ajv.addSchema(JSON.parse(fs.readFileSync(p, 'utf8')));
});
walk(path.join(process.cwd(), 'schemas'));
const check = ajv.getSchema(input.id);
process.stdout.write(JSON.stringify(input.values.map((v) => (check(v) ? null : ajv.errorsText(check.errors)))));
"""


def schema_errors(schema_id: str, values: list[Any]) -> list[str | None]:
    """Validates ``values`` against a schema of schemas/ with Ajv (draft 2020-12); None means valid."""
    exe = shutil.which("node")
    if exe is None:
        raise RuntimeError("node is required by the schema tests")
    done = subprocess.run(
        [exe, "-e", "let s='';process.stdin.on('data',d=>s+=d).on('end',()=>{const input=JSON.parse(s);" + _AJV + "})"],
        input=json.dumps({"id": schema_id, "values": values}, ensure_ascii=True),
        capture_output=True, text=True, check=True, cwd=REPO_ROOT,
    )
    return json.loads(done.stdout)


def js_canonical(values: list[Any]) -> list[str]:
    """RFC 8785 text of each value as JavaScript writes it: keys sorted by UTF-16 code units
    (Array.prototype.sort's order), numbers by Number::toString, strings by JSON.stringify."""
    script = (
        "const canon=(v)=>Array.isArray(v)?'['+v.map(canon).join(',')+']':"
        "(v!==null&&typeof v==='object')?'{'+Object.keys(v).sort().map(k=>JSON.stringify(k)+':'+canon(v[k])).join(',')+'}':"
        "JSON.stringify(v);process.stdout.write(JSON.stringify(input.map(canon)))"
    )
    return node(script, values)
