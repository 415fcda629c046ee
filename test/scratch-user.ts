// A user in a scratch directory outside the repository: the blocks a README marks for the package
// tests, and a shell that runs them as that user would (none of the npm_* variables of the `npm test`
// that runs the test, no PYTHONPATH, no virtualenv of the caller).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';

export interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The code block after `<!-- package-test: NAME -->` in the README at `path`. */
export function readmeBlock(path: string, name: string): string {
  const readme = readFileSync(path, 'utf8');
  const m = new RegExp(`<!-- package-test: ${name} -->\\n\`\`\`[a-z]*\\n([\\s\\S]*?)\`\`\``).exec(readme);
  if (!m) throw new Error(`${path} has no block marked package-test: ${name}`);
  return m[1]!;
}

/** The non-empty lines of a marked shell block. */
export const readmeLines = (path: string, name: string): string[] =>
  readmeBlock(path, name)
    .split('\n')
    .filter((l) => l.trim() !== '');

export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const drop = /^(npm_|PYTHONPATH$|PYTHONHOME$|VIRTUAL_ENV$|COMPOSER)/i;
  return { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !drop.test(k))), ...extra };
}

/** Runs a program without blocking the event loop (builds, installs and kit runs take a while). */
export function later(file: string, args: readonly string[], cwd: string, env: NodeJS.ProcessEnv, timeout = 600_000): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env, encoding: 'utf8', timeout, maxBuffer: 64 << 20 }, (e, stdout, stderr) => {
      resolve({ status: e ? (typeof e.code === 'number' ? e.code : -1) : 0, stdout, stderr });
    });
  });
}

/** Runs shell lines one after another, stopping at the first that fails. */
export async function runLines(lines: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ line: string; r: Ran }[]> {
  const done: { line: string; r: Ran }[] = [];
  for (const line of lines) {
    const r = await later('sh', ['-c', line], cwd, env);
    done.push({ line, r });
    if (r.status !== 0) break;
  }
  return done;
}

export const show = (r: Ran): string => `exit ${r.status}\n--- stdout\n${r.stdout.slice(-3000)}\n--- stderr\n${r.stderr.slice(-3000)}`;

export function expectAllRan(done: { line: string; r: Ran }[], want: number): void {
  for (const { line, r } of done) expect(r.status, `${line}\n${show(r)}`).toBe(0);
  expect(done).toHaveLength(want);
}

/** What a kit run's --report-json holds that the package tests read. */
export interface KitReport {
  adapter: { name: string; version: string; groups: string[] };
  summary: { passed: number; failed: number; skipped: number };
  cases: { id: string; status: string }[];
}

export const ALL_GROUPS = ['bound', 'egress', 'sinks', 'ledger', 'hooks', 'normalize-mcp', 'normalize-langchain', 'normalize-local', 'exposure'];
