// What the pattern mutants share (TR-NORM-65): whether the reference's rule lets a pattern run, a
// pattern that never matches, and a normalize handler that rewrites the output schema it is given
// before the reference applies it.
import { readPattern, UnsupportedPattern } from '../../reference-impl/internal.ts';
import type { OpHandler } from '../../reference-adapter/ops/types.ts';
import type { Handlers } from './mutant.ts';

type Rec = Record<string, unknown>;

export const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A pattern no string matches. */
export const NEVER_MATCHES = '[^\\s\\S]';

/** Whether the pattern rule (TR-NORM-65 item 1) says a pattern cannot run. */
export function cannotRun(p: string): boolean {
  try {
    readPattern(p);
    return false;
  } catch (e) {
    if (e instanceof UnsupportedPattern) return true;
    throw e;
  }
}

/** The reference's normalize, with `rewrite` applied to the output schema of every input that gives one. */
export function withRewrittenSchema(ref: Handlers, rewrite: (schema: unknown) => unknown): Record<string, OpHandler> {
  return {
    normalize: (input: Rec, ctx) => {
      const options =
        isRec(input.options) && Object.hasOwn(input.options, 'outputSchema')
          ? { ...input.options, outputSchema: rewrite(input.options.outputSchema) }
          : input.options;
      return ref.normalize!({ ...input, options }, ctx);
    },
  };
}
