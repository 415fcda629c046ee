// Claims+finishes per second for each ledger backend, with 1 and with 8 worker processes, measured
// side by side in one run (spec/07-replay.md §7.4). Each call is new: one claim, the suite tool (no
// delay), one finish. Stores use their durable defaults (SQLite synchronous=FULL; PostgreSQL fsync
// on), on a throwaway cluster. Targets: no call ran twice and none was lost.
//   npm run bench -- ledger            TOOLRESULT_BENCH_LEDGER_CALLS=4000 npm run bench -- ledger
import { postgresBackend, sqliteBackend, memoryBackend, pythonWorker, tsWorker, type SuiteBackend } from '../conformance/ledger-suite/backends.ts';
import { startPostgresCluster } from '../test/postgres-cluster.ts';
import type { BenchOutcome } from './index.ts';

export const name = 'ledger';

const CALLS = Number(process.env.TOOLRESULT_BENCH_LEDGER_CALLS ?? 1600);

async function rate(b: SuiteBackend, processes: number, tag: string): Promise<{ perSecond: number; duplicates: number; lost: number; error?: string }> {
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
    return {
      perSecond: CALLS / seconds,
      duplicates: [...runs.values()].filter((n) => n > 1).length,
      lost: rows.filter((r) => r[1] === null).length + (CALLS - runs.size),
      error: rows.find((r) => r[1] === null)?.slice(3).join(': '),
    };
  } finally {
    await Promise.all(ws.map((w) => w.close()));
  }
}

export async function run(): Promise<BenchOutcome> {
  const cluster = startPostgresCluster();
  const backends: SuiteBackend[] = [memoryBackend(), sqliteBackend('sqlite', tsWorker, { leaseMs: 30_000 }), sqliteBackend('python-sqlite', pythonWorker, { leaseMs: 30_000 }), postgresBackend(cluster, { leaseMs: 30_000 })];
  const targets: { name: string; met: boolean }[] = [];
  const table: string[] = [];
  try {
    for (const b of backends) {
      const one = await rate(b, 1, b.name);
      const eight = await rate(b, 8, b.name);
      const unit = b.processes ? 'processes' : 'tasks in one process';
      table.push(`  ${b.name.padEnd(14)} 1: ${one.perSecond.toFixed(0).padStart(6)}/s   8 ${unit}: ${eight.perSecond.toFixed(0).padStart(6)}/s   (8 vs 1: ${(eight.perSecond / one.perSecond).toFixed(2)}x)`);
      const error = one.error ?? eight.error;
      targets.push({ name: `${b.name}: no call ran twice, none lost (${one.duplicates + eight.duplicates} twice, ${one.lost + eight.lost} lost${error ? `; first error: ${error}` : ''})`, met: one.duplicates + eight.duplicates + one.lost + eight.lost === 0 });
    }
  } finally {
    for (const b of backends) await b.dispose();
    cluster.stop();
  }
  console.log(`  claims+finishes per second, ${CALLS} new calls per row:`);
  for (const line of table) console.log(line);
  return { targets };
}
