// The control row: the raw @modelcontextprotocol/sdk client, then this project's MCP normalizer and
// provider wire (reference-impl). The "model request" is what a runtime built on the protocol sends:
// the conversation with the tool message made only of the wire message (content and isError). The
// runtime keeps the bounded result. It must pass every check of spec/11-stacks.md.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { normalizeMcp } from '../../../reference-impl/normalize/index.ts';
import { toWireMessage } from '../../../reference-impl/egress/index.ts';
import { inMemoryProbe, TOOL_NAME } from '../shared/probe-server.ts';
import { describeThrow, installedVersions, serve, toJson, type StepInput, type StepOutput } from '../shared/adapter-loop.ts';
import packageJson from '../../../package.json' with { type: 'json' };

const USER = { role: 'user', content: 'Look it up.' };
const CALL = { role: 'assistant', toolCalls: [{ id: 'call_1', name: TOOL_NAME, arguments: {} }] };

async function step(input: StepInput): Promise<StepOutput> {
  const probe = await inMemoryProbe(input);
  const client = new Client({ name: 'toolresult-control', version: '1.0.0' });
  try {
    await client.connect(probe.transport);
    const requests: unknown[] = [[USER]];
    let kept: unknown = null;
    let threw: string | null = null;
    try {
      await client.listTools(); // the SDK checks structuredContent against the listed outputSchema
      const raw = await client.callTool({ name: TOOL_NAME, arguments: {} });
      const result = normalizeMcp(raw, input.outputSchema ? { outputSchema: input.outputSchema } : undefined);
      const wire = toWireMessage(result);
      requests.push([USER, CALL, { role: 'tool', toolCallId: 'call_1', content: wire.content, isError: wire.isError }]);
      kept = toJson(result.toRecord());
    } catch (e) {
      threw = describeThrow(e);
    }
    return { requests, kept, threw };
  } finally {
    await client.close();
    await probe.close();
  }
}

serve({
  name: 'control (MCP SDK + toolresult)',
  version: `${await installedVersions(['@modelcontextprotocol/sdk'])} toolresult-protocol@${packageJson.version}`,
  step,
});
