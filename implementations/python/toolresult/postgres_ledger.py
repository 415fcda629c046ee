"""A durable replay ledger on PostgreSQL (spec/07-replay.md §7.4-7.8), through psycopg 3: the wheel's
``postgres`` extra (``pip install 'toolresult-protocol[postgres]'``); the rest of the package stays
standard-library only, and this module is the only one that imports the driver.

    ledger = PostgresLedger("postgresql://agent@db/agent")
    result, replayed = execute_tool_call("call-1", run_tool, ledger)

The tables are every other implementation's (TypeScript, PHP, Go), so each opens the others'
ledger. Claims are a unique key; leases run on the database's clock; every statement commits on its
own (autocommit), so a claim is durable before it answers *claimed* and an entry before its finish
returns. A waiting duplicate sleeps on ``LISTEN``/``NOTIFY`` (a wake-up only: the state is always
read from the table) with a timer at the lease's end, never a busy loop.

Why psycopg 3 (and not asyncpg): it is the PostgreSQL project's own maintained Python driver line,
synchronous like this package's seam (asyncpg is asyncio-only and would need an event loop of its
own in a thread); its binary wheel carries libpq, whose commit is the server's (synchronous_commit:
the WAL is flushed before COMMIT returns), the same durability as every other implementation's
store; and every server error carries its SQLSTATE (``e.sqlstate``), which the messages name.
"""

from __future__ import annotations

import errno
import hashlib
import os
import threading
import time
import uuid
from typing import Any

import psycopg

from .ledger import INTERRUPTED_ENTRY, task_entry, task_of_entry
from .ledger_store import (
    CLAIM_TRIES,
    DEFAULT_LEASE_MS,
    LAYOUT_VERSION,
    LEDGER_COLUMNS,
    LEDGER_COLUMNS_LAYOUT_1,
    Pending,
    Stored,
    audit_text,
)
from .ledger_store import _key as _call_key
from .ledger_store import _Key
from .store_error import LedgerStoreError

__all__ = ["POSTGRES_CHANNEL", "POSTGRES_LAYOUT", "POSTGRES_MIGRATION_1_TO_2", "POSTGRES_MIGRATION_LOCK", "PostgresLedger"]

POSTGRES_CHANNEL = "toolresult_ledger"
# The waiter lock's two keys (TR-REPLAY-26), computed by the server from the call ID parameter.
_WAITER_LOCK = b"hashtext('toolresult_ledger waiter'), hashtext(%s)"

POSTGRES_LAYOUT = """
CREATE TABLE IF NOT EXISTS toolresult_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO toolresult_meta (key, value) VALUES ('layout', '2') ON CONFLICT (key) DO NOTHING;
CREATE TABLE IF NOT EXISTS toolresult_ledger (
  scope text NOT NULL DEFAULT '',
  call_id text NOT NULL,
  fingerprint text NOT NULL DEFAULT '',
  state text NOT NULL CHECK (state IN ('claimed', 'stored')),
  token uuid,
  lease_until timestamptz,
  entry bytea,
  interrupted boolean NOT NULL DEFAULT false,
  claimed_at timestamptz NOT NULL,
  finished_at timestamptz,
  PRIMARY KEY (scope, call_id, fingerprint)
);
CREATE INDEX IF NOT EXISTS toolresult_ledger_claimed ON toolresult_ledger (claimed_at);
CREATE TABLE IF NOT EXISTS toolresult_audit (
  seq bigserial PRIMARY KEY,
  scope text NOT NULL DEFAULT '',
  call_id text NOT NULL,
  fingerprint text NOT NULL DEFAULT '',
  level text NOT NULL,
  record bytea NOT NULL,
  written_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit (scope, call_id, fingerprint, seq);
"""

