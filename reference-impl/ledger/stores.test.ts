// The durable stores' own rules (spec/07-replay.md §7.4-7.7), on SQLite and on a real PostgreSQL
// server started for this file. The cross-process rules are in ledger-kit/.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../test/support/postgres-cluster.ts';
import { bound } from '../bound/index.ts';
import { auditRecord } from '../privacy/index.ts';
import { executeToolCall } from '../seam/index.ts';
import { ToolResult } from '../tool-result.ts';
import { INTERRUPTED_ENTRY, INTERRUPTED_TEXT } from './interrupted.ts';
import { persist } from './entry.ts';
import { openPostgresLedger } from './postgres.ts';
import { openSqliteLedger } from './sqlite.ts';
import { LedgerStoreError } from './store-error.ts';
import type { LedgerStore } from './store.ts';
import { UnreadableEntry } from './unreadable-entry.ts';
import { callFingerprint } from './call-key.ts';
import { suiteToolResult } from '../../ledger-kit/suite-tool.ts';

const CANARY = 'cnry-ledger-5f1e2d3c4b';
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'ledger-kit', 'fixtures');

interface Kit {
  open(opts?: { leaseMs?: number; create?: boolean }): Promise<LedgerStore>;
  /** Runs SQL on the store's database directly (to age a lease, or break a layout). */
  sql(text: string, values?: unknown[]): Promise<void>;
  /** Runs a script of several statements on the database, before or after a store opened it. */
  script(text: string): Promise<void>;
  /** The rows a query returns, read directly. */
  rows(text: string): Promise<Record<string, unknown>[]>;
  /** The layout-1 fixture of this backend (ledger-kit/fixtures/). */
  layout1: string;
  /** A past lease end in the store's time column. */
  past: string;
  /** Octets that are not UTF-8, as an SQL literal of the entry column's type. */
  notUtf8: string;
  /** Lease ends decades away (infinity included), and leases an operator may write that are not times at all. */
  farFutures: readonly string[];
  odd: readonly string[];
  /** Opens a store whose statements are counted (PostgreSQL); SQLite's waiters are measured by CPU. */
  openCounted(o?: { leaseMs?: number }): Promise<{ store: LedgerStore; statements(): number }>;
}

