// What the mutants of the bounder's record share: `bound` with a change to the record it returns,
// and `wire` built from the changed record as a port would build it (so the two never disagree),
// and the record's warning codes read and written back in the kit's order.
import type { OpContext, OpHandler } from '../../reference-adapter/ops/types.ts';
import type { Handlers } from './mutant.ts';

export type Rec = Record<string, unknown>;

export const codes = (r: Rec) => (r.warnings as { code: string }[]).map((w) => w.code);
export const withCodes = (r: Rec, cs: string[]) => ({ ...r, warnings: [...new Set(cs)].sort().map((code) => ({ code })) });

export function mapBound<I extends { result: Rec; options?: Rec }>(ref: Handlers, f: (r: Rec, input: I, ctx: OpContext) => Rec): Record<string, OpHandler> {
  const bound: OpHandler = (input: I, ctx) => ({ result: f(ref.bound!(input, ctx).result as Rec, input, ctx) });
  return {
    bound,
    wire: (input: I, ctx) => {
      const r = bound(input, ctx).result as Rec;
      return { message: { content: r.content, isError: r.isError } };
    },
  };
}
