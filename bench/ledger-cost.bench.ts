// Where a PostgreSQL ledger call's time goes: statements, round trips and commits per call, and the
// server's WAL records, WAL flushes and bytes per call, for the TypeScript store and for its floor
// (ledger-floor-worker.ts's two statements), counted on a throwaway durable cluster. Counts, not
// times: they do not depend on the machine's speed.
// Target: a new call is two statements and two commits, as its floor is (no notification when
// nobody waits: issue 36).
//   npm run bench -- ledger-cost            TOOLRESULT_BENCH_LEDGER_CALLS=1000 by default
import { join } from 'node:path';
import pg from 'pg';
import { executeToolCall, InMemoryLedger } from '../reference-impl/index.ts';
import { openPostgresLedger } from '../reference-impl/ledger/postgres.ts';
import { suiteToolResult } from '../ledger-kit/suite-tool.ts';
import { startPostgresCluster } from '../test/support/postgres-cluster.ts';

import type { BenchOutcome } from './index.ts';
import { serverCpuDelta, serverCpuMs } from './process-cpu.ts';

export const name = 'ledger-cost';

const CALLS = Number(process.env.TOOLRESULT_BENCH_LEDGER_CALLS ?? 1000);

/** Statements sent by any pg client of this process while run() counts (pool queries go through Client#query). */
let statements = 0;

interface Server {
  commits: number;
  walRecords: number;
  walBytes: number;
  walFpi: number;
  walSyncs: number;
}

async function server(admin: pg.Client, database: string): Promise<Server> {
  const d = await admin.query('SELECT xact_commit::int AS c FROM pg_stat_database WHERE datname = $1', [database]);
  const w = await admin.query('SELECT wal_records::int AS r, wal_bytes::float8 AS b, wal_fpi::int AS f, wal_sync::int AS s FROM pg_stat_wal');
  return {
    commits: d.rows[0].c,
    walRecords: w.rows[0].r,
    walBytes: w.rows[0].b,
    walFpi: w.rows[0].f,
    walSyncs: w.rows[0].s,
  };
}

/**
 * `open` makes a side (its connections), `calls` runs k new calls on it, `close` ends its connections:
 * a backend reports its statistics when it exits, so each count is read after its side closed.
 */
async function measure<T>(
  label: string,
  admin: pg.Client,
  database: string,
  open: () => Promise<T>,
  calls: (side: T, k: number) => Promise<void>,
  close: (side: T) => Promise<void>,
): Promise<{ statements: number; commits: number }> {
  const settle = (): Promise<void> => new Promise((r) => setTimeout(r, 700));
  const warm = await open();
  await calls(warm, 20); // the tables, the JIT
  await close(warm);
  await settle();
  const a = await server(admin, database);
  const side = await open();
  const s0 = statements;
  const c0 = process.cpuUsage();
  const p0 = serverCpuMs(join(cluster.dir, 'data'));
  await calls(side, CALLS);
  const p1 = serverCpuMs(join(cluster.dir, 'data'));
  const c1 = process.cpuUsage(c0);
  const s1 = statements;
  await close(side);
  await settle();
  const b = await server(admin, database);
  const per = (x: number): string => (x / CALLS).toFixed(2);
  console.log(
    `  ${label.padEnd(30)} statements ${per(s1 - s0)}   commits ${per(b.commits - a.commits)}   WAL records ${per(b.walRecords - a.walRecords)}   WAL bytes ${per(b.walBytes - a.walBytes).padStart(7)}   full pages ${per(b.walFpi - a.walFpi)}   WAL flushes ${per(b.walSyncs - a.walSyncs)}   client CPU ${((c1.user + c1.system) / 1000 / CALLS).toFixed(3)} ms   server CPU ${(serverCpuDelta(p0, p1) / CALLS).toFixed(3)} ms`,
  );
  return {
    statements: (s1 - s0) / CALLS,
    commits: (b.commits - a.commits) / CALLS,
  };
}

let cluster!: ReturnType<typeof startPostgresCluster>;

export async function run(): Promise<BenchOutcome> {
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    statements++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  cluster = startPostgresCluster();
  try {
    const admin = new pg.Client(cluster.connection);
    await admin.connect();
    for (const db of ['cost_ledger', 'cost_floor']) await admin.query(`CREATE DATABASE ${db}`);
    const statsConn = (db: string) => ({ ...cluster.connection, database: db });
    console.log(`  per call, ${CALLS} new calls one after another (server counters: pg_stat_database, pg_stat_wal; statements counted in the client)`);

    let n = 0;
    const ledger = await measure(
      'ledger (claim, tool, finish)',
      admin,
      'cost_ledger',
      () =>
        openPostgresLedger({
          connection: statsConn('cost_ledger'),
          leaseMs: 30_000,
        }),
      async (ledger, k) => {
        for (let i = 0; i < k; i++) {
          const callId = `cost-${n++}`;
          await executeToolCall({ callId, run: async () => suiteToolResult(callId) as never }, { ledger }).catch(() => {});
        }
      },
      (ledger) => ledger.close(),
    );

    // The seam and the suite tool with nothing durable: the client CPU the floor does not spend.
    const c0 = process.cpuUsage();
    const memory = new InMemoryLedger();
    for (let i = 0; i < CALLS; i++) {
      const callId = `memory-${i}`;
      await executeToolCall({ callId, run: async () => suiteToolResult(callId) as never }, { ledger: memory }).catch(() => {});
    }
    const c1 = process.cpuUsage(c0);
    console.log(`  ${'seam + tool, in-memory ledger'.padEnd(30)} client CPU ${((c1.user + c1.system) / 1000 / CALLS).toFixed(3)} ms`);

    const entry = Buffer.from(
      JSON.stringify({
        result: {
          artifacts: [],
          content: 'floor',
          isError: false,
          warnings: [],
        },
        version: 1,
      }),
    );
    let m = 0;
    const floor = await measure(
      'floor (ledger-floor-worker.ts)',
      admin,
      'cost_floor',
      async () => {
        const floor = new pg.Client(statsConn('cost_floor'));
        await floor.connect();
        await floor.query('CREATE TABLE IF NOT EXISTS floor (id text PRIMARY KEY, state text, entry bytea, at timestamptz)');
        return floor;
      },
      async (floor, k) => {
        for (let i = 0; i < k; i++) {
          const id = `floor-${m++}`;
          await floor.query("INSERT INTO floor (id, state, at) VALUES ($1, 'claimed', now())", [id]);
          await floor.query("UPDATE floor SET state = 'stored', entry = $2 WHERE id = $1", [id, entry]);
        }
      },
      (floor) => floor.end(),
    );
    await admin.end();
    return {
      targets: [
        {
          name: `PostgreSQL ledger: ${ledger.statements.toFixed(2)} statements per new call ≤ its floor's ${floor.statements.toFixed(2)}`,
          met: ledger.statements <= floor.statements,
        },
        {
          name: `PostgreSQL ledger: ${ledger.commits.toFixed(2)} commits per new call ≤ its floor's ${floor.commits.toFixed(2)} + 0.02`,
          met: ledger.commits <= floor.commits + 0.02,
        },
      ],
    };
  } finally {
    cluster.stop();
    pg.Client.prototype.query = query;
  }
}
