// Stack adapter: @langchain/mcp-adapters (loadMcpTools over the real SDK client, in memory) inside a
// LangGraph ReAct agent (createReactAgent, whose ToolNode runs the tool), with a real LangChain chat
// model (ChatOpenAI for Chat Completions, ChatOpenAI with useResponsesApi, ChatAnthropic) whose fetch
// is the fake provider; ChatGoogleGenerativeAI (Gemini) and ChatBedrockConverse (Bedrock Converse)
// take no fetch, so they speak real HTTP to the fake provider on 127.0.0.1 (shared/fake-provider-server.ts, one per step):
// the Gemini one through its `baseUrl` (@google/generative-ai calls the global fetch), the Bedrock one
// through a BedrockRuntimeClient of its own (ChatBedrockConverse drops a `clientOptions.endpoint`)
// with dummy credentials, which it signs with, and an HTTP/1.1 NodeHttpHandler: the AWS SDK's
// default for this client is HTTP/2, and its docs name this handler to go back to HTTP/1.1.
// The model interface is what the chat model is handed (a callback records each message list as a
// provider integration reads it: type, content, tool calls, tool_call_id, status; a ToolMessage's
// `artifact` is left out, because LangChain defines it as what is not sent).
// `toolresult` adds the integration's useBedrockErrorStatus to the Bedrock client (the integration's
// way to Bedrock's error flag, which @langchain/aws never sets).
// Modes: `default` (useStandardContentBlocks: false), `standard` (true), `content` (outputHandling:
// "content", resources in the message too), `stream` (graph.stream in "messages" mode, which makes
// the chat model stream).
// Persisted: the graph runs with LangGraph's SqliteSaver on a temporary database file (thread
// "probe"), read back after the step as its octets. Telemetry: LangSmith tracing as its docs switch
// it on (LANGSMITH_TRACING=true, LANGSMITH_ENDPOINT at the fake collector, a dummy key;
// LANGCHAIN_CALLBACKS_BACKGROUND=false so a run's trace is sent before the step ends). The client
// shows inputs and outputs unless LANGSMITH_HIDE_INPUTS/HIDE_OUTPUTS say otherwise, so its default
// already records content: a step asked with telemetry "content" sets both to "false", the same.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { loadMcpTools } from '@langchain/mcp-adapters';
import type { BaseMessage, AIMessage } from '@langchain/core/messages';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatOpenAI } from '@langchain/openai';
import { ChatAnthropic } from '@langchain/anthropic';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatBedrockConverse } from '@langchain/aws';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { awaitAllCallbacks } from '@langchain/core/callbacks/promises';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCollector } from '../shared/telemetry-collector.ts';
import { serveFakeProvider } from '../shared/fake-provider-server.ts';
import { inMemoryProbe } from '../shared/probe-server.ts';
import { fakeProvider, MODEL_ID, ALL_PROVIDERS, stepProvider, type ProviderId } from '../shared/fake-provider.ts';
import { createSeam, loadMcpTools as loadToolResultTools, useBedrockErrorStatus, type ToolResultSeam } from '../../../integrations/langchain/index.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { describeThrow, installedVersions, modeArg, serve, toJson, type StepInput, type StepOutput } from '../shared/adapter-loop.ts';

const mode = modeArg(process.argv, ['default', 'standard', 'content', 'stream', 'toolresult']);

const collector = await startCollector();
process.env['LANGSMITH_TRACING'] = 'true';
process.env['LANGSMITH_ENDPOINT'] = collector.url;
process.env['LANGSMITH_API_KEY'] = 'fake-key';
process.env['LANGCHAIN_CALLBACKS_BACKGROUND'] = 'false';

/**
 * The chat model of a provider format: `fetch` is the fake's, `url` the fake's server (Gemini and
 * Bedrock); `seam` (the toolresult mode) also gets Bedrock's error flag onto its client.
 */
function chatModel(p: ProviderId, fetch: typeof globalThis.fetch, url: string, seam: ToolResultSeam | undefined): BaseChatModel {
  if (p === 'gemini') return new ChatGoogleGenerativeAI({ model: MODEL_ID.gemini, apiKey: 'fake-key', maxRetries: 0, baseUrl: url });
  if (p === 'bedrock-converse') {
    const client = new BedrockRuntimeClient({
      region: 'us-east-1',
      endpoint: url,
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      requestHandler: new NodeHttpHandler(),
      maxAttempts: 1,
    });
    const model = new ChatBedrockConverse({ model: MODEL_ID['bedrock-converse'], region: 'us-east-1', client, maxRetries: 0 });
    if (seam) useBedrockErrorStatus(model.client, seam);
    return model;
  }
  if (p === 'anthropic') return new ChatAnthropic({ model: MODEL_ID.anthropic, apiKey: 'fake-key', maxRetries: 0, clientOptions: { fetch } });
  return new ChatOpenAI({ model: MODEL_ID[p], apiKey: 'fake-key', maxRetries: 0, useResponsesApi: p === 'openai-responses', configuration: { fetch } });
}

