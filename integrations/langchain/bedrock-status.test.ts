// useBedrockErrorStatus with the real @langchain/aws: a ChatBedrockConverse in a LangGraph ReAct agent
// over this integration's MCP tools, its BedrockRuntimeClient sending (signed with dummy keys, over an
// HTTP/1.1 handler) to a Converse server on 127.0.0.1. Without the middleware the toolResult of an
// error call has no status (the gap it closes); with it, the error call's toolResult says
// `status: "error"` and a success's says nothing, and the content is the wire content either way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ChatBedrockConverse } from '@langchain/aws';
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { createSeam, loadMcpTools, useBedrockErrorStatus, type ToolResultSeam } from './index.ts';
import { withErrorStatus } from './bedrock-status.ts';
import { fixture, inMemory, TOOL } from '../../test/support/mcp-server.ts';
import { ERROR, leaks, mcpWire, SUCCESS } from '../testing/cases.ts';

const CALL_ID = 'tooluse_1';
let server: Server;
let url: string;
let bodies: Record<string, unknown>[] = [];

beforeAll(async () => {
  // Converse: the first request is answered with a call of the tool, every later one with text.
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>);
      const block = bodies.length === 1 ? { toolUse: { toolUseId: CALL_ID, name: TOOL, input: {} } } : { text: 'done' };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          output: { message: { role: 'assistant', content: [block] } },
          stopReason: bodies.length === 1 ? 'tool_use' : 'end_turn',
          usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
          metrics: { latencyMs: 1 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One agent step; the toolResult block of the second Converse request. */
async function step(result: Record<string, unknown>, seam: ToolResultSeam, withStatus: boolean) {
  bodies = [];
  const client = new BedrockRuntimeClient({
    region: 'us-east-1',
    endpoint: url,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
    requestHandler: new NodeHttpHandler(),
    maxAttempts: 1,
  });
  const model = new ChatBedrockConverse({ model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', region: 'us-east-1', client, maxRetries: 0 });
  if (withStatus) useBedrockErrorStatus(model.client, seam);
  const probe = await inMemory(fixture({ result }));
  const mcp = new Client({ name: 'integration-test', version: '1.0.0' });
  try {
    await mcp.connect(probe.transport);
    await createReactAgent({ llm: model, tools: await loadMcpTools('fixture', mcp, seam) }).invoke({ messages: [{ role: 'user', content: 'Look it up.' }] });
  } finally {
    await Promise.all([mcp.close(), probe.close()]);
  }
  const messages = (bodies[1]?.['messages'] ?? []) as { content: Record<string, unknown>[] }[];
  return messages.flatMap((m) => m.content).find((b) => 'toolResult' in b)?.['toolResult'] as Record<string, unknown> | undefined;
}

describe('useBedrockErrorStatus (ChatBedrockConverse)', () => {
  it('@langchain/aws alone sends an error call without status', async () => {
    const sent = await step(ERROR, createSeam(), false);
    expect(sent).toBeDefined();
    expect(sent).not.toHaveProperty('status');
  });

  it('puts status "error" on the error call, with the wire content', async () => {
    const sent = await step(ERROR, createSeam(), true);
    const wire = await mcpWire(ERROR);
    expect(sent).toEqual({ toolUseId: CALL_ID, content: [{ text: JSON.stringify({ error: wire.content }) }], status: 'error' });
    expect(leaks(bodies)).toEqual([]);
  });

  it('leaves a success without status', async () => {
    const sent = await step(SUCCESS, createSeam(), true);
    const wire = await mcpWire(SUCCESS);
    expect(sent).toEqual({ toolUseId: CALL_ID, content: [{ text: wire.content }] });
    expect(leaks(bodies)).toEqual([]);
  });

  it('changes nothing it cannot read: a call the seam does not know, a status already set, a foreign input', async () => {
    const seam = createSeam();
    const input = {
      messages: [
        { role: 'user', content: [{ toolResult: { toolUseId: 'unknown', content: [{ text: 'x' }] } }] },
        { role: 'user', content: [{ toolResult: { toolUseId: 'unknown', content: [], status: 'success' } }, 'not a block'] },
      ],
    };
    expect(await withErrorStatus(input, seam)).toEqual(input);
    expect(await withErrorStatus('not an input', seam)).toBe('not an input');
    expect(await withErrorStatus({ messages: 'x' }, seam)).toEqual({ messages: 'x' });
  });
});
