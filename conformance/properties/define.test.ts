// How many inputs a property runs: its own count, --runs in place of it, or --runs-scale times it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defineProperty } from './define.ts';
import type { HelloOutput } from '../protocol/messages.ts';

const hello: HelloOutput = {
  name: 'x',
  version: '1',
  language: 'x',
  protocol: 'toolresult-adapter/1',
  groups: ['bound'],
  stringModel: 'utf16',
  cycles: true,
  opaqueValues: true,
};

function counting(numRuns: number | undefined) {
  let calls = 0;
  const c = defineProperty<number>({
    name: 'count',
    description: 'counts its runs',
    requirements: ['TR-CONF-5'],
    groups: ['bound'],
    ...(numRuns !== undefined ? { numRuns } : {}),
    arbitrary: () => fc.integer(),
    check: async () => {
      calls++;
    },
  });
  const run = async (extra: { runs?: number; runsScale?: number }) => {
    calls = 0;
    const out = await c.run({
      adapter: { request: async () => ({ kind: 'broken', reason: 'unused' }) },
      hello,
      seed: 1,
      runs: extra.runs,
      path: undefined,
      ...(extra.runsScale !== undefined ? { runsScale: extra.runsScale } : {}),
    });
    expect(out.passed).toBe(true);
    return calls;
  };
  return run;
}

describe('property run counts', () => {
  it('a property runs its own count, --runs replaces it, --runs-scale multiplies it', async () => {
    const run = counting(12);
    expect(await run({})).toBe(12);
    expect(await run({ runs: 5 })).toBe(5);
    expect(await run({ runsScale: 10 })).toBe(120);
    // --runs wins when both reach a property (the command line refuses both together).
    expect(await run({ runs: 7, runsScale: 10 })).toBe(7);
  });

  it('a property without its own count scales the default', async () => {
    const run = counting(undefined);
    expect(await run({ runsScale: 2 })).toBe(300);
  });
});
