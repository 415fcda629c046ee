// The SQLite replay ledger (spec/07-replay.md §7.5–7.7): one file in WAL mode, safe for many
// processes on one machine. Imported from its own subpath, so only a runtime that uses it loads the
// native driver (better-sqlite3, an optional peer dependency).
//
//   import { openSqliteLedger } from 'toolresult-protocol/ledger/sqlite';
//   const ledger = openSqliteLedger('/var/lib/agent/ledger.db');
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import type { AuditRecord } from '../privacy/audit-record.ts';
import { callAt, type CallAt } from './call-key.ts';
import type { Claim } from './claim.ts';
import { INTERRUPTED_ENTRY } from './interrupted.ts';
import { SQLITE_LAYOUT } from './sqlite-layout.ts';
import { taskEntry, taskOfEntry } from './task-entry.ts';
import { checkFileBeforeOpen, inspectDatabase, migrateLayout1, type CreateChoice } from './sqlite-open.ts';
import { LedgerStoreError } from './store-error.ts';
import {
  CLAIM_TRIES,
  auditText,
  backoff,
  checkCallId,
  checkLeaseMs,
  entryBytes,
  entryText,
  recordText,
  leaseRanOut,
  renewEvery,
  type LedgerStore,
  type LedgerStoreOptions,
  type StoredEntry,
} from './store.ts';

export interface SqliteLedgerOptions extends LedgerStoreOptions {
  /**
   * How long a write waits for another process's lock before it fails, in ms (default 30,000: with
   * synchronous=FULL, eight busy writers can queue a claim for seconds on a loaded machine).
   */
  readonly busyTimeoutMs?: number;
  /**
   * Whether opening may make a new ledger. Default: a missing file is created, an empty (0-byte)
   * file is refused (`ledger.store_empty_file`: a ledger that held entries may have been truncated).
   * `true`: a missing or empty file, or an empty database, becomes a ledger. `false`: only an
   * existing ledger opens (`ledger.store_missing`). A database that is not a ledger is never changed.
   */
  readonly create?: CreateChoice;
}

export { LedgerStoreError, LEDGER_STORE_ERROR_CODES } from './store-error.ts';
export type { LedgerStoreErrorCode } from './store-error.ts';

type Row = { state: 'claimed' | 'stored'; token: string | null; lease_until: unknown; entry: unknown };
/** A call's row key, in the order the statements bind it: scope, call ID, fingerprint. */
type Key = readonly [scope: string, callId: string, fingerprint: string];

/** The call ID checked, and the key of its call. */
function keyOf(callId: string, at: CallAt | undefined): Key {
  checkCallId(callId);
  const { scope, fingerprint } = callAt(at);
  return [scope, callId, fingerprint];
}
type Step = { kind: 'claimed'; token: string; taskId?: string } | { kind: 'stored'; entry: StoredEntry } | { kind: 'pending' };

const CAUSES: Record<string, string> = {
  SQLITE_BUSY: 'the database is locked by another connection',
  SQLITE_LOCKED: 'the database is locked by another connection',
  SQLITE_FULL: 'the disk holding the database is full',
  SQLITE_READONLY: 'the database is read-only',
  SQLITE_CANTOPEN: 'the database file cannot be opened',
  SQLITE_CORRUPT: 'the database file is corrupt',
  SQLITE_NOTADB: 'the file is not a SQLite database',
  SQLITE_IOERR: 'an I/O error occurred',
  SQLITE_PERM: 'access to the database file is denied',
};

function storeError(path: string, doing: string, e: unknown): LedgerStoreError {
  if (e instanceof LedgerStoreError) return e;
  const code = typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : undefined;
  const base = code?.replace(/^(SQLITE_[A-Z]+).*$/, '$1');
  // Without a code, the driver's own words (about the file, never a bound value), cut short.
  const said = e instanceof Error ? e.message.slice(0, 160) : '';
  const cause = (base && CAUSES[base]) ?? (code ? `SQLite reported ${code}` : `the SQLite driver failed: ${said}`);
  return new LedgerStoreError('ledger.store_failed', `SQLite ledger ${path}: cannot ${doing}: ${cause}${code ? ` (${code})` : ''}`, code);
}

/** Opens (creating if needed) the SQLite ledger at `path`. */
export function openSqliteLedger(path: string, options: SqliteLedgerOptions = {}): SqliteLedger {
  return new SqliteLedger(path, options);
}

export class SqliteLedger implements LedgerStore {
  readonly path: string;
  readonly leaseMs: number;
  readonly #db: Database.Database;
  readonly #renewals = new Set<() => Promise<void>>();
  readonly #claimStep: (key: Key) => Step;
  readonly #stmts;

