import { describe, expect, it } from 'vitest';
import { hookFromSpec } from '../hooks/index.ts';
import { InMemoryLedger, persist } from '../ledger/index.ts';
import { CollectingLogger } from '../logger.ts';
import { ToolResult } from '../tool-result.ts';
import { executeToolCall, TOOL_FAILED_TEXT } from './index.ts';

const CANARY = 'cnry0123456789abcdef';

function countingTool(make: () => ToolResult | Promise<ToolResult>) {
  const tool = { calls: 0, run: async () => {
    tool.calls++;
    return make();
  } };
  return tool;
}

describe('execution seam', () => {
  it('TR-REPLAY-8: a replayed call does not run the tool and returns the identical result, also after a hook truncated the text', async () => {
    const ledger = new InMemoryLedger();
    const tool = countingTool(() => ToolResult.text('Found 2 invoices', { structured: { invoices: [1, 2] }, artifacts: [{ type: 'text', label: 'L', data: { text: 't' } }] }));
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
    const out = await executeToolCall({ callId: 'c', run: () => ToolResult.text('abc') }, { ledger, hooks: [hookFromSpec({ name: 'append-text', text: '!' })] });
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
});
