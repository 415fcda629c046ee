// Claims+finishes per second for each ledger backend (TypeScript, Python and Go workers), with 1 and 8 worker processes (and 32 for
// PostgreSQL), each beside its durability floor in interleaved rounds: as many processes making
// the same two commits per call with none of the ledger's logic (ledger-floor-worker.ts; for the Go rows
// implementations/go/cmd/toolresult-ledger-floor, through the Go store's driver). Each call
// is new: one claim, the suite tool (no delay), one finish. Stores use their durable defaults (SQLite
// synchronous=FULL; PostgreSQL fsync on), on a throwaway cluster. Targets: no call ran twice, none
// lost, none failed, and every durable backend at ≥ 0.5 of its floor.
//   npm run bench -- ledger            TOOLRESULT_BENCH_LEDGER_CALLS=4000 npm run bench -- ledger
//   TOOLRESULT_BENCH_LEDGER_WARM=3000: calls per process on each side before the rounds (at most 24,000 a side)
//   TOOLRESULT_BENCH_LEDGER_BACKENDS=sqlite,postgres npm run bench -- ledger   (only the rows named)
import {
  goWorker,
  postgresBackend,
  sqliteBackend,
  memoryBackend,
  phpWorker,
  pythonWorker,
  pythonWorkerWith,
  tsWorker,
  type SuiteBackend,
} from '../ledger-kit/backends.ts';
import { pythonPostgres } from '../ledger-kit/python-postgres-venv.ts';
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startPostgresCluster, type PostgresCluster } from '../test/support/postgres-cluster.ts';
import type { BenchOutcome } from './index.ts';
import { processesCpuMs, serverCpuDelta, serverCpuMs } from './process-cpu.ts';

export const name = 'ledger';

const CALLS = Number(process.env.TOOLRESULT_BENCH_LEDGER_CALLS ?? 1600);
const ONLY = process.env.TOOLRESULT_BENCH_LEDGER_BACKENDS?.split(',')
  .map((b) => b.trim())
  .filter((b) => b !== '');

const ROUNDS = 5;
/**
 * Calls each process makes, on each side, before the rounds (at most 24,000 a side: 3,000 a process
 * up to 8 processes, 750 at 32). A row's rounds are 1,600 calls over all its processes, and a
 * process's first few thousand calls run code V8 has not optimized yet: the TypeScript ledger's
 * worker spent 0.23 ms of CPU a call over its first 5,000 calls and 0.15 after (one process, alone);
 * with one warm-up call it spent 1.3 ms at 8 processes, the floor's worker 0.4 (its code is two
 * statements). Both sides are measured warm, as a long-running worker is.
 */
const WARM = Number(process.env.TOOLRESULT_BENCH_LEDGER_WARM ?? 3000);
if (!Number.isInteger(WARM) || WARM < 1)
  throw new Error(`TOOLRESULT_BENCH_LEDGER_WARM must be a positive integer, not ${process.env.TOOLRESULT_BENCH_LEDGER_WARM}`);
const warmCalls = (processes: number): number => Math.min(WARM, Math.ceil(24000 / processes));

function median(xs: number[]): number {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)]!;
}

interface Side {
  /** Runs `calls` new calls spread over the side's processes; returns the seconds they took. */
  round(tag: string, calls: number): Promise<number>;
  /** The side's worker processes (their CPU time is read around each round). */
  readonly pids: number[];
  close(): Promise<void>;
}

/** CPU time per call, in ms: the workers' (client) and the server's. */
interface Cpu {
  client: number;
  server: number;
}

interface Tally {
  ids: string[];
  failedIds: Set<string>;
  answered: Set<string>;
  error?: string;
}

