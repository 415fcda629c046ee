// The seam's key of a call (spec/07-replay.md §7.3): scope, call ID and fingerprint. A reused call
// ID with another tool, other arguments or another scope is a call of its own; the same call replays.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callFingerprint, InMemoryLedger } from '../ledger/index.ts';
import { ToolResult } from '../tool-result.ts';
import { executeToolCall } from './index.ts';

const CANARY = 'cnry-key-7a6b5c4d';

function tool(text: string) {
  const t = {
    calls: 0,
    run: async () => {
      t.calls++;
      return ToolResult.text(text);
    },
  };
  return t;
}

describe('callFingerprint', () => {
  it("TR-REPLAY-40: is the SHA-256 of the JCS text of {arguments, tool}: the spec's example, member order and number forms do not matter", () => {
    expect(callFingerprint('get_balance', { user: 'bob' })).toBe('71c174a48ae5b992b2ba2f5494c80fff3cce9c272582a10d7a80416073a43fb9');
    const jcs = '{"arguments":{"a":[1,0.5,1e-7],"é":{"b":true,"z":null}},"tool":"t\u2028"}';
    const want = createHash('sha256').update(jcs, 'utf8').digest('hex');
    expect(callFingerprint('t\u2028', { é: { z: null, b: true }, a: [1.0, 0.5, 0.0000001] })).toBe(want);
    expect(callFingerprint('t', {})).toBe(createHash('sha256').update('{"arguments":{},"tool":"t"}').digest('hex'));
    expect(callFingerprint('t', { x: 1 })).not.toBe(callFingerprint('t', { x: 2 }));
    expect(callFingerprint('t', { x: 1 })).not.toBe(callFingerprint('u', { x: 1 }));
  });

  it('TR-REPLAY-40: refuses arguments that are not a plain JSON object, and a tool that is not a name, without quoting them', () => {
    class Args {
      readonly secret = CANARY;
    }
    const getter = Object.defineProperty({}, 'k', { get: () => CANARY, enumerable: true });
    const cycle: Record<string, unknown> = { k: CANARY };
    cycle.self = cycle;
    const bad: unknown[] = [
      null,
      [CANARY],
      CANARY,
      42,
      new Args(),
      new Proxy({ k: CANARY }, {}),
      getter,
      cycle,
      { k: Number.NaN },
      { k: `${CANARY}\ud800` },
      { [`${CANARY}\udc00`]: 1 },
      { k: () => CANARY },
      { k: new Date() },
      { k: Object.assign(new Array(3), { 0: 1, 2: 3 }) }, // a hole at index 1
      { k: 10n },
    ];
    for (const args of bad) {
      let err: unknown;
      try {
        callFingerprint('t', args as Record<string, unknown>);
      } catch (e) {
        err = e;
      }
      expect(err, String(bad.indexOf(args))).toBeInstanceOf(TypeError);
      expect((err as Error).message).not.toContain(CANARY);
    }
    for (const name of ['', 42, `${CANARY}\ud800`]) {
      expect(() => callFingerprint(name as string, {})).toThrow(TypeError);
      try {
        callFingerprint(name as string, {});
      } catch (e) {
        expect((e as Error).message).not.toContain(CANARY);
      }
    }
    // Deep but plain arguments are fine.
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) deep = { d: deep };
    expect(callFingerprint('t', deep)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('the seam keys a call by scope and fingerprint', () => {
  it('TR-REPLAY-40: one call ID reused for two tools, other arguments or another scope: each runs once and replays its own result', async () => {
    const ledger = new InMemoryLedger();
    const alice = tool('Alice: 120');
    const bob = tool('Bob: 7');
    const a1 = await executeToolCall({ callId: 'call_0', run: alice.run, tool: 'balance', arguments: { user: 'alice' } }, { ledger });
    const b1 = await executeToolCall({ callId: 'call_0', run: bob.run, tool: 'balance', arguments: { user: 'bob' } }, { ledger });
    expect([a1.replayed, b1.replayed, a1.result.content, b1.result.content]).toEqual([false, false, 'Alice: 120', 'Bob: 7']);
    const a2 = await executeToolCall({ callId: 'call_0', run: alice.run, tool: 'balance', arguments: { user: 'alice' } }, { ledger });
    const b2 = await executeToolCall({ callId: 'call_0', run: bob.run, tool: 'balance', arguments: { user: 'bob' } }, { ledger });
    expect([a2.replayed, b2.replayed, a2.result.content, b2.result.content]).toEqual([true, true, 'Alice: 120', 'Bob: 7']);
    expect([alice.calls, bob.calls]).toEqual([1, 1]);
    // Another scope: another call, though tool and arguments are Alice's.
    const other = tool('Alice in thread 2');
    const s = await executeToolCall({ callId: 'call_0', run: other.run, scope: 'thread-2', tool: 'balance', arguments: { user: 'alice' } }, { ledger });
    expect([s.replayed, s.result.content, other.calls]).toEqual([false, 'Alice in thread 2', 1]);
    // The old API (no scope, no tool) is a call of its own too: fingerprint ''.
    const plain = tool('plain');
    expect((await executeToolCall({ callId: 'call_0', run: plain.run }, { ledger })).result.content).toBe('plain');
    expect((await executeToolCall({ callId: 'call_0', run: plain.run }, { ledger })).replayed).toBe(true);
    expect(plain.calls).toBe(1);
    expect(ledger.size).toBe(4);
    // A tool without arguments is the tool with {}.
    const noArgs = tool('now');
    await executeToolCall({ callId: 'c1', run: noArgs.run, tool: 'clock' }, { ledger });
    expect((await executeToolCall({ callId: 'c1', run: noArgs.run, tool: 'clock', arguments: {} }, { ledger })).replayed).toBe(true);
    expect(ledger.entry('c1', { fingerprint: callFingerprint('clock', {}) })).toBeDefined();
    expect(ledger.entry('c1')).toBeUndefined();
  });

  it('TR-REPLAY-40: a call that waits is a call of the same key; another key does not wait for it', async () => {
    const ledger = new InMemoryLedger();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let runs = 0;
    const slow = async () => {
      runs++;
      await gate;
      return ToolResult.text('slow');
    };
    const first = executeToolCall({ callId: 'c', run: slow, scope: 's1', tool: 't' }, { ledger });
    const same = executeToolCall({ callId: 'c', run: slow, scope: 's1', tool: 't' }, { ledger });
    // Another scope is not pending behind the first: it runs and returns while the first still waits.
    const other = await executeToolCall({ callId: 'c', run: async () => ToolResult.text('fast'), scope: 's2', tool: 't' }, { ledger });
    expect([other.replayed, other.result.content]).toEqual([false, 'fast']);
    release();
    const [f, s] = await Promise.all([first, same]);
    expect([f.replayed, s.replayed, s.result.content, runs]).toEqual([false, true, 'slow', 1]);
  });

  it('TR-REPLAY-40, TR-REPLAY-21: an invalid scope or arguments are refused before anything is claimed or run, without quoting them', async () => {
    const ledger = new InMemoryLedger();
    const t = tool('x');
    const bad = [
      { scope: `${CANARY}\u0000` },
      { scope: `${CANARY}\ud800` },
      { scope: CANARY.repeat(70) },
      { scope: 7 as unknown as string },
      { tool: 't', arguments: [CANARY] as unknown as Record<string, unknown> },
      { tool: 't', arguments: { k: Number.POSITIVE_INFINITY, c: CANARY } },
      { arguments: { c: CANARY } },
      { tool: '' },
    ];
    for (const extra of bad) {
      const err = await executeToolCall({ callId: 'c', run: t.run, ...extra }, { ledger }).catch((e: unknown) => e);
      expect(err, JSON.stringify(Object.keys(extra))).toBeInstanceOf(TypeError);
      expect((err as Error).message).not.toContain(CANARY);
    }
    expect([t.calls, ledger.size]).toEqual([0, 0]);
    // The longest scope a store keeps: 1024 UTF-8 octets ('' is the default scope).
    for (const scope of ['', 'é'.repeat(512)]) expect((await executeToolCall({ callId: 'c', run: t.run, scope }, { ledger })).replayed).toBe(false);
    expect(() => ledger.claim('c', { fingerprint: 'ABC' })).toThrow(TypeError);
  });
});
