package pgledger

// layout is the PostgreSQL tables of a durable ledger (spec/07-replay.md §7.7), layout 2: the
// SQLite layout with PostgreSQL's types, a call keyed by its scope, call ID and fingerprint; the same
// statements as the TypeScript store runs. Lease times are the database's own clock, so workers'
// clocks never matter.
const layout = `
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
`

// channel is the channel a finished, interrupted or abandoned claim notifies, with md5(call_id) as
// payload: a wake-up only, the state is always read from the table (TR-REPLAY-26). Calls that share
// a call ID in other scopes or with other fingerprints share the payload: each waiter woken reads
// its own row again, by the full key.
const channel = "toolresult_ledger"
