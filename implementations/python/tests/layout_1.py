"""A ledger of layout 1, as the release before scopes wrote it (spec/07-replay.md §7.7): its table
statements and the statements its stores ran to claim, finish and audit a call, copied word for
word from that release's toolresult/ledger_store.py and postgres_ledger.py. The migration tests
write a ledger with these and open it with today's stores."""

from __future__ import annotations

from typing import Any, Callable

SQLITE_LAYOUT_1 = [
    "CREATE TABLE IF NOT EXISTS toolresult_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "INSERT OR IGNORE INTO toolresult_meta (key, value) VALUES ('layout', '1')",
    """CREATE TABLE IF NOT EXISTS toolresult_ledger (
  call_id TEXT PRIMARY KEY,
  state TEXT NOT NULL CHECK (state IN ('claimed', 'stored')),
  token TEXT,
  lease_until INTEGER,
  entry BLOB,
  interrupted INTEGER NOT NULL DEFAULT 0,
  claimed_at INTEGER NOT NULL,
  finished_at INTEGER
)""",
    "CREATE INDEX IF NOT EXISTS toolresult_ledger_finished ON toolresult_ledger (finished_at) WHERE state = 'stored'",
    """CREATE TABLE IF NOT EXISTS toolresult_audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  call_id TEXT NOT NULL,
  level TEXT NOT NULL,
  record BLOB NOT NULL,
  written_at INTEGER NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit (call_id, seq)",
]

SQLITE_CLAIM_1 = (
    "INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) VALUES (?, 'claimed', ?, ?, ?) ON CONFLICT (call_id) DO NOTHING"
)
SQLITE_FINISH_1 = (
    "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = ?, finished_at = ? "
    "WHERE call_id = ? AND token = ? AND state = 'claimed'"
)
SQLITE_AUDIT_1 = "INSERT INTO toolresult_audit (call_id, level, record, written_at) VALUES (?, ?, ?, ?)"

POSTGRES_LAYOUT_1 = """
CREATE TABLE IF NOT EXISTS toolresult_meta (
  key text PRIMARY KEY,
  value text NOT NULL
);
INSERT INTO toolresult_meta (key, value) VALUES ('layout', '1') ON CONFLICT (key) DO NOTHING;
CREATE TABLE IF NOT EXISTS toolresult_ledger (
  call_id text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('claimed', 'stored')),
  token uuid,
  lease_until timestamptz,
  entry bytea,
  interrupted boolean NOT NULL DEFAULT false,
  claimed_at timestamptz NOT NULL,
  finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS toolresult_ledger_claimed ON toolresult_ledger (claimed_at);
CREATE TABLE IF NOT EXISTS toolresult_audit (
  seq bigserial PRIMARY KEY,
  call_id text NOT NULL,
  level text NOT NULL,
  record bytea NOT NULL,
  written_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit (call_id, seq);
"""

POSTGRES_CLAIM_1 = (
    "INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at)"
    " VALUES (%s, 'claimed', %s::uuid, now() + %s::bigint * interval '1 millisecond', now()) ON CONFLICT (call_id) DO NOTHING"
)
POSTGRES_FINISH_1 = (
    "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = %s, finished_at = now()"
    " WHERE call_id = %s AND token = %s::uuid AND state = 'claimed'"
)
POSTGRES_AUDIT_1 = "INSERT INTO toolresult_audit (call_id, level, record, written_at) VALUES (%s, %s, %s, now())"


def write_sqlite_layout_1(execute: Callable[..., Any], entries: dict[str, str], audits: dict[str, list[tuple[str, str]]]) -> None:
    """Makes the layout-1 tables and stores ``entries`` (call ID → entry text) and ``audits`` (call
    ID → [(level, record text)]) by the old statements; ``execute(sql, params=())`` runs one."""
    for statement in SQLITE_LAYOUT_1:
        execute(statement)
    for n, (call_id, entry) in enumerate(entries.items()):
        token = f"00000000-0000-4000-8000-{n:012d}"
        execute(SQLITE_CLAIM_1, (call_id, token, 10_000 + n, 1_000 + n))
        execute(SQLITE_FINISH_1, (entry.encode("utf-8"), 2_000 + n, call_id, token))
    for call_id, records in audits.items():
        for level, record in records:
            execute(SQLITE_AUDIT_1, (call_id, level, record.encode("utf-8"), 3_000))
