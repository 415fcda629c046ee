// toolresult-protocol/mastra with the real Mastra (an Agent's generate() over the tools of @mastra/mcp's
// MCPClient, served over in-process HTTP; ai/test's mock model recording each prompt): the model is
// given the wire message (an error as error-text), toolResults keep only the audit record and the
// program reads the whole result from the seam; bad input is
// answered as the seam answers it; no run-only byte reaches the model or the log.
import { describe, expect, it } from 'vitest';
import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
import { MockLanguageModelV4 } from 'ai/test';
import { auditRecord, CollectingLogger, InMemoryLedger, type ToolResult } from '../../reference-impl/internal.ts';
import { createSeam, mcpTools, resultTool, type ToolResultSeam } from './index.ts';
import { fixture, inProcessFetch, TOOL, type Fixture } from '../../test/support/mcp-server.ts';
import { BAD_POLICIES, badTools, ERROR, failingLedger, leaks, mcpWire, seamWire, SUCCESS } from '../testing/cases.ts';
import type { IntegrationOptions } from '../core/index.ts';
import { DEADLINE_CALL_ID, deadlineCases, type DeadlineDriver } from '../testing/deadline-cases.ts';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };

function model(toolName: string, callId = 'call_1') {
  let n = 0;
  const m = new MockLanguageModelV4({
    doGenerate: async () => {
      n += 1;
      return n === 1
        ? {
            content: [{ type: 'tool-call' as const, toolCallId: callId, toolName, input: '{}' }],
            finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
            usage,
            warnings: [],
          }
        : { content: [{ type: 'text' as const, text: 'done' }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] };
    },
  });
  return { m, prompts: () => m.doGenerateCalls.map((c) => c.prompt) as unknown[] };
}

function toolOutput(prompts: unknown[]): unknown {
  const second = prompts[1] as { role: string; content: { type: string; output?: unknown }[] }[];
  return second.find((m) => m.role === 'tool')?.content.find((p) => p.type === 'tool-result')?.output;
}

let clients = 0;

async function agentStep(tools: Record<string, unknown>, toolName: string, callId?: string, signal?: AbortSignal) {
  const { m, prompts } = model(toolName, callId);
  const agent = new Agent({ id: 'test-agent', name: 'test-agent', instructions: 'Use the tool.', model: m as never, tools: tools as never });
  const result = await agent.generate('Look it up.', { maxSteps: 2, ...(signal ? { abortSignal: signal } : {}) });
  const kept = result.toolResults.map((r) => (r as { payload?: { result?: unknown } }).payload?.result);
  return { prompts: prompts(), kept };
}

async function mcpStep(f: Fixture, options?: IntegrationOptions | ToolResultSeam, callId?: string) {
  clients += 1;
  const mcp = new MCPClient({
    id: `fixture-${clients}`,
    servers: { fixture: { url: new URL('http://fixture.invalid/mcp'), fetch: inProcessFetch(f) as never } },
  });
  try {
    return await agentStep(await mcpTools(mcp, options), `fixture_${TOOL}`, callId);
  } finally {
    await mcp.disconnect();
  }
}

const plainTool = (execute: () => unknown, options?: IntegrationOptions) =>
  resultTool(execute as () => ToolResult, { id: 'lookup', description: 'Looks it up.' }, options);

