// Stack adapter: the OpenAI Agents SDK (`run` of an Agent with an MCP server) with a scripted Model
// that records each ModelRequest. The SDK's own MCPServerStdio is used with its connect step swapped
// for an in-memory transport to the probe server (the SDK's MCP client, @modelcontextprotocol/client,
// and its result handling run unchanged; only the child process is not spawned).
// `--structured-content` sets the server option useStructuredContent.
import { Agent, MCPServerStdio, Usage, run, type Model, type ModelRequest, type ModelResponse } from '@openai/agents';
import { Client } from '@modelcontextprotocol/client';
import { mcpTools } from '../../../integrations/openai-agents/index.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { inMemoryProbe, TOOL_NAME } from '../shared/probe-server.ts';
import { describeThrow, installedVersions, serve, toJson, type StepInput, type StepOutput } from '../shared/adapter-loop.ts';

const useStructuredContent = process.argv.includes('--structured-content');
/** `--toolresult`: the server's tools through toolresult-protocol/openai-agents (integrations/openai-agents), the row of the integration. */
const toolresult = process.argv.includes('--toolresult');

class ScriptedModel implements Model {
  readonly requests: unknown[] = [];
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    // What reaches a provider: instructions, the input items and the tool list.
    this.requests.push(toJson({ systemInstructions: request.systemInstructions, input: request.input }));
    const output =
      this.requests.length === 1
        ? [{ type: 'function_call' as const, callId: 'call_1', name: TOOL_NAME, arguments: '{}', status: 'completed' as const }]
        : [{ type: 'message' as const, role: 'assistant' as const, status: 'completed' as const, content: [{ type: 'output_text' as const, text: 'done' }] }];
    return { usage: new Usage(), output };
  }
  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error('the scripted model does not stream');
  }
}

interface Underlying {
  connect(): Promise<void>;
  close(): Promise<void>;
  session: unknown;
  transport: unknown;
}

async function step(input: StepInput): Promise<StepOutput> {
  const probe = await inMemoryProbe(input);
  const server = new MCPServerStdio({ name: 'probe', command: 'unused', cacheToolsList: false, ...(useStructuredContent ? { useStructuredContent: true } : {}) });
  const underlying = (server as unknown as { underlying: Underlying }).underlying;
  underlying.connect = async () => {
    const client = new Client({ name: 'probe', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } } as never);
    await client.connect(probe.transport as never);
    underlying.session = client;
    underlying.transport = probe.transport;
  };
  const model = new ScriptedModel();
  try {
    await server.connect();
    const agent = new Agent({ name: 'probe-agent', instructions: 'Use the tool.', model, ...(toolresult ? { tools: await mcpTools(server) } : { mcpServers: [server] }) });
    let kept: unknown = null;
    let threw: string | null = null;
    try {
      const result = await run(agent, 'Look it up.', { maxTurns: 3 });
      kept = toJson(result.newItems.filter((i) => i.type === 'tool_call_output_item').map((i) => ({ output: (i as { output?: unknown }).output, rawItem: i.rawItem, customData: (i as { customData?: unknown }).customData })));
    } catch (e) {
      threw = describeThrow(e);
    }
    return { requests: model.requests, kept, threw };
  } finally {
    await server.close();
    await probe.close();
  }
}

serve({
  name: toolresult ? 'openai-agents + toolresult-protocol' : useStructuredContent ? 'openai-agents (useStructuredContent)' : 'openai-agents',
  version: `${await installedVersions(['@openai/agents', '@openai/agents-core', '@modelcontextprotocol/client'])}${toolresult ? ` toolresult-protocol@${packageJson.version}` : ''}`,
  step,
});
