// A planted stack: an adapter that speaks the stack protocol (hello, step, stop) like any row's, but
// builds its provider bodies and model-interface requests by hand, each in a way the kit must catch
// (stacks/kit/judging.test.ts). No stack package runs; the kit's runner drives it as a child
// process, exactly as it drives a real stack. `--plant NAME` picks the misbehaviour:
//
// - `model-column`: the body carries the whole result as JSON (every `_meta` leaks there); the
//   model interface carries only the visible text and, when the result has one, the result-level
//   `_meta`, so only a later case fails at the model interface.
// - `error-elsewhere`: an error result's tool-result part carries the provider's error signal but
//   no error text; the text is sent in a system prompt that begins with "Error".
// - `meta-keys`: the tool-result text is the visible text and the names of the `_meta` members
//   (a stack that forwards `_meta`'s keys as hints).
// - `error-unmarked`: an error result's text arrives in a tool-result part without any error signal;
//   a success is sent as the faithful text.
// - `error-unmarked-or-lost`: as `error-unmarked`, but an error result with an image loses its text.
// - `faithful`: the visible text only, an error marked in the provider's form (passes every check
//   it is run on); it reports no persisted state and no telemetry.
// - `checkpoint-structured`: faithful bodies, and a checkpoint that holds the tool message with the
//   result's `structuredContent` beside its text (as a stack that keeps the whole result in its
//   message state would persist it); no telemetry (a reason given).
// - `span-meta`: faithful bodies, and an exported span whose attribute holds the result's `_meta`;
//   nothing persisted (a reason given).
// - `session-octets`: faithful bodies, and a session file that holds the octets every base64 `data`
//   or `blob` of the result decodes to (as a store that keeps the decoded image).
// - `content-only`: faithful bodies, and a span that holds the whole result only when the step is
//   asked with `telemetry: "content"`.
// - `json-slot`: at Gemini and Bedrock, the whole CallToolResult goes into the format's JSON slot
//   (`functionResponse.response`, a Bedrock `json` block), as Google ADK and the GenAI SDKs' MCP
//   bridges send it: `structuredContent`, `_meta` with its member names and the base64 of every image
//   reach the model as JSON text. The model interface is faithful.
// - `media-parts`: at Gemini and Bedrock, the faithful text plus each image as the format's own media
//   part (`functionResponse.parts[].inlineData`, a Bedrock `image` block).
import { describeThrow, serve, type StepInput, type StepOutput } from '../adapters/shared/adapter-loop.ts';

type Obj = Record<string, unknown>;
const PLANTS = [
  'model-column',
  'error-elsewhere',
  'meta-keys',
  'error-unmarked',
  'error-unmarked-or-lost',
  'faithful',
  'checkpoint-structured',
  'span-meta',
  'session-octets',
  'content-only',
  'json-slot',
  'media-parts',
] as const;
type Plant = (typeof PLANTS)[number];

const i = process.argv.indexOf('--plant');
const plant = process.argv[i + 1] as Plant;
if (i < 0 || !PLANTS.includes(plant)) throw new Error(`--plant takes one of ${PLANTS.join(', ')}`);

const PROMPT = { role: 'user', content: 'Look it up.' };

/** The text of the blocks a faithful stack gives the model (no user-only block). */
function visibleText(result: Obj): string {
  const blocks = (Array.isArray(result['content']) ? result['content'] : []) as Obj[];
  return blocks
    .filter((b) => {
      const audience = (b['annotations'] as Obj | undefined)?.['audience'];
      return !Array.isArray(audience) || audience.includes('assistant');
    })
    .map((b) =>
      typeof b['text'] === 'string'
        ? b['text']
        : typeof (b['resource'] as Obj | undefined)?.['text'] === 'string'
          ? ((b['resource'] as Obj)['text'] as string)
          : '',
    )
    .filter((t) => t !== '')
    .join('\n');
}

/** Every member name of every `_meta` in the result. */
function metaKeys(v: unknown): string[] {
  if (Array.isArray(v)) return v.flatMap(metaKeys);
  if (typeof v !== 'object' || v === null) return [];
  return Object.entries(v).flatMap(([k, x]) => (k === '_meta' && typeof x === 'object' && x !== null ? [...Object.keys(x), ...metaKeys(x)] : metaKeys(x)));
}