/** `processes` ledger workers of backend `b`, kept for every round. */
async function ledgerSide(b: SuiteBackend, processes: number, tally: Tally): Promise<Side> {
  const ws = await Promise.all(Array.from({ length: processes }, () => b.startWorker()));
  await Promise.all(ws.map((w, k) => w.batch(Array.from({ length: warmCalls(processes) }, (_, i) => `warm-${b.name}-${processes}-${k}-${i}`)))); // connections, JIT
  return {
    async round(tag, calls) {
      const ids = Array.from({ length: calls }, (_, i) => `bench-${tag}-${i}`);
      tally.ids.push(...ids);
      const lists = ws.map((_, k) => ids.filter((_, i) => i % processes === k));
      const t0 = performance.now();
      const rows = (await Promise.all(ws.map((w, k) => w.batch(lists[k]!)))).flat();
      const seconds = (performance.now() - t0) / 1000;
      for (const r of rows) {
        tally.answered.add(r[0]);
        if (r[1] === null) {
          tally.failedIds.add(r[0]);
          tally.error ??= r.slice(3).join(': ');
        }
      }
      return seconds;
    },
    pids: ws.map((w) => (w as { pid?: number }).pid).filter((p) => p !== undefined),
    close: async () => void (await Promise.all(ws.map((w) => w.close()))),
  };
}

let floorSides = 0;

/** `processes` floor workers (ledger-floor-worker.ts), warmed, kept for every round. */
async function floorSide(floor: Floor, processes: number): Promise<Side> {
  const { config, command } = floor;
  const argv = command ?? [process.execPath, '--import', import.meta.resolve('tsx'), new URL('./ledger-floor-worker.ts', import.meta.url).pathname];
  const workers = Array.from({ length: processes }, () => spawn(argv[0]!, [...argv.slice(1), JSON.stringify(config)], { stdio: ['pipe', 'pipe', 'inherit'] }));
  const lines = workers.map((w) => createInterface({ input: w.stdout! })[Symbol.asyncIterator]());
  const next = async (k: number, want: string): Promise<void> => {
    const r = await lines[k]!.next();
    if (r.done || r.value !== want) throw new Error(`floor worker ${k}: expected ${want}, got ${r.done ? 'its exit' : r.value}`);
  };
  await Promise.all(workers.map((_, k) => next(k, 'ready')));
  const tag = `warm-${processes}-${++floorSides}`; // the floor rows of several backends share a table
  for (const [k, w] of workers.entries()) w.stdin!.write(`go floor-${tag}-${k} ${warmCalls(processes)}\n`);
  await Promise.all(workers.map((_, k) => next(k, 'done')));
  return {
    async round(tag, calls) {
      const per = Math.ceil(calls / processes);
      const t0 = performance.now();
      workers.forEach((w, k) => {
        w.stdin!.write(`go floor-${tag}-${k} ${per}\n`);
      });
      await Promise.all(workers.map((_, k) => next(k, 'done')));
      return ((performance.now() - t0) / 1000) * (calls / (per * processes));
    },
    pids: workers.map((w) => w.pid).filter((p) => p !== undefined),
    // Each worker closes its store and exits before the next row (or the cluster's stop) begins.
    close: () =>
      Promise.all(
        workers.map((w) => new Promise<void>((resolve) => (w.exitCode !== null ? resolve() : (w.once('exit', () => resolve()), w.stdin!.end())))),
      ).then(() => {}),
  };
}

/**
 * A floor: the store's settings, and the floor worker to run (default the Node one,
 * ledger-floor-worker.ts; the Go rows run cmd/toolresult-ledger-floor, the same two commits through
 * the Go store's own driver, so a Go store is compared with Go's floor and not with Node's).
 */
interface Floor {
  config: Record<string, unknown>;
  command?: string[];
}

interface Row {
  perSecond: number;
  floorPerSecond?: number;
  /** CPU ms per call over the rounds: the side's worker processes, and the server's (PostgreSQL). */
  cpu: { ledger: Cpu; floor?: Cpu };
  /** Median of the per-round ratios ledger/floor. */
  ratio?: number;
  ratios: number[];
}

/**
 * One row: ROUNDS rounds of CALLS / ROUNDS new calls, each round the ledger and its floor back to
 * back (in alternating order), so that both see the same disk and the same load. The disk's speed
 * swings several-fold on a shared machine: one run of each side, minutes apart, measured the
 * machine (the same floor gave 197/s and 735/s in one run).
 */
