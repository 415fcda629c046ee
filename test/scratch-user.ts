// A user in a scratch directory outside the repository: the blocks a README marks for the package
// tests, and a shell that runs them as that user would (none of the npm_* variables of the `npm test`
// that runs the test, no PYTHONPATH, no virtualenv of the caller).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
  cases: { id: string; status: string; skipReason?: string }[];
}

export const ALL_GROUPS = ['bound', 'egress', 'sinks', 'ledger', 'hooks', 'normalize-mcp', 'normalize-langchain', 'normalize-local', 'exposure'];

/**
 * The package README's kit line, run as its user would from `cwd`: it names exactly `adapter`, and
 * the kit of this checkout (the npm package's own bin is tested by test/package.test.ts) passes every
 * group against it with nothing skipped, the handshake naming `adapterName` at the package's version.
 */
export async function expectReadmeKitLinePasses(o: {
  readme: string;
  adapter: string;
  adapterName: string;
  version: string;
  root: string;
  cwd: string;
  reportDir: string;
  env: NodeJS.ProcessEnv;
  noByteArrays?: boolean;
}): Promise<void> {
  const [line, ...more] = readmeLines(o.readme, 'kit');
  expect(more).toEqual([]);
  // The kit's own package, whose program is the same bin (bin/toolresult.js) with the kit's libraries as dependencies.
  const prefix = 'npx toolresult-conformance -- ';
  expect(line!.startsWith(prefix)).toBe(true);
  const adapter = line!.slice(prefix.length).split(' ');
  expect(adapter).toEqual([o.adapter]);
  const report = join(o.reportDir, 'kit-report.json');
  const r = await later(
    process.execPath,
    [join(o.root, 'bin', 'toolresult.js'), 'conformance', '--timeout', '30000', '--report-json', report, '--', ...adapter],
    o.cwd,
    o.env,
  );
  expect(r.stdout.trim().split('\n').at(-1), show(r)).toMatch(o.noByteArrays === true ? /^\d+ passed, 0 failed(, \d+ skipped)?$/ : /^\d+ passed, 0 failed$/);
  expect(r.status).toBe(0);
  const json = JSON.parse(readFileSync(report, 'utf8')) as KitReport;
  expect(json.adapter.name).toBe(o.adapterName);
  expect(json.adapter.version).toBe(o.version);
  expect([...json.adapter.groups].sort()).toEqual([...ALL_GROUPS].sort());
  expect(json.summary.failed).toBe(0);
  // A language without a native byte array (PHP: byteArrays false in its handshake, spec §9.2) skips
  // exactly the cases that need one, with that reason; nothing else is skipped.
  const byteArraySkip = (c: { status: string; skipReason?: string }) =>
    o.noByteArrays === true && c.status === 'skip' && c.skipReason === 'adapter cannot build byte-arrays';
  expect(json.cases.filter((c) => c.status !== 'pass' && !byteArraySkip(c))).toEqual([]);
  if (o.noByteArrays !== true) expect(json.summary.skipped).toBe(0);
  expect(json.summary.passed).toBeGreaterThan(400);
}