let dir: string;
let cluster: PostgresCluster;
let n = 0;
const kits: Record<string, () => Promise<Kit>> = {
  sqlite: async () => {
    const path = join(dir, `l${++n}.db`);
    return {
      open: async (o) => openSqliteLedger(path, o),
      sql: async (text, values = []) => {
        const db = new Database(path);
        db.prepare(text).run(...values);
        db.close();
      },
      script: async (text) => {
        const db = new Database(path);
        db.exec(text);
        db.close();
      },
      rows: async (text) => {
        const db = new Database(path, { readonly: true });
        try {
          return db.prepare(text).all() as Record<string, unknown>[];
        } finally {
          db.close();
        }
      },
      layout1: readFileSync(join(FIXTURES, 'layout-1.sqlite.sql'), 'utf8'),
      past: '0',
      notUtf8: "x'c3ff'",
      // 9e999 is stored as a REAL infinity.
      farFutures: [String(Date.now() + 100 * 365 * 86_400_000), '9e999'],
      odd: ['NULL', "'soon'", "x'00'", '-5'],
      openCounted: async (o) => ({ store: openSqliteLedger(path, o), statements: () => 0 }),
    };
  },
  postgres: async () => {
    const database = `unit_${++n}`;
    const admin = new pg.Client(cluster.connection);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const connection = { ...cluster.connection, database };
    return {
      open: async (o) => openPostgresLedger({ connection, ...o }),
      sql: async (text, values = []) => {
        const c = new pg.Client(connection);
        await c.connect();
        await c.query(text, values);
        await c.end();
      },
      script: async (text) => {
        const c = new pg.Client(connection);
        await c.connect();
        await c.query(text);
        await c.end();
      },
      rows: async (text) => {
        const c = new pg.Client(connection);
        await c.connect();
        try {
          return (await c.query(text)).rows as Record<string, unknown>[];
        } finally {
          await c.end();
        }
      },
      layout1: readFileSync(join(FIXTURES, 'layout-1.postgres.sql'), 'utf8'),
      past: "now() - interval '1 second'",
      notUtf8: "'\\xc3ff'::bytea",
      farFutures: ["'infinity'"],
      odd: ['NULL', "'-infinity'"],
      openCounted: async (o) => {
        const pool = new pg.Pool({ ...connection, max: 4 });
        let statements = 0;
        // Counted on each connection: the store sends a caller's pool its statements through
        // pool.connect() (to set lock_timeout once per connection), not through pool.query().
        pool.on('connect', (client) => {
          const query = client.query.bind(client) as (...a: unknown[]) => unknown;
          (client as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
            statements++;
            return query(...a);
          };
        });
        const store = await openPostgresLedger({ pool, ...o });
        const close = store.close.bind(store);
        store.close = async () => {
          await close();
          await pool.end();
        };
        return { store, statements: () => statements };
      },
    };
  },
};

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolresult-stores-'));
  cluster = startPostgresCluster({ fast: true });
}, 120_000);
afterAll(() => {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const sample = bound(ToolResult.text('Found 2', { structured: { a: [1, 0.5] }, artifacts: [{ type: 'text', label: 'L', data: { text: CANARY } }] }));

for (const [name, makeKit] of Object.entries(kits)) {
  describe(`${name} ledger store`, () => {
    it('TR-REPLAY-21: refuses call IDs it could not keep exactly, and keeps the rest apart', async () => {
      const k = await makeKit();
      const l = await k.open();
      try {
        for (const bad of ['', 'a\ud800b', 'nul\u0000', 'x'.repeat(1025)]) await expect(l.claim(bad)).rejects.toThrow(TypeError);
        const nfc = 'caf\u00e9';
        const nfd = 'cafe\u0301';
        for (const id of [nfc, nfd, '\u{1F600}'.repeat(256)]) {
          const c = await l.claim(id);
          expect(c.status).toBe('claimed');
          if (c.status === 'claimed') await c.finish(persist(bound(ToolResult.text(id))));
        }
        expect(JSON.parse((await l.entry(nfc)) as string).result.content).toBe(nfc);
        expect(JSON.parse((await l.entry(nfd)) as string).result.content).toBe(nfd);
      } finally {
        await l.close();
      }
    });

    it('TR-REPLAY-23, TR-REPLAY-24: a lapsed lease becomes the interrupted entry; the late finish fails and changes nothing; the seam returns the stored answer', async () => {
      const k = await makeKit();
      const a = await k.open({ leaseMs: 60_000 });
      const b = await k.open({ leaseMs: 60_000 });
      try {
        let runs = 0;
        const out = await executeToolCall(
          {
            callId: 'late',
            run: async () => {
              runs++;
              // The worker stalls: its lease is over, and another caller comes.
              await k.sql(`UPDATE toolresult_ledger SET lease_until = ${k.past} WHERE call_id = 'late'`);
              const c = await b.claim('late');
              expect(c).toEqual({ status: 'stored', entry: INTERRUPTED_ENTRY });
              return ToolResult.text(`secret ${CANARY}`);
            },
          },
          { ledger: a },
        );
        expect(runs).toBe(1);
        expect(out.replayed).toBe(true);
        expect(out.result.toRecord()).toEqual({ content: INTERRUPTED_TEXT, isError: true, artifacts: [], warnings: [] });
        expect(await a.entry('late')).toBe(INTERRUPTED_ENTRY);
        expect(INTERRUPTED_ENTRY).toBe(persist(bound(ToolResult.error(INTERRUPTED_TEXT))));
        // A finish whose lease ran out but that nobody replaced still stores its result.
        const c = await a.claim('slow');
        await k.sql(`UPDATE toolresult_ledger SET lease_until = ${k.past} WHERE call_id = 'slow'`);
        if (c.status !== 'claimed') throw new Error('expected a claim');
        await c.finish(persist(sample));
        expect(await b.entry('slow')).toBe(persist(sample));
        // A direct late finish is refused with its code.
        const d = await a.claim('direct');
        await k.sql(`UPDATE toolresult_ledger SET lease_until = ${k.past} WHERE call_id = 'direct'`);
        await b.claim('direct');
        if (d.status !== 'claimed') throw new Error('expected a claim');
        const err = await Promise.resolve(d.finish(persist(sample))).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(LedgerStoreError);
        expect((err as LedgerStoreError).code).toBe('ledger.lease_lost');
        expect(await b.entry('direct')).toBe(INTERRUPTED_ENTRY);
      } finally {
        await a.close();
        await b.close();
      }
    });

    it('TR-REPLAY-26: a waiting duplicate wakes soon after the finish, not at the end of the lease', async () => {
      const k = await makeKit();
      const a = await k.open({ leaseMs: 60_000 });
      const b = await k.open({ leaseMs: 60_000 });
      try {
        const first = await a.claim('wake');
        const waiting = await b.claim('wake');
        if (first.status !== 'claimed' || waiting.status !== 'pending') throw new Error('expected a claim and a pending duplicate');
        setTimeout(() => void first.finish(persist(sample)), 100);
        // A hang guard against the lease's end: waking at the finish takes ms, the lease is 60 s.
        const t0 = performance.now();
        await waiting.settled;
        expect(performance.now() - t0).toBeLessThan(10_000); // the lease is 60 s
        expect(await b.claim('wake')).toEqual({ status: 'stored', entry: persist(sample) });
      } finally {
        await a.close();
        await b.close();
      }
    });

    it('TR-REPLAY-36: a claim whose lease is not a time (NULL, text, a blob, -infinity) or is past becomes the interrupted entry; the tool does not run', async () => {
      const k = await makeKit();
      const l = await k.open({ leaseMs: 60_000 });
      try {
        for (const [i, lease] of k.odd.entries()) {
          const id = `odd-${i}`;
          await k.sql(`INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) VALUES ('${id}', 'claimed', NULL, ${lease}, ${k.past})`);
          let runs = 0;
          const out = await executeToolCall({ callId: id, run: async () => (runs++, ToolResult.text('ran')) }, { ledger: l });
          expect(runs, lease).toBe(0);
          expect(out.result.content, lease).toBe(INTERRUPTED_TEXT);
          expect(await l.entry(id)).toBe(INTERRUPTED_ENTRY);
        }
      } finally {
        await l.close();
      }
    }, 30_000);

    it('TR-REPLAY-36: a stored row without an entry is refused as malformed, and its call is not run again', async () => {
      const k = await makeKit();
      const l = await k.open();
      try {
        await k.sql(`INSERT INTO toolresult_ledger (call_id, state, claimed_at, finished_at) VALUES ('hollow', 'stored', ${k.past}, ${k.past})`);
        let runs = 0;
        const err = await executeToolCall({ callId: 'hollow', run: async () => (runs++, ToolResult.text('ran')) }, { ledger: l }).catch((e: unknown) => e);
        expect(runs).toBe(0);
        expect((err as { code?: string }).code).toBe('ledger.malformed');
        expect((err as Error).message).toContain('unreadable in its store (no entry)');
        // Typed, not a text an entry could hold: the store says which row it cannot read.
        expect(await l.entry('hollow')).toEqual(new UnreadableEntry('no entry'));
        // Octets that are not UTF-8, an operator's edit: the same refusal, naming that.
        await k.sql(`UPDATE toolresult_ledger SET entry = ${k.notUtf8} WHERE call_id = 'hollow'`);
        expect(await l.entry('hollow')).toEqual(new UnreadableEntry('not UTF-8'));
      } finally {
        await l.close();
      }
    });

    it('TR-REPLAY-36: a claim that holds an entry is still a claim: pending while its lease runs, interrupted (not that entry) after', async () => {
      const k = await makeKit();
      const l = await k.open({ leaseMs: 60_000 });
      try {
        await k.sql(
          `INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, claimed_at) VALUES ('both', 'claimed', NULL, ${k.farFutures[0]}, $1, ${k.past})`.replace(
            '$1',
            name === 'sqlite' ? '?' : '$1',
          ),
          [Buffer.from(persist(sample))],
        );
        expect((await l.claim('both')).status).toBe('pending');
        await k.sql(`UPDATE toolresult_ledger SET lease_until = ${k.past} WHERE call_id = 'both'`);
        expect(await l.claim('both')).toEqual({ status: 'stored', entry: INTERRUPTED_ENTRY });
      } finally {
        await l.close();
      }
    });

    it('TR-REPLAY-42, TR-REPLAY-43, TR-REPLAY-44: a recorded task is taken over after the lease (new token, same task); without one the call is interrupted; the old token is refused', async () => {
      const k = await makeKit();
      const a = await k.open({ leaseMs: 60_000 });
      const b = await k.open({ leaseMs: 60_000 });
      const ph = name === 'sqlite' ? '?' : '$1';
      try {
        const first = await a.claim('task-call');
        if (first.status !== 'claimed') throw new Error('expected a claim');
        expect(first.task).toBeUndefined();
        await expect(Promise.resolve().then(() => first.recordTask(`a\u0000b`))).rejects.toThrow(TypeError);
        await expect(Promise.resolve().then(() => first.recordTask('x'.repeat(1025)))).rejects.toThrow(/at most 1024/);
        await first.recordTask(`task-${CANARY}`);
        const column = await k.rows("SELECT entry, state FROM toolresult_ledger WHERE call_id = 'task-call'");
        expect(Buffer.from(column[0]!.entry as Buffer).toString('utf8')).toBe(`{"task":{"taskId":"task-${CANARY}"}}`);
        expect(column[0]!.state).toBe('claimed');
        expect(await b.entry('task-call')).toBeUndefined();
        expect((await b.claim('task-call')).status).toBe('pending');
        await a.close(); // the worker is gone: its lease is not renewed
        await k.sql(`UPDATE toolresult_ledger SET lease_until = ${k.past} WHERE call_id = 'task-call'`);
        const second = await b.claim('task-call');
        if (second.status !== 'claimed') throw new Error(`expected a takeover, got ${second.status}`);
        expect(second.task).toEqual({ taskId: `task-${CANARY}` });
        const third = await b.claim('task-call');
        expect(third.status).toBe('pending');
        await second.finish(persist(sample));
        expect(await b.claim('task-call')).toEqual({ status: 'stored', entry: persist(sample) });
        // A claimed row whose entry is not exactly a task the stores write is interrupted after its lease.
        for (const [i, odd] of ['{"task":{"taskId":""}}', '{"task": {"taskId":"t"}}', '{"task":{"taskId":"t","x":1}}', persist(sample)].entries()) {
          await k.sql(
            `INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, claimed_at) VALUES ('odd-${i}', 'claimed', NULL, ${k.past}, ${ph}, ${k.past})`,
            [Buffer.from(odd)],
          );
          expect(await b.claim(`odd-${i}`)).toEqual({ status: 'stored', entry: INTERRUPTED_ENTRY });
        }
        // A takeover's late predecessor cannot finish: lease_lost, and the entry stays.
        const c = await b.claim('late-task');
        if (c.status !== 'claimed') throw new Error('expected a claim');
        await c.recordTask('t-late');
        await k.sql(`UPDATE toolresult_ledger SET lease_until = ${k.past} WHERE call_id = 'late-task'`);
        const d = await b.claim('late-task');
        if (d.status !== 'claimed') throw new Error('expected a takeover');
        expect(d.task).toEqual({ taskId: 't-late' });
        const lost = await Promise.resolve(c.recordTask('t-other')).catch((e: unknown) => e);
        expect((lost as LedgerStoreError).code).toBe('ledger.lease_lost');
        // Prune never touches a claim, with a task or not.
        await b.prune(0);
        const err = await Promise.resolve(c.finish(persist(sample))).catch((e: unknown) => e);
        expect((err as LedgerStoreError).code).toBe('ledger.lease_lost');
        expect(String((err as Error).message)).not.toContain('t-late');
        await d.finish(persist(sample));
        expect(await b.entry('late-task')).toBe(persist(sample));
      } finally {
        await a.close();
        await b.close();
      }
    });

    it('TR-REPLAY-36, TR-REPLAY-26: a waiter on a lease decades away (or infinity) sleeps: little CPU and few statements while it waits', async () => {
      const k = await makeKit();
      for (const [i, far] of k.farFutures.entries()) {
        const { store, statements } = await k.openCounted({ leaseMs: 60_000 });
        try {
          await k.sql(`INSERT INTO toolresult_ledger (call_id, state, token, lease_until, claimed_at) VALUES ('far${i}', 'claimed', NULL, ${far}, ${k.past})`);
          const c = await store.claim(`far${i}`);
          expect(c.status).toBe('pending');
          if (c.status !== 'pending') return;
          let settled = false;
          void c.settled.then(() => (settled = true));
          const before = statements();
          const cpu0 = process.cpuUsage();
          const t0 = performance.now();
          // Timers must fire while it waits (a synchronous spin would hold them back).
          const ticks = await new Promise<number>((resolve) => {
            let n = 0;
            const t = setInterval(() => n++, 50);
            setTimeout(() => (clearInterval(t), resolve(n)), 1_500);
          });
          const waited = performance.now() - t0;
          const cpu = process.cpuUsage(cpu0);
          expect(ticks).toBeGreaterThanOrEqual(10);
          expect((cpu.user + cpu.system) / 1000).toBeLessThan(600);
          // At one read per 50 ms at most, counted against the window as it really lasted (a busy
          // machine fires the 1.5 s timer late, and the reads go on meanwhile): 30 for 1.5 s, + 2.
          // A server store sleeps on its notification.
          expect(statements() - before).toBeLessThanOrEqual(Math.floor(waited / 50) + 2);
          expect(settled).toBe(false);
        } finally {
          await store.close();
        }
      }
    }, 30_000);

    it('TR-REPLAY-29: prune deletes old stored entries and never a claim, live or lapsed', async () => {
      const k = await makeKit();
      const l = await k.open({ leaseMs: 60_000 });
      try {
        await executeToolCall({ callId: 'old', run: () => ToolResult.text('x') }, { ledger: l });
        const live = await l.claim('live');
        await l.claim('lapsed');
        await k.sql(`UPDATE toolresult_ledger SET lease_until = ${k.past} WHERE call_id = 'lapsed'`);
        // One-sided in time: after 30 ms the entry is older than 10 ms (a timer never fires early), and
        // the 60 s bound only needs the test to reach this line within a minute of the store.
        await new Promise((r) => setTimeout(r, 30));
        expect(await l.prune(60_000)).toBe(0);
        expect(await l.prune(10)).toBe(1);
        expect(await l.entry('old')).toBeUndefined();
        expect((await l.claim('live')).status).toBe('pending');
        expect(await l.claim('lapsed')).toEqual({ status: 'stored', entry: INTERRUPTED_ENTRY });
        if (live.status === 'claimed') await live.abandon();
      } finally {
        await l.close();
      }
    });

    it('TR-REPLAY-33: refuses tables of a layout it does not know', async () => {
      const k = await makeKit();
      await (await k.open()).close();
      await k.sql("UPDATE toolresult_meta SET value = '3' WHERE key = 'layout'");
      const err = await k.open().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(LedgerStoreError);
      expect((err as LedgerStoreError).code).toBe('ledger.store_layout');
      expect((err as Error).message).toMatch(/layout 3.*knows layouts 1 \(migrated when opened\) and 2/);
    });

    it('TR-REPLAY-40, TR-REPLAY-20, TR-REPLAY-21: scopes and fingerprints of one call ID are calls of their own, in every statement', async () => {
      const k = await makeKit();
      const l = await k.open();
      try {
        const fpA = callFingerprint('balance', { user: 'alice' });
        const fpB = callFingerprint('balance', { user: 'bob' });
        const calls = [{}, { scope: 't1' }, { scope: 't2' }, { fingerprint: fpA }, { fingerprint: fpB }, { scope: 't1', fingerprint: fpA }];
        // Every call claims while the others' claims are live: none is pending behind another.
        const claims = await Promise.all(calls.map((at) => l.claim('call_0', at)));
        expect(claims.map((c) => c.status)).toEqual(calls.map(() => 'claimed'));
        for (const [i, c] of claims.entries()) if (c.status === 'claimed') await c.finish(persist(bound(ToolResult.text(`answer ${i}`))));
        for (const [i, at] of calls.entries()) {
          const again = await l.claim('call_0', at);
          expect(again.status === 'stored' && JSON.parse(again.entry as string).result.content).toBe(`answer ${i}`);
          expect(JSON.parse((await l.entry('call_0', at)) as string).result.content).toBe(`answer ${i}`);
        }
        // An explicit default is the default.
        expect(await l.entry('call_0', { scope: '', fingerprint: '' })).toBe(await l.entry('call_0'));
        // Audit records belong to their call too.
        await l.appendAudit('call_0', auditRecord(sample, ['none']), { scope: 't1' });
        await l.appendAudit('call_0', auditRecord(sample, ['metadata']), { fingerprint: fpA });
        expect(await l.auditRecords('call_0', { scope: 't1' })).toEqual(['{"level":"none","version":1}']);
        expect((await l.auditRecords('call_0', { fingerprint: fpA })).map((r) => JSON.parse(r).level)).toEqual(['metadata']);
        expect(await l.auditRecords('call_0')).toEqual([]);
        const rows = await k.rows("SELECT scope, fingerprint FROM toolresult_ledger WHERE call_id = 'call_0' ORDER BY scope, fingerprint");
        expect(rows).toHaveLength(6);
        // A scope is kept exactly, and one that a store cannot keep is refused without being quoted.
        for (const scope of ['caf\u00e9', 'cafe\u0301', '\u{1F600}'.repeat(256)]) expect((await l.claim('k', { scope })).status).toBe('claimed');
        for (const at of [
          { scope: `${CANARY}\ud800` },
          { scope: `${CANARY}\u0000` },
          { scope: CANARY.repeat(50) },
          { fingerprint: 'F'.repeat(64) },
          { fingerprint: CANARY },
        ]) {
          for (const op of [
            () => l.claim('k', at),
            () => l.entry('k', at),
            () => l.auditRecords('k', at),
            () => l.appendAudit('k', auditRecord(sample, ['none']), at),
          ]) {
            const err = await op().catch((e: unknown) => e);
            expect(err).toBeInstanceOf(TypeError);
            expect((err as Error).message).not.toContain(CANARY);
          }
        }
      } finally {
        await l.close();
      }
    });

    it('TR-REPLAY-41, TR-REPLAY-27: a ledger of layout 1 written by the previous release migrates; its entries replay byte-identical through the old API, a call with a tool runs anew', async () => {
      const k = await makeKit();
      await k.script(k.layout1);
      // create: false does not forbid the migration: the ledger exists.
      const [l, second] = await Promise.all([k.open({ create: false }), k.open({ create: false })]);
      try {
        expect(await k.rows("SELECT value FROM toolresult_meta WHERE key = 'layout'")).toEqual([{ value: '2' }]);
        const success = persist(bound(suiteToolResult('legacy-1')));
        const failure = persist(bound(suiteToolResult('legacy-6')));
        expect(await l.entry('legacy-1')).toBe(success);
        expect(await second.entry('legacy-6')).toBe(failure);
        expect(await l.claim('legacy-1')).toEqual({ status: 'stored', entry: success });
        expect(await l.claim('legacy-2')).toEqual({ status: 'stored', entry: INTERRUPTED_ENTRY });
        // The claim its claimant left under layout 1 ran out long ago: the interrupted entry, no run.
        expect(await l.claim('legacy-3')).toEqual({ status: 'stored', entry: INTERRUPTED_ENTRY });
        const audits = await l.auditRecords('legacy-1');
        expect(audits.map((r) => JSON.parse(r).level)).toEqual(['metadata', 'none']);
        // Through the seam with a tool, or in a scope, the row is not found: the tool runs.
        let runs = 0;
        const run = async () => (runs++, suiteToolResult('legacy-1', { tool: 't' }));
        const out = await executeToolCall({ callId: 'legacy-1', run, tool: 't' }, { ledger: l });
        const scoped = await executeToolCall({ callId: 'legacy-1', run: async () => (runs++, ToolResult.text('s')), scope: 'thread-1' }, { ledger: l });
        expect([out.replayed, scoped.replayed, runs]).toEqual([false, false, 2]);
        expect(await l.entry('legacy-1')).toBe(success);
        expect(await l.auditRecords('legacy-1', { scope: 'thread-1' })).toEqual([]);
        // New audit rows come after the old ones.
        await l.appendAudit('legacy-1', auditRecord(sample, ['none']));
        expect(await l.auditRecords('legacy-1')).toHaveLength(3);
      } finally {
        await l.close();
        await second.close();
      }
      // Opened again: layout 2 as it is, nothing migrated twice.
      const again = await k.open();
      expect(await again.entry('legacy-6')).toBe(persist(bound(suiteToolResult('legacy-6'))));
      await again.close();
      expect((await k.rows('SELECT scope, call_id, fingerprint FROM toolresult_ledger ORDER BY call_id, scope')).length).toBe(6);
    });

    it('TR-REPLAY-34: audit records are stored as canonical JSON at their level; a record with members its level forbids is refused', async () => {
      const k = await makeKit();
      const l = await k.open();
      try {
        const meta = auditRecord(sample, ['metadata']);
        await l.appendAudit('call-a', meta);
        await l.appendAudit('call-a', auditRecord(sample, ['full']));
        await l.appendAudit('call-a', auditRecord(sample, ['none']));
        const rows = await l.auditRecords('call-a');
        expect(rows.map((r) => JSON.parse(r).level)).toEqual(['metadata', 'full', 'none']);
        expect(rows[0]).not.toContain(CANARY);
        expect(rows[1]).toContain(CANARY);
        expect(JSON.parse(rows[0]!)).toEqual(meta);
        const smuggled = { ...meta, result: sample.toRecord() } as unknown as typeof meta;
        await expect(l.appendAudit('call-a', smuggled)).rejects.toThrow(TypeError);
        expect(await l.auditRecords('call-a')).toHaveLength(3);
      } finally {
        await l.close();
      }
    });

    it('TR-REPLAY-30, TR-REPLAY-31: a store that fails while storing the result fails the call clearly, quotes nothing, and does not free the call ID', async () => {
      const k = await makeKit();
      const l = await k.open({ leaseMs: 60_000 });
      const other = await k.open({ leaseMs: 60_000 });
      let runs = 0;
      const err = await executeToolCall(
        {
          callId: 'broken',
          run: async () => {
            runs++;
            await l.close(); // the store goes away while the tool runs
            return ToolResult.text(`secret ${CANARY}`, { structured: { k: CANARY } });
          },
        },
        { ledger: l },
      ).catch((e: unknown) => e);
      try {
        expect(err).toBeInstanceOf(LedgerStoreError);
        expect((err as LedgerStoreError).code).toBe('ledger.store_failed');
        expect((err as Error).message).toMatch(new RegExp(`^${name === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ledger .*: cannot store a finished entry: `));
        expect((err as Error).message).not.toContain(CANARY);
        expect(runs).toBe(1);
        // Not abandoned: another caller waits on the claim instead of running the tool again.
        expect((await other.claim('broken')).status).toBe('pending');
      } finally {
        await other.close();
      }
    });
  });
}

describe('store errors before any store exists', () => {
  it('TR-REPLAY-31: an unreachable PostgreSQL server is named by database and host, never by its password', async () => {
    const err = await openPostgresLedger({ connection: 'postgresql://agent:s3cret-pw@127.0.0.1:1/agentdb' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerStoreError);
    expect((err as LedgerStoreError).code).toBe('ledger.store_failed');
    expect((err as Error).message).toBe(
      'PostgreSQL ledger agentdb@127.0.0.1: cannot open the ledger: the server refused the connection (is it running?) (ECONNREFUSED)',
    );
  });

  it('TR-REPLAY-31: a SQLite file that cannot be opened says so', () => {
    let err: unknown;
    try {
      openSqliteLedger('/nonexistent-dir-for-toolresult/ledger.db');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LedgerStoreError);
    expect((err as Error).message).toMatch(/^SQLite ledger \/nonexistent-dir-for-toolresult\/ledger\.db: cannot open the ledger: /);
  });
});

/** A file's bytes and the names beside it: what "left unchanged" means for a SQLite database. */
function snapshot(path: string): { bytes: string; siblings: string[] } {
  const bytes = existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : '(none)';
  const base = basename(path);
  return {
    bytes,
    siblings: readdirSync(dirname(path))
      .filter((f) => f.startsWith(base))
      .sort(),
  };
}

function refusal(f: () => unknown): LedgerStoreError {
  try {
    f();
  } catch (e) {
    if (e instanceof LedgerStoreError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('opening a SQLite database that is not a ledger (TR-REPLAY-37)', () => {
  const fresh = (name: string): string => join(dir, `${name}-${++n}.db`);
  /** Makes a database of another application's (rollback journal, its own tables). */
  function foreignDb(path: string, sql: string): void {
    const db = new Database(path);
    db.exec(sql);
    db.close();
  }

  it('TR-REPLAY-37: a 0-byte file is refused unless the caller asks to create, and is left empty', () => {
    const path = fresh('empty');
    writeFileSync(path, '');
    const before = snapshot(path);
    const err = refusal(() => openSqliteLedger(path));
    expect(err.code).toBe('ledger.store_empty_file');
    expect(err.message).toContain('create: true');
    expect(snapshot(path)).toEqual(before);
    const l = openSqliteLedger(path, { create: true });
    void l.close();
    expect(statSync(path).size).toBeGreaterThan(0);
  });

  it("TR-REPLAY-37: another application's database is refused before any write: no WAL switch, no tables", () => {
    const path = fresh('foreign');
    foreignDb(path, "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers VALUES (1, 'Ada');");
    const before = snapshot(path);
    expect(refusal(() => openSqliteLedger(path, { create: true })).code).toBe('ledger.store_foreign');
    expect(snapshot(path)).toEqual(before);
    const db = new Database(path, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all()).toEqual(['customers']);
    db.close();
  });

  it("TR-REPLAY-37: a table that only shares a ledger table's name is a conflict, named as such, and left as it was", () => {
    const path = fresh('conflict');
    foreignDb(path, 'CREATE TABLE toolresult_ledger (id INTEGER, payload TEXT);');
    const before = snapshot(path);
    const err = refusal(() => openSqliteLedger(path));
    expect(err.code).toBe('ledger.store_conflict');
    expect(err.message).not.toMatch(/SQLITE_ERROR/);
    expect(snapshot(path)).toEqual(before);
    const other = fresh('conflict-cols');
    foreignDb(
      other,
      'CREATE TABLE toolresult_meta (key TEXT, value TEXT); CREATE TABLE toolresult_ledger (id INTEGER); CREATE TABLE toolresult_audit (seq INTEGER);',
    );
    expect(refusal(() => openSqliteLedger(other)).code).toBe('ledger.store_conflict');
  });

  it('TR-REPLAY-37: ledger tables whose meta table has no layout row are refused, not read as layout 1', () => {
    const path = fresh('nolayout');
    const l = openSqliteLedger(path);
    void l.close();
    const db = new Database(path);
    db.exec("DELETE FROM toolresult_meta WHERE key = 'layout'");
    db.close();
    const before = snapshot(path);
    expect(refusal(() => openSqliteLedger(path)).code).toBe('ledger.store_no_layout');
    expect(snapshot(path)).toEqual(before);
    // Tables of layout 1 without the row: the same refusal, not a migration and not a conflict.
    const old = fresh('nolayout-1');
    foreignDb(old, `${readFileSync(join(FIXTURES, 'layout-1.sqlite.sql'), 'utf8')}DELETE FROM toolresult_meta;`);
    const oldBefore = snapshot(old);
    expect(refusal(() => openSqliteLedger(old)).code).toBe('ledger.store_no_layout');
    expect(snapshot(old)).toEqual(oldBefore);
  });

  it('TR-REPLAY-37: create false opens only an existing ledger; a missing folder names ENOENT', () => {
    const path = fresh('missing');
    expect(refusal(() => openSqliteLedger(path, { create: false })).code).toBe('ledger.store_missing');
    expect(existsSync(path)).toBe(false);
    const made = openSqliteLedger(path);
    void made.close();
    const again = openSqliteLedger(path, { create: false });
    void again.close();
    const err = refusal(() => openSqliteLedger(join(dir, 'no-such-folder', 'l.db')));
    expect(err.code).toBe('ledger.store_failed');
    expect(err.driverCode).toBe('ENOENT');
    expect(err.message).toMatch(/its folder does not exist \(ENOENT\)$/);
  });

  it('TR-REPLAY-41: a migration that fails changes nothing: layout 1 stays whole, and the next open migrates it', async () => {
    const path = fresh('failed-migration');
    // A table in the way of the rebuild makes the migration fail after it began.
    foreignDb(path, `${readFileSync(join(FIXTURES, 'layout-1.sqlite.sql'), 'utf8')}CREATE TABLE toolresult_ledger_v2 (x);`);
    const err = refusal(() => openSqliteLedger(path));
    expect(err.code).toBe('ledger.store_failed');
    const db = new Database(path);
    expect(db.prepare("SELECT value FROM toolresult_meta WHERE key = 'layout'").pluck().get()).toBe('1');
    expect(db.prepare('SELECT count(*) FROM toolresult_ledger').pluck().get()).toBe(4);
    expect(db.prepare("SELECT name FROM pragma_table_info('toolresult_ledger')").pluck().all()).not.toContain('scope');
    db.exec('DROP TABLE toolresult_ledger_v2');
    db.close();
    const l = openSqliteLedger(path);
    expect(await l.entry('legacy-1')).toBe(persist(bound(suiteToolResult('legacy-1'))));
    await l.close();
  });

  it('TR-REPLAY-37: an empty database (no tables) becomes a ledger', async () => {
    const path = fresh('blank');
    foreignDb(path, 'PRAGMA user_version = 0; CREATE TABLE t (x); DROP TABLE t;');
    expect(statSync(path).size).toBeGreaterThan(0);
    const l = openSqliteLedger(path);
    expect((await l.claim('x')).status).toBe('claimed');
    await l.close();
  });
});

describe('opening PostgreSQL tables that are not a ledger (TR-REPLAY-37)', () => {
  async function database(sql: string): Promise<{ connection: pg.ClientConfig; query(text: string): Promise<pg.QueryResult> }> {
    const name = `open_${++n}`;
    const admin = new pg.Client(cluster.connection);
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const connection = { ...cluster.connection, database: name };
    const query = async (text: string): Promise<pg.QueryResult> => {
      const c = new pg.Client(connection);
      await c.connect();
      try {
        return await c.query(text);
      } finally {
        await c.end();
      }
    };
    if (sql !== '') await query(sql);
    return { connection, query };
  }

  it("TR-REPLAY-37: a table that only shares a ledger table's name is a conflict, and no ledger table is created beside it", async () => {
    const d = await database("CREATE TABLE toolresult_ledger (id int, payload text); INSERT INTO toolresult_ledger VALUES (1, 'app data');");
    const err = await openPostgresLedger({ connection: d.connection }).catch((e: unknown) => e);
    expect((err as LedgerStoreError).code).toBe('ledger.store_conflict');
    expect((await d.query("SELECT count(*)::int AS n FROM pg_tables WHERE tablename LIKE 'toolresult_%'")).rows[0].n).toBe(1);
    expect((await d.query('SELECT payload FROM toolresult_ledger')).rows).toEqual([{ payload: 'app data' }]);
  });

  it('TR-REPLAY-37: a meta table without its layout row is refused; create false opens only existing tables', async () => {
    const d = await database('');
    const l = await openPostgresLedger({ connection: d.connection });
    await l.close();
    await d.query("DELETE FROM toolresult_meta WHERE key = 'layout'");
    expect(((await openPostgresLedger({ connection: d.connection }).catch((e: unknown) => e)) as LedgerStoreError).code).toBe('ledger.store_no_layout');
    const e = await database('CREATE TABLE customers (id int)');
    expect(((await openPostgresLedger({ connection: e.connection, create: false }).catch((x: unknown) => x)) as LedgerStoreError).code).toBe(
      'ledger.store_missing',
    );
    const opened = await openPostgresLedger({ connection: e.connection }); // beside other tables: created
    await opened.close();
  });
});

describe('errors a program can catch by type (issue 27)', () => {
  it('TR-REPLAY-31: the error classes, codes and the interrupted entry come from the package root', async () => {
    const root = await import('../index.ts');
    expect(root.LedgerStoreError).toBe(LedgerStoreError);
    expect(root.INTERRUPTED_ENTRY).toBe(INTERRUPTED_ENTRY);
    expect(Object.keys(root.LEDGER_STORE_ERROR_CODES).sort()).toEqual([
      'ledger.lease_lost',
      'ledger.store_conflict',
      'ledger.store_empty_file',
      'ledger.store_failed',
      'ledger.store_foreign',
      'ledger.store_layout',
      'ledger.store_missing',
      'ledger.store_no_layout',
    ]);
    const sqlite = await import('./sqlite.ts');
    expect(sqlite.LedgerStoreError).toBe(LedgerStoreError);
  });

  it('TR-REPLAY-31: a system error of the connection is named as one, never as a SQLSTATE', async () => {
    const pool = new pg.Pool({ ...cluster.connection, max: 1 });
    const l = await openPostgresLedger({ pool });
    // The store sends a caller's pool its statements on a connection it takes from the pool.
    const realConnect = pool.connect.bind(pool);
    (pool as unknown as { connect: unknown }).connect = async () => ({
      query: async () => {
        throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
      },
      release: () => {},
    });
    const err = (await l.claim('pipe').catch((e: unknown) => e)) as LedgerStoreError;
    (pool as unknown as { connect: unknown }).connect = realConnect;
    await l.close();
    await pool.end();
    expect(err.code).toBe('ledger.store_failed');
    expect(err.driverCode).toBe('EPIPE');
    expect(err.message).toMatch(/the connection to the server was lost .*\(EPIPE\)$/);
    expect(err.message).not.toContain('SQLSTATE');
  });
});

describe('a finish and its own renewal (issue 27: the lost call of a loaded bench)', () => {
  it('TR-REPLAY-22, TR-REPLAY-30: a finish waits for its renewal in flight instead of timing out on the row lock it holds', async () => {
    const admin = new pg.Client(cluster.connection);
    await admin.connect();
    const database = `renew_${++n}`;
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
    const connection = { ...cluster.connection, database };
    const pool = new pg.Pool({ ...connection, max: 4 });
    let renewing: (() => void) | undefined;
    const inFlight = new Promise<void>((resolve) => (renewing = resolve));
    // The renewal's commit is slow, as an fsync on a loaded disk is: it holds the row for 600 ms.
    // (The store sends a caller's pool its statements on connections it takes from the pool.)
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (text: unknown, values?: unknown[]) => Promise<pg.QueryResult>;
      (client as unknown as { query: unknown }).query = async (text: unknown, values?: unknown[]) => {
        if (typeof text !== 'string' || !text.startsWith('UPDATE toolresult_ledger SET lease_until')) return query(text, values);
        await query('BEGIN');
        const r = await query(text, values);
        renewing?.();
        await query('SELECT pg_sleep(0.6)');
        await query('COMMIT');
        return r;
      };
    });
    const l = await openPostgresLedger({ pool, leaseMs: 150, lockTimeoutMs: 100 });
    try {
      const c = await l.claim('renewed');
      if (c.status !== 'claimed') throw new Error('expected a claim');
      await inFlight; // a renewal holds the row now
      await c.finish(persist(sample)); // before: SQLSTATE 55P03 after 100 ms, the call counted as lost
      expect(await l.entry('renewed')).toBe(persist(sample));
    } finally {
      await l.close();
      await pool.end();
    }
  }, 30_000);
});

describe('PostgreSQL notifications (issue 36: a call nobody waits for costs no NOTIFY)', () => {
  it('TR-REPLAY-26: a finish that found nobody waiting sends no notification, and a waiter whose LISTEN came after it still wakes at the commit', async () => {
    const admin = new pg.Client(cluster.connection);
    await admin.connect();
    const database = `notify_${++n}`;
    await admin.query(`CREATE DATABASE ${database}`);
    const connection = { ...cluster.connection, database };
    // The claimant's finish is held between its statement (which locked the row and took the waiter
    // lock) and its commit, as a slow fsync holds it; its statements are recorded.
    const sent: string[] = [];
    let finishing: (() => void) | undefined;
    const heldFinish = new Promise<void>((resolve) => (finishing = resolve));
    let commit: (() => void) | undefined;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const pool = new pg.Pool({ ...connection, max: 4 });
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...a: unknown[]) => Promise<pg.QueryResult>;
      (client as unknown as { query: unknown }).query = async (...a: unknown[]) => {
        const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text: string }).text;
        sent.push(text);
        if (!text.startsWith("UPDATE toolresult_ledger SET state = 'stored'")) return query(...a);
        await query('BEGIN');
        const r = await query(...a);
        finishing?.();
        await committed;
        await query('COMMIT');
        return r;
      };
    });
    // The waiter's LISTEN is held until the claimant's statement was granted the waiter lock (nobody waited then).
    let listen: (() => void) | undefined;
    const listenGate = new Promise<void>((resolve) => (listen = resolve));
    const clientQuery = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
      if (a[0] === 'LISTEN toolresult_ledger') return listenGate.then(() => (clientQuery as (...b: unknown[]) => Promise<unknown>).apply(this, a));
      return (clientQuery as (...b: unknown[]) => unknown).apply(this, a);
    } as typeof clientQuery;
    const a = await openPostgresLedger({ pool, leaseMs: 60_000 });
    const b = await openPostgresLedger({ connection, leaseMs: 60_000 });
    try {
      const first = await a.claim('raced');
      const waiting = await b.claim('raced');
      if (first.status !== 'claimed' || waiting.status !== 'pending') throw new Error('expected a claim and a pending duplicate');
      const finished = first.finish(persist(sample));
      await heldFinish; // the finish's statement ran: nobody was listening yet
      listen!();
      // The waiter listens, then takes the waiter lock, which waits for the finish's commit (the finish
      // holds it exclusively), then reads the row. (Else it would see the claim and sleep 60 s.)
      for (let i = 0; i < 100; i++) {
        const w = await admin.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'", [database]);
        if (w.rows[0].n > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      commit!();
      await finished;
      // A hang guard: the lease is 60 s; woken at the commit takes ms.
      const woke = await Promise.race([waiting.settled.then(() => 'woken'), new Promise((r) => setTimeout(() => r('asleep'), 10_000).unref())]);
      expect(woke).toBe('woken');
      expect(await b.claim('raced')).toEqual({ status: 'stored', entry: persist(sample) });
      await a.close();
      // One statement to claim and one to finish; no notification: none was listening then.
      expect(sent.filter((t) => t.includes('pg_notify'))).toEqual([]);
      expect(sent.filter((t) => t.startsWith('INSERT INTO toolresult_ledger') || t.startsWith('UPDATE toolresult_ledger'))).toHaveLength(2);
    } finally {
      pg.Client.prototype.query = clientQuery;
      listen?.();
      commit?.();
      await a.close();
      await b.close();
      await pool.end();
      await admin.end();
    }
  }, 30_000);
});
