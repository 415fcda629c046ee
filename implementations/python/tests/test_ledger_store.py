"""The Python SQLite ledger's own rules (spec/07-replay.md §7.4-7.8). The cross-process and
cross-language rules run in the kit's ledger suite (ledger-kit/python-ledger.test.ts)."""

from __future__ import annotations

import errno
import hashlib
import os
import pickle
import sqlite3
import tempfile
import threading
import time
import unittest
from typing import Any
from unittest import mock

from toolresult import LedgerError, ToolResult, audit_record, bound, call_fingerprint, persist
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

from .layout_1 import write_sqlite_layout_1

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

    def test_recorded_task_is_taken_over(self) -> None:
        """TR-REPLAY-42, TR-REPLAY-43, TR-REPLAY-44: a recorded task is the entry column of the claimed
        row; after the lease a claim takes it over (the task kept, a new token); the first claimant's
        token is refused; a claimed row whose entry is not exactly a task is interrupted."""
        a = SqliteLedger(self.path, lease_ms=60_000)
        b = SqliteLedger(self.path, lease_ms=60_000)
        first = a.claim("t")
        assert isinstance(first, Claimed)
        self.assertIsNone(first.task)
        for bad in ("", "a\x00b", "x" * 1025, "\ud800", 7):
            with self.assertRaises(TypeError) as refused:
                first.record_task(bad)  # type: ignore[arg-type]
            self.assertNotIn("\ud800", str(refused.exception))
        first.record_task(f"task-{CANARY}")
        db = sqlite3.connect(self.path)
        self.assertEqual(
            db.execute("SELECT state, entry FROM toolresult_ledger WHERE call_id = 't'").fetchone(),
            ("claimed", f'{{"task":{{"taskId":"task-{CANARY}"}}}}'.encode()),
        )
        db.close()
        self.assertIsInstance(b.claim("t"), Pending)
        self.assertIsNone(b.entry("t"))
        self.sql("UPDATE toolresult_ledger SET lease_until = 0 WHERE call_id = 't'")
        second = b.claim("t")
        assert isinstance(second, Claimed)
        self.assertEqual(second.task, {"taskId": f"task-{CANARY}"})
        self.assertIsInstance(b.claim("t"), Pending)
        for late in (lambda: first.record_task("other"), lambda: first.finish(persist(bound(ToolResult.text(CANARY))))):
            with self.assertRaises(LedgerStoreError) as caught:
                late()
            self.assertEqual(caught.exception.code, "ledger.lease_lost")
            self.assertNotIn(CANARY, str(caught.exception))
        second.finish(persist(bound(ToolResult.text("done"))))
        self.assertEqual(b.claim("t"), Stored(persist(bound(ToolResult.text("done")))))
        for i, odd in enumerate((b'{"task":{"taskId":""}}', b'{"task": {"taskId":"t"}}', b'{"task":{"taskId":"t","x":1}}', "\u00e9".encode("latin-1"))):
            self.sql(
                "INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, claimed_at) VALUES (?, 'claimed', NULL, 0, ?, 0)",
                f"odd-{i}", odd,
            )
            self.assertEqual(b.claim(f"odd-{i}"), Stored(INTERRUPTED_ENTRY), odd)
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
        self.sql("UPDATE toolresult_meta SET value = '3' WHERE key = 'layout'")
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




FAR_FUTURE = str(int(time.time() * 1000) + 100 * 365 * 86_400_000)  # a lease end a century away


def snapshot(path: str) -> tuple[str | None, list[str]]:
    """A file's bytes (hashed) and the names beside it that start with its name (-wal, -shm,
    -journal, a temporary file): what "left unchanged" means for a SQLite database."""
    digest = None
    if os.path.exists(path):
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
    base = os.path.basename(path)
    return digest, sorted(n for n in os.listdir(os.path.dirname(path)) if n.startswith(base))