  constructor(path: string, options: SqliteLedgerOptions = {}) {
    this.path = path;
    this.leaseMs = checkLeaseMs(options.leaseMs);
    const busy = options.busyTimeoutMs ?? 30_000;
    if (!Number.isInteger(busy) || busy < 0) throw new RangeError('busyTimeoutMs must be a non-negative integer');
    let db: Database.Database | undefined;
    try {
      checkFileBeforeOpen(path, options.create, (p) => new Database(p));
      db = new Database(path, { timeout: busy });
      db.pragma(`busy_timeout = ${busy}`);
      // Read before any write: the WAL switch and the tables go only to a ledger or an empty database.
      const found = inspectDatabase(db, path, options.create);
      db.pragma('journal_mode = WAL');
      // FULL: a claim is on disk before the tool runs, and a finished entry survives a power loss.
      db.pragma('synchronous = FULL');
      if (found.kind === 'empty') {
        const opened = db;
        // IF NOT EXISTS: another process may have made the tables since the read above.
        opened.transaction(() => opened.exec(SQLITE_LAYOUT)).immediate();
        inspectDatabase(db, path, true);
      } else if (found.kind === 'layout1') {
        // A ledger of layout 1 becomes layout 2 in one transaction (§7.7); `create: false` allows it.
        migrateLayout1(db);
        if (inspectDatabase(db, path, false).kind !== 'ledger')
          throw new LedgerStoreError('ledger.store_layout', `SQLite ledger ${path}: the migration to layout 2 did not complete`);
      }
    } catch (e) {
      if (db?.open) db.close();
      throw storeError(path, 'open the ledger', e);
    }
    this.#db = db;
    this.#stmts = {
      // Every statement names the whole key: a row is one call's, never another call's of the same ID.
      get: db.prepare('SELECT state, token, lease_until, entry FROM toolresult_ledger WHERE scope = ? AND call_id = ? AND fingerprint = ?'),
      insert: db.prepare(
        "INSERT INTO toolresult_ledger (scope, call_id, fingerprint, state, token, lease_until, claimed_at) VALUES (?, ?, ?, 'claimed', ?, ?, ?) " +
          'ON CONFLICT (scope, call_id, fingerprint) DO NOTHING',
      ),
      // A lease that is not a number has run out like a past one (leaseRanOut): NULL, text, a blob.
      // A task recorded since the row was read is taken over, not pinned over: the entry must still
      // be the blob read, or no blob at all (a task is always a blob).
      pin: db.prepare(
        "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = ?, interrupted = 1, finished_at = ? " +
          "WHERE scope = ? AND call_id = ? AND fingerprint = ? AND state = 'claimed' AND (typeof(lease_until) NOT IN ('integer', 'real') OR lease_until <= ?) " +
          "AND (typeof(entry) <> 'blob' OR entry = ?)",
      ),
      // A takeover (TR-REPLAY-43): the new claimant's token and lease, the task kept, only while
      // the lease is still over and the row still holds the task read.
      takeover: db.prepare(
        'UPDATE toolresult_ledger SET token = ?, lease_until = ? ' +
          "WHERE scope = ? AND call_id = ? AND fingerprint = ? AND state = 'claimed' AND (typeof(lease_until) NOT IN ('integer', 'real') OR lease_until <= ?) " +
          'AND entry = ?',
      ),
      recordTask: db.prepare("UPDATE toolresult_ledger SET entry = ? WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'"),
      finish: db.prepare(
        "UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = ?, finished_at = ? " +
          "WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'",
      ),
      renew: db.prepare("UPDATE toolresult_ledger SET lease_until = ? WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'"),
      abandon: db.prepare("DELETE FROM toolresult_ledger WHERE scope = ? AND call_id = ? AND fingerprint = ? AND token = ? AND state = 'claimed'"),
      audit: db.prepare('INSERT INTO toolresult_audit (scope, call_id, fingerprint, level, record, written_at) VALUES (?, ?, ?, ?, ?, ?)'),
      audits: db.prepare('SELECT record FROM toolresult_audit WHERE scope = ? AND call_id = ? AND fingerprint = ? ORDER BY seq'),
      prune: db.prepare("DELETE FROM toolresult_ledger WHERE state = 'stored' AND finished_at < ?"),
    };
    const s = this.#stmts;
    const interrupted = entryBytes(INTERRUPTED_ENTRY);
    // Each step is one statement, its own short write transaction: the write lock is held for one
    // statement only, which keeps many processes from starving each other.
    this.#claimStep = (key: Key): Step => {
      // A row that changes under the claim (abandoned, pinned by another caller) is read again, a
      // few times; then the caller sleeps as for a live claim, whatever state the row is in.
      for (let tries = 0; tries < CLAIM_TRIES; tries++) {
        const token = randomUUID();
        const now = Date.now();
        if (s.insert.run(...key, token, now + this.leaseMs, now).changes === 1) return { kind: 'claimed', token };
        const row = s.get.get(...key) as Row | undefined;
        if (row === undefined) continue; // abandoned in between: claim again
        // A stored row without octets reads as a text restore refuses (ledger.malformed): the call
        // is not run again, and the operator sees why.
        if (row.state === 'stored') return { kind: 'stored', entry: entryText(row.entry as Buffer | null) };
        if (!leaseRanOut(row.lease_until, Date.now())) return { kind: 'pending' };
        const t = Date.now();
        // The claimant stopped renewing after it recorded a task: this claim follows the task.
        const taskId = taskOfEntry(row.entry);
        if (taskId !== undefined) {
          if (s.takeover.run(token, t + this.leaseMs, ...key, t, row.entry).changes === 1) return { kind: 'claimed', token, taskId };
          continue;
        }
        // The claimant stopped renewing: the call is interrupted, never run again (TR-REPLAY-23).
        if (s.pin.run(interrupted, t, ...key, t, row.entry instanceof Uint8Array ? row.entry : null).changes === 1)
          return { kind: 'stored', entry: INTERRUPTED_ENTRY };
      }
      return { kind: 'pending' };
    };
  }

  async claim(callId: string, at?: CallAt): Promise<Claim> {
    const key = keyOf(callId, at);
    let step: Step;
    try {
      step = this.#claimStep(key);
    } catch (e) {
      throw storeError(this.path, 'claim a call ID', e);
    }
    if (step.kind === 'stored') return { status: 'stored', entry: step.entry };
    if (step.kind === 'pending') return { status: 'pending', settled: this.#settled(key) };
    return this.#claimed(key, step.token, step.taskId);
  }

  #claimed(key: Key, token: string, taskId: string | undefined): Claim {
    const s = this.#stmts;
    const stop = renewEvery(this.leaseMs, () => s.renew.run(Date.now() + this.leaseMs, ...key, token).changes === 1);
    this.#renewals.add(stop);
    let done = false;
    // SQLite renews synchronously: nothing is in flight when a finish runs.
    const settle = (): void => {
      done = true;
      void stop();
      this.#renewals.delete(stop);
    };
    return {
      status: 'claimed',
      ...(taskId === undefined ? {} : { task: { taskId } }),
      finish: async (entry: string) => {
        if (done) throw new Error('claim already settled');
        settle();
        let changed: number;
        try {
          changed = s.finish.run(entryBytes(entry), Date.now(), ...key, token).changes;
        } catch (e) {
          throw storeError(this.path, 'store a finished entry', e);
        }
        if (changed !== 1)
          throw new LedgerStoreError(
            'ledger.lease_lost',
            `SQLite ledger ${this.path}: the claim's lease expired and the call was recorded as interrupted before its result was stored`,
          );
      },
      abandon: async () => {
        if (done) return;
        settle();
        try {
          s.abandon.run(...key, token);
        } catch (e) {
          throw storeError(this.path, 'abandon a claim', e);
        }
      },
      recordTask: async (taskId: string) => {
        const text = taskEntry(taskId);
        if (done) throw new Error('claim already settled');
        let changed: number;
        try {
          // synchronous=FULL: on disk before the statement returns.
          changed = s.recordTask.run(entryBytes(text), ...key, token).changes;
        } catch (e) {
          throw storeError(this.path, 'record a task', e);
        }
        if (changed !== 1)
          throw new LedgerStoreError(
            'ledger.lease_lost',
            `SQLite ledger ${this.path}: the claim's lease expired and another claim settled or took over the call before its task was recorded`,
          );
      },
    };
  }

  // A waiting duplicate re-reads the row with a growing pause (no busy loop) until it is stored, gone
  // (abandoned) or its lease ran out; then the seam claims again (TR-REPLAY-26).
  async #settled(key: Key): Promise<void> {
    const pause = backoff(50);
    for (;;) {
      await pause();
      if (!this.#db.open) return;
      let row: Row | undefined;
      try {
        row = this.#stmts.get.get(...key) as Row | undefined;
      } catch {
        return; // the next claim reports the store's error
      }
      if (row === undefined || row.state === 'stored' || leaseRanOut(row.lease_until, Date.now())) return;
    }
  }

  async entry(callId: string, at?: CallAt): Promise<StoredEntry | undefined> {
    const key = keyOf(callId, at);
    try {
      const row = this.#stmts.get.get(...key) as Row | undefined;
      if (row?.state !== 'stored') return undefined;
      return entryText(row.entry as Buffer | null);
    } catch (e) {
      throw storeError(this.path, 'read an entry', e);
    }
  }

  async appendAudit(callId: string, record: AuditRecord, at?: CallAt): Promise<void> {
    const key = keyOf(callId, at);
    const text = auditText(record);
    try {
      this.#stmts.audit.run(...key, record.level, Buffer.from(text, 'utf8'), Date.now());
    } catch (e) {
      throw storeError(this.path, 'append an audit record', e);
    }
  }

  async auditRecords(callId: string, at?: CallAt): Promise<string[]> {
    const key = keyOf(callId, at);
    try {
      return (this.#stmts.audits.all(...key) as { record: Buffer }[]).map((r) => recordText(r.record));
    } catch (e) {
      throw storeError(this.path, 'read audit records', e);
    }
  }

  async prune(olderThanMs: number): Promise<number> {
    if (!Number.isFinite(olderThanMs) || olderThanMs < 0) throw new RangeError('olderThanMs must be a non-negative number');
    try {
      return this.#stmts.prune.run(Date.now() - olderThanMs).changes;
    } catch (e) {
      throw storeError(this.path, 'prune entries', e);
    }
  }

  async close(): Promise<void> {
    for (const stop of this.#renewals) void stop();
    this.#renewals.clear();
    if (this.#db.open) this.#db.close();
  }
}
