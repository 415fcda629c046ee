import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainJson } from '../../fuzz/adversarial.ts';
import { propertyConfig } from '../../test/support/fc-config.ts';
import { measureJson } from './measure.ts';
import { jsonNumberLength } from './number-format.ts';
import { jsonStringLength } from './string-length.ts';

const L = (v: unknown, budget = 1 << 30) => measureJson(v, budget, false);

function nest(depth: number, leaf: unknown = 1): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

describe('measure', () => {
  it('TR-BOUND-8: L(v) equals the octets of JSON.stringify(v) for plain, well-formed JSON', () => {
    fc.assert(
      fc.property(plainJson, (v) => {
        const m = L(v);
        if (m.verdict === 'too_deep') return; // fc.jsonValue stays far below 64 levels; kept for clarity
        expect(m.verdict).toBe('ok');
        expect(m.octets).toBe(Buffer.byteLength(JSON.stringify(v), 'utf8'));
      }),
      propertyConfig(300),
    );
  });

  it('TR-BOUND-8: string lengths with escapes and every width', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (s) => {
        expect(jsonStringLength(s)).toBe(Buffer.byteLength(JSON.stringify(s), 'utf8'));
      }),
      propertyConfig(300),
    );
    expect(jsonStringLength('\u2028\u2029\u007f/')).toBe(2 + 3 + 3 + 1 + 1);
  });

  it('TR-BOUND-8: number lengths follow ECMAScript Number::toString', () => {
    for (const n of [0, 7, 10, 99, 1e8, 123456789, 2 ** 53 - 1, -(2 ** 53 - 1), 0.1, 1e-7, 5e-324, -12.5, 1e-6, 1.5e-10]) {
      expect(jsonNumberLength(n), String(n)).toBe(JSON.stringify(n).length);
    }
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -(2 ** 53 - 1), max: 2 ** 53 - 1 }), (n) => {
        expect(jsonNumberLength(n)).toBe(JSON.stringify(n).length);
      }),
      propertyConfig(300),
    );
  });

  it('TR-BOUND-5: -0 counts and is copied as 0', () => {
    const m = measureJson([-0, { a: -0 }], 100);
    expect(m.octets).toBe(JSON.stringify([0, { a: 0 }]).length);
    const copy = m.value as [number, { a: number }];
    expect(Object.is(copy[0], 0)).toBe(true);
    expect(Object.is(copy[1].a, 0)).toBe(true);
  });

  it('TR-BOUND-6: unencodable nodes count 4 and are never looked into', () => {
    let ran = 0;
    const getter = {
      get x(): string {
        ran++;
        return 'x'.repeat(1000);
      },
    };
    const toJson = {
      toJSON: () => {
        ran++;
        return 1;
      },
      big: 'y'.repeat(1000),
    };
    const proxy = new Proxy(
      {},
      {
        get: () => {
          ran++;
        },
        ownKeys: () => {
          ran++;
          return [];
        },
        getPrototypeOf: () => {
          ran++;
          return null;
        },
      },
    );
    class K {
      v = 'z'.repeat(1000);
    }
    const hidden = Object.defineProperty({}, 'h', { value: 1, enumerable: false });
    const symbolKey = { [Symbol('s')]: 1 };
    // biome-ignore lint/suspicious/noSparseArray: the hole is what the test is about
    const sparse = [1, , 2];
    // An accessor member is an unencodable node in its place: the object around it is counted.
    expect(L([getter])).toEqual({ verdict: 'unencodable', octets: 2 + 2 + '"x":'.length + 4 });
    // A non-enumerable member is not part of the value (as JSON.stringify reads it): never read.
    expect(L([hidden])).toEqual({ verdict: 'ok', octets: 2 + 2 });
    for (const v of [
      toJson,
      proxy,
      new K(),
      symbolKey,
      undefined,
      () => 1,
      Symbol('x'),
      10n,
      new Date(),
      new Map(),
      new Set(),
      new Uint8Array(8),
      NaN,
      Infinity,
      -Infinity,
      1e300,
      2 ** 53,
    ]) {
      const m = L([v]);
      expect(m.verdict, String(typeof v)).toBe('unencodable');
      expect(m.octets, String(typeof v)).toBe(2 + 4);
    }
    expect(L(sparse).octets).toBe(2 + 1 + 1 + 4 + 1 + 1);
    expect(ran).toBe(0);
  });

  it('TR-BOUND-6: a cycle point is unencodable; a shared value is not', () => {
    const a: unknown[] = [1];
    a.push(a);
    expect(L(a)).toEqual({ verdict: 'unencodable', octets: 2 + 1 + 1 + 4 });
    const shared = { s: 'v' };
    expect(L([shared, shared])).toMatchObject({ verdict: 'ok', octets: JSON.stringify([shared, shared]).length });
  });

  it('TR-BOUND-7: keys equal after coercion make the object unencodable', () => {
    expect(L({ '\uD800': 1, '\uDC00': 2 }).verdict).toBe('unencodable');
    expect(L({ '\uFFFD': 1, '\uDBFF': 2 }).verdict).toBe('unencodable');
    expect(L({ '\uD800': 1, a: 2 }).verdict).toBe('ok');
    // TR-BOUND-7, TR-BOUND-18: the colliding object is still counted member by member.
    expect(L({ '\uD800': 1, '\uDC00': 2 }).octets).toBe(2 + 2 * ('"\uFFFD":1'.length + 2) + 1); // {"�":1,"�":2}, � 3 octets
    expect(L({ '\uD800': 1, '\uDC00': 2 }, 10).verdict).toBe('over_budget');
  });

  it('TR-BOUND-8: depth 64 is ok, 65 too_deep; precedence over_budget > unencodable > too_deep', () => {
    expect(L(nest(64)).verdict).toBe('ok');
    expect(L(nest(65)).verdict).toBe('too_deep');
    expect(L([nest(65), NaN]).verdict).toBe('unencodable');
    expect(L([nest(65), NaN, 'x'.repeat(100)], 50).verdict).toBe('over_budget');
    expect(L('x'.repeat(10), 12).verdict).toBe('ok');
    expect(L('x'.repeat(10), 11).verdict).toBe('over_budget');
  });

  it('TR-BOUND-0: 100,000 levels and a cycle at the bottom, without overflow', () => {
    expect(L(nest(100_000))).toEqual({ verdict: 'too_deep', octets: 200_001 });
    const top: unknown[] = [];
    let cur = top;
    for (let i = 0; i < 100_000; i++) {
      const next: unknown[] = [];
      cur.push(next);
      cur = next;
    }
    cur.push(top);
    expect(L(top).verdict).toBe('unencodable');
  });

  it('TR-BOUND-16: stops once the running total passes the budget', () => {
    let reads = 0;
    const huge = new Array(200_000).fill('ab');
    // Count element reads through a getter placed far beyond the budget: it must never be read.
    Object.defineProperty(huge, 199_999, {
      get: () => {
        reads++;
        return 'x';
      },
    });
    const m = L(huge, 1000);
    expect(m.verdict).toBe('over_budget');
    expect(m.octets).toBeLessThan(1000 + 10);
    expect(reads).toBe(0);
  });

  it('TR-BOUND-1: the copy holds coerced strings and keys, in fresh containers', () => {
    const input = { 'k\uD800': ['v\uDC00'] };
    const m = measureJson(input, 100);
    expect(m.value).toEqual({ 'k\uFFFD': ['v\uFFFD'] });
    expect(m.value).not.toBe(input);
    expect((m.value as Record<string, unknown>)['k\uFFFD']).not.toBe(input['k\uD800']);
    const proto = measureJson(JSON.parse('{"__proto__": {"polluted": true}}'), 100).value as object;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.keys(proto)).toEqual(['__proto__']);
  });
});