class _LedgerFileTest(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.TemporaryDirectory()
        self.path = os.path.join(self.dir.name, "ledger.db")
        self.opened: list[SqliteLedger] = []

    def tearDown(self) -> None:
        for ledger in self.opened:
            ledger.close()
        self.dir.cleanup()

    def open(self, path: str | None = None, **options: Any) -> SqliteLedger:
        ledger = SqliteLedger(path or self.path, **options)
        self.opened.append(ledger)
        return ledger

    def sql(self, text: str, *values: object, path: str | None = None) -> None:
        db = sqlite3.connect(path or self.path, isolation_level=None)
        try:
            db.executescript(text) if not values else db.execute(text, values)
        finally:
            db.close()


class SqliteLedgerRowStatesTest(_LedgerFileTest):
    """TR-REPLAY-36: each row state of the §7.7 table has its outcome, and none makes a caller loop
    without sleeping. Rows are written directly with sqlite3, as an operator or another program would;
    a caller's cost is measured in CPU time (time.process_time) and statements, not wall time."""

    def add(self, call_id: str, state: str, lease: str = "NULL", token: str = "NULL", entry: bytes | None = None) -> None:
        self.sql(
            "INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, claimed_at) "
            f"VALUES (?, ?, {token}, {lease}, ?, 0)",
            call_id, state, entry,
        )

    def watch(self, ledger: SqliteLedger, call_id: str, seconds: float) -> dict[str, Any]:
        """Runs the seam on ``call_id`` in a thread for at most ``seconds``: what it returned or
        raised, whether it is still waiting, the tool's runs, the CPU time the process spent and the
        statements the ledger's connection ran meanwhile."""
        count = [0]
        ledger._db.set_trace_callback(lambda _statement: count.__setitem__(0, count[0] + 1))
        out: dict[str, Any] = {"runs": 0}

        def tool() -> ToolResult:
            out["runs"] += 1
            return ToolResult.text("ran")

        def go() -> None:
            try:
                out["result"] = execute_tool_call(call_id, tool, ledger)
            except BaseException as e:  # noqa: BLE001 - reported to the test
                out["error"] = e

        cpu = time.process_time()
        started = time.monotonic()
        thread = threading.Thread(target=go, daemon=True)
        thread.start()
        thread.join(seconds)
        out["seconds"] = time.monotonic() - started  # the window as it really lasted (a busy machine wakes late)
        out["cpu"] = time.process_time() - cpu
        out["statements"] = count[0]
        out["waiting"] = thread.is_alive()
        out["thread"] = thread
        return out

    def stop(self, ledger: SqliteLedger, watched: dict[str, Any]) -> None:
        """Ends a watched caller that never settled: a closed ledger fails its next statement."""
        if watched["thread"].is_alive():
            ledger.close()
            watched["thread"].join(5)

    # How long a caller that answers at once may take: a hang guard only (join returns at the answer),
    # with room for a busy disk's fsyncs.
    ANSWERS_WITHIN = 30.0

    def assert_interrupted(self, ledger: SqliteLedger, call_id: str, why: str) -> None:
        watched = self.watch(ledger, call_id, self.ANSWERS_WITHIN)
        self.stop(ledger, watched)
        self.assertNotIn("error", watched, why)
        self.assertFalse(watched["waiting"], why)
        result, replayed = watched["result"]
        self.assertTrue(replayed, why)
        self.assertEqual(persist(result), INTERRUPTED_ENTRY, why)
        self.assertEqual(watched["runs"], 0, why)
        self.assertLess(watched["cpu"], 0.5, why)
        self.assertEqual(ledger.entry(call_id), INTERRUPTED_ENTRY, why)

    def test_stored_row_without_entry_is_refused_as_malformed_and_not_run(self) -> None:
        """TR-REPLAY-36: a stored row whose entry is NULL is stored; restore refuses it as ledger.malformed."""
        ledger = self.open()
        self.add("hollow", "stored")
        self.assertIsInstance(ledger.claim("hollow"), Stored)
        watched = self.watch(ledger, "hollow", self.ANSWERS_WITHIN)
        self.assertIsInstance(watched.get("error"), LedgerError)
        self.assertEqual(watched["error"].code, "ledger.malformed")
        self.assertEqual(watched["runs"], 0)
        self.assertIsNotNone(ledger.entry("hollow"))

    def test_lease_in_the_future_is_pending_and_its_waiter_sleeps(self) -> None:
        """TR-REPLAY-36, TR-REPLAY-26: a lease a century away (or a REAL infinity) is pending; its
        waiter sleeps, re-reading the row with a pause of at most 50 ms, and wakes when the row changes."""
        for lease in (FAR_FUTURE, "1e999"):
            with self.subTest(lease=lease):
                ledger = self.open(lease_ms=60_000)
                call_id = f"far-{lease}"
                self.add(call_id, "claimed", lease, token="'someone'")
                self.assertIsInstance(ledger.claim(call_id), Pending)
                watched = self.watch(ledger, call_id, 1.5)
                self.assertTrue(watched["waiting"])
                self.assertEqual(watched["runs"], 0)
                # 1.5 s at one read per 50 ms is 30, after a few shorter first pauses. The upper bound is
                # counted against the window as it really lasted; the lower one (a mean pause of 150 ms)
                # leaves a waking thread 100 ms of lateness per read, which a busy machine does not reach.
                self.assertGreaterEqual(watched["statements"], 10)
                self.assertLessEqual(watched["statements"], int(watched["seconds"] / 0.05) + 10)
                self.assertLess(watched["cpu"], 0.25)
                self.sql("UPDATE toolresult_ledger SET lease_until = 0 WHERE call_id = ?", call_id)
                watched["thread"].join(2.0)
                self.assertFalse(watched["thread"].is_alive())
                self.assertEqual(persist(watched["result"][0]), INTERRUPTED_ENTRY)
                self.assertEqual(watched["runs"], 0)

    def test_lease_now_past_or_negative_is_the_interrupted_entry(self) -> None:
        """TR-REPLAY-36, TR-REPLAY-23: a lease now, in the past, negative or a REAL -infinity is over."""
        ledger = self.open(lease_ms=60_000)
        for i, lease in enumerate((str(int(time.time() * 1000)), "0", "-5", "-1e999")):
            self.add(f"past-{i}", "claimed", lease, token="'someone'")
            self.assert_interrupted(ledger, f"past-{i}", lease)

    def test_lease_null_text_or_blob_is_the_interrupted_entry(self) -> None:
        """TR-REPLAY-36: a lease that is NULL or not a time (text, a blob) is over like a past one."""
        for lease in ("NULL", "'soon'", "x'00'"):
            with self.subTest(lease=lease):
                ledger = self.open(lease_ms=60_000)
                self.add(f"odd-{lease}", "claimed", lease, token="'someone'")
                self.assert_interrupted(ledger, f"odd-{lease}", lease)

    def test_claim_without_token_goes_by_its_lease(self) -> None:
        """TR-REPLAY-36: a claim whose token is NULL is pending while its lease runs, and the
        interrupted entry once it is over or NULL."""
        ledger = self.open(lease_ms=60_000)
        self.add("nt-live", "claimed", FAR_FUTURE)
        self.assertIsInstance(ledger.claim("nt-live"), Pending)
        self.add("nt-past", "claimed", "0")
        self.assert_interrupted(ledger, "nt-past", "token NULL, lease 0")
        ledger = self.open(lease_ms=60_000)
        self.add("nt-null", "claimed", "NULL")
        self.assert_interrupted(ledger, "nt-null", "token NULL, lease NULL")

    def test_claim_holding_an_entry_is_still_a_claim(self) -> None:
        """TR-REPLAY-36: octets in a claimed row are not an entry: pending while the lease runs, the
        interrupted entry (not those octets) after."""
        ledger = self.open(lease_ms=60_000)
        octets = persist(bound(ToolResult.text("not finished"))).encode("utf-8")
        self.add("both", "claimed", FAR_FUTURE, token="'someone'", entry=octets)
        self.assertIsInstance(ledger.claim("both"), Pending)
        self.assertIsNone(ledger.entry("both"))
        self.sql("UPDATE toolresult_ledger SET lease_until = 0 WHERE call_id = 'both'")
        self.assert_interrupted(ledger, "both", "claimed with an entry")

    def test_claim_reads_a_row_that_will_not_settle_at_most_three_times(self) -> None:
        """TR-REPLAY-36: a claim re-reads a row that will not settle (here an operator's trigger
        swallows the pin) at most 3 times (CLAIM_TRIES), then answers pending; the caller then sleeps."""
        ledger = self.open(lease_ms=60_000)
        self.sql("CREATE TRIGGER hold_rows BEFORE UPDATE ON toolresult_ledger BEGIN SELECT RAISE(IGNORE); END")
        self.add("stuck", "claimed", "0", token="'someone'")
        traced: list[str] = []
        ledger._db.set_trace_callback(traced.append)
        out: dict[str, Any] = {}
        thread = threading.Thread(target=lambda: out.setdefault("claim", ledger.claim("stuck")), daemon=True)
        cpu = time.process_time()
        thread.start()
        thread.join(2.0)
        spent = time.process_time() - cpu
        if thread.is_alive():
            ledger.close()
            thread.join(5)
        self.assertIsInstance(out.get("claim"), Pending)
        # Three tries of an insert, a read and a pin (the trace repeats a statement a trigger ran for).
        self.assertEqual(sum(t.startswith("INSERT") for t in traced), 3)
        self.assertEqual(sum(t.startswith("SELECT") for t in traced), 3)
        self.assertLess(spent, 0.5)
        watched = self.watch(ledger, "stuck", 1.0)
        self.assertTrue(watched["waiting"])
        self.assertLess(watched["cpu"], 0.25)
        self.assertEqual(watched["runs"], 0)
        self.sql("DROP TRIGGER hold_rows")
        watched["thread"].join(2.0)
        self.stop(ledger, watched)
        self.assertEqual(persist(watched["result"][0]), INTERRUPTED_ENTRY)

    def test_state_outside_the_layout_is_refused_not_waited_on(self) -> None:
        """TR-REPLAY-36: in tables made without the layout's CHECK, a row whose state is neither
        claimed nor stored is answered as an entry restore refuses: never run, never spun on."""
        self.sql(
            "CREATE TABLE toolresult_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
            "INSERT INTO toolresult_meta VALUES ('layout', '2');"
            "CREATE TABLE toolresult_ledger (scope TEXT NOT NULL DEFAULT '', call_id TEXT NOT NULL, fingerprint TEXT NOT NULL DEFAULT '',"
            " state TEXT NOT NULL, token TEXT, lease_until INTEGER, entry BLOB, interrupted INTEGER NOT NULL DEFAULT 0,"
            " claimed_at INTEGER NOT NULL, finished_at INTEGER, PRIMARY KEY (scope, call_id, fingerprint));"
            "CREATE TABLE toolresult_audit (seq INTEGER PRIMARY KEY AUTOINCREMENT, scope TEXT NOT NULL DEFAULT '', call_id TEXT NOT NULL,"
            " fingerprint TEXT NOT NULL DEFAULT '', level TEXT NOT NULL, record BLOB NOT NULL, written_at INTEGER NOT NULL);"
        )
        ledger = self.open(lease_ms=60_000)
        self.add("released", "released")
        watched = self.watch(ledger, "released", self.ANSWERS_WITHIN)
        self.stop(ledger, watched)
        self.assertIsInstance(watched.get("error"), LedgerError)
        self.assertEqual(watched["error"].code, "ledger.malformed")
        self.assertEqual(watched["runs"], 0)
        self.assertLess(watched["cpu"], 0.5)


class SqliteLedgerOpeningTest(_LedgerFileTest):
    """TR-REPLAY-37: opening never changes a database that is not already a ledger, and refuses each
    kind with its own code, leaving the file byte-identical (no -wal, no -shm, no temporary file)."""

    def assert_refused_unchanged(self, path: str, code: str, **options: Any) -> LedgerStoreError:
        before = snapshot(path)
        with self.assertRaises(LedgerStoreError) as caught:
            self.open(path, **options)
        self.assertEqual(caught.exception.code, code, str(caught.exception))
        self.assertEqual(snapshot(path), before)
        self.assertTrue(str(caught.exception).startswith(f"SQLite ledger {path}: "), str(caught.exception))
        return caught.exception

    def journal_mode(self, path: str) -> str:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            mode: str = db.execute("PRAGMA journal_mode").fetchone()[0]
            return mode
        finally:
            db.close()

    def test_foreign_database_is_refused_unchanged(self) -> None:
        """TR-REPLAY-37: another application's database: ledger.store_foreign, before the WAL switch."""
        self.sql("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers VALUES (1, 'Ada');")
        for create in (None, True, False):
            self.assert_refused_unchanged(self.path, "ledger.store_foreign", create=create)
        self.assertEqual(self.journal_mode(self.path), "delete")
        db = sqlite3.connect(self.path)
        self.assertEqual(db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall(), [("customers",)])
        db.close()

    def test_table_sharing_a_ledger_name_is_a_conflict(self) -> None:
        """TR-REPLAY-37: a table of a ledger name with other columns: ledger.store_conflict."""
        self.sql("CREATE TABLE toolresult_ledger (id INTEGER, payload TEXT); INSERT INTO toolresult_ledger VALUES (1, 'app');")
        err = self.assert_refused_unchanged(self.path, "ledger.store_conflict")
        self.assertNotIn("SQLITE_", str(err))
        other = os.path.join(self.dir.name, "columns.db")
        self.sql(
            "CREATE TABLE toolresult_meta (key TEXT, value TEXT); INSERT INTO toolresult_meta VALUES ('layout', '1');"
            "CREATE TABLE toolresult_ledger (id INTEGER); CREATE TABLE toolresult_audit (seq INTEGER);",
            path=other,
        )
        self.assert_refused_unchanged(other, "ledger.store_conflict")
        self.assertEqual(self.journal_mode(other), "delete")

    def test_incomplete_ledger_tables_are_a_conflict(self) -> None:
        """TR-REPLAY-37: some ledger tables without the others: ledger.store_conflict, nothing recreated."""
        self.open().close()
        self.sql("DROP TABLE toolresult_audit")
        err = self.assert_refused_unchanged(self.path, "ledger.store_conflict")
        self.assertIn("no toolresult_audit", str(err))

    def test_meta_without_layout_row_is_refused(self) -> None:
        """TR-REPLAY-37: a meta table without its layout row is ledger.store_no_layout, never layout 1."""
        self.open().close()
        self.sql("DELETE FROM toolresult_meta WHERE key = 'layout'")
        self.assert_refused_unchanged(self.path, "ledger.store_no_layout")
        self.assert_refused_unchanged(self.path, "ledger.store_no_layout", create=True)

    def test_unknown_layout_is_refused_unchanged(self) -> None:
        """TR-REPLAY-33, TR-REPLAY-37: an unknown layout stays ledger.store_layout, refused before any write."""
        self.sql(
            "CREATE TABLE toolresult_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
            "INSERT INTO toolresult_meta VALUES ('layout', '3');"
            "CREATE TABLE toolresult_ledger (call_id TEXT PRIMARY KEY, state TEXT, token TEXT, lease_until INTEGER,"
            " entry BLOB, interrupted INTEGER, claimed_at INTEGER, finished_at INTEGER);"
            "CREATE TABLE toolresult_audit (seq INTEGER PRIMARY KEY, call_id TEXT, level TEXT, record BLOB, written_at INTEGER);"
        )
        err = self.assert_refused_unchanged(self.path, "ledger.store_layout")
        self.assertRegex(str(err), "layout 3.*knows layouts 1 and 2")
        self.assertEqual(self.journal_mode(self.path), "delete")

    def test_empty_file_is_refused_unless_create(self) -> None:
        """TR-REPLAY-37: a 0-byte file is ledger.store_empty_file and stays empty; create=True makes a ledger in it."""
        open(self.path, "wb").close()
        err = self.assert_refused_unchanged(self.path, "ledger.store_empty_file")
        self.assertIn("create=True", str(err))
        self.assert_refused_unchanged(self.path, "ledger.store_empty_file", create=False)
        self.assertEqual(os.path.getsize(self.path), 0)
        ledger = self.open(create=True)
        self.assertIsInstance(ledger.claim("x"), Claimed)
        self.assertGreater(os.path.getsize(self.path), 0)

    def test_missing_file_with_create_false_is_refused(self) -> None:
        """TR-REPLAY-37: create=False opens only an existing ledger: ledger.store_missing, no file made."""
        self.assert_refused_unchanged(self.path, "ledger.store_missing", create=False)
        self.assertFalse(os.path.exists(self.path))
        self.open().close()
        self.open(create=False).close()
        blank = os.path.join(self.dir.name, "blank.db")
        self.sql("CREATE TABLE t (x); DROP TABLE t;", path=blank)
        self.assert_refused_unchanged(blank, "ledger.store_missing", create=False)

    def test_missing_file_appears_whole(self) -> None:
        """TR-REPLAY-37: a new ledger is made under another name in the folder and linked into place:
        at the link, the file already holds the layout, and no temporary file is left."""
        real_link = os.link
        seen: list[tuple[bool, list[str], str | None]] = []

        def link(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
            db = sqlite3.connect(f"file:{src}?mode=ro", uri=True)
            tables = sorted(r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'toolresult%'"))
            layout = db.execute("SELECT value FROM toolresult_meta WHERE key = 'layout'").fetchone()
            db.close()
            seen.append((os.path.exists(dst), tables, layout[0] if layout else None))
            real_link(src, dst, *args, **kwargs)

        with mock.patch("os.link", link):
            ledger = self.open()
        self.assertEqual(seen, [(False, ["toolresult_audit", "toolresult_ledger", "toolresult_meta"], "2")])
        self.assertIsInstance(ledger.claim("x"), Claimed)
        self.assertEqual(self.journal_mode(self.path), "wal")
        self.assertEqual([n for n in os.listdir(self.dir.name) if n.endswith(".new")], [])

    def test_missing_file_made_by_another_process_first_is_kept(self) -> None:
        """TR-REPLAY-37: when another process links its ledger first, that file is kept, not replaced."""
        real_link = os.link
        raced: list[str] = []

        def link(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
            if not raced:
                raced.append(dst)
                other = SqliteLedger(dst)  # another opener wins the race
                execute_tool_call("theirs", lambda: ToolResult.text("kept"), other)
                other.close()
            real_link(src, dst, *args, **kwargs)

        with mock.patch("os.link", link):
            ledger = self.open()
        self.assertEqual(raced, [self.path])
        self.assertIsNotNone(ledger.entry("theirs"))
        self.assertEqual([n for n in os.listdir(self.dir.name) if n.endswith(".new")], [])

    def test_missing_file_on_a_file_system_without_links_fails_cleanly(self) -> None:
        """TR-REPLAY-37, TR-REPLAY-31: when the new file cannot be linked into place, the error names
        the system's code, and neither the ledger nor its temporary file is left behind."""

        def link(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
            raise PermissionError(errno.EPERM, "Operation not permitted")

        with mock.patch("os.link", link), self.assertRaises(LedgerStoreError) as caught:
            self.open()
        self.assertEqual((caught.exception.code, caught.exception.driver_code), ("ledger.store_failed", "EPERM"))
        self.assertRegex(str(caught.exception), r"cannot create the ledger: .*\(EPERM\)$")
        self.assertEqual(os.listdir(self.dir.name), [])

    def test_missing_folder_names_enoent(self) -> None:
        """TR-REPLAY-37, TR-REPLAY-31: a path in a folder that does not exist is store_failed, named ENOENT."""
        path = os.path.join(self.dir.name, "no-such-folder", "ledger.db")
        with self.assertRaises(LedgerStoreError) as caught:
            self.open(path)
        self.assertEqual(caught.exception.code, "ledger.store_failed")
        self.assertEqual(caught.exception.driver_code, "ENOENT")
        self.assertRegex(str(caught.exception), r"its folder does not exist \(ENOENT\)$")
        self.assertFalse(os.path.exists(os.path.dirname(path)))

    def test_empty_database_becomes_a_ledger(self) -> None:
        """TR-REPLAY-37: a database without tables (not 0 bytes) becomes a ledger by default."""
        self.sql("PRAGMA user_version = 7; CREATE TABLE t (x); DROP TABLE t;")
        self.assertGreater(os.path.getsize(self.path), 0)
        ledger = self.open()
        self.assertIsInstance(ledger.claim("x"), Claimed)


class LedgerStoreErrorTest(_LedgerFileTest):
    """TR-REPLAY-31, §7.8: the codes, the class and the interrupted entry, and messages that name
    the driver's own code."""

    def test_codes_class_and_interrupted_entry_from_the_package_root(self) -> None:
        """§7.8: toolresult exports LedgerStoreError, LEDGER_STORE_ERROR_CODES and the interrupted entry."""
        import toolresult
        from toolresult import ledger_store

        self.assertIs(toolresult.LedgerStoreError, ledger_store.LedgerStoreError)
        self.assertEqual(toolresult.INTERRUPTED_ENTRY, INTERRUPTED_ENTRY)
        self.assertEqual(toolresult.INTERRUPTED_TEXT, INTERRUPTED_TEXT)
        self.assertEqual(persist(bound(ToolResult.error(toolresult.INTERRUPTED_TEXT))), toolresult.INTERRUPTED_ENTRY)
        self.assertEqual(
            sorted(toolresult.LEDGER_STORE_ERROR_CODES),
            [
                "ledger.lease_lost", "ledger.store_conflict", "ledger.store_empty_file", "ledger.store_failed",
                "ledger.store_foreign", "ledger.store_layout", "ledger.store_missing", "ledger.store_no_layout",
            ],
        )
        for name in ("LedgerStoreError", "LEDGER_STORE_ERROR_CODES", "INTERRUPTED_ENTRY", "INTERRUPTED_TEXT"):
            self.assertIn(name, toolresult.__all__)
        err = toolresult.LedgerStoreError("ledger.store_failed", "SQLite ledger x: cannot claim: locked (SQLITE_BUSY)", "SQLITE_BUSY")
        again = pickle.loads(pickle.dumps(err))
        self.assertEqual((again.code, again.driver_code, str(again)), (err.code, err.driver_code, str(err)))
        with self.assertRaises(ValueError):
            toolresult.LedgerStoreError("ledger.nonsense", "x")  # type: ignore[arg-type]

    def test_messages_name_the_driver_code(self) -> None:
        """TR-REPLAY-31: the driver's code in brackets (SQLITE_BUSY, SQLITE_NOTADB), or the driver's
        exception class when SQLite gave none; never a byte of the result."""
        ledger = self.open(busy_timeout_ms=100)
        holder = sqlite3.connect(self.path, isolation_level=None)
        holder.execute("BEGIN EXCLUSIVE")
        with self.assertRaises(LedgerStoreError) as caught:
            ledger.claim("x")
        holder.execute("ROLLBACK")
        holder.close()
        self.assertEqual(caught.exception.driver_code, "SQLITE_BUSY")
        self.assertRegex(str(caught.exception), r"locked by another connection \(SQLITE_BUSY\)$")

        text = os.path.join(self.dir.name, "notes.txt")
        with open(text, "w") as f:
            f.write("not a database " * 100)
        before = snapshot(text)
        with self.assertRaises(LedgerStoreError) as caught:
            self.open(text)
        self.assertEqual((caught.exception.code, caught.exception.driver_code), ("ledger.store_failed", "SQLITE_NOTADB"))
        self.assertRegex(str(caught.exception), r"not a SQLite database \(SQLITE_NOTADB\)$")
        self.assertEqual(snapshot(text), before)

        def tool() -> ToolResult:
            ledger.close()  # the store goes away while the tool runs
            return ToolResult.text(f"secret {CANARY}", structured={"k": CANARY})

        with self.assertRaises(LedgerStoreError) as caught:
            execute_tool_call("closed", tool, ledger)
        self.assertEqual(caught.exception.code, "ledger.store_failed")
        self.assertEqual(caught.exception.driver_code, "sqlite3.ProgrammingError")
        self.assertRegex(str(caught.exception), r"\(sqlite3\.ProgrammingError\)$")
        self.assertNotIn(CANARY, str(caught.exception))


FP_A = call_fingerprint("balance", {"user": "alice"})
FP_B = call_fingerprint("balance", {"user": "bob"})


class SqliteLedgerCallKeyTest(_LedgerFileTest):
    """§7.2: a call is (scope, call ID, fingerprint); every statement of the store goes by all three."""

    def test_each_scope_and_fingerprint_of_one_call_id_is_a_call_of_its_own(self) -> None:
        ledger = self.open()
        keys = [("", ""), ("thread-a", ""), ("thread-b", ""), ("", FP_A), ("", FP_B), ("thread-a", FP_A)]
        claims = [ledger.claim("call_0", scope=s, fingerprint=f) for s, f in keys]
        self.assertEqual([type(c) for c in claims], [Claimed] * len(keys))
        for n, claim in enumerate(claims):
            claim.finish(persist(bound(ToolResult.text(f"answer {n}"))))
        for n, (s, f) in enumerate(keys):
            self.assertEqual(ledger.entry("call_0", scope=s, fingerprint=f), persist(bound(ToolResult.text(f"answer {n}"))))
            again = ledger.claim("call_0", scope=s, fingerprint=f)
            self.assertIsInstance(again, Stored)
        self.assertIsNone(ledger.entry("call_0", scope="thread-c"))
        self.assertIsNone(ledger.entry("call_0", scope="thread-b", fingerprint=FP_A))

    def test_a_live_claim_keeps_only_its_own_key_pending(self) -> None:
        ledger = self.open()
        held = ledger.claim("c", scope="s", fingerprint=FP_A)
        self.assertIsInstance(ledger.claim("c", scope="s", fingerprint=FP_A), Pending)
        other = ledger.claim("c", scope="s", fingerprint=FP_B)
        self.assertIsInstance(other, Claimed)
        other.abandon()  # the abandon deletes its own row only
        self.assertIsInstance(ledger.claim("c", scope="s", fingerprint=FP_A), Pending)
        held.finish(persist(bound(ToolResult.text("a"))))
        self.assertIsInstance(ledger.claim("c", scope="s", fingerprint=FP_B), Claimed)

    def test_a_lapsed_lease_pins_the_interrupted_entry_of_its_own_key_only(self) -> None:
        ledger = self.open(lease_ms=60_000)
        ledger.claim("c", scope="s", fingerprint=FP_A)
        ledger.claim("c", scope="s", fingerprint=FP_B)
        self.sql("UPDATE toolresult_ledger SET lease_until = 0 WHERE fingerprint = ?", FP_A)
        self.assertEqual(ledger.claim("c", scope="s", fingerprint=FP_A), Stored(INTERRUPTED_ENTRY))
        self.assertIsInstance(ledger.claim("c", scope="s", fingerprint=FP_B), Pending)

    def test_audit_rows_carry_scope_and_fingerprint(self) -> None:
        ledger = self.open()
        meta = audit_record(bound(ToolResult.text("t")), ["metadata"])
        ledger.append_audit("c", meta, scope="s", fingerprint=FP_A)
        ledger.append_audit("c", meta)
        self.assertEqual(len(ledger.audit_records("c", scope="s", fingerprint=FP_A)), 1)
        self.assertEqual(len(ledger.audit_records("c")), 1)
        self.assertEqual(ledger.audit_records("c", scope="s"), [])
        db = sqlite3.connect(self.path)
        rows = db.execute("SELECT scope, call_id, fingerprint, level FROM toolresult_audit ORDER BY seq").fetchall()
        db.close()
        self.assertEqual(rows, [("s", "c", FP_A, "metadata"), ("", "c", "", "metadata")])

    def test_an_invalid_scope_or_fingerprint_is_refused_unquoted_before_any_write(self) -> None:
        ledger = self.open()
        for at in ({"scope": CANARY + "\x00"}, {"scope": CANARY + "\ud800"}, {"scope": CANARY * 100}, {"fingerprint": CANARY}):
            for op in (
                lambda: ledger.claim("c", **at),
                lambda: ledger.entry("c", **at),
                lambda: ledger.audit_records("c", **at),
                lambda: ledger.append_audit("c", audit_record(bound(ToolResult.text("t")), ["none"]), **at),
            ):
                with self.assertRaises(TypeError) as caught:
                    op()
                self.assertNotIn(CANARY, str(caught.exception))
        db = sqlite3.connect(self.path)
        self.assertEqual(db.execute("SELECT (SELECT count(*) FROM toolresult_ledger) + (SELECT count(*) FROM toolresult_audit)").fetchone(), (0,))
        db.close()


class SqliteLedgerCallKeyRaceTest(_LedgerFileTest):
    def test_a_race_of_two_scopes_and_two_argument_sets_on_one_call_id(self) -> None:
        """Eight openers of one file (a connection each), every one calling call_0 in 2 scopes x 2
        argument sets, in an order of its own (rotated, every other one reversed): one run per
        (scope, arguments), and every caller of a call gets that call's one entry."""
        calls = [(scope, user) for scope in ("run-a", "run-b") for user in ("alice", "bob")]
        start = threading.Barrier(8)
        runs: list[tuple[str, str]] = []
        got: dict[tuple[str, str], set[str]] = {c: set() for c in calls}
        failures: list[BaseException] = []
        lock = threading.Lock()

        def worker(n: int) -> None:
            ledger = SqliteLedger(self.path)
            order = calls[n % 4 :] + calls[: n % 4]
            if n % 2:
                order.reverse()
            start.wait()
            try:
                for scope, user in order:
                    def run(scope: str = scope, user: str = user) -> ToolResult:
                        with lock:
                            runs.append((scope, user))
                        return ToolResult.text(f"{user} in {scope}")

                    result, _ = execute_tool_call("call_0", run, ledger, scope=scope, tool="balance", arguments={"user": user})
                    with lock:
                        got[(scope, user)].add(persist(result))
            except BaseException as e:  # noqa: BLE001 - reported by the assertion below
                failures.append(e)
            finally:
                ledger.close()

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        self.assertEqual(failures, [])
        self.assertEqual(sorted(runs), sorted(calls))
        for (scope, user), entries in got.items():
            self.assertEqual(entries, {persist(bound(ToolResult.text(f"{user} in {scope}")))})


class SqliteLedgerMigrationTest(_LedgerFileTest):
    """§7.7: a ledger of layout 1 (written here by that release's statements) is migrated to layout
    2 on open, in one transaction, once however many processes open it at once; its entries answer
    the calls of the old API byte for byte, and a call that names a tool or a scope runs anew."""

    ENTRIES = {
        "call_0": persist(bound(ToolResult.text("Alice's balance", structured={"k": CANARY}))),
        "call_1": persist(bound(ToolResult.error("no record", structured={"code": 404}))),
        "call_2": INTERRUPTED_ENTRY,
    }
    AUDITS = {"call_0": [("metadata", '{"level":"metadata","summary":{},"version":1}'), ("none", '{"level":"none","version":1}')]}

    def write_layout_1(self, path: str | None = None) -> None:
        db = sqlite3.connect(path or self.path, isolation_level=None)
        try:
            write_sqlite_layout_1(lambda sql, params=(): db.execute(sql, params), self.ENTRIES, self.AUDITS)
        finally:
            db.close()

    def rows(self, sql: str, path: str | None = None) -> list[tuple[Any, ...]]:
        db = sqlite3.connect(f"file:{path or self.path}?mode=ro", uri=True)
        try:
            return db.execute(sql).fetchall()
        finally:
            db.close()

    def test_layout_1_is_migrated_and_its_entries_replay_byte_identically(self) -> None:
        self.write_layout_1()
        before = self.rows("SELECT call_id, state, token, lease_until, entry, interrupted, claimed_at, finished_at FROM toolresult_ledger ORDER BY call_id")
        audit_before = self.rows("SELECT seq, call_id, level, record, written_at FROM toolresult_audit ORDER BY seq")
        ledger = self.open(create=False)  # create=False does not forbid the migration
        self.assertEqual(self.rows("SELECT value FROM toolresult_meta WHERE key = 'layout'"), [("2",)])
        after = self.rows("SELECT scope, fingerprint, call_id, state, token, lease_until, entry, interrupted, claimed_at, finished_at FROM toolresult_ledger ORDER BY call_id")
        self.assertEqual(after, [("", "", *row) for row in before])
        self.assertEqual(self.rows("SELECT seq, call_id, level, record, written_at FROM toolresult_audit ORDER BY seq"), audit_before)
        self.assertEqual(self.rows("SELECT DISTINCT scope, fingerprint FROM toolresult_audit"), [("", "")])
        self.assertEqual(
            self.rows("SELECT name FROM pragma_index_info('toolresult_audit_call') ORDER BY seqno"),
            [("scope",), ("call_id",), ("fingerprint",), ("seq",)],
        )
        self.assertEqual(
            sorted(self.rows("SELECT name, pk FROM pragma_table_info('toolresult_ledger') WHERE pk > 0")),
            [("call_id", 2), ("fingerprint", 3), ("scope", 1)],
        )
        for call_id, entry in self.ENTRIES.items():
            self.assertEqual(ledger.entry(call_id), entry)
            result, replayed = execute_tool_call(call_id, lambda: self.fail("a layout-1 entry must replay"), ledger)
            self.assertEqual((persist(result), replayed), (entry, True))
        self.assertEqual(ledger.audit_records("call_0"), [r for _, r in self.AUDITS["call_0"]])
        # The audit's sequence goes on after the copied rows.
        ledger.append_audit("call_0", audit_record(bound(ToolResult.text("t")), ["none"]))
        self.assertEqual(self.rows("SELECT max(seq) FROM toolresult_audit"), [(3,)])

    def test_a_claim_with_a_tool_or_a_scope_does_not_find_a_layout_1_entry(self) -> None:
        self.write_layout_1()
        ledger = self.open()
        runs: list[str] = []
        tool = lambda: runs.append("ran") or ToolResult.text("Bob's balance")
        result, replayed = execute_tool_call("call_0", tool, ledger, tool="balance", arguments={"user": "bob"})
        self.assertEqual((result.content, replayed, runs), ("Bob's balance", False, ["ran"]))
        result, replayed = execute_tool_call("call_0", tool, ledger, scope="thread-b")
        self.assertEqual((result.content, replayed, len(runs)), ("Bob's balance", False, 2))
        self.assertEqual(ledger.entry("call_0"), self.ENTRIES["call_0"])

    def test_openers_at_once_migrate_once(self) -> None:
        """Eight openers released together on a layout-1 file: a trigger counts the migrations'
        layout updates; one, whichever thread came first."""
        self.write_layout_1()
        self.sql(
            "CREATE TABLE migrations (n INTEGER);"
            "CREATE TRIGGER count_migrations AFTER UPDATE ON toolresult_meta BEGIN INSERT INTO migrations VALUES (1); END;"
        )
        start = threading.Barrier(8)
        outcomes: list[object] = []

        def opener() -> None:
            start.wait()
            try:
                ledger = SqliteLedger(self.path)
                outcomes.append(ledger.entry("call_0"))
                ledger.close()
            except BaseException as e:  # noqa: BLE001 - reported by the assertion below
                outcomes.append(e)

        threads = [threading.Thread(target=opener) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        self.assertEqual(outcomes, [self.ENTRIES["call_0"]] * 8)
        self.assertEqual(self.rows("SELECT count(*) FROM migrations"), [(1,)])

    def test_a_migration_that_fails_leaves_layout_1_whole(self) -> None:
        self.write_layout_1()
        self.sql("CREATE TRIGGER refuse AFTER UPDATE ON toolresult_meta BEGIN SELECT RAISE(ABORT, 'no'); END;")
        with self.assertRaises(LedgerStoreError) as caught:
            self.open()
        self.assertEqual(caught.exception.code, "ledger.store_failed")
        self.assertEqual(self.rows("SELECT value FROM toolresult_meta"), [("1",)])
        self.assertEqual(
            {r[0] for r in self.rows("SELECT name FROM pragma_table_info('toolresult_ledger')")},
            {"call_id", "state", "token", "lease_until", "entry", "interrupted", "claimed_at", "finished_at"},
        )
        self.assertEqual(len(self.rows("SELECT * FROM toolresult_ledger")), 3)
        self.assertEqual(self.rows("SELECT name FROM sqlite_master WHERE name LIKE '%_v2'"), [])

    def test_columns_not_of_the_layout_they_claim_are_a_conflict(self) -> None:
        """Layout 1 with layout 2's columns, and layout 2 with layout 1's, are neither: refused unchanged."""
        self.write_layout_1()
        self.sql("UPDATE toolresult_meta SET value = '2'")
        before = snapshot(self.path)
        with self.assertRaises(LedgerStoreError) as caught:
            self.open()
        self.assertEqual(caught.exception.code, "ledger.store_conflict")
        self.assertEqual(snapshot(self.path), before)
        other = os.path.join(self.dir.name, "two.db")
        self.open(other).close()
        self.opened.clear()
        self.sql("UPDATE toolresult_meta SET value = '1'", path=other)
        before = snapshot(other)
        with self.assertRaises(LedgerStoreError) as caught:
            self.open(other)
        self.assertEqual(caught.exception.code, "ledger.store_conflict")


if __name__ == "__main__":
    unittest.main()
