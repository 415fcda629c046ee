// toolresult-protocol/ai-sdk under the AI SDK's OpenTelemetry integration (@ai-sdk/otel) at its
// defaults (recordInputs and recordOutputs on: the tool's output becomes a span attribute), exported
// by the OTLP/HTTP exporter to a collector on 127.0.0.1: after a success and an error result with
// canaries in every run-only channel, no canary stands in any body the collector received, and the
// program still reads both results through the seam (issue 50, spec/11-stacks.md §11.7).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { createMCPClient } from '@ai-sdk/mcp';
import { OpenTelemetry } from '@ai-sdk/otel';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { fixture, inMemory, TOOL } from '../../test/support/mcp-server.ts';
import { canariesIn, EGRESS, EGRESS_ERROR, EGRESS_SUCCESS, ERROR_TEXT, holds, MODEL_TEXT, type Egress } from '../testing/egress.ts';
import { createSeam, wrapMcpTools, type ToolResultSeam } from './index.ts';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 1, text: 1, reasoning: undefined } };

/** The fake collector: every body POSTed to it, as latin1. */
let collector: Server;
const bodies: Egress[] = [];
beforeAll(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      bodies.push({ where: `collector ${req.url} body ${bodies.length}`, text: Buffer.concat(chunks).toString('latin1') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
});
afterAll(() => new Promise<void>((r) => collector.close(() => r())));

function model(callId: string) {
  let n = 0;
  return new MockLanguageModelV4({
    doGenerate: async () => {
      n += 1;
      return n === 1
        ? {
            content: [{ type: 'tool-call' as const, toolCallId: callId, toolName: TOOL, input: '{"invoice":"INV-1"}' }],
            finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' },
            usage,
            warnings: [],
          }
        : { content: [{ type: 'text' as const, text: 'done' }], finishReason: { unified: 'stop' as const, raw: 'stop' }, usage, warnings: [] };
    },
  });
}

/** One generateText step per result, traced by @ai-sdk/otel at its defaults and exported over OTLP/HTTP. */
async function tracedSteps(seam: ToolResultSeam): Promise<Egress[]> {
  bodies.length = 0;
  const url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url }))] });
  const telemetry = new OpenTelemetry({ tracer: provider.getTracer('egress-test') });
  for (const [callId, result] of [
    ['call_ok', EGRESS_SUCCESS],
    ['call_err', EGRESS_ERROR],
  ] as const) {
    const probe = await inMemory(fixture({ result }));
    const client = await createMCPClient({ transport: probe.transport });
    try {
      const tools = wrapMcpTools(await client.tools(), seam);
      await generateText({ model: model(callId), tools, prompt: 'Look INV-1 up.', stopWhen: stepCountIs(2), telemetry: { integrations: telemetry } });
    } finally {
      await client.close();
      await probe.close();
    }
  }
  await provider.forceFlush();
  await provider.shutdown();
  return [...bodies];
}

describe('ai-sdk integration: no run-only byte in the OpenTelemetry spans the AI SDK exports', () => {
  it('default telemetry (recordOutputs on): no canary in any exported body; the seam gives the whole results', async () => {
    const seam = createSeam();
    const exported = await tracedSteps(seam);
    // The export holds the calls (the model text of both), so finding no canary is a finding.
    expect(holds(exported, MODEL_TEXT) && holds(exported, ERROR_TEXT)).toBe(true);
    expect(canariesIn(exported)).toEqual([]);
    const ok = (await seam.result('call_ok'))!;
    expect(JSON.stringify(ok.structured)).toContain(EGRESS.structured);
    const err = (await seam.result('call_err', { tool: TOOL, arguments: { invoice: 'INV-1' } }))!;
    expect(JSON.stringify(err.structured)).toContain(EGRESS.errorBody);
  });

  it('the search finds what the export holds: at privacy "full" the spans hold the structured value', async () => {
    const exported = await tracedSteps(createSeam({ privacy: 'full' }));
    expect(canariesIn(exported)).toEqual(expect.arrayContaining([expect.stringMatching(/^structured in /)]));
  });
});