#: The lock a migration takes first in its transaction (§7.7): no other session reads or writes the
#: tables until the migration commits, and an opener that waited here reads layout '2' after it.
POSTGRES_MIGRATION_LOCK = "LOCK TABLE toolresult_meta, toolresult_ledger, toolresult_audit IN ACCESS EXCLUSIVE MODE"

#: Layout 1 → 2 (§7.7), run after POSTGRES_MIGRATION_LOCK once the layout row, read again under it,
#: still says '1'; word for word the TypeScript store's. The new columns' default gives every
#: existing row scope '' and fingerprint '', so a layout-1 entry answers exactly the claims it
#: answered before. Layout 1's primary key has PostgreSQL's default name in every language's store.
POSTGRES_MIGRATION_1_TO_2 = """
ALTER TABLE toolresult_ledger
  ADD COLUMN scope text NOT NULL DEFAULT '',
  ADD COLUMN fingerprint text NOT NULL DEFAULT '',
  DROP CONSTRAINT toolresult_ledger_pkey,
  ADD PRIMARY KEY (scope, call_id, fingerprint);
ALTER TABLE toolresult_audit
  ADD COLUMN scope text NOT NULL DEFAULT '',
  ADD COLUMN fingerprint text NOT NULL DEFAULT '';
DROP INDEX toolresult_audit_call;
CREATE INDEX toolresult_audit_call ON toolresult_audit (scope, call_id, fingerprint, seq);
UPDATE toolresult_meta SET value = '2' WHERE key = 'layout';
"""

_CAUSES = {
    "55P03": "a lock was not granted in time (the table or row is locked by another session)",
    "57014": "the statement was cancelled (statement timeout or cancel request)",
    "53100": "the disk holding the database is full",
    "53200": "the server is out of memory",
    "53300": "the server has too many connections",
    "57P01": "the server terminated the connection",
    "57P02": "the server terminated the connection",
    "57P03": "the server is not accepting connections yet",
    "25006": "the database is read-only",
    "42501": "the database user lacks a privilege the ledger needs",
    "3D000": "the database does not exist",
    "28P01": "the password was refused",
    "28000": "the connection was not authorized",
}

_SYSTEM_CAUSES = {
    "ENOENT": "the server socket does not exist (is it running?)",
    "ECONNREFUSED": "the server refused the connection (is it running?)",
    "ECONNRESET": "the connection was reset",
    "EPIPE": "the connection to the server was lost (it closed while the ledger was writing)",
    "ETIMEDOUT": "the connection timed out",
    "EHOSTUNREACH": "the server host cannot be reached",
    "ENETUNREACH": "the network of the server cannot be reached",
}
# libpq reports a system error in the C library's words ("Connection refused"): named back here.
_STRERROR = {os.strerror(n): name for n, name in errno.errorcode.items() if name in _SYSTEM_CAUSES}

_NO_ENTRY = "\x00no entry"


def _text(octets: object) -> str:
    if isinstance(octets, memoryview):
        octets = octets.tobytes()
    if type(octets) is not bytes:
        return "\x00not an entry"
    try:
        return octets.decode("utf-8")
    except UnicodeDecodeError:
        return "\x00not UTF-8"  # not JSON: restore fails with ledger.malformed


def _payload(call_id: str) -> str:
    """The notification payload of a call ID: every call that shares the ID shares it (their waiters
    wake together, and each re-reads its own row by its full key)."""
    return hashlib.md5(call_id.encode("utf-8")).hexdigest()


# Statements by the full key: the primary key's columns, in its order.
_BY_KEY = "scope = %s AND call_id = %s AND fingerprint = %s"


class _PgPending(Pending):
    """Another caller holds a live claim: ``wait()`` sleeps on a notification for the call ID, or
    until the lease's end by the database's clock (the lease length when it is beyond any timer,
    ``infinity``); then the seam claims again (TR-REPLAY-26)."""

    def __init__(self, ledger: "PostgresLedger", key: _Key, contended: bool = False) -> None:
        self._pg = ledger
        self._key = key
        # The row kept changing under the claim: a wait that finds no live claim still pauses.
        self._contended = contended

    def wait(self) -> None:
        self._pg._settle(self._key, self._contended)


