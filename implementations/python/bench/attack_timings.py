#!/usr/bin/env python3
"""Issue 29's Python attack requests, timed through an adapter (not a test: figures for a report).

    python3 implementations/python/bench/attack_timings.py ADAPTER.py [ADAPTER2.py ...]

Each request is sent to a fresh adapter process after a warm-up request; the figure is the wall
time of the answer, and its floor (the same payload decoded, without the attack) is measured in the
same run. The answer's code or a digest of its output is printed, so a changed answer shows.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import threading
import time
from typing import Any

BIG = 10**8


def _deep(depth: int) -> str:
    return '{"k":' * depth + '"run-only"' + "}" * depth


def _schema_request(pattern: str, subject: str) -> dict[str, Any]:
    return {"op": "normalize", "input": {
        "source": "mcp", "value": {"content": [], "structuredContent": {"s": subject}},
        "options": {"outputSchema": {"type": "object", "properties": {"s": {"type": "string", "pattern": pattern}}},
                    "schemaPolicy": "warn"}}}


def requests() -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(name, attack request, floor request)."""
    long_subject = "a" * 1_048_000
    return [
        ("key 10^8 units, lone surrogates, budget 256",
         {"op": "measure", "input": {"budget": 256, "value": {"$tr": "object", "entries": [
             [{"$tr": "repeat", "text": "a\ud800", "count": BIG // 2}, 1]]}}},
         {"op": "measure", "input": {"budget": 256, "value": [{"$tr": "repeat", "text": "a\ud800", "count": BIG // 2}]}}),
        ("pattern ^(a?){27}a{27}$ on 27 a", _schema_request("^(a?){27}a{27}$", "a" * 27), _schema_request("^a{27}$", "a" * 27)),
        ("pattern ^a*a*a*a*a*a*a*a*a*b$ on 38 a", _schema_request("^a*a*a*a*a*a*a*a*a*b$", "a" * 38),
         _schema_request("^a{38}b$", "a" * 38)),
        ("pattern ^a*a*a*a*a*a*a*a*a*b$ on 1,048,000 a", _schema_request("^a*a*a*a*a*a*a*a*a*b$", long_subject),
         _schema_request("^a{38}b$", "a" * 38)),
        ("pattern (\\w+\\s?)*$ on 1,048,000 chars", _schema_request("^(\\w+\\s?)*$", "ab " * 349_333 + "!"),
         _schema_request("^a{38}b$", "a" * 38)),
        ("langchain content, structuredContent 100,000 deep",
         {"op": "normalize", "input": {"source": "langchain", "value": {
             "content": '{"type":"text","text":"visible","structuredContent":' + _deep(100_000) + "}",
             "artifact": [{"type": "mcp_meta", "data": {}}]}}},
         {"op": "normalize", "input": {"source": "langchain", "value": {
             "content": '{"type":"text","text":"visible","structuredContent":' + _deep(100) + "}",
             "artifact": [{"type": "mcp_meta", "data": {}}]}}}),
        ("bigint of 4,301 digits", {"op": "measure", "input": {"budget": 256, "value": {"$tr": "bigint", "value": "9" * 4301}}},
         {"op": "measure", "input": {"budget": 256, "value": "9" * 4301}}),
        ("bigint of 1,000,000 digits", {"op": "measure", "input": {"budget": 256, "value": {"$tr": "bigint", "value": "9" * 10**6}}},
         {"op": "measure", "input": {"budget": 256, "value": "9" * 10**6}}),
    ]


LIMIT_SECONDS = 60.0


def _once(adapter: str, request: dict[str, Any]) -> tuple[float, float, str]:
    """(wall seconds of the answer, CPU seconds of the whole adapter process, summary)."""
    process = subprocess.Popen([sys.executable, adapter], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(json.dumps({"id": 0, "op": "hello", "input": {}}) + "\n")
    process.stdin.flush()
    process.stdout.readline()
    line = json.dumps(dict(request, id=1)) + "\n"
    start = time.perf_counter()
    process.stdin.write(line)
    process.stdin.flush()
    timer = threading.Timer(LIMIT_SECONDS, process.kill)
    timer.start()
    reply = process.stdout.readline()
    timer.cancel()
    seconds = time.perf_counter() - start
    process.stdin.close()
    _, _, usage = os.wait4(process.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    if not reply:
        return seconds, cpu, f"no answer within {LIMIT_SECONDS:.0f}s (killed)"
    answer = json.loads(reply)
    if answer.get("ok"):
        summary = "ok " + hashlib.sha256(json.dumps(answer["output"], sort_keys=True).encode()).hexdigest()[:10]
        if request["op"] == "normalize":
            summary += " content=" + json.dumps(answer["output"]["result"]["content"])[:40]
        elif "verdict" in answer["output"]:
            summary += " verdict=" + answer["output"]["verdict"]
    else:
        summary = "error " + answer["error"]["code"]
    return seconds, cpu, summary


def main() -> int:
    for adapter in sys.argv[1:]:
        print(f"== {adapter}")
        for name, attack, floor in requests():
            floor_s, floor_cpu, _ = _once(adapter, floor)
            attack_s, attack_cpu, summary = _once(adapter, attack)
            print(f"{name:50s} wall {attack_s:7.3f}s (floor {floor_s:6.3f}s)  process CPU {attack_cpu:7.3f}s "
                  f"(floor {floor_cpu:6.3f}s)  {summary}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
