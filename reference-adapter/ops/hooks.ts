// Ops of the `hooks` group (spec/09-conformance.md §9.3): the hook descriptions of spec/08-hooks.md §8.4.
import { hookFromSpec, transformToolResult, type BoundOptions } from '../../reference-impl/internal.ts';
import { decodeTagged } from '../decode-tagged.ts';
import { optionsFromInput } from '../options-input.ts';
import { boundFromInput, exposeFromInput } from './bound.ts';
import { OpError, type OpHandler } from './types.ts';

export const hooksOps: Record<string, OpHandler> = {
  hooks(input, ctx) {
    if (!Array.isArray(input.hooks)) throw new OpError('adapter.bad_input', 'hooks takes a list of hook descriptions');
    let hooks;
    try {
      // Descriptions are in the tagged encoding too: a text may be given as octets or code units.
      hooks = input.hooks.map((h: unknown) => hookFromSpec(decodeTagged(h)));
    } catch (e) {
      throw new OpError('adapter.bad_input', e instanceof Error ? e.message : 'bad hook description');
    }
    const first = boundFromInput(input);
    const result = transformToolResult(first, hooks, { bound: optionsFromInput(input.options) as BoundOptions | undefined, logger: ctx.logger });
    // Exposure comes after the hooks, as in the seam (TR-EXPOSE-9).
    return { result: exposeFromInput(result, input).toRecord() };
  },
};
