// A pattern that runs keeps its ECMAScript meaning on the linear-time engine (TR-NORM-65 item 1):
// small random patterns answer as V8's own RegExp (with `u`) answers, on subjects short enough for
// backtracking to be quick, and the patterns the issue named run in linear time.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linearRegExp, UnsupportedPattern } from './linear-regexp.ts';

const SEED = 20261201;

const atom = fc.constantFrom(
  'a',
  'b',
  '.',
  '\\s',
  '\\S',
  '\\d',
  '\\w',
  '\\W',
  '[ab]',
  '[^a]',
  '[\\S]',
  '[^\\s]',
  '[a\\S]',
  '[ \\S]',
  '[^a\\S]',
  '[^\\S ]',
  '[\\s1]',
  '^',
  '$',
  '\\b',
  '\\B',
  '[]',
  '[^]',
  '\\u00a0',
  '\\uD83D\\uDE00',
  '😀',
  '\\n',
);
const quantifier = fc.constantFrom('', '', '*', '+', '?', '{2}', '{0,2}', '{1,}', '*?', '{2,3}?');
const pattern: fc.Arbitrary<string> = fc.letrec((tie) => ({
  item: fc.oneof(
    { weight: 4, arbitrary: atom },
    { weight: 1, arbitrary: fc.tuple(tie('seq') as fc.Arbitrary<string>, fc.constantFrom('(', '(?:', '(?<g>')).map(([s, open]) => `${open}${s})`) },
    { weight: 1, arbitrary: fc.tuple(tie('seq') as fc.Arbitrary<string>, tie('seq') as fc.Arbitrary<string>).map(([x, y]) => `(?:${x}|${y})`) },
  ),
  seq: fc.array(fc.tuple(tie('item') as fc.Arbitrary<string>, quantifier), { maxLength: 4 }).map((xs) =>
    // A quantifier may only follow something it can repeat: not an assertion.
    xs.map(([x, q]) => (['^', '$', '\\b', '\\B'].includes(x) ? x : x + q)).join(''),
  ),
})).seq as fc.Arbitrary<string>;
const subject = fc.array(fc.constantFrom('a', 'b', ' ', '\n', '\u00a0', '\u2028', '1', '_', '😀', '\ufeff', 'é'), { maxLength: 7 }).map((xs) => xs.join(''));

describe('TR-NORM-65: the linear-time engine keeps the ECMAScript meaning', () => {
  it('answers as RegExp(source, "u").test on random patterns and subjects', () => {
    fc.assert(
      fc.property(pattern, fc.array(subject, { minLength: 1, maxLength: 5 }), (source, subjects) => {
        let native: RegExp;
        try {
          native = new RegExp(source, 'u');
        } catch {
          return; // not valid u syntax: the pattern rule refuses it (pattern-rule.test.ts)
        }
        const linear = linearRegExp(source);
        for (const s of subjects) expect(linear.test(s), `/${source}/u on ${JSON.stringify(s)}`).toBe(native.test(s));
      }),
      { seed: SEED, numRuns: 800 },
    );
  });

  it.each([
    ['^(a?){27}a{27}$', 'a'.repeat(27), true],
    ['^a*a*a*a*a*a*a*a*a*b$', 'a'.repeat(38), false],
    ['^(a*a*a*a*a*a*a*a*a*b|a*c)$', `${'a'.repeat(38)}c`, true],
    ['^(\\w+\\s?)*$', `${'a'.repeat(5000)}!`, false],
    ['^[a-z]+(-[a-z]+)*$', 'linear-time-engines-run-it', true],
    ['(a{10}){100}', 'a'.repeat(1000), true],
  ])('%s runs in linear time (%#)', (source, s, want) => {
    // CPU time, not the wall clock (a busy machine's waiting is not the engine's work): a few ms for the
    // linear engine, minutes to hours for a backtracking one, so 2 s of CPU tells them apart anywhere.
    const t = process.cpuUsage();
    expect(linearRegExp(source).test(s)).toBe(want);
    const d = process.cpuUsage(t);
    expect((d.user + d.system) / 1000).toBeLessThan(2000);
  });

  it('refuses what cannot run, with UnsupportedPattern', () => {
    for (const p of ['^(a)\\1$', '(?=a)', '\\p{L}', 'a{1001}', '^\\q$']) expect(() => linearRegExp(p), p).toThrow(UnsupportedPattern);
  });
});
