// Running the matrix: one adapter process per row, two to four at once; per row, every check on
// the fixed vectors it applies to and on generated cases (fast-check: seeded, shrunk to a minimal
// case, replayable by seed and path). A cell fails with the evidence of its first failing vector and
// of the shrunk generated case; the model-interface verdict beside it reads every case of the cell.
import fc from 'fast-check';
import { AdapterProcess } from '../../conformance/core/process.ts';
import { Halt, runProperty } from '../../conformance/core/property.ts';
import { commandLine } from '../../conformance/core/replay.ts';
import { outputOf, type HelloOutput, type StepOutput } from '../../conformance/protocol/messages.ts';
import type { Cell, ComplianceReport, Evidence, ModelVerdict } from '../../generated/conformance.ts';
import { mediaStrings } from './canary.ts';
import { probeCase, satisfies, type StackCase } from './cases.ts';
import { CHECKS, type Check, type Finding } from './checks.ts';
import { cellOf, expectedBy, judgeBody, judgeVectors, modelVerdict, type Judged } from './cell.ts';
import { adapterCommand, prepareAdapter, type StackRow } from './stacks.ts';
import type { StackVector } from './vectors.ts';

export const DEFAULT_SEED = 20261130;
export const DEFAULT_RUNS = 15;
/** Starting a heavy stack (Mastra loads for seconds) on a busy shared 2-core machine can take minutes. */
const STEP_TIMEOUT_MS = 180_000;

// The matrix's types are the report's (generated/conformance.ts, from compliance-report.schema.json).
export type { Cell, Evidence, ModelVerdict };
export type Verdict = Cell['verdict'];
export type Figure = ComplianceReport['figures'][number];

export interface StackRun {
  readonly row: StackRow;
  readonly hello: HelloOutput | undefined;
  readonly cells: readonly Cell[];
  readonly figures: readonly Figure[];
  readonly error?: string;
}

export interface RunOptions {
  readonly seed: number;
  readonly runs: number;
  /** Replay one generated case (with one check). */
  readonly path?: string;
  /** Only these vectors (IDs); an empty list: no vectors. undefined: all. */
  readonly vectorIds?: readonly string[];
  /** false: no generated cases (vector replay). */
  readonly generated: boolean;
  readonly checks: readonly Check[];
  /** Per stack and check, a committed counterexample path to replay instead of searching (drift check). */
  readonly replayPaths?: (stack: string, check: string) => string | undefined;
  readonly onProgress?: (line: string) => void;
}

class CheckFailed extends Error {
  constructor(readonly finding: Finding) {
    super(finding.summary);
  }
}

export function replayCommand(stack: string, check: string, how: { vector: string } | { seed: number; path: string }): string {
  const parts = ['npm', 'run', 'compliance', '--', '--stack', stack, '--check', check];
  if ('vector' in how) parts.push('--vector', how.vector);
  else parts.push('--seed', String(how.seed), '--path', how.path);
  return commandLine(parts);
}

const inputOf = (c: StackCase) => ({ result: c.result, ...(c.outputSchema ? { outputSchema: c.outputSchema } : {}) });

/** The input as evidence: a long string (the 1,000,000-character vector) is cut, with its length. */
function shownInput(c: StackCase): Evidence['input'] {
  const cut = (v: unknown): unknown =>
    typeof v === 'string'
      ? v.length > 2000
        ? `${v.slice(0, 2000)}… (${v.length} chars)`
        : v
      : Array.isArray(v)
        ? v.map(cut)
        : typeof v === 'object' && v !== null
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x)]))
          : v;
  // Cutting strings keeps each object an object.
  return cut(inputOf(c)) as Evidence['input'];
}

