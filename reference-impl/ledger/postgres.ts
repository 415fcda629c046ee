// The PostgreSQL replay ledger (spec/07-replay.md §7.5–7.7), for many workers on many machines.
// Claims are a unique key; leases run on the database's clock; a waiting duplicate sleeps on
// LISTEN/NOTIFY (a wake-up only: the state is always read from the table) with a timer at the lease's
// end, never a busy loop. Imported from its own subpath, so only a runtime that uses it loads `pg`.
//
//   import { openPostgresLedger } from 'toolresult-protocol/ledger/postgres';
//   const ledger = await openPostgresLedger({ connection: process.env.DATABASE_URL });
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AuditRecord } from '../privacy/audit-record.ts';
import { callAt, type CallAt } from './call-key.ts';
import type { Claim } from './claim.ts';
import { INTERRUPTED_ENTRY } from './interrupted.ts';
import {
  POSTGRES_CHANNEL,
  POSTGRES_LAYOUT,
  POSTGRES_LISTENING,
  POSTGRES_MIGRATION_1_TO_2,
  POSTGRES_MIGRATION_LOCK,
  POSTGRES_WAITER_LOCK,
} from './postgres-layout.ts';
import { LedgerStoreError } from './store-error.ts';
import { taskEntry, taskOfEntry } from './task-entry.ts';
import {
  CLAIM_TRIES,
  LAYOUT_VERSION,
  LEDGER_COLUMNS,
  LEDGER_COLUMNS_BY_LAYOUT,
  auditText,
  checkCallId,
  checkLeaseMs,
  entryBytes,
  entryText,
  recordText,
  renewEvery,
  sameColumns,
  type LedgerStore,
  type LedgerStoreOptions,
  type StoredEntry,
} from './store.ts';

export interface PostgresLedgerOptions extends LedgerStoreOptions {
  /** A connection string or pg pool settings; the ledger owns the pool it makes and ends it on close. */
  readonly connection?: string | pg.PoolConfig;
  /**
   * A pool the caller owns (not ended on close). Each of its connections gets `lock_timeout` set to
   * `lockTimeoutMs` the first time the ledger uses it.
   */
  readonly pool?: pg.Pool;
  /** How long a statement waits for a row or table lock before it fails, in ms (default 5,000). */
  readonly lockTimeoutMs?: number;
  /**
   * Whether opening may create the ledger's tables (default true: the ledger lives beside a
   * database's other tables). `false`: only existing ledger tables open (`ledger.store_missing`).
   * Tables of the ledger's names that are not its layout are never changed.
   */
  readonly create?: boolean;
}

export { LedgerStoreError, LEDGER_STORE_ERROR_CODES } from './store-error.ts';
export type { LedgerStoreErrorCode } from './store-error.ts';

const CAUSES: Record<string, string> = {
  '55P03': 'a lock was not granted in time (the table or row is locked by another session)',
  '57014': 'the statement was cancelled (statement timeout or cancel request)',
  '53100': 'the disk holding the database is full',
  '53200': 'the server is out of memory',
  '53300': 'the server has too many connections',
  '57P01': 'the server terminated the connection',
  '57P02': 'the server terminated the connection',
  '57P03': 'the server is not accepting connections yet',
  '25006': 'the database is read-only',
  '42501': 'the database user lacks a privilege the ledger needs',
  '3D000': 'the database does not exist',
  '28P01': 'the password was refused',
  '28000': 'the connection was not authorized',
  ECONNREFUSED: 'the server refused the connection (is it running?)',
  ENOENT: 'the server socket does not exist (is it running?)',
  ECONNRESET: 'the connection was reset',
  ETIMEDOUT: 'the connection timed out',
  EPIPE: 'the connection to the server was lost (it closed while the ledger was writing)',
  ECONNABORTED: 'the connection was aborted',
  EHOSTUNREACH: 'the server host cannot be reached',
  ENETUNREACH: 'the network of the server cannot be reached',
  EAI_AGAIN: 'the server host name cannot be resolved right now',
  ENOTFOUND: 'the server host name does not exist',
};

/** A SQLSTATE is five digits or capital letters; anything else with a code is Node's own (EPIPE, …). */
const isSqlState = (code: string): boolean => /^[0-9A-Z]{5}$/.test(code) && !/^E[A-Z]+$/.test(code);

