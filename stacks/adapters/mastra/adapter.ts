// Stack adapter: a Mastra Agent (`generate` with two steps) over tools from @mastra/mcp's MCPClient,
// with ai/test's mock model recording each prompt. Mastra's MCP client speaks stdio or Streamable
// HTTP; it is given the probe server over HTTP through its `fetch` option, answered in process (no
// socket is opened).
import { Agent } from '@mastra/core/agent';
import { MCPClient } from '@mastra/mcp';
import { inProcessFetch, TOOL_NAME } from '../shared/probe-server.ts';
import { scriptedModel } from '../shared/ai-sdk-mock.ts';
import { mcpTools } from '../../../integrations/mastra/index.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { describeThrow, installedVersions, serve, toJson, type StepInput, type StepOutput } from '../shared/adapter-loop.ts';

/** `--toolresult`: the tools of toolresult-protocol/mastra (integrations/mastra), the row of the integration. */
const toolresult = process.argv.includes('--toolresult');
let steps = 0;

/** Mastra stamps each prompt message with providerOptions.mastra.createdAt: a clock, not content. */
function withoutTimestamps(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutTimestamps);
  if (typeof v !== 'object' || v === null) return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'providerOptions' && typeof x === 'object' && x !== null && 'mastra' in x) {
      const { createdAt: _t, ...rest } = (x as { mastra: Record<string, unknown> }).mastra;
      const others = Object.fromEntries(Object.entries(x).filter(([n]) => n !== 'mastra'));
      const kept = { ...others, ...(Object.keys(rest).length > 0 ? { mastra: rest } : {}) };
      if (Object.keys(kept).length > 0) out[k] = kept;
      continue;
    }
    out[k] = withoutTimestamps(x);
  }
  return out;
}

async function step(input: StepInput): Promise<StepOutput> {
  steps += 1;
  const mcp = new MCPClient({
    id: `probe-${steps}`,
    servers: { probe: { url: new URL('http://probe.invalid/mcp'), fetch: inProcessFetch(input) as never } },
  });
  try {
    const tools = toolresult ? await mcpTools(mcp) : await mcp.listTools();
    // MCPClient names a tool <server>_<tool>.
    const { model, prompts } = scriptedModel(`probe_${TOOL_NAME}`);
    const agent = new Agent({ id: 'probe-agent', name: 'probe-agent', instructions: 'Use the tool.', model: model as never, tools }); // Mastra types V4 models by their stream shape; it wraps a generate-only mock at run time
    let kept: unknown = null;
    let threw: string | null = null;
    try {
      const result = await agent.generate('Look it up.', { maxSteps: 2 });
      kept = toJson(result.toolResults.map((r) => ({ result: (r as { payload?: { result?: unknown } }).payload?.result ?? (r as { result?: unknown }).result })));
    } catch (e) {
      threw = describeThrow(e);
    }
    return { requests: withoutTimestamps(toJson(prompts())) as unknown[], kept, threw };
  } finally {
    await mcp.disconnect();
  }
}

serve({
  name: toolresult ? 'mastra + toolresult-protocol' : 'mastra',
  version: `${await installedVersions(['@mastra/core', '@mastra/mcp'])}${toolresult ? ` toolresult-protocol@${packageJson.version}` : ''}`,
  step,
});
