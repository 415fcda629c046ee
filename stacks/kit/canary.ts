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
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const DATA_URL = /^data:[^,;]*(;[^,;]*)*;base64,([A-Za-z0-9+/]+={0,2})$/;

function isBase64Payload(s: string): boolean {
  return BASE64.test(s) || DATA_URL.test(s);
}

function partIsMedia(type: unknown, parent: boolean): boolean {
  if (typeof type !== 'string') return parent;
  if (MEDIA_TYPES.has(type)) return true;
  return TEXT_TYPES.has(type) ? false : parent;
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
  const walk = (v: unknown, path: string, mediaPart: boolean): void => {
    if (typeof v === 'string') {
      if (v.includes(canary)) out.push({ path, excerpt: excerpt(v, canary), form: mediaPart && isBase64Payload(v) ? 'media' : 'text' });
      return;
    }
    if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) walk(x, `${path}[${i}]`, mediaPart);
      return;
    }
    if (typeof v === 'object' && v !== null) {
      const type = (v as { type?: unknown }).type;
      const media = partIsMedia(type, mediaPart);
      for (const [k, x] of Object.entries(v)) {
        if (k.includes(canary)) out.push({ path: `${path}${pathKey(k)} (member name)`, excerpt: excerpt(k, canary), form: 'text' });
        walk(x, `${path}${pathKey(k)}`, media);
      }
    }
  };
  walk(value, root, false);
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
  const walk = (v: unknown, mediaPart: boolean): void => {
    if (typeof v === 'string') {
      if (mediaPart && isBase64Payload(v)) octets += Buffer.byteLength(v);
    } else if (Array.isArray(v)) for (const x of v) walk(x, mediaPart);
    else if (typeof v === 'object' && v !== null) {
      const type = (v as { type?: unknown }).type;
      const media = partIsMedia(type, mediaPart);
      for (const x of Object.values(v)) walk(x, media);
    }
  };
  walk(value, false);
  return octets;
}
