import { describe, expect, it } from 'vitest';
import { firstDifference, jsonEqual } from './compare.ts';

describe('jsonEqual', () => {
  it('ignores object member order, not array order', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });

  it('tells absent from null, and -0 from 0 (TR-BOUND-5 in-process)', () => {
    expect(jsonEqual({ a: null }, {})).toBe(false);
    expect(jsonEqual({}, { a: undefined })).toBe(false);
    expect(jsonEqual(0, -0)).toBe(false);
    expect(jsonEqual('1', 1)).toBe(false);
  });

  it('names where two values part', () => {
    expect(firstDifference({ r: { w: [{ code: 'a' }] } }, { r: { w: [{ code: 'b' }] } })).toBe('$.r.w[0].code: want "a", got "b"');
    expect(firstDifference({ a: 1 }, { a: 1, b: 2 })).toBe('$: unexpected member "b" = 2');
    expect(firstDifference({ a: 1, b: 2 }, { a: 1 })).toBe('$: missing member "b"');
    expect(firstDifference([1], [1, 2])).toContain('want an array of 1, got 2');
  });
});
