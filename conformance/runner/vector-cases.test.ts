// TR-CONF-23: a vector with a bytes form runs for a byte-string adapter with that form's input and is
// judged by that form's expectation; every other adapter gets the case itself.
import { describe, expect, it } from 'vitest';
import { vectorCases } from './vector-cases.ts';
import { skipReason } from './run.ts';
import type { Adapter } from '../core/case.ts';
import type { Reply } from '../core/process.ts';
import type { HelloOutput } from '../protocol/messages.ts';

const hello = (stringModel: HelloOutput['stringModel']): HelloOutput => ({
  name: 'x',
  version: '1',
  language: 'x',
  protocol: 'toolresult-adapter/1',
  groups: ['bound'],
  stringModel,
  cycles: true,
  opaqueValues: true,
});

/** An adapter that records what it was sent and answers with a fixed reply. */
function recording(reply: Reply): Adapter & { sent: unknown[] } {
  const sent: unknown[] = [];
  return { sent, request: async (_op, input) => (sent.push(input), reply) };
}

const ID = 'vector/bound/coerce-strings/utf16-lone-high';

describe('vector cases with a bytes form', () => {
  const c = vectorCases().find((k) => k.id === ID)!;

  it('TR-CONF-23: the case is not skipped for a bytes adapter, and a UTF-16 adapter runs it as ever', () => {
    expect(c).toBeDefined();
    expect(skipReason(c, hello('bytes'))).toBeUndefined();
    expect(skipReason(c, hello('utf16'))).toBeUndefined();
    // A case without a bytes form that needs utf16-strings would still be skipped: none is shipped.
    const without = vectorCases().filter((k) => k.needs.includes('utf16-strings'));
    expect(without.map((k) => k.id)).toEqual([]);
  });

  it('TR-CONF-23: a bytes adapter is sent the octets and judged by the bytes expectation', async () => {
    const a = recording({ kind: 'ok', output: { text: 'A\ufffd\ufffd\ufffdB' }, logs: [], line: '' });
    const out = await c.run({ adapter: a, hello: hello('bytes'), seed: 1, runs: undefined, path: undefined });
    expect(a.sent).toEqual([{ value: { $tr: 'bytes', hex: '41eda08042' } }]);
    expect(out.passed).toBe(true);
    // The UTF-16 answer is wrong for the octets, and the reason names the bytes form.
    const b = recording({ kind: 'ok', output: { text: 'A\ufffdB' }, logs: [], line: '' });
    const bad = await c.run({ adapter: b, hello: hello('bytes'), seed: 1, runs: undefined, path: undefined });
    expect(bad.passed).toBe(false);
    if (!bad.passed) expect(bad.reason).toMatch(/bytes form: octets 41 ED A0 80 42/);
  });

  it('TR-CONF-23: a UTF-16 adapter is sent the unpaired surrogate and judged by the case', async () => {
    const a = recording({ kind: 'ok', output: { text: 'A\ufffdB' }, logs: [], line: '' });
    const out = await c.run({ adapter: a, hello: hello('utf16'), seed: 1, runs: undefined, path: undefined });
    expect(a.sent).toEqual([{ value: { $tr: 'utf16', units: [65, 55296, 66] } }]);
    expect(out.passed).toBe(true);
  });
});
