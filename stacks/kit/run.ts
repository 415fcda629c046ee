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
import { CHECKS, isNotApplicable, type Check, type Finding, type NotApplicable } from './checks.ts';
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

async function runRow(row: StackRow, adapter: AdapterProcess, started: HelloOutput, vectors: readonly StackVector[], opts: RunOptions): Promise<StackRun> {
  const ask = async (c: StackCase): Promise<StepOutput> => {
    const r = await adapter.request('step', { ...inputOf(c), provider: row.provider });
    if (r.kind === 'broken') throw new Halt(r.reason);
    if (r.kind === 'error') throw new Halt(`step answered ${r.code}: ${r.message}`);
    // The adapter process checked the output against the protocol; this says so to the compiler.
    return outputOf('step', r.output);
  };
  const selected = opts.vectorIds === undefined ? vectors : vectors.filter((v) => opts.vectorIds!.includes(v.id));
  // A vector's answer does not depend on the check: ask once.
  const answers = new Map<string, StepOutput | Halt>();
  const answerOf = async (v: StackVector): Promise<StepOutput> => {
    if (!answers.has(v.id)) answers.set(v.id, await ask(v).catch((e: unknown) => (e instanceof Halt ? e : new Halt(String(e)))));
    const a = answers.get(v.id)!;
    if (a instanceof Halt) throw a;
    return a;
  };

  // Generated cases come from one arbitrary for every check (each check keeps the cases it applies
  // to), so at one seed the checks meet the same cases, and a case is asked once per row.
  const generatedAnswers = new Map<string, StepOutput>();
  const askGenerated = async (c: StackCase): Promise<StepOutput> => {
    const key = JSON.stringify(inputOf(c));
    const known = generatedAnswers.get(key);
    if (known) return known;
    const a = await ask(c);
    generatedAnswers.set(key, a);
    return a;
  };
  const anyCase = probeCase({});

  const cells: Cell[] = [];
  for (const check of opts.checks) {
    const t0 = Date.now();
    const found: Evidence[] = [];
    let reason: string | undefined;
    let notApplicable: string | undefined;
    const limit = row.limits?.[check.id];
    /** Whether a finding is the one failure the row's declared limit explains (never without a limit). */
    const expected = (f: Finding): boolean => limit?.expects.summary.test(f.summary) === true;
    let model: ModelVerdict = check.providerOnly ? { verdict: 'n/a', summary: check.providerOnly } : { verdict: 'pass' };
    /** The model-interface verdict of one answer: every case of the cell is judged there, until one fails. */
    const judgeModel = (c: StackCase, a: StepOutput, caseName: string): void => {
      if (model.verdict !== 'pass') return;
      if (a.modelRequests === undefined) model = { verdict: 'n/a', summary: 'the row records no model-interface requests' };
      else {
        const m = check.judge(c, { ...a, requests: a.modelRequests });
        if (m !== undefined && !isNotApplicable(m))
          model = {
            verdict: 'fail',
            case: caseName,
            summary: m.summary,
            ...(m.canary ? { canary: m.canary } : {}),
            ...(m.found ? { found: m.found.slice(0, 1) } : {}),
          };
      }
    };
    /** The provider verdict of one answer. */
    const judgeBody = (c: StackCase, a: StepOutput): Finding | undefined => {
      const f: Finding | NotApplicable | undefined = check.judge(c, a);
      if (isNotApplicable(f)) {
        notApplicable = f.notApplicable;
        return undefined;
      }
      return f;
    };
    const applicable = selected.filter((v) => satisfies(v, check.needs));
    // Every vector is judged at both layers. The first failing vector is the cell's evidence (the rest
    // only repeat it); on a row with a limit, the first failure the limit does not expect, else the
    // first expected one.
    let vectorFailure: Evidence | undefined;
    let vectorExpected: Evidence | undefined;
    try {
      for (const v of applicable) {
        const a = await answerOf(v);
        judgeModel(v, a, v.id);
        if (vectorFailure !== undefined) continue;
        const f = judgeBody(v, a);
        if (f === undefined) continue;
        const e = evidence(f, { source: 'vector', case: v.id, input: shownInput(v), replay: replayCommand(row.id, check.id, { vector: v.id }) });
        if (expected(f)) vectorExpected ??= e;
        else vectorFailure = e;
      }
    } catch (e) {
      reason = e instanceof Error ? e.message : String(e);
    }
    const vectorEvidence = vectorFailure ?? vectorExpected;
    if (vectorEvidence) found.push(vectorEvidence);
    let generated = 0;
    let generatedFailure = false;
    if (opts.generated && reason === undefined) {
      const path = opts.path ?? opts.replayPaths?.(row.id, check.id);
      let sawExpected = false;
      /** The check over one generated case: `fails` says which findings end the search (and are shrunk); `body: false` judges the model interface only. */
      const judgeGenerated =
        (fails: (f: Finding) => boolean, body = true) =>
        async (c: StackCase) => {
          fc.pre(satisfies(c, check.needs));
          generated += 1;
          let a: StepOutput;
          try {
            a = await askGenerated(c);
          } catch (e) {
            throw e instanceof Halt ? e : new Halt(e instanceof Error ? e.message : String(e));
          }
          judgeModel(c, a, `generated: ${JSON.stringify(inputOf(c)).slice(0, 200)}`);
          if (!body) return;
          const f = judgeBody(c, a);
          if (f === undefined) return;
          if (fails(f)) throw new CheckFailed(f);
          sawExpected = true;
        };
      const numRuns = Math.min(opts.runs, row.runs ?? opts.runs);
      // A replayed path is already the shrunk case: stop there instead of trying to shrink it again.
      const search = (fails: (f: Finding) => boolean, at: string | undefined) =>
        runProperty({
          arbitrary: anyCase,
          check: judgeGenerated(fails),
          seed: opts.seed,
          numRuns,
          ...(at !== undefined ? { path: at, endOnFailure: true } : {}),
        });
      // On a row with a limit, first a search for a failure the limit does not expect; only when there
      // is none, the search for the expected one, whose shrunk case is the limit's evidence.
      let details = limit !== undefined ? await search((f) => !expected(f), undefined) : undefined;
      if (details === undefined || (!details.failed && sawExpected)) details = await search(() => true, path);
      if (details.failed && details.halted !== undefined) reason = `adapter broke: ${details.halted.message}`;
      else if (details.failed) {
        generatedFailure = true;
        const c = details.counterexample!;
        const err = details.error;
        const cexPath = details.path ?? '';
        if (err instanceof CheckFailed) {
          found.push(
            evidence(err.finding, {
              source: 'generated',
              case: `seed ${details.seed} path ${cexPath}`,
              input: shownInput(c),
              replay: replayCommand(row.id, check.id, { seed: details.seed, path: cexPath }),
            }),
          );
        } else reason = `the check threw: ${err instanceof Error ? err.message : String(err)}`;
      }
      // The search stopped at the first failing case: the cases it did not reach are still judged at
      // the model interface (a replay of one case, --path, has no other cases).
      if (generatedFailure && reason === undefined && model.verdict === 'pass' && opts.path === undefined) {
        const rest = await runProperty({ arbitrary: anyCase, check: judgeGenerated(() => false, false), seed: opts.seed, numRuns });
        if (rest.failed && rest.halted !== undefined) reason = `adapter broke: ${rest.halted.message}`;
      }
    }
    // A failure the row declares out of its stack's reach, and only that failure, is a limit: still
    // not a pass, its evidence kept. Any other failure is a fail, whatever the row declares.
    const unexpected = found.filter((e) => !expected(e));
    const verdict: Verdict =
      reason !== undefined ? 'error' : unexpected.length > 0 ? 'fail' : found.length > 0 ? 'limit' : notApplicable !== undefined ? 'n/a' : 'pass';
    if (verdict === 'n/a') reason = notApplicable;
    if (verdict === 'limit') reason = limit!.reason;
    if (verdict === 'fail' && limit !== undefined)
      reason = `a failure the row's declared limit does not explain (it expects a finding matching /${limit.expects.summary.source}/)`;
    const declared = limit !== undefined && (verdict === 'limit' || verdict === 'fail') ? { expects: limit.expects.summary.source } : {};
    cells.push({
      stack: row.id,
      check: check.id,
      verdict,
      vectors: applicable.length,
      generated,
      evidence: verdict === 'fail' ? unexpected : found,
      ...(reason !== undefined ? { reason } : {}),
      ...(verdict === 'limit' ? { upstream: limit!.upstream } : {}),
      ...declared,
      model,
    });
    opts.onProgress?.(`${row.id} ${check.id}: ${verdict} (${applicable.length} vectors, ${generated} generated, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }

  const figures: Figure[] = [];
  for (const v of selected.filter((x) => x.figure)) {
    try {
      const a = await answerOf(v);
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
