// A property case: a fast-check arbitrary of tagged inputs and an async check that talks to the
// adapter. It becomes one kit case `property/<first requirement>/<name>`; a failure reports the
// shrunk input, want and got, and the seed and path that replay it.
import fc from 'fast-check';
import type { HelloOutput } from '../protocol/messages.ts';
import type { Adapter, KitCase, Outcome, RunContext } from '../runner/case.ts';

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
  constructor(message: string, readonly want?: unknown, readonly got?: unknown) {
    super(message);
  }
}

/** The adapter broke (crash, timeout, garbage): no point shrinking, every later run fails at once. */
class Broken extends Error {}

/** The reason of every case that met an op the adapter does not implement, property or vector. */
export const unimplementedReason = (op: string): string => `the adapter does not implement op ${op} (answered adapter.unknown_op)`;

export interface Ask {
  /** Sends one request; an error answer throws Mismatch unless `allowError`. */
  ok(op: string, input: Record<string, unknown>): Promise<{ output: Record<string, unknown>; logs: string[]; line: string }>;
  any(op: string, input: Record<string, unknown>): Promise<{ ok: true; output: Record<string, unknown>; logs: string[]; line: string } | { ok: false; code: string; message: string; logs: string[]; line: string }>;
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

function asker(adapter: Adapter, onBroken: (reason: string) => never, onUnimplemented: (op: string) => never): Ask {
  const any: Ask['any'] = async (op, input) => {
    const r = await adapter.request(op, input);
    if (r.kind === 'broken') onBroken(r.reason);
    // An op of a claimed group that is not there fails every input alike: say that, once.
    if (r.kind === 'error' && r.code === 'adapter.unknown_op') onUnimplemented(op);
    if (r.kind === 'ok') return { ok: true, output: r.output, logs: r.logs, line: r.line };
    return { ok: false, code: r.code, message: r.message, logs: r.logs, line: r.line };
  };
  return {
    any,
    ok: async (op, input) => {
      const r = await any(op, input);
      if (!r.ok) throw new Mismatch(`${op} answered error ${r.code}: ${r.message.slice(0, 200)}`, { op, ok: true }, { error: { code: r.code, message: r.message } });
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
      let broken: string | undefined;
      let unimplemented: string | undefined;
      const ask = asker(
        ctx.adapter,
        (reason) => {
          broken ??= reason;
          throw new Broken(reason);
        },
        (op) => {
          unimplemented ??= op;
          throw new Broken(unimplementedReason(op));
        },
      );
      const property = fc.asyncProperty(spec.arbitrary(capsOf(ctx.hello), ctx.hello), async (v) => {
        if (broken !== undefined) throw new Broken(broken);
        if (unimplemented !== undefined) throw new Broken(unimplementedReason(unimplemented));
        await spec.check(v, ask, ctx.hello);
      });
      const numRuns = ctx.runs ?? (spec.numRuns ?? DEFAULT_RUNS) * (ctx.runsScale ?? 1);
      const details = await fc.check(property, { seed: ctx.seed, numRuns, endOnFailure: ctx.noShrink === true, ...(ctx.path ? { path: ctx.path } : {}) });
      if (!details.failed) return { passed: true };
      const err = details.errorInstance;
      const input = details.counterexample?.[0];
      if (broken !== undefined) return { passed: false, reason: `adapter broke: ${broken}`, input, seed: details.seed, path: details.counterexamplePath ?? undefined };
      if (unimplemented !== undefined) return { passed: false, reason: unimplementedReason(unimplemented), unimplementedOp: unimplemented, input, seed: details.seed, path: details.counterexamplePath ?? undefined };
      if (err instanceof Mismatch) {
        return { passed: false, reason: err.message, input, want: err.want, got: err.got, seed: details.seed, path: details.counterexamplePath ?? undefined };
      }
      const reason = err instanceof Error ? `check threw: ${err.message}` : 'property failed';
      return { passed: false, reason, input, seed: details.seed, path: details.counterexamplePath ?? undefined };
    },
  };
}
