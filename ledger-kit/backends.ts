// The backends the suite runs against. A backend is a way to start workers on one shared store
// (processes speaking protocol.ts, or in-process tasks for the memory ledger), the execution log
// they append to, and, where the store allows it, a way to lock it or fill its disk.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PostgresCluster } from '../test/support/postgres-cluster.ts';
import { MemoryWorkers, ProcessWorker, type SuiteWorker } from './workers.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');

export type Sabotage = 'locked' | 'full';

/** A store the suite may break on purpose: its own workers, and apply/undo of the fault. */
export interface SabotagedStore {
  startWorker(): Promise<SuiteWorker>;
  executions(): string[];
  apply(): Promise<void>;
  undo(): Promise<void>;
  dispose(): Promise<void>;
}

/** A fresh store of the backend holding a ledger of layout 1 (fixtures/), not yet opened by any worker. */
export interface LegacyStore {
  startWorker(): Promise<SuiteWorker>;
  executions(): string[];
  dispose(): Promise<void>;
}

/** The layout-1 fixture of a backend: the previous release's CREATE statements and rows (§7.7). */
export const layout1Fixture = (backend: 'sqlite' | 'postgres'): string => readFileSync(join(HERE, 'fixtures', `layout-1.${backend}.sql`), 'utf8');

export interface SuiteBackend {
  readonly name: string;
  /** Each worker is its own OS process (false: tasks in this process sharing one ledger). */
  readonly processes: boolean;
  /** Entries outlive every worker that wrote them. */
  readonly durable: boolean;
  /** The claim lease the workers use, in ms (0: no lease, an in-process claim ends only with its claimant). */
  readonly leaseMs: number;
  startWorker(): Promise<SuiteWorker>;
  /** `n` workers started once and kept for the cases that do not kill or restart them. */
  shared(n: number): Promise<SuiteWorker[]>;
  /** One call ID per execution of the suite tool so far, in order. */
  executions(): string[];
  /** Faults this backend can be put through, each on a fresh store. */
  readonly sabotage: Partial<Record<Sabotage, () => Promise<SabotagedStore>>>;
  /** A fresh store made as the previous release left it (layout 1), where the backend has tables. */
  readonly legacy?: () => Promise<LegacyStore>;
  dispose(): Promise<void>;
}

const tsx = (): string[] => [process.execPath, '--import', import.meta.resolve('tsx')];

/** How a worker process for a store is started, given the store's settings and the log path. */
export type WorkerCommand = (store: Record<string, unknown>, log: string) => string[];

export const tsWorker: WorkerCommand = (store, log) => [...tsx(), join(HERE, 'ts-worker.ts'), JSON.stringify(store), log];
/** The Go worker (implementations/go/cmd/toolresult-ledger-worker), built once per process by buildGoWorker(). */
export const goWorker =
  (binary: string): WorkerCommand =>
  (store, log) => [binary, JSON.stringify(store), log];

let goBinary: string | undefined;
/** Builds the Go worker once (go build fetches the pinned modules of go.sum when the cache lacks them). */
export function buildGoWorker(): string {
  if (goBinary === undefined) {
    const bin = join(mkdtempSync(join(tmpdir(), 'toolresult-go-worker-')), 'toolresult-ledger-worker');
    execFileSync('go', ['build', '-o', bin, './cmd/toolresult-ledger-worker'], { cwd: join(ROOT, 'implementations', 'go'), stdio: 'inherit' });
    goBinary = bin;
  }
  return goBinary;
}
export const pythonWorker: WorkerCommand = (store, log) => ['python3', join(ROOT, 'implementations', 'python', 'ledger_worker.py'), JSON.stringify(store), log];
/** The Python worker run by an interpreter that has the PostgreSQL driver (python-postgres-venv.ts). */
export const pythonWorkerWith =
  (python: string): WorkerCommand =>
  (store, log) => [python, join(ROOT, 'implementations', 'python', 'ledger_worker.py'), JSON.stringify(store), log];
export const phpWorker: WorkerCommand = (store, log) => ['php', join(ROOT, 'implementations', 'php', 'ledger-worker.php'), JSON.stringify(store), log];

function readLog(path: string): string[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
}

async function started(w: ProcessWorker): Promise<SuiteWorker> {
  await w.ready;
  return w;
}

