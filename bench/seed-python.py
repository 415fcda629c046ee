"""The Python seed's normalizer beside ours (issue 36 item 4; bench/seed.bench.ts runs this).

The seed is extra-org/extra's ``normalize_tool_result`` (src/agent_engine/runtime/
langchain_tool_adapter.py, deleted upstream after 2026-06-13): what a local LangChain tool returned,
turned into the model's text (a str as is, a dict or list by ``json.dumps(sort_keys=True)``, a
scalar by ``json.dumps``, anything else by ``str``). No file named tool_result_normalizer.py exists
in that repository's history. Ours is ``normalize("local", value)``, which also bounds the result.
The seed's function is read from the file given (never copied into this repository) and compiled
alone: its module imports LangChain, which this bench does not need.

    python3 bench/seed-python.py SEED_FILE   prints row<TAB>ours µs<TAB>seed µs<TAB>ours/seed lines
"""

from __future__ import annotations

import ast
import json
import sys
import time
from typing import Any, Callable

sys.path.insert(0, __file__.rsplit("/bench/", 1)[0] + "/implementations/python")
from toolresult.normalize import normalize  # noqa: E402


def seed_normalizer(path: str) -> Callable[[Any], str]:
    tree = ast.parse(open(path, encoding="utf-8").read(), path)
    found = [n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "normalize_tool_result"]
    if not found:
        raise SystemExit(f"{path} defines no normalize_tool_result")
    namespace: dict[str, Any] = {"json": json}
    exec(compile(ast.Module(body=found, type_ignores=[]), path, "exec"), namespace)
    return namespace["normalize_tool_result"]  # type: ignore[no-any-return]


def cpu_us(f: Callable[[], object]) -> float:
    """CPU µs per call: the median of 9 samples, each of calls enough for about 20 ms."""
    calls = 1
    while True:
        t = time.process_time()
        for _ in range(calls):
            f()
        if time.process_time() - t >= 0.005 or calls >= 1 << 20:
            break
        calls *= 4
    calls = max(1, calls * 4)
    xs = []
    for _ in range(9):
        t = time.process_time()
        for _ in range(calls):
            f()
        xs.append((time.process_time() - t) / calls * 1e6)
    return sorted(xs)[4]


WORDS = ["ACME Corp", "Jane Doe", "Berlin", "paid", "Müller GmbH", "東京都", "😀 ok", 'order "42"']


def rows() -> list[tuple[str, Any]]:
    records = {"count": 400, "items": [{"id": 100_000 + i, "name": f"{WORDS[i % 8]} {i}", "email": f"user{i}@example.com",
                                        "price": i * 1.25 + 0.01, "active": i % 3 != 0, "manager": None,
                                        "tags": ["a", "b", "c"][: 1 + i % 3]} for i in range(400)]}
    table = [[f"R-{10_000 + r}", WORDS[r % 8], f"{r * 1.5:.2f}", "2026-11-01", WORDS[(r * 3) % 8]] for r in range(700)]

    def nested(level: int) -> Any:
        if level == 0:
            return [WORDS[level], level * 7, True, None]
        return {**{f"k{level}_{i}": nested(level - 1) for i in range(3)}, f"k{level}_3": f"leaf {level} \"q\""}

    return [
        ("text: a short string", "Found 3 orders for Jane Doe."),
        ("text: 300,000 characters", ("The quick brown fox — Zoë paid 12,50 € in São Paulo.\n" * 6000)[:300_000]),
        ("object: 400 records", records),
        ("list: 700 rows of 5 strings", table),
        ("object: nested 6 levels, 4 members each", nested(6)),
        ("number: an integer", 42),
        ("null", None),
    ]


def main() -> None:
    seed = seed_normalizer(sys.argv[1])
    for name, value in rows():
        ours = cpu_us(lambda: normalize("local", value))
        theirs = cpu_us(lambda: seed(value))
        print(f"{name}\t{ours:.1f}\t{theirs:.1f}\t{ours / theirs:.2f}")


if __name__ == "__main__":
    main()
