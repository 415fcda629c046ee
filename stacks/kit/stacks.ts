// The rows of the matrix: one per (stack, mode, provider). Each stack folder under stacks/adapters/ registers its own rows in a
// `rows.ts` that exports `rows: StackRow[]` (adapters/shared/row-builder.ts builds them from modes and providers); this module finds them all (one file per stack, so a new
// stack adds a folder and touches nothing here). The control row comes first: it must pass every
// check (TR-STACK-10); the other rows follow in folder order, each folder's rows in its own order.
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join, relative } from 'node:path';
import { spawn } from 'node:child_process';

export type { StackLimit, StackRow } from '../adapters/shared/stack-row.ts';
import type { StackRow } from '../adapters/shared/stack-row.ts';

export const STACKS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ADAPTERS_DIR = join(STACKS_DIR, 'adapters');
export const REPO_ROOT = join(STACKS_DIR, '..');

async function discoverRows(): Promise<StackRow[]> {
  const rows: StackRow[] = [];
  for (const dir of readdirSync(ADAPTERS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    const file = join(ADAPTERS_DIR, dir, 'rows.ts');
    if (!existsSync(file)) continue;
    const mod = (await import(pathToFileURL(file).href)) as { rows?: unknown };
    if (!Array.isArray(mod.rows)) throw new Error(`${relative(REPO_ROOT, file)} must export rows: StackRow[]`);
    rows.push(...(mod.rows as StackRow[]));
  }
  const ids = new Set<string>();
  for (const r of rows) {
    if (ids.has(r.id)) throw new Error(`two stack rows have the id ${r.id}`);
    ids.add(r.id);
  }
  return [...rows.filter((r) => r.control), ...rows.filter((r) => !r.control)];
}

export const STACK_ROWS: readonly StackRow[] = await discoverRows();

export function stackRow(id: string): StackRow | undefined {
  return STACK_ROWS.find((r) => r.id === id);
}

// An adapter in another language that starts a Node helper (the Python adapters start
// adapters/shared/loopback-server.ts) starts it with the Node that runs the kit.
process.env['TOOLRESULT_STACK_NODE'] = process.execPath;

/** The command that starts a row's adapter (Node with tsx, as the runner starts the reference, or the row's own command). */
export function adapterCommand(row: StackRow): string[] {
  if (row.command) return [...row.command, ...row.args];
  return [process.execPath, '--import', import.meta.resolve('tsx'), join(STACKS_DIR, row.adapter), ...row.args];
}

/** The adapter command as a reader would type it from the repository root (by hand, the provider comes from --provider). */
export function adapterCommandLine(row: StackRow): string {
  const start = row.commandLine ?? ['node', '--import', 'tsx', relative(REPO_ROOT, join(STACKS_DIR, row.adapter))].join(' ');
  return [start, ...row.args, '--provider', row.provider].join(' ');
}

const prepared = new Map<string, Promise<string | undefined>>();

/**
 * Runs a row's `prepare` command (once per command line in this process; rows that share a venv
 * share its install); its output goes to stderr as progress. Resolves to why it failed, or undefined.
 */
export function prepareAdapter(row: StackRow): Promise<string | undefined> {
  if (!row.prepare) return Promise.resolve(undefined);
  const key = JSON.stringify(row.prepare);
  let p = prepared.get(key);
  if (!p) {
    const [cmd, ...args] = row.prepare as [string, ...string[]];
    p = new Promise((resolve) => {
      const child = spawn(cmd, args, { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('error', (e) => resolve(`cannot run ${cmd}: ${e.message}`));
      child.on('exit', (code, signal) =>
        resolve(
          code === 0
            ? undefined
            : `${row.commandLine ?? cmd}: preparing the adapter failed (${signal ?? `exit ${code}`}): ${row.prepare!.map((a) => relative(REPO_ROOT, a) || a).join(' ')}`,
        ),
      );
    });
    prepared.set(key, p);
  }
  return p;
}
