// The Go implementation's SQLite (modernc.org/sqlite) and PostgreSQL (pgx) ledgers through the same
// ledger suite, out of process (implementations/go/cmd/toolresult-ledger-worker), and Go beside the
// other languages on one store: an entry one writes replays byte-identical in the others
// (TR-REPLAY-35), all write the same bytes for the same call, and a mixed race runs the tool once.
// The opening refusals (TR-REPLAY-33, -37) are checked on PostgreSQL here; SQLite's in Go's own tests.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../test/support/postgres-cluster.ts';
import { buildGoWorker, goWorker, postgresBackend, pythonWorker, sqliteBackend, tsWorker, type SuiteBackend, type WorkerCommand } from './backends.ts';
import { ledgerCalls, ledgerSuite } from './cases.ts';
import { ProcessWorker } from './workers.ts';
import { INTERRUPTED_ENTRY } from '../reference-impl/internal.ts';

const calls = ledgerCalls();
const figures: string[] = [];
const go = goWorker(buildGoWorker());

function suiteFor(name: string, make: () => SuiteBackend) {
  describe(`ledger suite: ${name}`, () => {
    let backend: SuiteBackend;
    beforeAll(() => {
      backend = make();
    });
    afterAll(() => backend?.dispose());
    for (const c of ledgerSuite(calls)) {
      it(`${c.name} (${c.requirements.join(', ')})`, async (ctx) => {
        const why = c.notApplicable(backend);
        if (why !== undefined) {
          figures.push(`${name} ${c.name}: not applicable (${why})`);
          ctx.skip(`not applicable to ${name}: ${why}`);
        }
        figures.push(`${name} ${c.name}: ${JSON.stringify(await c.run(backend))}`);
      }, 120_000);
    }
  });
}

let cluster: PostgresCluster | undefined;
beforeAll(() => {
  cluster = startPostgresCluster({ fast: true });
}, 120_000);
afterAll(() => cluster?.stop());

suiteFor('go-sqlite', () => sqliteBackend('go-sqlite', go));
suiteFor('go-postgres', () => postgresBackend(cluster!, { name: 'go-postgres', command: go }));

type Lang = 'go' | 'ts' | 'py';
const COMMANDS: Record<Lang, WorkerCommand> = { go, ts: tsWorker, py: pythonWorker };
const ids = (p: string) => Array.from({ length: 8 }, (_, i) => `${p}-${i}`);

async function execAll(w: ProcessWorker, callIds: string[]) {
  const out: Record<string, { entry: string; replayed: boolean }> = {};
  for (const id of callIds) {
    const r = await w.execute(id).done;
    if (!r.ok) throw new Error(`${id}: ${r.code} ${r.message}`);
    out[id] = { entry: r.entry, replayed: r.replayed };
  }
  return out;
}

/** Cross-language checks on one kind of store; `store(name)` is a fresh store per name. */
function crossLanguage(kind: string, langs: Lang[], store: (name: string) => Promise<Record<string, unknown>>) {
  describe(`one ${kind} store, ${langs.join(', ')}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolresult-go-cross-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const log = join(dir, 'executions.log');
    const start = async (lang: Lang, s: Record<string, unknown>): Promise<ProcessWorker> => {
      const w = new ProcessWorker(COMMANDS[lang](s, log));
      await w.ready;
      return w;
    };

    it('TR-REPLAY-35: entries Go writes replay byte-identical in the other languages, and theirs in Go', async () => {
      const s = await store('shared');
      const ws = await Promise.all(langs.map((l) => start(l, s)));
      try {
        const first = new Map<Lang, Record<string, { entry: string; replayed: boolean }>>();
        for (const [k, l] of langs.entries()) first.set(l, await execAll(ws[k]!, ids(`${kind}-${l}-first`)));
        for (const [k, reader] of langs.entries()) {
          for (const writer of langs) {
            if (writer === reader) continue;
            const back = await execAll(ws[k]!, ids(`${kind}-${writer}-first`));
            for (const id of ids(`${kind}-${writer}-first`))
              expect(back[id], `${reader} replaying ${writer}'s ${id}`).toEqual({ entry: first.get(writer)![id]!.entry, replayed: true });
          }
        }
        const kinds = new Set(Object.values(first.get('go')!).map((e) => JSON.parse(e.entry).result.isError));
        expect(kinds).toEqual(new Set([true, false])); // failures cross too
      } finally {
        await Promise.all(ws.map((w) => w.close()));
      }
    }, 90_000);

    it('TR-REPLAY-2, TR-REPLAY-35: every language stores the same bytes for the same call', async () => {
      const entries: Record<string, { entry: string }>[] = [];
      for (const l of langs) {
        const w = await start(l, await store(`only-${l}`));
        try {
          entries.push(await execAll(w, ids(`${kind}-same`)));
        } finally {
          await w.close();
        }
      }
      for (const id of ids(`${kind}-same`)) for (const e of entries.slice(1)) expect(e[id]!.entry).toBe(entries[0]![id]!.entry);
    }, 90_000);

    it('TR-REPLAY-20: Go and the other languages racing one call ID run the tool once', async () => {
      const s = await store('race');
      const ws = await Promise.all([...langs, 'go'].map((l) => start(l as Lang, s)));
      try {
        for (const callId of [`${kind}-mixed-1`, `${kind}-mixed-2`, `${kind}-mixed-3`]) {
          const replies = await Promise.all(ws.map((w) => w.execute(callId, { delayMs: 120 }).done));
          expect(new Set(replies.map((r) => (r.ok ? r.entry : r.code))).size).toBe(1);
          expect(replies.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
          expect(
            readFileSync(log, 'utf8')
              .split('\n')
              .filter((l) => l === callId),
          ).toHaveLength(1);
        }
      } finally {
        await Promise.all(ws.map((w) => w.close()));
      }
    }, 90_000);
  });
}

