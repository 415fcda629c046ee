// `npm run compliance`: every stack adapter against every stack check, written to
// stacks/compliance/report.json, README.md (the matrix) and rows/<row>.md (each row's evidence). With
// --stack/--check/--vector/--path it replays a cell and prints its evidence instead (nothing is written). --verify compares a fresh run with the
// committed report (the drift check).
//
// Exit status of the whole matrix: 0 when it completed (a third-party stack failing a check is a
// finding, not an error), 1 when the control row failed a check, an adapter broke or a row declares
// a stale limit (a finding of the report, which --verify fails on too). A narrowed run
// (a replay) exits 1 when any selected cell fails, as a test run would. --verify: 1 on drift.
// 2 for a usage error.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { availableParallelism } from 'node:os';
import { CHECKS, checkById, type Check } from './checks.ts';
import { buildReport, renderPages, rowFile, type ComplianceReport } from './report.ts';
import { globMatches, mergeReports } from './merge.ts';
import { DEFAULT_RUNS, DEFAULT_SEED, runRows, type StackRun } from './run.ts';
import { STACKS_DIR, STACK_ROWS, stackRow, type StackRow } from './stacks.ts';
import { loadStackVectors } from './vectors.ts';
import { compareReports } from './verify.ts';
import { killRunningAdapters } from '../../conformance/core/process.ts';

export class UsageError extends Error {}

export const COMPLIANCE_DIR = join(STACKS_DIR, 'compliance');

interface Args {
  stacks: StackRow[];
  checks: Check[];
  vector?: string;
  seed: number;
  runs: number;
  path?: string;
  verify: boolean;
  /** --verify over every row instead of the day's sample. */
  all: boolean;
  write: boolean;
  narrowed: boolean;
  /** --rows: run only the rows these globs match and merge them into the committed report. */
  rows: string[];
}

const USAGE =
  'usage: npm run compliance -- [--stack ID]... [--check TR-STACK-N]... [--vector FILE/ID | --seed N --path P] [--runs N] [--verify [--all]] [--rows GLOB]... [--no-write]';

export function parse(argv: readonly string[]): Args {
  const a: Args = { stacks: [], checks: [], seed: DEFAULT_SEED, runs: DEFAULT_RUNS, verify: false, all: false, write: true, narrowed: false, rows: [] };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    const int = (): number => {
      const v = value();
      if (!/^\d+$/.test(v)) throw new UsageError(`${flag} takes a non-negative integer, got ${JSON.stringify(v)}`);
      return Number(v);
    };
    switch (flag) {
      case '--stack': {
        // A row id, or a stack (`langchain`) or stack mode (`langchain-stream`): all its rows.
        const id = value();
        const exact = stackRow(id);
        const rows = exact ? [exact] : STACK_ROWS.filter((r) => r.stack === id || `${r.stack}-${r.mode}` === id);
        if (rows.length === 0)
          throw new UsageError(
            `unknown stack ${JSON.stringify(id)}; give a row (${STACK_ROWS[0]!.id}, …), a stack (${[...new Set(STACK_ROWS.map((r) => r.stack))].join(', ')}) or a stack mode (${STACK_ROWS[0]!.stack}-${STACK_ROWS[0]!.mode}, …)`,
          );
        for (const r of rows) if (!a.stacks.includes(r)) a.stacks.push(r);
        break;
      }
      case '--check': {
        const id = value();
        const c = checkById(id);
        if (!c) throw new UsageError(`unknown check ${JSON.stringify(id)}; the checks are ${CHECKS.map((k) => k.id).join(', ')}`);
        a.checks.push(c);
        break;
      }
      case '--vector':
        a.vector = value();
        break;
      case '--seed':
        a.seed = int();
        break;
      case '--runs':
        a.runs = int();
        break;
      case '--path':
        a.path = value();
        break;
      case '--verify':
        a.verify = true;
        break;
      case '--all':
        a.all = true;
        break;
      case '--no-write':
        a.write = false;
        break;
      case '--rows': {
        // A glob over row ids (`langchain-*`, `*@anthropic`): those rows run again, every check.
        const glob = value();
        const rows = STACK_ROWS.filter((r) => globMatches(glob, r.id));
        if (rows.length === 0) throw new UsageError(`--rows ${JSON.stringify(glob)} matches no row; rows are named like ${STACK_ROWS[0]!.id}`);
        a.rows.push(glob);
        for (const r of rows) if (!a.stacks.includes(r)) a.stacks.push(r);
        break;
      }
      case '-h':
      case '--help':
        throw new UsageError(USAGE);
      default:
        throw new UsageError(`unknown option ${JSON.stringify(flag)}\n${USAGE}`);
    }
  }
  a.narrowed = (a.stacks.length > 0 && a.rows.length === 0) || a.checks.length > 0 || a.vector !== undefined || a.path !== undefined;
  if (a.rows.length > 0 && (a.narrowed || a.verify))
    throw new UsageError('--rows re-runs whole rows into the committed matrix: it takes no --stack, --check, --vector, --path or --verify');
  if (a.path !== undefined && a.checks.length !== 1) throw new UsageError('--path replays one generated case: give exactly one --check');
  if (a.vector !== undefined && a.path !== undefined) throw new UsageError('--vector and --path replay different cases: give one');
  if (a.verify && a.narrowed) throw new UsageError('--verify checks the whole committed matrix: it takes no --stack, --check, --vector or --path');
  if (a.all && !a.verify) throw new UsageError("--all goes with --verify (every row instead of the day's sample)");
  if (a.stacks.length === 0) a.stacks = [...STACK_ROWS];
  if (a.checks.length === 0) a.checks = [...CHECKS];
  return a;
}

