// Stack adapter: the OpenAI Agents SDK (`run` of an Agent with an MCP server) through its own OpenAI
// models, OpenAIResponsesModel or OpenAIChatCompletionsModel, on an `openai` client whose fetch is
// the fake provider. The model interface is the SDK's ModelRequest (a wrapper records it and hands
// it on). The SDK's MCPServerStdio is used with its connect step swapped for an in-memory transport
// to the probe server (its MCP client and result handling run unchanged; no child process).
// Modes: `default`, `structured` (server option useStructuredContent), `stream` (run with
// { stream: true }, the model streaming).
// Persisted: the run's serialized RunState (`result.state.toString()`, what a program stores to
// resume a run after a human-in-the-loop interruption); the SDK's only other session, MemorySession,
// keeps items in memory and writes nothing. Telemetry: the SDK's own tracing, on as it is by default,
// its OpenAITracingExporter (set up as setDefaultOpenAITracingExporter does, with a batch processor
// and setTracingExportApiKey) pointed at the fake collector's `/v1/traces/ingest`.
// traceIncludeSensitiveData is true by default; a step asked with telemetry "content" sets it, the same.
import {
  Agent,
  MCPServerStdio,
  OpenAIChatCompletionsModel,
  OpenAIResponsesModel,
  BatchTraceProcessor,
  getGlobalTraceProvider,
  OpenAITracingExporter,
  Runner,
  setTraceProcessors,
  setTracingDisabled,
  setTracingExportApiKey,
  type Model,
  type ModelRequest,
  type ModelResponse,
  type StreamEvent,
} from '@openai/agents';
import { Client } from '@modelcontextprotocol/client';
import OpenAI from 'openai';
import { inMemoryProbe } from '../shared/probe-server.ts';
import { fakeProvider, MODEL_ID, stepProvider } from '../shared/fake-provider.ts';
import { createSeam, mcpTools } from '../../../integrations/openai-agents/index.ts';
import { startCollector } from '../shared/telemetry-collector.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { describeThrow, installedVersions, modeArg, serve, toJson, type StepInput, type StepOutput } from '../shared/adapter-loop.ts';

const mode = modeArg(process.argv, ['default', 'structured', 'stream', 'toolresult']);
const collector = await startCollector();
setTracingExportApiKey('fake-key');
setTraceProcessors([new BatchTraceProcessor(new OpenAITracingExporter({ endpoint: `${collector.url}/v1/traces/ingest`, maxRetries: 1 }))]);
setTracingDisabled(false);

/** Hands every request to the SDK's own model, recording it first. */
class RecordingModel implements Model {
  readonly requests: unknown[] = [];
  constructor(private readonly inner: Model) {}
  private record(request: ModelRequest): void {
    this.requests.push(toJson({ systemInstructions: request.systemInstructions, input: request.input }));
  }
  getResponse(request: ModelRequest): Promise<ModelResponse> {
    this.record(request);
    return this.inner.getResponse(request);
  }
  getStreamedResponse(request: ModelRequest): AsyncIterable<StreamEvent> {
    this.record(request);
    return this.inner.getStreamedResponse(request);
  }
}

interface Underlying {
  connect(): Promise<void>;
  close(): Promise<void>;
  session: unknown;
  transport: unknown;
}

async function step(input: StepInput): Promise<StepOutput> {
  const provider = stepProvider(input, ['openai-chat', 'openai-responses'] as const);
  const probe = await inMemoryProbe(input);
  const server = new MCPServerStdio({
    name: 'probe',
    command: 'unused',
    cacheToolsList: false,
    ...(mode === 'structured' ? { useStructuredContent: true } : {}),
  });
  const underlying = (server as unknown as { underlying: Underlying }).underlying;
  underlying.connect = async () => {
    const client = new Client({ name: 'probe', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
    await client.connect(probe.transport as never);
    underlying.session = client;
    underlying.transport = probe.transport;
  };
  const fake = fakeProvider(provider);
  const client = new OpenAI({ apiKey: 'fake-key', maxRetries: 0, fetch: fake.fetch as typeof fetch });
  const model = new RecordingModel(
    provider === 'openai-chat'
      ? new OpenAIChatCompletionsModel(client as never, MODEL_ID['openai-chat'])
      : new OpenAIResponsesModel(client as never, MODEL_ID['openai-responses']),
  );
  collector.take();
  const runner = new Runner(input.telemetry === 'content' ? { traceIncludeSensitiveData: true } : {});
  let state = '';
  try {
    await server.connect();
    // `toolresult`: the server's tools through toolresult-protocol/openai-agents (integrations/openai-agents);
    // customData is the audit record, the program reads the result from the seam.
    const seam = mode === 'toolresult' ? createSeam() : undefined;
    const agent = new Agent({
      name: 'probe-agent',
      instructions: 'Use the tool.',
      model,
      ...(seam ? { tools: await mcpTools(server, seam) } : { mcpServers: [server] }),
    });
    let kept: unknown = null;
    let threw: string | null = null;
    try {
      let items;
      if (mode === 'stream') {
        const result = await runner.run(agent, 'Look it up.', { maxTurns: 3, stream: true });
        for await (const _event of result) {
          /* drain: the run goes on as the stream is read */
        }
        await result.completed;
        state = result.state.toString();
        if (result.error) throw result.error;
        items = result.newItems;
      } else {
        const result = await runner.run(agent, 'Look it up.', { maxTurns: 3 });
        state = result.state.toString();
        items = result.newItems;
      }
      const customDataOf = async (i: (typeof items)[number]) =>
        seam ? ((await seam.result((i.rawItem as { callId?: string }).callId ?? ''))?.toRecord() ?? null) : (i as { customData?: unknown }).customData;
      kept = toJson(
        await Promise.all(
          items
            .filter((i) => i.type === 'tool_call_output_item')
            .map(async (i) => ({ output: (i as { output?: unknown }).output, rawItem: i.rawItem, customData: await customDataOf(i) })),
        ),
      );
    } catch (e) {
      threw = describeThrow(e);
    }
    await getGlobalTraceProvider().forceFlush();
    const latin1 = Buffer.from(state, 'utf8').toString('latin1');
    return {
      requests: fake.bodies,
      modelRequests: model.requests,
      kept,
      threw,
      persisted: [{ where: 'RunState result.state.toString()', text: latin1 }],
      exported: collector.take(),
    };
  } finally {
    await server.close();
    await probe.close();
  }
}

serve({
  name: mode === 'toolresult' ? 'openai-agents + toolresult-protocol' : `openai-agents ${mode}`,
  version: `${await installedVersions(['@openai/agents', '@openai/agents-core', '@openai/agents-openai', 'openai', '@modelcontextprotocol/client'])}${mode === 'toolresult' ? ` toolresult-protocol@${packageJson.version}` : ''}`,
  step,
});