class _PgClaimed:
    """This caller is first: ``finish(entry)`` stores the entry, ``abandon()`` gives the ID up before
    the tool ran, ``record_task(task_id)`` records the task the call became (TR-REPLAY-42). ``task``
    is ``{"taskId": ...}`` when this claim took over a call whose claimant died after recording a
    task (TR-REPLAY-43); otherwise None."""

    status = "claimed"

    def __init__(self, ledger: "PostgresLedger", key: _Key, token: str, task_id: str | None = None) -> None:
        self._ledger = ledger
        self._key = key
        self._token = token
        self._done = False
        self.task: dict[str, str] | None = None if task_id is None else {"taskId": task_id}

    def record_task(self, task_id: str) -> None:
        """Records the task, committed before it returns; TypeError for an ID a store cannot keep,
        ``ledger.lease_lost`` when the row is no longer claimed with this claim's token."""
        entry = task_entry(task_id)
        if self._done:
            raise RuntimeError("claim already settled")
        self._ledger._record_task(self._key, self._token, entry)

    def finish(self, entry: str) -> None:
        if self._done:
            raise RuntimeError("claim already settled")
        self._done = True
        self._ledger._release(self._key, self._token)
        self._ledger._finish(self._key, self._token, entry)

    def abandon(self) -> None:
        if self._done:
            return
        self._done = True
        self._ledger._release(self._key, self._token)
        self._ledger._abandon(self._key, self._token)


