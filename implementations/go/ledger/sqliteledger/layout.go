package sqliteledger

// layout is the SQLite tables of a durable ledger (spec/07-replay.md §7.7), layout 2: a call is keyed
// by its scope, call ID and fingerprint. The same statements as the TypeScript and Python stores run,
// so every language opens every other's file. Times are ms since the Unix epoch.
const layout = `
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
`
