// A model provider in process: a `fetch` that the stack's own provider package is given in place of
// the network. It records the exact HTTP body of every request and answers in that provider's own
// format, first a call of the one tool the request lists, then the text "done". Five wire formats:
// - OpenAI Chat Completions, OpenAI Responses, Anthropic Messages: JSON, or server-sent events when
//   the body asks for `stream: true`;
// - Gemini (`/v1beta/models/{model}:generateContent`, also under `/v1/`): JSON, or server-sent
//   `data:` lines for `:streamGenerateContent?alt=sse` (the path, not the body, asks for a stream);
// - Bedrock Converse (`/model/{modelId}/converse`): JSON, or for `/converse-stream` the AWS event
//   stream (binary frames, each with its CRC-32s, `application/vnd.amazon.eventstream`). Request
//   signatures are not checked: clients sign with dummy credentials.
// Nothing leaves the process.
import { crc32 } from 'node:zlib';

export type ProviderId = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'bedrock-converse';
/** Every format the fake answers in. */
export const ALL_PROVIDERS: readonly ProviderId[] = ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'bedrock-converse'];
/**
 * The three formats every stack had rows at before Gemini and Bedrock: a stack's rows.ts names the
 * two newer formats itself, where its provider packages reach them.
 */
export const PROVIDERS: readonly ProviderId[] = ['openai-chat', 'openai-responses', 'anthropic'];
/** The formats whose tool result has a native slot for JSON (Gemini `functionResponse.response`, a Bedrock `json` block). */
export const JSON_SLOT_PROVIDERS: readonly ProviderId[] = ['gemini', 'bedrock-converse'];