class PostgresLedger:
    """A replay ledger in a PostgreSQL database, for workers on many machines.

    ``conninfo`` is a libpq connection string or URL; keyword arguments (``host``, ``dbname``,
    ``user``, ``password``, …) are passed to ``psycopg.connect``. ``create``: True (default) makes
    missing tables (a ledger lives beside a database's other tables); False opens only existing
    ledger tables (``ledger.store_missing``). Tables of the ledger's names that are not its layout
    are never changed (TR-REPLAY-37). Errors are :class:`LedgerStoreError`."""

    def __init__(
        self,
        conninfo: str = "",
        *,
        lease_ms: int = DEFAULT_LEASE_MS,
        lock_timeout_ms: int = 5_000,
        create: bool = True,
        **connect: Any,
    ) -> None:
        if type(lease_ms) is not int or not 50 <= lease_ms <= 86_400_000:
            raise ValueError("lease_ms must be an integer from 50 to 86,400,000")
        if type(lock_timeout_ms) is not int or lock_timeout_ms < 1:
            raise ValueError("lock_timeout_ms must be a positive integer")
        if type(create) is not bool:
            raise TypeError("create must be True or False")
        self.lease_ms = lease_ms
        self._conninfo = conninfo
        # lock_timeout as a startup parameter: set on every connection before its first statement.
        self._connect_args = {**connect, "options": f"-c lock_timeout={lock_timeout_ms}"}
        self._where = self._name()
        self._lock = threading.Lock()
        self._db: psycopg.Connection[Any] | None = None
        self._closed = threading.Event()
        self._live: dict[tuple[_Key, str], None] = {}
        self._renewer: threading.Thread | None = None
        self._waiters: dict[str, set[threading.Event]] = {}
        self._listener: threading.Thread | None = None
        self._listening = threading.Event()
        try:
            self._ready(create)
        except (psycopg.Error, OSError) as e:
            raise self._error("open the ledger", e) from None

    def _name(self) -> str:
        """The database by name and host only: connection details can hold a password."""
        try:
            params = psycopg.conninfo.conninfo_to_dict(self._conninfo, **{k: v for k, v in self._connect_args.items() if k != "options"})
        except psycopg.Error:
            params = {}
        return f"{params.get('dbname') or '(default database)'}@{params.get('host') or '(default host)'}"

    def _new_connection(self) -> psycopg.Connection[Any]:
        return psycopg.connect(self._conninfo, autocommit=True, **self._connect_args)

    def _error(self, doing: str, e: BaseException) -> LedgerStoreError:
        """A driver's exception as ``ledger.store_failed``, naming the cause in words and the driver's
        own code as what it is: ``(SQLSTATE 57P01)``, a system error's ``(ECONNREFUSED)``, or the
        exception's class when the driver gave neither (TR-REPLAY-31)."""
        if isinstance(e, LedgerStoreError):
            return e
        state = getattr(e, "sqlstate", None)
        said = str(e)
        system = next((name for words, name in _STRERROR.items() if words in said), None)
        if isinstance(state, str) and state in _CAUSES:
            cause, named = _CAUSES[state], f"SQLSTATE {state}"
        elif system is not None:
            cause, named = _SYSTEM_CAUSES[system], system
        elif isinstance(state, str) and state.startswith("08"):
            cause, named = "the connection to the server failed", f"SQLSTATE {state}"
        elif isinstance(e, (psycopg.OperationalError, psycopg.InterfaceError)) and state is None:
            cause, named = "the connection to the server was lost or could not be made: " + said.splitlines()[0][:160] if said else "the connection to the server was lost", f"{type(e).__module__}.{type(e).__qualname__}"
        elif isinstance(state, str):
            # An unknown server error: its own words (the server never echoes a bytea parameter), cut short.
            cause, named = "PostgreSQL reported an error: " + said.splitlines()[0][:160], f"SQLSTATE {state}"
        else:
            cause, named = "the PostgreSQL driver failed: " + said[:160], f"{type(e).__module__}.{type(e).__qualname__}"
        return LedgerStoreError("ledger.store_failed", f"PostgreSQL ledger {self._where}: cannot {doing}: {cause} ({named})", state or system)

    def _tables(self, db: psycopg.Connection[Any]) -> dict[str, set[str]]:
        """The ledger's tables that exist (by the search path), each with its columns."""
        found: dict[str, set[str]] = {}
        for t, col in db.execute(
            "SELECT c.relname, a.attname FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid"
            " WHERE c.oid IN (to_regclass('toolresult_meta'), to_regclass('toolresult_ledger'), to_regclass('toolresult_audit'))"
            " AND a.attnum > 0 AND NOT a.attisdropped"
        ).fetchall():
            found.setdefault(t, set()).add(col)
        return found

    def _layout_of(self, db: psycopg.Connection[Any], found: dict[str, set[str]]) -> str:
        """``"1"`` or ``"2"`` for tables of that layout; the refusal of TR-REPLAY-33/37 otherwise.
        The layout row is read first, then the columns (again) are those of its layout (as sets).
        In that order they agree: the read of toolresult_meta waits for a migration under way to
        commit, and the lock it takes keeps any other from starting before this transaction ends."""
        def refuse(code: Any, why: str) -> LedgerStoreError:
            return LedgerStoreError(code, f"PostgreSQL ledger {self._where}: cannot open the ledger: {why}; nothing was changed")

        for table in LEDGER_COLUMNS:
            if table not in found:
                raise refuse("ledger.store_conflict", f"it has {', '.join(sorted(found))} but no {table}")
        if found["toolresult_meta"] != set(LEDGER_COLUMNS["toolresult_meta"]):
            raise refuse("ledger.store_conflict", "its table toolresult_meta has other columns than a ledger's")
        row = db.execute("SELECT value FROM toolresult_meta WHERE key = 'layout'").fetchone()
        if row is None:
            raise refuse("ledger.store_no_layout", "toolresult_meta has no layout row")
        if row[0] == "1":
            expected = LEDGER_COLUMNS_LAYOUT_1
        elif row[0] == str(LAYOUT_VERSION):
            expected = LEDGER_COLUMNS
        else:
            raise LedgerStoreError(
                "ledger.store_layout",
                f"PostgreSQL ledger {self._where}: its tables have layout {str(row[0])[:20]}, this implementation knows layouts 1 and {LAYOUT_VERSION}",
            )
        found = self._tables(db)
        for table in ("toolresult_ledger", "toolresult_audit"):
            if found.get(table) != set(expected[table]):
                raise refuse("ledger.store_conflict", f"its table {table} has other columns than a ledger's of its layout")
        return str(row[0])

    def _ready(self, create: bool) -> None:
        """Reads before any write (TR-REPLAY-37); a creation runs under a transaction-level advisory
        lock; a ledger of layout 1 is migrated (_migrate)."""
        with self._new_connection() as db:
            with db.transaction():
                found = self._tables(db)
                if not found:
                    if not create:
                        raise LedgerStoreError(
                            "ledger.store_missing", f"PostgreSQL ledger {self._where}: cannot open the ledger: its tables do not exist, and create is False"
                        )
                    db.execute("SET LOCAL lock_timeout = '120s'")
                    db.execute("SELECT pg_advisory_xact_lock(hashtext('toolresult_ledger layout'))")
                    found = self._tables(db)  # another opener may have made them while this one waited
                if not found:
                    db.execute(POSTGRES_LAYOUT.encode("utf-8"))
                    found = self._tables(db)
                layout = self._layout_of(db, found)
            if layout == "1":
                self._migrate(db)

    def _migrate(self, db: psycopg.Connection[Any]) -> None:
        """Layout 1 → 2 in one transaction that first locks the three tables (ACCESS EXCLUSIVE), then
        reads the layout again: of openers that found layout 1 at once, the first migrates and the
        others, granted the lock after its commit, find layout 2 and change nothing. The lock comes
        first in its transaction: the read that found layout 1 ran in one already committed, so no
        opener holds a lock another waits for (which would be a deadlock)."""
        with db.transaction():
            db.execute("SET LOCAL lock_timeout = '120s'")
            db.execute(POSTGRES_MIGRATION_LOCK.encode("utf-8"))
            if self._layout_of(db, self._tables(db)) != "1":
                return
            db.execute(POSTGRES_MIGRATION_1_TO_2.encode("utf-8"))

    def _run(self, doing: str, sql: str, params: tuple[Any, ...]) -> psycopg.Cursor[Any]:
        """One statement on the store's connection (its own transaction), made again after a loss."""
        if self._closed.is_set():
            raise LedgerStoreError("ledger.store_failed", f"PostgreSQL ledger {self._where}: cannot {doing}: the ledger is closed")
        try:
            with self._lock:
                if self._db is None or self._db.closed or self._db.broken:
                    if self._db is not None:
                        self._db.close()
                    self._db = self._new_connection()
                return self._db.execute(sql.encode("utf-8"), params)
        except (psycopg.Error, OSError) as e:
            raise self._error(doing, e) from None

    def claim(self, call_id: str, *, scope: str = "", fingerprint: str = "") -> _PgClaimed | Stored | Pending:
        """Claims the call ``(scope, call_id, fingerprint)``: ``Claimed`` (run the tool, then
        ``finish``), ``Stored`` (its entry) or ``Pending`` (``wait()``, then claim again); every row
        state has its outcome (§7.7, TR-REPLAY-36)."""
        key = _call_key(call_id, scope, fingerprint)
        for _ in range(CLAIM_TRIES):
            token = str(uuid.uuid4())
            # A new call ID, the common case, is one plain insert; only a call ID that has a row reads it.
            ins = self._run(
                "claim a call ID",
                "INSERT INTO toolresult_ledger (scope, call_id, fingerprint, state, token, lease_until, claimed_at)"
                " VALUES (%s, %s, %s, 'claimed', %s::uuid, now() + %s::bigint * interval '1 millisecond', now())"
                " ON CONFLICT (scope, call_id, fingerprint) DO NOTHING",
                (*key, token, self.lease_ms),
            )
            if ins.rowcount == 1:
                self._hold(key, token)
                return _PgClaimed(self, key, token)
            row = self._run(
                "claim a call ID",
                "SELECT state, entry, lease_until IS NULL OR lease_until <= now() FROM toolresult_ledger WHERE " + _BY_KEY,
                key,
            ).fetchone()
            if row is None:
                continue  # abandoned in between: claim again
            state, entry, ran_out = row
            if state == "stored":
                return Stored(_NO_ENTRY if entry is None else _text(entry))
            if state != "claimed":
                # Not a state of the layout (a table made without its CHECK): never run, never waited on.
                return Stored("\x00not a state")
            # NULL (an operator's "release") has run out like a past lease; 'infinity' is a live claim.
            if not ran_out:
                return _PgPending(self, key)
            octets = entry.tobytes() if isinstance(entry, memoryview) else entry
            task_id = task_of_entry(octets)
            if task_id is not None:
                # The claimant died after it recorded a task: this claim follows the task
                # (TR-REPLAY-43), while the lease is still over and the row still holds it.
                took = self._run(
                    "take over a task",
                    "UPDATE toolresult_ledger SET token = %s::uuid, lease_until = now() + %s::bigint * interval '1 millisecond'"
                    " WHERE " + _BY_KEY + " AND state = 'claimed' AND (lease_until IS NULL OR lease_until <= now()) AND entry = %s",
                    (token, self.lease_ms, *key, octets),
                )
                if took.rowcount == 1:
                    self._hold(key, token)
                    return _PgClaimed(self, key, token, task_id)
                continue
            # The claimant stopped renewing: the call is interrupted, never run again (TR-REPLAY-23).
            # A task recorded since the read is taken over at the next try instead.
            pin = self._run(
                "record an interrupted call",
                "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = %s, interrupted = true, finished_at = now()"
                " WHERE " + _BY_KEY + " AND state = 'claimed' AND (lease_until IS NULL OR lease_until <= now())"
                " AND entry IS NOT DISTINCT FROM %s::bytea",
                (INTERRUPTED_ENTRY.encode("utf-8"), *key, octets),
            )
            if pin.rowcount == 1:
                self._notify(call_id)
                return Stored(INTERRUPTED_ENTRY)
        return _PgPending(self, key, contended=True)

    def _finish(self, key: _Key, token: str, entry: str) -> None:
        r = self._run(
            "store a finished entry",
            "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = %s, finished_at = now()"
            " WHERE " + _BY_KEY + " AND token = %s::uuid AND state = 'claimed'",
            (entry.encode("utf-8"), *key, token),
        )
        if r.rowcount != 1:
            raise LedgerStoreError(
                "ledger.lease_lost",
                f"PostgreSQL ledger {self._where}: the claim's lease expired and the call was recorded as interrupted before its result was stored",
            )
        self._notify(key[1])

    def _record_task(self, key: _Key, token: str, entry: bytes) -> None:
        # autocommit: committed, the WAL flushed, before the statement returns.
        r = self._run(
            "record a task",
            "UPDATE toolresult_ledger SET entry = %s WHERE " + _BY_KEY + " AND token = %s::uuid AND state = 'claimed'",
            (entry, *key, token),
        )
        if r.rowcount != 1:
            raise LedgerStoreError(
                "ledger.lease_lost",
                f"PostgreSQL ledger {self._where}: the claim's lease expired and another claim settled or took over the call before its task was recorded",
            )

    def _abandon(self, key: _Key, token: str) -> None:
        r = self._run(
            "abandon a claim", "DELETE FROM toolresult_ledger WHERE " + _BY_KEY + " AND token = %s::uuid AND state = 'claimed'", (*key, token)
        )
        if r.rowcount == 1:
            self._notify(key[1])

    def _notify(self, call_id: str) -> None:
        """Wakes the call ID's waiters after the change is committed, in a transaction of its own that
        does not wait for the WAL flush: a notification is a wake-up only, and one lost costs its
        waiters their timer at the lease's end, never a wrong answer."""
        try:
            self._run("notify waiters", f"SELECT set_config('synchronous_commit', 'off', true), pg_notify('{POSTGRES_CHANNEL}', %s)", (_payload(call_id),))
        except LedgerStoreError:
            pass

    # Leases: one background thread, with its own connection, renews every live claim each quarter of a lease.
    def _hold(self, key: _Key, token: str) -> None:
        with self._lock:
            self._live[(key, token)] = None
            if self._renewer is None:
                self._renewer = threading.Thread(target=self._renew_loop, name="toolresult-pg-lease", daemon=True)
                self._renewer.start()

    def _release(self, key: _Key, token: str) -> None:
        with self._lock:
            self._live.pop((key, token), None)

    def _renew_loop(self) -> None:
        db: psycopg.Connection[Any] | None = None
        try:
            while not self._closed.wait(self.lease_ms / 4000):
                with self._lock:
                    live = list(self._live)
                if not live:
                    continue
                try:
                    if db is None or db.closed or db.broken:
                        db = self._new_connection()
                    for key, token in live:
                        db.execute(
                            b"UPDATE toolresult_ledger SET lease_until = now() + %s::bigint * interval '1 millisecond'"
                            b" WHERE scope = %s AND call_id = %s AND fingerprint = %s AND token = %s::uuid AND state = 'claimed'",
                            (self.lease_ms, *key, token),
                        )
                except (psycopg.Error, OSError):
                    pass  # tried again next tick; the lease may run out meanwhile
        finally:
            if db is not None:
                db.close()

    # Waiting: one listener thread, with its own connection, wakes the waiters of each notified call ID.
    def _listen(self) -> None:
        with self._lock:
            if self._listener is not None and self._listener.is_alive():
                return
            self._listening.clear()
            self._listener = threading.Thread(target=self._listen_loop, name="toolresult-pg-listen", daemon=True)
            self._listener.start()
        self._listening.wait(5)

    def _listen_loop(self) -> None:
        db: psycopg.Connection[Any] | None = None
        try:
            db = self._new_connection()
            db.execute(f"LISTEN {POSTGRES_CHANNEL}".encode("utf-8"))
            self._listening.set()
            while not self._closed.is_set():
                for n in db.notifies(timeout=0.5):
                    with self._lock:
                        woken = list(self._waiters.get(n.payload, ()))
                    for event in woken:
                        event.set()
        except (psycopg.Error, OSError):
            pass
        finally:
            self._listening.set()
            if db is not None:
                db.close()
            # Wake every waiter: each reads the table again and listens anew.
            with self._lock:
                everyone = [e for s in self._waiters.values() for e in s]
            for event in everyone:
                event.set()

    def _settle(self, call: _Key, contended: bool = False) -> None:
        call_id = call[1]
        key = _payload(call_id)
        event = threading.Event()
        with self._lock:
            self._waiters.setdefault(key, set()).add(event)
        locked: psycopg.Connection[Any] | None = None
        try:
            self._listen()
            locked = self._waiter_lock(call_id)
            # Read after LISTEN and the waiter lock are in place, so a finish that came before them is not
            # missed; FOR SHARE waits for a finish under way.
            row = self._run(
                "read a claim",
                "SELECT state = 'claimed' AND lease_until > now(),"
                " CASE WHEN isfinite(lease_until) THEN (EXTRACT(EPOCH FROM (lease_until - now())) * 1000)::float8 END"
                " FROM toolresult_ledger WHERE " + _BY_KEY + " FOR SHARE",
                call,
            ).fetchone()
            if row is None or row[0] is not True:
                if contended:
                    time.sleep(0.05)  # the row kept changing under the claim: a pause, never a loop
                return
            ms = self.lease_ms if row[1] is None else min(self.lease_ms, row[1] + 5)
            event.wait(ms / 1000)
        except LedgerStoreError:
            time.sleep(0.05)  # the next claim reports the store's error
        finally:
            with self._lock:
                s = self._waiters.get(key)
                if s is not None:
                    s.discard(event)
                    if not s:
                        del self._waiters[key]
                # Only on the session that holds it (a connection made anew since holds no lock).
                if locked is not None and locked is self._db and not locked.closed and not locked.broken:
                    try:
                        locked.execute(b"SELECT pg_advisory_unlock_shared(" + _WAITER_LOCK + b")", (call_id,))
                    except (psycopg.Error, OSError):
                        pass

    def _waiter_lock(self, call_id: str) -> psycopg.Connection[Any] | None:
        """Takes the waiter lock of the call ID (TR-REPLAY-26) on the store's connection, so that a store
        that skips a notification nobody waits for notifies this waiter; the connection that holds it, or
        None when it was not granted (the timer alone wakes the waiter then)."""
        with self._lock:
            db = self._db
            if db is None or db.closed or db.broken:
                return None
            try:
                db.execute(b"SELECT pg_advisory_lock_shared(" + _WAITER_LOCK + b")", (call_id,))
            except (psycopg.Error, OSError):
                return None
            return db

    def entry(self, call_id: str, *, scope: str = "", fingerprint: str = "") -> str | None:
        """The stored entry of the call ``(scope, call_id, fingerprint)``, or None while it is claimed or unknown."""
        key = _call_key(call_id, scope, fingerprint)
        row = self._run("read an entry", "SELECT entry FROM toolresult_ledger WHERE " + _BY_KEY + " AND state = 'stored'", key).fetchone()
        if row is None:
            return None
        return _NO_ENTRY if row[0] is None else _text(row[0])

    def append_audit(self, call_id: str, record: dict[str, Any], *, scope: str = "", fingerprint: str = "") -> None:
        """Appends the audit record of the call ``(scope, call_id, fingerprint)`` (TR-REPLAY-34)."""
        key = _call_key(call_id, scope, fingerprint)
        text = audit_text(record)
        self._run(
            "append an audit record",
            "INSERT INTO toolresult_audit (scope, call_id, fingerprint, level, record, written_at) VALUES (%s, %s, %s, %s, %s, now())",
            (*key, record["level"], text.encode("utf-8")),
        )

    def audit_records(self, call_id: str, *, scope: str = "", fingerprint: str = "") -> list[str]:
        """The audit records of the call ``(scope, call_id, fingerprint)``, oldest first."""
        key = _call_key(call_id, scope, fingerprint)
        rows = self._run(
            "read audit records", "SELECT record FROM toolresult_audit WHERE " + _BY_KEY + " ORDER BY seq", key
        ).fetchall()
        return [_text(r[0]) for r in rows]

    def prune(self, older_than_ms: int) -> int:
        """Deletes stored entries finished more than ``older_than_ms`` ago; never a claim (TR-REPLAY-29)."""
        if older_than_ms < 0:
            raise ValueError("older_than_ms must be non-negative")
        r = self._run(
            "prune entries",
            # claimed_at (indexed, and never after finished_at) finds the candidates.
            "DELETE FROM toolresult_ledger WHERE state = 'stored' AND claimed_at < now() - %s::bigint * interval '1 millisecond'"
            " AND finished_at < now() - %s::bigint * interval '1 millisecond'",
            (older_than_ms, older_than_ms),
        )
        return int(r.rowcount)

    def close(self) -> None:
        self._closed.set()
        with self._lock:
            self._live.clear()
            if self._db is not None:
                self._db.close()
                self._db = None
            everyone = [e for s in self._waiters.values() for e in s]
        for event in everyone:
            event.set()
