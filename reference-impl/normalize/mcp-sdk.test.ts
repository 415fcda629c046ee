// Integration: the real MCP TypeScript SDK server and client over the SDK's in-memory transport
// (no network). Each tool's result, as the client received it, must equal its vector's input, and
// normalizing it must give the vector's output (conformance/vectors/normalize-mcp/sdk-fixtures.json).
import { readFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from './fixtures/connect.ts';
import { AUDIO_BYTES, BLOB_BYTES, CANARY, COUNT_SCHEMA, IMAGE_BYTES, createFixtureServer, createLyingServer } from './fixtures/mcp-fixture-server.ts';
import { normalizeMcp } from './mcp.ts';

interface FixtureCase {
  id: string;
  requirements: string[];
  input: { source: string; value: unknown; options?: Record<string, unknown> };
  expect: { output: { result: unknown } };
}
const vectors = JSON.parse(readFileSync(new URL('../../conformance/vectors/normalize-mcp/sdk-fixtures.json', import.meta.url), 'utf8')) as {
  cases: FixtureCase[];
};
const byId = new Map(vectors.cases.map((c) => [c.id, c]));
function vector(id: string): FixtureCase {
  const c = byId.get(id);
  if (c === undefined) throw new Error(`no vector ${id}`);
  return c;
}

const BINARY_SECRETS = [IMAGE_BYTES, AUDIO_BYTES, BLOB_BYTES].flatMap((b) => [b.toString('base64'), b.toString('latin1')]);

let client: Client;
let lying: Client;
beforeAll(async () => {
  client = await connectClient(createFixtureServer());
  lying = await connectClient(createLyingServer());
});
afterAll(async () => {
  await client.close();
  await lying.close();
});

const TOOLS: readonly [string, string][] = [
  ['text_only', 'TR-NORM-3 TR-NORM-14: text only gives exactly the text, nothing else'],
  ['list_invoices', 'TR-NORM-18 TR-NORM-21 TR-NORM-32: text + structured (draft-07 schema enforced) and no _meta'],
  ['get_total', 'TR-NORM-18 TR-NORM-21: one text block, structured, _meta dropped'],
  ['get_balance', 'TR-NORM-20: structured only gives its canonical JSON'],
  ['render_chart', 'TR-NORM-10 TR-NORM-11 TR-NORM-12: image becomes a reference and a placeholder'],
  ['speak', 'TR-NORM-10 TR-NORM-12: audio becomes a reference and a placeholder'],
  ['link_report', 'TR-NORM-16: resource_link becomes a reference'],
  ['read_files', 'TR-NORM-15 TR-NORM-10: embedded text is text, embedded blob a reference'],
  ['audience_split', 'TR-NORM-17 TR-NORM-4: user-only text stays run-only'],
  ['lookup_invoice', 'TR-NORM-19: isError keeps its structured body'],
];

describe('MCP results from the real SDK client', () => {
  for (const [tool, title] of TOOLS) {
    it(`${title} (${tool})`, async () => {
      const c = vector(tool.replace(/_/g, '-'));
      const received = await client.callTool({ name: tool, arguments: {} });
      expect(received).toEqual(c.input.value);
      const result = normalizeMcp(received, c.input.options as never);
      expect(result.toRecord()).toEqual(c.expect.output.result);
      // TR-NORM-4: no run-only byte is model-facing.
      expect(result.content).not.toContain(CANARY);
      for (const secret of BINARY_SECRETS) expect(JSON.stringify(result.toRecord())).not.toContain(secret);
    });
  }

  it('TR-NORM-3: the text-only result has no structured member, no artifacts, no warnings', async () => {
    const r = normalizeMcp(await client.callTool({ name: 'text_only', arguments: {} }));
    expect(r.toRecord()).toStrictEqual({ content: 'Balance: $1,250', isError: false, artifacts: [], warnings: [] });
  });

  it('TR-NORM-32: the SDK client rejects the lying tool itself, so the raw request path is needed', async () => {
    await lying.listTools();
    await expect(lying.callTool({ name: 'count_things', arguments: {} })).rejects.toThrow(/output schema/);
  });

  for (const policy of ['warn', 'enforce'] as const) {
    it(`TR-NORM-${policy === 'warn' ? 30 : 31}: a schema-breaking result over the raw path under ${policy}`, async () => {
      const c = vector(`count-things-${policy}`);
      const received = await lying.request({ method: 'tools/call', params: { name: 'count_things', arguments: {} } }, CallToolResultSchema);
      expect(received).toEqual(c.input.value);
      expect(c.input.options).toEqual({ outputSchema: COUNT_SCHEMA, schemaPolicy: policy });
      const result = normalizeMcp(received, { outputSchema: COUNT_SCHEMA, schemaPolicy: policy });
      expect(result.toRecord()).toEqual(c.expect.output.result);
      expect(JSON.stringify(result.toRecord())).not.toContain(CANARY);
    });
  }

  it('TR-NORM-32: the draft-07 schemas the SDK server derives from zod are applied as draft-07', async () => {
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === 'get_balance')!.outputSchema;
    expect(schema?.$schema).toBe('http://json-schema.org/draft-07/schema#');
    const received = await client.callTool({ name: 'get_balance', arguments: {} });
    const bad = { ...received, structuredContent: { balance: 'lots', currency: 'USD' } };
    expect(normalizeMcp(bad, { outputSchema: schema, schemaPolicy: 'warn' }).warnings).toEqual([{ code: 'structured.schema_mismatch' }]);
    expect(normalizeMcp(received, { outputSchema: schema, schemaPolicy: 'enforce' }).structured).toEqual({ balance: 1250, currency: 'USD' });
  });
});
