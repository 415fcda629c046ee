// The PostgreSQL tables of a durable ledger (spec/07-replay.md §7.7), layout 2: the SQLite layout with
// PostgreSQL's types, a row keyed by the call (scope, call ID, fingerprint). Lease times are the
// database's own clock, so workers' clocks never matter. Pruning finds stored rows by claimed_at
// (never updated, and never after finished_at): an index on finished_at or state, as SQLite's, would
// make every finish a non-HOT update with two index entries more.
export const POSTGRES_LAYOUT = `
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
`;

/**
 * The lock a migration takes first, in the opener's transaction (§7.7): no statement of another
 * session reads or writes the tables until the migration commits, and a second opener that waited
 * here reads layout '2' and changes nothing.
 */
export const POSTGRES_MIGRATION_LOCK = 'LOCK TABLE toolresult_meta, toolresult_ledger, toolresult_audit IN ACCESS EXCLUSIVE MODE';

/**
 * Layout 1 to layout 2 (§7.7), run after POSTGRES_MIGRATION_LOCK once the layout row, read again
 * under it, still says '1'. The new columns' default fills every existing row with scope '' and
 * fingerprint '' (a row of layout 1 answers exactly the claims of a call with no scope and no tool);
 * the primary key and the audit index take the whole key. Layout 1's primary key has PostgreSQL's
 * default name, toolresult_ledger_pkey, in every language's store (the same CREATE TABLE made it).
 */
export const POSTGRES_MIGRATION_1_TO_2 = `
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
`;

/** The channel a finished, interrupted or abandoned claim notifies, with md5(call_id) as payload. */
export const POSTGRES_CHANNEL = 'toolresult_ledger';

/**
 * The advisory lock a waiting duplicate holds, in shared mode, on a session of its own (its store's
 * listener connection), from before its re-read of the row until it stops waiting (§7.7): the two-key
 * form, (hashtext of this text, hashtext of the call ID), so it never meets a one-key lock such as the
 * layout's. Every store's waiter takes it; a finisher tells "somebody waits" by it. Calls that share
 * a call ID (other scopes, other fingerprints) share the lock: a finish then wakes a waiter of another
 * call, which reads its own row again and sleeps on (the cost is a notification nobody needed).
 */
export const POSTGRES_WAITER_LOCK = (callId: string): string => `hashtext('toolresult_ledger waiter'), hashtext(${callId})`;

/**
 * Whether a session may be waiting on this call ID: the exclusive form of the waiter lock is not
 * granted at once. Evaluated in the RETURNING of the statement that finishes, pins or abandons a
 * claim, after it has locked the row; once granted, the lock is held to that statement's commit. A
 * waiter that takes its lock later waits there for the commit, and its re-read sees the change: it does
 * not sleep. A lock-table lookup, where scanning pg_stat_activity for LISTEN sessions (the earlier
 * check) read every backend slot under the row lock. A hash collision only costs a notification.
 */
export const POSTGRES_LISTENING = `NOT pg_try_advisory_xact_lock(${POSTGRES_WAITER_LOCK('toolresult_ledger.call_id')})`;
