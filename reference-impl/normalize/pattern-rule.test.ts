// The one pattern rule (TR-NORM-65 item 1): the weight of a pattern and the set that cannot run.
import { describe, expect, it } from 'vitest';
import { MAX_PATTERN_WEIGHT, readPattern, UnsupportedPattern } from './pattern-rule.ts';

const weight = (p: string) => readPattern(p).weight;
const why = (p: string) => {
  try {
    readPattern(p);
  } catch (e) {
    expect(e).toBeInstanceOf(UnsupportedPattern);
    return (e as Error).message;
  }
  return 'runs';
};

describe('TR-NORM-65: pattern weight', () => {
  it.each([
    ['', 0],
    ['a', 1],
    ['abc', 3],
    ['^abc$', 5],
    ['[a-z0-9_]', 1],
    ['[^]', 1],
    ['.', 1],
    ['\\d\\w\\s\\S\\b\\B', 6],
    ['\\u00e9\\u{1F600}\\x41\\cA\\0\\/\\.', 7],
    ['\\uD83D\\uDE00', 1], // one code point spelled as a pair of escapes
    ['😀', 1],
    ['a*b+c?d*?e+?f??', 6],
    ['a{3}', 3],
    ['a{3}?', 3],
    ['a{2,}', 2],
    ['a{0,5}', 5],
    ['a{3,7}', 7],
    ['a{0}', 1], // at least 1
    ['(ab){3}', 6],
    ['(?:a|bc){2}', 6],
    ['(?<n>ab)+', 2],
    ['((a{2}){3}){4}', 24],
    ['(a{10}){100}', 1000],
    ['^a{998}$', 1000],
    ['()', 0],
    ['(){5000}', 0],
    ['^[a-z]+(-[a-z]+)*$', 5],
  ])('%s weighs %d', (p, w) => {
    expect(weight(p)).toBe(w);
  });

  it.each(['^a{999}$', 'a{1001}', '(a{100}){11}', '(ab){501}', '^(?:b{500}|c{499})$', 'a{0,999}x{2}', '(a{2}){99999999999999999999}', 'a'.repeat(1001)])(
    '%s weighs more than 1,000: cannot run',
    (p) => {
      expect(why(p)).toContain(`weight above ${MAX_PATTERN_WEIGHT}`);
    },
  );
});

describe('TR-NORM-65: the patterns that cannot run', () => {
  it.each([
    ['^(a)\\1$', 'backreference'],
    ['(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10', 'backreference'],
    ['^(?<x>a)\\k<x>$', 'backreference'],
    ['(?=a)', 'lookaround'],
    ['(?!a)', 'lookaround'],
    ['(?<=a)b', 'lookaround'],
    ['(?<!a)b', 'lookaround'],
    ['\\p{L}', 'Unicode property escape'],
    ['\\P{Lu}', 'Unicode property escape'],
    ['[a\\p{Lu}]', 'Unicode property escape'],
    ['^\\q$', 'not valid'],
    ['a{', 'not valid'],
    ['(', 'not valid'],
    ['[\\d-z]', 'not valid'],
    ['\\1', 'not valid'], // no group 1: a syntax error under u
  ])('%s: %s', (p, reason) => {
    expect(why(p)).toContain(reason);
  });

  it.each(['[\\b]', '[\\w]', '\\\\1', '[(?=]', '\\(?=a\\)', '\\\\p'])('%s runs (an escape or a class, not the construct)', (p) => {
    expect(why(p)).toBe('runs');
  });
});

describe('the spelling for an RE2-like engine keeps the meaning', () => {
  it('joins a surrogate pair of escapes, in a class too', () => {
    expect(readPattern('^\\uD83D\\uDE00[\\uD83D\\uDE00x]$').source).toBe('^\\u{1f600}[\\u{1f600}x]$');
  });
  it('drops a count on a group that matches only the empty string', () => {
    expect(readPattern('^(){2000}a(?:){3,5}?$').source).toBe('^()a(?:)$');
  });
  it('keeps every other character as written', () => {
    const p = '^(?<y>[a-z]{2,3}?)\\.(?:x|\\u0041)*\\\\$';
    expect(readPattern(p).source).toBe(p);
  });
});
