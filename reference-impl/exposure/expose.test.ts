// The exposure step in the reference (spec/12-exposure.md). The byte rules are pinned by the kit's
// vectors and properties (conformance/vectors/exposure/, conformance/properties/exposure.ts); these
// tests cover what only the library API shows: the type check, errors that quote nothing, the seam's
// order (after the hooks, before the ledger) and hostile content.
import { describe, expect, it } from 'vitest';
import { bound } from '../bound/index.ts';
import { hookFromSpec } from '../hooks/index.ts';
import { InMemoryLedger, persist, restore } from '../ledger/index.ts';
import { executeToolCall } from '../seam/index.ts';
import { ToolResult } from '../tool-result.ts';
import { EXPOSURE_SEPARATOR, expose, resolveExposure, type ExposurePolicy } from './expose.ts';
import { parsePointer, resolvePointer } from './json-pointer.ts';
import { toWireMessage } from '../egress/wire.ts';

const CANARY = 'cnry00ff00ff00ff00ff';
const invoices = { invoices: [{ id: 'INV-123', amount: 500, note: CANARY }], count: 1 };

describe('exposure', () => {
  it('TR-EXPOSE-1: none, null and no policy return the very same result', () => {
    const b = bound(ToolResult.text('ok', { structured: invoices }));
    expect(expose(b)).toBe(b);
    expect(expose(b, null)).toBe(b);
    expect(expose(b, { policy: 'none' })).toBe(b);
  });

  it('TR-EXPOSE-3: expose takes only a bounded result, and says so without quoting it', () => {
    const raw = ToolResult.text(CANARY, { structured: invoices });
    expect(() => expose(raw as never, { policy: 'json' })).toThrow(TypeError);
    expect(() => expose({ content: CANARY, isError: false } as never, { policy: 'json' })).toThrow(/^expose accepts only a BoundedToolResult$/);
  });

  it('TR-EXPOSE-2: a bad policy is a RangeError that quotes nothing of it', () => {
    const b = bound(ToolResult.text('ok'));
    for (const bad of [
      { policy: CANARY },
      { policy: 'allowlist', pointers: [CANARY] },
      { policy: 'allowlist', pointers: ['/a', '/a'] },
      CANARY,
      [],
      { policy: 'json', [CANARY]: 1 },
    ]) {
      let message = '';
      try {
        expose(b, bad as never);
      } catch (e) {
        expect(e).toBeInstanceOf(RangeError);
        message = (e as Error).message;
      }
      expect(message).not.toBe('');
      expect(message).not.toContain(CANARY);
    }
    expect(() => resolveExposure({ policy: 'allowlist', pointers: ['/\ud800'] })).toThrow(RangeError);
    expect(() => expose(b, { policy: 'json' }, { contentBudget: 1 })).toThrow(RangeError);
  });

  it('TR-EXPOSE-5: pointers unescape ~1 before ~0, and array tokens are strict indices', () => {
    expect(parsePointer('')).toEqual([]);
    expect(parsePointer('/')).toEqual(['']);
    expect(parsePointer('/~01/a~1b/m~0n')).toEqual(['~1', 'a/b', 'm~n']);
    expect(parsePointer('a')).toBeUndefined();
    expect(parsePointer('/~')).toBeUndefined();
    expect(parsePointer('/~2')).toBeUndefined();
    const doc = { a: [10, 20], __proto__x: 1 };
    expect(resolvePointer(doc, ['a', '1'])).toEqual({ found: true, value: 20 });
    for (const t of ['01', '-', '2', '-1', '1.0', ' 1', '1e0']) expect(resolvePointer(doc, ['a', t])).toEqual({ found: false });
    expect(resolvePointer(doc, ['toString'])).toEqual({ found: false });
    expect(resolvePointer(doc, ['constructor'])).toEqual({ found: false });
  });

  it('TR-EXPOSE-4: a member named __proto__ is selected as a member and named by its pointer', () => {
    const structured = JSON.parse('{"__proto__":{"x":1},"y":2}');
    const b = expose(bound(ToolResult.text('ok', { structured })), { policy: 'allowlist', pointers: ['/__proto__'] });
    expect(b.content).toBe('ok\n\n{"/__proto__":{"x":1}}');
  });

  it('TR-EXPOSE-9: the exposed result is immutable, keeps structured and artifacts, and records the policy', () => {
    const artifacts = [{ type: 'text', label: 'L', data: { text: 't' } }];
    const b = expose(bound(ToolResult.text('ok', { structured: invoices, artifacts })), { policy: 'allowlist', pointers: ['/count'] });
    expect(b.content).toBe(`ok${EXPOSURE_SEPARATOR}{"/count":1}`);
    expect(b.structured).toEqual(invoices);
    expect(b.artifacts).toEqual(artifacts);
    expect(b.warnings.map((w) => w.code)).toEqual(['exposure.allowlist']);
    expect(Object.isFrozen(b.structured)).toBe(true);
    expect(toWireMessage(b)).toEqual({ content: b.content, isError: false });
    expect(String(b)).not.toContain(CANARY);
  });

  it('TR-EXPOSE-7: hostile content (deep nesting, huge numbers) is judged without a crash', () => {
    const deep = '['.repeat(24_000) + ']'.repeat(24_000);
    for (const content of [deep, '['.repeat(49_000), '1e400', '[123456789012345678901234567890]', '"\\ud800"']) {
      const b = expose(bound(ToolResult.text(content, { structured: [1] })), { policy: 'json' });
      expect(b.content.startsWith(content)).toBe(true);
      expect(Buffer.byteLength(b.content)).toBeLessThanOrEqual(50_000);
    }
  });

  it('TR-EXPOSE-3: the seam exposes after the hooks, stores what the model saw, and replays it unchanged', async () => {
    const ledger = new InMemoryLedger();
    let calls = 0;
    const run = () => {
      calls++;
      return ToolResult.text('Found 1 invoice', { structured: invoices });
    };
    const hooks = [hookFromSpec({ name: 'append-text', text: '.' })];
    const exposure: ExposurePolicy = { policy: 'allowlist', pointers: ['/invoices/0/id', '/count'] };
    const first = await executeToolCall({ callId: 'c1', run }, { ledger, hooks, exposure });
    const again = await executeToolCall({ callId: 'c1', run }, { ledger, hooks, exposure });
    expect(calls).toBe(1);
    expect(first.result.content).toBe('Found 1 invoice.\n\n{"/count":1,"/invoices/0/id":"INV-123"}');
    expect(toWireMessage(first.result).content).not.toContain(CANARY);
    expect(again.result.toRecord()).toEqual(first.result.toRecord());
    expect(ledger.entry('c1')).toBe(persist(first.result));
    expect(restore(ledger.entry('c1')!).content).toBe(first.result.content);
  });

  it('TR-EXPOSE-2: the seam refuses a bad policy before the tool runs', async () => {
    let calls = 0;
    const run = () => {
      calls++;
      return ToolResult.text('x');
    };
    await expect(executeToolCall({ callId: 'c', run }, { ledger: new InMemoryLedger(), exposure: { policy: 'all' } as never })).rejects.toThrow(RangeError);
    expect(calls).toBe(0);
  });
});
