// toolresult-protocol/mastra in an Agent with file memory (@mastra/memory over @mastra/libsql on a temp
// file): after a success and an error result with canaries in every run-only channel, no canary stands
// in the memory database's octets, and the program still reads both results through the seam, scoped
// by the memory thread (issue 50, spec/11-stacks.md §11.7).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
import { Memory } from '@mastra/memory';
import { LibSQLStore } from '@mastra/libsql';
import { MockLanguageModelV4 } from 'ai/test';
import { fixture, inProcessFetch, TOOL } from '../../test/support/mcp-server.ts';
import { canariesIn, EGRESS, EGRESS_ERROR, EGRESS_SUCCESS, ERROR_TEXT, filesOf, holds, MODEL_TEXT } from '../testing/egress.ts';
import { createSeam, mcpTools, type ToolResultSeam } from './index.ts';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
const NAME = `billing_${TOOL}`;

function model(callId: string) {
  let n = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      n += 1;
      return n === 1
        ? {
            content: [{ type: 'tool-call' as const, toolCallId: callId, toolName: NAME, input: '{"invoice":"INV-1"}' }],
            finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
            usage,
            warnings: [],
          }
        : { content: [{ type: 'text' as const, text: 'done' }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] };
    },
  });
}

const root = mkdtempSync(join(tmpdir(), 'trp-mastra-egress-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let clients = 0;

/** A success in thread-ok and an error in thread-err, both kept by file memory in `dir`. */
async function rememberedSteps(seam: ToolResultSeam, dir: string): Promise<void> {
  mkdirSync(dir);
  const memory = new Memory({ storage: new LibSQLStore({ id: `egress-${++clients}`, url: `file:${join(dir, 'memory.db')}` }) });
  for (const [thread, callId, result] of [
    ['thread-ok', 'call_ok', EGRESS_SUCCESS],
    ['thread-err', 'call_err', EGRESS_ERROR],
  ] as const) {
    const mcp = new MCPClient({
      id: `egress-${++clients}`,
      servers: { billing: { url: new URL('http://billing.invalid/mcp'), fetch: inProcessFetch(fixture({ result })) as never } },
    });
    try {
      const agent = new Agent({
        id: 'billing',
        name: 'billing',
        instructions: 'Use the tool.',
        model: model(callId) as never,
        tools: (await mcpTools(mcp, seam)) as never,
        memory,
      });
      await agent.generate('Look INV-1 up.', { maxSteps: 2, memory: { thread, resource: 'user-1' } });
    } finally {
      await mcp.disconnect();
    }
  }
}

describe('mastra integration: no run-only byte in the memory Mastra saves (LibSQL file)', () => {
  it('a success and an error result: the database files hold no canary; the seam gives the whole results by thread', async () => {
    const seam = createSeam();
    const dir = join(root, 'metadata');
    await rememberedSteps(seam, dir);
    const stores = filesOf(dir);
    // The memory holds the calls (the model text of both), so finding no canary is a finding.
    expect(holds(stores, MODEL_TEXT) && holds(stores, ERROR_TEXT)).toBe(true);
    expect(canariesIn(stores)).toEqual([]);
    const ok = (await seam.result('call_ok'))!;
    expect(JSON.stringify(ok.structured)).toContain(EGRESS.structured);
    const at = { scope: 'thread-err', tool: NAME, arguments: { invoice: 'INV-1' } };
    const err = (await seam.result('call_err', at))!;
    expect(JSON.stringify(err.structured)).toContain(EGRESS.errorBody);
    // The memory thread is the call's scope: the default scope holds no such call.
    expect(await seam.result('call_err', { ...at, scope: '' })).toBeUndefined();
  });

  it('the search finds what the memory holds: at privacy "full" the database holds the structured value', async () => {
    const dir = join(root, 'full');
    await rememberedSteps(createSeam({ privacy: 'full' }), dir);
    expect(canariesIn(filesOf(dir))).toEqual(expect.arrayContaining([expect.stringMatching(/^structured in /)]));
  });
});
