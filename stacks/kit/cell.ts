// The verdict of one cell (a row and a check) from the answers the row's adapter gave, without
// asking anything: judging the fixed vectors, the model-interface verdict over every case the cell
// met, and the verdict of both layers. The run (run.ts) asks the adapter and searches the generated
// cases; everything it decides from the answers is here, so it can be read and tested on its own.
import type { StepOutput } from '../../conformance/protocol/messages.ts';
import type { Cell, Evidence, ModelVerdict } from '../../generated/conformance.ts';
import type { StackCase } from './cases.ts';
import { isNotApplicable, type Check, type Finding } from './checks.ts';
import type { StackLimit } from './stacks.ts';
import type { StackVector } from './vectors.ts';

export type Verdict = Cell['verdict'];

/** One answer the cell met: the case, the stack's answer, its name in the model verdict, and why the check could not judge its provider body (when it said so). */
export interface Judged {
  readonly case: StackCase;
  readonly answer: StepOutput;
  readonly name: string;
  readonly notApplicable?: string;
}

/** Whether a finding is the one failure the row's declared limit explains (never without a limit). */
export const expectedBy =
  (limit: StackLimit | undefined) =>
  (f: Pick<Finding, 'summary'>): boolean =>
    limit?.expects.summary.test(f.summary) === true;

/** The provider verdict of one answer: a finding, the reason the check cannot judge it, or nothing. */
export function judgeBody(check: Check, c: StackCase, a: StepOutput): { finding?: Finding; notApplicable?: string } {
  const f = check.judge(c, a);
  if (isNotApplicable(f)) return { notApplicable: f.notApplicable };
  return f === undefined ? {} : { finding: f };
}

/**
 * The model-interface verdict: every case the cell met, in the order it met them, judged at the
 * model interface until one fails (or the row records no model-interface requests).
 */
export function modelVerdict(check: Check, judged: readonly Judged[]): ModelVerdict {
  if (check.providerOnly) return { verdict: 'n/a', summary: check.providerOnly };
  for (const j of judged) {
    const a = j.answer;
    if (a.modelRequests === undefined) return { verdict: 'n/a', summary: 'the row records no model-interface requests' };
    const m = check.judge(j.case, { ...a, requests: a.modelRequests });
    if (m !== undefined && !isNotApplicable(m))
      return {
        verdict: 'fail',
        case: j.name,
        summary: m.summary,
        ...(m.canary ? { canary: m.canary } : {}),
        ...(m.found ? { found: m.found.slice(0, 1) } : {}),
      };
  }
  return { verdict: 'pass' };
}

/** The reason the last judged provider body gave for n/a, when any did. */
export function notApplicableOf(judged: readonly Judged[]): string | undefined {
  let reason: string | undefined;
  for (const j of judged) reason = j.notApplicable ?? reason;
  return reason;
}

export interface VectorVerdict {
  readonly judged: readonly Judged[];
  /** The cell's vector evidence: the first failing vector (on a row with a limit, the first failure the limit does not expect, else the first expected one). */
  readonly evidence?: Evidence;
}

/**
 * Every answered vector is judged at both layers. The first failing vector is the cell's evidence
 * (the rest only repeat it, so their bodies are not judged); on a row with a limit, the first
 * failure the limit does not expect, else the first expected one.
 */
export function judgeVectors(
  check: Check,
  answered: readonly { readonly vector: StackVector; readonly answer: StepOutput }[],
  expected: (f: Finding) => boolean,
  evidenceOf: (f: Finding, v: StackVector) => Evidence,
): VectorVerdict {
  const judged: Judged[] = [];
  let failure: Evidence | undefined;
  let expectedOne: Evidence | undefined;
  for (const { vector, answer } of answered) {
    if (failure !== undefined) {
      judged.push({ case: vector, answer, name: vector.id });
      continue;
    }
    const { finding: f, notApplicable } = judgeBody(check, vector, answer);
    judged.push({ case: vector, answer, name: vector.id, ...(notApplicable !== undefined ? { notApplicable } : {}) });
    if (f === undefined) continue;
    if (expected(f)) expectedOne ??= evidenceOf(f, vector);
    else failure = evidenceOf(f, vector);
  }
  const evidence = failure ?? expectedOne;
  return { judged, ...(evidence ? { evidence } : {}) };
}

export interface CellInputs {
  readonly stack: string;
  readonly check: Check;
  readonly limit: StackLimit | undefined;
  readonly vectors: number;
  readonly generated: number;
  /** The vector evidence and the shrunk generated case's, in that order. */
  readonly found: readonly Evidence[];
  /** Why the cell could not be judged (the adapter broke, the check threw). */
  readonly error: string | undefined;
  readonly judged: readonly Judged[];
}

/**
 * The verdict of both layers. A failure the row declares out of its stack's reach, and only that
 * failure, is a limit: still not a pass, its evidence kept. Any other failure is a fail, whatever
 * the row declares.
 */
export function cellOf(i: CellInputs): Cell {
  const expected = expectedBy(i.limit);
  const unexpected = i.found.filter((e) => !expected(e));
  const notApplicable = notApplicableOf(i.judged);
  const verdict: Verdict =
    i.error !== undefined ? 'error' : unexpected.length > 0 ? 'fail' : i.found.length > 0 ? 'limit' : notApplicable !== undefined ? 'n/a' : 'pass';
  let reason = i.error;
  if (verdict === 'n/a') reason = notApplicable;
  if (verdict === 'limit') reason = i.limit!.reason;
  if (verdict === 'fail' && i.limit !== undefined)
    reason = `a failure the row's declared limit does not explain (it expects a finding matching /${i.limit.expects.summary.source}/)`;
  const declared = i.limit !== undefined && (verdict === 'limit' || verdict === 'fail') ? { expects: i.limit.expects.summary.source } : {};
  return {
    stack: i.stack,
    check: i.check.id,
    verdict,
    vectors: i.vectors,
    generated: i.generated,
    evidence: verdict === 'fail' ? unexpected : [...i.found],
    ...(reason !== undefined ? { reason } : {}),
    ...(verdict === 'limit' ? { upstream: i.limit!.upstream } : {}),
    ...declared,
    model: modelVerdict(i.check, i.judged),
  };
}