const sqliteDir = mkdtempSync(join(tmpdir(), 'toolresult-go-cross-sqlite-'));
afterAll(() => rmSync(sqliteDir, { recursive: true, force: true }));
crossLanguage('sqlite', ['go', 'ts', 'py'], async (name) => ({ backend: 'sqlite', path: join(sqliteDir, `${name}.db`), leaseMs: 1_000 }));

let pgDbs = 0;
async function pgDatabase(setup?: string): Promise<Record<string, unknown>> {
  const { default: pg } = await import('pg');
  const db = `go_cross_${++pgDbs}`;
  const c = new pg.Client(cluster!.connection);
  await c.connect();
  await c.query(`CREATE DATABASE ${db}`);
  await c.end();
  const connection = { ...cluster!.connection, database: db };
  if (setup !== undefined) {
    const d = new pg.Client(connection);
    await d.connect();
    await d.query(setup);
    await d.end();
  }
  return { backend: 'postgres', connection, leaseMs: 1_000, lockTimeoutMs: 300 };
}
crossLanguage('postgres', ['go', 'ts'], () => pgDatabase());

describe('go-postgres: opening refusals (TR-REPLAY-33, TR-REPLAY-37)', () => {
  const cases: [string, string, string | undefined][] = [
    ['a ledger table with other columns', 'CREATE TABLE toolresult_ledger (id int)', 'ledger.store_conflict'],
    ['some ledger tables without the others', 'CREATE TABLE toolresult_meta (key text PRIMARY KEY, value text NOT NULL)', 'ledger.store_conflict'],
    [
      'a meta table without its layout row',
      'CREATE TABLE toolresult_meta (key text PRIMARY KEY, value text NOT NULL); CREATE TABLE toolresult_ledger (call_id text, state text, token uuid, lease_until timestamptz, entry bytea, interrupted boolean, claimed_at timestamptz, finished_at timestamptz); CREATE TABLE toolresult_audit (seq bigint, call_id text, level text, record bytea, written_at timestamptz)',
      'ledger.store_no_layout',
    ],
    [
      'a layout it does not know',
      "CREATE TABLE toolresult_meta (key text PRIMARY KEY, value text NOT NULL); INSERT INTO toolresult_meta VALUES ('layout', '3'); CREATE TABLE toolresult_ledger (call_id text, state text, token uuid, lease_until timestamptz, entry bytea, interrupted boolean, claimed_at timestamptz, finished_at timestamptz); CREATE TABLE toolresult_audit (seq bigint, call_id text, level text, record bytea, written_at timestamptz)",
      'ledger.store_layout',
    ],
    ['other tables only (a ledger lives beside them)', 'CREATE TABLE invoices (id int)', undefined],
  ];
  for (const [what, setup, code] of cases) {
    it(`${what}: ${code ?? 'opens, and creates its tables'}`, async () => {
      const s = await pgDatabase(setup);
      const dir = mkdtempSync(join(tmpdir(), 'toolresult-go-open-'));
      const w = new ProcessWorker(go(s, join(dir, 'log')));
      try {
        if (code === undefined) {
          await w.ready;
          const r = await w.execute('opened-1').done;
          expect(r.ok).toBe(true);
        } else {
          await expect(w.ready).rejects.toMatchObject({ code });
        }
      } finally {
        await w.close();
        rmSync(dir, { recursive: true, force: true });
      }
    }, 30_000);
  }
});

