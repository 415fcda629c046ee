// The cost of each stack integration per tool call: one agent step (a scripted model's tool call, the
// MCP tool over an in-memory or in-process server, the model's next request) with the stack's own MCP
// tools and with the same tools through toolresult-protocol/<stack>, side by side in one run
// (interleaved rounds, so both sides see the same machine). The difference per step is what the
// integration adds to one tool call: normalize, bound, ledger claim and store, wire message.
// Targets: each integration gives the same answer on every call (no step failed).
//   npm run bench -- integrations        TOOLRESULT_BENCH_STEPS=200 npm run bench -- integrations
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createMCPClient } from '@ai-sdk/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { loadMcpTools } from '@langchain/mcp-adapters';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import {
  Agent as OpenAIAgent,
  MCPServerStdio,
  Usage,
  run as runAgent,
  setTracingDisabled,
  type Model,
  type ModelRequest,
  type ModelResponse,
} from '@openai/agents';
import { Agent as MastraAgent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
import * as aiSdk from '../integrations/ai-sdk/index.ts';
import * as langchain from '../integrations/langchain/index.ts';
import * as openaiAgents from '../integrations/openai-agents/index.ts';
import * as mastra from '../integrations/mastra/index.ts';
import { fixture, inMemory, inProcessFetch, TOOL } from '../test/support/mcp-server.ts';
import { SUCCESS } from '../integrations/testing/cases.ts';
import { callThroughSeam, createSeam, mcpRun } from '../integrations/core/index.ts';
import type { BenchOutcome } from './index.ts';

export const name = 'integrations';

const STEPS = Number(process.env.TOOLRESULT_BENCH_STEPS ?? 60);
const ROUNDS = 6;
setTracingDisabled(true);

interface Side {
  /** One agent step whose tool call has the ID `callId`; resolves to the text the model was given. */
  step(callId: string): Promise<string>;
  close(): Promise<void>;
}

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };
function aiModel(toolName: string, callId: string) {
  let n = 0;
  return new MockLanguageModelV4({
    doGenerate: async () =>
      ++n === 1
        ? {
            content: [{ type: 'tool-call' as const, toolCallId: callId, toolName, input: '{}' }],
            finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
            usage,
            warnings: [],
          }
        : { content: [{ type: 'text' as const, text: 'done' }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] },
  });
}
const lastPrompt = (m: MockLanguageModelV4) => JSON.stringify(m.doGenerateCalls.at(-1)?.prompt.at(-1));

async function aiSdkSide(wrapped: boolean): Promise<Side> {
  const probe = await inMemory(fixture({ result: SUCCESS }));
  const client = await createMCPClient({ transport: probe.transport });
  const plain = await client.tools();
  const tools = wrapped ? aiSdk.wrapMcpTools(plain) : plain;
  return {
    step: async (callId) => {
      const model = aiModel(TOOL, callId);
      await generateText({ model, tools, prompt: 'Look it up.', stopWhen: stepCountIs(2) });
      return lastPrompt(model);
    },
    close: async () => {
      await client.close();
      await probe.close();
    },
  };
}

class ChatModel extends BaseChatModel {
  calls = 0;
  last = '';
  constructor(private readonly callId: string) {
    super({});
  }
  _llmType(): string {
    return 'bench-fake';
  }
  override bindTools(): this {
    return this;
  }
  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    this.last = JSON.stringify(messages.at(-1)?.content);
    const message =
      ++this.calls === 1
        ? new AIMessage({ content: '', tool_calls: [{ id: this.callId, name: TOOL, args: {}, type: 'tool_call' }] })
        : new AIMessage({ content: 'done' });
    return { generations: [{ text: '', message }] };
  }
}

async function langchainSide(wrapped: boolean): Promise<Side> {
  const probe = await inMemory(fixture({ result: SUCCESS }));
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(probe.transport);
  const tools = wrapped ? await langchain.loadMcpTools('bench', client) : await loadMcpTools('bench', client);
  return {
    step: async (callId) => {
      const model = new ChatModel(callId);
      await createReactAgent({ llm: model, tools }).invoke({ messages: [{ role: 'user', content: 'Look it up.' }] });
      return model.last;
    },
    close: async () => {
      await client.close();
      await probe.close();
    },
  };
}

class AgentsModel implements Model {
  n = 0;
  last = '';
  constructor(private readonly callId: string) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.last = JSON.stringify(request.input);
    const output =
      ++this.n === 1
        ? [{ type: 'function_call' as const, callId: this.callId, name: TOOL, arguments: '{}', status: 'completed' as const }]
        : [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: 'done' }] }];
    return { usage: new Usage(), output };
  }
  // biome-ignore lint/correctness/useYield: a model that refuses to stream throws before its first item
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('no streaming');
  }
}