interface ToolAnswer {
  readonly text: string;
  readonly isError: boolean;
  /** A system prompt sent with the request after the tool ran. */
  readonly system?: string;
  /** Gemini and Bedrock: a JSON value sent in the format's JSON slot in place of the text. */
  readonly slot?: unknown;
  /** Gemini and Bedrock: images sent as the format's media parts beside the text. */
  readonly images?: readonly { readonly data: string; readonly mimeType: string }[];
}

/** Gemini's request after the tool ran: the answer as a `functionResponse` (an error as `response: {error}`). */
function geminiBody(answer: ToolAnswer): Obj {
  const response = answer.slot ?? (answer.isError ? { error: answer.text } : { output: answer.text });
  const media = (answer.images ?? []).map((i) => ({ inlineData: { mimeType: i.mimeType, data: i.data } }));
  return {
    ...(answer.system !== undefined ? { systemInstruction: { parts: [{ text: answer.system }] } } : {}),
    contents: [
      { role: 'user', parts: [{ text: PROMPT.content }] },
      { role: 'model', parts: [{ functionCall: { id: 'call_1', name: 'probe', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { id: 'call_1', name: 'probe', response, ...(media.length > 0 ? { parts: media } : {}) } }] },
    ],
  };
}

/** Bedrock's request after the tool ran: the answer as a `toolResult` (an error with `status: "error"`). */
function bedrockBody(answer: ToolAnswer): Obj {
  const media = (answer.images ?? []).map((i) => ({ image: { format: i.mimeType.slice('image/'.length), source: { bytes: i.data } } }));
  const content = answer.slot !== undefined ? [{ json: answer.slot }] : [{ text: answer.text }, ...media];
  return {
    ...(answer.system !== undefined ? { system: [{ text: answer.system }] } : {}),
    messages: [
      { role: 'user', content: [{ text: PROMPT.content }] },
      { role: 'assistant', content: [{ toolUse: { toolUseId: 'tooluse_1', name: 'probe', input: {} } }] },
      { role: 'user', content: [{ toolResult: { toolUseId: 'tooluse_1', content, ...(answer.isError ? { status: 'error' } : {}) } }] },
    ],
  };
}

/** The request before the tool ran (`answer` undefined) or after, in the provider's format. */
function body(provider: string, answer: ToolAnswer | undefined): Obj {
  if (answer === undefined) return provider === 'openai-responses' ? { model: 'planted', input: [PROMPT] } : { model: 'planted', messages: [PROMPT] };
  if (provider === 'gemini') return geminiBody(answer);
  if (provider === 'bedrock-converse') return bedrockBody(answer);
  if (provider === 'anthropic') {
    return {
      model: 'planted',
      ...(answer.system !== undefined ? { system: answer.system } : {}),
      messages: [
        PROMPT,
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'probe', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: answer.text, ...(answer.isError ? { is_error: true } : {}) }] },
      ],
    };
  }
  // OpenAI formats have no error field: an error is marked in band, as the JSON text {"error": …}.
  if (provider === 'openai-responses') {
    return {
      model: 'planted',
      ...(answer.system !== undefined ? { instructions: answer.system } : {}),
      input: [
        PROMPT,
        { type: 'function_call', call_id: 'call_1', name: 'probe', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: answer.text },
      ],
    };
  }
  return {
    model: 'planted',
    messages: [
      ...(answer.system !== undefined ? [{ role: 'system', content: answer.system }] : []),
      PROMPT,
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'probe', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: answer.text },
    ],
  };
}

/** The OpenAI formats have no error field: there an error is marked in band; the others carry `isError` in their own signal. */
const marked = (provider: string, text: string, isError: boolean): ToolAnswer => ({
  text: isError && provider.startsWith('openai-') ? JSON.stringify({ error: text }) : text,
  isError,
});

