"""A durable replay ledger on SQLite (standard library ``sqlite3``) and the execution seam over it
(spec/07-replay.md §7.3-7.8). The tables are the TypeScript store's, byte for byte in what they
keep, so a file written by either language replays in the other.

    ledger = SqliteLedger("/var/lib/agent/ledger.db")
    result, replayed = execute_tool_call("call-1", run_tool, ledger)

A call is keyed by its scope, its call ID and its fingerprint (§7.2): ``claim``, ``entry``,
``append_audit`` and ``audit_records`` take ``scope=`` and ``fingerprint=`` (both ``""`` by
default, the key of every call before scopes). A ledger of layout 1 (before scopes) is migrated
to layout 2 when it is opened, in one transaction; its entries keep answering the calls of the
default scope that name no tool.

Opening never changes a database that is not already a ledger (TR-REPLAY-37): what the file holds
is read before the first write, and anything else is refused with a :class:`LedgerStoreError` whose
``code`` says what was found (``toolresult.LEDGER_STORE_ERROR_CODES``). ``create`` decides whether a
new ledger may be made: ``None`` (the default) creates a missing file and refuses an empty (0-byte)
one, ``True`` also turns an empty file or an empty database into a ledger, ``False`` opens only an
existing ledger.
"""

from __future__ import annotations

import errno
import math
import os
import sqlite3
import threading
import time
import uuid
from dataclasses import dataclass
from typing import Any, Callable, Literal
from urllib.request import pathname2url

from .bounder import bound
from .call_key import MAX_CALL_ID_OCTETS, check_call_id, check_fingerprint, check_scope
from .ledger import INTERRUPTED_ENTRY, INTERRUPTED_TEXT, check_task_id, persist, restore, task_entry, task_of_entry
from .options import BoundOptions
from .privacy import LEVELS as PRIVACY_LEVELS
from .jcs import canonical_json
from .result import BoundedResult, ToolResult
from .seam import TOOL_FAILED_TEXT
from .seam import execute_tool_call as _seam_call
from .store_error import LEDGER_STORE_ERROR_CODES, LedgerStoreError, LedgerStoreErrorCode

__all__ = [
    "CLAIM_TRIES",
    "DEFAULT_LEASE_MS",
    "INTERRUPTED_ENTRY",
    "INTERRUPTED_TEXT",
    "LAYOUT_VERSION",
    "LEDGER_COLUMNS",
    "LEDGER_COLUMNS_LAYOUT_1",
    "LEDGER_STORE_ERROR_CODES",
    "MAX_CALL_ID_OCTETS",
    "SQLITE_LAYOUT",
    "SQLITE_MIGRATION_1_TO_2",
    "TOOL_FAILED_TEXT",
    "Claimed",
    "LedgerStoreError",
    "LedgerStoreErrorCode",
    "Pending",
    "SqliteLedger",
    "Stored",
    "audit_text",
    "check_call_id",
    "check_fingerprint",
    "check_scope",
    "check_task_id",
    "execute_tool_call",
]

LAYOUT_VERSION = 2
DEFAULT_LEASE_MS = 30_000
#: How often one claim reads a row again that changed under it (abandoned, pinned by another caller)
#: before it answers pending and lets the caller sleep (TR-REPLAY-36).
CLAIM_TRIES = 3
# What a claim answers for a row that holds no entry restore can read: restore refuses it as
# ledger.malformed, so the call is not run again and its error says the entry is not valid.
_NO_ENTRY = "\x00no entry"
_NOT_A_STATE = "\x00not a state"

_LEDGER_TABLE = """CREATE TABLE IF NOT EXISTS toolresult_ledger (
  scope TEXT NOT NULL DEFAULT '',
  call_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL CHECK (state IN ('claimed', 'stored')),
  token TEXT,
  lease_until INTEGER,
  entry BLOB,
  interrupted INTEGER NOT NULL DEFAULT 0,
  claimed_at INTEGER NOT NULL,
  finished_at INTEGER,
  PRIMARY KEY (scope, call_id, fingerprint)
)"""
_LEDGER_INDEX = "CREATE INDEX IF NOT EXISTS toolresult_ledger_finished ON toolresult_ledger (finished_at) WHERE state = 'stored'"
_AUDIT_TABLE = """CREATE TABLE IF NOT EXISTS toolresult_audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  scope TEXT NOT NULL DEFAULT '',
  call_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL DEFAULT '',
  level TEXT NOT NULL,
  record BLOB NOT NULL,
  written_at INTEGER NOT NULL
)"""
_AUDIT_INDEX = "CREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit (scope, call_id, fingerprint, seq)"