/** Keeps evidence readable: long strings and big trees in `kept` are cut, canaries stay visible. */
function trimKept(v: unknown, depth = 0): unknown {
  if (typeof v === 'string') return v.length > 400 ? `${v.slice(0, 400)}… (${v.length} chars)` : v;
  if (Array.isArray(v)) return depth > 6 ? '[…]' : v.slice(0, 8).map((x) => trimKept(x, depth + 1));
  if (typeof v === 'object' && v !== null) {
    if (depth > 6) return '{…}';
    return Object.fromEntries(
      Object.entries(v)
        .slice(0, 16)
        .map(([k, x]) => [k, trimKept(x, depth + 1)]),
    );
  }
  return v;
}

/** The evidence of a finding. `wanted`, `kept` and `part` are JSON of any shape (the schema gives them no type; the generated type reads that as an object). */
function evidence(f: Finding, base: Pick<Evidence, 'source' | 'case' | 'input' | 'replay'>): Evidence {
  type Any = Evidence['wanted'];
  return {
    ...base,
    summary: f.summary,
    ...(f.canary !== undefined ? { canary: f.canary } : {}),
    ...(f.found ? { found: f.found.slice(0, 3) } : {}),
    ...('wanted' in f ? { wanted: f.wanted as Any } : {}),
    ...('kept' in f ? { kept: trimKept(f.kept) as Any } : {}),
    ...(f.threw !== undefined ? { threw: f.threw.slice(0, 400) } : {}),
  };
}

/**
 * Runs the rows that share one adapter command (a stack mode at each of its providers) through one
 * adapter process, one row after the other; never throws for a misbehaving adapter.
 */
export async function runRows(rows: readonly StackRow[], vectors: readonly StackVector[], opts: RunOptions): Promise<StackRun[]> {
  const unprepared = await prepareAdapter(rows[0]!);
  if (unprepared !== undefined) return rows.map((row) => ({ row, hello: undefined, cells: [], figures: [], error: `adapter not prepared: ${unprepared}` }));
  const adapter = new AdapterProcess({ command: adapterCommand(rows[0]!), timeoutMs: STEP_TIMEOUT_MS, maxRestarts: 1 });
  const started = await adapter.ensureStarted();
  if (typeof started === 'string') {
    await adapter.stop();
    return rows.map((row) => ({ row, hello: undefined, cells: [], figures: [], error: `adapter did not start: ${started}` }));
  }
  const out: StackRun[] = [];
  for (const row of rows) out.push(await runRow(row, adapter, started, vectors, opts));
  await adapter.stop();
  return out;
}

/** The step input's telemetry mode (a check's `telemetry`; absent: the stack's defaults). */
type Telemetry = Check['telemetry'];

/**
 * A row's answers, each case asked once (per telemetry mode): a vector's answer does not depend on the check, and the
 * generated cases come from one arbitrary for every check (each check keeps the cases it applies
 * to), so at one seed the checks meet the same cases.
 */
class RowAnswers {
  private readonly vectors = new Map<string, StepOutput | Halt>();
  private readonly generated = new Map<string, StepOutput>();
  constructor(
    private readonly adapter: AdapterProcess,
    private readonly provider: string,
  ) {}

  private async ask(c: StackCase, telemetry: Telemetry): Promise<StepOutput> {
    const r = await this.adapter.request('step', { ...inputOf(c), provider: this.provider, ...(telemetry !== undefined ? { telemetry } : {}) });
    if (r.kind === 'broken') throw new Halt(r.reason);
    if (r.kind === 'error') throw new Halt(`step answered ${r.code}: ${r.message}`);
    // The adapter process checked the output against the protocol; this says so to the compiler.
    return outputOf('step', r.output);
  }

  async vector(v: StackVector, telemetry?: Telemetry): Promise<StepOutput> {
    const key = `${telemetry ?? ''} ${v.id}`;
    if (!this.vectors.has(key)) this.vectors.set(key, await this.ask(v, telemetry).catch((e: unknown) => (e instanceof Halt ? e : new Halt(String(e)))));
    const a = this.vectors.get(key)!;
    if (a instanceof Halt) throw a;
    return a;
  }

