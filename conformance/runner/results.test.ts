import { describe, expect, it } from 'vitest';
import { judge, parseKnownFailing, unusedPatterns } from './results.ts';

describe('known-failing', () => {
  const known = parseKnownFailing('# our Go port\nvector/bound/coerce-*/**   # octet decoder differs\n\n  property/TR-LOG-1/x  \n');
  const listed = { id: 'vector/bound/coerce-bytes/c0-af', requirements: ['TR-BOUND-1'] };
  const other = { id: 'vector/bound/measure/a', requirements: ['TR-BOUND-8'] };

  it('reads patterns, dropping comments and blank lines', () => {
    expect(known.map((p) => p.text)).toEqual(['vector/bound/coerce-*/**', 'property/TR-LOG-1/x']);
  });

  it('TR-CONF-9: a listed failure is expected; a listed pass is stale; others are themselves', () => {
    expect(judge(false, listed, known)).toBe('expected-failure');
    expect(judge(true, listed, known)).toBe('stale');
    expect(judge(false, other, known)).toBe('fail');
    expect(judge(true, other, known)).toBe('pass');
  });

  it('reports patterns that matched no case', () => {
    expect(unusedPatterns(known, [listed])).toEqual(['property/TR-LOG-1/x']);
  });
});
