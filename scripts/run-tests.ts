// `npm test` after its prerequisite check: every part of the suite, each an npm script that also
// runs alone. The phases run one after another. The main vitest run has its phase to itself (it
// uses every core; the ledger stores' workers and the package installs would starve its adapters).
// The other parts are separate processes that share nothing (their own temporary directories, their
// own PostgreSQL cluster): they run side by side, one per core, longest first. A part that ran
// beside others prints its output in one block when it ends, under its name; at the end a table
// gives each part's time and exit status. Every part runs even when one fails; the run then fails
// with the failing parts' names and the first one's exit status, and the table is followed by each
// failing part's own failure lines again: CI shows a run's last lines, and the main run's failure was
// printed minutes earlier, above every other part's output.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';

export interface Part {
  readonly name: string;
  readonly command: readonly string[];
}

export interface Phase {
  readonly parts: readonly Part[];
  /** How many of its parts run at once. */
  readonly parallel: number;
}

export interface Result {
  readonly name: string;
  readonly seconds: number;
  /** The exit status; a part ended by a signal counts as 1. */
  readonly code: number;
  readonly signal: string | null;
  /** What the part printed, stdout and stderr interleaved (kept for the failure digest). */
  readonly output: string;
}

const npmRun = (name: string): Part => ({ name, command: ['npm', 'run', name] });

/** The parts after the main run, longest first (measured on 2 cores on 2026-12-06: 211 s, 140 s, 108 s, 86 s, 62 s, 60 s, then under 25 s each), so that the last to start are short. */
export const SIDE_BY_SIDE = [
  'test:python-integrations',
  'test:ledger-languages',
  'test:ledger',
  'compliance:verify',
  'test:python-package',
  'test:package',
  'test:publish',
  'test:python',
  'test:php-package',
  'check',
  'test:php',
  'test:go',
];

export const PHASES: readonly Phase[] = [
  { parts: [npmRun('test:main')], parallel: 1 },
  // One more part than cores: several parts spend much of their time waiting (the Python integrations
  // wait out real deadlines, the ledger suites wait on workers and PostgreSQL, the package tests on npm
  // and pip), so a third part fills the cores they leave idle. Measured on 2 cores: 398 s for this
  // phase with two at a time.
  { parts: SIDE_BY_SIDE.map(npmRun), parallel: Math.max(2, availableParallelism()) + 1 },
];

const children = new Set<number>();

function runPart(part: Part, live: boolean, print: (text: string) => void): Promise<Result> {
  const started = performance.now();
  return new Promise((resolve) => {
    // A live part streams as it runs and is captured too, so that its failure can be repeated at the end.
    const child = spawn(part.command[0]!, part.command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    if (child.pid !== undefined) children.add(child.pid);
    const chunks: Buffer[] = [];
    const take = (d: Buffer): void => {
      chunks.push(d);
      if (live) print(d.toString('utf8'));
    };
    child.stdout?.on('data', take);
    child.stderr?.on('data', take);
    const finish = (code: number | null, signal: string | null, error?: Error): void => {
      if (child.pid !== undefined) children.delete(child.pid);
      const output = Buffer.concat(chunks).toString('utf8');
      const result: Result = { name: part.name, seconds: (performance.now() - started) / 1000, code: code ?? 1, signal, output };
      if (!live) {
        print(
          `\n━━ ${part.name} ━━\n${output}${output.endsWith('\n') || output === '' ? '' : '\n'}${error ? `cannot start ${part.command.join(' ')}: ${error.message}\n` : ''}`,
        );
      }
      print(`━━ ${part.name}: ${verdict(result)} in ${result.seconds.toFixed(0)} s ━━\n`);
      resolve(result);
    };
    child.on('error', (e) => finish(127, null, e));
    child.on('close', (code, signal) => finish(code, signal));
  });
}

const verdict = (r: Result): string => (r.code === 0 ? 'passed' : r.signal ? `FAILED (killed by ${r.signal})` : `FAILED (exit ${r.code})`);

/** Runs the phases; resolves with every part's result, in the order the parts were given. */
export async function runPhases(phases: readonly Phase[], print: (text: string) => void = (t) => process.stdout.write(t)): Promise<Result[]> {
  const results: Result[] = [];
  for (const phase of phases) {
    const live = phase.parts.length === 1;
    const queue = [...phase.parts];
    const done = new Map<string, Result>();
    const lane = async (): Promise<void> => {
      for (let part = queue.shift(); part !== undefined; part = queue.shift()) {
        print(`▶ ${part.name}${live ? '' : ' (its output follows when it ends)'}\n`);
        done.set(part.name, await runPart(part, live, print));
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(phase.parallel, phase.parts.length)) }, lane));
    for (const part of phase.parts) results.push(done.get(part.name)!);
  }
  return results;
}

/** The closing table, and the exit status: 0, or the first failing part's. */
export function summary(results: readonly Result[], seconds: number): { text: string; code: number } {
  const failed = results.filter((r) => r.code !== 0);
  const width = Math.max(...results.map((r) => r.name.length));
  const rows = results.map((r) => `  ${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(4)} s  ${verdict(r)}`);
  const total = `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`;
  const head =
    failed.length === 0
      ? `npm test: every part passed in ${total}`
      : `npm test: FAILED in ${total}: ${failed.map((r) => `${r.name} (${r.signal ? `killed by ${r.signal}` : `exit ${r.code}`})`).join(', ')}`;
  const digests = failed.map((r) => `\n── why ${r.name} failed (its own lines, repeated) ──\n${failureLines(r.output)}`).join('');
  return { text: `\n${head}\n${rows.join('\n')}\n${digests}`, code: failed.length === 0 ? 0 : failed[0]!.code || 1 };
}

// Colour codes make a line unmatchable and unreadable in a CI log.
const ANSI = /\u001b\[[0-9;]*m/g;

/** A vitest, unittest or PHPUnit failure names itself on lines like these. */
const FAILURE = /(^|\s)(FAIL|FAILED|×|✗|❯ .*:\d+:\d+)(\s|$)|AssertionError|Error:|^ERROR:|^FAIL:|Traceback|^ *(Test Files|Tests) .*failed/;

/**
 * The lines of a failed part's output that say why: each failure line with the next few lines (the
 * assertion and its place), at most 120 lines in all, then the output's last 15 lines.
 */
export function failureLines(output: string): string {
  const lines = output.replace(ANSI, '').split('\n');
  const keep = new Set<number>();
  lines.forEach((line, i) => {
    if (FAILURE.test(line)) for (let j = i; j < Math.min(lines.length, i + 6); j++) keep.add(j);
  });
  const picked = [...keep].sort((a, b) => a - b).slice(0, 120);
  const out: string[] = [];
  let last = -2;
  for (const i of picked) {
    if (i !== last + 1 && out.length > 0) out.push('  …');
    out.push(lines[i]!);
    last = i;
  }
  const tail = lines.slice(-16).join('\n').trimEnd();
  return `${out.length > 0 ? `${out.join('\n')}\n  …\n` : ''}its last lines:\n${tail}\n`;
}

async function main(): Promise<number> {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      for (const pid of children) {
        try {
          process.kill(pid, signal);
        } catch {
          // already gone
        }
      }
      process.exit(130);
    });
  }
  const started = performance.now();
  const results = await runPhases(PHASES);
  const { text, code } = summary(results, (performance.now() - started) / 1000);
  process.stdout.write(text);
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await main();
