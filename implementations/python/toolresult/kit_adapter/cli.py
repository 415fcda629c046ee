"""The adapter program (spec §9.1): JSON lines on stdin, one JSON line out per request.

Installed as the console script ``toolresult-python-adapter``; run the kit against it with
    npx toolresult conformance -- toolresult-python-adapter
"""

from __future__ import annotations

import json
import sys
from typing import Any

from .dispatch import handle


def _write(response: dict[str, Any]) -> None:
    # ensure_ascii keeps the line ASCII whatever it holds; the kit parses \u escapes back.
    sys.stdout.write(json.dumps(response, ensure_ascii=True, separators=(",", ":"), allow_nan=False) + "\n")
    sys.stdout.flush()


def main() -> int:
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))  # json.loads of a deep (untagged) request
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
