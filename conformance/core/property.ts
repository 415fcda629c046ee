// The seeded, shrinking, replayable property loop both kits run: fast-check over an arbitrary, a
// check per generated value, the seed and path that replay the shrunk counterexample. A check that
// finds the adapter itself broken (a crash, a timeout, garbage, an op it does not implement) throws
// Halt: shrinking then stops at once, since every later run fails the same way without asking.
import fc from 'fast-check';

/** The adapter broke, or cannot answer at all: no point shrinking, every later run fails at once. */
export class Halt extends Error {
  /** `op`: the op the adapter answered adapter.unknown_op for, when that is why. */
  constructor(
    message: string,
    readonly op?: string,
  ) {
    super(message);
  }
}

export interface PropertyRun<T> {
  readonly arbitrary: fc.Arbitrary<T>;
  /** Throws to fail the value (Halt to stop the search); fc.pre may skip it. */
  check(value: T): Promise<void>;
  readonly seed: number;
  readonly numRuns: number;
  /** A fast-check path to replay. */
  readonly path?: string;
  /** Stop at the first failure, without shrinking. */
  readonly endOnFailure?: boolean;
}

export type PropertyResult<T> =
  | { readonly failed: false }
  | {
      readonly failed: true;
      /** What the check threw at the counterexample. */
      readonly error: unknown;
      /** Set when the search met a broken adapter: the first Halt thrown. */
      readonly halted: Halt | undefined;
      readonly counterexample: T | undefined;
      /** The seed and path that replay the counterexample. */
      readonly seed: number;
      readonly path: string | undefined;
    };

export async function runProperty<T>(run: PropertyRun<T>): Promise<PropertyResult<T>> {
  let halted: Halt | undefined;
  const property = fc.asyncProperty(run.arbitrary, async (value) => {
    if (halted !== undefined) throw halted;
    try {
      await run.check(value);
    } catch (e) {
      if (e instanceof Halt) halted ??= e;
      throw e;
    }
  });
  const details = await fc.check(property, {
    seed: run.seed,
    numRuns: run.numRuns,
    ...(run.endOnFailure ? { endOnFailure: true } : {}),
    ...(run.path !== undefined ? { path: run.path } : {}),
  });
  if (!details.failed) return { failed: false };
  return {
    failed: true,
    error: details.errorInstance,
    halted,
    counterexample: details.counterexample?.[0],
    seed: details.seed,
    path: details.counterexamplePath ?? undefined,
  };
}