  /** The vectors' answers in order, up to the first the adapter could not give (`halt`: why). */
  async vectorsInOrder(vs: readonly StackVector[], telemetry: Telemetry): Promise<{ answered: { vector: StackVector; answer: StepOutput }[]; halt?: string }> {
    const answered: { vector: StackVector; answer: StepOutput }[] = [];
    for (const vector of vs) {
      try {
        answered.push({ vector, answer: await this.vector(vector, telemetry) });
      } catch (e) {
        return { answered, halt: e instanceof Error ? e.message : String(e) };
      }
    }
    return { answered };
  }

  async generatedCase(c: StackCase, telemetry: Telemetry): Promise<StepOutput> {
    const key = `${telemetry ?? ''} ${JSON.stringify(inputOf(c))}`;
    const known = this.generated.get(key);
    if (known) return known;
    const a = await this.ask(c, telemetry);
    this.generated.set(key, a);
    return a;
  }
}

/** What the search of the generated cases met: every judged case, how many it tried, and its end. */
interface GeneratedSearch {
  readonly judged: Judged[];
  readonly tried: number;
  /** The shrunk failing case's evidence. */
  readonly evidence?: Evidence;
  /** Why the search could not judge (the adapter broke, the check threw). */
  readonly error?: string;
}

const anyCase = probeCase({});

/**
 * One property run over the generated cases: each applicable case is asked and judged at both
 * layers (`body: false`: the model interface only); a finding that `fails` accepts ends the search
 * and is shrunk. `sawOther` records whether a finding it did not accept turned up.
 */
async function generatedRun(
  check: Check,
  answers: RowAnswers,
  run: { seed: number; numRuns: number; path?: string; fails: (f: Finding) => boolean; body: boolean },
  met: { judged: Judged[]; tried: number; sawOther: boolean },
) {
  return runProperty({
    arbitrary: anyCase,
    check: async (c: StackCase) => {
      fc.pre(satisfies(c, check.needs));
      met.tried += 1;
      let a: StepOutput;
      try {
        a = await answers.generatedCase(c, check.telemetry);
      } catch (e) {
        throw e instanceof Halt ? e : new Halt(e instanceof Error ? e.message : String(e));
      }
      const name = `generated: ${JSON.stringify(inputOf(c)).slice(0, 200)}`;
      if (!run.body) {
        met.judged.push({ case: c, answer: a, name });
        return;
      }
      const { finding, notApplicable } = judgeBody(check, c, a);
      met.judged.push({ case: c, answer: a, name, ...(notApplicable !== undefined ? { notApplicable } : {}) });
      if (finding === undefined) return;
      if (run.fails(finding)) throw new CheckFailed(finding);
      met.sawOther = true;
    },
    seed: run.seed,
    numRuns: run.numRuns,
    // A replayed path is already the shrunk case: stop there instead of trying to shrink it again.
    ...(run.path !== undefined ? { path: run.path, endOnFailure: true } : {}),
  });
}

/**
 * The search of the generated cases for one cell. On a row with a limit, first a search for a
 * failure the limit does not expect; only when there is none, the search for the expected one,
 * whose shrunk case is the limit's evidence. After a failure, the cases the search did not reach
 * are still judged at the model interface while its verdict is a pass (a replay of one case,
 * --path, has no other cases).
 */
