// Stack adapter: the Vercel AI SDK over tools from @ai-sdk/mcp's createMCPClient (served in memory),
// through a real AI SDK provider package whose fetch is the fake provider. Modes: `generate`
// (client.tools() in generateText), `schemas` (client.tools({ schemas }) with an outputSchema, so a
// tool returns its structured value), `stream` (client.tools() in streamText), `toolresult`
// (client.tools() through wrapMcpTools of toolresult-protocol/ai-sdk, integrations/ai-sdk, in generateText),
// `gemini-2` (as `generate`, on a Gemini 2.5 model ID: @ai-sdk/google takes its older function-response
// path there, one functionResponse per text block and each image as a sibling inlineData part).
// Telemetry as the AI SDK's docs set it up: `registerTelemetry(new OpenTelemetry(...))` of @ai-sdk/otel
// over an OpenTelemetry tracer whose OTLP/HTTP exporter sends to the fake collector; a step asked
// with telemetry "content" sets recordInputs/recordOutputs (both on by default already). Persisted:
// the AI SDK keeps no state itself; its docs have a program save `response.messages` to its history
// to continue a conversation, so those messages are what this row persists.
import { generateText, jsonSchema, registerTelemetry, stepCountIs, streamText } from 'ai';
import { OpenTelemetry } from '@ai-sdk/otel';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { startCollector } from '../shared/telemetry-collector.ts';
import { createMCPClient } from '@ai-sdk/mcp';
import { inMemoryProbe, TOOL_NAME } from '../shared/probe-server.ts';
import { aiSdkModel, AI_SDK_PROVIDER_PACKAGES } from '../shared/ai-sdk-providers.ts';
import { ALL_PROVIDERS, GEMINI_LEGACY_MODEL_ID, stepProvider } from '../shared/fake-provider.ts';
import { createSeam, wrapMcpTools } from '../../../integrations/ai-sdk/index.ts';
import packageJson from '../../../package.json' with { type: 'json' };
import { describeThrow, installedVersions, modeArg, serve, toJson, type StepInput, type StepOutput } from '../shared/adapter-loop.ts';

const mode = modeArg(process.argv, ['generate', 'schemas', 'stream', 'toolresult', 'gemini-2']);

const collector = await startCollector();
const tracing = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${collector.url}/v1/traces` }))] });
registerTelemetry(new OpenTelemetry({ tracer: tracing.getTracer('ai') }));

async function step(input: StepInput): Promise<StepOutput> {
  const provider = stepProvider(input, ALL_PROVIDERS);
  const probe = await inMemoryProbe(input);
  const client = await createMCPClient({ transport: probe.transport });
  // `toolresult`: the tool output is the audit record; the program reads the result from the seam.
  const seam = mode === 'toolresult' ? createSeam() : undefined;
  collector.take();
  let history: unknown[] = [];
  try {
    const tools =
      mode === 'schemas'
        ? await client.tools({
            schemas: { [TOOL_NAME]: { inputSchema: jsonSchema({ type: 'object', properties: {} }), outputSchema: jsonSchema({ type: 'object' }) } },
          })
        : mode === 'toolresult'
          ? wrapMcpTools(await client.tools(), seam)
          : await client.tools();
    const { model, fake, prompts } = aiSdkModel(provider, mode === 'gemini-2' ? GEMINI_LEGACY_MODEL_ID : undefined);
    let kept: unknown = null;
    let threw: string | null = null;
    try {
      const args = {
        model,
        tools,
        prompt: 'Look it up.',
        stopWhen: stepCountIs(2),
        ...(input.telemetry === 'content' ? { telemetry: { recordInputs: true, recordOutputs: true } } : {}),
      };
      let steps;
      if (mode === 'stream') {
        const s = streamText({ ...args, onError: () => {} });
        for await (const _part of s.fullStream) {
          /* drain: the steps run as the stream is read */
        }
        steps = await s.steps;
      } else steps = (await generateText(args)).steps;
      history = steps.at(-1)?.response.messages ?? [];
      const outputs = steps.flatMap((s) =>
        s.toolResults.map(async (r) => ({ output: seam ? ((await seam.result(r.toolCallId))?.toRecord() ?? null) : r.output })),
      );
      kept = toJson(await Promise.all(outputs));
      const errors = steps.flatMap((s) => s.content.filter((p) => p.type === 'tool-error'));
      if (errors.length > 0) kept = toJson({ toolResults: kept, toolErrors: errors.map((e) => ({ error: String((e as { error?: unknown }).error) })) });
    } catch (e) {
      threw = describeThrow(e);
    }
    await tracing.forceFlush();
    return {
      requests: fake.bodies,
      modelRequests: prompts,
      kept,
      threw,
      persisted: [{ where: 'response.messages (the history a program saves)', text: Buffer.from(JSON.stringify(history), 'utf8').toString('latin1') }],
      exported: collector.take(),
    };
  } finally {
    await client.close();
    await probe.close();
  }
}

serve({
  name: mode === 'toolresult' ? 'ai-sdk + toolresult-protocol' : `ai-sdk ${mode}`,
  version: `${await installedVersions(['ai', '@ai-sdk/mcp', '@ai-sdk/otel', '@opentelemetry/sdk-trace-base', '@opentelemetry/exporter-trace-otlp-http', ...new Set(Object.values(AI_SDK_PROVIDER_PACKAGES))])}${mode === 'toolresult' ? ` toolresult-protocol@${packageJson.version}` : ''}`,
  step,
});