#: The statements that make a new ledger (§7.7, layout 2), word for word the TypeScript store's.
SQLITE_LAYOUT = [
    """CREATE TABLE IF NOT EXISTS toolresult_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
)""",
    "INSERT OR IGNORE INTO toolresult_meta (key, value) VALUES ('layout', '2')",
    _LEDGER_TABLE,
    _LEDGER_INDEX,
    _AUDIT_TABLE,
    _AUDIT_INDEX,
]

#: Layout 1 → 2, run inside ``BEGIN IMMEDIATE`` once the layout row, read again there, still says
#: '1' (§7.7), word for word the TypeScript store's. SQLite cannot change a primary key in place:
#: both tables are rebuilt under their layout-2 definitions and every row is copied with scope ''
#: and fingerprint '' (an audit row keeps its seq), so a layout-1 entry answers exactly the claims
#: it answered before. DROP TABLE drops the old indexes.
SQLITE_MIGRATION_1_TO_2 = """
CREATE TABLE toolresult_ledger_v2 (
  scope TEXT NOT NULL DEFAULT '',
  call_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL DEFAULT '',
  state TEXT NOT NULL CHECK (state IN ('claimed', 'stored')),
  token TEXT,
  lease_until INTEGER,
  entry BLOB,
  interrupted INTEGER NOT NULL DEFAULT 0,
  claimed_at INTEGER NOT NULL,
  finished_at INTEGER,
  PRIMARY KEY (scope, call_id, fingerprint)
);
INSERT INTO toolresult_ledger_v2 (scope, call_id, fingerprint, state, token, lease_until, entry, interrupted, claimed_at, finished_at)
  SELECT '', call_id, '', state, token, lease_until, entry, interrupted, claimed_at, finished_at FROM toolresult_ledger;
DROP TABLE toolresult_ledger;
ALTER TABLE toolresult_ledger_v2 RENAME TO toolresult_ledger;
CREATE INDEX toolresult_ledger_finished ON toolresult_ledger (finished_at) WHERE state = 'stored';
CREATE TABLE toolresult_audit_v2 (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  scope TEXT NOT NULL DEFAULT '',
  call_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL DEFAULT '',
  level TEXT NOT NULL,
  record BLOB NOT NULL,
  written_at INTEGER NOT NULL
);
INSERT INTO toolresult_audit_v2 (seq, scope, call_id, fingerprint, level, record, written_at)
  SELECT seq, '', call_id, '', level, record, written_at FROM toolresult_audit;
DROP TABLE toolresult_audit;
ALTER TABLE toolresult_audit_v2 RENAME TO toolresult_audit;
CREATE INDEX toolresult_audit_call ON toolresult_audit (scope, call_id, fingerprint, seq);
UPDATE toolresult_meta SET value = '2' WHERE key = 'layout';
"""

#: The columns of each ledger table (§7.7, layout 2): a table of one of these names with other
#: columns is not a ledger's. Compared as sets: a migrated table's columns may stand in another order.
LEDGER_COLUMNS: dict[str, frozenset[str]] = {
    "toolresult_meta": frozenset(("key", "value")),
    "toolresult_ledger": frozenset(
        ("scope", "call_id", "fingerprint", "state", "token", "lease_until", "entry", "interrupted", "claimed_at", "finished_at")
    ),
    "toolresult_audit": frozenset(("seq", "scope", "call_id", "fingerprint", "level", "record", "written_at")),
}
#: The columns of layout 1 (before scopes): a ledger of that layout is recognised and migrated.
LEDGER_COLUMNS_LAYOUT_1: dict[str, frozenset[str]] = {
    "toolresult_meta": frozenset(("key", "value")),
    "toolresult_ledger": frozenset(
        ("call_id", "state", "token", "lease_until", "entry", "interrupted", "claimed_at", "finished_at")
    ),
    "toolresult_audit": frozenset(("seq", "call_id", "level", "record", "written_at")),
}

