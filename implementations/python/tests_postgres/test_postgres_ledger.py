"""The Python PostgreSQL ledger's key and layout (spec/07-replay.md §7.2, §7.7), on a cluster of its
own: every statement by (scope, call ID, fingerprint), a new ledger at layout 2, and a layout-1
database written by that release's statements (tests/layout_1.py) migrated once, its entries
replayed byte for byte. Needs psycopg 3: run with the python-postgres venv's interpreter
(ledger-kit/python-postgres-store.test.ts does):

    cd implementations/python && <venv>/bin/python -m unittest discover -s tests_postgres -t .
"""

from __future__ import annotations

import itertools
import threading
import unittest
from typing import Any

import psycopg

from tests.layout_1 import POSTGRES_AUDIT_1, POSTGRES_CLAIM_1, POSTGRES_FINISH_1, POSTGRES_LAYOUT_1
from toolresult import INTERRUPTED_ENTRY, LedgerStoreError, ToolResult, audit_record, bound, call_fingerprint, persist
from toolresult.ledger_store import execute_tool_call
from toolresult.postgres_ledger import PostgresLedger

from .cluster import Cluster

CANARY = "cnry-pg-key-4e07"
FP_A = call_fingerprint("balance", {"user": "alice"})
FP_B = call_fingerprint("balance", {"user": "bob"})
_names = itertools.count()
cluster: Cluster | None = None


def setUpModule() -> None:
    global cluster
    cluster = Cluster()


def tearDownModule() -> None:
    if cluster is not None:
        cluster.stop()


