// Stack adapter: the Vercel AI SDK (`generateText` with two steps) over tools from @ai-sdk/mcp's
// createMCPClient, served in memory, with ai/test's mock model recording each prompt. `--toolresult`
// wraps the tools with toolresult-protocol/ai-sdk (integrations/ai-sdk), the row of the integration.
import { generateText, stepCountIs } from 'ai';
import { createMCPClient } from '@ai-sdk/mcp';
import { inMemoryProbe } from '../shared/probe-server.ts';
import { scriptedModel } from '../shared/ai-sdk-mock.ts';
import { wrapMcpTools } from '../../../integrations/ai-sdk/index.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { describeThrow, installedVersions, serve, toJson, type StepInput, type StepOutput } from '../shared/adapter-loop.ts';

const toolresult = process.argv.includes('--toolresult');

async function step(input: StepInput): Promise<StepOutput> {
  const probe = await inMemoryProbe(input);
  const client = await createMCPClient({ transport: probe.transport });
  try {
    const tools = toolresult ? wrapMcpTools(await client.tools()) : await client.tools();
    const { model, prompts } = scriptedModel();
    let kept: unknown = null;
    let threw: string | null = null;
    try {
      const result = await generateText({ model, tools, prompt: 'Look it up.', stopWhen: stepCountIs(2) });
      kept = toJson(result.steps.flatMap((s) => s.toolResults.map((r) => ({ output: r.output }))));
      const errors = result.steps.flatMap((s) => s.content.filter((p) => p.type === 'tool-error'));
      if (errors.length > 0) kept = toJson({ toolResults: kept, toolErrors: errors.map((e) => ({ error: String((e as { error?: unknown }).error) })) });
    } catch (e) {
      threw = describeThrow(e);
    }
    return { requests: toJson(prompts()) as unknown[], kept, threw };
  } finally {
    await client.close();
    await probe.close();
  }
}

serve({
  name: toolresult ? 'ai-sdk + toolresult-protocol' : 'ai-sdk',
  version: `${await installedVersions(['ai', '@ai-sdk/mcp'])}${toolresult ? ` toolresult-protocol@${packageJson.version}` : ''}`,
  step,
});
