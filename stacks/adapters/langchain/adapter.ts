// Stack adapter: @langchain/mcp-adapters (loadMcpTools over the real SDK client, in memory) inside a
// LangGraph ReAct agent (createReactAgent, whose ToolNode runs the tool), with a recording fake chat
// model. `--standard-blocks` sets useStandardContentBlocks. What the fake model records is each
// message as a provider integration reads it: type, content, tool calls, tool_call_id and status. A
// ToolMessage's `artifact` is left out, because LangChain defines it as what is not sent to the model.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { loadMcpTools } from '@langchain/mcp-adapters';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessage, type BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { inMemoryProbe, TOOL_NAME } from '../shared/probe-server.ts';
import { loadMcpTools as loadToolResultTools } from '../../../integrations/langchain/index.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { describeThrow, installedVersions, serve, toJson, type StepInput, type StepOutput } from '../shared/adapter-loop.ts';

const standard = process.argv.includes('--standard-blocks');
/** `--toolresult`: the tools of toolresult-protocol/langchain (integrations/langchain), the row of the integration. */
const toolresult = process.argv.includes('--toolresult');

/** A chat model that records what it is sent and answers from a script: first a tool call, then text. */
class RecordingChatModel extends BaseChatModel {
  readonly calls: BaseMessage[][] = [];
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
        ? new AIMessage({ content: '', tool_calls: [{ id: 'call_1', name: TOOL_NAME, args: {}, type: 'tool_call' }] })
        : new AIMessage({ content: 'done' });
    return { generations: [{ text: typeof message.content === 'string' ? message.content : '', message }] };
  }
}

/** A message as a provider integration serializes it (ids and LangChain-internal fields left out). */
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
  const probe = await inMemoryProbe(input);
  const client = new Client({ name: 'langchain-stack', version: '1.0.0' });
  try {
    await client.connect(probe.transport);
    const tools = toolresult ? await loadToolResultTools('probe', client, undefined, { useStandardContentBlocks: standard }) : await loadMcpTools('probe', client, { useStandardContentBlocks: standard });
    const model = new RecordingChatModel({});
    const agent = createReactAgent({ llm: model, tools });
    let kept: unknown = null;
    let threw: string | null = null;
    try {
      const state = await agent.invoke({ messages: [{ role: 'user', content: 'Look it up.' }] });
      const toolMessages = (state.messages as BaseMessage[]).filter((m) => m.getType() === 'tool');
      kept = toJson(toolMessages.map((m) => ({ content: m.content, artifact: (m as { artifact?: unknown }).artifact, status: (m as { status?: unknown }).status })));
    } catch (e) {
      threw = describeThrow(e);
    }
    return { requests: model.calls.map((msgs) => toJson(msgs.map(providerView))), kept, threw };
  } finally {
    await client.close();
    await probe.close();
  }
}

serve({
  name: toolresult ? 'langchain + toolresult-protocol' : standard ? 'langchain (standard blocks)' : 'langchain',
  version: `${await installedVersions(['@langchain/mcp-adapters', '@langchain/core', '@langchain/langgraph'])}${toolresult ? ` toolresult-protocol@${packageJson.version}` : ''}`,
  step,
});
