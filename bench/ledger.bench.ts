// Claims+finishes per second for each ledger backend, with 1 and 8 worker processes (and 32 for
// PostgreSQL), each beside its durability floor measured in the same run: as many processes making
// the same two commits per call with none of the ledger's logic (ledger-floor-worker.ts). Each call
// is new: one claim, the suite tool (no delay), one finish. Stores use their durable defaults (SQLite
// synchronous=FULL; PostgreSQL fsync on), on a throwaway cluster. Targets: no call ran twice, none
// lost, none failed, and every durable backend at ≥ 0.5 of its floor.
//   npm run bench -- ledger            TOOLRESULT_BENCH_LEDGER_CALLS=4000 npm run bench -- ledger
import { postgresBackend, sqliteBackend, memoryBackend, pythonWorker, tsWorker, type SuiteBackend } from '../conformance/ledger-suite/backends.ts';
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startPostgresCluster, type PostgresCluster } from '../test/postgres-cluster.ts';
import type { BenchOutcome } from './index.ts';

export const name = 'ledger';

const CALLS = Number(process.env.TOOLRESULT_BENCH_LEDGER_CALLS ?? 1600);

async function rate(b: SuiteBackend, processes: number, tag: string): Promise<{ perSecond: number; duplicates: number; failed: number; lost: number; error?: string }> {
  const ws = await Promise.all(Array.from({ length: processes }, () => b.startWorker()));
  try {
    const ids = Array.from({ length: CALLS }, (_, i) => `bench-${tag}-${processes}-${i}`);
    const lists = ws.map((_, k) => ids.filter((_, i) => i % processes === k));
    await Promise.all(ws.map((w, k) => w.batch([`warm-${tag}-${processes}-${k}`]))); // connections, JIT
    const t0 = performance.now();
    const rows = (await Promise.all(ws.map((w, k) => w.batch(lists[k]!)))).flat();
    const seconds = (performance.now() - t0) / 1000;
    const runs = new Map<string, number>();
    for (const id of b.executions()) if (id.startsWith(`bench-${tag}-${processes}-`)) runs.set(id, (runs.get(id) ?? 0) + 1);
    // Three different things, counted apart: a call whose tool ran twice; a call that failed with a
    // store error (reported to its caller, its claim left to become the interrupted entry, so it
    // never runs again: TR-REPLAY-30); and a lost call, one that neither ran, nor failed, nor was
    // answered. Counting a store error as lost is how one loaded run once reported a "lost" call.
    const failedIds = new Set(rows.filter((r) => r[1] === null).map((r) => r[0]));
    const answered = new Set(rows.map((r) => r[0]));
    return {
      perSecond: CALLS / seconds,
      duplicates: [...runs.values()].filter((n) => n > 1).length,
      failed: failedIds.size,
      lost: ids.filter((id) => !answered.has(id) || (!runs.has(id) && !failedIds.has(id))).length,
      error: rows.find((r) => r[1] === null)?.slice(3).join(': '),
    };
  } finally {
    await Promise.all(ws.map((w) => w.close()));
  }
}

/** Calls per second of `processes` floor workers (ledger-floor-worker.ts) writing CALLS calls in all. */
async function floorRate(config: Record<string, unknown>, processes: number, tag: string): Promise<number> {
  const workers = Array.from({ length: processes }, () =>
    spawn(process.execPath, ['--import', import.meta.resolve('tsx'), new URL('./ledger-floor-worker.ts', import.meta.url).pathname, JSON.stringify(config)], { stdio: ['pipe', 'pipe', 'inherit'] }),
  );
  const lines = workers.map((w) => createInterface({ input: w.stdout! })[Symbol.asyncIterator]());
  const next = async (k: number, want: string): Promise<void> => {
    const r = await lines[k]!.next();
    if (r.done || r.value !== want) throw new Error(`floor worker ${k}: expected ${want}, got ${r.done ? 'its exit' : r.value}`);
  };
  await Promise.all(workers.map((_, k) => next(k, 'ready')));
  const per = Math.ceil(CALLS / processes);
  const t0 = performance.now();
  workers.forEach((w, k) => w.stdin!.write(`go floor-${tag}-${processes}-${k} ${per}\n`));
  await Promise.all(workers.map((_, k) => next(k, 'done')));
  const seconds = (performance.now() - t0) / 1000;
  // Each worker closes its store and exits before the next row (or the cluster's stop) begins.
  await Promise.all(workers.map((w) => new Promise<void>((resolve) => (w.exitCode !== null ? resolve() : (w.once('exit', () => resolve()), w.stdin!.end())))));
  return (per * processes) / seconds;
}