function storeError(where: string, doing: string, e: unknown): LedgerStoreError {
  if (e instanceof LedgerStoreError) return e;
  const code = typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : undefined;
  const msg = e instanceof Error ? e.message : '';
  const cause =
    (code && CAUSES[code]) ??
    (code !== undefined && isSqlState(code) && code.startsWith('08') ? 'the connection to the server failed' : undefined) ??
    (code !== undefined && !isSqlState(code) ? `the connection to the server failed (system error ${code})` : undefined) ??
    (/terminated|Connection terminated|not queryable/i.test(msg) ? 'the connection to the server was lost' : undefined) ??
    // An unknown server error: its own words (the server never echoes a bytea parameter), cut short.
    (code ? `PostgreSQL reported an error: ${msg.slice(0, 160)}` : `the PostgreSQL driver failed: ${msg.slice(0, 160)}`);
  // The driver's own code, named for what it is: a server's SQLSTATE, or Node's system error code.
  const named = code === undefined ? '' : isSqlState(code) ? ` (SQLSTATE ${code})` : ` (${code})`;
  return new LedgerStoreError('ledger.store_failed', `PostgreSQL ledger ${where}: cannot ${doing}: ${cause}${named}`, code);
}

/** A notification's payload: md5 of the call ID, so waiters of every call that shares the ID wake. */
const key = (callId: string): string => createHash('md5').update(callId, 'utf8').digest('hex');

/** A call's row key, bound as $1 scope, $2 call ID, $3 fingerprint in every statement below. */
type Key = readonly [scope: string, callId: string, fingerprint: string];
const WHERE_KEY = 'scope = $1 AND call_id = $2 AND fingerprint = $3';

/** The call ID checked, and the key of its call. */
function keyOf(callId: string, at: CallAt | undefined): Key {
  checkCallId(callId);
  const { scope, fingerprint } = callAt(at);
  return [scope, callId, fingerprint];
}

/** Opens the PostgreSQL ledger, creating its tables if they are missing. */
export async function openPostgresLedger(options: PostgresLedgerOptions): Promise<PostgresLedger> {
  const ledger = new PostgresLedger(options);
  await ledger.ready();
  return ledger;
}

type Step = { kind: 'claimed'; token: string; taskId?: string } | { kind: 'stored'; entry: StoredEntry } | { kind: 'pending'; remainingMs: number };

export class PostgresLedger implements LedgerStore {
  readonly leaseMs: number;
  readonly #pool: pg.Pool;
  readonly #ownsPool: boolean;
  readonly #where: string;
  readonly #lockTimeoutMs: number;
  readonly #create: boolean;
  readonly #renewals = new Set<() => Promise<void>>();
  readonly #waiters = new Map<string, Set<() => void>>();
  /** Notifications sent and not yet answered (close() waits for them). */
  readonly #notifying = new Set<Promise<void>>();
  /** Connections of a caller's pool whose lock_timeout this store has set. */
  readonly #timed = new WeakSet<pg.PoolClient>();
  #listener: Promise<pg.Client> | undefined;
  #closed = false;

  constructor(options: PostgresLedgerOptions) {
    this.leaseMs = checkLeaseMs(options.leaseMs);
    const lock = options.lockTimeoutMs ?? 5_000;
    if (!Number.isInteger(lock) || lock < 1) throw new RangeError('lockTimeoutMs must be a positive integer');
    this.#lockTimeoutMs = lock;
    this.#create = options.create ?? true;
    if (options.pool) {
      this.#pool = options.pool;
      this.#ownsPool = false;
    } else {
      if (options.connection === undefined) throw new TypeError('openPostgresLedger needs a connection (string or pg settings) or a pool');
      const config: pg.PoolConfig = typeof options.connection === 'string' ? { connectionString: options.connection } : options.connection;
      // lock_timeout as a startup parameter: set on every connection before its first statement.
      this.#pool = new pg.Pool({ max: 4, ...config, lock_timeout: lock });
      this.#ownsPool = true;
    }
    // Connection details can hold a password: name the database by host and name only.
    const o = this.#pool.options as { host?: string; database?: string; connectionString?: string };
    let { host, database } = o;
    if (o.connectionString !== undefined) {
      try {
        const u = new URL(o.connectionString);
        host ??= decodeURIComponent(u.hostname) || undefined;
        database ??= decodeURIComponent(u.pathname.slice(1)) || undefined;
      } catch {
        // not a URL (key=value form): keep the defaults below
      }
    }
    this.#where = `${database ?? '(default database)'}@${host ?? '(default host)'}`;
    // An idle client that loses its server must not crash the process; the next query reports it.
    this.#pool.on('error', () => {});
  }

