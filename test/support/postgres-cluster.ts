// A throwaway PostgreSQL cluster for the suite and the bench: initdb into a temporary directory,
// listening on a Unix socket there only (no TCP), stopped and deleted by stop(). As root it runs the
// server as the `postgres` user (the server refuses to run as root). TOOLRESULT_PG_BIN names the
// directory of initdb/pg_ctl when they are not under /usr/lib/postgresql/<version>/bin.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface PostgresCluster {
  readonly dir: string;
  /** pg connection settings (Unix socket in `dir`, trust authentication, superuser `toolresult`). */
  readonly connection: { host: string; port: number; user: string; database: string };
  /** Runs psql-free SQL needs no client here; tablespaces need a directory the server user owns. */
  serverOwned(path: string): void;
  stop(): void;
}

function binDir(): string {
  const given = process.env.TOOLRESULT_PG_BIN;
  if (given) return given;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base)
    ? readdirSync(base)
        .filter((v) => existsSync(join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0) {
    throw new Error(
      "PostgreSQL server binaries not found: install Debian's postgresql package (.ci/setup.d/18-postgres.sh) or set TOOLRESULT_PG_BIN to the directory holding initdb and pg_ctl",
    );
  }
  return join(base, versions[0]!, 'bin');
}

const isRoot = (): boolean => typeof process.getuid === 'function' && process.getuid() === 0;

function serverUser(): { uid: number; gid: number } | undefined {
  if (!isRoot()) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** Starts a cluster; `tuned` turns fsync off (tests), the default keeps PostgreSQL's durable settings (bench). */
export function startPostgresCluster(options: { fast?: boolean } = {}): PostgresCluster {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'toolresult-pg-'));
  chmodSync(dir, 0o755);
  const owner = serverUser();
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (exe: string, args: string[]): void => {
    const cmd = owner ? ['runuser', '-u', 'postgres', '--', join(bin, exe), ...args] : [join(bin, exe), ...args];
    execFileSync(cmd[0]!, cmd.slice(1), { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir });
  };
  const data = join(dir, 'data');
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'toolresult', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const settings = [`-k ${dir}`, "-c listen_addresses=''", '-p 5432', '-c max_connections=200'];
    if (options.fast) settings.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
    run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', settings.join(' '), 'start']);
  } catch (e) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (e as { stderr?: Buffer }).stderr?.toString().trim();
    throw new Error(`could not start a PostgreSQL cluster: ${stderr || (e as Error).message}`);
  }
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // already down
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  return {
    dir,
    connection: { host: dir, port: 5432, user: 'toolresult', database: 'postgres' },
    serverOwned: (path: string) => {
      if (owner) chownSync(path, owner.uid, owner.gid);
    },
    stop,
  };
}