function answers(provider: string, result: Obj): { body: ToolAnswer; model: ToolAnswer } {
  const isError = result['isError'] === true;
  const text = visibleText(result);
  const faithful = marked(provider, text, isError);
  switch (plant) {
    case 'model-column': {
      const meta = result['_meta'] === undefined ? '' : ` ${JSON.stringify(result['_meta'])}`;
      return { body: { text: JSON.stringify(result), isError }, model: { text: `${text}${meta}`, isError } };
    }
    case 'error-elsewhere': {
      const a: ToolAnswer = isError ? { ...marked(provider, 'the tool failed', true), system: `Error: the last tool call failed: ${text}` } : faithful;
      return { body: a, model: a };
    }
    case 'meta-keys': {
      const a = marked(provider, [text, ...metaKeys(result).map((k) => `hint: ${k}`)].join('\n'), isError);
      return { body: a, model: a };
    }
    case 'error-unmarked':
    case 'error-unmarked-or-lost': {
      const hasImage = ((result['content'] ?? []) as Obj[]).some((b) => b['type'] === 'image');
      const a: ToolAnswer = !isError ? faithful : plant === 'error-unmarked-or-lost' && hasImage ? { text: '', isError: false } : { text, isError: false };
      return { body: a, model: a };
    }
    case 'json-slot':
      return { body: { ...faithful, slot: result }, model: faithful };
    case 'media-parts': {
      const images = ((result['content'] ?? []) as Obj[])
        .filter((b) => b['type'] === 'image' && typeof b['data'] === 'string')
        .map((b) => ({ data: b['data'] as string, mimeType: typeof b['mimeType'] === 'string' ? b['mimeType'] : 'image/png' }));
      return { body: { ...faithful, images }, model: faithful };
    }
    default:
      return { body: faithful, model: faithful };
  }
}

const latin1 = (s: string): string => Buffer.from(s, 'utf8').toString('latin1');

/** The octets of every base64 `data` or `blob` of a result, decoded. */
function decodedData(v: unknown): Buffer[] {
  if (Array.isArray(v)) return v.flatMap(decodedData);
  if (typeof v !== 'object' || v === null) return [];
  return Object.entries(v).flatMap(([k, x]) => ((k === 'data' || k === 'blob') && typeof x === 'string' ? [Buffer.from(x, 'base64')] : decodedData(x)));
}

/** What the plant persists and exports for one step. */
function egress(input: StepInput, text: string): Pick<StepOutput, 'persisted' | 'persistedNotApplicable' | 'exported' | 'exportedNotApplicable'> {
  const r = input.result;
  switch (plant) {
    case 'checkpoint-structured': {
      const message = { role: 'tool', content: text, artifact: { structuredContent: r['structuredContent'] ?? null } };
      return {
        persisted: [{ where: 'planted checkpoint checkpoints.db', text: latin1(`\x00\x01checkpoint${JSON.stringify({ messages: [message] })}\x00`) }],
        exportedNotApplicable: 'the planted stack has no tracing',
      };
    }
    case 'span-meta':
      return {
        persistedNotApplicable: 'the planted stack keeps no state for a resumable run',
        exported: [
          { where: 'POST /v1/traces', text: latin1(JSON.stringify({ attributes: { 'tool.meta': JSON.stringify(r['_meta'] ?? null), 'tool.output': text } })) },
        ],
      };
    case 'session-octets':
      return {
        persisted: [{ where: 'planted session session.db', text: Buffer.concat([Buffer.from('SQLite format 3\x00'), ...decodedData(r)]).toString('latin1') }],
        exportedNotApplicable: 'the planted stack has no tracing',
      };
    case 'content-only':
      return {
        persistedNotApplicable: 'the planted stack keeps no state for a resumable run',
        exported: [{ where: 'POST /v1/traces', text: latin1(JSON.stringify({ output: input.telemetry === 'content' ? r : text })) }],
      };
    default:
      return {};
  }
}

async function step(input: StepInput): Promise<StepOutput> {
  const provider = input.provider ?? 'openai-chat';
  try {
    const a = answers(provider, input.result);
    const system = a.model.system !== undefined ? [{ role: 'system', content: a.model.system }] : [];
    const model = [...system, PROMPT, { role: 'tool', toolCallId: 'call_1', content: a.model.text, isError: a.model.isError }];
    return {
      requests: [body(provider, undefined), body(provider, a.body)],
      modelRequests: [[PROMPT], model],
      kept: input.result['structuredContent'] ?? null,
      threw: null,
      ...egress(input, a.body.text),
    };
  } catch (e) {
    return { requests: [], kept: null, threw: describeThrow(e) };
  }
}

serve({ name: `planted (${plant})`, version: 'planted@0.0.0', step });
