import { describe, expect, it } from 'vitest';
import type { Ask } from './define.ts';
import { restoreOrExplain } from './restore-explained.ts';

const entry = JSON.stringify({
  version: 1,
  result: { content: 'ok\n\n{"a":1}', isError: false, structured: { a: 1 }, artifacts: [], warnings: [{ code: 'exposure.json' }] },
});

/** An adapter whose bounder drops exposure codes: restore refuses its own entry, bound shows why. */
function fakeAsk(restoreOk: boolean): Ask & { asked: string[] } {
  const asked: string[] = [];
  const any: Ask['any'] = async (op, input) => {
    asked.push(op);
    if (op === 'restore') {
      return restoreOk
        ? { ok: true, output: { result: { restored: true } }, logs: [], line: '' }
        : { ok: false, code: 'ledger.not_bounded', message: 'ledger entry is not a bounded result', logs: [], line: '' };
    }
    const r = input.result as Record<string, unknown>;
    const kept = (r.warnings as string[]).filter((c) => !c.startsWith('exposure.')).map((code) => ({ code }));
    return { ok: true, output: { result: { ...r, warnings: kept } }, logs: [], line: '' };
  };
  return {
    asked,
    any,
    ok: async () => {
      throw new Error('not used');
    },
  };
}

describe('restore with a reason (issue 28 item 10)', () => {
  it('TR-REPLAY-7 TR-BOUND-13: a refused entry names what bounding its result again changed', async () => {
    const ask = fakeAsk(false);
    const err = await restoreOrExplain(ask, entry).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/^restore answered error ledger\.not_bounded: /);
    expect(err?.message).toContain("bounding the entry's own result again in this implementation changes it at $.warnings");
    expect(err?.message).toContain('exposure.* included: TR-BOUND-13');
    expect(ask.asked).toEqual(['restore', 'bound']);
  });

  it('a restored entry is returned as it is, and nothing else is asked', async () => {
    const ask = fakeAsk(true);
    expect(await restoreOrExplain(ask, entry)).toEqual({ restored: true });
    expect(ask.asked).toEqual(['restore']);
  });

  it('an entry that is not JSON keeps the plain reason', async () => {
    const ask = fakeAsk(false);
    const err = await restoreOrExplain(ask, '{nope').then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toBe('restore answered error ledger.not_bounded: ledger entry is not a bounded result');
    expect(ask.asked).toEqual(['restore']);
  });
});