async function measureRow(b: SuiteBackend, processes: number, floor: Floor | undefined, tally: Tally, serverDir: string | undefined): Promise<Row> {
  const ledger = await ledgerSide(b, processes, tally);
  const bare = floor === undefined ? undefined : await floorSide(floor, processes);
  const ledgerCpu: Cpu = { client: 0, server: 0 };
  const floorCpu: Cpu = { client: 0, server: 0 };
  // A side's round, with the CPU time its processes and the server used meanwhile (the other side idles).
  const timed = async (side: Side, cpu: Cpu, tag: string, calls: number): Promise<number> => {
    const c0 = processesCpuMs(side.pids);
    const s0 = serverDir === undefined ? undefined : serverCpuMs(serverDir);
    const seconds = await side.round(tag, calls);
    cpu.client += (processesCpuMs(side.pids) - c0) / calls / ROUNDS;
    if (serverDir !== undefined) cpu.server += serverCpuDelta(s0!, serverCpuMs(serverDir)) / calls / ROUNDS;
    return seconds;
  };
  try {
    const per = Math.ceil(CALLS / ROUNDS);
    let ledgerSeconds = 0;
    let floorSeconds = 0;
    const ratios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const tag = `${b.name}-${processes}-${r}`;
      let l: number;
      let f: number | undefined;
      if (bare !== undefined && r % 2 === 1) {
        f = await timed(bare, floorCpu, tag, per);
        l = await timed(ledger, ledgerCpu, tag, per);
      } else {
        l = await timed(ledger, ledgerCpu, tag, per);
        f = bare === undefined ? undefined : await timed(bare, floorCpu, tag, per);
      }
      ledgerSeconds += l;
      if (f !== undefined) {
        floorSeconds += f;
        ratios.push(f / l); // (per / l) / (per / f)
      }
    }
    const n = per * ROUNDS;
    return {
      perSecond: n / ledgerSeconds,
      floorPerSecond: bare === undefined ? undefined : n / floorSeconds,
      ratio: ratios.length > 0 ? median(ratios) : undefined,
      ratios,
      cpu: { ledger: ledgerCpu, floor: bare === undefined ? undefined : floorCpu },
    };
  } finally {
    await ledger.close();
    await bare?.close();
  }
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
  // The Go worker (implementations/go/cmd/toolresult-ledger-worker), built once for the Go rows.
  const goBin = join(dir, 'toolresult-ledger-worker');
  const goFloor = join(dir, 'toolresult-ledger-floor');
  for (const [out, pkg] of [
    [goBin, './cmd/toolresult-ledger-worker'],
    [goFloor, './cmd/toolresult-ledger-floor'],
  ] as const) {
    execFileSync('go', ['build', '-o', out, pkg], { cwd: new URL('../implementations/go', import.meta.url).pathname, stdio: 'inherit' });
  }
  // Each backend at each client count, its floor measured right after it on the same store kind:
  // the ledger's two commits per call with nothing else (SQLite synchronous=FULL; PostgreSQL fsync on).
  const plan: [SuiteBackend, number[], Floor | undefined][] = [
    [memoryBackend(), [1, 8], undefined],
    [sqliteBackend('sqlite', tsWorker, { leaseMs: 30_000 }), [1, 8], { config: sqliteFloor }],
    [sqliteBackend('python-sqlite', pythonWorker, { leaseMs: 30_000 }), [1, 8], { config: sqliteFloor }],
    [sqliteBackend('php-sqlite', phpWorker, { leaseMs: 30_000 }), [1, 8], { config: sqliteFloor }],
    [postgresBackend(cluster, { leaseMs: 30_000 }), [1, 8, 32], { config: pgFloor }],
    [postgresBackend(cluster, { leaseMs: 30_000, name: 'python-postgres', command: pythonWorkerWith(pythonPostgres()) }), [1, 8], { config: pgFloor }],
    [postgresBackend(cluster, { leaseMs: 30_000, name: 'php-postgres', command: phpWorker }), [1, 8], { config: pgFloor }],
    [sqliteBackend('go-sqlite', goWorker(goBin), { leaseMs: 30_000 }), [1, 8], { config: sqliteFloor, command: [goFloor] }],
    [postgresBackend(cluster, { leaseMs: 30_000, name: 'go-postgres', command: goWorker(goBin) }), [1, 8], { config: pgFloor, command: [goFloor] }],
  ];
  const unknown = (ONLY ?? []).filter((n) => !plan.some(([b]) => b.name === n));
  const targets: { name: string; met: boolean }[] = [];
  const table: string[] = [];
  try {
    if (unknown.length > 0)
      throw new Error(`TOOLRESULT_BENCH_LEDGER_BACKENDS: no backend ${unknown.join(', ')} (there are ${plan.map(([b]) => b.name).join(', ')})`);
    for (const [b, counts, floor] of plan) {
      if (ONLY !== undefined && !ONLY.includes(b.name)) continue;
      const tally: Tally = { ids: [], failedIds: new Set(), answered: new Set() };
      for (const k of counts) {
        const r = await measureRow(b, k, floor, tally, floor?.config.backend === 'postgres' ? join(cluster.dir, 'data') : undefined);
        const unit = b.processes ? 'processes' : 'tasks';
        const spread = r.ratios.length > 0 ? `  (rounds ${Math.min(...r.ratios).toFixed(2)}–${Math.max(...r.ratios).toFixed(2)})` : '';
        const cpu = (c: Cpu | undefined): string =>
          c === undefined ? '' : `${c.client.toFixed(2)}${floor?.config.backend === 'postgres' ? ` + ${c.server.toFixed(2)}` : ''}`;
        table.push(
          `  ${b.name.padEnd(14)} ${String(k).padStart(2)} ${unit.padEnd(9)} ${r.perSecond.toFixed(0).padStart(6)}/s   floor ${r.floorPerSecond === undefined ? '     -' : r.floorPerSecond.toFixed(0).padStart(6)}/s   ratio ${r.ratio === undefined ? '   -' : r.ratio.toFixed(2)}${spread}` +
            `   CPU ms/call ${cpu(r.cpu.ledger)}${r.cpu.floor ? `, floor ${cpu(r.cpu.floor)}` : ''}`,
        );
        if (r.ratio !== undefined) targets.push({ name: `${b.name} at ${k}: ${r.ratio.toFixed(2)} of its floor ≥ 0.5`, met: r.ratio >= 0.5 });
      }
      // Three different things, counted apart: a call whose tool ran twice; a call that failed with a
      // store error (reported to its caller, its claim left to become the interrupted entry, so it
      // never runs again: TR-REPLAY-30); and a lost call, one that neither ran, nor failed, nor was
      // answered. Counting a store error as lost is how one loaded run once reported a "lost" call.
      const runs = new Map<string, number>();
      for (const id of b.executions()) if (id.startsWith('bench-')) runs.set(id, (runs.get(id) ?? 0) + 1);
      const twice = [...runs.values()].filter((n) => n > 1).length;
      const lost = tally.ids.filter((id) => !tally.answered.has(id) || (!runs.has(id) && !tally.failedIds.has(id))).length;
      targets.push({ name: `${b.name}: no call ran twice, none lost (${twice} twice, ${lost} lost)`, met: twice + lost === 0 });
      targets.push({
        name: `${b.name}: no call failed (${tally.failedIds.size} failed with a store error${tally.error ? `; first: ${tally.error}` : ''})`,
        met: tally.failedIds.size === 0,
      });
    }
  } finally {
    for (const [b] of plan) await b.dispose();
    cluster.stop();
  }
  console.log(
    `  claims+finishes per second, ${CALLS} new calls per row in ${ROUNDS} rounds, each round beside the floor (the same two commits per call, nothing else); ratio: the median of the rounds'; CPU ms/call: the workers' (+ the server's, PostgreSQL), ledger and floor`,
  );
  for (const line of table) console.log(line);
  return { targets };
}
