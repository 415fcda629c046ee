// The Gemini and Bedrock fakes against the real clients that read them: the AI SDK's provider
// packages (generate and stream), the AWS SDK's Bedrock runtime client over loopback HTTP/1.1, and
// @smithy/eventstream-codec on the frames themselves. A client that cannot parse an answer fails
// here, not in a matrix row.
import { createServer, type Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { CALL_ID, eventStreamFrame, fakeProvider, MODEL_ID, type FakeProvider } from './fake-provider.ts';

const TOOL_TEXT = 'the probe answered';

type Obj = Record<string, unknown>;

/** One agent step of the AI SDK over a model: the fake calls the tool, the tool answers, the fake says "done". */
async function aiSdkStep(model: Parameters<typeof generateText>[0]['model'], stream: boolean): Promise<{ text: string; calls: string[] }> {
  const args = {
    model,
    prompt: 'Look it up.',
    tools: { probe: tool({ description: 'probe', inputSchema: jsonSchema({ type: 'object', properties: {} }), execute: async () => TOOL_TEXT }) },
    stopWhen: stepCountIs(2),
  };
  if (stream) {
    const r = streamText(args);
    const text = await r.text;
    const steps = await r.steps;
    return { text, calls: steps.flatMap((s) => s.toolCalls.map((c) => `${c.toolCallId}:${c.toolName}`)) };
  }
  const r = await generateText(args);
  return { text: r.text, calls: r.steps.flatMap((s) => s.toolCalls.map((c) => `${c.toolCallId}:${c.toolName}`)) };
}

describe('the Gemini fake, read by @ai-sdk/google', () => {
  for (const stream of [false, true]) {
    it(`${stream ? 'streamGenerateContent?alt=sse' : 'generateContent'}: a functionCall of the declared tool, then "done"; the result comes back as a functionResponse`, async () => {
      const fake = fakeProvider('gemini');
      const google = createGoogleGenerativeAI({ apiKey: 'fake-key', baseURL: 'http://127.0.0.1:9/v1beta', fetch: fake.fetch as typeof fetch });
      const out = await aiSdkStep(google(MODEL_ID.gemini), stream);
      expect(out).toEqual({ text: 'done', calls: [`${CALL_ID.gemini}:probe`] });
      const verb = stream ? 'streamGenerateContent' : 'generateContent';
      expect(fake.paths).toEqual([`/v1beta/models/${MODEL_ID.gemini}:${verb}`, `/v1beta/models/${MODEL_ID.gemini}:${verb}`]);
      const contents = (fake.bodies[1] as Obj)['contents'] as Obj[];
      const parts = contents.flatMap((c) => c['parts'] as Obj[]);
      expect(parts).toContainEqual({ functionResponse: { id: CALL_ID.gemini, name: 'probe', response: { name: 'probe', content: TOOL_TEXT } } });
    });
  }
});

describe('the Bedrock Converse fake, read by @ai-sdk/amazon-bedrock', () => {
  for (const stream of [false, true]) {
    it(`${stream ? 'converse-stream (AWS event stream)' : 'converse'}: a toolUse of the declared tool, then "done"; the result comes back as a toolResult`, async () => {
      const fake = fakeProvider('bedrock-converse');
      const bedrock = createAmazonBedrock({
        region: 'us-east-1',
        accessKeyId: 'test',
        secretAccessKey: 'test',
        baseURL: 'http://127.0.0.1:9',
        fetch: fake.fetch as typeof fetch,
      });
      const out = await aiSdkStep(bedrock(MODEL_ID['bedrock-converse']), stream);
      expect(out).toEqual({ text: 'done', calls: [`${CALL_ID['bedrock-converse']}:probe`] });
      const verb = stream ? 'converse-stream' : 'converse';
      expect(fake.paths).toEqual([`/model/${MODEL_ID['bedrock-converse']}/${verb}`, `/model/${MODEL_ID['bedrock-converse']}/${verb}`]);
      const messages = (fake.bodies[1] as Obj)['messages'] as Obj[];
      const blocks = messages.flatMap((m) => m['content'] as Obj[]);
      expect(blocks).toContainEqual({ toolResult: { toolUseId: CALL_ID['bedrock-converse'], content: [{ text: TOOL_TEXT }] } });
    });
  }
});

/** The fake on a loopback HTTP/1.1 server, as loopback-server.ts serves it to other processes. */
async function listen(fake: FakeProvider): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
      void fake.fetch(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method ?? 'POST', headers, body: Buffer.concat(chunks) }).then(async (r) => {
        const body = Buffer.from(await r.arrayBuffer());
        res.writeHead(r.status, { 'content-type': r.headers.get('content-type') ?? '', 'content-length': String(body.length) });
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

describe('the Bedrock Converse fake, read by @aws-sdk/client-bedrock-runtime over loopback HTTP/1.1', () => {
  it('Converse and ConverseStream: the SDK signs with dummy credentials, and parses the answer and every event', async () => {
    const fake = fakeProvider('bedrock-converse');
    const { server, url } = await listen(fake);
    try {
      // The SDK's default handler speaks HTTP/2 for ConverseStream; the loopback server speaks HTTP/1.1.
      const client = new BedrockRuntimeClient({
        region: 'us-east-1',
        endpoint: url,
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
        requestHandler: new NodeHttpHandler(),
      });
      const input = {
        modelId: MODEL_ID['bedrock-converse'],
        messages: [{ role: 'user' as const, content: [{ text: 'Look it up.' }] }],
        toolConfig: { tools: [{ toolSpec: { name: 'probe', inputSchema: { json: { type: 'object' } } } }] },
      };
      const first = await client.send(new ConverseCommand(input));
      expect(first.output?.message?.content).toEqual([{ toolUse: { toolUseId: CALL_ID['bedrock-converse'], name: 'probe', input: {} } }]);
      expect(first.stopReason).toBe('tool_use');
      const second = await client.send(new ConverseStreamCommand(input));
      const events: string[] = [];
      for await (const e of second.stream ?? []) events.push(...Object.entries(e as unknown as Obj).flatMap(([k, v]) => (v === undefined ? [] : [k])));
      expect(events).toEqual(['messageStart', 'contentBlockDelta', 'contentBlockStop', 'messageStop', 'metadata']);
      expect(fake.paths).toEqual([`/model/${MODEL_ID['bedrock-converse']}/converse`, `/model/${MODEL_ID['bedrock-converse']}/converse-stream`]);
    } finally {
      server.close();
    }
  });
});

describe('eventStreamFrame', () => {
  it('writes frames @smithy/eventstream-codec decodes (it checks both CRC-32s), headers and payload intact', () => {
    const codec = new EventStreamCodec(toUtf8, fromUtf8);
    const headers = { ':event-type': 'messageStop', ':content-type': 'application/json', ':message-type': 'event' };
    const frame = eventStreamFrame(headers, '{"stopReason":"end_turn"}');
    const m = codec.decode(frame);
    expect(Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [k, v.value]))).toEqual(headers);
    expect(toUtf8(m.body)).toBe('{"stopReason":"end_turn"}');
    // One flipped payload octet: the message CRC no longer matches, and the codec refuses the frame.
    const broken = Buffer.from(frame);
    broken.writeUInt8(broken.readUInt8(broken.length - 6) ^ 1, broken.length - 6);
    expect(() => codec.decode(broken)).toThrow(/checksum/i);
  });
});