_CAUSES = {
    "SQLITE_BUSY": "the database is locked by another connection",
    "SQLITE_LOCKED": "the database is locked by another connection",
    "SQLITE_FULL": "the disk holding the database is full",
    "SQLITE_READONLY": "the database is read-only",
    "SQLITE_CANTOPEN": "the database file cannot be opened",
    "SQLITE_CORRUPT": "the database file is corrupt",
    "SQLITE_NOTADB": "the file is not a SQLite database",
    "SQLITE_IOERR": "an I/O error occurred",
    "SQLITE_PERM": "access to the database file is denied",
}

_LEVEL_MEMBERS = {
    "none": ["level", "version"],
    "metadata": ["level", "summary", "version"],
    "redacted": ["level", "result", "summary", "version"],
    "full": ["level", "result", "summary", "version"],
}


# What a system error of the file or its folder means, in words; the errno's name follows in brackets.
_OS_CAUSES = {
    errno.ENOENT: "its folder does not exist",
    errno.ENOTDIR: "a part of its path is not a folder",
    errno.EACCES: "access to its folder is denied",
    errno.EPERM: "the file system does not permit it (it may not support hard links)",
    errno.ENOSPC: "the disk holding the database is full",
    errno.EROFS: "its folder is on a read-only file system",
}


def _now_ms() -> int:
    return time.time_ns() // 1_000_000


def _store_error(path: str, doing: str, e: BaseException) -> LedgerStoreError:
    """A driver's or the system's exception as a ``ledger.store_failed`` error that names the cause in
    words and the driver's own code: ``(SQLITE_BUSY)``, ``(ENOENT)``, or the exception's class when
    the driver gave no code. Bound values never reach a SQLite message, so none is quoted."""
    if isinstance(e, LedgerStoreError):
        return e
    if isinstance(e, OSError):
        code = errno.errorcode.get(e.errno or 0)
        words = _OS_CAUSES.get(e.errno or 0) or (os.strerror(e.errno) if e.errno else "the system refused")
        return LedgerStoreError("ledger.store_failed", f"SQLite ledger {path}: cannot {doing}: {words}" + (f" ({code})" if code else ""), code)
    name = getattr(e, "sqlite_errorname", None)
    if isinstance(name, str):
        base = "_".join(name.split("_")[:2])
        cause = _CAUSES.get(base, f"SQLite reported {name}")
        return LedgerStoreError("ledger.store_failed", f"SQLite ledger {path}: cannot {doing}: {cause} ({name})", name)
    # No SQLite code (the module's own checks, such as a closed connection): its words, cut short,
    # and its class as what it is.
    said = str(e)[:160]
    kind = f"{type(e).__module__}.{type(e).__qualname__}"
    return LedgerStoreError("ledger.store_failed", f"SQLite ledger {path}: cannot {doing}: the SQLite driver failed: {said} ({kind})", kind)


def _lease_ran_out(lease_until: object, now: int) -> bool:
    """Whether a claim's lease is over (§7.7, the row states). A lease that is not a number (NULL,
    text, a blob: an operator's "release") is over like a past one, so the claim becomes the
    interrupted entry instead of a state no caller can leave. A REAL is a time, as in the pin below."""
    if isinstance(lease_until, (int, float)) and not math.isnan(lease_until):
        return lease_until <= now
    return True


def audit_text(record: Any) -> str:
    """The stored text of an audit record: its canonical JSON, refused when it has members its level
    does not allow (TR-REPLAY-34)."""
    if not isinstance(record, dict) or record.get("version") != 1 or record.get("level") not in PRIVACY_LEVELS:
        raise TypeError("an audit record must be what audit_record() returns (version 1 and a privacy level)")
    allowed = _LEVEL_MEMBERS[record["level"]]
    if sorted(record) != allowed:
        raise TypeError(f"an audit record at level {record['level']} has exactly the members {', '.join(allowed)}")
    return canonical_json(record)


def _text(octets: object) -> str:
    # A row the store did not write as it writes (NULL, TEXT, a number) reads as no JSON at all, so
    # restore fails with ledger.malformed instead of this module failing on the row's type.
    if type(octets) is not bytes:
        return "\x00not an entry"
    try:
        return octets.decode("utf-8")
    except UnicodeDecodeError:
        return "\x00not UTF-8"  # not JSON: restore fails with ledger.malformed


@dataclass(frozen=True)
class Stored:
    """The call ID has an entry: ``entry`` is its text, for ``restore`` (which refuses a row that holds
    no readable entry as ``ledger.malformed``)."""

    entry: str
    status: str = "stored"


