import { describe, expect, it } from 'vitest';
import { junitXml, summarize, summaryLine } from './reports.ts';
import type { CaseResult } from '../core/case.ts';

const results: CaseResult[] = [
  { id: 'vector/bound/a/x', requirements: ['TR-BOUND-1'], status: 'pass', durationMs: 3 },
  {
    id: 'vector/bound/a/y',
    requirements: ['TR-BOUND-2'],
    status: 'fail',
    durationMs: 1,
    failure: { reason: 'got <"\ud800"> & more' },
    replay: 'npm run conformance -- --only vector/bound/a/y',
  },
  { id: 'property/TR-LOG-1/z', requirements: ['TR-LOG-1'], status: 'skip', durationMs: 0, skipReason: 'group sinks not claimed' },
  { id: 'property/TR-LOG-1/w', requirements: ['TR-LOG-1'], status: 'stale', durationMs: 0 },
  { id: 'property/TR-LOG-1/v', requirements: ['TR-LOG-1'], status: 'expected-failure', durationMs: 0 },
];

describe('reports', () => {
  it('counts stale known failures as failures and ends with the summary line', () => {
    expect(summarize(results)).toEqual({ passed: 1, failed: 2, skipped: 1, expectedFailures: 1 });
    expect(summaryLine(summarize(results))).toBe('1 passed, 2 failed, 1 failed as expected, 1 skipped');
    expect(summaryLine({ passed: 3, failed: 0, skipped: 0, expectedFailures: 0 })).toBe('3 passed, 0 failed');
  });

  it('writes escaped, well-formed JUnit XML with one suite per group', () => {
    const xml = junitXml(results);
    expect(xml).toContain('<testsuite name="vector/bound" tests="2" failures="1" skipped="0"');
    expect(xml).toContain('<testsuite name="property/TR-LOG-1" tests="3" failures="1" skipped="1"');
    expect(xml).toContain('message="got &lt;&quot;\ufffd&quot;&gt; &amp; more"');
    expect(xml).toContain('<skipped message="group sinks not claimed"/>');
    expect(xml).not.toMatch(/[\ud800-\udfff]/);
  });
});
