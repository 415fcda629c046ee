// The generators keep to what every adapter can read and build.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { propertyConfig } from '../../test/support/fc-config.ts';
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

  it('§9.2: a byte-string adapter gets no object tag whose keys are equal as its bounder reads them; a UTF-16 one may', () => {
    const asRead = (k: unknown) => {
      const t = k as { $tr?: string; hex?: string };
      return typeof k === 'string'
        ? k
        : t.$tr === 'bytes'
          ? new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.from(t.hex!, 'hex'))
          : JSON.stringify(k);
    };
    const collisions = (v: unknown): number => {
      let n = 0;
      JSON.stringify(v, (_k, x) => {
        if (x && typeof x === 'object' && x.$tr === 'object' && Array.isArray(x.entries)) {
          const keys = x.entries.map((e: unknown[]) => asRead(e[0]));
          if (new Set(keys).size !== keys.length) n++;
        }
        return x;
      });
      return n;
    };
    const count = (caps: typeof all) =>
      fc.sample(taggedValue(caps, { strings: taggedString(caps), withBad: true }), { numRuns: 4000, seed: 7 }).reduce((a: number, v) => a + collisions(v), 0);
    expect(count(bytesOnly)).toBe(0);
    // The check can see a collision: the UTF-16 generator, which the reference reads as the adapter does, makes some.
    expect(count(all)).toBeGreaterThan(0);
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