#: A call's key in the tables: (scope, call ID, fingerprint), the primary key's order.
_Key = tuple[str, str, str]


def _key(call_id: str, scope: str, fingerprint: str) -> _Key:
    check_call_id(call_id)
    check_scope(scope)
    check_fingerprint(fingerprint)
    return (scope, call_id, fingerprint)


_FIRST_PAUSE = 0.002
_MAX_PAUSE = 0.05  # TR-REPLAY-26: a file store's pause grows to at most 50 ms


class Pending:
    """Another caller holds a live claim of the call ID: ``wait()`` returns once the entry is stored,
    the claim abandoned or its lease over; then claim again (TR-REPLAY-26). It sleeps between reads of
    the row, the pause growing from 2 ms to 50 ms, whatever the row holds: a waiter on a lease decades
    away costs some 20 reads a second and no busy loop (TR-REPLAY-36)."""

    status = "pending"

    def __init__(self, ledger: "SqliteLedger", key: _Key, contended: bool = False) -> None:
        self._ledger = ledger
        self._key = key
        # The row kept changing under the claim: the first pause is the longest one.
        self._contended = contended

    def wait(self) -> None:
        delay = _MAX_PAUSE if self._contended else _FIRST_PAUSE
        while True:
            time.sleep(delay)
            delay = min(_MAX_PAUSE, delay * 2)
            try:
                row = self._ledger._read(self._key)
            except LedgerStoreError:
                return  # the next claim reports it
            if row is None or row[0] != "claimed" or _lease_ran_out(row[2], _now_ms()):
                return