describe('mastra integration over @mastra/mcp', () => {
  it('gives the model exactly the wire content; toolResults keep the audit record, the program reads the result from the seam', async () => {
    const logger = new CollectingLogger();
    const seam = createSeam({ logger });
    const f = fixture({ result: SUCCESS });
    const { prompts, kept } = await mcpStep(f, seam);
    expect(toolOutput(prompts)).toEqual({ type: 'text', value: (await mcpWire(SUCCESS)).content });
    expect(leaks(prompts)).toEqual([]);
    expect(leaks(logger.lines)).toEqual([]);
    const result = (await seam.result('call_1'))!;
    expect(result.structured).toEqual(SUCCESS.structuredContent);
    expect(kept).toEqual([auditRecord(result, ['metadata'])]);
    expect(f.calls).toBe(1);
  });

  it('an error result: error-text, the structured body kept by the seam', async () => {
    const seam = createSeam();
    const { prompts, kept } = await mcpStep(fixture({ result: ERROR }), seam);
    expect(toolOutput(prompts)).toEqual({ type: 'error-text', value: (await mcpWire(ERROR)).content });
    expect(leaks(prompts)).toEqual([]);
    expect((await seam.result('call_1'))!.structured).toEqual(ERROR.structuredContent);
    expect(leaks(kept)).toEqual([]);
  });

  it.each(['none', 'metadata', 'redacted', 'full'] as const)('privacy %s: the tool result is exactly the audit record at that level', async (privacy) => {
    const seam = createSeam({ privacy });
    const { kept } = await mcpStep(fixture({ result: SUCCESS }), seam);
    expect(kept).toEqual([auditRecord((await seam.result('call_1'))!, [privacy])]);
  });

  it('replays a repeated provider call ID from the ledger without running the tool again', async () => {
    const ledger = new InMemoryLedger();
    const f = fixture({ result: SUCCESS });
    const first = await mcpStep(f, { ledger }, 'call_same');
    const again = await mcpStep(f, { ledger }, 'call_same');
    expect(f.calls).toBe(1);
    expect(toolOutput(again.prompts)).toEqual(toolOutput(first.prompts));
  });

  it('a server that fails the call becomes the seam error; its message reaches neither model nor log', async () => {
    const logger = new CollectingLogger();
    const { prompts } = await mcpStep(fixture({ throws: 'server exploded RUNONLYthrow' }), { logger });
    expect((toolOutput(prompts) as { type: string }).type).toBe('error-text');
    expect(leaks([prompts, logger.lines])).toEqual([]);
  });

  it.each(BAD_POLICIES.map((p) => [JSON.stringify(p), p]))('refuses the malformed exposure policy %s before any tool call', async (_n, policy) => {
    const f = fixture({ result: SUCCESS });
    const mcp = new MCPClient({
      id: `fixture-policy-${++clients}`,
      servers: { fixture: { url: new URL('http://fixture.invalid/mcp'), fetch: inProcessFetch(f) as never } },
    });
    try {
      await expect(mcpTools(mcp, { exposure: policy as never })).rejects.toThrow(RangeError);
      expect(() => plainTool(() => null, { exposure: policy as never })).toThrow(RangeError);
      expect(f.calls).toBe(0);
    } finally {
      await mcp.disconnect();
    }
  });

  it.each(['claim', 'finish'] as const)(
    'a ledger that fails on %s: the step goes on with an error, no run-only byte reaches the model or the log',
    async (when) => {
      const logger = new CollectingLogger();
      const f = fixture({ result: SUCCESS });
      const { prompts } = await mcpStep(f, { ledger: failingLedger(when), logger });
      expect(f.calls).toBe(when === 'claim' ? 0 : 1);
      expect((toolOutput(prompts) as { type: string }).type).toBe('error-text');
      expect(leaks([prompts, logger.lines])).toEqual([]);
    },
  );
});

describe('mastra integration over plain tools (resultTool)', () => {
  it.each(badTools().map((b) => [b.name, b] as const))('a tool that %s: the model gets what the seam makes of it', async (_n, bad) => {
    const logger = new CollectingLogger();
    const want = await seamWire(bad.run);
    const { prompts } = await agentStep({ lookup: plainTool(bad.run, { logger }) }, 'lookup');
    expect(toolOutput(prompts)).toEqual(want.isError ? { type: 'error-text', value: want.content } : { type: 'text', value: want.content });
    expect(leaks([prompts, logger.lines])).toEqual([]);
    expect(bad.traps.count).toBe(0);
  });
});

// A Mastra MCPClient with a stdio server (its MCP SDK 2.x client), the stack's timeout set as the
// server's `timeout` in the MCPClient config. The 2.x client sends notifications/cancelled on an abort.
const mastra: DeadlineDriver = {
  toolName: `fixture_${TOOL}`,
  tellsServer: true,
  stackTimeout: 'MCPClient servers.<name>.timeout',
  async connect(server, stackTimeoutMs) {
    const mcp = new MCPClient({
      id: `deadline-${++clients}`,
      servers: { fixture: { command: server.command, args: server.args, ...(stackTimeoutMs ? { timeout: stackTimeoutMs } : {}) } },
    });
    return {
      async wrap(options) {
        const tools = await mcpTools(mcp, options);
        return async (signal) => JSON.stringify(toolOutput((await agentStep(tools, `fixture_${TOOL}`, DEADLINE_CALL_ID, signal)).prompts));
      },
      close: () => mcp.disconnect(),
    };
  },
};

describe('mastra integration: deadlines and cancellation', () => deadlineCases('mastra', mastra));
