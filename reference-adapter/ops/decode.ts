// The `decode` op: the floor of the cost profile (conformance/profile/). It decodes its value as
// every op decodes a tagged input and builds it whole, and calls nothing of the implementation, so
// the profile can compare an attack with the cost of merely receiving the same payload.
import { types } from 'node:util';
import { decodeTagged } from '../decode-tagged.ts';
import { OpError, type OpHandler } from './types.ts';

/**
 * Reads one character of every string in `v`: `String.prototype.repeat` makes a rope, which V8
 * builds whole (flattens) on the first read, and a JSON text would have given a whole string. Walks
 * iteratively (a nest is up to a million deep) and visits a container once (a cycle, a shared item).
 */
function makeWhole(v: unknown): number {
  let read = 0;
  const seen = new Set<object>();
  const stack: unknown[] = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x === 'string') {
      read += x.length > 0 ? x.charCodeAt(x.length - 1) & 1 : 0;
    } else if (x !== null && typeof x === 'object' && !types.isProxy(x) && !seen.has(x)) {
      seen.add(x);
      // Own data members only, and no proxy: an opaque value's code must not run (TR-BOUND-6).
      for (const key of Reflect.ownKeys(x)) {
        if (typeof key === 'string') read += key.length > 0 ? key.charCodeAt(key.length - 1) & 1 : 0;
        const d = Reflect.getOwnPropertyDescriptor(x, key);
        if (d !== undefined && 'value' in d) stack.push(d.value);
      }
    }
  }
  return read;
}

/** The common-case floor: JavaScript's own serializer and the text's UTF-8 length, nothing else. */
function serialize(input: { value?: unknown; repeat?: unknown }): { octets: number } {
  const times = input.repeat;
  if (!Number.isSafeInteger(times) || (times as number) < 1) throw new OpError('adapter.bad_input', 'repeat must be an integer of at least 1');
  const value = decodeTagged(input.value);
  makeWhole(value);
  let octets = 0;
  for (let i = 0; i < (times as number); i++) octets = Buffer.byteLength(JSON.stringify(value) ?? 'null');
  return { octets };
}

export const decodeOps: Readonly<Record<string, OpHandler>> = {
  serialize,
  decode: (input: { value?: unknown }) => {
    makeWhole(decodeTagged(input.value));
    return {};
  },
};
