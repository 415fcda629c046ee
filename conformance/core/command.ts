// What every kit command shares: the usage error (exit 2 with its message), the run's output
// channels, the command of the bundled reference adapter, and why an adapter command cannot start.
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

/** A mistake on the command line: the command exits 2 with this message, nothing is run. */
export class UsageError extends Error {}

export interface RunIO {
  out(line: string): void;
  err(line: string): void;
  /** How often a long case says it is still running (default: runner/progress.ts HEARTBEAT_MS). */
  readonly heartbeatMs?: number;
}

// The kit starts the reference adapter beside it: the built one in an installed package (plain node),
// the source one in a checkout of the repository (through tsx, a dev dependency there). A path the
// child process runs, not an import: core/ stays below the adapter.
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'reference-adapter', FROM_SOURCE ? 'main.ts' : 'main.js');

/** The bundled reference adapter, out of process. */
export function referenceCommand(): string[] {
  return FROM_SOURCE ? [process.execPath, '--import', import.meta.resolve('tsx'), MAIN] : [process.execPath, MAIN];
}

/** A command that cannot be run at all is a mistake on the command line, not a failing case. */
export function unrunnable(command: readonly string[], code: string | undefined): UsageError | undefined {
  const cmd = command[0] ?? '';
  if (code === 'ENOENT') {
    return new UsageError(
      cmd.includes('/') ? `cannot start the adapter: ${cmd} does not exist` : `cannot start the adapter: no command ${JSON.stringify(cmd)} on the PATH`,
    );
  }
  if (code === 'EACCES') {
    const via = /\.py$/.test(cmd) ? 'python3' : /\.[cm]?js$/.test(cmd) ? 'node' : 'its interpreter';
    return new UsageError(`cannot start the adapter: ${cmd} is not executable (chmod +x it, or run it through ${via}: -- ${via} ${cmd})`);
  }
  if (code !== undefined) return new UsageError(`cannot start the adapter ${cmd}: ${code}`);
  return undefined;
}