/** Adds the shared pool (started lazily, closed by dispose) to a backend. */
function withPool(b: Omit<SuiteBackend, 'shared'>): SuiteBackend {
  let pool: Promise<SuiteWorker[]> | undefined;
  return {
    ...b,
    // The pool grows to the largest number a case asks for, whichever case runs first.
    shared: async (n) => {
      const have = pool === undefined ? [] : await pool;
      if (have.length < n) pool = Promise.all([...have, ...Array.from({ length: n - have.length }, () => b.startWorker())]);
      const ws = await pool!;
      if (ws.length < n) throw new Error(`the shared pool has ${ws.length} workers, ${n} asked for`);
      return ws.slice(0, n);
    },
    dispose: async () => {
      if (pool) await Promise.all((await pool.catch(() => [])).map((w) => w.close()));
      await b.dispose();
    },
  };
}

export function memoryBackend(): SuiteBackend {
  const shared = new MemoryWorkers();
  return withPool({
    name: 'memory',
    processes: false,
    durable: false,
    leaseMs: 0,
    startWorker: async () => shared.worker(),
    executions: () => [...shared.log],
    sabotage: {},
    dispose: async () => {},
  });
}

const canMount = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0 && process.platform === 'linux';

/** A small tmpfs at `dir` (root only): a disk that really fills up. */
function smallDisk(dir: string, size: string): { fill(): void; unfill(): void; unmount(): void } {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0777`, 'tmpfs', dir]);
  const filler = join(dir, 'filler');
  return {
    fill: () => {
      // Write until the disk refuses: dd stops with ENOSPC, leaving no free block.
      try {
        execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4096'], { stdio: 'ignore' });
      } catch {
        // "No space left on device" is the point
      }
    },
    unfill: () => rmSync(filler, { force: true }),
    unmount: () => {
      try {
        execFileSync('umount', ['-l', dir]);
      } catch {
        // already gone
      }
    },
  };
}

export function sqliteBackend(name: string, command: WorkerCommand, options: { leaseMs?: number } = {}): SuiteBackend {
  const dir = mkdtempSync(join(tmpdir(), 'toolresult-ledger-'));
  const log = join(dir, 'executions.log');
  const leaseMs = options.leaseMs ?? 1_000;
  const store = { backend: 'sqlite', path: join(dir, 'ledger.db'), leaseMs };
  const sabotage: SuiteBackend['sabotage'] = {
    locked: async () => {
      const sub = mkdtempSync(join(tmpdir(), 'toolresult-ledger-lock-'));
      const s = { ...store, path: join(sub, 'ledger.db'), busyTimeoutMs: 300 };
      const subLog = join(sub, 'executions.log');
      const { default: Database } = await import('better-sqlite3');
      let holder: InstanceType<typeof Database> | undefined;
      return {
        startWorker: () => started(new ProcessWorker(command(s, subLog))),
        executions: () => readLog(subLog),
        apply: async () => {
          holder = new Database(s.path);
          holder.exec('BEGIN EXCLUSIVE');
        },
        undo: async () => {
          holder?.exec('ROLLBACK');
          holder?.close();
          holder = undefined;
        },
        dispose: async () => rmSync(sub, { recursive: true, force: true }),
      };
    },
  };
  if (canMount()) {
    sabotage.full = async () => {
      const sub = mkdtempSync(join(tmpdir(), 'toolresult-ledger-full-'));
      const disk = smallDisk(join(sub, 'disk'), '2m');
      const s = { ...store, path: join(sub, 'disk', 'ledger.db') };
      const subLog = join(sub, 'executions.log');
      return {
        startWorker: () => started(new ProcessWorker(command(s, subLog))),
        executions: () => readLog(subLog),
        apply: async () => disk.fill(),
        undo: async () => disk.unfill(),
        dispose: async () => {
          disk.unmount();
          rmSync(sub, { recursive: true, force: true });
        },
      };
    };
  }
  const legacy = async (): Promise<LegacyStore> => {
    const sub = mkdtempSync(join(tmpdir(), 'toolresult-ledger-layout1-'));
    const s = { ...store, path: join(sub, 'ledger.db') };
    const subLog = join(sub, 'executions.log');
    const { default: Database } = await import('better-sqlite3');
    const db = new Database(s.path);
    db.exec(layout1Fixture('sqlite'));
    db.close();
    return {
      startWorker: () => started(new ProcessWorker(command(s, subLog))),
      executions: () => readLog(subLog),
      dispose: async () => rmSync(sub, { recursive: true, force: true }),
    };
  };
  return withPool({
    name,
    processes: true,
    durable: true,
    leaseMs,
    startWorker: () => started(new ProcessWorker(command(store, log))),
    executions: () => readLog(log),
    sabotage,
    legacy,
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  });
}

export function postgresBackend(cluster: PostgresCluster, options: { leaseMs?: number; name?: string; command?: WorkerCommand } = {}): SuiteBackend {
  const command = options.command ?? tsWorker;
  const dir = mkdtempSync(join(tmpdir(), 'toolresult-ledger-pg-'));
  chmodSync(dir, 0o755); // the server user reaches the tablespace directory through it
  const log = join(dir, 'executions.log');
  const leaseMs = options.leaseMs ?? 1_000;
  let n = 0;
  // One database per backend (two backends may share a cluster: the bench's TypeScript and Go rows).
  const prefix = options.name === undefined ? 'ledger' : `ledger_${options.name.replace(/[^a-z0-9]/gi, '_')}`;
  // Each store is its own database, so a sabotaged one never touches the others.
  const database = async (name: string, extra = ''): Promise<void> => {
    const { default: pg } = await import('pg');
    const c = new pg.Client(cluster.connection);
    await c.connect();
    await c.query(`CREATE DATABASE ${name}${extra}`);
    await c.end();
  };
  const storeFor = (db: string) => ({ backend: 'postgres', connection: { ...cluster.connection, database: db }, leaseMs, lockTimeoutMs: 300 });
  const main = storeFor(`${prefix}_main`);
  const ready = database(`${prefix}_main`);
  // Awaited by every worker's start; a backend that starts none (a bench row filtered out) must not
  // leave the rejection of a database it never needed unhandled after the cluster stops.
  ready.catch(() => {});
  const sabotage: SuiteBackend['sabotage'] = {
    locked: async () => {
      const db = `${prefix}_lock_${++n}`;
      await database(db);
      const s = storeFor(db);
      const subLog = join(dir, `${db}.log`);
      const { default: pg } = await import('pg');
      let holder: InstanceType<typeof pg.Client> | undefined;
      return {
        startWorker: () => started(new ProcessWorker(command(s, subLog))),
        executions: () => readLog(subLog),
        apply: async () => {
          holder = new pg.Client(s.connection);
          await holder.connect();
          await holder.query('BEGIN');
          await holder.query('LOCK TABLE toolresult_ledger IN ACCESS EXCLUSIVE MODE');
        },
        undo: async () => {
          await holder?.query('ROLLBACK');
          await holder?.end();
          holder = undefined;
        },
        dispose: async () => {},
      };
    },
  };
  if (canMount()) {
    sabotage.full = async () => {
      const db = `${prefix}_full_${++n}`;
      const diskDir = join(dir, `${db}-disk`);
      const disk = smallDisk(diskDir, '32m'); // room for the database's first files; then filled
      const space = join(diskDir, 'space');
      const { default: pg } = await import('pg');
      try {
        mkdirSync(space);
        cluster.serverOwned(space);
        const c = new pg.Client(cluster.connection);
        await c.connect();
        await c.query(`CREATE TABLESPACE ${db}_space LOCATION '${space}'`);
        await c.end();
        await database(db, ` TABLESPACE ${db}_space`);
      } catch (e) {
        disk.unmount();
        throw e;
      }
      const s = storeFor(db);
      const subLog = join(dir, `${db}.log`);
      return {
        startWorker: () => started(new ProcessWorker(command(s, subLog))),
        executions: () => readLog(subLog),
        apply: async () => disk.fill(),
        undo: async () => disk.unfill(),
        dispose: async () => {
          const c2 = new pg.Client(cluster.connection);
          await c2.connect();
          await c2.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`).catch(() => {});
          await c2.query(`DROP TABLESPACE IF EXISTS ${db}_space`).catch(() => {});
          await c2.end();
          disk.unmount();
        },
      };
    };
  }
  const legacy = async (): Promise<LegacyStore> => {
    const db = `${prefix}_layout1_${++n}`;
    await database(db);
    const s = storeFor(db);
    const { default: pg } = await import('pg');
    const c = new pg.Client(s.connection);
    await c.connect();
    try {
      await c.query(layout1Fixture('postgres'));
    } finally {
      await c.end();
    }
    const subLog = join(dir, `${db}.log`);
    return {
      startWorker: () => started(new ProcessWorker(command(s, subLog))),
      executions: () => readLog(subLog),
      dispose: async () => {},
    };
  };
  return withPool({
    name: options.name ?? 'postgres',
    processes: true,
    durable: true,
    leaseMs,
    legacy,
    startWorker: async () => {
      await ready;
      return started(new ProcessWorker(command(main, log)));
    },
    executions: () => readLog(log),
    sabotage,
    dispose: async () => rmSync(dir, { recursive: true, force: true }),
  });
}
