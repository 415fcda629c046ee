// The control row: the raw @modelcontextprotocol/sdk client, then this project's MCP normalizer and
// provider wire (reference-impl). The model interface is what a runtime built on the protocol hands
// its provider: the conversation with the tool message made only of the wire message (content and
// isError). The provider body is that message in the provider's own form, sent to the fake provider
// through fetch: a Chat Completions `tool` message, a Responses `function_call_output`, an Anthropic
// `tool_result` with `is_error`, a Gemini `functionResponse`, a Bedrock `toolResult`. OpenAI's formats
// have no error field, so an error result is sent as the JSON text {"error": content}. The reference
// has no Gemini or Bedrock form of its own: the wire content (text) goes where each format puts a
// result's text (Gemini `response.output`, Bedrock a `text` block) and an error as the format's
// signal (Gemini `response: {error: content}`, Bedrock `status: "error"`), which is what spec §11.3
// says a conforming runtime sends there. The runtime keeps the bounded result. It must pass every check.
// Persisted: what a runtime on the protocol stores to resume the run, its suspend state, which is
// exactly the wire message (TR-SINK-2: `content` and `isError`). Telemetry: an OpenTelemetry span per
// tool call, exported over OTLP/HTTP to the fake collector, whose attributes are the tool's name, the
// call ID and the audit record at the default privacy level (`metadata`: TR-LOG-1 lets nothing else
// into a trace attribute); with telemetry "content", also the text the model was given.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auditRecord, normalizeMcp, toWireMessage, type WireMessage } from '../../../reference-impl/internal.ts';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { startCollector } from '../shared/telemetry-collector.ts';
import { inMemoryProbe, TOOL_DESCRIPTION, TOOL_NAME } from '../shared/probe-server.ts';
import { ALL_PROVIDERS, CALL_ID, fakeProvider, MODEL_ID, stepProvider, type ProviderId } from '../shared/fake-provider.ts';
import { describeThrow, installedVersions, serve, toJson, type StepInput, type StepOutput } from '../shared/adapter-loop.ts';
import packageJson from '../../../package.json' with { type: 'json' };

const PROMPT = 'Look it up.';
const collector = await startCollector();
const tracing = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: `${collector.url}/v1/traces` }))] });
const tracer = tracing.getTracer('toolresult-control');
const SCHEMA = { type: 'object', properties: {} };

/** The request body, in the provider's format, before the tool ran (`wire` undefined) or after. */
function body(p: ProviderId, wire: WireMessage | undefined): Record<string, unknown> {
  const id = CALL_ID[p];
  const text = wire === undefined ? '' : wire.isError ? JSON.stringify({ error: wire.content }) : wire.content;
  if (p === 'openai-chat') {
    const messages: unknown[] = [{ role: 'user', content: PROMPT }];
    if (wire)
      messages.push(
        { role: 'assistant', content: null, tool_calls: [{ id, type: 'function', function: { name: TOOL_NAME, arguments: '{}' } }] },
        { role: 'tool', tool_call_id: id, content: text },
      );
    return { model: MODEL_ID[p], messages, tools: [{ type: 'function', function: { name: TOOL_NAME, description: TOOL_DESCRIPTION, parameters: SCHEMA } }] };
  }
  if (p === 'openai-responses') {
    const input: unknown[] = [{ role: 'user', content: PROMPT }];
    if (wire) input.push({ type: 'function_call', call_id: id, name: TOOL_NAME, arguments: '{}' }, { type: 'function_call_output', call_id: id, output: text });
    return { model: MODEL_ID[p], input, tools: [{ type: 'function', name: TOOL_NAME, description: TOOL_DESCRIPTION, parameters: SCHEMA }] };
  }
  if (p === 'gemini') {
    const contents: unknown[] = [{ role: 'user', parts: [{ text: PROMPT }] }];
    if (wire)
      contents.push(
        { role: 'model', parts: [{ functionCall: { id, name: TOOL_NAME, args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { id, name: TOOL_NAME, response: wire.isError ? { error: wire.content } : { output: wire.content } } }] },
      );
    return { contents, tools: [{ functionDeclarations: [{ name: TOOL_NAME, description: TOOL_DESCRIPTION, parameters: SCHEMA }] }] };
  }
  if (p === 'bedrock-converse') {
    const messages: unknown[] = [{ role: 'user', content: [{ text: PROMPT }] }];
    if (wire)
      messages.push(
        { role: 'assistant', content: [{ toolUse: { toolUseId: id, name: TOOL_NAME, input: {} } }] },
        // `status` only on an error: Bedrock documents it for some model families only, and a success needs no word.
        { role: 'user', content: [{ toolResult: { toolUseId: id, content: [{ text: wire.content }], ...(wire.isError ? { status: 'error' } : {}) } }] },
      );
    return { messages, toolConfig: { tools: [{ toolSpec: { name: TOOL_NAME, description: TOOL_DESCRIPTION, inputSchema: { json: SCHEMA } } }] } };
  }
  const messages: unknown[] = [{ role: 'user', content: PROMPT }];
  if (wire) {
    messages.push({ role: 'assistant', content: [{ type: 'tool_use', id, name: TOOL_NAME, input: {} }] });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: wire.content, ...(wire.isError ? { is_error: true } : {}) }] });
  }
  return { model: MODEL_ID[p], max_tokens: 1024, messages, tools: [{ name: TOOL_NAME, description: TOOL_DESCRIPTION, input_schema: SCHEMA }] };
}

