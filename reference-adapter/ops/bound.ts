// Ops of the `bound` group: coerce, measure, bound (spec/09-conformance.md §9.3).
import { bound, coerceString, measureJson, type BoundOptions, expose, type BoundedToolResult } from '../../reference-impl/internal.ts';
import { decodeTagged } from '../decode-tagged.ts';
import { optionsFromInput } from '../options-input.ts';
import { decodeResultInput, toToolResult } from '../result-input.ts';
import { OpError, type OpHandler } from './types.ts';

/**
 * Decodes a result input and bounds it. Shared by every op that takes `{result, options?}`.
 * Invalid options become the error `options.invalid` (TR-MODEL-10).
 */
export function boundFromInput(input: { result: unknown; options?: unknown; repeat?: unknown }): BoundedToolResult {
  const result = toToolResult(decodeResultInput(input.result));
  // The common-case profile bounds one built result many times, so that decoding it is not what it times.
  const times = input.repeat === undefined ? 1 : input.repeat;
  if (!Number.isSafeInteger(times) || (times as number) < 1) throw new OpError('adapter.bad_input', 'repeat must be an integer of at least 1');
  try {
    const options = optionsFromInput(input.options) as BoundOptions | undefined;
    for (let i = 1; i < (times as number); i++) bound(result, options);
    return bound(result, options);
  } catch (e) {
    if (e instanceof RangeError) throw new OpError('options.invalid', e.message);
    throw e;
  }
}

/**
 * Applies the input's exposure policy (spec/12-exposure.md) to a bounded result, with the input's
 * budgets. No `exposure` member is the policy none: the result itself. A bad policy is `options.invalid`.
 */
export function exposeFromInput(bounded: BoundedToolResult, input: { options?: unknown; exposure?: unknown }): BoundedToolResult {
  // Tagged values in the policy are decoded like every other part of the input (TR-CONF-4): a
  // pointer sent as a `bytes` tag is the string those octets coerce to. A tag that cannot be
  // decoded makes the policy invalid.
  let policy: unknown;
  try {
    policy = decodeTagged(input.exposure);
  } catch (e) {
    if (e instanceof OpError) throw new OpError('options.invalid', 'the exposure policy holds a tagged value that cannot be decoded');
    throw e;
  }
  try {
    return expose(bounded, policy as never, optionsFromInput(input.options) as BoundOptions | undefined);
  } catch (e) {
    if (e instanceof RangeError) throw new OpError('options.invalid', e.message);
    throw e;
  }
}

/** Bounds a result input and applies its exposure policy: what the wire and the sinks are given. */
export function resultFromInput(input: { result: unknown; options?: unknown; exposure?: unknown }): BoundedToolResult {
  return exposeFromInput(boundFromInput(input), input);
}

export const boundOps: Record<string, OpHandler> = {
  coerce(input) {
    const value = decodeTagged(input.value);
    if (typeof value !== 'string') throw new OpError('adapter.bad_input', 'coerce takes a string');
    return { text: coerceString(value) };
  },
  measure(input) {
    const budget = input.budget;
    if (!Number.isSafeInteger(budget) || budget < 0) throw new OpError('adapter.bad_input', 'measure takes an integer budget');
    const m = measureJson(decodeTagged(input.value), budget, false);
    return m.verdict === 'ok' ? { verdict: 'ok', octets: m.octets } : { verdict: m.verdict };
  },
  bound(input) {
    return { result: resultFromInput(input).toRecord() };
  },
};
