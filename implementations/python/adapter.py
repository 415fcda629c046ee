#!/usr/bin/env python3
"""Conformance adapter for the Python implementation: JSON lines on stdin, JSON lines on stdout.

Run the kit against it from the repository root:
    npm run conformance -- -- python3 implementations/python/adapter.py
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))  # json.loads of a deep (untagged) request

from kit_adapter.dispatch import handle  # noqa: E402


def _write(response: dict) -> None:
    # ensure_ascii keeps the line ASCII whatever it holds; the kit parses \u escapes back.
    sys.stdout.write(json.dumps(response, ensure_ascii=True, separators=(",", ":"), allow_nan=False) + "\n")
    sys.stdout.flush()


def main() -> int:
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except (ValueError, RecursionError):
            _write({"id": None, "ok": False, "error": {"code": "adapter.bad_request", "message": "not a JSON line"}, "logs": []})
            continue
        response = handle(request)
        _write(response)
        if type(request) is dict and request.get("op") == "stop" and response["ok"]:
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
