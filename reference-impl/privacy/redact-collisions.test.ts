// TR-PRIV-9, TR-PRIV-13: members that redact to the same name get `#n` suffixes, the smallest free
// n ≥ 2, with naming linear in the number of members (issue 10, item 4; timed in `npm run bench`).
import { describe, expect, it } from 'vitest';
import { redactJson } from './redact-value.ts';
import { defaultRedactor, MASK } from './redactor.ts';

describe('redacted member names', () => {
  it('TR-PRIV-9: colliding names get #2, #3, … and skip names already taken', () => {
    const mask = () => 'k';
    expect(Object.keys(redactJson({ a: 1, b: 2, c: 3 }, mask) as object)).toEqual(['k', 'k#2', 'k#3']);
    // Key "0" sorts first and redacts to "k#2", which the suffixes of "k" then step over.
    const v = { a: 1, b: 2, c: 3, '0': 0 };
    const out = redactJson(v, (s) => (s === '0' ? 'k#2' : 'k')) as Record<string, number>;
    expect(out).toEqual({ 'k#2': 0, k: 1, 'k#3': 2, 'k#4': 3 });
  });
  it('TR-PRIV-13: thousands of e-mail keys get distinct names in order', () => {
    const v: Record<string, number> = {};
    for (let i = 0; i < 5000; i++) v[`user${String(i).padStart(4, '0')}@example.org`] = i;
    const out = redactJson(v, defaultRedactor) as Record<string, number>;
    const names = Object.keys(out);
    expect(names.length).toBe(5000);
    expect(names[0]).toBe(MASK);
    expect(names[4999]).toBe(`${MASK}#5000`);
    expect(out[`${MASK}#2`]).toBe(1);
  });
});
