// A property case: a fast-check arbitrary of tagged inputs and an async check that talks to the
// adapter. It becomes one kit case `property/<first requirement>/<name>`; a failure reports the
// shrunk input, want and got, and the seed and path that replay it.
import fc from 'fast-check';
import type { HelloOutput } from '../protocol/messages.ts';
import { unimplementedReason, type Adapter, type KitCase, type Outcome, type RunContext } from '../core/case.ts';
import { Halt, runProperty } from '../core/property.ts';

/** What the adapter's language can build (from the handshake): the arbitraries respect it. */
export interface Caps {
  /** Strings are UTF-16 or code points: unpaired surrogates can be sent (utf16 tags). */
  readonly utf16: boolean;
  readonly cycles: boolean;
  readonly opaque: boolean;
}

export function capsOf(hello: HelloOutput): Caps {
  return { utf16: hello.stringModel !== 'bytes', cycles: hello.cycles, opaque: hello.opaqueValues };
}

/** A check found the implementation wrong: the message says how, want/got show it. */
export class Mismatch extends Error {
  constructor(
    message: string,
    readonly want?: unknown,
    readonly got?: unknown,
  ) {
    super(message);
  }
}

export interface Ask {
  /** Sends one request; an error answer throws Mismatch unless `allowError`. */
  ok(op: string, input: Record<string, unknown>): Promise<{ output: Record<string, unknown>; logs: string[]; line: string }>;
  any(
    op: string,
    input: Record<string, unknown>,
  ): Promise<
    { ok: true; output: Record<string, unknown>; logs: string[]; line: string } | { ok: false; code: string; message: string; logs: string[]; line: string }
  >;
}

export interface PropertySpec<T> {
  readonly name: string;
  readonly description: string;
  readonly requirements: readonly string[];
  readonly groups: readonly string[];
  readonly numRuns?: number;
  arbitrary(caps: Caps, hello: HelloOutput): fc.Arbitrary<T>;
  check(value: T, ask: Ask, hello: HelloOutput): Promise<void>;
}

export const DEFAULT_RUNS = 150;

function asker(adapter: Adapter): Ask {
  const any: Ask['any'] = async (op, input) => {
    const r = await adapter.request(op, input);
    if (r.kind === 'broken') throw new Halt(r.reason);
    // An op of a claimed group that is not there fails every input alike: say that, once.
    if (r.kind === 'error' && r.code === 'adapter.unknown_op') throw new Halt(unimplementedReason(op), op);
    if (r.kind === 'ok') return { ok: true, output: r.output, logs: r.logs, line: r.line };
    return { ok: false, code: r.code, message: r.message, logs: r.logs, line: r.line };
  };
  return {
    any,
    ok: async (op, input) => {
      const r = await any(op, input);
      if (!r.ok)
        throw new Mismatch(`${op} answered error ${r.code}: ${r.message.slice(0, 200)}`, { op, ok: true }, { error: { code: r.code, message: r.message } });
      return r;
    },
  };
}

export function defineProperty<T>(spec: PropertySpec<T>): KitCase {
  return {
    sample: (hello, n, seed) => fc.sample(spec.arbitrary(capsOf(hello), hello), { numRuns: n, seed }),
    id: `property/${spec.requirements[0]}/${spec.name}`,
    kind: 'property',
    description: spec.description,
    requirements: spec.requirements,
    groups: spec.groups,
    needs: [],
    run: async (ctx: RunContext): Promise<Outcome> => {
      const ask = asker(ctx.adapter);
      const r = await runProperty({
        arbitrary: spec.arbitrary(capsOf(ctx.hello), ctx.hello),
        check: (v) => spec.check(v, ask, ctx.hello),
        seed: ctx.seed,
        numRuns: ctx.runs ?? (spec.numRuns ?? DEFAULT_RUNS) * (ctx.runsScale ?? 1),
        endOnFailure: ctx.noShrink === true,
        ...(ctx.path ? { path: ctx.path } : {}),
      });
      if (!r.failed) return { passed: true };
      const replay = { input: r.counterexample, seed: r.seed, path: r.path };
      if (r.halted?.op !== undefined) return { passed: false, reason: unimplementedReason(r.halted.op), unimplementedOp: r.halted.op, ...replay };
      if (r.halted !== undefined) return { passed: false, reason: `adapter broke: ${r.halted.message}`, ...replay };
      const err = r.error;
      if (err instanceof Mismatch)
        return { passed: false, reason: err.message, input: r.counterexample, want: err.want, got: err.got, seed: r.seed, path: r.path };
      const reason = err instanceof Error ? `check threw: ${err.message}` : 'property failed';
      return { passed: false, reason, ...replay };
    },
  };
}
