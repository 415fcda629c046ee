// toolresult-protocol/ai-sdk with the real AI SDK (generateText over @ai-sdk/mcp's client, ai/test's
// mock model): the model is given exactly the wire message, an error as error-text, the tool output
// is the audit record and the program reads the whole result from the seam; bad input is answered as the seam answers it; no run-only byte reaches the
// model or the log.
import { describe, expect, it } from 'vitest';
import { generateText, stepCountIs, tool, jsonSchema } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createMCPClient } from '@ai-sdk/mcp';
import { StdioMCPTransport } from '@ai-sdk/mcp/mcp-stdio';
import { auditRecord, CollectingLogger, InMemoryLedger, type ExposurePolicy } from '../../reference-impl/internal.ts';
import { createSeam, wrapMcpTools, wrapTools, type ToolResultSeam } from './index.ts';
import { fixture, inMemory, TOOL, type Fixture } from '../../test/support/mcp-server.ts';
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
  return { m, prompts: () => m.doGenerateCalls.map((c) => c.prompt) };
}

/** The tool part of the second prompt: what the model was given for the call. */
function toolOutput(prompts: unknown[]): unknown {
  const second = prompts[1] as { role: string; content: { type: string; output?: unknown }[] }[];
  return second.find((m) => m.role === 'tool')?.content.find((p) => p.type === 'tool-result')?.output;
}

async function mcpStep(f: Fixture, options?: IntegrationOptions | ToolResultSeam, callId?: string) {
  const probe = await inMemory(f);
  const client = await createMCPClient({ transport: probe.transport });
  try {
    const tools = wrapMcpTools(await client.tools(), options);
    const { m, prompts } = model(TOOL, callId);
    const result = await generateText({ model: m, tools, prompt: 'Look it up.', stopWhen: stepCountIs(2) });
    return { result, prompts: prompts(), kept: result.steps.flatMap((s) => s.toolResults.map((r) => r.output)) };
  } finally {
    await client.close();
    await probe.close();
  }
}

async function plainStep(run: () => unknown, options?: IntegrationOptions) {
  const lookup = tool({
    description: 'Looks it up.',
    inputSchema: jsonSchema<Record<string, unknown>>({ type: 'object', properties: {} }),
    execute: async () => 'unused',
  });
  // The tool's body is the bad input itself: whatever it returns, synchronously, goes to the seam.
  const tools = wrapTools({ lookup: { ...lookup, execute: () => run() } as unknown as typeof lookup }, options);
  const { m, prompts } = model('lookup');
  const result = await generateText({ model: m, tools, prompt: 'Look it up.', stopWhen: stepCountIs(2) });
  return { result, prompts: prompts() };
}

