import { describe, expect, it } from 'vitest';
import { adapterActivity, groupLine, heartbeat } from './progress.ts';
import type { CaseResult } from '../core/case.ts';

const skipped = (id: string): CaseResult => ({ id, requirements: [], status: 'skip', durationMs: 0, skipReason: 'group egress not claimed' });

describe('progress', () => {
  it('TR-CONF-8: a group in which nothing ran says only why it was skipped', () => {
    expect(groupLine('vector/egress', [skipped('vector/egress/a/x'), skipped('vector/egress/a/y')], 0)).toBe(
      '  vector/egress: 2 skipped (group egress not claimed)',
    );
    const mixed = [skipped('vector/bound/a/x'), { id: 'vector/bound/a/y', requirements: [], status: 'pass', durationMs: 1 } as CaseResult];
    expect(groupLine('vector/bound', mixed, 1.25)).toBe('  vector/bound: 1 passed, 0 failed, 1 skipped (1.3 s)');
  });

  it('TR-CONF-11: a long case says it is still running, with what the adapter does, until it ends', async () => {
    const lines: string[] = [];
    let requests = 10;
    const stop = heartbeat(
      (l) => lines.push(l),
      'property/TR-LOG-1/no-canary-in-logs',
      () => adapterActivity((requests += 5), undefined),
      20,
    );
    // Waits for two beats, however late a busy machine fires them (a fixed 75 ms saw one beat when the
    // process was descheduled); the 10 s limit only guards a heartbeat that never beats.
    const end = Date.now() + 10_000;
    while (lines.length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 5));
    stop();
    const seen = lines.length;
    // One-sided: a beat after stop would show here; a busy machine can only make one less likely.
    await new Promise((r) => setTimeout(r, 60));
    expect(seen).toBeGreaterThanOrEqual(2);
    expect(lines.length).toBe(seen);
    expect(lines[0]).toMatch(/^ {2}… property\/TR-LOG-1\/no-canary-in-logs: still running after \d+ s, \d+ requests so far$/);
  });

  it('TR-CONF-11: the heartbeat names the answer the adapter has kept the runner waiting for', () => {
    expect(adapterActivity(1, undefined)).toBe('1 request so far');
    expect(adapterActivity(40, { op: 'bound', ms: 300 })).toBe('40 requests so far');
    expect(adapterActivity(41, { op: 'coerce', ms: 28_400 })).toBe('41 requests so far; waiting 28 s for the answer to coerce');
  });
});
