// Canaries for the stack checks: tokens planted in one place of a CallToolResult, looked for in what
// the stack sent to its model. A token is 12 characters of the base64 alphabet, so it can stand inside
// base64 data too (aligned to 4 characters, it survives any re-encoding that keeps the base64 text),
// and it starts with `TRC` and a role letter, which the generated filler text never contains.
import type { Occurrence as GeneratedOccurrence } from '../../generated/conformance.ts';
import fc from 'fast-check';

export type Role = 'visible' | 'userOnly' | 'structured' | 'meta' | 'binary';

const ROLE_LETTER: Readonly<Record<Role, string>> = { visible: 'V', userOnly: 'U', structured: 'S', meta: 'M', binary: 'B' };
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function canaryArb(role: Role): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...ALNUM), { minLength: 8, maxLength: 8 }).map((cs) => `TRC${ROLE_LETTER[role]}${cs.join('')}`);
}

/** Where a canary was found: the path of the string that holds it, and that string around it. */
/** Where a canary stands: the report's Occurrence (path, the excerpt with the canary marked ⟦like this⟧, and `media` when the string is base64 data inside a typed media part). */
export type Occurrence = Readonly<GeneratedOccurrence>;

// The part types providers take as images, audio or files: in the provider bodies (OpenAI Chat
// `image_url`, `input_audio`, `file`; Responses `input_image`, `input_file`; Anthropic `image` and
// `document` with a base64 `source`) and at the model interface (AI SDK prompt, LangChain content
// blocks, OpenAI Agents input items).
const MEDIA_TYPES = new Set([
  'image',
  'image_url',
  'input_image',
  'audio',
  'input_audio',
  'file',
  'input_file',
  'document',
  'media',
  'image-data',
  'file-data',
  'image-url',
  'file-url',
]);
// Part types that carry text: one of these inside a media part is text again. Any other `type` (the
// AI SDK's `{type:"data"}` holder) keeps what its parent was.
const TEXT_TYPES = new Set([
  'text',
  'input_text',
  'output_text',
  'json',
  'content',
  'error-text',
  'error-json',
  'tool-result',
  'function_call_result',
  'message',
]);
// Gemini and Bedrock name a part by its one member instead of a `type`: Gemini's `inlineData` and
// `fileData` (snake_case in the Python SDK's own objects), Bedrock's `image`, `document` and
// `video` blocks with a `source`.
const MEDIA_MEMBERS = new Set(['inlineData', 'inline_data', 'fileData', 'file_data']);
const BEDROCK_MEDIA_MEMBERS = new Set(['image', 'document', 'video']);
const FUNCTION_RESPONSE = new Set(['functionResponse', 'function_response']);
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// The Python google-genai SDK writes a `bytes` field (Gemini's inline `data`) in the URL-safe alphabet
// (RFC 4648 §5, `-` and `_`), which the Gemini API's JSON accepts as it does the other. Only a `data`
// member is read so: a media part's `type` (`image_url`, `input_image`) is in that alphabet too.
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const DATA_URL = /^data:[^,;]*(;[^,;]*)*;base64,([A-Za-z0-9+/]+={0,2})$/;

function isBase64Payload(s: string): boolean {
  return BASE64.test(s) || DATA_URL.test(s);
}

/**
 * What a value stands in: `media` (a media part's payload), `json` (a JSON slot the provider hands
 * the model as text: Gemini's `functionResponse.response`, a Bedrock `json` block; nothing under it
 * is a media part, whatever its members say, because the model reads its serialization), or `plain`.
 */
type Context = 'plain' | 'media' | 'json';

/** The context of an object's members, from the context it stands in and its `type`. */
function objectContext(v: object, ctx: Context): Context {
  if (ctx === 'json') return 'json';
  const type = (v as { type?: unknown }).type;
  if (typeof type !== 'string') return ctx;
  if (MEDIA_TYPES.has(type)) return 'media';
  return TEXT_TYPES.has(type) ? 'plain' : ctx;
}

/** The context of member `key` of an object (itself member `own` of its parent), whose members stand in `ctx`. */
function memberContext(ctx: Context, own: string | undefined, key: string, value: unknown): Context {
  if (ctx === 'json') return 'json';
  if (key === 'json' || (key === 'response' && own !== undefined && FUNCTION_RESPONSE.has(own))) return 'json';
  if (MEDIA_MEMBERS.has(key)) return 'media';
  if (BEDROCK_MEDIA_MEMBERS.has(key) && typeof value === 'object' && value !== null && 'source' in value) return 'media';
  return ctx;
}

/** Every string of a JSON value with its path, whether it is a media part's payload, and each member name. */
function walkStrings(
  value: unknown,
  root: string,
  onString: (s: string, path: string, media: boolean) => void,
  onKey?: (k: string, path: string) => void,
): void {
  const walk = (v: unknown, path: string, ctx: Context, own: string | undefined): void => {
    if (typeof v === 'string') {
      onString(v, path, ctx === 'media' && (isBase64Payload(v) || (own === 'data' && BASE64URL.test(v))));
      return;
    }
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, `${path}[${i}]`, ctx, own);
      return;
    }
    if (typeof v === 'object' && v !== null) {
      const inner = objectContext(v, ctx);
      for (const [k, x] of Object.entries(v)) {
        onKey?.(k, `${path}${pathKey(k)}`);
        walk(x, `${path}${pathKey(k)}`, memberContext(inner, own, k, x), k);
      }
    }
  };
  walk(value, root, 'plain', undefined);
}

const EXCERPT = 60;

export function excerpt(s: string, canary: string): string {
  const i = s.indexOf(canary);
  const start = Math.max(0, i - EXCERPT);
  const end = Math.min(s.length, i + canary.length + EXCERPT);
  const before = (start > 0 ? '…' : '') + s.slice(start, i);
  const after = s.slice(i + canary.length, end) + (end < s.length ? '…' : '');
  return `${before}⟦${canary}⟧${after}`;
}

const pathKey = (k: string): string => (/^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`);

/** Every string (member names included) of a JSON value that holds `canary`. */
export function findCanary(value: unknown, canary: string, root = '$'): Occurrence[] {
  const out: Occurrence[] = [];
  walkStrings(
    value,
    root,
    (v, path, media) => {
      if (v.includes(canary)) out.push({ path, excerpt: excerpt(v, canary), form: media ? 'media' : 'text' });
    },
    (k, path) => {
      if (k.includes(canary)) out.push({ path: `${path} (member name)`, excerpt: excerpt(k, canary), form: 'text' });
    },
  );
  return out;
}

/** How many times a canary stands in a JSON value (strings and member names, every occurrence). */
export function countCanary(value: unknown, canary: string): number {
  const inString = (s: string): number => s.split(canary).length - 1;
  if (typeof value === 'string') return inString(value);
  if (Array.isArray(value)) return value.reduce((n: number, x) => n + countCanary(x, canary), 0);
  if (typeof value === 'object' && value !== null) return Object.entries(value).reduce((n, [k, x]) => n + inString(k) + countCanary(x, canary), 0);
  return 0;
}

/** Every string of a JSON value that is base64 data inside a media part, with its length. */
export function mediaStrings(value: unknown): number {
  let octets = 0;
  walkStrings(value, '$', (v, _path, media) => {
    if (media) octets += Buffer.byteLength(v);
  });
  return octets;
}