async function floorDatabase(cluster: PostgresCluster, name: string): Promise<Record<string, unknown>> {
  const { default: pg } = await import('pg');
  const c = new pg.Client(cluster.connection);
  await c.connect();
  await c.query(`CREATE DATABASE ${name}`);
  await c.end();
  const connection = { ...cluster.connection, database: name };
  const d = new pg.Client(connection);
  await d.connect();
  await d.query('CREATE TABLE floor (id text PRIMARY KEY, state text, entry bytea, at timestamptz)');
  await d.end();
  return { backend: 'postgres', connection };
}

export async function run(): Promise<BenchOutcome> {
  const cluster = startPostgresCluster();
  const dir = mkdtempSync(join(tmpdir(), 'toolresult-bench-floor-'));
  const sqliteFloor = { backend: 'sqlite', path: join(dir, 'floor.db') };
  const pgFloor = await floorDatabase(cluster, 'floor_main');
  // Each backend at each client count, its floor measured right after it on the same store kind:
  // the ledger's two commits per call with nothing else (SQLite synchronous=FULL; PostgreSQL fsync on).
  const plan: [SuiteBackend, number[], Record<string, unknown> | undefined][] = [
    [memoryBackend(), [1, 8], undefined],
    [sqliteBackend('sqlite', tsWorker, { leaseMs: 30_000 }), [1, 8], sqliteFloor],
    [sqliteBackend('python-sqlite', pythonWorker, { leaseMs: 30_000 }), [1, 8], sqliteFloor],
    [postgresBackend(cluster, { leaseMs: 30_000 }), [1, 8, 32], pgFloor],
  ];
  const targets: { name: string; met: boolean }[] = [];
  const table: string[] = [];
  try {
    for (const [b, counts, floor] of plan) {
      let twice = 0;
      let lost = 0;
      let failed = 0;
      let error: string | undefined;
      for (const k of counts) {
        const r = await rate(b, k, b.name);
        twice += r.duplicates;
        lost += r.lost;
        failed += r.failed;
        error ??= r.error;
        const f = floor === undefined ? undefined : await floorRate(floor, k, `${b.name}-${k}`);
        const unit = b.processes ? 'processes' : 'tasks';
        const ratio = f === undefined ? undefined : r.perSecond / f;
        table.push(`  ${b.name.padEnd(14)} ${String(k).padStart(2)} ${unit.padEnd(9)} ${r.perSecond.toFixed(0).padStart(6)}/s   floor ${f === undefined ? '     -' : f.toFixed(0).padStart(6)}/s   ratio ${ratio === undefined ? '   -' : ratio.toFixed(2)}`);
        if (ratio !== undefined) targets.push({ name: `${b.name} at ${k}: ${ratio.toFixed(2)} of its floor ≥ 0.5`, met: ratio >= 0.5 });
      }
      targets.push({ name: `${b.name}: no call ran twice, none lost (${twice} twice, ${lost} lost)`, met: twice + lost === 0 });
      targets.push({ name: `${b.name}: no call failed (${failed} failed with a store error${error ? `; first: ${error}` : ''})`, met: failed === 0 });
    }
  } finally {
    for (const [b] of plan) await b.dispose();
    cluster.stop();
  }
  console.log(`  claims+finishes per second, ${CALLS} new calls per row, beside the floor (the same two commits per call, nothing else):`);
  for (const line of table) console.log(line);
  return { targets };
}
