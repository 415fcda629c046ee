"""The error a durable ledger store raises when it cannot do what was asked (spec/07-replay.md §7.6,
§7.8; TR-REPLAY-30..33, TR-REPLAY-37). This module imports no database driver, so a program can
catch the error without loading ``sqlite3``.

    try:
        ledger = SqliteLedger(path, create=False)
    except LedgerStoreError as e:
        if e.code == "ledger.store_missing": ...
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Literal, Mapping

LedgerStoreErrorCode = Literal[
    "ledger.store_failed",
    "ledger.store_layout",
    "ledger.store_no_layout",
    "ledger.store_conflict",
    "ledger.store_foreign",
    "ledger.store_empty_file",
    "ledger.store_missing",
    "ledger.lease_lost",
]

#: Every code a :class:`LedgerStoreError` can carry, with what it means (each documented here once).
LEDGER_STORE_ERROR_CODES: Mapping[LedgerStoreErrorCode, str] = MappingProxyType({
    "ledger.store_failed": (
        "reading or writing the store failed: a lock held past the busy timeout, a full disk, an I/O "
        "error, or a file or folder that cannot be opened"
    ),
    "ledger.store_layout": "the tables carry a layout version this implementation cannot read (TR-REPLAY-33)",
    "ledger.store_no_layout": "toolresult_meta holds no layout row (never read as layout 1)",
    "ledger.store_conflict": (
        "a table named like a ledger table has other columns, or only some of the ledger tables "
        "exist; nothing was changed"
    ),
    "ledger.store_foreign": (
        "the SQLite database has tables, none of them a ledger's: another program's database, "
        "refused before any write"
    ),
    "ledger.store_empty_file": (
        "the SQLite file has 0 bytes and create=True was not given: it may be a ledger that was "
        "truncated, whose calls would otherwise run again"
    ),
    "ledger.store_missing": "there is no ledger to open and create=False was given",
    "ledger.lease_lost": (
        "a finish or record_task came after its claim's lease ran out and the call was stored as "
        "interrupted (TR-REPLAY-24) or taken over by another claim (TR-REPLAY-43)"
    ),
})


class LedgerStoreError(Exception):
    """A durable store could not do what was asked. ``code`` is one of
    :data:`LEDGER_STORE_ERROR_CODES`; ``driver_code`` is the driver's own code when there is one
    (SQLite's ``SQLITE_BUSY``, a system error's ``ENOENT``), and the message names it in brackets. The
    message names the store and the cause in words, never a byte of an entry, a result or an audit
    record (TR-REPLAY-31)."""

    code: LedgerStoreErrorCode
    driver_code: str | None

    def __init__(self, code: LedgerStoreErrorCode, message: str, driver_code: str | None = None) -> None:
        if code not in LEDGER_STORE_ERROR_CODES:
            raise ValueError(f"not a ledger store error code: {code!r}")
        super().__init__(message)
        self.code = code
        self.driver_code = driver_code

    def __reduce__(self) -> tuple[type[LedgerStoreError], tuple[LedgerStoreErrorCode, str, str | None]]:
        # Pickled with its code (multiprocessing, concurrent.futures), not with the message alone.
        return (type(self), (self.code, str(self), self.driver_code))
