// toolresult-protocol/ai-sdk through the AI SDK's Gemini and Bedrock provider packages (@ai-sdk/google,
// @ai-sdk/amazon-bedrock), each given a fetch that answers in its format and records the bodies: what
// each sends for the integration's text and error-text outputs. Gemini: the wire content in
// `functionResponse.response`, an error under Gemini's `error` key (beside the `name` member the
// package always adds); Bedrock: the wire content as one text block, and no `status` for an error,
// because the package sets none for any output (spec/11-stacks.md §11.7; the matrix row names it).
import { describe, expect, it } from 'vitest';
import { generateText, stepCountIs } from 'ai';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { createMCPClient } from '@ai-sdk/mcp';
import { wrapMcpTools } from './index.ts';
import { fixture, inMemory, TOOL } from '../../test/support/mcp-server.ts';
import { ERROR, leaks, mcpWire, SUCCESS } from '../testing/cases.ts';

type Json = Record<string, unknown>;
const json = (v: unknown) => new Response(JSON.stringify(v), { status: 200, headers: { 'content-type': 'application/json' } });

/** A provider's fetch: the first request is answered with a call of the tool, every later one with text. */
function recording(answer: (call: boolean) => unknown) {
  const bodies: Json[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit) => {
    const request = url instanceof Request ? url : new Request(url, init);
    bodies.push(JSON.parse(await request.text()) as Json);
    return json(answer(bodies.length === 1));
  };
  return { bodies, fetch: fetch as typeof globalThis.fetch };
}

const gemini = (call: boolean) => ({
  candidates: [
    {
      content: { role: 'model', parts: [call ? { functionCall: { id: 'call_1', name: TOOL, args: {} } } : { text: 'done' }] },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
});

const bedrock = (call: boolean) => ({
  output: { message: { role: 'assistant', content: [call ? { toolUse: { toolUseId: 'tooluse_1', name: TOOL, input: {} } } : { text: 'done' }] } },
  stopReason: call ? 'tool_use' : 'end_turn',
  usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
  metrics: { latencyMs: 1 },
});

async function step(result: Json, provider: 'gemini' | 'bedrock') {
  const fake = recording(provider === 'gemini' ? gemini : bedrock);
  const model =
    provider === 'gemini'
      ? createGoogleGenerativeAI({ apiKey: 'fake-key', fetch: fake.fetch })('gemini-3-flash-preview')
      : createAmazonBedrock({ region: 'us-east-1', accessKeyId: 'test', secretAccessKey: 'test', fetch: fake.fetch })(
          'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
        );
  const probe = await inMemory(fixture({ result }));
  const client = await createMCPClient({ transport: probe.transport });
  try {
    await generateText({ model, tools: wrapMcpTools(await client.tools()), prompt: 'Look it up.', stopWhen: stepCountIs(2) });
  } finally {
    await client.close();
    await probe.close();
  }
  return fake.bodies;
}

/** The parts of the second request's last turn (Gemini `contents`, Bedrock `messages`). */
const lastTurn = (bodies: Json[], key: 'contents' | 'messages') => (((bodies[1]?.[key] ?? []) as { parts?: Json[]; content?: Json[] }[]).at(-1) ?? {}) as Json;

describe('ai-sdk integration at Gemini and Bedrock Converse', () => {
  it('@ai-sdk/google: a success is the wire content in functionResponse.response, no media part', async () => {
    const bodies = await step(SUCCESS, 'gemini');
    const wire = await mcpWire(SUCCESS);
    expect(lastTurn(bodies, 'contents')['parts']).toEqual([
      { functionResponse: { id: 'call_1', name: TOOL, response: { name: TOOL, content: wire.content } } },
    ]);
    expect(leaks(bodies)).toEqual([]);
  });

  it("@ai-sdk/google: an error is the wire content under Gemini's error key, no output", async () => {
    const bodies = await step(ERROR, 'gemini');
    const wire = await mcpWire(ERROR);
    expect(wire.isError).toBe(true);
    expect(lastTurn(bodies, 'contents')['parts']).toEqual([{ functionResponse: { id: 'call_1', name: TOOL, response: { name: TOOL, error: wire.content } } }]);
    expect(leaks(bodies)).toEqual([]);
  });

  it('@ai-sdk/amazon-bedrock: the wire content as one text block; an error carries no status (the package sets none)', async () => {
    for (const result of [SUCCESS, ERROR]) {
      const bodies = await step(result, 'bedrock');
      const wire = await mcpWire(result);
      expect(lastTurn(bodies, 'messages')['content']).toEqual([{ toolResult: { toolUseId: 'tooluse_1', content: [{ text: wire.content }] } }]);
      expect(leaks(bodies)).toEqual([]);
    }
  });
});