  /** Creates the tables (once, under a transaction-level advisory lock) and checks their layout. */
  async ready(): Promise<void> {
    const client = await this.#connect('open the ledger');
    try {
      await client.query('BEGIN');
      // Read before any write (TR-REPLAY-37): tables of the ledger's names in the search path. An
      // existing ledger opens without a lock; only a creation is serialized, and its wait is not the
      // short lock_timeout of the ledger's statements (eight workers starting at once queue there).
      const tablesNow = async (): Promise<Map<string, string[]>> => {
        const cols = await client.query(
          `SELECT c.relname AS t, a.attname AS col FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid
            WHERE c.oid IN (to_regclass('toolresult_meta'), to_regclass('toolresult_ledger'), to_regclass('toolresult_audit'))
              AND a.attnum > 0 AND NOT a.attisdropped`,
        );
        const found = new Map<string, string[]>();
        for (const row of cols.rows as { t: string; col: string }[]) found.set(row.t, [...(found.get(row.t) ?? []), row.col]);
        return found;
      };
      let found = await tablesNow();
      if (found.size === 0) {
        if (!this.#create)
          throw new LedgerStoreError(
            'ledger.store_missing',
            `PostgreSQL ledger ${this.#where}: cannot open the ledger: its tables do not exist, and create is false`,
          );
        await client.query("SET LOCAL lock_timeout = '120s'");
        await client.query("SELECT pg_advisory_xact_lock(hashtext('toolresult_ledger layout'))");
        found = await tablesNow(); // another opener may have made them while this one waited
      }
      if (found.size === 0) {
        await client.query(POSTGRES_LAYOUT);
        found = await tablesNow();
      }
      let layout = await this.#checkLayout(client, found, tablesNow);
      await client.query('COMMIT');
      if (layout === '1') {
        // Layout 1 becomes layout 2 in a transaction of its own (§7.7), `create: false` or not. Its
        // first statement locks the tables: one that read them first would hold a lock that a
        // second opener's LOCK waits for while it waits for the second's (a deadlock). The layout
        // row is read again under the lock (another opener may have migrated meanwhile), and only
        // a ledger still of layout 1 is altered.
        await client.query('BEGIN');
        await client.query("SET LOCAL lock_timeout = '120s'");
        await client.query(POSTGRES_MIGRATION_LOCK);
        if ((await this.#layoutRow(client)) === '1') await client.query(POSTGRES_MIGRATION_1_TO_2);
        layout = await this.#checkLayout(client, await tablesNow(), tablesNow);
        await client.query('COMMIT');
      }
      if (layout !== String(LAYOUT_VERSION)) {
        throw new LedgerStoreError('ledger.store_layout', `PostgreSQL ledger ${this.#where}: the migration to layout ${LAYOUT_VERSION} did not complete`);
      }
    } catch (e) {
      await client.query('ROLLBACK').catch(() => {});
      throw storeError(this.#where, 'open the ledger', e);
    } finally {
      client.release();
    }
  }

  async #layoutRow(client: pg.PoolClient): Promise<unknown> {
    const r = await client.query("SELECT value FROM toolresult_meta WHERE key = 'layout'");
    return r.rows.length === 0 ? undefined : (r.rows[0] as { value: unknown }).value;
  }

  /**
   * Checks the tables against the layout their layout row names (§7.7): every table there, the
   * columns of that layout as a set. Returns the layout ('1' or the current one); throws the
   * refusal (conflict, no layout row, unknown layout) otherwise. The columns are read again after
   * the layout row: that read holds a lock on toolresult_meta to the commit, so another opener's
   * migration either committed before it (both reads see layout 2) or waits for this transaction.
   */
  async #checkLayout(client: pg.PoolClient, found: Map<string, string[]>, tablesNow: () => Promise<Map<string, string[]>>): Promise<string> {
    const conflict = (table: string): LedgerStoreError =>
      new LedgerStoreError(
        'ledger.store_conflict',
        `PostgreSQL ledger ${this.#where}: cannot open the ledger: ${found.has(table) ? `its table ${table} has other columns than a ledger's` : `it has ${[...found.keys()].join(', ')} but no ${table}`}; nothing was changed`,
      );
    for (const table of Object.keys(LEDGER_COLUMNS)) if (!found.has(table)) throw conflict(table);
    if (!sameColumns(found.get('toolresult_meta'), LEDGER_COLUMNS.toolresult_meta!)) throw conflict('toolresult_meta');
    const value = await this.#layoutRow(client);
    found = await tablesNow();
    const layout = typeof value === 'string' && Object.hasOwn(LEDGER_COLUMNS_BY_LAYOUT, value) ? value : undefined;
    if (value !== undefined && layout === undefined) {
      throw new LedgerStoreError(
        'ledger.store_layout',
        `PostgreSQL ledger ${this.#where}: its tables have layout ${String(value).slice(0, 20)}, this implementation knows layouts 1 (migrated when opened) and ${LAYOUT_VERSION}`,
      );
    }
    if (layout !== undefined) {
      for (const [table, columns] of Object.entries(LEDGER_COLUMNS_BY_LAYOUT[layout]!)) if (!sameColumns(found.get(table), columns)) throw conflict(table);
    } else if (!Object.values(LEDGER_COLUMNS_BY_LAYOUT).some((set) => Object.entries(set).every(([t, c]) => sameColumns(found.get(t), c)))) {
      // Without a layout row: tables of a layout this store knows lack only the row; others are a conflict.
      throw conflict(Object.keys(LEDGER_COLUMNS).find((t) => !sameColumns(found.get(t), LEDGER_COLUMNS[t]!))!);
    }
    if (layout === undefined) {
      throw new LedgerStoreError(
        'ledger.store_no_layout',
        `PostgreSQL ledger ${this.#where}: cannot open the ledger: toolresult_meta has no layout row; nothing was changed`,
      );
    }
    return layout;
  }

  async #connect(doing: string): Promise<pg.PoolClient> {
    try {
      return await this.#pool.connect();
    } catch (e) {
      throw storeError(this.#where, doing, e);
    }
  }

  /**
   * One statement on a pooled connection. A pool the caller gave has its connections' lock_timeout
   * set once each, by a statement of its own before their first ledger statement (a query sent from
   * the pool's "connect" event ran beside the first one, which pg deprecates and prints a warning for).
   */
  // A named statement (the claim's insert, the finish) is parsed and planned once per connection.
  async #poolQuery(text: string, values: unknown[], name?: string): Promise<pg.QueryResult> {
    if (this.#ownsPool) return name === undefined ? this.#pool.query(text, values) : this.#pool.query({ name, text, values });
    const client = await this.#pool.connect();
    try {
      if (!this.#timed.has(client)) {
        await client.query(`SET lock_timeout = ${this.#lockTimeoutMs}`);
        this.#timed.add(client);
      }
      return await (name === undefined ? client.query(text, values) : client.query({ name, text, values }));
    } finally {
      client.release();
    }
  }

  async #query(doing: string, text: string, values: unknown[], name?: string): Promise<pg.QueryResult> {
    try {
      return await this.#poolQuery(text, values, name);
    } catch (e) {
      throw storeError(this.#where, doing, e);
    }
  }

  async #step(k: Key): Promise<Step> {
    // A row that changes under the claim is read again a few times; then the caller sleeps as for a
    // live claim (a notification or a short timer wakes it), whatever state the row is in.
    for (let tries = 0; tries < CLAIM_TRIES; tries++) {
      const token = randomUUID();
      // A new call ID, the common case, is one plain insert; only a call ID that has a row reads it.
      const ins = await this.#query(
        'claim a call ID',
        `INSERT INTO toolresult_ledger (scope, call_id, fingerprint, state, token, lease_until, claimed_at)
           VALUES ($1, $2, $3, 'claimed', $4, now() + $5 * interval '1 millisecond', now())
           ON CONFLICT (scope, call_id, fingerprint) DO NOTHING`,
        [...k, token, this.leaseMs],
        'toolresult_ledger_claim',
      );
      if (ins.rowCount === 1) return { kind: 'claimed', token };
      const r = await this.#query(
        'claim a call ID',
        `SELECT state, entry,
                CASE WHEN NOT isfinite(lease_until) THEN CASE WHEN lease_until > now() THEN 'Infinity'::float8 ELSE '-Infinity'::float8 END
                     ELSE (EXTRACT(EPOCH FROM (lease_until - now())) * 1000)::float8 END AS remaining
           FROM toolresult_ledger WHERE ${WHERE_KEY}`,
        [...k],
      );
      const row = r.rows[0] as { state: string; entry: Buffer | null; remaining: number | null } | undefined;
      if (row === undefined) continue; // abandoned in between: claim again
      if (row.state === 'stored') return { kind: 'stored', entry: entryText(row.entry) };
      // NULL (an operator's "release") has run out like a past lease; 'infinity' is a live claim.
      if (row.remaining !== null && row.remaining > 0) return { kind: 'pending', remainingMs: row.remaining };
      // The claimant stopped renewing after it recorded a task: this claim follows the task
      // (TR-REPLAY-43), while the lease is still over and the row still holds the task read.
      const taskId = taskOfEntry(row.entry);
      if (taskId !== undefined) {
        const took = await this.#query(
          'take over a task',
          `UPDATE toolresult_ledger SET token = $4, lease_until = now() + $5 * interval '1 millisecond'
             WHERE ${WHERE_KEY} AND state = 'claimed' AND (lease_until IS NULL OR lease_until <= now()) AND entry = $6`,
          [...k, token, this.leaseMs, row.entry],
        );
        if (took.rowCount === 1) return { kind: 'claimed', token, taskId };
        continue;
      }
      // The claimant stopped renewing: the call is interrupted, never run again (TR-REPLAY-23). A
      // task recorded since the row was read is taken over at the next try, not pinned over.
      const pin = await this.#query(
        'record an interrupted call',
        `UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = $4, interrupted = true, finished_at = now()
           WHERE ${WHERE_KEY} AND state = 'claimed' AND (lease_until IS NULL OR lease_until <= now()) AND entry IS NOT DISTINCT FROM $5
           RETURNING ${POSTGRES_LISTENING} AS listening`,
        [...k, entryBytes(INTERRUPTED_ENTRY), row.entry],
      );
      if (pin.rowCount === 1) {
        this.#notify(k[1], pin);
        return { kind: 'stored', entry: INTERRUPTED_ENTRY };
      }
    }
    return { kind: 'pending', remainingMs: 50 };
  }

  async claim(callId: string, at?: CallAt): Promise<Claim> {
    const k = keyOf(callId, at);
    if (this.#closed) throw new LedgerStoreError('ledger.store_failed', `PostgreSQL ledger ${this.#where}: cannot claim a call ID: the ledger is closed`);
    const step = await this.#step(k);
    if (step.kind === 'stored') return { status: 'stored', entry: step.entry };
    if (step.kind === 'pending') return { status: 'pending', settled: this.#settled(k, step.remainingMs) };
    return this.#claimed(k, step.token, step.taskId);
  }

  #claimed(k: Key, token: string, taskId: string | undefined): Claim {
    const callId = k[1];
    const stop = renewEvery(this.leaseMs, async () => {
      const r = await this.#poolQuery(
        `UPDATE toolresult_ledger SET lease_until = now() + $5 * interval '1 millisecond' WHERE ${WHERE_KEY} AND token = $4 AND state = 'claimed'`,
        [...k, token, this.leaseMs],
      );
      return r.rowCount === 1;
    });
    this.#renewals.add(stop);
    let done = false;
    const settle = (): Promise<void> => {
      done = true;
      this.#renewals.delete(stop);
      return stop();
    };
    return {
      status: 'claimed',
      ...(taskId === undefined ? {} : { task: { taskId } }),
      finish: async (entry: string) => {
        if (done) throw new Error('claim already settled');
        await settle();
        const r = await this.#query(
          'store a finished entry',
          `UPDATE toolresult_ledger SET state = 'stored', token = NULL, lease_until = NULL, entry = $5, finished_at = now()
             WHERE ${WHERE_KEY} AND token = $4 AND state = 'claimed'
             RETURNING ${POSTGRES_LISTENING} AS listening`,
          [...k, token, entryBytes(entry)],
          'toolresult_ledger_finish',
        );
        if (r.rowCount !== 1) {
          throw new LedgerStoreError(
            'ledger.lease_lost',
            `PostgreSQL ledger ${this.#where}: the claim's lease expired and the call was recorded as interrupted before its result was stored`,
          );
        }
        this.#notify(callId, r);
      },
      abandon: async () => {
        if (done) return;
        await settle();
        const d = await this.#query(
          'abandon a claim',
          `DELETE FROM toolresult_ledger WHERE ${WHERE_KEY} AND token = $4 AND state = 'claimed' RETURNING ${POSTGRES_LISTENING} AS listening`,
          [...k, token],
        );
        if (d.rowCount === 1) this.#notify(callId, d);
      },
      recordTask: async (id: string) => {
        const text = taskEntry(id);
        if (done) throw new Error('claim already settled');
        // Its own transaction: committed (the WAL flushed) before the statement returns.
        const r = await this.#query('record a task', `UPDATE toolresult_ledger SET entry = $5 WHERE ${WHERE_KEY} AND token = $4 AND state = 'claimed'`, [
          ...k,
          token,
          entryBytes(text),
        ]);
        if (r.rowCount !== 1) {
          throw new LedgerStoreError(
            'ledger.lease_lost',
            `PostgreSQL ledger ${this.#where}: the claim's lease expired and another claim settled or took over the call before its task was recorded`,
          );
        }
      },
    };
  }

  /**
   * Wakes the waiters of a call ID, after the change is committed, in a transaction of its own. A
   * NOTIFY inside the writing transaction would take PostgreSQL's global notification lock through
   * that transaction's commit, fsync included, and so serialize every writer's commit: no group
   * commit, and a rate that stops growing with clients. A notification is only a wake-up (the state
   * is read from the table); one lost with a process that dies right here costs its waiters their
   * timer at the lease's end, never a wrong answer. For the same reason its commit does not wait for
   * the WAL flush (synchronous_commit off for this transaction only): a notification takes an XID,
   * so its commit would otherwise wait for the disk like the claim's and the finish's.
   */
  #notify(callId: string, changed: pg.QueryResult): void {
    // Nobody waits (the statement that changed the row was granted the waiter lock): nobody to wake,
    // and no statement, transaction or commit for it. The common case: a call without a duplicate.
    if (changed.rows[0]?.listening !== true) return;
    // Not awaited by the finish either: the caller has its answer once the entry is committed; close()
    // waits for the notifications still on their way.
    const sent: Promise<void> = this.#poolQuery(`SELECT set_config('synchronous_commit', 'off', true), pg_notify('${POSTGRES_CHANNEL}', $1)`, [key(callId)])
      .then(
        () => {},
        () => {},
      )
      .finally(() => this.#notifying.delete(sent));
    this.#notifying.add(sent);
  }

  #listen(): Promise<pg.Client> {
    this.#listener ??= (async () => {
      const client = new pg.Client(this.#pool.options as pg.ClientConfig);
      const drop = (): void => {
        this.#listener = undefined;
        client.end().catch(() => {});
        // Wake every waiter: each reads the table again and listens anew.
        for (const set of this.#waiters.values()) for (const wake of set) wake();
      };
      client.on('error', drop);
      client.on('notification', (n) => {
        const set = n.payload === undefined ? undefined : this.#waiters.get(n.payload);
        if (set) for (const wake of [...set]) wake();
      });
      await client.connect();
      // The waiter locks are taken on this session: their wait has the ledger's lock_timeout too,
      // also on a caller's pool, whose settings may not carry it.
      await client.query(`SET lock_timeout = ${this.#lockTimeoutMs}`);
      await client.query(`LISTEN ${POSTGRES_CHANNEL}`);
      return client;
    })();
    this.#listener.catch(() => (this.#listener = undefined));
    return this.#listener;
  }

  // A waiting duplicate sleeps until a notification for its call ID, or the lease's end by the
  // database's clock; then the seam claims again (TR-REPLAY-26).
  async #settled(call: Key, remainingMs: number): Promise<void> {
    const callId = call[1];
    const k = key(callId);
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const set = this.#waiters.get(k) ?? new Set();
    set.add(wake);
    this.#waiters.set(k, set);
    // The lease's end, or the lease length when the row's lease is beyond any timer ('infinity'):
    // a wake-up then only reads the row again.
    const timer = setTimeout(wake, Number.isFinite(remainingMs) && remainingMs < this.leaseMs ? Math.ceil(remainingMs) + 5 : this.leaseMs);
    let locked: pg.Client | undefined;
    try {
      const listener = await this.#listen();
      // The waiter lock, on the listener's session, tells a finisher to notify (POSTGRES_LISTENING);
      // taking it waits for a finish that took the lock's exclusive form first. Not granted (the
      // server's lock table is full): the timer alone wakes this waiter.
      await listener.query(`SELECT pg_advisory_lock_shared(${POSTGRES_WAITER_LOCK('$1')})`, [callId]).then(
        () => void (locked = listener),
        () => {},
      );
      // Read again after LISTEN and the lock are in place, so a finish that came before them is not
      // missed; FOR SHARE waits for a finish whose statement is under way.
      const r = await this.#poolQuery(`SELECT state = 'claimed' AND lease_until > now() AS live FROM toolresult_ledger WHERE ${WHERE_KEY} FOR SHARE`, [
        ...call,
      ]);
      if (r.rows[0]?.live === true) await woken;
    } catch {
      // The next claim reports the store's error.
    } finally {
      clearTimeout(timer);
      set.delete(wake);
      if (set.size === 0) this.#waiters.delete(k);
      // Only on the session that holds it (a listener that was dropped took its locks with it).
      if (locked !== undefined) await locked.query(`SELECT pg_advisory_unlock_shared(${POSTGRES_WAITER_LOCK('$1')})`, [callId]).catch(() => {});
    }
  }

  async entry(callId: string, at?: CallAt): Promise<StoredEntry | undefined> {
    const k = keyOf(callId, at);
    const r = await this.#query('read an entry', `SELECT entry FROM toolresult_ledger WHERE ${WHERE_KEY} AND state = 'stored'`, [...k]);
    if (!r.rows[0]) return undefined;
    const entry = r.rows[0].entry as Buffer | null;
    return entryText(entry);
  }

  async appendAudit(callId: string, record: AuditRecord, at?: CallAt): Promise<void> {
    const k = keyOf(callId, at);
    const text = auditText(record);
    await this.#query(
      'append an audit record',
      'INSERT INTO toolresult_audit (scope, call_id, fingerprint, level, record, written_at) VALUES ($1, $2, $3, $4, $5, now())',
      [...k, record.level, Buffer.from(text, 'utf8')],
    );
  }

  async auditRecords(callId: string, at?: CallAt): Promise<string[]> {
    const k = keyOf(callId, at);
    const r = await this.#query('read audit records', `SELECT record FROM toolresult_audit WHERE ${WHERE_KEY} ORDER BY seq`, [...k]);
    return r.rows.map((row) => recordText(row.record as Buffer));
  }

  async prune(olderThanMs: number): Promise<number> {
    if (!Number.isFinite(olderThanMs) || olderThanMs < 0) throw new RangeError('olderThanMs must be a non-negative number');
    const r = await this.#query(
      'prune entries',
      // claimed_at (indexed, and never after finished_at) finds the candidates.
      `DELETE FROM toolresult_ledger WHERE state = 'stored' AND claimed_at < now() - $1 * interval '1 millisecond'
         AND finished_at < now() - $1 * interval '1 millisecond'`,
      [olderThanMs],
    );
    return r.rowCount ?? 0;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    for (const stop of this.#renewals) void stop();
    this.#renewals.clear();
    const listener = this.#listener;
    this.#listener = undefined;
    if (listener) await listener.then((c) => c.end()).catch(() => {});
    for (const set of this.#waiters.values()) for (const wake of set) wake();
    await Promise.all([...this.#notifying]);
    if (this.#ownsPool) await this.#pool.end().catch(() => {});
  }
}
