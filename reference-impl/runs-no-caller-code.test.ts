// Issue 10, items 1, 2 and 9: nothing a tool, server or hook hands over makes the library run code
// of the value, and no sink accepts anything but the sealed result itself. Every trap below throws
// (or records) a secret: a call that runs one either throws it or leaves a mark in `ran`.
import { describe, expect, it } from 'vitest';
import { bound } from './bound/index.ts';
import { toWireMessage } from './egress/index.ts';
import { transformToolResult, transformToolResultAsync } from './hooks/index.ts';
import { InMemoryLedger, persist } from './ledger/index.ts';
import { normalizeLangChain, normalizeLocal, normalizeMcp } from './normalize/index.ts';
import { auditRecord } from './privacy/index.ts';
import { executeToolCall } from './seam/index.ts';
import { liveEvent, suspendState } from './sinks/index.ts';
import { BoundedToolResult, ToolResult } from './tool-result.ts';

const SECRET = 'SECRET-cnry-7f3a';
let ran: string[] = [];

const TRAPS = ['get', 'getPrototypeOf', 'has', 'ownKeys', 'getOwnPropertyDescriptor', 'set', 'defineProperty', 'apply', 'construct'] as const;
function trapHandler(tag: string): ProxyHandler<object> {
  const h: ProxyHandler<object> = {};
  for (const t of TRAPS) {
    (h as Record<string, unknown>)[t] = () => {
      ran.push(`${tag}:${t}`);
      throw new Error(`${SECRET} ${tag}`);
    };
  }
  return h;
}

/** Values that hold a trap at the top, at chain depth 1..3, revoked, or as a function target. */
function trapLaden(): { name: string; value: unknown }[] {
  const out: { name: string; value: unknown }[] = [];
  out.push({ name: 'proxy at the top', value: new Proxy({}, trapHandler('top')) });
  out.push({ name: 'array proxy at the top', value: new Proxy([], trapHandler('top-array')) });
  out.push({ name: 'function proxy', value: new Proxy(() => 0, trapHandler('fn')) });
  const revoked = Proxy.revocable([], {});
  revoked.revoke();
  out.push({ name: 'revoked array proxy', value: revoked.proxy });
  for (let depth = 1; depth <= 3; depth++) {
    let v: object = new Proxy({}, trapHandler(`chain${depth}`));
    for (let d = 0; d < depth; d++) v = Object.create(v);
    out.push({ name: `proxy at chain depth ${depth}`, value: v });
    const arr: unknown[] = [];
    Object.setPrototypeOf(arr, new Proxy([], trapHandler(`array-chain${depth}`)));
    out.push({ name: `array with a proxy prototype (${depth})`, value: arr });
  }
  const u8 = new Uint8Array(4);
  Object.setPrototypeOf(u8, new Proxy(Uint8Array.prototype, trapHandler('u8')));
  out.push({ name: 'Uint8Array with a proxy prototype', value: u8 });
  const prom = Promise.resolve(1);
  Object.setPrototypeOf(prom, new Proxy(Promise.prototype, trapHandler('promise')));
  out.push({ name: 'promise with a proxy prototype', value: prom });
  return out;
}

/** Places a hostile value at every position a tool or server controls. */
function positions(v: unknown): { name: string; value: unknown }[] {
  return [
    { name: 'structured', value: ToolResult.text('t', { structured: v }) },
    { name: 'structured leaf', value: ToolResult.text('t', { structured: { a: [1, v] } }) },
    { name: 'structured key holder', value: ToolResult.text('t', { structured: [{ k: v }] }) },
    { name: 'artifacts', value: ToolResult.text('t', { artifacts: v }) },
    { name: 'artifact data', value: ToolResult.text('t', { artifacts: [{ type: 'text', label: 'l', data: v }] }) },
    { name: 'error structured', value: ToolResult.error('t', { structured: v }) },
  ];
}

function quiet(f: () => unknown): unknown {
  ran = [];
  const out = f();
  expect(ran, 'a trap ran').toEqual([]);
  return out;
}

describe('TR-BOUND-0, TR-BOUND-6: the bounder runs no code of any value', () => {
  for (const { name, value } of trapLaden()) {
    it(`a ${name} as the result itself is no result`, () => {
      const r = quiet(() => bound(value as never)) as BoundedToolResult;
      expect(r.warnings.map((w) => w.code)).toEqual(['content.not_text']);
      expect(JSON.stringify(r.toRecord())).not.toContain(SECRET);
    });
    for (const p of positions(value)) {
      it(`a ${name} in ${p.name} is unencodable and runs nothing`, () => {
        const r = quiet(() => bound(p.value as never)) as BoundedToolResult;
        expect(JSON.stringify(r.toRecord())).not.toContain(SECRET);
      });
    }
  }
  it('TR-BOUND-6: a hole reads as unencodable even when Array.prototype has data at that index', () => {
    (Array.prototype as unknown as Record<number, unknown>)[1] = 'polluted';
    (Object.prototype as unknown as Record<number, unknown>)[2] = 'polluted';
    try {
      // biome-ignore lint/suspicious/noSparseArray: the hole is what the test is about
      expect(bound(ToolResult.text('t', { structured: [0, , 2] })).warnings).toEqual([{ code: 'structured.unencodable' }]);
      // biome-ignore lint/suspicious/noSparseArray: the hole is what the test is about
      expect(bound(ToolResult.text('t', { structured: [0, 1, , 3] })).warnings).toEqual([{ code: 'structured.unencodable' }]);
      expect(bound(ToolResult.text('t', { structured: [0, 1, 2] })).structured).toEqual([0, 1, 2]);
    } finally {
      delete (Array.prototype as unknown as Record<number, unknown>)[1];
      delete (Object.prototype as unknown as Record<number, unknown>)[2];
    }
  });
});

