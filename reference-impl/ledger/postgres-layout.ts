// The PostgreSQL tables of a durable ledger (spec/07-replay.md §7.7): the SQLite layout with
// PostgreSQL's types. Lease times are the database's own clock, so workers' clocks never matter.
export const POSTGRES_LAYOUT = `
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
CREATE INDEX IF NOT EXISTS toolresult_ledger_finished ON toolresult_ledger (finished_at) WHERE state = 'stored';
CREATE TABLE IF NOT EXISTS toolresult_audit (
  seq bigserial PRIMARY KEY,
  call_id text NOT NULL,
  level text NOT NULL,
  record bytea NOT NULL,
  written_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS toolresult_audit_call ON toolresult_audit (call_id, seq);
`;

/** The channel a finished, interrupted or abandoned claim notifies, with md5(call_id) as payload. */
export const POSTGRES_CHANNEL = 'toolresult_ledger';

/**
 * Whether a session of this database may be waiting for a notification: one whose last statement
 * is a LISTEN (a store's listener connection runs nothing after its LISTEN), or one whose statement
 * this role may not see (counted as listening: never fewer notifications than waiters); with
 * track_activities off no statement is seen, and every change notifies as before. Evaluated
 * in the RETURNING of the statement that finishes, pins or abandons a claim, after that statement
 * has locked the row: a waiter's LISTEN that this misses began later, so the waiter's re-read
 * (FOR SHARE, which waits for the row's lock) sees the committed change and does not sleep.
 */
export const POSTGRES_LISTENING = `(NOT current_setting('track_activities')::boolean OR EXISTS (SELECT 1 FROM pg_stat_activity a
    WHERE a.datname = current_database() AND toolresult_ledger.call_id IS NOT NULL
      AND (a.query ILIKE 'listen%' OR a.query = '<insufficient privilege>')))`;
