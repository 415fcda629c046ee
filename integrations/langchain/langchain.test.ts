// toolresult-protocol/langchain with the real LangChain (loadMcpTools over the MCP SDK client in a
// LangGraph ReAct agent, a recording chat model): the model is given the wire content (an error as
// {"error": content} with status "error", no exception), the artifact holds only the audit record at
// the seam's privacy level and the program reads the whole result from the seam; bad input is answered as the seam answers it; no run-only byte reaches the model or the log.
import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { DynamicStructuredTool, type StructuredToolInterface } from '@langchain/core/tools';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { callFingerprint } from '../../reference-impl/index.ts';
import { auditRecord, CollectingLogger, InMemoryLedger, type ToolResult, INTERRUPTED_ENTRY, INTERRUPTED_TEXT } from '../../reference-impl/internal.ts';
import { createSeam, loadMcpTools, resultTool, type ToolResultSeam } from './index.ts';
import { adapterTools } from './adapter-tools.ts';
import { fixture, inMemory, TOOL, type Fixture } from '../../test/support/mcp-server.ts';
import { BAD_POLICIES, badTools, ERROR, failingLedger, leaks, mcpWire, seamWire, SUCCESS } from '../testing/cases.ts';
import type { IntegrationOptions } from '../core/index.ts';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { DEADLINE_CALL_ID, deadlineCases, type DeadlineDriver } from '../testing/deadline-cases.ts';

class RecordingChatModel extends BaseChatModel {
  readonly calls: BaseMessage[][] = [];
  constructor(
    private readonly toolName: string,
    private readonly callId: string,
  ) {
    super({});
  }
  _llmType(): string {
    return 'recording-fake';
  }
  override bindTools(): this {
    return this;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.calls.push(messages);
    const message =
      this.calls.length === 1
        ? new AIMessage({ content: '', tool_calls: [{ id: this.callId, name: this.toolName, args: {}, type: 'tool_call' }] })
        : new AIMessage({ content: 'done' });
    return { generations: [{ text: '', message }] };
  }
}

/** What a provider integration reads of each message sent (the artifact is not part of it). */
const sent = (model: RecordingChatModel) =>
  model.calls.map((msgs) => msgs.map((m) => ({ type: m.getType(), content: m.content, status: (m as { status?: string }).status })));

async function agentStep(tools: StructuredToolInterface[], toolName: string, callId = 'call_1', signal?: AbortSignal) {
  const model = new RecordingChatModel(toolName, callId);
  const state = await createReactAgent({ llm: model, tools }).invoke({ messages: [{ role: 'user', content: 'Look it up.' }] }, signal ? { signal } : {});
  const toolMessages = (state.messages as BaseMessage[]).filter((m) => m.getType() === 'tool') as (BaseMessage & { status?: string; artifact?: unknown })[];
  return { requests: sent(model), toolMessage: toolMessages[0]!, last: sent(model)[1]?.at(-1) };
}

