// The generators keep to what every adapter can read and build.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { propertyConfig } from '../../test/fc-config.ts';
import { boundInput, plantedInput, taggedValue, taggedString } from './arbitraries.ts';

const all = { utf16: true, cycles: true, opaque: true };
const bytesOnly = { utf16: false, cycles: false, opaque: false };

describe('arbitraries', () => {
  it('TR-CONF-6: never send a plain JSON integer beyond ±(2^53 − 1)', () => {
    fc.assert(
      fc.property(taggedValue(all, { strings: taggedString(all), withBad: true }), (v) => {
        // Every number JSON writes without an exponent or a fraction must be a safe integer.
        JSON.stringify(v, (_k, x) => {
          if (typeof x === 'number' && /^-?\d+$/.test(JSON.stringify(x))) expect(Number.isSafeInteger(x)).toBe(true);
          return x;
        });
      }),
      propertyConfig(300),
    );
  });

  it('respects the handshake: no utf16, cycle or opaque tags for a language that cannot build them', () => {
    fc.assert(
      fc.property(boundInput(bytesOnly), (v) => {
        expect(JSON.stringify(v)).not.toMatch(/"\$tr":"(utf16|cycle|opaque)"/);
      }),
      propertyConfig(300),
    );
  });

  it('plants the canary in run-only channels only, never in content', () => {
    fc.assert(
      fc.property(plantedInput(all), ({ canary, input }) => {
        expect(JSON.stringify(input.result.content)).not.toContain(canary);
        expect(JSON.stringify([input.result.structured, input.result.artifacts])).toContain(canary);
      }),
      propertyConfig(200),
    );
  });
});
