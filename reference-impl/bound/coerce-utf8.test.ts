import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyConfig } from '../../test/support/fc-config.ts';
import { coerceOctets, coerceString, isWellFormed } from './coerce-utf8.ts';

const R = '\uFFFD';
const bytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex.replace(/ /g, ''), 'hex'));

describe('coerceOctets', () => {
  // The pinned table of spec/03-bounding.md §3.1.
  const table: [string, string, number][] = [
    ['41 80 42', `A${R}B`, 1],
    ['C0 AF', R + R, 2],
    ['E0 80 80', R.repeat(3), 3],
    ['ED A0 80', R.repeat(3), 3],
    ['F0 9F 98', R, 1],
    ['F0 9F 98 41', `${R}A`, 1],
    ['F4 90 80 80', R.repeat(4), 4],
    ['F5 80', R + R, 2],
    ['EF BB BF 41', '\uFEFFA', 0],
    ['E2 82', R, 1],
  ];
  it.each(table)('TR-BOUND-1: %s gives the pinned output', (hex, want, count) => {
    const got = coerceOctets(bytes(hex));
    expect(got).toBe(want);
    expect(got.split(R).length - 1).toBe(count);
  });

  it('TR-BOUND-2: keeps a byte order mark, U+0000 and decomposed characters', () => {
    expect(coerceOctets(bytes('EF BB BF'))).toBe('\uFEFF');
    expect(coerceOctets(bytes('00 41 00'))).toBe('\u0000A\u0000');
    expect(coerceOctets(Buffer.from('e\u0301'))).toBe('e\u0301');
  });

  it('TR-BOUND-1: well-formed UTF-8 round-trips and any octets give a well-formed string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(coerceOctets(Buffer.from(s, 'utf8'))).toBe(s);
      }),
      propertyConfig(),
    );
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (b) => {
        const s = coerceOctets(b);
        expect(isWellFormed(s)).toBe(true);
        // Maximal subparts never swallow a good octet: every ASCII octet survives.
        expect(s.replace(/[^\x00-\x7f]/g, '')).toBe(Buffer.from(b.filter((x) => x < 0x80)).toString('latin1'));
      }),
      propertyConfig(),
    );
  });
});

describe('coerceString', () => {
  it('TR-BOUND-1: one U+FFFD per unpaired surrogate, pairs kept', () => {
    expect(coerceString('a\uD800b')).toBe(`a${R}b`);
    expect(coerceString('\uDC00\uD800')).toBe(R + R);
    expect(coerceString('\uD83D\uD83D\uDE00')).toBe(`${R}\uD83D\uDE00`);
    expect(coerceString('\uD83D\uDE00')).toBe('\uD83D\uDE00');
  });

  it('TR-BOUND-2: a well-formed string is returned as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(coerceString(s)).toBe(s);
      }),
      propertyConfig(),
    );
  });

  it('TR-BOUND-1: changes only unpaired surrogates, unit for unit', () => {
    const unit = fc.oneof(fc.integer({ min: 0, max: 0xffff }), fc.integer({ min: 0xd800, max: 0xdfff }));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 30 }), (units) => {
        const s = String.fromCharCode(...units);
        const c = coerceString(s);
        expect(c.length).toBe(s.length);
        expect(isWellFormed(c)).toBe(true);
        for (let i = 0; i < s.length; i++) if (c[i] !== s[i]) expect(c[i]).toBe(R);
      }),
      propertyConfig(),
    );
  });
});