async function searchGenerated(row: StackRow, check: Check, answers: RowAnswers, opts: RunOptions, before: readonly Judged[]): Promise<GeneratedSearch> {
  const limit = row.limits?.[check.id];
  const expected = expectedBy(limit);
  const path = opts.path ?? opts.replayPaths?.(row.id, check.id);
  const numRuns = Math.min(opts.runs, row.runs ?? opts.runs);
  const met = { judged: [] as Judged[], tried: 0, sawOther: false };
  let details = limit !== undefined ? await generatedRun(check, answers, { seed: opts.seed, numRuns, fails: (f) => !expected(f), body: true }, met) : undefined;
  if (details === undefined || (!details.failed && met.sawOther))
    details = await generatedRun(check, answers, { seed: opts.seed, numRuns, ...(path !== undefined ? { path } : {}), fails: () => true, body: true }, met);
  if (!details.failed) return met;
  if (details.halted !== undefined) return { ...met, error: `adapter broke: ${details.halted.message}` };
  const err = details.error;
  if (!(err instanceof CheckFailed)) return { ...met, error: `the check threw: ${err instanceof Error ? err.message : String(err)}` };
  const cexPath = details.path ?? '';
  const evidenceFound = evidence(err.finding, {
    source: 'generated',
    case: `seed ${details.seed} path ${cexPath}`,
    input: shownInput(details.counterexample!),
    replay: replayCommand(row.id, check.id, { seed: details.seed, path: cexPath }),
  });
  if (modelVerdict(check, [...before, ...met.judged]).verdict === 'pass' && opts.path === undefined) {
    const rest = await generatedRun(check, answers, { seed: opts.seed, numRuns, fails: () => false, body: false }, met);
    if (rest.failed && rest.halted !== undefined) return { ...met, evidence: evidenceFound, error: `adapter broke: ${rest.halted.message}` };
  }
  return { ...met, evidence: evidenceFound };
}

/** One cell: the vectors the check applies to, then (unless the adapter broke) the generated cases. */
async function runCell(row: StackRow, check: Check, selected: readonly StackVector[], answers: RowAnswers, opts: RunOptions): Promise<Cell> {
  const limit = row.limits?.[check.id];
  const applicable = selected.filter((v) => satisfies(v, check.needs));
  const asked = await answers.vectorsInOrder(applicable, check.telemetry);
  const vectors = judgeVectors(check, asked.answered, expectedBy(limit), (f, v) =>
    evidence(f, { source: 'vector', case: v.id, input: shownInput(v), replay: replayCommand(row.id, check.id, { vector: v.id }) }),
  );
  const search = opts.generated && asked.halt === undefined ? await searchGenerated(row, check, answers, opts, vectors.judged) : undefined;
  return cellOf({
    stack: row.id,
    check,
    limit,
    vectors: applicable.length,
    generated: search?.tried ?? 0,
    found: [vectors.evidence, search?.evidence].filter((e): e is Evidence => e !== undefined),
    error: asked.halt ?? search?.error,
    judged: [...vectors.judged, ...(search?.judged ?? [])],
  });
}

async function runRow(row: StackRow, adapter: AdapterProcess, started: HelloOutput, vectors: readonly StackVector[], opts: RunOptions): Promise<StackRun> {
  const answers = new RowAnswers(adapter, row.provider);
  const selected = opts.vectorIds === undefined ? vectors : vectors.filter((v) => opts.vectorIds!.includes(v.id));
  const cells: Cell[] = [];
  for (const check of opts.checks) {
    const t0 = Date.now();
    const cell = await runCell(row, check, selected, answers, opts);
    cells.push(cell);
    opts.onProgress?.(
      `${row.id} ${check.id}: ${cell.verdict} (${cell.vectors} vectors, ${cell.generated} generated, ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }

  const figures: Figure[] = [];
  for (const v of selected.filter((x) => x.figure)) {
    try {
      const a = await answers.vector(v);
      const last = a.requests.length > 1 ? a.requests[a.requests.length - 1] : undefined;
      figures.push({
        stack: row.id,
        vector: v.id,
        requestOctets: last === undefined ? 0 : Buffer.byteLength(JSON.stringify(last)),
        mediaOctets: last === undefined ? 0 : mediaStrings(last),
      });
    } catch {
      /* the cells already say the adapter broke */
    }
  }
  return { row, hello: started, cells, figures };
}

export { CHECKS };
