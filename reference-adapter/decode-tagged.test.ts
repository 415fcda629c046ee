import { describe, expect, it } from 'vitest';
import { decodeTagged, getterCalls } from './decode-tagged.ts';
import { OpError } from './ops/types.ts';
import { OPAQUE_KINDS } from '../conformance/protocol/opaque-kinds.ts';

describe('decodeTagged (TR-CONF-4)', () => {
  it('TR-CONF-4: strings from octets and from UTF-16 units, numbers, big integers', () => {
    expect(decodeTagged({ $tr: 'bytes', hex: 'efbbbf41ff' })).toBe('\uFEFFA\uFFFD');
    expect(decodeTagged({ $tr: 'utf16', units: [0x41, 0xd800] })).toBe('A\uD800');
    expect(Object.is(decodeTagged({ $tr: 'number', value: '-0' }), -0)).toBe(true);
    expect(decodeTagged({ $tr: 'number', value: 'NaN' })).toBeNaN();
    expect(decodeTagged({ $tr: 'bigint', value: '-123456789012345678901' })).toBe(-123456789012345678901n);
    expect(decodeTagged({ $tr: 'repeat', count: 3, text: 'ab' })).toBe('ababab');
  });

  it('TR-CONF-4: nest is built iteratively, 100,000 levels deep, with cycles reaching any level', () => {
    let v = decodeTagged({ $tr: 'nest', depth: 100_000, kind: 'array', leaf: 7 }) as unknown;
    let depth = 0;
    while (Array.isArray(v)) {
      v = v[0];
      depth++;
    }
    expect([depth, v]).toEqual([100_000, 7]);
    const o = decodeTagged({ $tr: 'nest', depth: 3, kind: 'object', key: 'k', leaf: { $tr: 'cycle', up: 3 } }) as { k: { k: { k: unknown } } };
    expect(o.k.k.k).toBe(o);
    const self = decodeTagged({ $tr: 'object', entries: [['me', { $tr: 'cycle', up: 1 }]] }) as { me: unknown };
    expect(self.me).toBe(self);
    const rep = decodeTagged({ $tr: 'repeat', count: 2, item: { a: 1 } }) as unknown[];
    expect(rep[0]).toBe(rep[1]);
  });

  it('TR-CONF-4: object entries keep "$tr" and "__proto__" as plain keys', () => {
    const o = decodeTagged({
      $tr: 'object',
      entries: [
        ['$tr', 'x'],
        ['__proto__', 1],
        [{ $tr: 'utf16', units: [0xdc00] }, 2],
      ],
    }) as object;
    expect(Object.keys(o)).toEqual(['$tr', '__proto__', '\uDC00']);
    expect(Object.getPrototypeOf(o)).toBe(Object.prototype);
    const plain = decodeTagged(JSON.parse('{"__proto__": {"x": 1}}')) as object;
    expect(Object.keys(plain)).toEqual(['__proto__']);
  });

  it('TR-CONF-4: every opaque kind has a native value, and the getter counter sees code run', () => {
    // Every kind the schema names decodes (a kind added there and not here fails), each to its value.
    const values = new Map(OPAQUE_KINDS.map((kind) => [kind, decodeTagged({ $tr: 'opaque', kind })]));
    expect(values.size).toBe(13);
    expect(values.get('undefined')).toBeUndefined();
    expect(typeof values.get('function')).toBe('function');
    expect(typeof values.get('symbol')).toBe('symbol');
    expect(values.get('date')).toBeInstanceOf(Date);
    expect(values.get('map')).toBeInstanceOf(Map);
    expect(values.get('set')).toBeInstanceOf(Set);
    expect(values.get('bytes-object')).toBeInstanceOf(Uint8Array);
    expect(Object.getOwnPropertySymbols(values.get('non-string-key') as object)).toHaveLength(1);
    const before = getterCalls();
    void (values.get('getter') as { value: string }).value;
    expect(() => (values.get('throwing-getter') as { value: string }).value).toThrow();
    expect(() => (values.get('proxy') as { x: unknown }).x).toThrow();
    expect(getterCalls()).toBe(before + 3);
  });

  it('TR-CONF-4: malformed tags are an adapter error, not a crash', () => {
    for (const bad of [{ $tr: 'nope' }, { $tr: 'cycle', up: 5 }, { $tr: 'bytes', hex: 'zz' }, { $tr: 'opaque', kind: 'x' }]) {
      expect(() => decodeTagged(bad)).toThrow(OpError);
    }
  });
});