class Claimed:
    """This caller is first: ``finish(entry)`` stores the entry, ``abandon()`` gives the ID up before
    the tool ran, ``record_task(task_id)`` records the task the call became (TR-REPLAY-42). ``task``
    is ``{"taskId": ...}`` when this claim took over a call whose claimant died after recording a
    task (TR-REPLAY-43): follow that task, never run the tool again; otherwise None."""

    status = "claimed"

    def __init__(self, ledger: "SqliteLedger", key: _Key, token: str, task_id: str | None = None) -> None:
        self._ledger = ledger
        self._key = key
        self._token = token
        self._done = False
        self.task: dict[str, str] | None = None if task_id is None else {"taskId": task_id}

    def record_task(self, task_id: str) -> None:
        """Records the task durably before it returns; TypeError for an ID a store cannot keep,
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


def _is_file_path(path: str) -> bool:
    return path not in ("", ":memory:")


def _connect(path: str, busy_timeout_ms: int) -> sqlite3.Connection:
    """A connection that never creates a file (``mode=rw``): a missing ledger is made by
    :func:`_create_whole` alone. Setting the busy timeout writes nothing."""
    if _is_file_path(path):
        target, uri = f"file:{pathname2url(os.path.abspath(path))}?mode=rw", True
    else:
        target, uri = path, False
    db = sqlite3.connect(target, timeout=busy_timeout_ms / 1000, isolation_level=None, check_same_thread=False, uri=uri)
    try:
        db.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
    except BaseException:
        db.close()
        raise
    return db


def _create_whole(path: str, busy_timeout_ms: int) -> None:
    """Makes a new ledger file whole under another name in the same folder and links it into place,
    so that no process ever sees it as an empty file (which it would refuse as a truncated ledger). A
    link never replaces a file: when another process linked its ledger first, that one is kept."""
    tmp = f"{path}.{os.getpid()}.{uuid.uuid4().hex}.new"
    try:
        db = sqlite3.connect(tmp, timeout=busy_timeout_ms / 1000, isolation_level=None)
        try:
            db.execute("BEGIN IMMEDIATE")
            for statement in SQLITE_LAYOUT:
                db.execute(statement)
            db.execute("COMMIT")
        finally:
            db.close()
        try:
            os.link(tmp, path)
        except FileExistsError:
            pass  # another process made the ledger in the meantime
    except (sqlite3.Error, OSError) as e:
        raise _store_error(path, "create the ledger", e) from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass  # never made, or already gone


def _check_file(path: str, create: bool | None, busy_timeout_ms: int) -> None:
    """Before the driver opens the path: a missing file is created whole (unless ``create`` is
    False), an empty one is refused (unless ``create`` is True)."""
    if not _is_file_path(path):
        return
    try:
        size = os.stat(path).st_size
    except FileNotFoundError:
        if not os.path.isdir(os.path.dirname(os.path.abspath(path))):
            raise LedgerStoreError(
                "ledger.store_failed", f"SQLite ledger {path}: cannot open the ledger: its folder does not exist (ENOENT)", "ENOENT"
            ) from None
        if create is False:
            raise LedgerStoreError(
                "ledger.store_missing", f"SQLite ledger {path}: cannot open the ledger: the file does not exist, and create is False"
            ) from None
        _create_whole(path, busy_timeout_ms)
        return
    except OSError:
        return  # the driver names what it finds (a path through a file, permissions)
    if size == 0 and create is not True:
        raise LedgerStoreError(
            "ledger.store_empty_file",
            f"SQLite ledger {path}: cannot open the ledger: the file is empty (0 bytes), and a ledger that held entries "
            "may have been truncated; it was not changed. Pass create=True to start a new ledger in it",
        )


def _inspect(db: sqlite3.Connection, path: str, create: bool | None) -> Literal["empty", "ledger", "layout 1"]:
    """What the database holds, read without writing: ``empty`` (no tables: it may become a ledger),
    ``ledger`` (layout 2), ``layout 1`` (a ledger to migrate), or the refusal of TR-REPLAY-37 for
    anything else. The layout row is read first; the columns are then those of its layout."""
    def refuse(code: LedgerStoreErrorCode, why: str) -> LedgerStoreError:
        return LedgerStoreError(code, f"SQLite ledger {path}: cannot open the ledger: {why}")

    objects = db.execute("SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'").fetchall()
    if not objects:
        if create is False:
            raise refuse("ledger.store_missing", "the database holds no tables, and create is False")
        return "empty"
    tables = {name for kind, name in objects if kind == "table"}
    ours = [t for t in LEDGER_COLUMNS if t in tables]
    if not ours:
        raise refuse("ledger.store_foreign", f"the database holds {len(tables)} table(s), none of them a ledger's; it was not changed")
    for table in LEDGER_COLUMNS:
        if table not in tables:
            raise refuse("ledger.store_conflict", f"it holds {', '.join(ours)} but no {table}; it was not changed")

    def columns_of(table: str) -> set[str]:
        return {row[1] for row in db.execute("SELECT cid, name FROM pragma_table_info(?)", (table,))}

    if columns_of("toolresult_meta") != LEDGER_COLUMNS["toolresult_meta"]:
        raise refuse("ledger.store_conflict", "its table toolresult_meta has other columns than a ledger's; it was not changed")
    layout = db.execute("SELECT value FROM toolresult_meta WHERE key = 'layout'").fetchone()
    if layout is None:
        raise refuse("ledger.store_no_layout", "toolresult_meta holds no layout row; it was not changed")
    if layout[0] == "1":
        expected, found = LEDGER_COLUMNS_LAYOUT_1, "layout 1"
    elif layout[0] == str(LAYOUT_VERSION):
        expected, found = LEDGER_COLUMNS, "ledger"
    else:
        raise LedgerStoreError(
            "ledger.store_layout",
            f"SQLite ledger {path}: its tables have layout {str(layout[0])[:20]}, this implementation knows layouts 1 and {LAYOUT_VERSION}",
        )
    for table in ("toolresult_ledger", "toolresult_audit"):
        if columns_of(table) != expected[table]:
            raise refuse("ledger.store_conflict", f"its table {table} has other columns than a ledger's of its layout; it was not changed")
    return found  # type: ignore[return-value]


def _inspect_at_once(db: sqlite3.Connection, path: str, create: bool | None) -> Literal["empty", "ledger", "layout 1"]:
    """:func:`_inspect` in one read transaction: the layout row and the columns come from one
    snapshot, so a migration another process commits meanwhile is seen whole or not at all."""
    db.execute("BEGIN")
    try:
        return _inspect(db, path, create)
    finally:
        if db.in_transaction:
            db.execute("ROLLBACK")  # nothing was written: a read transaction ends alike either way


def _migrate(db: sqlite3.Connection) -> None:
    """Layout 1 → 2 in one IMMEDIATE transaction. The layout is read again inside it: of processes
    opening the file at once, the first migrates and the others find layout 2 and change nothing."""
    db.execute("BEGIN IMMEDIATE")
    try:
        layout = db.execute("SELECT value FROM toolresult_meta WHERE key = 'layout'").fetchone()
        if layout is not None and layout[0] == "1":
            # One statement at a time: executescript would commit the transaction first.
            for statement in SQLITE_MIGRATION_1_TO_2.split(";\n"):
                if statement.strip():
                    db.execute(statement)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


class SqliteLedger:
    """A replay ledger in one SQLite file (WAL), safe for many processes on one machine.

    ``path`` is a file path (``str`` or ``os.PathLike``). ``create``: ``None`` (default) creates a
    missing file and refuses an empty one; ``True`` also makes a ledger of an empty file or an empty
    database; ``False`` opens only an existing ledger. A database that is not a ledger is refused
    unchanged (TR-REPLAY-37). Errors are :class:`LedgerStoreError`."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        lease_ms: int = DEFAULT_LEASE_MS,
        busy_timeout_ms: int = 30_000,
        *,
        create: bool | None = None,
    ) -> None:
        if type(lease_ms) is not int or not 50 <= lease_ms <= 86_400_000:
            raise ValueError("lease_ms must be an integer from 50 to 86,400,000")
        if type(busy_timeout_ms) is not int or busy_timeout_ms < 0:
            raise ValueError("busy_timeout_ms must be a non-negative integer")
        if create is not None and type(create) is not bool:
            raise TypeError("create must be True, False or None")
        self.path: str = os.fspath(path)
        self.lease_ms = lease_ms
        self._busy = busy_timeout_ms
        self._lock = threading.Lock()
        self._live: dict[tuple[_Key, str], None] = {}
        self._renewer: threading.Thread | None = None
        self._closed = threading.Event()
        db: sqlite3.Connection | None = None
        try:
            _check_file(self.path, create, busy_timeout_ms)
            db = _connect(self.path, busy_timeout_ms)
            # Read before any write: the WAL switch and the tables go only to a ledger or an empty database.
            found = _inspect_at_once(db, self.path, create)
            db.execute("PRAGMA journal_mode = WAL")
            # FULL: a claim is on disk before the tool runs, a finished entry survives a power loss.
            db.execute("PRAGMA synchronous = FULL")
            if found == "empty":
                db.execute("BEGIN IMMEDIATE")
                for statement in SQLITE_LAYOUT:  # IF NOT EXISTS: another process may have made them since
                    db.execute(statement)
                db.execute("COMMIT")
                _inspect_at_once(db, self.path, True)
            elif found == "layout 1":
                _migrate(db)
                if _inspect_at_once(db, self.path, create) != "ledger":
                    raise LedgerStoreError("ledger.store_failed", f"SQLite ledger {self.path}: cannot open the ledger: its migration to layout 2 did not take")
        except (sqlite3.Error, OSError, LedgerStoreError) as e:
            if db is not None:
                db.close()
            raise _store_error(self.path, "open the ledger", e) from None
        self._db = db

    def _connect(self) -> sqlite3.Connection:
        db = _connect(self.path, self._busy)
        try:
            db.execute("PRAGMA synchronous = FULL")
        except BaseException:
            db.close()
            raise
        return db

    def _read(self, key: _Key) -> tuple[object, object, object] | None:
        """The row's ``(state, entry, lease_until)`` as SQLite holds them: any type, whoever wrote it."""
        try:
            with self._lock:
                row: tuple[object, object, object] | None = self._db.execute(
                    "SELECT state, entry, lease_until FROM toolresult_ledger WHERE scope = ? AND call_id = ? AND fingerprint = ?", key
                ).fetchone()
                return row
        except sqlite3.Error as e:
            raise _store_error(self.path, "read a claim", e) from None

    def claim(self, call_id: str, *, scope: str = "", fingerprint: str = "") -> Claimed | Stored | Pending:
        """Claims the call ``(scope, call_id, fingerprint)``: ``Claimed`` (run the tool, then
        ``finish``), ``Stored`` (its entry) or ``Pending`` (``wait()``, then claim again). Every state
        a row can be in has its outcome (§7.7, TR-REPLAY-36); a row that changes under the claim is
        read at most ``CLAIM_TRIES`` times."""
        key = _key(call_id, scope, fingerprint)
        # Each step is one statement, its own short write: the lock is never held across Python code.
        try:
            for _ in range(CLAIM_TRIES):
                now = _now_ms()
                token = str(uuid.uuid4())
                with self._lock:
                    inserted = self._db.execute(
                        "INSERT INTO toolresult_ledger (scope, call_id, fingerprint, state, token, lease_until, claimed_at) "
                        "VALUES (?, ?, ?, 'claimed', ?, ?, ?) ON CONFLICT (scope, call_id, fingerprint) DO NOTHING",
                        (*key, token, now + self.lease_ms, now),
                    ).rowcount
                if inserted == 1:
                    self._hold(key, token)
                    return Claimed(self, key, token)
                row = self._read(key)
                if row is None:
                    continue  # abandoned in between: claim again
                state, entry, lease_until = row
                if state == "stored":
                    return Stored(_NO_ENTRY if entry is None else _text(entry))
                if state != "claimed":
                    # Not a state of the layout (a table made without its CHECK): never run, never waited on.
                    return Stored(_NOT_A_STATE)
                if not _lease_ran_out(lease_until, _now_ms()):
                    return Pending(self, key)
                t = _now_ms()
                task_id = task_of_entry(entry)
                if task_id is not None:
                    # The claimant died after it recorded a task: this claim follows the task
                    # (TR-REPLAY-43), while the lease is still over and the row still holds it.
                    with self._lock:
                        took = self._db.execute(
                            "UPDATE toolresult_ledger SET token = ?, lease_until = ? "
                            "WHERE scope = ? AND call_id = ? AND fingerprint = ? AND state = 'claimed' "
                            "AND (typeof(lease_until) NOT IN ('integer', 'real') OR lease_until <= ?) AND entry = ?",
                            (token, t + self.lease_ms, *key, t, entry),
                        ).rowcount
                    if took == 1:
                        self._hold(key, token)
                        return Claimed(self, key, token, task_id)
                    continue
                # The claimant stopped renewing, or the lease is not a time: the call is interrupted,
                # never run again (TR-REPLAY-23). The condition is _lease_ran_out's, in SQL; a task
                # recorded since the read (always a blob) is taken over at the next try instead.
                with self._lock:
                    pinned = self._db.execute(
                        "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = ?, interrupted = 1, finished_at = ? "
                        "WHERE scope = ? AND call_id = ? AND fingerprint = ? AND state = 'claimed' "
                        "AND (typeof(lease_until) NOT IN ('integer', 'real') OR lease_until <= ?) "
                        "AND (typeof(entry) <> 'blob' OR entry = ?)",
                        (INTERRUPTED_ENTRY.encode("utf-8"), t, *key, t, entry if type(entry) is bytes else None),
                    ).rowcount
                if pinned == 1:
                    return Stored(INTERRUPTED_ENTRY)
        except sqlite3.Error as e:
            raise _store_error(self.path, "claim a call ID", e) from None
        return Pending(self, key, contended=True)

    # Leases: one background thread, with its own connection, renews every live claim each third of a lease.
    def _hold(self, key: _Key, token: str) -> None:
        with self._lock:
            self._live[(key, token)] = None
            if self._renewer is None:
                self._renewer = threading.Thread(target=self._renew_loop, name="toolresult-lease", daemon=True)
                self._renewer.start()

    def _release(self, key: _Key, token: str) -> None:
        with self._lock:
            self._live.pop((key, token), None)

    def _renew_loop(self) -> None:
        # The connection is made at the first tick with claims to renew, and made again after a
        # failure: a store that cannot be reached now is tried again at the next tick (the lease may
        # run out meanwhile), and the thread never dies of it.
        db: sqlite3.Connection | None = None
        try:
            while not self._closed.wait(self.lease_ms / 3000):
                with self._lock:
                    live = list(self._live)
                if not live:
                    continue
                try:
                    if db is None:
                        db = self._connect()
                except sqlite3.Error:
                    continue
                for key, token in live:
                    try:
                        db.execute(
                            "UPDATE toolresult_ledger SET lease_until = ? "
                            "WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'",
                            (_now_ms() + self.lease_ms, *key, token),
                        )
                    except sqlite3.Error:
                        pass  # tried again next tick; the lease may run out meanwhile
        finally:
            if db is not None:
                db.close()

    def _finish(self, key: _Key, token: str, entry: str) -> None:
        try:
            with self._lock:
                changed = self._db.execute(
                    "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = ?, finished_at = ? "
                    "WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'",
                    (entry.encode("utf-8"), _now_ms(), *key, token),
                ).rowcount
        except sqlite3.Error as e:
            raise _store_error(self.path, "store a finished entry", e) from None
        if changed != 1:
            raise LedgerStoreError(
                "ledger.lease_lost",
                f"SQLite ledger {self.path}: the claim's lease expired and the call was recorded as interrupted before its result was stored",
            )

    def _record_task(self, key: _Key, token: str, entry: bytes) -> None:
        try:
            with self._lock:
                # synchronous = FULL: on disk before the statement returns.
                changed = self._db.execute(
                    "UPDATE toolresult_ledger SET entry = ? "
                    "WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'",
                    (entry, *key, token),
                ).rowcount
        except sqlite3.Error as e:
            raise _store_error(self.path, "record a task", e) from None
        if changed != 1:
            raise LedgerStoreError(
                "ledger.lease_lost",
                f"SQLite ledger {self.path}: the claim's lease expired and another claim settled or took over the call before its task was recorded",
            )

    def _abandon(self, key: _Key, token: str) -> None:
        try:
            with self._lock:
                self._db.execute(
                    "DELETE FROM toolresult_ledger WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'",
                    (*key, token),
                )
        except sqlite3.Error as e:
            raise _store_error(self.path, "abandon a claim", e) from None

    def entry(self, call_id: str, *, scope: str = "", fingerprint: str = "") -> str | None:
        """The stored entry of the call ``(scope, call_id, fingerprint)``, or None while it is claimed or unknown."""
        row = self._read(_key(call_id, scope, fingerprint))
        if row is None or row[0] != "stored":
            return None
        return _NO_ENTRY if row[1] is None else _text(row[1])

    def append_audit(self, call_id: str, record: dict[str, Any], *, scope: str = "", fingerprint: str = "") -> None:
        """Appends the audit record of the call ``(scope, call_id, fingerprint)`` (TR-REPLAY-34)."""
        key = _key(call_id, scope, fingerprint)
        text = audit_text(record)
        try:
            with self._lock:
                self._db.execute(
                    "INSERT INTO toolresult_audit (scope, call_id, fingerprint, level, record, written_at) VALUES (?, ?, ?, ?, ?, ?)",
                    (*key, record["level"], text.encode("utf-8"), _now_ms()),
                )
        except sqlite3.Error as e:
            raise _store_error(self.path, "append an audit record", e) from None

    def audit_records(self, call_id: str, *, scope: str = "", fingerprint: str = "") -> list[str]:
        """The audit records of the call ``(scope, call_id, fingerprint)``, oldest first."""
        key = _key(call_id, scope, fingerprint)
        try:
            with self._lock:
                rows = self._db.execute(
                    "SELECT record FROM toolresult_audit WHERE scope = ? AND call_id = ? AND fingerprint = ? ORDER BY seq", key
                ).fetchall()
        except sqlite3.Error as e:
            raise _store_error(self.path, "read audit records", e) from None
        return [_text(r[0]) for r in rows]

    def prune(self, older_than_ms: int) -> int:
        """Deletes stored entries finished more than ``older_than_ms`` ago; never a live claim (TR-REPLAY-29)."""
        if older_than_ms < 0:
            raise ValueError("older_than_ms must be non-negative")
        try:
            with self._lock:
                return self._db.execute(
                    "DELETE FROM toolresult_ledger WHERE state = 'stored' AND finished_at < ?", (_now_ms() - older_than_ms,)
                ).rowcount
        except sqlite3.Error as e:
            raise _store_error(self.path, "prune entries", e) from None

    def close(self) -> None:
        self._closed.set()
        with self._lock:
            self._live.clear()
            self._db.close()


def execute_tool_call(
    call_id: str, run: Callable[[], Any], ledger: SqliteLedger, options: BoundOptions | None = None, **seam: Any
) -> tuple[BoundedResult, bool]:
    """Runs a tool call through the ledger: ``(result, replayed)``. The first call of an ID runs the
    tool and stores its post-hook, exposed, bounded result; every later one restores it
    (TR-REPLAY-8..11, 20-32). ``hooks=`` and ``exposure=`` as :func:`toolresult.seam.execute_tool_call`,
    which this is (kept here for the programs that import it from the store)."""
    return _seam_call(call_id, run, ledger, options, **seam)