async function mcpStep(
  f: Fixture,
  options?: IntegrationOptions | ToolResultSeam,
  callId?: string,
  loadOptions?: Parameters<typeof loadMcpTools>[3],
  name = TOOL,
) {
  const probe = await inMemory(f);
  const client = new Client({ name: 'integration-test', version: '1.0.0' });
  try {
    await client.connect(probe.transport);
    return await agentStep(await loadMcpTools('fixture', client, options, loadOptions), name, callId);
  } finally {
    // Bounded: a server handler that never answers must not hold the test in its close.
    await Promise.race([Promise.all([client.close(), probe.close()]), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  }
}

const plainTool = (run: () => unknown, options?: IntegrationOptions) =>
  resultTool(run as () => ToolResult, { name: 'lookup', description: 'Looks it up.', schema: { type: 'object', properties: {} } }, options);
const flagless = (w: { content: string; isError: boolean }) => (w.isError ? JSON.stringify({ error: w.content }) : w.content);

describe('langchain integration over @langchain/mcp-adapters', () => {
  it('gives the model exactly the wire content; the artifact is the audit record, the program reads the result from the seam', async () => {
    const logger = new CollectingLogger();
    const seam = createSeam({ logger });
    const f = fixture({ result: SUCCESS });
    const { requests, toolMessage, last } = await mcpStep(f, seam);
    const want = await mcpWire(SUCCESS);
    expect(last).toEqual({ type: 'tool', content: want.content, status: 'success' });
    expect(leaks(requests)).toEqual([]);
    expect(leaks(logger.lines)).toEqual([]);
    const result = (await seam.result('call_1'))!;
    expect(result.structured).toEqual(SUCCESS.structuredContent);
    expect(toolMessage.artifact).toEqual(auditRecord(result, ['metadata']));
    expect(leaks(toolMessage.artifact)).toEqual([]);
    expect(f.calls).toBe(1);
  });

  it('an error result: status "error", {"error": content}, no exception, the structured body kept by the seam', async () => {
    const seam = createSeam();
    const { requests, toolMessage, last } = await mcpStep(fixture({ result: ERROR }), seam);
    const want = await mcpWire(ERROR);
    expect(last).toEqual({ type: 'tool', content: JSON.stringify({ error: want.content }), status: 'error' });
    expect(leaks(requests)).toEqual([]);
    expect((await seam.result('call_1'))!.structured).toEqual(ERROR.structuredContent);
    expect(leaks(toolMessage.artifact)).toEqual([]);
  });

  it.each(['none', 'metadata', 'redacted', 'full'] as const)('privacy %s: the artifact is exactly the audit record at that level', async (privacy) => {
    const seam = createSeam({ privacy });
    const { toolMessage } = await mcpStep(fixture({ result: SUCCESS }), seam);
    expect(toolMessage.artifact).toEqual(auditRecord((await seam.result('call_1'))!, [privacy]));
    expect((toolMessage.artifact as { level: string }).level).toBe(privacy);
  });

  it('applies the exposure policy, as the seam does', async () => {
    const exposure = { policy: 'json' } as const;
    const { last } = await mcpStep(fixture({ result: SUCCESS }), { exposure });
    const want = await mcpWire(SUCCESS, { exposure });
    expect(want.content).toContain('INV-1');
    expect((last as { content: unknown }).content).toBe(want.content);
  });

  it('replays a repeated provider call ID from the ledger without running the tool again', async () => {
    const ledger = new InMemoryLedger();
    const f = fixture({ result: SUCCESS });
    const first = await mcpStep(f, { ledger }, 'call_same');
    const again = await mcpStep(f, { ledger }, 'call_same');
    expect(f.calls).toBe(1);
    expect(again.last).toEqual(first.last);
  });

  it('a server that fails the call becomes the seam error; its message reaches neither model nor log', async () => {
    const logger = new CollectingLogger();
    const { requests, last } = await mcpStep(fixture({ throws: 'server exploded RUNONLYthrow' }), { logger });
    expect((last as { status: string }).status).toBe('error');
    expect(leaks([requests, logger.lines])).toEqual([]);
  });

  // The adapters' defaultToolTimeout, which LangChain turns into config.metadata.timeoutMs and a signal
  // of AbortSignal.timeout() joined by AbortSignal.any(): the integration reads the number and keeps the
  // deadline with a timer of its own, so the call ends even when that signal never fires (it hung
  // twice under a loaded suite while the integration relied on it).
  it("a tool that never answers ends at defaultToolTimeout, by the integration's own timer: the step goes on with the interrupted result, nothing run-only sent or logged", async () => {
    const logger = new CollectingLogger();
    const ledger = new InMemoryLedger();
    const { requests, last } = await mcpStep(fixture({ hangs: true }), { logger, ledger }, 'call_hang', { defaultToolTimeout: 300 });
    expect((last as { status: string }).status).toBe('error');
    expect((last as { content: string }).content).toBe(JSON.stringify({ error: INTERRUPTED_TEXT }));
    expect(ledger.entry('call_hang', { fingerprint: callFingerprint(TOOL, {}) })).toBe(INTERRUPTED_ENTRY);
    expect(leaks([requests, logger.lines])).toEqual([]);
  });

  it.each(BAD_POLICIES.map((p) => [JSON.stringify(p), p]))('refuses the malformed exposure policy %s before any tool call', async (_n, policy) => {
    const f = fixture({ result: SUCCESS });
    const probe = await inMemory(f);
    const client = new Client({ name: 'integration-test', version: '1.0.0' });
    try {
      await client.connect(probe.transport);
      await expect(loadMcpTools('fixture', client, { exposure: policy as never })).rejects.toThrow(RangeError);
      expect(() => plainTool(() => null, { exposure: policy as never })).toThrow(RangeError);
      expect(f.calls).toBe(0);
    } finally {
      await client.close();
      await probe.close();
    }
  });

  it.each(['claim', 'finish'] as const)(
    'a ledger that fails on %s: the step goes on with an error, no run-only byte reaches the model or the log',
    async (when) => {
      const logger = new CollectingLogger();
      const f = fixture({ result: SUCCESS });
      const { requests, last } = await mcpStep(f, { ledger: failingLedger(when), logger });
      expect(f.calls).toBe(when === 'claim' ? 0 : 1);
      expect((last as { status: string }).status).toBe('error');
      expect(leaks([requests, logger.lines])).toEqual([]);
    },
  );
});

describe("langchain integration: which MCP tool each adapter tool calls, asked of the adapter's tool", () => {
  it('prefixed names (server name and an extra prefix): the model calls the prefixed name, the server gets its own', async () => {
    const f = fixture({ result: SUCCESS });
    const { last } = await mcpStep(f, undefined, 'call_1', { prefixToolNameWithServerName: true, additionalToolNamePrefix: 'mcp' }, `mcp__fixture__${TOOL}`);
    expect(f.calls).toBe(1);
    expect((last as { content: unknown }).content).toBe((await mcpWire(SUCCESS)).content);
  });

  it('an adapter tool that no longer calls callTool({ name }) fails the wrap with a message saying what changed upstream', async () => {
    const silent = new DynamicStructuredTool({ name: 'lookup', description: 'x', schema: { type: 'object', properties: {} }, func: async () => 'no call' });
    const probe = await inMemory(fixture({ result: SUCCESS }));
    const client = new Client({ name: 'integration-test', version: '1.0.0' });
    try {
      await client.connect(probe.transport);
      await expect(adapterTools('fixture', client, undefined, async () => [silent] as never)).rejects.toThrow(
        /@langchain\/mcp-adapters changed upstream: its tool "lookup" no longer calls the MCP client's callTool/,
      );
    } finally {
      await client.close();
      await probe.close();
    }
  });
});

describe('langchain integration over plain tools (resultTool)', () => {
  it.each(badTools().map((b) => [b.name, b] as const))('a tool that %s: the model gets what the seam makes of it', async (_n, bad) => {
    const logger = new CollectingLogger();
    const want = await seamWire(bad.run);
    const { requests, last } = await agentStep([plainTool(bad.run, { logger })], 'lookup');
    expect(last).toEqual({ type: 'tool', content: flagless(want), status: want.isError ? 'error' : 'success' });
    expect(leaks([requests, logger.lines])).toEqual([]);
    expect(bad.traps.count).toBe(0);
  });
});

// The MCP SDK 1.x client over stdio (what @langchain/mcp-adapters pins), the stack's timeout set as
// loadMcpTools' defaultToolTimeout. The 1.x client sends notifications/cancelled when its signal aborts.
const langchain: DeadlineDriver = {
  toolName: TOOL,
  tellsServer: true,
  stackTimeout: 'loadMcpTools defaultToolTimeout',
  async connect(server, stackTimeoutMs) {
    const client = new Client({ name: 'deadline-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: server.command, args: server.args, stderr: 'ignore' }));
    return {
      async wrap(options) {
        const tools = await loadMcpTools('fixture', client, options, stackTimeoutMs ? { defaultToolTimeout: stackTimeoutMs } : undefined);
        return async (signal) => JSON.stringify((await agentStep(tools, TOOL, DEADLINE_CALL_ID, signal)).last);
      },
      close: () => client.close(),
    };
  },
};

describe('langchain integration: deadlines and cancellation', () => deadlineCases('langchain', langchain));
