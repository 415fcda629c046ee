// One LangChain content block (a ToolMessage's content array, or an entry of the JS MCP adapter's
// artifact list) into a Draft (spec/10-normalization.md §10.7). Covers the block shapes
// @langchain/core 1.x and @langchain/mcp-adapters produce: text, image_url, and the multimodal
// image / audio / video / file blocks in the JavaScript v1 form (mimeType, data, url), the Python v1
// form that langchain-core's create_*_block builds (base64, mime_type, url, id) and the legacy form
// (source_type, mime_type, data, url, text).
import { types } from 'node:util';
import { base64DecodedSize } from './base64-size.ts';
import { type Draft, pushOmitted, stringCell } from './draft.ts';
import { invalidBlock, unsupportedBlock } from './pinned-text.ts';
import { field, isPlainObject, stringField } from './read-plain.ts';

const typedArrayByteLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'byteLength')!.get!;

const MULTIMODAL = new Set(['image', 'audio', 'video', 'file']);

interface Located {
  readonly mimeType: string;
  readonly size: number | undefined;
  readonly uri: string;
}

const DATA_URL = /^data:([^,;]*)((?:;[^,;]*)*?);base64,/i;

/** Whether a string is a `data:` URL: its first five characters, ASCII letters in any case. */
export const isDataUrl = (url: string): boolean => url.slice(0, 5).toLowerCase() === 'data:';

/** A base64 data: URL's declared MIME type and decoded size (TR-NORM-11), or undefined when it is not one. */
export function readDataUrl(url: string): { mimeType: string; size: number } | undefined {
  const head = DATA_URL.exec(url.slice(0, 512));
  if (head === null) return undefined; // a data: URL that is not base64 is not a shape we know
  const size = base64DecodedSize(url.slice(head[0].length));
  return size === undefined ? undefined : { mimeType: head[1]!, size };
}

/** What a URL says about the data: a data: URL is bytes, so only its type and size are kept. */
function fromUrl(url: string, mimeType: string): Located | undefined {
  if (!isDataUrl(url)) return { mimeType, size: undefined, uri: url };
  const read = readDataUrl(url);
  if (read === undefined) return undefined;
  return { mimeType: mimeType !== '' ? mimeType : read.mimeType, size: read.size, uri: '' };
}

/**
 * `base64` (Python's v1 blocks) or `data` (JavaScript's v1 and the legacy form) holds the bytes
 * themselves: base64 text or a native byte array, never a `data:` URL (TR-NORM-51). LangChain's own
 * provider converters write `data:<mime>;base64,` before it, so a URL there is a broken block.
 */
function fromData(data: unknown, mimeType: string): Located | undefined {
  // By internal slot and the intrinsic getter: `instanceof` and `.byteLength` would walk the value's
  // prototype chain, where a proxy's traps run.
  if (types.isUint8Array(data)) return { mimeType, size: typedArrayByteLength.call(data) as number, uri: '' };
  if (typeof data !== 'string') return undefined;
  const size = base64DecodedSize(data);
  return size === undefined ? undefined : { mimeType, size, uri: '' };
}

/** Adds a LangChain block. `forModel` false: the block sat in the artifact, not in content. */
export function addLangChainBlock(draft: Draft, block: unknown, locator: string, forModel = true): void {
  if (typeof block === 'string') {
    if (forModel) draft.pieces.push(block);
    else draft.runOnlyTexts.push({ locator, text: block });
    return;
  }
  if (!isPlainObject(block)) {
    if (forModel) draft.pieces.push(unsupportedBlock(undefined));
    return;
  }
  const type = field(block, 'type');
  const invalid = (): void => {
    if (forModel) draft.pieces.push(invalidBlock(type as string));
  };

  if (type === 'text') {
    const text = stringField(block, 'text');
    if (text === undefined) return invalid();
    if (forModel) draft.pieces.push(text);
    else {
      draft.references.push({ locator, kind: 'text', mimeType: '', size: String(Buffer.byteLength(text, 'utf8')), uri: '' });
      draft.runOnlyTexts.push({ locator, text });
    }
    return;
  }

  if (type === 'image_url') {
    const iu = field(block, 'image_url');
    const url = typeof iu === 'string' ? iu : stringField(iu, 'url');
    const loc = url === undefined ? undefined : fromUrl(url, '');
    if (loc === undefined) return invalid();
    draft.references.push({ locator, kind: 'image_url', mimeType: loc.mimeType, size: loc.size === undefined ? '' : String(loc.size), uri: loc.uri });
    if (forModel) pushOmitted(draft, 'image_url');
    return;
  }

  if (typeof type === 'string' && MULTIMODAL.has(type)) {
    const mimeType = stringCell(field(block, 'mimeType') ?? field(block, 'mime_type'));
    const sourceType = field(block, 'source_type');
    const text = stringField(block, 'text');
    // TR-NORM-51: the first of `base64` and `data` that is given is the data; `url` only without both.
    const dataMember = field(block, 'base64') !== undefined ? 'base64' : 'data';
    const data = field(block, dataMember);
    if (type === 'file' && text !== undefined && (sourceType === 'text' || sourceType === undefined) && data === undefined) {
      // A text file block is the adapter's form of an embedded text resource (TR-NORM-15).
      const uri = stringCell(field(field(block, 'metadata'), 'uri')); // the only block whose metadata is read
      draft.references.push({ locator, kind: 'file', mimeType, size: String(Buffer.byteLength(text, 'utf8')), uri });
      if (forModel) draft.pieces.push(text);
      else draft.runOnlyTexts.push({ locator, text });
      return;
    }
    const url = stringField(block, 'url');
    let loc: Located | undefined;
    if (data !== undefined) loc = fromData(data, mimeType);
    else if (url !== undefined) loc = fromUrl(url, mimeType);
    if (loc === undefined) return invalid();
    draft.references.push({
      locator,
      kind: type,
      mimeType: loc.mimeType,
      size: loc.size === undefined ? '' : String(loc.size),
      // TR-NORM-51: metadata is read only for a text file block; a data block's URI is none.
      uri: loc.uri,
    });
    if (forModel) pushOmitted(draft, type);
    return;
  }

  if (forModel) draft.pieces.push(unsupportedBlock(type));
}
