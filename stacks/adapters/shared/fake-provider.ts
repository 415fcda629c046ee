// A model provider in process: a `fetch` that the stack's own provider package is given in place of
// the network. It records the exact HTTP body of every request and answers in that provider's own
// format, as JSON or, when the body asks for `stream: true`, as server-sent events: first a call of
// the one tool the request lists, then the text "done". Three wire formats: OpenAI Chat Completions,
// OpenAI Responses and Anthropic Messages. Nothing leaves the process.

export type ProviderId = 'openai-chat' | 'openai-responses' | 'anthropic';
export const PROVIDERS: readonly ProviderId[] = ['openai-chat', 'openai-responses', 'anthropic'];

export interface FakeProvider {
  readonly fetch: (url: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** Each request body, parsed, in the order sent. */
  readonly bodies: unknown[];
  /** Request paths, in the order sent (a stack calling the wrong API shows here). */
  readonly paths: string[];
}

/** The model ID each fake answers as (the provider packages need one; none is ever called). */
export const MODEL_ID: Readonly<Record<ProviderId, string>> = { 'openai-chat': 'gpt-4o', 'openai-responses': 'gpt-4o', anthropic: 'claude-sonnet-4-5' };
export const CALL_ID: Readonly<Record<ProviderId, string>> = { 'openai-chat': 'call_1', 'openai-responses': 'call_1', anthropic: 'toolu_1' };

type Json = Record<string, unknown>;

/** The name of the first tool a request lists, in any of the three formats. */
function toolName(body: Json): string {
  const t = (Array.isArray(body['tools']) ? body['tools'][0] : undefined) as Json | undefined;
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

const ANSWER: Readonly<Record<ProviderId, (body: Json, call: boolean) => Response>> = {
  'openai-chat': openaiChat,
  'openai-responses': openaiResponses,
  anthropic,
};

export function fakeProvider(provider: ProviderId): FakeProvider {
  const bodies: unknown[] = [];
  const paths: string[] = [];
  const fetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = url instanceof Request ? url : new Request(url, init);
    paths.push(new URL(request.url).pathname);
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
    return ANSWER[provider](body, bodies.length === 1);
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
  // Python distributions (a Python row's version names them as `name@version` too).
  'langchain-openai': ['openai-chat', 'openai-responses'],
  'langchain-anthropic': ['anthropic'],
  openai: ['openai-chat', 'openai-responses'],
  anthropic: ['anthropic'],
};
