import { describe, expect, it } from 'vitest';
import { compilePattern, selectCases, unmatchedPatterns } from './patterns.ts';

const c = (id: string, ...requirements: string[]) => ({ id, requirements });
const cases = [
  c('vector/bound/coerce-bytes/c0-af', 'TR-BOUND-1'),
  c('vector/bound/measure/depth-64', 'TR-BOUND-8'),
  c('property/TR-LOG-1/no-canary-in-logs', 'TR-LOG-1'),
];

describe('patterns', () => {
  it.each([
    ['vector/bound/coerce-bytes/c0-af', ['vector/bound/coerce-bytes/c0-af']],
    ['vector/bound', ['vector/bound/coerce-bytes/c0-af', 'vector/bound/measure/depth-64']],
    ['vector/*/measure', ['vector/bound/measure/depth-64']],
    ['*/TR-LOG-1/*', ['property/TR-LOG-1/no-canary-in-logs']],
    ['**/depth-??', ['vector/bound/measure/depth-64']],
    ['TR-BOUND-1', ['vector/bound/coerce-bytes/c0-af']],
    ['TR-BOUND-*', ['vector/bound/coerce-bytes/c0-af', 'vector/bound/measure/depth-64']],
    ['TR-*-1', ['vector/bound/coerce-bytes/c0-af', 'property/TR-LOG-1/no-canary-in-logs']],
    ['TR-BOUND-?', ['vector/bound/coerce-bytes/c0-af', 'vector/bound/measure/depth-64']],
    ['TR-BOUND', []],
    ['vector/bou', []],
    ['*', cases.map((x) => x.id)],
  ])('%s selects %j', (pattern, ids) => {
    expect(selectCases(cases, [compilePattern(pattern)], []).map((x) => x.id)).toEqual(ids);
  });

  it('applies --skip after --only', () => {
    expect(selectCases(cases, [compilePattern('vector')], [compilePattern('**/depth-*')]).map((x) => x.id)).toEqual(['vector/bound/coerce-bytes/c0-af']);
  });

  it('a requirement glob works beside another --only, in any position', () => {
    const ids = (only: string[]) => selectCases(cases, only.map(compilePattern), []).map((x) => x.id);
    expect(ids(['property', 'TR-BOUND-*'])).toEqual(cases.map((x) => x.id));
    expect(ids(['TR-BOUND-*', 'property'])).toEqual(cases.map((x) => x.id));
    expect(unmatchedPatterns(cases, ['vector', 'TR-NORM-*'].map(compilePattern)).map((p) => p.text)).toEqual(['TR-NORM-*']);
  });

  it('treats regular-expression characters literally', () => {
    expect(compilePattern('a.b').matches(c('axb'))).toBe(false);
    expect(compilePattern('a.b').matches(c('a.b'))).toBe(true);
  });
});
