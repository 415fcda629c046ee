// What a conformance case is and what running one yields; shared by the case library, the
// properties, the run loop and the reports. A case's result is the report's CaseOutcome
// (generated/conformance.ts, from schemas/conformance/report.schema.json): one type for both.
import type { HelloOutput } from '../protocol/messages.ts';
import type { Reply } from './process.ts';
import type { CaseFailure, CaseOutcome, Need } from '../../generated/conformance.ts';

export type { Need };

/** A case's verdict in a run, as the report writes it. */
export type Status = CaseOutcome['status'];

/** The reason of every case that met an op the adapter does not implement, property or vector. */
export const unimplementedReason = (op: string): string => `the adapter does not implement op ${op} (answered adapter.unknown_op)`;

/** What a case talks to: the adapter under test. */
export interface Adapter {
  /** `timeoutMs`: this request's own limit, when the case sets one shorter than the run's. */
  request(op: string, input: Record<string, unknown>, timeoutMs?: number): Promise<Reply>;
}

export interface RunContext {
  readonly adapter: Adapter;
  readonly hello: HelloOutput;
  readonly seed: number;
  /** Runs per property; undefined: the property's own default. */
  readonly runs: number | undefined;
  /** Each property's own runs times this; undefined: 1. Ignored when `runs` is set. */
  readonly runsScale?: number;
  /** The run's per-request timeout (--timeout); a case with a time limit of its own scales it by this. */
  readonly timeoutMs?: number;
  /** A fast-check path to replay (with --only). */
  readonly path: string | undefined;
  /** Stop a property at its first failure, without shrinking. */
  readonly noShrink?: boolean;
}

/** What went wrong in a failing case (TR-CONF-12): the report's CaseFailure. */
export type Failure = Readonly<CaseFailure>;

export type Outcome = { readonly passed: true } | ({ readonly passed: false } & Failure);

export interface KitCase {
  /** Stable hierarchical ID: vector/<group>/<file>/<case> or property/<REQ-ID>/<name>. */
  readonly id: string;
  readonly kind: 'vector' | 'property';
  readonly description: string;
  readonly requirements: readonly string[];
  /** Capability groups the adapter must claim (all of them) for the case to apply. */
  readonly groups: readonly string[];
  readonly needs: readonly Need[];
  /** Where the case comes from (a vector file), for `vectors --out` and reports. */
  readonly source?: string;
  run(ctx: RunContext): Promise<Outcome>;
  /** For a property: `n` generated inputs for an adapter with this handshake (kit self-tests). */
  sample?(hello: HelloOutput, n: number, seed: number): unknown[];
}

/** One case of a run, as the JSON report holds it. */
export type CaseResult = Readonly<CaseOutcome>;
