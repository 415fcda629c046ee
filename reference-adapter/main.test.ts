// The reference adapter's request handling (spec/09-conformance.md §9.1–9.3), in process.
import { describe, expect, it } from 'vitest';
import { answer } from './main.ts';
import { handlers } from './ops/index.ts';
import { OpError } from './ops/types.ts';
import { checkResponse, PROTOCOL } from '../conformance/protocol/messages.ts';

const ask = (req: unknown, h = handlers) => answer(JSON.stringify(req), h, 'test').response;

describe('reference adapter', () => {
  it('TR-CONF-3: hello states the protocol, the claimed groups and what the language can build', () => {
    const r = ask({ id: 1, op: 'hello', input: { protocol: PROTOCOL } });
    expect(r).toMatchObject({ id: 1, ok: true, logs: [], output: { protocol: PROTOCOL, stringModel: 'utf16', cycles: true, opaqueValues: true } });
    expect(r.ok && (r.output.groups as string[])).toContain('bound');
    expect(answer(JSON.stringify({ id: 2, op: 'stop', input: {} }), handlers, 't').stop).toBe(true);
  });

  it('TR-CONF-4: decodes tagged values before the implementation sees them', () => {
    const r = ask({ id: 3, op: 'coerce', input: { value: { $tr: 'utf16', units: [0x41, 0xd800, 0x42] } } });
    expect(r).toEqual({ id: 3, ok: true, output: { text: 'A\ufffdB' }, logs: [] });
    const m = ask({ id: 4, op: 'measure', input: { value: [{ $tr: 'number', value: 'NaN' }], budget: 100 } });
    expect(m).toMatchObject({ ok: true, output: { verdict: 'unencodable' } });
  });

  it('TR-CONF-2: every response carries the request id and the logs; errors carry a code', () => {
    const r = ask({ id: 5, op: 'bound', input: { result: { content: 'x', isError: false }, options: { contentBudget: 1 } } });
    expect(r).toMatchObject({ id: 5, ok: false, error: { code: 'options.invalid' } });
    expect(checkResponse.Check(r)).toBe(true);
    expect(ask({ id: 6, op: 'nope', input: {} })).toMatchObject({ id: 6, ok: false, error: { code: 'adapter.unknown_op' }, logs: [] });
    expect(answer('not json', handlers, 't').response).toMatchObject({ id: null, ok: false, error: { code: 'adapter.bad_request' } });
    expect(ask({ id: 7, op: 'coerce' })).toMatchObject({ id: 7, ok: false, error: { code: 'adapter.bad_request' } });
  });

  it('TR-CONF-7: an unexpected exception becomes adapter.exception and quotes nothing of the input', () => {
    const leaky = {
      ...handlers,
      bound: (input: { result: { content: string } }, ctx: { logger: { log: (l: 'warn', m: string) => void } }) => {
        ctx.logger.log('warn', 'about to fail');
        throw new Error(`failed on ${input.result.content}`);
      },
    };
    const r = ask({ id: 8, op: 'bound', input: { result: { content: 'cnry0123456789abcdef', isError: false } } }, leaky as never);
    expect(r).toEqual({ id: 8, ok: false, error: { code: 'adapter.exception', message: 'unexpected exception in op bound' }, logs: ['warn about to fail'] });
    const expected = {
      ...handlers,
      coerce: () => {
        throw new OpError('x.y', 'named error');
      },
    };
    expect(ask({ id: 9, op: 'coerce', input: { value: 'a' } }, expected)).toMatchObject({ ok: false, error: { code: 'x.y', message: 'named error' } });
  });
});