const URL_OF: Readonly<Record<ProviderId, string>> = {
  'openai-chat': 'https://api.openai.com/v1/chat/completions',
  'openai-responses': 'https://api.openai.com/v1/responses',
  anthropic: 'https://api.anthropic.com/v1/messages',
  gemini: `https://generativelanguage.googleapis.com/v1beta/models/${MODEL_ID.gemini}:generateContent`,
  'bedrock-converse': `https://bedrock-runtime.us-east-1.amazonaws.com/model/${encodeURIComponent(MODEL_ID['bedrock-converse'])}/converse`,
};

async function step(input: StepInput): Promise<StepOutput> {
  const p = stepProvider(input, ALL_PROVIDERS);
  const probe = await inMemoryProbe(input);
  const client = new Client({ name: 'toolresult-control', version: '1.0.0' });
  const fake = fakeProvider(p);
  const send = (b: unknown) =>
    fake.fetch(URL_OF[p], { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) }).then((r) => r.text());
  const user = { role: 'user', content: PROMPT };
  const modelRequests: unknown[] = [[user]];
  collector.take();
  try {
    await client.connect(probe.transport);
    let kept: unknown = null;
    let threw: string | null = null;
    let suspended: WireMessage | null = null;
    try {
      await send(body(p, undefined));
      await client.listTools(); // the SDK checks structuredContent against the listed outputSchema
      const raw = await client.callTool({ name: TOOL_NAME, arguments: {} });
      const result = normalizeMcp(raw, input.outputSchema ? { outputSchema: input.outputSchema } : undefined);
      const wire = toWireMessage(result);
      suspended = wire;
      const span = tracer.startSpan(`execute_tool ${TOOL_NAME}`, {
        attributes: {
          'gen_ai.tool.name': TOOL_NAME,
          'gen_ai.tool.call.id': CALL_ID[p],
          'toolresult.audit': JSON.stringify(auditRecord(result, ['metadata'])),
          ...(input.telemetry === 'content' ? { 'gen_ai.tool.call.result': wire.content } : {}),
        },
      });
      span.end();
      modelRequests.push([
        user,
        { role: 'assistant', toolCalls: [{ id: CALL_ID[p], name: TOOL_NAME, arguments: {} }] },
        { role: 'tool', toolCallId: CALL_ID[p], content: wire.content, isError: wire.isError },
      ]);
      await send(body(p, wire));
      kept = toJson(result.toRecord());
    } catch (e) {
      threw = describeThrow(e);
    }
    await tracing.forceFlush();
    const suspendState = JSON.stringify(suspended === null ? null : { content: suspended.content, isError: suspended.isError });
    return {
      requests: fake.bodies,
      modelRequests,
      kept,
      threw,
      persisted: [{ where: 'suspend state (the wire message)', text: Buffer.from(suspendState, 'utf8').toString('latin1') }],
      exported: collector.take(),
    };
  } finally {
    await client.close();
    await probe.close();
  }
}

serve({
  name: 'control (MCP SDK + toolresult)',
  version: `${await installedVersions(['@modelcontextprotocol/sdk', '@opentelemetry/sdk-trace-base', '@opentelemetry/exporter-trace-otlp-http'])} toolresult-protocol@${packageJson.version}`,
  step,
});