/** Workers of one store (Go unless said), their log, and a way to stop them all. */
function workersOn(s: Record<string, unknown>) {
  const dir = mkdtempSync(join(tmpdir(), 'toolresult-go-rows-'));
  const started: ProcessWorker[] = [];
  return {
    log: join(dir, 'executions.log'),
    start: async (lang: Lang = 'go'): Promise<ProcessWorker> => {
      const w = new ProcessWorker(COMMANDS[lang](s, join(dir, 'executions.log')));
      started.push(w);
      await w.ready;
      return w;
    },
    runs: (callId: string): number =>
      readFileSync(join(dir, 'executions.log'), 'utf8')
        .split('\n')
        .filter((l) => l === callId).length,
    close: async () => {
      for (const w of started) w.signal('SIGCONT');
      await Promise.all(started.map((w) => w.close()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

// TR-REPLAY-22..24 out of process: a worker paused (SIGSTOP) mid-call stops renewing; a duplicate
// gets the interrupted entry once the lease ran out; the paused worker, resumed, finishes too late
// (ledger.lease_lost) and its seam returns the stored interrupted entry: one run, one answer.
for (const kind of ['sqlite', 'postgres'] as const) {
  it(`go-${kind}: TR-REPLAY-24: a worker paused by SIGSTOP mid-call gets the interrupted entry when resumed`, async () => {
    const s = kind === 'sqlite' ? { backend: 'sqlite', path: join(sqliteDir, 'sigstop.db'), leaseMs: 1_000 } : await pgDatabase();
    const ws = workersOn(s);
    try {
      const [paused, other] = [await ws.start(), await ws.start()];
      const call = paused.execute(`${kind}-sigstop-1`, { delayMs: 2_500 });
      await call.running;
      paused.signal('SIGSTOP');
      const dup = await other.execute(`${kind}-sigstop-1`).done;
      expect(dup).toMatchObject({ ok: true, entry: INTERRUPTED_ENTRY, replayed: true });
      paused.signal('SIGCONT');
      expect(await call.done).toMatchObject({ ok: true, entry: INTERRUPTED_ENTRY, replayed: true });
      expect(ws.runs(`${kind}-sigstop-1`)).toBe(1);
    } finally {
      await ws.close();
    }
  }, 60_000);
}

// Spec §7.7's row states on PostgreSQL, as an operator leaves them: each has its one outcome, and a
// waiter on a far or infinite lease sleeps and wakes at least once per lease length (TR-REPLAY-36).
it('go-postgres: TR-REPLAY-36: every row state an operator can leave has its outcome', async () => {
  const s = await pgDatabase();
  const ws = workersOn(s);
  const { default: pg } = await import('pg');
  const c = new pg.Client(s.connection as object);
  try {
    const w = await ws.start(); // creates the tables
    await c.connect();
    const row = (id: string, state: string, lease: string, entry = 'NULL', token = "'00000000-0000-4000-8000-000000000000'") =>
      c.query(
        `INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, claimed_at) VALUES ('${id}', '${state}', ${state === 'stored' ? 'NULL' : token}, ${lease}, ${entry}, now())`,
      );
    await row('stored-null', 'stored', 'NULL');
    await row('past', 'claimed', "'-infinity'");
    await row('null-lease', 'claimed', 'NULL');
    await row('null-token', 'claimed', "now() - interval '1 second'", 'NULL', 'NULL');
    await row('infinite', 'claimed', "'infinity'");
    await row('far', 'claimed', "now() + interval '60 years'", "'\\x7b7d'");
    expect(await w.execute('stored-null').done).toMatchObject({ ok: false, code: 'ledger.malformed' });
    for (const id of ['past', 'null-lease', 'null-token'])
      expect(await w.execute(id).done, id).toMatchObject({ ok: true, entry: INTERRUPTED_ENTRY, replayed: true });
    const infinite = w.execute('infinite').done;
    const far = w.execute('far').done;
    let answered = 0;
    void infinite.then(() => answered++);
    void far.then(() => answered++);
    await sleep(1_500);
    expect(answered).toBe(0); // pending while the claims' leases run
    // The operator releases one claim (deletes its row) and ends the other (moves its lease into the past).
    await c.query("DELETE FROM toolresult_ledger WHERE call_id = 'infinite'");
    await c.query("UPDATE toolresult_ledger SET lease_until = now() - interval '1 second' WHERE call_id = 'far'");
    expect(await infinite).toMatchObject({ ok: true, replayed: false }); // claimed anew: the tool ran
    expect(await far).toMatchObject({ ok: true, entry: INTERRUPTED_ENTRY, replayed: true });
    expect(ws.runs('infinite')).toBe(1);
    expect(ws.runs('far')).toBe(0);
  } finally {
    await c.end().catch(() => {});
    await ws.close();
  }
}, 60_000);

afterAll(() => {
  console.log(`go ledger suite figures (${calls} calls in the race):\n  ${figures.join('\n  ')}`);
});
