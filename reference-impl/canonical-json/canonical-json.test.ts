import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyConfig } from '../../test/support/fc-config.ts';
import { plainJson } from '../../conformance/properties/arbitraries.ts';
import { canonicalize, JsonSyntaxError, parseStrict } from './index.ts';

const parse = (t: string): unknown => parseStrict(t, { maxDepth: 100 });

describe('canonicalize (RFC 8785)', () => {
  it('TR-REPLAY-2: sorts members by UTF-16 code units, not code points', () => {
    // U+FF61 is one code unit 0xFF61; U+1F600 starts with the high surrogate 0xD83D, which sorts first.
    expect(canonicalize({ '\uff61': 1, '😀': 2, b: 3, a: 4, '': 5 })).toBe('{"":5,"a":4,"b":3,"😀":2,"｡":1}');
  });

  it('TR-REPLAY-2: writes numbers in ECMAScript form and -0 as 0', () => {
    expect(canonicalize([1e21, 1e-7, 0.1, 5, -12.5, -0, 1e20, 123e-20, 9007199254740991])).toBe(
      '[1e+21,1e-7,0.1,5,-12.5,0,100000000000000000000,1.23e-18,9007199254740991]',
    );
  });

  it('TR-REPLAY-2: escapes only what RFC 8785 escapes', () => {
    expect(canonicalize('"\\\b\t\n\f\r\u0001\u001f\u007f\u2028é/')).toBe('"\\"\\\\\\b\\t\\n\\f\\r\\u0001\\u001f\u007f\u2028é/"');
  });

  it('has no whitespace and matches JSON.stringify of the sorted value', () => {
    fc.assert(
      fc.property(plainJson(), (v) => {
        const text = canonicalize(v as never);
        expect(Buffer.byteLength(text)).toBe(Buffer.byteLength(JSON.stringify(v)));
        expect(parse(text)).toEqual(JSON.parse(text));
        expect(canonicalize(parse(text) as never)).toBe(text);
      }),
      propertyConfig(300),
    );
  });

  it('refuses values that are not JSON data, naming no bytes', () => {
    expect(() => canonicalize(NaN)).toThrow(TypeError);
    expect(() => canonicalize('\ud800secret')).toThrow(/not well-formed$/);
    expect(() => canonicalize({ ['\udc00secret']: 1 })).toThrow(/not well-formed$/);
  });
});

describe('parseStrict', () => {
  it('refuses duplicate member names that JSON.parse would accept', () => {
    expect(JSON.parse('{"a":1,"a":2}')).toEqual({ a: 2 });
    expect(() => parse('{"a":1,"a":2}')).toThrow(JsonSyntaxError);
  });

  it('makes __proto__ an ordinary member', () => {
    const v = parse('{"__proto__":{"x":1}}') as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect((v as { x?: unknown }).x).toBeUndefined();
  });

  it('walks 1,000,000 levels without overflowing and refuses them over the limit', () => {
    const deep = '['.repeat(1_000_000) + ']'.repeat(1_000_000);
    expect(() => parseStrict(deep, { maxDepth: 66 })).toThrow(/nesting too deep/);
    expect(parseStrict('[[[]]]', { maxDepth: 3 })).toEqual([[[]]]);
  });

  it.each(['', ' ', '[1,]', '{"a"1}', '{"a":1,}', '01', '1.', '-', 'tru', '"\\x"', '"a', '"\u0001"', '[1] x', "'a'", 'NaN', '{"a":1}}'])(
    'refuses %j without quoting it',
    (text) => {
      let message = '';
      try {
        parse(text);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).toMatch(/^[a-z ]+ at offset \d+$/);
    },
  );

  it('reads escapes, including a lone surrogate escape (which the ledger then refuses)', () => {
    expect(parse('"\\u00e9\\/\\ud800"')).toBe('é/\ud800');
    expect(parse(' {"a" : [ 1 , -2.5e3 , true , null ] } ')).toEqual({ a: [1, -2500, true, null] });
  });
});
