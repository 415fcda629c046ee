// toolresult-protocol/openai-agents with the real Agents SDK (run() of an Agent with the tools of its
// own MCPServerStdio, connected in memory; a scripted Model recording each ModelRequest): the model is
// given the wire content (an error as {"error": content}), the run item's customData holds only the
// audit record and the program reads the whole result from the seam; bad input is answered as the seam answers it; no run-only byte reaches the model or the log.
import { describe, expect, it } from 'vitest';
import { Agent, MCPServerStdio, Usage, run, setTracingDisabled, type Model, type ModelRequest, type ModelResponse, type Tool } from '@openai/agents';
import { Client } from '@modelcontextprotocol/client';
import { auditRecord, CollectingLogger, InMemoryLedger, type ToolResult } from '../../reference-impl/internal.ts';
import { createSeam, mcpTools, resultTool, type ToolResultSeam } from './index.ts';
import { fixture, inMemory, TOOL, type Fixture } from '../../test/support/mcp-server.ts';
import { BAD_POLICIES, badTools, ERROR, failingLedger, leaks, mcpWire, seamWire, SUCCESS } from '../testing/cases.ts';
import type { IntegrationOptions } from '../core/index.ts';
import { DEADLINE_CALL_ID, deadlineCases, type DeadlineDriver } from '../testing/deadline-cases.ts';

setTracingDisabled(true);

class ScriptedModel implements Model {
  readonly requests: unknown[] = [];
  constructor(
    private readonly toolName: string,
    private readonly callId: string,
  ) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(JSON.parse(JSON.stringify({ systemInstructions: request.systemInstructions, input: request.input })));
    const output =
      this.requests.length === 1
        ? [{ type: 'function_call' as const, callId: this.callId, name: this.toolName, arguments: '{}', status: 'completed' as const }]
        : [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: 'done' }] }];
    return { usage: new Usage(), output };
  }
  // biome-ignore lint/correctness/useYield: a model that refuses to stream throws before its first item
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('the scripted model does not stream');
  }
}

/** The function_call_result the second request carries: what the model was given. */
function given(requests: unknown[]): unknown {
  const input = (requests[1] as { input: { type: string; output?: unknown }[] }).input;
  return input.find((i) => i.type === 'function_call_result')?.output;
}

async function agentStep(tools: Tool[], toolName: string, callId = 'call_1', signal?: AbortSignal) {
  const model = new ScriptedModel(toolName, callId);
  const agent = new Agent({ name: 'test-agent', instructions: 'Use the tool.', model, tools });
  const result = await run(agent, 'Look it up.', { maxTurns: 3, ...(signal ? { signal } : {}) });
  const items = result.newItems.filter((i) => i.type === 'tool_call_output_item') as unknown as { customData?: unknown; output?: unknown }[];
  return { requests: model.requests, output: given(model.requests), customData: items[0]?.customData };
}

