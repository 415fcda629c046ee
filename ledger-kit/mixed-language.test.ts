// Every language on one store (TR-REPLAY-20, -23, -27, -35): workers of each implementation race on
// the same SQLite file and the same PostgreSQL database for the same call IDs, and some are killed
// mid-call. Each call runs once, every caller of every language gets the same entry bytes, and a
// killed call's entry is the pinned interrupted entry, the same bytes for everyone.
//
// The languages are the list LANGUAGES below: a language joins the race by one entry there (its
// worker command, from backends.ts).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_ENTRY } from '../reference-impl/internal.ts';
import { startPostgresCluster, type PostgresCluster } from '../test/support/postgres-cluster.ts';
import { buildGoWorker, goWorker, phpWorker, pythonWorkerWith, tsWorker, type WorkerCommand } from './backends.ts';
import { pythonPostgres } from './python-postgres-venv.ts';
import { ProcessWorker } from './workers.ts';

/** One worker command per language; Python's interpreter is the venv that has its PostgreSQL driver. */
const LANGUAGES: ReadonlyArray<readonly [name: string, command: () => WorkerCommand]> = [
  ['typescript', () => tsWorker],
  ['python', () => pythonWorkerWith(pythonPostgres())],
  ['php', () => phpWorker],
  ['go', () => goWorker(buildGoWorker())],
];

const LEASE_MS = 1_000;
const PER_LANGUAGE = 2;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

