// The Gemini and Bedrock fakes against the real clients that read them: the AI SDK's provider
// packages (generate and stream), the AWS SDK's Bedrock runtime client over loopback HTTP/1.1, and
// @smithy/eventstream-codec on the frames themselves. A client that cannot parse an answer fails
// here, not in a matrix row.
import { describe, expect, it } from 'vitest';
import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createAmazonBedrock } from '@ai-sdk/amazon-bedrock';
import { BedrockRuntimeClient, ConverseCommand, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { GoogleGenAI } from '@google/genai';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatBedrockConverse } from '@langchain/aws';
import type { AIMessageChunk } from '@langchain/core/messages';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { CALL_ID, eventStreamFrame, fakeProvider, MODEL_ID } from './fake-provider.ts';
import { serveFakeProvider } from './fake-provider-server.ts';

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

describe('the Bedrock Converse fake, read by @aws-sdk/client-bedrock-runtime over loopback HTTP/1.1', () => {
  it('Converse and ConverseStream: the SDK signs with dummy credentials, and parses the answer and every event', async () => {
    const fake = fakeProvider('bedrock-converse');
    const { url, close } = await serveFakeProvider(fake);
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
      await close();
    }
  });
});

describe('the other clients the stacks send through, over the loopback server', () => {
  const declared = { name: 'probe', description: 'probe', parametersJsonSchema: { type: 'object', properties: {} } };
  for (const stream of [false, true]) {
    it(`@google/genai (${stream ? 'generateContentStream' : 'generateContent'}): it reads the call; it asks under /v1/ when given a base URL`, async () => {
      const fake = fakeProvider('gemini');
      const { url, close } = await serveFakeProvider(fake);
      try {
        const ai = new GoogleGenAI({ apiKey: 'fake-key', httpOptions: { baseUrl: url } });
        const args = { model: MODEL_ID.gemini, contents: 'Look it up.', config: { tools: [{ functionDeclarations: [declared] }] } };
        const calls = [];
        if (stream) for await (const c of await ai.models.generateContentStream(args)) calls.push(...(c.functionCalls ?? []));
        else calls.push(...((await ai.models.generateContent(args)).functionCalls ?? []));
        expect(calls).toEqual([{ id: CALL_ID.gemini, name: 'probe', args: {} }]);
        expect(fake.paths).toEqual([`/v1/models/${MODEL_ID.gemini}:${stream ? 'streamGenerateContent' : 'generateContent'}`]);
      } finally {
        await close();
      }
    });

    it(`@langchain/google-genai and @langchain/aws (${stream ? 'stream' : 'invoke'}): each reads the call`, async () => {
      const tool = { name: 'probe', description: 'probe', schema: { type: 'object', properties: {} } };
      const ask = async (m: { invoke(x: string): Promise<AIMessageChunk>; stream(x: string): Promise<AsyncIterable<AIMessageChunk>> }) => {
        if (!stream) return (await m.invoke('Look it up.')).tool_calls;
        let all: AIMessageChunk | undefined;
        for await (const c of await m.stream('Look it up.')) all = all ? all.concat(c) : c;
        return all?.tool_calls;
      };
      const gemini = fakeProvider('gemini');
      const bedrock = fakeProvider('bedrock-converse');
      const [g, b] = [await serveFakeProvider(gemini), await serveFakeProvider(bedrock)];
      try {
        const google = new ChatGoogleGenerativeAI({ model: MODEL_ID.gemini, apiKey: 'fake-key', baseUrl: g.url, streaming: stream }).bindTools([tool]);
        expect(await ask(google)).toEqual([{ type: 'tool_call', id: CALL_ID.gemini, name: 'probe', args: {} }]);
        // @langchain/aws takes a client of the caller's making: its own endpoint option is overwritten (the notes' §3).
        const client = new BedrockRuntimeClient({
          region: 'us-east-1',
          endpoint: b.url,
          credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
          requestHandler: new NodeHttpHandler(),
        });
        const aws = new ChatBedrockConverse({ model: MODEL_ID['bedrock-converse'], region: 'us-east-1', client, streaming: stream }).bindTools([tool]);
        expect(await ask(aws)).toEqual([{ type: 'tool_call', id: CALL_ID['bedrock-converse'], name: 'probe', args: {} }]);
        expect([...gemini.paths, ...bedrock.paths]).toEqual([
          `/v1beta/models/${MODEL_ID.gemini}:${stream ? 'streamGenerateContent' : 'generateContent'}`,
          `/model/${MODEL_ID['bedrock-converse']}/${stream ? 'converse-stream' : 'converse'}`,
        ]);
      } finally {
        await g.close();
        await b.close();
      }
    });
  }
});

describe('the Gemini fake, by path', () => {
  it('answers under /v1/ as under /v1beta/; streamGenerateContent is server-sent data: lines whatever the body says', async () => {
    const fake = fakeProvider('gemini');
    const post = (path: string) =>
      fake.fetch(`http://127.0.0.1${path}`, {
        method: 'POST',
        body: JSON.stringify({ contents: [], tools: [{ functionDeclarations: [{ name: 'lookup' }] }] }),
      });
    const first = await post(`/v1/models/${MODEL_ID.gemini}:streamGenerateContent?alt=sse`);
    expect(first.headers.get('content-type')).toBe('text/event-stream');
    const events = (await first.text()).split('\n\n').filter((e) => e !== '');
    expect(events.map((e) => e.startsWith('data: '))).toEqual([true]);
    expect(JSON.parse(events[0]!.slice('data: '.length)).candidates[0].content.parts[0].functionCall).toEqual({ id: CALL_ID.gemini, name: 'lookup', args: {} });
    const second = await post(`/v1/models/${MODEL_ID.gemini}:generateContent`);
    expect(((await second.json()) as Obj)['candidates']).toEqual([{ content: { role: 'model', parts: [{ text: 'done' }] }, finishReason: 'STOP', index: 0 }]);
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
