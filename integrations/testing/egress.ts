// What the egress tests of every integration share (issue 50, spec/11-stacks.md §11.7): the MCP
// results whose run-only channels carry canaries (structuredContent, _meta values and names,
// user-only text, base64 media, an error's structured body), and the search for them in the octets a
// stack persisted or exported. A store's octets are read as latin1 (one code point per octet), so a
// canary is found as UTF-8 text, as the base64 text of the media, and as the media's decoded octets.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Canaries of the run-only channels; none may stand in a store or an export. */
export const EGRESS = {
  structured: 'EGRESSstructVAL',
  structuredName: 'EGRESSstructNAME',
  meta: 'EGRESSmetaVAL',
  metaName: 'EGRESSmetaNAME',
  userOnly: 'EGRESSuserONLY',
  errorBody: 'EGRESSerrBODY',
} as const;

/** The media as base64 text; the search looks for it and for its decoded octets. */
export const MEDIA_BASE64 = Buffer.from('\u0089PNG\r\n\u001a\nEGRESSimg-octets').toString('base64');

/** What the model is meant to see of the success: present in the stores, so the search is not vacuous. */
export const MODEL_TEXT = 'Found 2 invoices for the model';
export const ERROR_TEXT = 'Invoice INV-9 not found for the model';

export const EGRESS_SUCCESS = {
  content: [
    { type: 'text', text: MODEL_TEXT },
    { type: 'text', text: `for the user only ${EGRESS.userOnly}`, annotations: { audience: ['user'] } },
    { type: 'image', data: MEDIA_BASE64, mimeType: 'image/png' },
  ],
  structuredContent: { invoices: [{ id: 'INV-1', [EGRESS.structuredName]: EGRESS.structured }] },
  _meta: { [EGRESS.metaName]: EGRESS.meta },
};

export const EGRESS_ERROR = {
  content: [{ type: 'text', text: ERROR_TEXT }],
  structuredContent: { code: 'not_found', detail: EGRESS.errorBody },
  isError: true,
  _meta: { [EGRESS.metaName]: EGRESS.meta },
};

/** One store or export the stack wrote, as latin1 text. */
export interface Egress {
  readonly where: string;
  readonly text: string;
}

/** Every canary form to look for: the strings, the media's base64 and its decoded octets (latin1). */
function needles(): { readonly name: string; readonly text: string }[] {
  return [
    ...Object.entries(EGRESS).map(([name, text]) => ({ name, text })),
    { name: 'media as base64', text: MEDIA_BASE64 },
    { name: 'media as octets', text: Buffer.from(MEDIA_BASE64, 'base64').toString('latin1') },
  ];
}

/** Each canary found, as "canary in where", for an assertion message that names the store. */
export function canariesIn(stores: readonly Egress[]): string[] {
  const found: string[] = [];
  for (const s of stores) for (const n of needles()) if (s.text.includes(n.text)) found.push(`${n.name} in ${s.where}`);
  return found;
}

/** Whether `text` (UTF-8) stands in any store, for the check that the store holds the call at all. */
export function holds(stores: readonly Egress[], text: string): boolean {
  const latin1 = Buffer.from(text, 'utf8').toString('latin1');
  return stores.some((s) => s.text.includes(latin1));
}

/** Every file of a directory (a database and its -wal/-journal files), as latin1. */
export function filesOf(dir: string): Egress[] {
  return readdirSync(dir).map((name) => ({ where: name, text: readFileSync(join(dir, name)).toString('latin1') }));
}

/** A string as a store of its own (a serialized state, an exported body). */
export function textStore(where: string, text: string | Uint8Array): Egress {
  return { where, text: typeof text === 'string' ? Buffer.from(text, 'utf8').toString('latin1') : Buffer.from(text).toString('latin1') };
}