function printEvidence(runs: readonly StackRun[]): void {
  for (const r of runs) {
    if (r.error) console.log(`${r.row.id}: ${r.error}`);
    for (const c of r.cells) {
      console.log(`${c.verdict.toUpperCase()} ${c.stack} ${c.check}${c.reason ? `: ${c.reason}` : ''}`);
      for (const e of c.evidence) {
        console.log(`  ${e.source} ${e.case}: ${e.summary}`);
        for (const o of e.found ?? []) console.log(`    ${o.path} (${o.form}): ${JSON.stringify(o.excerpt)}`);
        if ('wanted' in e) console.log(`    wanted: ${JSON.stringify(e.wanted)}\n    kept:   ${JSON.stringify(e.kept).slice(0, 600)}`);
        if (e.threw) console.log(`    threw: ${e.threw.slice(0, 300)}`);
        console.log(`    input: ${JSON.stringify(e.input).slice(0, 1500)}`);
        console.log(`    replay: ${e.replay}`);
      }
    }
  }
}

/** Runs the stacks (all at once, one process each) with the given options. */
export async function runMatrix(
  a: Pick<Args, 'stacks' | 'checks' | 'seed' | 'runs' | 'path' | 'vector'>,
  extra: { replayPaths?: (s: string, c: string) => string | undefined; onProgress?: (l: string) => void } = {},
): Promise<StackRun[]> {
  const vectors = loadStackVectors();
  if (a.vector !== undefined && !vectors.some((v) => v.id === a.vector))
    throw new UsageError(`unknown vector ${JSON.stringify(a.vector)}; the vectors are ${vectors.map((v) => v.id).join(', ')}`);
  // Rows that share an adapter command (a stack mode at each provider) share one process.
  const groups = new Map<string, StackRow[]>();
  for (const row of a.stacks) {
    const key = JSON.stringify([row.adapter, row.args]);
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  // The slow stacks (a row with a case cap) start first, so the run does not end on a long tail.
  const ordered = [...groups.values()].sort((x, y) => Number(y[0]!.runs !== undefined) - Number(x[0]!.runs !== undefined));
  const runs = await mapLimited(ordered, jobs(), (rows) =>
    runRows(rows, vectors, {
      seed: a.seed,
      runs: a.runs,
      checks: a.checks,
      generated: a.vector === undefined,
      ...(a.vector !== undefined ? { vectorIds: [a.vector] } : a.path !== undefined ? { vectorIds: [] } : {}),
      ...(a.path !== undefined ? { path: a.path } : {}),
      ...(extra.replayPaths ? { replayPaths: extra.replayPaths } : {}),
      ...(extra.onProgress ? { onProgress: extra.onProgress } : {}),
    }),
  );
  // Back in the order the rows were asked for.
  const byId = new Map(runs.flat().map((r) => [r.row.id, r] as const));
  return a.stacks.map((row) => byId.get(row.id)!);
}

/** Adapter processes run at once: starting one is CPU-bound (TOOLRESULT_STACK_JOBS overrides). */
function jobs(): number {
  const env = Number(process.env['TOOLRESULT_STACK_JOBS']);
  return Number.isInteger(env) && env > 0 ? env : Math.max(2, Math.min(4, availableParallelism()));
}

async function mapLimited<T, R>(items: readonly T[], limit: number, f: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function readCommitted(dir: string = COMPLIANCE_DIR): ComplianceReport {
  return JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as ComplianceReport;
}

async function main(argv: readonly string[]): Promise<number> {
  const a = parse(argv);
  const t0 = Date.now();
  const progress = (l: string) => process.stderr.write(`${l}\n`);
  if (a.verify) {
    const committed = readCommitted();
    const sample = a.all ? undefined : sampleRows(committed, utcDay());
    if (sample) progress(`verifying the day's sample of ${sample.length} of ${committed.stacks.length} rows (--all for every row): ${sample.join(', ')}`);
    const problems = await verifyCommitted(committed, a.runs === DEFAULT_RUNS ? undefined : a.runs, progress, sample);
    for (const p of problems) console.log(`drift: ${p}`);
    console.log(
      problems.length === 0
        ? `the committed matrix is what the pinned versions produce (${((Date.now() - t0) / 1000).toFixed(1)} s)`
        : `${problems.length} difference(s): run npm run compliance and commit stacks/compliance/`,
    );
    return problems.length === 0 ? 0 : 1;
  }
  const runs = await runMatrix(a, { onProgress: progress });
  const broken = runs.filter((r) => r.error || r.cells.some((c) => c.verdict === 'error'));
  if (a.narrowed) {
    printEvidence(runs);
    const cells = runs.flatMap((r) => r.cells);
    const limited = cells.filter((c) => c.verdict === 'limit').length;
    console.log(
      `${cells.filter((c) => c.verdict === 'pass').length} passed, ${cells.filter((c) => c.verdict === 'fail').length} failed${limited ? `, ${limited} stack limit(s)` : ''}${broken.length ? `, ${broken.length} stack(s) broke` : ''} (${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
    return cells.some((c) => c.verdict !== 'pass') || broken.length > 0 ? 1 : 0;
  }
  const fresh = buildReport(runs, a.checks, { seed: a.seed, runs: a.runs, vectors: loadStackVectors().map((v) => v.id) });
  if (a.rows.length > 0) {
    const report = mergeReports(
      readCommitted(),
      fresh,
      STACK_ROWS.map((r) => r.id),
    );
    if (a.write) {
      const gone = readCommitted().stacks.filter((s) => !report.stacks.some((x) => x.id === s.id));
      for (const s of gone) rmSync(join(COMPLIANCE_DIR, rowFile(s.id)), { force: true });
      writeFileSync(join(COMPLIANCE_DIR, 'report.json'), `${JSON.stringify(report, null, 1)}\n`);
      const pages = renderPages(report);
      const written = ['README.md', ...runs.map((r) => rowFile(r.row.id))];
      for (const file of written) writeFileSync(join(COMPLIANCE_DIR, file), pages.get(file)!);
      console.log(`merged ${runs.length} row(s) into stacks/compliance/report.json; wrote README.md and ${runs.length} row file(s)`);
    }
    return summarize(runs, report, a, t0);
  }
  const report = fresh;
  if (a.write) {
    // The rows' files are rewritten from nothing, so a row that is gone leaves no file behind.
    rmSync(join(COMPLIANCE_DIR, 'rows'), { recursive: true, force: true });
    mkdirSync(join(COMPLIANCE_DIR, 'rows'), { recursive: true });
    writeFileSync(join(COMPLIANCE_DIR, 'report.json'), `${JSON.stringify(report, null, 1)}\n`);
    const pages = renderPages(report);
    for (const [file, text] of pages) writeFileSync(join(COMPLIANCE_DIR, file), text);
    console.log(`wrote stacks/compliance/report.json, README.md (the matrix) and rows/ (${pages.size - 1} files of evidence)`);
  }
  return summarize(runs, report, a, t0);
}

/** One line per row, the control row's failures and the report's findings; the exit status of a whole run. */
function summarize(runs: readonly StackRun[], report: ComplianceReport, a: Args, t0: number): number {
  const broken = runs.filter((r) => r.error || r.cells.some((c) => c.verdict === 'error'));
  const controlFails = runs.filter((r) => r.row.control).flatMap((r) => r.cells.filter((c) => c.verdict !== 'pass'));
  for (const r of runs) {
    const fails = r.cells.filter((c) => c.verdict === 'fail').map((c) => c.check);
    const limits = r.cells.filter((c) => c.verdict === 'limit').map((c) => c.check);
    const said =
      fails.length === 0
        ? limits.length === 0
          ? 'passes every check'
          : `passes every check but its stack's limit on ${limits.join(', ')}`
        : `fails ${fails.join(', ')}${limits.length > 0 ? ` (and the stack limit ${limits.join(', ')})` : ''}`;
    console.log(`${r.row.id.padEnd(26)} ${r.error ? `not run: ${r.error}` : said}`);
  }
  for (const c of controlFails) console.log(`the control row fails ${c.check}: the kit or the reference is wrong`);
  for (const f of report.findings) console.log(`${f.stack} ${f.check}: ${f.summary}`);
  console.log(`${runs.length} stacks × ${a.checks.length} checks in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return controlFails.length > 0 || broken.length > 0 || report.findings.length > 0 ? 1 : 0;
}

const utcDay = (): number => Math.floor(Date.now() / 86_400_000);

/**
 * The rows `npm test` verifies: every control row, and of each other stack one row, which moves on
 * by one every UTC day (day mod the stack's row count), so the whole matrix is met again within as
 * many days as the largest stack has rows. The sample is a pure function of the day: a failure
 * reproduces with the same day's run, or with --verify --all.
 */
export function sampleRows(committed: ComplianceReport, day: number): string[] {
  const byStack = new Map<string, string[]>();
  for (const s of committed.stacks) if (!s.control) byStack.set(s.stack, [...(byStack.get(s.stack) ?? []), s.id]);
  return [...committed.stacks.filter((s) => s.control).map((s) => s.id), ...[...byStack.values()].map((ids) => ids[day % ids.length]!)];
}

/**
 * The drift check: the stacks run again at the committed seed; a committed failing generated case
 * is replayed by its path, and a passing cell runs `runs` cases (a prefix of the committed run, so it
 * must pass too). The result must equal the committed report.
 */
export async function verifyCommitted(
  committed: ComplianceReport,
  runs: number | undefined,
  onProgress?: (l: string) => void,
  onlyStacks?: readonly string[],
): Promise<string[]> {
  if (onlyStacks) {
    // The same comparison over a part of the matrix: those rows, their cells and figures.
    const keep = (id: string) => onlyStacks.includes(id);
    committed = {
      ...committed,
      stacks: committed.stacks.filter((s) => keep(s.id)),
      cells: committed.cells.filter((c) => keep(c.stack)),
      figures: committed.figures.filter((f) => keep(f.stack)),
    };
  }
  const paths = new Map<string, string>();
  for (const c of committed.cells) {
    const gen = c.evidence.find((e) => e.source === 'generated');
    if (gen) paths.set(`${c.stack} ${c.check}`, gen.case.replace(/^seed \d+ path /, ''));
  }
  const fresh = await runMatrix(
    {
      stacks: committed.stacks.map((s) => stackRow(s.id)).filter((r): r is StackRow => r !== undefined),
      checks: committed.checks.map((c) => checkById(c.id)).filter((c): c is Check => c !== undefined),
      seed: committed.kit.seed,
      runs: runs ?? committed.kit.runs,
    },
    { replayPaths: (s, c) => paths.get(`${s} ${c}`), ...(onProgress ? { onProgress } : {}) },
  );
  const report = buildReport(fresh, CHECKS, { seed: committed.kit.seed, runs: committed.kit.runs, vectors: loadStackVectors().map((v) => v.id) });
  return compareReports(committed, report, (runs ?? committed.kit.runs) < committed.kit.runs);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const stop = () => {
    killRunningAdapters();
    process.exit(130);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      killRunningAdapters();
      if (e instanceof UsageError) {
        console.error(`compliance: ${e.message}`);
        process.exit(2);
      }
      console.error(`compliance: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      process.exit(1);
    },
  );
}
