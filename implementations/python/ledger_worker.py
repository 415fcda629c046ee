#!/usr/bin/env python3
"""The Python worker of the ledger suite (its protocol: schemas/conformance/ledger-worker-request.schema.json and ledger-worker-message.schema.json):
runs the Python seam over the Python SQLite or PostgreSQL ledger.

    python3 ledger_worker.py '{"backend":"sqlite","path":"…","leaseMs":1000}' <execution log>
    python3 ledger_worker.py '{"backend":"postgres","connection":{"host":"…","port":5432,"user":"…","database":"…"},"leaseMs":1000}' <log>

The PostgreSQL backend needs psycopg 3 (requirements/postgres.txt): run it with a venv's interpreter.

``execute`` and ``entries`` requests may name the call: ``scope``, ``tool``, ``arguments`` go to the
seam as given (its key: spec/07-replay.md §7.2). The execution log's line is the call ID when a
request has neither scope nor tool, else the call ID, the scope and the fingerprint joined by tabs.
``claim``, ``recordTask`` and ``finish`` drive the store itself (a task recorded with a claim,
§7.7): a claimed answer leaves the claim open here, its lease renewed, until its finish.
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
from toolresult.seam import call_key  # noqa: E402

# The members of a request that name its call, as the seam's keywords.
_CALL_MEMBERS = ("scope", "tool", "arguments")

_out = threading.Lock()


def send(obj: dict) -> None:
    line = json.dumps(obj, ensure_ascii=True, separators=(",", ":")) + "\n"
    with _out:
        sys.stdout.write(line)
        sys.stdout.flush()


def tool_kind(call_id: str) -> str:
    total = sum(ord(c) for c in call_id)
    return "throws" if total % 11 == 0 else "error" if total % 7 == 0 else "success"


def call_of(req: dict) -> dict:
    """The call a request names: those of scope, tool and arguments it gives."""
    return {k: req[k] for k in _CALL_MEMBERS if k in req}


def suite_tool_result(call_id: str, call: dict | None = None) -> ToolResult:
    """The suite tool (ledger-kit/suite-tool.ts): a function of the call alone. With a tool, the
    result names the call it answers (member ``call``, and ``by <tool>`` in the text), so a replay
    of another call's entry shows in the entry itself."""
    call = call or {}
    kind = tool_kind(call_id)
    if kind == "throws":
        raise RuntimeError(f"tool failed for {call_id}")
    named = {}
    if "tool" in call:
        named = {"call": {"scope": call.get("scope", ""), "tool": call["tool"], "arguments": call.get("arguments", {})}}
    if kind == "error":
        return ToolResult.error(f"no record for {call_id}", structured={"callId": call_id, "code": 404, **named})
    by = f" by {call['tool']}" if "tool" in call else ""
    return ToolResult.text(
        f"result of {call_id}{by}: Müller \u2028 done",
        structured={"callId": call_id, "n": [1, 0.5, 1e-7, 0], "nested": {"z": True, "a": None}, **named},
        artifacts=[{"type": "text", "label": "Note", "data": {"text": f"note for {call_id}"}}],
    )


def log_line(call_id: str, call: dict) -> str:
    """The execution log's line of one run of the tool (ledger-kit/protocol.ts)."""
    if "scope" not in call and "tool" not in call:
        return call_id
    at = call_key(call.get("scope", ""), call.get("tool"), call.get("arguments"))
    return f"{call_id}\t{call.get('scope', '')}\t{at.get('fingerprint', '')}"


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

    def run(call_id: str, call: dict, delay_ms: int = 0, on_run=None, hang: bool = False):
        def tool() -> ToolResult:
            os.write(log_fd, (log_line(call_id, call) + "\n").encode("utf-8"))
            if on_run:
                on_run()
            if hang:
                threading.Event().wait()
            if delay_ms:
                threading.Event().wait(delay_ms / 1000)
            return suite_tool_result(call_id, call)

        try:
            result, replayed = execute_tool_call(call_id, tool, ledger, **call)
            return {"ok": True, "entry": persist(result), "replayed": replayed}
        except LedgerStoreError as e:
            return {"ok": False, "code": e.code, "message": str(e)}
        except (TypeError, ValueError, LedgerError) as e:  # a call ID the store refuses, an entry restore refuses
            return {"ok": False, "code": getattr(e, "code", "error"), "message": str(e)}

    # The claims held open for the suite's claim / recordTask / finish requests, by call ID.
    held: dict[str, object] = {}

    def store_op(req: dict) -> dict:
        try:
            if req["op"] == "claim":
                claim = ledger.claim(req["callId"])
                if claim.status == "pending":
                    return {"ok": True, "status": "pending"}
                if claim.status == "stored":
                    return {"ok": True, "status": "stored", "entry": claim.entry}
                held[req["callId"]] = claim
                return {"ok": True, "status": "claimed", **({} if claim.task is None else {"task": {"taskId": claim.task["taskId"]}})}
            claim = held.get(req["callId"])
            if claim is None:
                return {"ok": False, "code": "error", "message": "this worker holds no open claim of the call ID"}
            if req["op"] == "recordTask":
                claim.record_task(req["taskId"])
            else:
                del held[req["callId"]]
                claim.finish(req["entry"])
            return {"ok": True}
        except LedgerStoreError as e:
            return {"ok": False, "code": e.code, "message": str(e)}
        except (TypeError, ValueError) as e:  # an ID the store refuses
            return {"ok": False, "code": "error", "message": str(e)}

    for line in sys.stdin:
        req = json.loads(line)
        rid = req["id"]
        if req["op"] == "execute":
            def job(req=req, rid=rid):
                send({"id": rid, **run(req["callId"], call_of(req), req.get("delayMs") or 0, lambda: send({"id": rid, "event": "running"}), bool(req.get("hang")))})
            threading.Thread(target=job, daemon=True).start()
        elif req["op"] == "batch":
            rows = []
            for call_id in req["callIds"]:
                r = run(call_id, {}, req.get("delayMs") or 0)
                if r["ok"]:
                    rows.append([call_id, hashlib.sha256(r["entry"].encode("utf-8")).hexdigest(), r["replayed"]])
                else:
                    rows.append([call_id, None, False, r["code"], r["message"]])
            send({"id": rid, "ok": True, "results": rows})
        elif req["op"] == "entries":
            call = call_of(req)
            try:
                at = call_key(call.get("scope", ""), call.get("tool"), call.get("arguments"))
                send({"id": rid, "ok": True, "entries": {c: ledger.entry(c, **at) for c in req["callIds"]}})
            except (TypeError, ValueError, LedgerStoreError) as e:
                send({"id": rid, "ok": False, "code": getattr(e, "code", "error"), "message": str(e)})
        elif req["op"] in ("claim", "recordTask", "finish"):
            send({"id": rid, **store_op(req)})
        elif req["op"] == "exit":
            ledger.close()
            send({"id": rid, "ok": True})
            return 0
    ledger.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