describe('ai-sdk integration over @ai-sdk/mcp', () => {
  it('gives the model exactly the wire content; the tool output is the audit record, the program reads the result from the seam', async () => {
    const logger = new CollectingLogger();
    const seam = createSeam({ logger });
    const f = fixture({ result: SUCCESS });
    const { prompts, kept } = await mcpStep(f, seam);
    const want = await mcpWire(SUCCESS);
    expect(want.isError).toBe(false);
    expect(toolOutput(prompts)).toEqual({ type: 'text', value: want.content });
    expect(leaks(prompts)).toEqual([]);
    expect(leaks(logger.lines)).toEqual([]);
    expect(kept).toHaveLength(1);
    const result = (await seam.result('call_1'))!;
    expect(result.structured).toEqual(SUCCESS.structuredContent);
    expect(kept[0]).toEqual(auditRecord(result, ['metadata']));
    expect(leaks(kept)).toEqual([]);
    expect(f.calls).toBe(1);
  });

  it('signals an error result as error-text; its structured body is kept by the seam', async () => {
    const seam = createSeam();
    const { prompts, kept } = await mcpStep(fixture({ result: ERROR }), seam);
    expect(toolOutput(prompts)).toEqual({ type: 'error-text', value: (await mcpWire(ERROR)).content });
    expect((await mcpWire(ERROR)).content).toContain('Invoice INV-9 not found');
    expect(leaks(prompts)).toEqual([]);
    expect((await seam.result('call_1'))!.structured).toEqual(ERROR.structuredContent);
    expect(leaks(kept)).toEqual([]);
  });

  it.each(['none', 'metadata', 'redacted', 'full'] as const)('privacy %s: the tool output is exactly the audit record at that level', async (privacy) => {
    const seam = createSeam({ privacy });
    const { kept } = await mcpStep(fixture({ result: SUCCESS }), seam);
    expect(kept).toEqual([auditRecord((await seam.result('call_1'))!, [privacy])]);
  });

  it('an output that comes back another way (a conversation rebuilt from stored messages) is answered from the seam by its call ID', async () => {
    const seam = createSeam();
    const f = fixture({ result: SUCCESS });
    const { kept } = await mcpStep(f, seam);
    const probe = await inMemory(f);
    const client = await createMCPClient({ transport: probe.transport });
    try {
      const tools = wrapMcpTools(await client.tools(), seam) as unknown as Record<string, { toModelOutput: (o: unknown) => Promise<unknown> }>;
      const rebuilt = structuredClone(kept[0]);
      expect(await tools[TOOL]!.toModelOutput({ toolCallId: 'call_1', input: {}, output: rebuilt })).toEqual({
        type: 'text',
        value: (await mcpWire(SUCCESS)).content,
      });
      expect(await tools[TOOL]!.toModelOutput({ toolCallId: 'call_unknown', input: {}, output: rebuilt })).toEqual({
        type: 'error-text',
        value: 'The tool result is not available.',
      });
    } finally {
      await client.close();
      await probe.close();
    }
  });

  it('applies the exposure policy after the hooks, as the seam does', async () => {
    const exposure: ExposurePolicy = { policy: 'allowlist', pointers: ['/invoices/0/id'] };
    const { prompts } = await mcpStep(fixture({ result: SUCCESS }), { exposure });
    const want = await mcpWire(SUCCESS, { exposure });
    expect(want.content).toContain('INV-1');
    expect(toolOutput(prompts)).toEqual({ type: 'text', value: want.content });
  });

  it('replays a repeated provider call ID from the ledger without running the tool again', async () => {
    const ledger = new InMemoryLedger();
    const f = fixture({ result: SUCCESS });
    const first = await mcpStep(f, { ledger }, 'call_same');
    const again = await mcpStep(f, { ledger }, 'call_same');
    expect(f.calls).toBe(1);
    expect(toolOutput(again.prompts)).toEqual(toolOutput(first.prompts));
  });

  it('a server that fails the call (JSON-RPC error) becomes the seam error; its message reaches neither model nor log', async () => {
    const logger = new CollectingLogger();
    const { prompts } = await mcpStep(fixture({ throws: 'server exploded RUNONLYthrow' }), { logger });
    const out = toolOutput(prompts) as { type: string; value: string };
    expect(out.type).toBe('error-text');
    expect(leaks([prompts, logger.lines])).toEqual([]);
  });

  it.each(BAD_POLICIES.map((p) => [JSON.stringify(p), p]))('refuses the malformed exposure policy %s before any tool call', async (_n, policy) => {
    const f = fixture({ result: SUCCESS });
    const probe = await inMemory(f);
    const client = await createMCPClient({ transport: probe.transport });
    try {
      const tools = await client.tools();
      expect(() => wrapMcpTools(tools, { exposure: policy as never })).toThrow(RangeError);
      expect(f.calls).toBe(0);
    } finally {
      await client.close();
      await probe.close();
    }
  });

  it.each(['claim', 'finish'] as const)('a ledger that fails on %s: the step gets an error, no run-only byte reaches the model or the log', async (when) => {
    const logger = new CollectingLogger();
    const f = fixture({ result: SUCCESS });
    const { prompts } = await mcpStep(f, { ledger: failingLedger(when), logger });
    expect(f.calls).toBe(when === 'claim' ? 0 : 1);
    expect((toolOutput(prompts) as { type: string }).type).toBe('error-text');
    expect(leaks([prompts, logger.lines])).toEqual([]);
  });
});

describe('ai-sdk integration over plain tools', () => {
  it.each(badTools().map((b) => [b.name, b] as const))('a tool that %s: the model gets what the seam makes of it', async (_n, bad) => {
    const logger = new CollectingLogger();
    const want = await seamWire(bad.run);
    const { prompts } = await plainStep(bad.run, { logger });
    expect(toolOutput(prompts)).toEqual(want.isError ? { type: 'error-text', value: want.content } : { type: 'text', value: want.content });
    expect(leaks([prompts, logger.lines])).toEqual([]);
    expect(bad.traps.count).toBe(0);
  });
});

// @ai-sdk/mcp over its stdio transport. A tool sees no timeout number of the AI SDK: generateText's
// timeout.toolMs reaches execute as its abortSignal. The client stops waiting on an abort but sends
// no notifications/cancelled (requestOnce in @ai-sdk/mcp's dist/index.js only rejects).
const aiSdk: DeadlineDriver = {
  toolName: TOOL,
  tellsServer: false,
  stackTimeout: 'generateText timeout.toolMs',
  async connect(server, stackTimeoutMs) {
    const client = await createMCPClient({ transport: new StdioMCPTransport({ command: server.command, args: server.args, stderr: 'ignore' }) });
    const tools = await client.tools();
    return {
      wrap: async (options) => async (signal) => {
        const { m, prompts } = model(TOOL, DEADLINE_CALL_ID);
        await generateText({
          model: m,
          tools: wrapMcpTools(tools, options),
          prompt: 'Look it up.',
          stopWhen: stepCountIs(2),
          ...(signal ? { abortSignal: signal } : {}),
          ...(stackTimeoutMs ? { timeout: { toolMs: stackTimeoutMs } } : {}),
        });
        return JSON.stringify(toolOutput(prompts()));
      },
      close: () => client.close(),
    };
  },
};

describe('ai-sdk integration: deadlines and cancellation', () => deadlineCases('ai-sdk', aiSdk));