/** A message as a provider integration reads it (ids and LangChain-internal fields left out). */
function providerView(m: BaseMessage): Record<string, unknown> {
  const out: Record<string, unknown> = { type: m.getType(), content: m.content };
  const ai = m as AIMessage;
  if (m.getType() === 'ai' && ai.tool_calls?.length) out['tool_calls'] = ai.tool_calls.map((t) => ({ id: t.id, name: t.name, args: t.args }));
  const tool = m as BaseMessage & { tool_call_id?: string; status?: string };
  if (m.getType() === 'tool') {
    out['tool_call_id'] = tool.tool_call_id;
    if (tool.status !== undefined) out['status'] = tool.status;
  }
  return out;
}

async function step(input: StepInput): Promise<StepOutput> {
  const provider = stepProvider(input, ALL_PROVIDERS);
  const probe = await inMemoryProbe(input);
  const client = new Client({ name: 'langchain-stack', version: '1.0.0' });
  const fake = fakeProvider(provider);
  // Gemini's and Bedrock's packages take no fetch: the fake listens on 127.0.0.1 for this step.
  const server = provider === 'gemini' || provider === 'bedrock-converse' ? await serveFakeProvider(fake) : undefined;
  const modelRequests: unknown[] = [];
  // `toolresult`: the artifact is the audit record; the program reads the result from the seam.
  const seam = mode === 'toolresult' ? createSeam() : undefined;
  const dir = mkdtempSync(join(tmpdir(), 'langgraph-checkpoint-'));
  const file = join(dir, 'checkpoints.sqlite');
  const saver = SqliteSaver.fromConnString(file);
  const hide = input.telemetry === 'content' ? 'false' : undefined;
  for (const name of ['LANGSMITH_HIDE_INPUTS', 'LANGSMITH_HIDE_OUTPUTS']) {
    if (hide === undefined) delete process.env[name];
    else process.env[name] = hide;
  }
  collector.take();
  try {
    await client.connect(probe.transport);
    // `toolresult`: the tools of toolresult-protocol/langchain (integrations/langchain), invoke.
    const tools =
      mode === 'toolresult'
        ? await loadToolResultTools('probe', client, seam)
        : await loadMcpTools('probe', client, {
            useStandardContentBlocks: mode === 'standard',
            ...(mode === 'content' ? { outputHandling: 'content' as const } : {}),
          });
    const agent = createReactAgent({ llm: chatModel(provider, fake.fetch as typeof fetch, server?.url ?? '', seam), tools, checkpointSaver: saver });
    const callbacks = [
      { handleChatModelStart: (_llm: unknown, messages: BaseMessage[][]) => void modelRequests.push(toJson((messages[0] ?? []).map(providerView))) },
    ];
    let kept: unknown = null;
    let threw: string | null = null;
    try {
      const start = { messages: [{ role: 'user', content: 'Look it up.' }] };
      const config = { callbacks, configurable: { thread_id: 'probe' } };
      let messages: BaseMessage[];
      if (mode === 'stream') {
        messages = [];
        // "messages" makes the chat model stream (SSE); "values" gives the state after each step.
        for await (const [kind, data] of await agent.stream(start, { streamMode: ['messages', 'values'], ...config })) {
          if (kind === 'values') messages = (data as { messages: BaseMessage[] }).messages;
        }
      } else messages = (await agent.invoke(start, config)).messages as BaseMessage[];
      const toolMessages = messages.filter((m) => m.getType() === 'tool');
      const artifactOf = async (m: BaseMessage) =>
        seam ? ((await seam.result((m as { tool_call_id?: string }).tool_call_id ?? ''))?.toRecord() ?? null) : (m as { artifact?: unknown }).artifact;
      kept = toJson(
        await Promise.all(toolMessages.map(async (m) => ({ content: m.content, artifact: await artifactOf(m), status: (m as { status?: unknown }).status }))),
      );
    } catch (e) {
      threw = describeThrow(e);
    }
    await awaitAllCallbacks();
    // Closing the database folds its write-ahead log into the file: the file is the whole store.
    (saver as unknown as { db: { close(): void } }).db.close();
    const persisted = [{ where: 'SqliteSaver checkpoints.sqlite', text: readFileSync(file).toString('latin1') }];
    return { requests: fake.bodies, modelRequests, kept, threw, persisted, exported: collector.take() };
  } finally {
    await client.close();
    await probe.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

serve({
  name: mode === 'toolresult' ? 'langchain + toolresult-protocol' : `langchain ${mode}`,
  version: `${await installedVersions(['@langchain/mcp-adapters', '@langchain/core', '@langchain/langgraph', '@langchain/langgraph-checkpoint-sqlite', 'langsmith', '@langchain/openai', '@langchain/anthropic', '@langchain/google-genai', '@langchain/aws', '@aws-sdk/client-bedrock-runtime', '@smithy/node-http-handler'])}${mode === 'toolresult' ? ` toolresult-protocol@${packageJson.version}` : ''}`,
  step,
});