class _DatabaseTest(unittest.TestCase):
    """Each test on a database of its own."""

    def setUp(self) -> None:
        assert cluster is not None
        self.dbname = f"t{next(_names)}"
        with psycopg.connect(**cluster.connection, autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {self.dbname}".encode())
        self.connect = {**cluster.connection, "dbname": self.dbname}
        self.opened: list[PostgresLedger] = []

    def tearDown(self) -> None:
        for ledger in self.opened:
            ledger.close()

    def open(self, **options: Any) -> PostgresLedger:
        ledger = PostgresLedger(lease_ms=options.pop("lease_ms", 60_000), **self.connect, **options)
        self.opened.append(ledger)
        return ledger

    def sql(self, text: str, params: tuple[Any, ...] | None = None) -> list[tuple[Any, ...]]:
        with psycopg.connect(**self.connect, autocommit=True) as db:
            cur = db.execute(text.encode(), params)
            return cur.fetchall() if cur.description is not None else []


class PostgresCallKeyTest(_DatabaseTest):
    def test_a_new_ledger_has_layout_2_keyed_by_the_call(self) -> None:
        self.open()
        self.assertEqual(self.sql("SELECT value FROM toolresult_meta WHERE key = 'layout'"), [("2",)])
        key = self.sql(
            "SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)"
            " WHERE i.indrelid = 'toolresult_ledger'::regclass AND i.indisprimary ORDER BY array_position(i.indkey, a.attnum)"
        )
        self.assertEqual(key, [("scope",), ("call_id",), ("fingerprint",)])

    def test_each_scope_and_fingerprint_of_one_call_id_is_a_call_of_its_own(self) -> None:
        ledger = self.open()
        keys = [("", ""), ("thread-a", ""), ("thread-b", ""), ("", FP_A), ("", FP_B), ("thread-a", FP_A)]
        claims = [ledger.claim("call_0", scope=s, fingerprint=f) for s, f in keys]
        self.assertEqual([c.status for c in claims], ["claimed"] * len(keys))
        self.assertEqual(ledger.claim("call_0", scope="thread-a", fingerprint=FP_A).status, "pending")
        for n, claim in enumerate(claims):
            claim.finish(persist(bound(ToolResult.text(f"answer {n}"))))
        for n, (s, f) in enumerate(keys):
            self.assertEqual(ledger.entry("call_0", scope=s, fingerprint=f), persist(bound(ToolResult.text(f"answer {n}"))))
            self.assertEqual(ledger.claim("call_0", scope=s, fingerprint=f).status, "stored")
        self.assertIsNone(ledger.entry("call_0", scope="thread-b", fingerprint=FP_A))

    def test_a_waiter_wakes_on_its_own_key_and_a_lapsed_lease_pins_its_own_key(self) -> None:
        ledger = self.open()
        held = ledger.claim("c", scope="s", fingerprint=FP_A)
        ledger.claim("c", scope="s", fingerprint=FP_B)  # held by nobody after this: its lease is made to run out
        self.sql("UPDATE toolresult_ledger SET lease_until = now() - interval '1 second' WHERE fingerprint = %s", (FP_B,))
        self.assertEqual(ledger.claim("c", scope="s", fingerprint=FP_B).entry, INTERRUPTED_ENTRY)
        outcome: list[Any] = []
        waiter = threading.Thread(
            target=lambda: outcome.append(
                execute_tool_call("c", lambda: ToolResult.text("ran again"), ledger, scope="s", tool="balance", arguments={"user": "alice"})
            )
        )
        waiter.start()
        held.finish(persist(bound(ToolResult.text("alice"))))
        waiter.join(60)
        self.assertEqual([(r.content, replayed) for r, replayed in outcome], [("alice", True)])

    def test_audit_rows_carry_scope_and_fingerprint(self) -> None:
        ledger = self.open()
        meta = audit_record(bound(ToolResult.text("t")), ["metadata"])
        ledger.append_audit("c", meta, scope="s", fingerprint=FP_A)
        ledger.append_audit("c", meta)
        self.assertEqual(len(ledger.audit_records("c", scope="s", fingerprint=FP_A)), 1)
        self.assertEqual(len(ledger.audit_records("c")), 1)
        self.assertEqual(ledger.audit_records("c", scope="s"), [])
        self.assertEqual(
            self.sql("SELECT scope, call_id, fingerprint, level FROM toolresult_audit ORDER BY seq"),
            [("s", "c", FP_A, "metadata"), ("", "c", "", "metadata")],
        )

    def test_an_invalid_scope_or_fingerprint_is_refused_unquoted(self) -> None:
        ledger = self.open()
        for at in ({"scope": CANARY + "\x00"}, {"scope": CANARY * 100}, {"fingerprint": CANARY}):
            with self.assertRaises(TypeError) as caught:
                ledger.claim("c", **at)
            self.assertNotIn(CANARY, str(caught.exception))
        self.assertEqual(self.sql("SELECT count(*) FROM toolresult_ledger"), [(0,)])


class PostgresMigrationTest(_DatabaseTest):
    ENTRIES = {
        "call_0": persist(bound(ToolResult.text("Alice's balance", structured={"k": CANARY}))),
        "call_1": persist(bound(ToolResult.error("no record", structured={"code": 404}))),
        "call_2": INTERRUPTED_ENTRY,
    }
    AUDITS = [("call_0", "metadata", '{"level":"metadata","summary":{},"version":1}'), ("call_0", "none", '{"level":"none","version":1}')]

    def write_layout_1(self) -> None:
        """The layout-1 tables and rows, by that release's statements."""
        with psycopg.connect(**self.connect, autocommit=True) as db:
            db.execute(POSTGRES_LAYOUT_1.encode())
            for n, (call_id, entry) in enumerate(self.ENTRIES.items()):
                token = f"00000000-0000-4000-8000-{n:012d}"
                db.execute(POSTGRES_CLAIM_1.encode(), (call_id, token, 60_000))
                db.execute(POSTGRES_FINISH_1.encode(), (entry.encode("utf-8"), call_id, token))
            for call_id, level, record in self.AUDITS:
                db.execute(POSTGRES_AUDIT_1.encode(), (call_id, level, record.encode("utf-8")))

    def test_layout_1_is_migrated_and_its_entries_replay_byte_identically(self) -> None:
        self.write_layout_1()
        before = self.sql("SELECT call_id, state, token, lease_until, entry, interrupted, claimed_at, finished_at FROM toolresult_ledger ORDER BY call_id")
        audit_before = self.sql("SELECT seq, call_id, level, record, written_at FROM toolresult_audit ORDER BY seq")
        ledger = self.open(create=False)  # create=False does not forbid the migration
        self.assertEqual(self.sql("SELECT value FROM toolresult_meta WHERE key = 'layout'"), [("2",)])
        after = self.sql(
            "SELECT scope, fingerprint, call_id, state, token, lease_until, entry, interrupted, claimed_at, finished_at FROM toolresult_ledger ORDER BY call_id"
        )
        self.assertEqual(after, [("", "", *row) for row in before])
        self.assertEqual(self.sql("SELECT seq, call_id, level, record, written_at FROM toolresult_audit ORDER BY seq"), audit_before)
        self.assertEqual(self.sql("SELECT DISTINCT scope, fingerprint FROM toolresult_audit"), [("", "")])
        self.assertEqual(
            self.sql("SELECT indexdef LIKE '%(scope, call_id, fingerprint, seq)' FROM pg_indexes WHERE indexname = 'toolresult_audit_call'"), [(True,)]
        )
        for call_id, entry in self.ENTRIES.items():
            self.assertEqual(ledger.entry(call_id), entry)
            result, replayed = execute_tool_call(call_id, lambda: self.fail("a layout-1 entry must replay"), ledger)
            self.assertEqual((persist(result), replayed), (entry, True))
        self.assertEqual(ledger.audit_records("call_0"), [r for _, _, r in self.AUDITS])
        ledger.append_audit("call_0", audit_record(bound(ToolResult.text("t")), ["none"]))
        self.assertEqual(self.sql("SELECT max(seq) FROM toolresult_audit"), [(3,)])
        # A claim that names a tool or a scope is another call: it runs.
        runs: list[int] = []
        result, replayed = execute_tool_call("call_0", lambda: runs.append(1) or ToolResult.text("Bob's"), ledger, tool="balance", arguments={"user": "bob"})
        self.assertEqual((result.content, replayed), ("Bob's", False))
        result, replayed = execute_tool_call("call_0", lambda: runs.append(1) or ToolResult.text("Bob's"), ledger, scope="run-b")
        self.assertEqual((result.content, replayed, len(runs)), ("Bob's", False, 2))

    def test_openers_at_once_migrate_once(self) -> None:
        """Eight openers released together: a trigger counts the layout updates; one migrated."""
        self.write_layout_1()
        self.sql(
            "CREATE TABLE migrations (n integer);"
            "CREATE FUNCTION count_migration() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO migrations VALUES (1); RETURN NEW; END $$;"
            "CREATE TRIGGER count_migrations AFTER UPDATE ON toolresult_meta FOR EACH ROW EXECUTE FUNCTION count_migration();"
        )
        start = threading.Barrier(8)
        outcomes: list[object] = []

        def opener() -> None:
            start.wait()
            try:
                ledger = PostgresLedger(lease_ms=60_000, **self.connect)
                outcomes.append(ledger.entry("call_0"))
                ledger.close()
            except BaseException as e:  # noqa: BLE001 - reported by the assertion below
                outcomes.append(e)

        threads = [threading.Thread(target=opener) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(180)
        self.assertEqual(outcomes, [self.ENTRIES["call_0"]] * 8)
        self.assertEqual(self.sql("SELECT count(*) FROM migrations"), [(1,)])

    def test_a_migration_that_fails_leaves_layout_1_whole(self) -> None:
        self.write_layout_1()
        self.sql(
            "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no'; END $$;"
            "CREATE TRIGGER refuse AFTER UPDATE ON toolresult_meta FOR EACH ROW EXECUTE FUNCTION refuse();"
        )
        with self.assertRaises(LedgerStoreError) as caught:
            self.open()
        self.assertEqual(caught.exception.code, "ledger.store_failed")
        self.assertEqual(self.sql("SELECT value FROM toolresult_meta"), [("1",)])
        self.assertEqual(
            self.sql("SELECT count(*) FROM information_schema.columns WHERE table_name IN ('toolresult_ledger', 'toolresult_audit') AND column_name IN ('scope', 'fingerprint')"),
            [(0,)],
        )
        self.assertEqual(self.sql("SELECT count(*) FROM toolresult_ledger"), [(3,)])

    def test_an_unknown_layout_or_columns_not_of_their_layout_are_refused_unchanged(self) -> None:
        self.write_layout_1()
        self.sql("UPDATE toolresult_meta SET value = '3'")
        with self.assertRaises(LedgerStoreError) as caught:
            self.open()
        self.assertEqual(caught.exception.code, "ledger.store_layout")
        self.assertRegex(str(caught.exception), "layout 3.*knows layouts 1 and 2")
        self.sql("UPDATE toolresult_meta SET value = '2'")
        with self.assertRaises(LedgerStoreError) as caught:
            self.open()
        self.assertEqual(caught.exception.code, "ledger.store_conflict")
        self.assertEqual(self.sql("SELECT count(*) FROM information_schema.columns WHERE column_name = 'scope'"), [(0,)])


if __name__ == "__main__":
    unittest.main()