export interface FakeProvider {
  readonly fetch: (url: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Each request body, parsed, in the order sent. */
  readonly bodies: unknown[];
  /** Request paths, in the order sent (a stack calling the wrong API shows here). */
  readonly paths: string[];
}

/**
 * The model ID each fake answers as (the provider packages need one; none is ever called). Gemini:
 * a Gemini 3 ID, since the stacks gate their multimodal function response (`functionResponse.parts`)
 * on it (the AI SDK on any `gemini-` ID that is not 1.x or 2.x, Pydantic AI on `gemini-3` in the
 * name). Bedrock: an Anthropic Claude inference profile, the family both `status` and `image` in a
 * tool result are documented for, and the one Strands sends `status` to by default.
 */
export const MODEL_ID: Readonly<Record<ProviderId, string>> = {
  'openai-chat': 'gpt-4o',
  'openai-responses': 'gpt-4o',
  anthropic: 'claude-sonnet-4-5',
  gemini: 'gemini-3-flash-preview',
  'bedrock-converse': 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
};
/** A Gemini 2.5 ID, for a row whose stack takes its older function-response path there (media as sibling parts). */
export const GEMINI_LEGACY_MODEL_ID = 'gemini-2.5-flash';
export const CALL_ID: Readonly<Record<ProviderId, string>> = {
  'openai-chat': 'call_1',
  'openai-responses': 'call_1',
  anthropic: 'toolu_1',
  gemini: 'call_1',
  'bedrock-converse': 'tooluse_1',
};

type Json = Record<string, unknown>;

/** The name of the first tool a request lists, in any of the five formats. */
function toolName(body: Json): string {
  const tools = Array.isArray(body['tools']) ? (body['tools'] as Json[]) : [];
  // Gemini: `tools: [{functionDeclarations: [{name}]}]` (a tool entry may be a built-in such as googleSearch instead).
  for (const t of tools) {
    const decls = t?.['functionDeclarations'] ?? t?.['function_declarations'];
    const first = Array.isArray(decls) ? (decls[0] as Json | undefined) : undefined;
    if (typeof first?.['name'] === 'string') return first['name'];
  }
  // Bedrock Converse: `toolConfig: {tools: [{toolSpec: {name}}]}`.
  const config = body['toolConfig'] as Json | undefined;
  const spec = (Array.isArray(config?.['tools']) ? (config['tools'][0] as Json | undefined) : undefined)?.['toolSpec'] as Json | undefined;
  if (typeof spec?.['name'] === 'string') return spec['name'];
  const t = tools[0];
  const fn = t?.['function'] as Json | undefined;
  const name = fn?.['name'] ?? t?.['name'];
  return typeof name === 'string' ? name : 'probe';
}

const json = (v: unknown): Response => new Response(JSON.stringify(v), { status: 200, headers: { 'content-type': 'application/json' } });

function sse(events: readonly (readonly [string | null, unknown])[]): Response {
  const text = events.map(([event, data]) => `${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`).join('');
  return new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function openaiChat(body: Json, call: boolean): Response {
  const name = toolName(body);
  const base = { id: 'chatcmpl-1', created: 0, model: MODEL_ID['openai-chat'], system_fingerprint: null };
  const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
  const toolCall = { id: CALL_ID['openai-chat'], type: 'function', function: { name, arguments: '{}' } };
  if (body['stream'] !== true) {
    const message = call ? { role: 'assistant', content: null, refusal: null, tool_calls: [toolCall] } : { role: 'assistant', content: 'done', refusal: null };
    return json({ ...base, object: 'chat.completion', choices: [{ index: 0, message, logprobs: null, finish_reason: call ? 'tool_calls' : 'stop' }], usage });
  }
  const chunk = (delta: Json, finish: string | null) =>
    [null, { ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] }] as const;
  return sse([
    chunk(call ? { role: 'assistant', content: null, tool_calls: [{ index: 0, ...toolCall }] } : { role: 'assistant', content: 'done' }, null),
    chunk({}, call ? 'tool_calls' : 'stop'),
    [null, { ...base, object: 'chat.completion.chunk', choices: [], usage }],
    [null, '[DONE]'],
  ]);
}

function openaiResponses(body: Json, call: boolean): Response {
  const name = toolName(body);
  const usage = {
    input_tokens: 1,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 1,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 2,
  };
  const item = call
    ? { type: 'function_call', id: 'fc_1', call_id: CALL_ID['openai-responses'], name, arguments: '{}', status: 'completed' }
    : { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done', annotations: [], logprobs: [] }] };
  const response = (status: string, output: unknown[]) => ({
    id: 'resp_1',
    object: 'response',
    created_at: 0,
    status,
    model: MODEL_ID['openai-responses'],
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    error: null,
    incomplete_details: null,
    instructions: null,
    metadata: {},
    temperature: null,
    top_p: null,
    text: { format: { type: 'text' } },
    truncation: 'disabled',
    usage: status === 'completed' ? usage : null,
  });
  if (body['stream'] !== true) return json(response('completed', [item]));
  let n = 0;
  const ev = (type: string, data: Json) => [type, { type, sequence_number: n++, ...data }] as const;
  const events = [ev('response.created', { response: response('in_progress', []) }), ev('response.in_progress', { response: response('in_progress', []) })];
  if (call) {
    events.push(ev('response.output_item.added', { output_index: 0, item: { ...item, arguments: '' } }));
    events.push(ev('response.function_call_arguments.delta', { item_id: 'fc_1', output_index: 0, delta: '{}' }));
    events.push(ev('response.function_call_arguments.done', { item_id: 'fc_1', output_index: 0, arguments: '{}' }));
  } else {
    const part = { type: 'output_text', text: '', annotations: [], logprobs: [] };
    events.push(ev('response.output_item.added', { output_index: 0, item: { ...item, status: 'in_progress', content: [] } }));
    events.push(ev('response.content_part.added', { item_id: 'msg_1', output_index: 0, content_index: 0, part }));
    events.push(ev('response.output_text.delta', { item_id: 'msg_1', output_index: 0, content_index: 0, delta: 'done', logprobs: [] }));
    events.push(ev('response.output_text.done', { item_id: 'msg_1', output_index: 0, content_index: 0, text: 'done', logprobs: [] }));
    events.push(ev('response.content_part.done', { item_id: 'msg_1', output_index: 0, content_index: 0, part: { ...part, text: 'done' } }));
  }
  events.push(ev('response.output_item.done', { output_index: 0, item }));
  events.push(ev('response.completed', { response: response('completed', [item]) }));
  return sse(events);
}

function anthropic(body: Json, call: boolean): Response {
  const name = toolName(body);
  const usage = { input_tokens: 1, output_tokens: 1, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const block = call ? { type: 'tool_use', id: CALL_ID.anthropic, name, input: {} } : { type: 'text', text: 'done' };
  const stop = call ? 'tool_use' : 'end_turn';
  const message = { id: 'msg_1', type: 'message', role: 'assistant', model: MODEL_ID.anthropic, stop_sequence: null, usage };
  if (body['stream'] !== true) return json({ ...message, content: [block], stop_reason: stop });
  const ev = (type: string, data: Json) => [type, { type, ...data }] as const;
  return sse([
    ev('message_start', { message: { ...message, content: [], stop_reason: null } }),
    ev('content_block_start', { index: 0, content_block: call ? { ...block, input: {} } : { type: 'text', text: '' } }),
    ev('content_block_delta', { index: 0, delta: call ? { type: 'input_json_delta', partial_json: '{}' } : { type: 'text_delta', text: 'done' } }),
    ev('content_block_stop', { index: 0 }),
    ev('message_delta', { delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } }),
    ev('message_stop', {}),
  ]);
}

/**
 * Gemini `generateContent`: one candidate whose content is the call or the text. A stream
 * (`:streamGenerateContent?alt=sse`) sends the same object as one `data:` event, which is how the
 * API streams a short answer; there is no terminator line.
 */
function gemini(body: Json, call: boolean, path: string): Response {
  // Gemini 3 signs each function call it makes; clients replay the signature with the call (without
  // one the AI SDK injects a placeholder and warns).
  const part = call ? { functionCall: { id: CALL_ID.gemini, name: toolName(body), args: {} }, thoughtSignature: 'ZmFrZS1zaWduYXR1cmU=' } : { text: 'done' };
  const answer = {
    candidates: [{ content: { role: 'model', parts: [part] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
    modelVersion: MODEL_ID.gemini,
    responseId: 'resp_1',
  };
  return path.includes(':streamGenerateContent') ? sse([[null, answer]]) : json(answer);
}

const BEDROCK_USAGE = { inputTokens: 1, outputTokens: 1, totalTokens: 2 };

/** Bedrock `Converse`, or for `/converse-stream` the `ConverseStream` events as AWS event-stream frames. */
function bedrockConverse(body: Json, call: boolean, path: string): Response {
  const id = CALL_ID['bedrock-converse'];
  const name = toolName(body);
  const stopReason = call ? 'tool_use' : 'end_turn';
  if (!path.endsWith('/converse-stream')) {
    const block = call ? { toolUse: { toolUseId: id, name, input: {} } } : { text: 'done' };
    return json({ output: { message: { role: 'assistant', content: [block] } }, stopReason, usage: BEDROCK_USAGE, metrics: { latencyMs: 1 } });
  }
  const events: [string, Json][] = [['messageStart', { role: 'assistant' }]];
  if (call) {
    events.push(['contentBlockStart', { contentBlockIndex: 0, start: { toolUse: { toolUseId: id, name } } }]);
    events.push(['contentBlockDelta', { contentBlockIndex: 0, delta: { toolUse: { input: '{}' } } }]);
  } else events.push(['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'done' } }]);
  events.push(
    ['contentBlockStop', { contentBlockIndex: 0 }],
    ['messageStop', { stopReason }],
    ['metadata', { usage: BEDROCK_USAGE, metrics: { latencyMs: 1 } }],
  );
  const frames = events.map(([type, payload]) =>
    eventStreamFrame({ ':event-type': type, ':content-type': 'application/json', ':message-type': 'event' }, JSON.stringify(payload)),
  );
  return new Response(Buffer.concat(frames), { status: 200, headers: { 'content-type': 'application/vnd.amazon.eventstream' } });
}

/**
 * One message of the AWS event-stream encoding: a prelude (total length, headers length, both
 * big-endian u32, then the CRC-32 of those 8 octets), the headers (name length u8, name, value type
 * 7 = string, value length u16, value), the payload, and the CRC-32 of everything before it.
 */
export function eventStreamFrame(headers: Readonly<Record<string, string>>, payload: string): Buffer {
  const head = Buffer.concat(
    Object.entries(headers).map(([name, value]) => {
      const n = Buffer.from(name, 'utf8');
      const v = Buffer.from(value, 'utf8');
      const h = Buffer.alloc(1 + n.length + 1 + 2 + v.length);
      h.writeUInt8(n.length, 0);
      n.copy(h, 1);
      h.writeUInt8(7, 1 + n.length);
      h.writeUInt16BE(v.length, 2 + n.length);
      v.copy(h, 4 + n.length);
      return h;
    }),
  );
  const body = Buffer.from(payload, 'utf8');
  const total = 12 + head.length + body.length + 4;
  const prelude = Buffer.alloc(12);
  prelude.writeUInt32BE(total, 0);
  prelude.writeUInt32BE(head.length, 4);
  prelude.writeUInt32BE(crc32(prelude.subarray(0, 8)), 8);
  const message = Buffer.concat([prelude, head, body]);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(crc32(message), 0);
  return Buffer.concat([message, trailer]);
}

const ANSWER: Readonly<Record<ProviderId, (body: Json, call: boolean, path: string) => Response>> = {
  'openai-chat': openaiChat,
  'openai-responses': openaiResponses,
  anthropic,
  gemini,
  'bedrock-converse': bedrockConverse,
};

/** A path with its escapes decoded (Bedrock model IDs arrive as `us.anthropic.claude…-v1%3A0`); a malformed escape stays as sent. */
function decodedPath(p: string): string {
  try {
    return decodeURIComponent(p);
  } catch {
    return p;
  }
}

export function fakeProvider(provider: ProviderId): FakeProvider {
  const bodies: unknown[] = [];
  const paths: string[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = url instanceof Request ? url : new Request(url, init);
    const path = decodedPath(new URL(request.url).pathname);
    paths.push(path);
    const text = await request.text();
    let body: Json;
    try {
      body = JSON.parse(text) as Json;
    } catch {
      return new Response(JSON.stringify({ error: { message: 'the fake provider takes JSON bodies' } }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    }
    bodies.push(body);
    return ANSWER[provider](body, bodies.length === 1, path);
  };
  return { fetch, bodies, paths };
}

/**
 * The provider of a step: the step input's `provider`, else `--provider ID` from the adapter's
 * arguments (for running an adapter by hand), checked against the formats the stack supports.
 */
export function stepProvider<P extends ProviderId>(input: { provider?: string }, supported: readonly P[]): P {
  const i = process.argv.indexOf('--provider');
  const v = input.provider ?? (i >= 0 ? process.argv[i + 1] : undefined);
  if (!supported.includes(v as P)) throw new Error(`this adapter sends through ${supported.join(', ')}; the step asked for ${String(v)}`);
  return v as P;
}

/** Which provider formats a provider package serves: a row names only its own provider's package. */
export const PROVIDER_PACKAGE_FORMATS: Readonly<Record<string, readonly ProviderId[]>> = {
  '@ai-sdk/openai': ['openai-chat', 'openai-responses'],
  '@ai-sdk/anthropic': ['anthropic'],
  '@langchain/openai': ['openai-chat', 'openai-responses'],
  '@langchain/anthropic': ['anthropic'],
  '@ai-sdk/google': ['gemini'],
  '@ai-sdk/amazon-bedrock': ['bedrock-converse'],
  '@langchain/google-genai': ['gemini'],
  '@langchain/aws': ['bedrock-converse'],
  '@google/genai': ['gemini'],
  // Python distributions (a Python row's version names them as `name@version` too).
  'langchain-openai': ['openai-chat', 'openai-responses'],
  'langchain-anthropic': ['anthropic'],
  openai: ['openai-chat', 'openai-responses'],
  anthropic: ['anthropic'],
  'google-genai': ['gemini'],
  'langchain-google-genai': ['gemini'],
  'langchain-aws': ['bedrock-converse'],
  boto3: ['bedrock-converse'],
  botocore: ['bedrock-converse'],
  // LiteLLM speaks every format itself: it is the provider package of each of its rows.
  litellm: ALL_PROVIDERS,
};
