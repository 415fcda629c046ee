import { describe, expect, it } from 'vitest';
import { hookFromSpec } from '../hooks/index.ts';
import { InMemoryLedger, INTERRUPTED_ENTRY, INTERRUPTED_TEXT, persist } from '../ledger/index.ts';
import { CollectingLogger } from '../logger.ts';
import { ToolResult } from '../tool-result.ts';
import { executeToolCall, TOOL_FAILED_TEXT } from './index.ts';

const CANARY = 'cnry0123456789abcdef';

function countingTool(make: () => ToolResult | Promise<ToolResult>) {
  const tool = {
    calls: 0,
    run: async () => {
      tool.calls++;
      return make();
    },
  };
  return tool;
}

describe('execution seam', () => {
  it('TR-REPLAY-8: a replayed call does not run the tool and returns the identical result, also after a hook truncated the text', async () => {
    const ledger = new InMemoryLedger();
    const tool = countingTool(() =>
      ToolResult.text('Found 2 invoices', { structured: { invoices: [1, 2] }, artifacts: [{ type: 'text', label: 'L', data: { text: 't' } }] }),
    );
    const hooks = [hookFromSpec({ name: 'truncate-text', octets: 5 })];
    const first = await executeToolCall({ callId: 'call-1', run: tool.run }, { ledger, hooks });
    const again = await executeToolCall({ callId: 'call-1', run: tool.run }, { ledger, hooks });
    expect(tool.calls).toBe(1);
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(first.result.content).toBe('Found');
    expect(first.result.structured).toEqual({ invoices: [1, 2] });
    expect(again.result.toRecord()).toEqual(first.result.toRecord());
    expect(persist(again.result)).toBe(persist(first.result));
  });

  it('TR-REPLAY-8: the ledger stores the post-hook result', async () => {
    const ledger = new InMemoryLedger();
    const out = await executeToolCall(
      { callId: 'c', run: () => ToolResult.text('abc') },
      { ledger, hooks: [hookFromSpec({ name: 'append-text', text: '!' })] },
    );
    expect(ledger.entry('c')).toBe(persist(out.result));
    expect(JSON.parse(ledger.entry('c')!).result.content).toBe('abc!');
  });

  it('TR-REPLAY-9: a concurrent duplicate waits for the first and does not run the tool', async () => {
    const ledger = new InMemoryLedger();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const tool = countingTool(async () => {
      await gate;
      return ToolResult.text('slow', { structured: { ok: true } });
    });
    const a = executeToolCall({ callId: 'same', run: tool.run }, { ledger });
    const b = executeToolCall({ callId: 'same', run: tool.run }, { ledger });
    await Promise.resolve();
    release();
    const [ra, rb] = await Promise.all([a, b]);
    expect(tool.calls).toBe(1);
    expect([ra.replayed, rb.replayed].sort()).toEqual([false, true]);
    expect(rb.result.toRecord()).toEqual(ra.result.toRecord());
  });

  it('TR-REPLAY-10: an error result replays as the same failure', async () => {
    const ledger = new InMemoryLedger();
    const tool = countingTool(() => ToolResult.error('not found', { structured: { code: 404 } }));
    const first = await executeToolCall({ callId: 'e', run: tool.run }, { ledger });
    const again = await executeToolCall({ callId: 'e', run: tool.run }, { ledger });
    expect(tool.calls).toBe(1);
    expect(again.result.isError).toBe(true);
    expect(again.result.toRecord()).toEqual(first.result.toRecord());
  });

  it('TR-REPLAY-11, TR-LOG-4: a tool that throws becomes the pinned error result, replays as it, and its message is kept nowhere', async () => {
    const ledger = new InMemoryLedger();
    const logger = new CollectingLogger();
    const tool = countingTool(() => {
      throw new Error(`database said ${CANARY}`);
    });
    const first = await executeToolCall({ callId: 't', run: tool.run }, { ledger, logger });
    const again = await executeToolCall({ callId: 't', run: tool.run }, { ledger, logger });
    expect(tool.calls).toBe(1);
    expect(first.result.toRecord()).toEqual({ content: TOOL_FAILED_TEXT, isError: true, artifacts: [], warnings: [] });
    expect(again.result.toRecord()).toEqual(first.result.toRecord());
    expect(ledger.entry('t')).not.toContain(CANARY);
    expect(logger.lines.join('\n')).not.toContain(CANARY);
    expect(logger.lines.length).toBeGreaterThan(0);
  });

  it('TR-LOG-1: the seam logs no structured or artifact bytes', async () => {
    const ledger = new InMemoryLedger();
    const logger = new CollectingLogger();
    const run = () => ToolResult.text('ok', { structured: { [CANARY]: CANARY }, artifacts: [{ type: 'text', label: CANARY, data: { text: CANARY } }] });
    await executeToolCall({ callId: 'l', run }, { ledger, logger, hooks: [hookFromSpec({ name: 'throw' })] });
    await executeToolCall({ callId: 'l', run }, { ledger, logger });
    expect(logger.lines.length).toBe(3);
    expect(logger.lines.join('\n')).not.toContain(CANARY);
  });

  it('TR-REPLAY-12: frees the call ID when the seam itself fails, so a waiter claims it again', async () => {
    const ledger = new InMemoryLedger();
    await expect(executeToolCall({ callId: 'o', run: () => ToolResult.text('x') }, { ledger, bound: { contentBudget: 1 } })).rejects.toThrow(RangeError);
    const ok = await executeToolCall({ callId: 'o', run: () => ToolResult.text('x') }, { ledger });
    expect(ok.replayed).toBe(false);
  });

  describe('a call given up (TR-REPLAY-38, TR-REPLAY-39)', () => {
    /** A tool that answers only when the test says so, or rejects. */
    function heldTool() {
      let answer!: (r: ToolResult) => void;
      let fail!: (e: Error) => void;
      const tool = countingTool(() => new Promise<ToolResult>((resolve, reject) => ((answer = resolve), (fail = reject))));
      return { tool, answer: (r: ToolResult) => answer(r), fail: (e: Error) => fail(e) };
    }

    it('TR-REPLAY-38: given up while the tool runs, the call stores the interrupted entry byte for byte, hooks and exposure not run, and drops the late answer', async () => {
      const ledger = new InMemoryLedger();
      const logger = new CollectingLogger();
      const held = heldTool();
      const stop = new AbortController();
      const hooks = [hookFromSpec({ name: 'append-text', text: ' (hooked)' })];
      const pending = executeToolCall({ callId: 'g', run: held.tool.run, signal: stop.signal }, { ledger, logger, hooks, exposure: { policy: 'json' } });
      await new Promise((r) => setImmediate(r));
      expect(held.tool.calls).toBe(1);
      stop.abort(new Error('deadline'));
      const out = await pending;
      expect(out.result.toRecord()).toEqual({ content: INTERRUPTED_TEXT, isError: true, artifacts: [], warnings: [] });
      expect(out.replayed).toBe(false);
      expect(ledger.entry('g')).toBe(INTERRUPTED_ENTRY);
      const lines = logger.lines.length;
      held.answer(ToolResult.text(`late ${CANARY}`, { structured: { late: CANARY } }));
      await new Promise((r) => setImmediate(r));
      expect(ledger.entry('g')).toBe(INTERRUPTED_ENTRY);
      expect(logger.lines.length).toBe(lines);
      expect(logger.lines.join('\n')).not.toContain(CANARY);
      const again = await executeToolCall({ callId: 'g', run: held.tool.run }, { ledger });
      expect(again.replayed).toBe(true);
      expect(again.result.content).toBe(INTERRUPTED_TEXT);
      expect(held.tool.calls).toBe(1);
    });

    it('TR-REPLAY-38: a tool that rejects because it was stopped is recorded as interrupted, not as the tool-failure text, and nothing is logged for it', async () => {
      const ledger = new InMemoryLedger();
      const logger = new CollectingLogger();
      const stop = new AbortController();
      // The tool stops as the signal asks, rejecting with the reason: the race must still say interrupted.
      const run = () => new Promise<ToolResult>((_, reject) => stop.signal.addEventListener('abort', () => reject(stop.signal.reason)));
      const pending = executeToolCall({ callId: 'r', run, signal: stop.signal }, { ledger, logger });
      await new Promise((r) => setImmediate(r));
      stop.abort(new Error(`cancelled ${CANARY}`));
      expect((await pending).result.content).toBe(INTERRUPTED_TEXT);
      await new Promise((r) => setImmediate(r));
      expect(ledger.entry('r')).toBe(INTERRUPTED_ENTRY);
      expect(logger.lines.some((l) => l.includes('tool threw'))).toBe(false);
      expect(logger.lines.join('\n')).not.toContain(CANARY);
    });

    it('TR-REPLAY-38: a call given up before its tool started does not start it', async () => {
      const ledger = new InMemoryLedger();
      const tool = countingTool(() => ToolResult.text('never'));
      const out = await executeToolCall({ callId: 'b', run: tool.run, signal: AbortSignal.abort() }, { ledger });
      expect(tool.calls).toBe(0);
      expect(out.result.content).toBe(INTERRUPTED_TEXT);
      expect(ledger.entry('b')).toBe(INTERRUPTED_ENTRY);
    });

    it('TR-REPLAY-38: a tool that returned before the call was given up keeps its result, hooks included', async () => {
      const ledger = new InMemoryLedger();
      const stop = new AbortController();
      const out = await executeToolCall(
        { callId: 'k', run: () => ToolResult.text('in time'), signal: stop.signal },
        { ledger, hooks: [hookFromSpec({ name: 'append-text', text: '!' })] },
      );
      stop.abort();
      expect(out.result.content).toBe('in time!');
      expect(JSON.parse(ledger.entry('k')!).result.content).toBe('in time!');
    });

    it('TR-REPLAY-39: a waiter given up returns the interrupted result and writes nothing; the claimant stores its own answer', async () => {
      const ledger = new InMemoryLedger();
      const held = heldTool();
      const first = executeToolCall({ callId: 'w', run: held.tool.run }, { ledger });
      await new Promise((r) => setImmediate(r));
      const stop = new AbortController();
      const waiter = executeToolCall({ callId: 'w', run: held.tool.run, signal: stop.signal }, { ledger });
      await new Promise((r) => setImmediate(r));
      stop.abort();
      const given = await waiter;
      expect(given.result.content).toBe(INTERRUPTED_TEXT);
      expect(ledger.entry('w')).toBeUndefined();
      held.answer(ToolResult.text('the answer'));
      expect((await first).result.content).toBe('the answer');
      expect(JSON.parse(ledger.entry('w')!).result.content).toBe('the answer');
      expect(held.tool.calls).toBe(1);
    });

    it('TR-REPLAY-39: a stored entry is returned to a call given up', async () => {
      const ledger = new InMemoryLedger();
      await executeToolCall({ callId: 's', run: () => ToolResult.text('stored') }, { ledger });
      const out = await executeToolCall({ callId: 's', run: () => ToolResult.text('other'), signal: AbortSignal.abort() }, { ledger });
      expect(out.replayed).toBe(true);
      expect(out.result.content).toBe('stored');
    });
  });
});
