#!/usr/bin/env python3
"""The Python worker of the ledger suite (its protocol: schemas/conformance/ledger-worker-request.schema.json and ledger-worker-message.schema.json):
runs the Python seam over the Python SQLite or PostgreSQL ledger.

    python3 ledger_worker.py '{"backend":"sqlite","path":"…","leaseMs":1000}' <execution log>
    python3 ledger_worker.py '{"backend":"postgres","connection":{"host":"…","port":5432,"user":"…","database":"…"},"leaseMs":1000}' <log>

The PostgreSQL backend needs psycopg 3 (requirements/postgres.txt): run it with a venv's interpreter.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from toolresult import LedgerError, ToolResult, persist  # noqa: E402
from toolresult.ledger_store import LedgerStoreError, SqliteLedger, execute_tool_call  # noqa: E402

_out = threading.Lock()


def send(obj: dict) -> None:
    line = json.dumps(obj, ensure_ascii=True, separators=(",", ":")) + "\n"
    with _out:
        sys.stdout.write(line)
        sys.stdout.flush()


def tool_kind(call_id: str) -> str:
    total = sum(ord(c) for c in call_id)
    return "throws" if total % 11 == 0 else "error" if total % 7 == 0 else "success"


def suite_tool_result(call_id: str) -> ToolResult:
    """The suite tool (ledger-kit/suite-tool.ts): a function of the call ID alone."""
    kind = tool_kind(call_id)
    if kind == "throws":
        raise RuntimeError(f"tool failed for {call_id}")
    if kind == "error":
        return ToolResult.error(f"no record for {call_id}", structured={"callId": call_id, "code": 404})
    return ToolResult.text(
        f"result of {call_id}: Müller \u2028 done",
        structured={"callId": call_id, "n": [1, 0.5, 1e-7, 0], "nested": {"z": True, "a": None}},
        artifacts=[{"type": "text", "label": "Note", "data": {"text": f"note for {call_id}"}}],
    )


def open_ledger(config: dict):
    if config["backend"] == "postgres":
        from toolresult.postgres_ledger import PostgresLedger

        c = config["connection"]
        connect = {"host": c.get("host"), "port": c.get("port"), "user": c.get("user"), "dbname": c.get("database"), "password": c.get("password")}
        return PostgresLedger(
            lease_ms=config.get("leaseMs", 30_000),
            lock_timeout_ms=config.get("lockTimeoutMs", 5_000),
            **{k: v for k, v in connect.items() if v is not None},
        )
    if config["backend"] == "sqlite":
        return SqliteLedger(config["path"], lease_ms=config.get("leaseMs", 30_000), busy_timeout_ms=config.get("busyTimeoutMs", 30_000))
    raise LedgerStoreError("ledger.store_failed", f"unknown backend {config['backend']!r}")


def main() -> int:
    config = json.loads(sys.argv[1])
    log_fd = os.open(sys.argv[2], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    try:
        ledger = open_ledger(config)
    except LedgerStoreError as e:
        send({"event": "fatal", "code": e.code, "message": str(e)})
        return 1
    send({"event": "ready", "pid": os.getpid()})

    def run(call_id: str, delay_ms: int = 0, on_run=None, hang: bool = False):
        def tool() -> ToolResult:
            os.write(log_fd, (call_id + "\n").encode("utf-8"))
            if on_run:
                on_run()
            if hang:
                threading.Event().wait()
            if delay_ms:
                threading.Event().wait(delay_ms / 1000)
            return suite_tool_result(call_id)

        try:
            result, replayed = execute_tool_call(call_id, tool, ledger)
            return {"ok": True, "entry": persist(result), "replayed": replayed}
        except LedgerStoreError as e:
            return {"ok": False, "code": e.code, "message": str(e)}
        except (TypeError, ValueError, LedgerError) as e:  # a call ID the store refuses, an entry restore refuses
            return {"ok": False, "code": getattr(e, "code", "error"), "message": str(e)}

    for line in sys.stdin:
        req = json.loads(line)
        rid = req["id"]
        if req["op"] == "execute":
            def job(req=req, rid=rid):
                send({"id": rid, **run(req["callId"], req.get("delayMs") or 0, lambda: send({"id": rid, "event": "running"}), bool(req.get("hang")))})
            threading.Thread(target=job, daemon=True).start()
        elif req["op"] == "batch":
            rows = []
            for call_id in req["callIds"]:
                r = run(call_id, req.get("delayMs") or 0)
                if r["ok"]:
                    rows.append([call_id, hashlib.sha256(r["entry"].encode("utf-8")).hexdigest(), r["replayed"]])
                else:
                    rows.append([call_id, None, False, r["code"], r["message"]])
            send({"id": rid, "ok": True, "results": rows})
        elif req["op"] == "entries":
            send({"id": rid, "ok": True, "entries": {c: ledger.entry(c) for c in req["callIds"]}})
        elif req["op"] == "exit":
            ledger.close()
            send({"id": rid, "ok": True})
            return 0
    ledger.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