async function openaiAgentsSide(wrapped: boolean): Promise<Side> {
  const probe = await inMemory(fixture({ result: SUCCESS }));
  const server = new MCPServerStdio({ name: 'bench', command: 'unused', cacheToolsList: true });
  const underlying = (server as unknown as { underlying: { connect(): Promise<void>; session: unknown; transport: unknown } }).underlying;
  underlying.connect = async () => {
    const c = new ClientV2({ name: 'bench', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
    await c.connect(probe.transport as never);
    underlying.session = c;
    underlying.transport = probe.transport;
  };
  await server.connect();
  const tools = wrapped ? await openaiAgents.mcpTools(server) : undefined;
  return {
    step: async (callId) => {
      const model = new AgentsModel(callId);
      const agent = new OpenAIAgent({ name: 'bench', instructions: 'Use the tool.', model, ...(tools ? { tools } : { mcpServers: [server] }) });
      await runAgent(agent, 'Look it up.', { maxTurns: 3 });
      return model.last;
    },
    close: async () => {
      await server.close();
      await probe.close();
    },
  };
}

let mastraClients = 0;
async function mastraSide(wrapped: boolean): Promise<Side> {
  const mcp = new MCPClient({
    id: `bench-${++mastraClients}`,
    servers: { bench: { url: new URL('http://bench.invalid/mcp'), fetch: inProcessFetch(fixture({ result: SUCCESS })) as never } },
  });
  const tools = wrapped ? await mastra.mcpTools(mcp) : await mcp.listTools();
  return {
    step: async (callId) => {
      const model = aiModel(`bench_${TOOL}`, callId);
      const agent = new MastraAgent({ id: 'bench', name: 'bench', instructions: 'Use the tool.', model: model as never, tools: tools as never });
      await agent.generate('Look it up.', { maxSteps: 2 });
      return lastPrompt(model);
    },
    close: () => mcp.disconnect(),
  };
}

const STACKS: readonly [string, (wrapped: boolean) => Promise<Side>][] = [
  ['ai-sdk', aiSdkSide],
  ['langchain', langchainSide],
  ['openai-agents', openaiAgentsSide],
  ['mastra', mastraSide],
];

/**
 * The integration's own work per call, without a stack: the seam over the MCP normalizer for the
 * fixture's result (normalize, bound, ledger claim and store, wire message, audit record), against handing
 * back a copy of the same result, side by side.
 */
async function seamFloor(): Promise<void> {
  const calls = STEPS * 50;
  const seam = createSeam();
  let id = 0;
  const times = { plain: 0, seam: 0 };
  for (let r = 0; r < ROUNDS + 1; r++) {
    const t0 = performance.now();
    for (let i = 0; i < calls / ROUNDS; i++) structuredClone(await Promise.resolve(SUCCESS));
    const t1 = performance.now();
    for (let i = 0; i < calls / ROUNDS; i++)
      await callThroughSeam(
        `floor_${++id}`,
        mcpRun(async () => structuredClone(SUCCESS), undefined, undefined),
        seam,
        { tool: 'lookup', arguments: {} },
      );
    const t2 = performance.now();
    if (r === 0) continue; // warm-up round
    times.plain += t1 - t0;
    times.seam += t2 - t1;
  }
  const n = (calls / ROUNDS) * ROUNDS;
  console.log(
    `  the seam alone (normalize, bound, ledger, wire, record), ${n} calls: ${((times.seam / n) * 1000).toFixed(1)} µs/call, against ${((times.plain / n) * 1000).toFixed(1)} µs/call for a copy of the result`,
  );
}

export async function run(): Promise<BenchOutcome> {
  const targets: { name: string; met: boolean }[] = [];
  await seamFloor();
  console.log(`  ${STEPS} agent steps per side (one tool call each), ${ROUNDS} interleaved rounds, after 5 warm-up steps per side`);
  console.log('  stack            plain ms/step   +toolresult ms/step   added ms/call   ratio');
  for (const [stack, make] of STACKS) {
    const plain = await make(false);
    const wrapped = await make(true);
    const times = { plain: 0, wrapped: 0 };
    const answers = new Set<string>();
    let failed = 0;
    let id = 0;
    const one = async (side: 'plain' | 'wrapped') => {
      const s = side === 'plain' ? plain : wrapped;
      const t0 = performance.now();
      try {
        const text = await s.step(`call_${side}_${++id}`);
        if (side === 'wrapped') answers.add(text.replace(/call_wrapped_\d+/g, 'ID'));
      } catch {
        failed++;
      }
      return performance.now() - t0;
    };
    try {
      for (let i = 0; i < 5; i++) {
        await one('plain');
        await one('wrapped');
      }
      answers.clear();
      const per = Math.ceil(STEPS / ROUNDS);
      for (let r = 0; r < ROUNDS; r++) {
        const order: ('plain' | 'wrapped')[] = r % 2 === 0 ? ['plain', 'wrapped'] : ['wrapped', 'plain'];
        for (const side of order) for (let i = 0; i < per; i++) times[side] += await one(side);
      }
      const n = per * ROUNDS;
      const p = times.plain / n;
      const w = times.wrapped / n;
      console.log(
        `  ${stack.padEnd(16)} ${p.toFixed(2).padStart(13)}   ${w.toFixed(2).padStart(19)}   ${(w - p).toFixed(2).padStart(13)}   ${(w / p).toFixed(2).padStart(5)}`,
      );
    } finally {
      await plain.close();
      await wrapped.close();
    }
    targets.push({
      name: `${stack}: every step ran, the integration gave the model one and the same answer (${answers.size} distinct, ${failed} failed)`,
      met: failed === 0 && answers.size === 1,
    });
  }
  return { targets };
}
