// `toolresult inspect <ledger>`: serves a page on the loopback interface that shows the calls of a
// durable ledger (a SQLite file, or a PostgreSQL connection string) and what the model saw of each.
// It opens the ledger read only, prints the address and waits; it opens no browser and writes
// nothing anywhere. Ctrl-C (SIGINT) or SIGTERM stops it.
import { SourceError, type LedgerSource } from './source.ts';
import { startInspector } from './server.ts';

const USAGE = `usage: toolresult inspect <ledger> [--port N] [--full] [--follow] [--host 127.0.0.1|::1]

  <ledger>     a SQLite ledger file, or a postgres:// (postgresql://) connection string
  --port N     the port to listen on (default: a free one, printed)
  --full       show each call's ledger entry, run-only data included (named in the page header);
               without it the page shows only what each call's audit records keep
  --follow     the page shows new calls as they are stored (it polls the ledger)
  --host H     the loopback address to bind: 127.0.0.1 (default) or ::1`;

export interface InspectArgs {
  readonly ledger: string;
  readonly port: number;
  readonly full: boolean;
  readonly follow: boolean;
  readonly host: '127.0.0.1' | '::1';
}

class Usage extends Error {}

export function parseInspectArgs(argv: readonly string[]): InspectArgs | 'help' {
  let ledger: string | undefined;
  let port = 0;
  let full = false;
  let follow = false;
  let host: InspectArgs['host'] = '127.0.0.1';
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') return 'help';
    else if (a === '--full') full = true;
    else if (a === '--follow') follow = true;
    else if (a === '--port') {
      const v = argv[++i];
      if (v === undefined || !/^\d{1,5}$/.test(v) || Number(v) > 65535)
        throw new Usage(`--port takes a port number (0–65535), got ${v === undefined ? 'nothing' : JSON.stringify(v.slice(0, 40))}`);
      port = Number(v);
    } else if (a === '--host') {
      const v = argv[++i];
      if (v !== '127.0.0.1' && v !== '::1')
        throw new Usage(
          `--host takes 127.0.0.1 or ::1 (the inspector serves only the loopback interface), got ${v === undefined ? 'nothing' : JSON.stringify(v.slice(0, 40))}`,
        );
      host = v;
    } else if (a.startsWith('--')) throw new Usage(`unknown option ${a.slice(0, 40)} (see --help)`);
    else if (ledger === undefined) ledger = a;
    else throw new Usage('give one ledger (see --help)');
  }
  if (ledger === undefined) throw new Usage('name the ledger to inspect: a SQLite file or a postgres:// connection string (see --help)');
  return { ledger, port, full, follow, host };
}

/** Loads a store's reader; its driver is an optional peer dependency, named when it is missing. */
async function reader<T>(load: () => Promise<T>, driver: string): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if ((e as { code?: unknown }).code === 'ERR_MODULE_NOT_FOUND' && String((e as Error).message).includes(driver)) {
      throw new SourceError(`reading this ledger needs the ${driver} package (an optional peer dependency): npm install ${driver}`);
    }
    throw e;
  }
}

export async function openSource(ledger: string): Promise<LedgerSource> {
  if (/^postgres(ql)?:\/\//.test(ledger)) {
    const { openPostgresSource } = await reader(() => import('./postgres-source.ts'), 'pg');
    return openPostgresSource(ledger);
  }
  const { openSqliteSource } = await reader(() => import('./sqlite-source.ts'), 'better-sqlite3');
  return openSqliteSource(ledger);
}

export async function main(argv: readonly string[], io = { out: (l: string) => console.log(l), err: (l: string) => console.error(l) }): Promise<number> {
  let args: InspectArgs | 'help';
  try {
    args = parseInspectArgs(argv);
  } catch (e) {
    if (e instanceof Usage) {
      io.err(`toolresult inspect: ${e.message}`);
      return 2;
    }
    throw e;
  }
  if (args === 'help') {
    io.out(USAGE);
    return 0;
  }
  let source: LedgerSource;
  try {
    source = await openSource(args.ledger);
  } catch (e) {
    if (e instanceof SourceError) {
      io.err(`toolresult inspect: ${e.message}`);
      return 1;
    }
    throw e;
  }
  let running;
  try {
    running = await startInspector({ source, full: args.full, follow: args.follow, host: args.host, port: args.port });
  } catch (e) {
    await source.close();
    io.err(`toolresult inspect: cannot listen on ${args.host}:${args.port}: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  io.out(`toolresult inspect: ${source.label}${args.full ? ' (FULL: run-only data shown)' : ''}${args.follow ? ', following new calls' : ''}`);
  io.out(`open ${running.url} (Ctrl-C stops)`);
  await new Promise<void>((resolve) => {
    const stop = (): void => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await running.close();
  await source.close();
  io.out('toolresult inspect: stopped');
  return 0;
}