/** The SDK's own stdio server with its connect swapped for an in-memory link (its client and callToolResult run unchanged). */
async function stdioServer(f: Fixture) {
  const probe = await inMemory(f);
  const server = new MCPServerStdio({ name: 'fixture', command: 'unused', cacheToolsList: false });
  const underlying = (server as unknown as { underlying: { connect(): Promise<void>; session: unknown; transport: unknown } }).underlying;
  underlying.connect = async () => {
    const client = new Client({ name: 'fixture', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
    await client.connect(probe.transport as never);
    underlying.session = client;
    underlying.transport = probe.transport;
  };
  await server.connect();
  return {
    server,
    close: async () => {
      await server.close();
      await probe.close();
    },
  };
}

async function mcpStep(f: Fixture, options?: IntegrationOptions | ToolResultSeam, callId?: string) {
  const { server, close } = await stdioServer(f);
  try {
    return await agentStep(await mcpTools(server, options), TOOL, callId);
  } finally {
    await close();
  }
}

const plainTool = (execute: () => unknown, options?: IntegrationOptions) =>
  resultTool(execute as () => ToolResult, { name: 'lookup', description: 'Looks it up.', parameters: { type: 'object', properties: {} } }, options);
const flagless = (w: { content: string; isError: boolean }) => (w.isError ? JSON.stringify({ error: w.content }) : w.content);
const textOutput = (text: string) => ({ type: 'text', text });

describe('openai-agents integration over the SDK MCP server', () => {
  it('gives the model exactly the wire content; customData is the audit record, the program reads the result from the seam', async () => {
    const logger = new CollectingLogger();
    const seam = createSeam({ logger });
    const f = fixture({ result: SUCCESS });
    const { requests, output, customData } = await mcpStep(f, seam);
    expect(output).toEqual(textOutput((await mcpWire(SUCCESS)).content));
    expect(leaks(requests)).toEqual([]);
    expect(leaks(logger.lines)).toEqual([]);
    const result = (await seam.result('call_1'))!;
    expect(result.structured).toEqual(SUCCESS.structuredContent);
    expect(customData).toEqual(auditRecord(result, ['metadata']));
    expect(leaks(customData)).toEqual([]);
    expect(f.calls).toBe(1);
  });

  it('an error result: {"error": content}, the structured body kept by the seam', async () => {
    const seam = createSeam();
    const { requests, output, customData } = await mcpStep(fixture({ result: ERROR }), seam);
    expect(output).toEqual(textOutput(JSON.stringify({ error: (await mcpWire(ERROR)).content })));
    expect(leaks(requests)).toEqual([]);
    const result = (await seam.result('call_1'))!;
    expect(result.structured).toEqual(ERROR.structuredContent);
    expect(result.isError).toBe(true);
    expect((customData as { summary: { isError: boolean } }).summary.isError).toBe(true);
    expect(leaks(customData)).toEqual([]);
  });

  it.each(['none', 'metadata', 'redacted', 'full'] as const)('privacy %s: customData is exactly the audit record at that level', async (privacy) => {
    const seam = createSeam({ privacy });
    const { customData } = await mcpStep(fixture({ result: SUCCESS }), seam);
    expect(customData).toEqual(auditRecord((await seam.result('call_1'))!, [privacy]));
  });

  it('replays a repeated provider call ID from the ledger without running the tool again', async () => {
    const ledger = new InMemoryLedger();
    const f = fixture({ result: SUCCESS });
    const first = await mcpStep(f, { ledger }, 'call_same');
    const again = await mcpStep(f, { ledger }, 'call_same');
    expect(f.calls).toBe(1);
    expect(again.output).toEqual(first.output);
  });

  it('a server that fails the call becomes the seam error; its message reaches neither model nor log', async () => {
    const logger = new CollectingLogger();
    const { requests, output } = await mcpStep(fixture({ throws: 'server exploded RUNONLYthrow' }), { logger });
    expect(JSON.stringify(output)).toContain('error');
    expect(leaks([requests, logger.lines])).toEqual([]);
  });

  it.each(BAD_POLICIES.map((p) => [JSON.stringify(p), p]))('refuses the malformed exposure policy %s before any tool call', async (_n, policy) => {
    const f = fixture({ result: SUCCESS });
    const { server, close } = await stdioServer(f);
    try {
      await expect(mcpTools(server, { exposure: policy as never })).rejects.toThrow(RangeError);
      expect(() => plainTool(() => null, { exposure: policy as never })).toThrow(RangeError);
      expect(f.calls).toBe(0);
    } finally {
      await close();
    }
  });

  it.each(['claim', 'finish'] as const)(
    'a ledger that fails on %s: the run goes on with an error, no run-only byte reaches the model or the log',
    async (when) => {
      const logger = new CollectingLogger();
      const f = fixture({ result: SUCCESS });
      const { requests, output } = await mcpStep(f, { ledger: failingLedger(when), logger });
      expect(f.calls).toBe(when === 'claim' ? 0 : 1);
      expect(JSON.stringify(output)).toMatch(/error/i);
      expect(leaks([requests, logger.lines])).toEqual([]);
    },
  );
});

describe('openai-agents integration over plain tools (resultTool)', () => {
  it.each(badTools().map((b) => [b.name, b] as const))('a tool that %s: the model gets what the seam makes of it', async (_n, bad) => {
    const logger = new CollectingLogger();
    const want = await seamWire(bad.run);
    const { requests, output } = await agentStep([plainTool(bad.run, { logger })], 'lookup');
    expect(output).toEqual(textOutput(flagless(want)));
    expect(leaks([requests, logger.lines])).toEqual([]);
    expect(bad.traps.count).toBe(0);
  });
});

// The SDK's own MCPServerStdio (its MCP SDK 2.x client over stdio), the stack's timeout set as the
// server's `timeout`. The 2.x client sends notifications/cancelled when its signal aborts.
const openaiAgents: DeadlineDriver = {
  toolName: TOOL,
  tellsServer: true,
  stackTimeout: 'MCPServerStdio timeout',
  async connect(server, stackTimeoutMs) {
    const mcp = new MCPServerStdio({
      name: 'fixture',
      command: server.command,
      args: server.args,
      cacheToolsList: false,
      ...(stackTimeoutMs ? { timeout: stackTimeoutMs } : {}),
    });
    await mcp.connect();
    return {
      async wrap(options) {
        const tools = await mcpTools(mcp, options);
        return async (signal) => JSON.stringify((await agentStep(tools, TOOL, DEADLINE_CALL_ID, signal)).output);
      },
      close: () => mcp.close(),
    };
  },
};

describe('openai-agents integration: deadlines and cancellation', () => deadlineCases('openai-agents', openaiAgents));