let cluster: PostgresCluster;
const dir = mkdtempSync(join(tmpdir(), 'toolresult-mixed-'));
beforeAll(async () => {
  cluster = startPostgresCluster({ fast: true });
  const { default: pg } = await import('pg');
  const c = new pg.Client(cluster.connection);
  await c.connect();
  await c.query('CREATE DATABASE mixed_languages');
  await c.end();
}, 240_000);
afterAll(() => {
  cluster?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const stores = {
  sqlite: () => ({ backend: 'sqlite', path: join(dir, 'mixed.db'), leaseMs: LEASE_MS }),
  postgres: () => ({ backend: 'postgres', connection: { ...cluster.connection, database: 'mixed_languages' }, leaseMs: LEASE_MS }),
};

for (const [storeName, store] of Object.entries(stores)) {
  describe(`${LANGUAGES.map(([n]) => n).join(', ')} on one ${storeName} store`, () => {
    const log = join(dir, `${storeName}.log`);
    const executions = (id: string): number =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l === id).length;
    let workers: Array<{ lang: string; w: ProcessWorker }> = [];
    const start = async (_lang: string, command: WorkerCommand): Promise<ProcessWorker> => {
      const w = new ProcessWorker(command(store(), log));
      await w.ready;
      return w;
    };
    beforeAll(async () => {
      // Started one language at a time: the first opener of the SQLite file creates it.
      for (const [lang, command] of LANGUAGES) {
        const ws = await Promise.all(Array.from({ length: PER_LANGUAGE }, () => start(lang, command())));
        workers.push(...ws.map((w) => ({ lang, w })));
      }
    }, 240_000);
    afterAll(async () => {
      await Promise.all(workers.map(({ w }) => w.close()));
      workers = [];
    });

    it('TR-REPLAY-20, TR-REPLAY-35: every worker of every language races each call ID; the tool runs once and all get the same bytes', async () => {
      // Nine IDs: the suite tool's three kinds (success, error result, throwing tool) among them.
      const ids = Array.from({ length: 9 }, (_, i) => `mixed-${storeName}-race-${i}`);
      for (const id of ids) {
        const replies = await Promise.all(workers.map(({ w }) => w.execute(id, { delayMs: 100 }).done));
        const bad = replies.find((r) => !r.ok);
        expect(bad, `${id}: ${JSON.stringify(bad)}`).toBeUndefined();
        const entries = replies.map((r) => (r.ok ? r.entry : ''));
        expect(new Set(entries).size, `${id}: entries differ between ${workers.map((x) => x.lang).join(', ')}`).toBe(1);
        expect(
          replies.filter((r) => r.ok && !r.replayed),
          `${id}: callers that ran the tool`,
        ).toHaveLength(1);
        expect(executions(id), `${id}: executions`).toBe(1);
      }
      // Each language reads back the stored bytes it was given.
      const stored = await Promise.all(workers.map(({ w }) => w.entries(ids)));
      for (const s of stored) expect(s).toEqual(stored[0]);
      const kinds = new Set(ids.map((id) => JSON.parse(stored[0]![id]!).result.isError));
      expect(kinds).toEqual(new Set([true, false]));
    }, 120_000);

    it('TR-REPLAY-22, TR-REPLAY-23, TR-REPLAY-25: a worker of each language killed mid-call; every other caller gets the same interrupted entry', async () => {
      const victims = await Promise.all(
        LANGUAGES.map(async ([lang, command]) => ({ lang, w: await start(lang, command()), id: `mixed-${storeName}-killed-by-${lang}` })),
      );
      try {
        for (const v of victims) {
          const doomed = v.w.execute(v.id, { hang: true });
          doomed.done.catch(() => {}); // it dies with the worker
          await doomed.running;
        }
        // Every worker asks for every victim's call ID (a worker's requests one after another).
        const waiting = workers.map(({ lang, w }) =>
          (async () => {
            const out: Record<string, string> = {};
            for (const v of victims) {
              const r = await w.execute(v.id).done;
              out[v.id] = r.ok ? (r.replayed ? r.entry : `${lang} ran the tool`) : `${lang}: ${r.code} ${r.message}`;
            }
            return out;
          })(),
        );
        // The claims stay live past their first lease: each victim's store renews them.
        const early = await Promise.race([Promise.all(waiting).then(() => 'answered'), sleep(LEASE_MS * 1.5).then(() => 'waiting')]);
        expect(early, 'a duplicate of a live claim answered before its claimant died').toBe('waiting');
        for (const v of victims) v.w.kill();
        const answers = await Promise.all(waiting);
        for (const a of answers) for (const v of victims) expect(a[v.id], `${v.id}`).toBe(INTERRUPTED_ENTRY);
        for (const v of victims) expect(executions(v.id), `${v.id}: executions`).toBe(1);
        // A fresh worker of each language, started after the kills, replays the same bytes.
        const late = await Promise.all(LANGUAGES.map(async ([, command]) => start('late', command())));
        try {
          for (const w of late) {
            const entries = await w.entries(victims.map((v) => v.id));
            for (const v of victims) expect(entries[v.id]).toBe(INTERRUPTED_ENTRY);
          }
        } finally {
          await Promise.all(late.map((w) => w.close()));
        }
      } finally {
        await Promise.all(victims.map((v) => v.w.close()));
      }
    }, 120_000);

    it('TR-REPLAY-45, TR-REPLAY-44: a task one language records is taken over by the next after its worker is killed; every language reads the one finished entry', async () => {
      const recorders = await Promise.all(
        LANGUAGES.map(async ([lang, command], i) => ({ lang, i, w: await start(lang, command()), id: `mixed-${storeName}-task-of-${lang}` })),
      );
      const taskOf = (id: string): string => `tâche ${id} "☃" \u2028`;
      try {
        for (const r of recorders) {
          expect(await r.w.claim(r.id), `${r.lang} claims ${r.id}`).toMatchObject({ ok: true, status: 'claimed' });
          expect(await r.w.recordTask(r.id, taskOf(r.id)), `${r.lang} records the task of ${r.id}`).toEqual({ ok: true });
        }
        for (const r of recorders) r.w.kill();
        // The next language (one of the shared workers) takes each over once the lease ran out.
        for (const r of recorders) {
          const next = workers.find(({ lang }) => lang === LANGUAGES[(r.i + 1) % LANGUAGES.length]![0])!;
          let reply = await next.w.claim(r.id);
          for (let n = 0; n < 40 && reply.ok && reply.status === 'pending'; n++) {
            await sleep(LEASE_MS / 4);
            reply = await next.w.claim(r.id);
          }
          expect(reply, `${next.lang} takes over the task ${r.lang} recorded`).toEqual({ ok: true, status: 'claimed', task: { taskId: taskOf(r.id) } });
          expect(await next.w.finish(r.id, `{"result":{"artifacts":[],"content":"task of ${r.lang} done","isError":false,"warnings":[]},"version":1}`)).toEqual(
            {
              ok: true,
            },
          );
        }
        const ids = recorders.map((r) => r.id);
        const stored = await Promise.all(workers.map(({ w }) => w.entries(ids)));
        for (const r of recorders)
          expect(stored[0]![r.id]).toBe(`{"result":{"artifacts":[],"content":"task of ${r.lang} done","isError":false,"warnings":[]},"version":1}`);
        for (const s of stored) expect(s).toEqual(stored[0]);
        for (const id of ids) expect(executions(id), `${id}: executions`).toBe(0);
      } finally {
        await Promise.all(recorders.map((r) => r.w.close()));
      }
    }, 120_000);
  });
}

// TR-REPLAY-26: a store may skip the notification nobody waits for (the TypeScript store does), so
// each language's waiter must hold the waiter lock while it waits. The claimant is a TypeScript store
// in this process; the waiter, a worker of each language with a 60 s lease, so only a notification
// wakes it before the hang guard. Counted, not timed: the lock held, one notification sent.
describe('TR-REPLAY-26: a waiter of every language holds the PostgreSQL waiter lock, and a TypeScript finish notifies it', () => {
  const log = join(dir, 'waiter-lock.log');
  const heldLocks = `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND objsubid = 2 AND mode = 'ShareLock' AND granted
      AND classid::bigint = (hashtext('toolresult_ledger waiter')::bigint & 4294967295) AND objid::bigint = (hashtext($1)::bigint & 4294967295)`;
  for (const [lang, command] of LANGUAGES) {
    it(`${lang}: the waiter holds the lock while it waits, is notified and woken by the finish, and gives the lock up`, async () => {
      const { default: pg } = await import('pg');
      const { openPostgresLedger } = await import('../reference-impl/ledger/postgres.ts');
      const { bound, persist, ToolResult } = await import('../reference-impl/index.ts');
      const connection = { ...cluster.connection, database: 'mixed_languages' };
      const sent: string[] = [];
      const pool = new pg.Pool({ ...connection, max: 2 });
      pool.on('connect', (client) => {
        const query = client.query.bind(client) as (...a: unknown[]) => Promise<pg.QueryResult>;
        (client as unknown as { query: unknown }).query = (...a: unknown[]) => {
          sent.push(typeof a[0] === 'string' ? a[0] : (a[0] as { text: string }).text);
          return query(...a);
        };
      });
      const admin = new pg.Client(connection);
      await admin.connect();
      const claimant = await openPostgresLedger({ pool, leaseMs: 60_000 });
      const w = new ProcessWorker(command()({ backend: 'postgres', connection, leaseMs: 60_000 }, log));
      const id = `waiter-lock-${lang}`;
      try {
        await w.ready;
        const first = await claimant.claim(id);
        if (first.status !== 'claimed') throw new Error(`expected the claim of ${id}`);
        const reply = w.execute(id).done;
        reply.catch(() => {}); // a failure is reported by the race below, not as an unhandled rejection
        let held = 0;
        for (let i = 0; i < 400 && held === 0; i++) {
          held = (await admin.query(heldLocks, [id])).rows[0].n;
          if (held === 0) await sleep(50);
        }
        expect(held, `${lang}'s waiter holds the waiter lock of ${id}`).toBe(1);
        const entry = persist(bound(ToolResult.text(`done: ${id}`)));
        await first.finish(entry);
        // A hang guard: the waiter's own timer is 60 s; a notification wakes it in ms.
        const answer = await Promise.race([reply, sleep(20_000).then(() => 'asleep' as const)]);
        expect(answer).toMatchObject({ ok: true, replayed: true });
        // Sent after the finish's commit, not awaited by it: counted once the waiter has answered.
        expect(
          sent.filter((t) => t.includes('pg_notify')),
          'notifications the finish sent',
        ).toHaveLength(1);
        let left = 1;
        for (let i = 0; i < 200 && left > 0; i++) {
          left = (await admin.query(heldLocks, [id])).rows[0].n;
          if (left > 0) await sleep(50);
        }
        expect(left, `${lang}'s waiter gave the waiter lock up`).toBe(0);
      } finally {
        await w.close();
        await claimant.close();
        await pool.end();
        await admin.end();
      }
    }, 60_000);
  }
});
