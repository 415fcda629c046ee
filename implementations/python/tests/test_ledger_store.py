"""The Python SQLite ledger's own rules (spec/07-replay.md §7.4-7.7). The cross-process and
cross-language rules run in the kit's ledger suite (conformance/ledger-suite/python-ledger.test.ts)."""

from __future__ import annotations

import os
import sqlite3
import tempfile
import unittest

from toolresult import ToolResult, audit_record, bound, persist
from toolresult.ledger_store import (
    INTERRUPTED_ENTRY,
    INTERRUPTED_TEXT,
    TOOL_FAILED_TEXT,
    Claimed,
    LedgerStoreError,
    Pending,
    SqliteLedger,
    Stored,
    execute_tool_call,
)

CANARY = "cnry-ledger-py-7a6b5c"


class SqliteLedgerTest(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "ledger.db")

    def tearDown(self) -> None:
        self.dir.cleanup()

    def sql(self, text: str, *values) -> None:
        db = sqlite3.connect(self.path)
        db.execute(text, values)
        db.commit()
        db.close()

    def test_interrupted_entry_bytes(self) -> None:
        """TR-REPLAY-23: the pinned entry is the one the spec prints, byte for byte."""
        self.assertEqual(
            INTERRUPTED_ENTRY,
            '{"result":{"artifacts":[],"content":"' + INTERRUPTED_TEXT + '","isError":true,"warnings":[]},"version":1}',
        )

    def test_replay_runs_once_failures_included(self) -> None:
        """TR-REPLAY-8, TR-REPLAY-10, TR-REPLAY-11, TR-REPLAY-27: replays after a reopen are byte-identical."""
        runs = []

        def tool(kind: str):
            def run():
                runs.append(kind)
                if kind == "throws":
                    raise RuntimeError(CANARY)
                if kind == "error":
                    return ToolResult.error("nope", structured={"k": 1})
                return ToolResult.text("ok", structured={"k": [1, 0.5]})

            return run

        ledger = SqliteLedger(self.path)
        first = {k: persist(execute_tool_call(k, tool(k), ledger)[0]) for k in ("ok", "error", "throws")}
        ledger.close()
        again = SqliteLedger(self.path)
        for k in ("ok", "error", "throws"):
            result, replayed = execute_tool_call(k, tool(k), again)
            self.assertTrue(replayed)
            self.assertEqual(persist(result), first[k])
        again.close()
        self.assertEqual(runs, ["ok", "error", "throws"])
        self.assertIn(TOOL_FAILED_TEXT, first["throws"])
        self.assertNotIn(CANARY, first["throws"])

    def test_call_ids(self) -> None:
        """TR-REPLAY-21: call IDs a store cannot keep exactly are refused."""
        ledger = SqliteLedger(self.path)
        for bad in ("", "a\ud800b", "nul\x00", "x" * 1025, 7):
            with self.assertRaises(TypeError):
                ledger.claim(bad)
        self.assertIsInstance(ledger.claim("caf\u00e9"), Claimed)
        self.assertIsInstance(ledger.claim("cafe\u0301"), Claimed)
        ledger.close()

    def test_lapsed_lease(self) -> None:
        """TR-REPLAY-22, TR-REPLAY-23, TR-REPLAY-24: a live claim is pending; a lapsed one becomes the
        interrupted entry; the late finish is refused and changes nothing."""
        a = SqliteLedger(self.path, lease_ms=60_000)
        b = SqliteLedger(self.path, lease_ms=60_000)
        claim = a.claim("c")
        self.assertIsInstance(b.claim("c"), Pending)
        self.sql("UPDATE toolresult_ledger SET lease_until = 0 WHERE call_id = 'c'")
        self.assertEqual(b.claim("c"), Stored(INTERRUPTED_ENTRY))
        with self.assertRaises(LedgerStoreError) as caught:
            claim.finish(persist(bound(ToolResult.text(CANARY))))
        self.assertEqual(caught.exception.code, "ledger.lease_lost")
        self.assertNotIn(CANARY, str(caught.exception))
        self.assertEqual(a.entry("c"), INTERRUPTED_ENTRY)
        a.close()
        b.close()

    def test_prune(self) -> None:
        """TR-REPLAY-29: prune deletes old stored entries, never a claim."""
        ledger = SqliteLedger(self.path)
        execute_tool_call("old", lambda: ToolResult.text("x"), ledger)
        ledger.claim("live")
        self.sql("UPDATE toolresult_ledger SET finished_at = 0 WHERE call_id = 'old'")
        self.assertEqual(ledger.prune(1000), 1)
        self.assertIsNone(ledger.entry("old"))
        self.assertIsInstance(ledger.claim("live"), Pending)
        ledger.close()

    def test_layout(self) -> None:
        """TR-REPLAY-33: tables of an unknown layout are refused."""
        SqliteLedger(self.path).close()
        self.sql("UPDATE toolresult_meta SET value = '2' WHERE key = 'layout'")
        with self.assertRaises(LedgerStoreError) as caught:
            SqliteLedger(self.path)
        self.assertEqual(caught.exception.code, "ledger.store_layout")

    def test_audit(self) -> None:
        """TR-REPLAY-34: audit rows are canonical JSON at their level; a smuggled result is refused."""
        ledger = SqliteLedger(self.path)
        result = bound(ToolResult.text("t", structured={"s": CANARY}))
        meta = audit_record(result, ["metadata"])
        ledger.append_audit("a", meta)
        ledger.append_audit("a", audit_record(result, ["full"]))
        rows = ledger.audit_records("a")
        self.assertNotIn(CANARY, rows[0])
        self.assertIn(CANARY, rows[1])
        with self.assertRaises(TypeError):
            ledger.append_audit("a", {**meta, "result": result.to_json()})
        self.assertEqual(len(ledger.audit_records("a")), 2)
        ledger.close()

    def test_locked_store(self) -> None:
        """TR-REPLAY-30, TR-REPLAY-31: a locked store fails the call clearly and runs nothing."""
        ledger = SqliteLedger(self.path, busy_timeout_ms=100)
        holder = sqlite3.connect(self.path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        runs = []
        with self.assertRaises(LedgerStoreError) as caught:
            execute_tool_call("x", lambda: runs.append(1) or ToolResult.text("x"), ledger)
        holder.execute("ROLLBACK")
        holder.close()
        self.assertEqual(caught.exception.code, "ledger.store_failed")
        self.assertIn("locked", str(caught.exception))
        self.assertEqual(runs, [])
        ledger.close()


if __name__ == "__main__":
    unittest.main()
