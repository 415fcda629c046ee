// Op of the normalize-* groups: normalize (spec/09-conformance.md §9.3, spec/10-normalization.md).
// Input {source, value, options?}: value in the tagged encoding; for `langchain` it is the neutral
// JSON form of a ToolMessage ({content, status?, artifact?}), which the normalizer reads as it
// reads a ToolMessage instance. options = budgets plus outputSchema and schemaPolicy.
import { normalize, PendingCall, type NormalizeOptions, type NormalizeSource } from '../../reference-impl/internal.ts';
import { decodeTagged } from '../decode-tagged.ts';
import { optionsFromInput } from '../options-input.ts';
import { toToolResult } from '../result-input.ts';
import { OpError, type OpHandler } from './types.ts';

// `local-result`: a local tool that returned a tool result (§9.3, TR-NORM-62); its value is a result
// input, built with the reference's constructors and handed to the local normalizer.
const SOURCES: readonly string[] = ['mcp', 'langchain', 'local', 'local-result'];

export const normalizeOps: Record<string, OpHandler> = {
  normalize(input) {
    const source = input.source;
    if (typeof source !== 'string' || !SOURCES.includes(source)) {
      throw new OpError('adapter.bad_input', 'normalize takes source mcp, langchain, local or local-result');
    }
    const value = source === 'local-result' ? toToolResult(decodeTagged(input.value)) : decodeTagged(input.value);
    try {
      const from = (source === 'local-result' ? 'local' : source) as NormalizeSource;
      return { result: normalize(from, value, optionsFromInput(input.options) as NormalizeOptions | undefined).toRecord() };
    } catch (e) {
      // TR-NORM-22..24: an answer that is not finished is no result; the kit reads it as `pending`.
      if (e instanceof PendingCall) return { pending: e.toRecord() };
      if (e instanceof RangeError) throw new OpError('options.invalid', e.message);
      throw e;
    }
  },
};