describe('TR-NORM-2: normalizers run no code of their input', () => {
  for (const { name, value } of trapLaden()) {
    it(`normalizeLocal / normalizeMcp / normalizeLangChain of a ${name}`, () => {
      quiet(() => normalizeLocal(value));
      quiet(() => normalizeMcp(value));
      quiet(() => normalizeMcp({ content: [{ type: 'text', text: 'x' }], structuredContent: value }));
      quiet(() => normalizeMcp({ content: value }));
      quiet(() => normalizeMcp({ content: [value] }));
      quiet(() => normalizeLangChain(value));
      quiet(() => normalizeLangChain({ content: [{ type: 'image', mimeType: 'image/png', data: value }] }));
      quiet(() => normalizeLangChain({ content: 'x', artifact: value }));
      quiet(() => normalizeLangChain({ content: 'x', artifact: [{ type: 'image', data: value }] }));
    });
  }
  it('TR-NORM-1: invalid budgets are refused before the input is read', () => {
    for (const f of [normalizeLocal, normalizeMcp, normalizeLangChain]) {
      ran = [];
      expect(() => f(new Proxy({}, trapHandler('input')), { contentBudget: 1 })).toThrow(RangeError);
      expect(ran).toEqual([]);
    }
  });
});

describe('TR-HOOK-6: a hook returning a trap-laden value fails, and nothing of it runs or leaks', () => {
  const start = bound(ToolResult.text('t', { structured: { s: 'structured-bytes' } }));
  for (const { name, value } of trapLaden()) {
    it(`sync and async pipelines, hook returns a ${name}`, async () => {
      ran = [];
      const sync = transformToolResult(start, [() => value as never]);
      expect(sync.warnings.map((w) => w.code)).toContain('hook.failed');
      const asyncOut = await transformToolResultAsync(start, [() => value as never]);
      expect(asyncOut.warnings.map((w) => w.code)).toContain('hook.failed');
      // The native promise with a proxy prototype is the one value that is awaited: whatever its
      // chain runs happens inside the pipeline's catch and is not rethrown.
      if (!name.startsWith('promise')) expect(ran).toEqual([]);
    });
  }
});

describe('TR-REPLAY-10: the seam pins a failure for a tool whose value throws from its chain', () => {
  for (const { name, value } of trapLaden()) {
    it(`run returns a ${name} (sync and async)`, async () => {
      for (const run of [() => value, async () => value]) {
        const ledger = new InMemoryLedger();
        const out = await executeToolCall({ callId: 'c', run: run as never }, { ledger });
        expect(JSON.stringify(out.result.toRecord())).not.toContain(SECRET);
        expect(ledger.claim('c').status).toBe('stored');
      }
    });
  }
  it('invalid bound options throw before the tool runs or the call ID is claimed', async () => {
    const ledger = new InMemoryLedger();
    let calls = 0;
    await expect(executeToolCall({ callId: 'c', run: () => (calls++, ToolResult.text('x')) }, { ledger, bound: { contentBudget: 1 } })).rejects.toThrow(
      RangeError,
    );
    expect(calls).toBe(0);
    expect(ledger.claim('c').status).toBe('claimed');
  });
});

describe('TR-SINK-6: sinks, wire and ledger accept only the sealed result itself', () => {
  const b = bound(ToolResult.text('short', { structured: { s: 1 }, artifacts: [] }));
  const lie = (k: PropertyKey, t: object): unknown => {
    if (k === 'warnings') return [{ code: SECRET }];
    if (k === 'content') return 'x'.repeat(1_000_000);
    if (k === 'structured') return SECRET;
    if (k === 'toRecord') return () => ({ content: SECRET, isError: false, artifacts: [], warnings: [] });
    return Reflect.get(t, k);
  };
  const fakes: { name: string; value: unknown }[] = [
    { name: 'a proxy around a genuine result', value: new Proxy(b, { get: (t, k) => lie(k, t) }) },
    { name: 'an object inheriting from one', value: Object.create(b) },
    { name: 'a subclass-like object with its prototype', value: Object.setPrototypeOf({ content: SECRET, isError: false }, BoundedToolResult.prototype) },
    { name: 'a raw ToolResult', value: ToolResult.text(SECRET) },
    {
      name: 'a revoked proxy',
      value: (() => {
        const r = Proxy.revocable(b, {});
        r.revoke();
        return r.proxy;
      })(),
    },
  ];
  const sinks: [string, (v: never) => unknown][] = [
    ['auditRecord', (v) => auditRecord(v, ['metadata'])],
    ['auditRecord full', (v) => auditRecord(v, ['full'])],
    ['liveEvent', (v) => liveEvent(v)],
    ['suspendState', (v) => suspendState(v)],
    ['persist', (v) => persist(v)],
    ['toWireMessage', (v) => toWireMessage(v)],
    ['transformToolResult', (v) => transformToolResult(v, [])],
  ];
  for (const f of fakes) {
    for (const [sink, call] of sinks) {
      it(`${sink} refuses ${f.name} with a TypeError that quotes nothing`, () => {
        let message = '';
        expect(() => {
          try {
            call(f.value as never);
          } catch (e) {
            message = String((e as Error).message);
            throw e;
          }
        }).toThrow(TypeError);
        expect(message).not.toContain(SECRET);
      });
    }
  }
  it('the genuine result still passes every sink', () => {
    for (const [, call] of sinks) expect(() => call(b as never)).not.toThrow();
    expect(auditRecord(b, ['metadata'])).toMatchObject({ summary: { contentOctets: 5, warnings: [] } });
  });
});
