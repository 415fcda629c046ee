// Op of the normalize-* groups: normalize (spec/09-conformance.md §9.3, spec/10-normalization.md).
// Input {source, value, options?}: value in the tagged encoding; for `langchain` it is the neutral
// JSON form of a ToolMessage ({content, status?, artifact?}), which the normalizer reads as it
// reads a ToolMessage instance. options = budgets plus outputSchema and schemaPolicy.
import { normalize, type NormalizeOptions, type NormalizeSource } from '../../../reference-impl/normalize/index.ts';
import { decodeTagged } from '../decode-tagged.ts';
import { optionsFromInput } from '../options-input.ts';
import { OpError, type OpHandler } from './types.ts';

const SOURCES: readonly string[] = ['mcp', 'langchain', 'local'];

export const normalizeOps: Record<string, OpHandler> = {
  normalize(input) {
    const source = input.source;
    if (typeof source !== 'string' || !SOURCES.includes(source)) {
      throw new OpError('adapter.bad_input', 'normalize takes source mcp, langchain or local');
    }
    const value = decodeTagged(input.value);
    try {
      return { result: normalize(source as NormalizeSource, value, optionsFromInput(input.options) as NormalizeOptions | undefined).toRecord() };
    } catch (e) {
      if (e instanceof RangeError) throw new OpError('options.invalid', e.message);
      throw e;
    }
  },
};
