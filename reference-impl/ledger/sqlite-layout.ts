// The SQLite tables of a durable ledger (spec/07-replay.md §7.7), layout 2: a row is keyed by the
// call (scope, call ID, fingerprint). Every language's store creates exactly these tables, so any of
// them can open another's file. Times are ms since the Unix epoch.
export const SQLITE_LAYOUT = `
CREATE TABLE IF NOT EXISTS toolresult_meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
INSERT OR IGNORE INTO toolresult_meta (key, value) VALUES ('layout', '2');
CREATE TABLE IF NOT EXISTS toolresult_ledger (
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
CREATE INDEX IF NOT EXISTS toolresult_ledger_finished ON toolresult_ledger (finished_at) WHERE state = 'stored';
CREATE TABLE IF NOT EXISTS toolresult_audit (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  scope TEXT NOT NULL DEFAULT '',
  call_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL DEFAULT '',
  level TEXT NOT NULL,
  record BLOB NOT NULL,
  written_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit (scope, call_id, fingerprint, seq);
`;

/**
 * Layout 1 to layout 2 (§7.7), run inside `BEGIN IMMEDIATE` after the layout row, read again there,
 * still says '1' (so two processes that open the file at once migrate it once). SQLite cannot change
 * a primary key in place: both tables are rebuilt under their layout-2 definitions and every row is
 * copied with scope '' and fingerprint '' (an audit row keeps its seq), so a row of layout 1 answers
 * exactly the claims of a call with no scope and no tool, byte for byte as before.
 */
export const SQLITE_MIGRATION_1_TO_2 = `
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
`;
