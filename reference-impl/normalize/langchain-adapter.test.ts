// Integration: the same fixture tools through the real LangChain MCP adapter
// (@langchain/mcp-adapters loadMcpTools over the real SDK client, in memory) into real ToolMessages.
// Each message's neutral form must equal its vector's input, and normalizing the ToolMessage
// instance must give the vector's output (conformance/vectors/normalize-langchain/adapter-fixtures.json).
// The adapter's own behaviour is asserted too: it is what reached model-visible content before
// normalization, and a change in it should be noticed.
import { readFileSync } from 'node:fs';
import { AIMessage, ToolMessage } from '@langchain/core/messages';
import type { StructuredToolInterface } from '@langchain/core/tools';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { loadMcpTools } from '@langchain/mcp-adapters';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from './fixtures/connect.ts';
import { CANARY, IMAGE_BYTES, AUDIO_BYTES, createFixtureServer } from './fixtures/mcp-fixture-server.ts';
import { normalizeLangChain, type ToolMessageLike } from './langchain.ts';

// Compile-time check (npm run check:types) that a real ToolMessage is a ToolMessageLike. It lives
// here, not in langchain.ts, so the published declarations reference no LangChain package.
type Fits<T extends ToolMessageLike> = T;
// biome-ignore lint/suspicious/noExportsInTest: exported so the compiler checks it without an unused-type error
export type ToolMessageFits = Fits<ToolMessage>;

interface FixtureCase {
  id: string;
  input: { value: { content: unknown; status?: string; artifact?: unknown } };
  expect: { output: { result: unknown } };
}
const vectors = JSON.parse(readFileSync(new URL('../../conformance/vectors/normalize-langchain/adapter-fixtures.json', import.meta.url), 'utf8')) as {
  cases: FixtureCase[];
};
const byId = new Map(vectors.cases.map((c) => [c.id, c]));

let client: Client;
let tools: StructuredToolInterface[];
const messages = new Map<string, ToolMessage>();

/** Calls a tool as an agent would: directly, or through ToolNode when the adapter throws (isError). */
async function callAsAgent(tool: StructuredToolInterface): Promise<ToolMessage> {
  const call = { name: tool.name, args: {}, id: `call-${tool.name}`, type: 'tool_call' as const };
  try {
    return (await tool.invoke(call)) as ToolMessage;
  } catch {
    const out = (await new ToolNode([tool]).invoke({ messages: [new AIMessage({ content: '', tool_calls: [call] })] })) as { messages: ToolMessage[] };
    return out.messages[0]!;
  }
}

beforeAll(async () => {
  client = await connectClient(createFixtureServer());
  tools = await loadMcpTools('fixture', client);
  for (const tool of tools) messages.set(tool.name, await callAsAgent(tool));
});
afterAll(async () => {
  await client.close();
});

function neutral(m: ToolMessage): Record<string, unknown> {
  const out: Record<string, unknown> = { content: m.content };
  if (m.status !== undefined) out.status = m.status;
  if (m.artifact !== undefined) out.artifact = m.artifact;
  return out;
}

describe('ToolMessages from the real LangChain MCP adapter', () => {
  it('TR-NORM-50 TR-NORM-51 TR-NORM-53 TR-NORM-56: every fixture tool normalizes to its vector', () => {
    expect([...messages.keys()].sort()).toEqual([...byId.keys()].map((k) => k.replace(/-/g, '_')).sort());
    for (const [name, message] of messages) {
      const c = byId.get(name.replace(/_/g, '-'))!;
      expect(message).toBeInstanceOf(ToolMessage);
      expect(JSON.parse(JSON.stringify(neutral(message)))).toEqual(c.input.value);
      expect(normalizeLangChain(message).toRecord(), name).toEqual(c.expect.output.result);
    }
  });

  it('TR-NORM-3 TR-NORM-50: a text-only tool gives exactly its text', () => {
    expect(normalizeLangChain(messages.get('text_only')!).toRecord()).toStrictEqual({
      content: 'Balance: $1,250',
      isError: false,
      artifacts: [],
      warnings: [],
    });
  });

  it('TR-NORM-56 TR-NORM-21: the adapter serializes structuredContent and _meta into content; normalization removes both', () => {
    const m = messages.get('get_total')!;
    expect(typeof m.content).toBe('string');
    expect(m.content).toContain('"structuredContent":{"total":1300}');
    expect(m.content).toContain(`meta ${CANARY}`); // what the adapter alone would send to the model
    const r = normalizeLangChain(m);
    expect(r.content).toBe('Total: 1300');
    expect(r.structured).toEqual({ total: 1300 });
  });

  it('TR-NORM-56 TR-NORM-21: with useStandardContentBlocks the adapter adds source_type; normalization still removes structuredContent and _meta', async () => {
    const standard = await loadMcpTools('fixture', client, { useStandardContentBlocks: true });
    const tool = standard.find((t) => t.name === 'get_total')!;
    const m = await callAsAgent(tool);
    expect(typeof m.content === 'string' ? m.content : JSON.stringify(m.content)).toContain(CANARY); // the adapter alone leaks it
    const r = normalizeLangChain(m);
    expect(r.content).toBe('Total: 1300');
    expect(JSON.stringify(r.toRecord())).not.toContain(CANARY);
    expect(r.structured).toEqual({ total: 1300 });
    // Every other fixture tool: no canary reaches the text in this mode either.
    // (audience_split's and audience_structured's canaries are user-only text the adapter itself
    // turns into content by dropping the annotation, TR-NORM-17.)
    for (const t of standard.filter((x) => x.name !== 'audience_split' && x.name !== 'audience_structured')) {
      const out = normalizeLangChain(await callAsAgent(t));
      expect(out.content, t.name).not.toContain(CANARY);
      expect(out.content, t.name).not.toContain('structuredContent');
    }
  });

  it('TR-NORM-4 TR-NORM-10 TR-NORM-51: image and audio bytes the adapter put into content do not survive normalization', () => {
    const chart = messages.get('render_chart')!;
    const speak = messages.get('speak')!;
    expect(JSON.stringify(chart.content)).toContain(`data:image/png;base64,${IMAGE_BYTES.toString('base64')}`);
    expect(JSON.stringify(speak.content)).toContain(AUDIO_BYTES.toString('base64'));
    for (const m of [chart, speak]) {
      const record = JSON.stringify(normalizeLangChain(m).toRecord());
      expect(record).not.toContain(IMAGE_BYTES.toString('base64'));
      expect(record).not.toContain(AUDIO_BYTES.toString('base64'));
    }
  });

  it('TR-NORM-17: the adapter drops annotations.audience, so user-only text arrives (and stays) as content', () => {
    const m = messages.get('audience_split')!;
    expect(JSON.stringify(m.content)).toContain(`Full detail for the user ${CANARY}`);
    expect(JSON.stringify(m.content)).not.toContain('audience');
    expect(normalizeLangChain(m).content).toContain(CANARY);
  });

  it("TR-NORM-19 TR-NORM-50: on isError the adapter throws; ToolNode's error message has no structured body left", () => {
    const m = messages.get('lookup_invoice')!;
    expect(m.status).toBe('error');
    expect(m.artifact).toBeUndefined();
    const r = normalizeLangChain(m);
    expect(r.isError).toBe(true);
    expect(r.hasStructured).toBe(false);
  });
});
