// The Go implementation's SQLite (modernc.org/sqlite) and PostgreSQL (pgx) ledgers through the same
// ledger suite, out of process (implementations/go/cmd/toolresult-ledger-worker), and Go beside the
// other languages on one store: an entry one writes replays byte-identical in the others
// (TR-REPLAY-35), all write the same bytes for the same call, and a mixed race runs the tool once.
// The opening refusals (TR-REPLAY-33, -37) are checked on PostgreSQL here; SQLite's in Go's own tests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../../test/postgres-cluster.ts';
import { goWorker, postgresBackend, pythonWorker, sqliteBackend, tsWorker, type SuiteBackend, type WorkerCommand } from './backends.ts';
import { ledgerCalls, ledgerSuite } from './cases.ts';
import { ProcessWorker } from './workers.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const calls = ledgerCalls();
const figures: string[] = [];
const bin = join(mkdtempSync(join(tmpdir(), 'toolresult-go-worker-')), 'toolresult-ledger-worker');
// go build fetches the pinned modules (go.sum) from the Go module proxy when the cache lacks them.
execFileSync('go', ['build', '-o', bin, './cmd/toolresult-ledger-worker'], { cwd: join(ROOT, 'implementations', 'go'), stdio: 'inherit' });
const go = goWorker(bin);

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
            for (const id of ids(`${kind}-${writer}-first`)) expect(back[id], `${reader} replaying ${writer}'s ${id}`).toEqual({ entry: first.get(writer)![id]!.entry, replayed: true });
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
          expect(readFileSync(log, 'utf8').split('\n').filter((l) => l === callId)).toHaveLength(1);
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
    ['a meta table without its layout row', "CREATE TABLE toolresult_meta (key text PRIMARY KEY, value text NOT NULL); CREATE TABLE toolresult_ledger (call_id text, state text, token uuid, lease_until timestamptz, entry bytea, interrupted boolean, claimed_at timestamptz, finished_at timestamptz); CREATE TABLE toolresult_audit (seq bigint, call_id text, level text, record bytea, written_at timestamptz)", 'ledger.store_no_layout'],
    ['a layout it does not know', "CREATE TABLE toolresult_meta (key text PRIMARY KEY, value text NOT NULL); INSERT INTO toolresult_meta VALUES ('layout', '2'); CREATE TABLE toolresult_ledger (call_id text, state text, token uuid, lease_until timestamptz, entry bytea, interrupted boolean, claimed_at timestamptz, finished_at timestamptz); CREATE TABLE toolresult_audit (seq bigint, call_id text, level text, record bytea, written_at timestamptz)", 'ledger.store_layout'],
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

afterAll(() => {
  console.log(`go ledger suite figures (${calls} calls in the race):\n  ${figures.join('\n  ')}`);
});
