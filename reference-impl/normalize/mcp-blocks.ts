// One MCP content block into a Draft (spec/10-normalization.md §10.3, table of block rules).
// The bytes of image, audio and blob data are never copied: only their decoded size is measured.
import { isModelFacing } from './audience.ts';
import { base64DecodedSize } from './base64-size.ts';
import { type Draft, pushOmitted, sizeCell, stringCell } from './draft.ts';
import { invalidBlock, unsupportedBlock } from './pinned-text.ts';
import { field, isPlainObject, stringField } from './read-plain.ts';

const KNOWN = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);

/** Adds block `block`, found at `locator`, to `draft`. `forModel` false: the source kept it off the wire. */
export function addMcpBlock(draft: Draft, block: unknown, locator: string, forModel = true): void {
  if (!isPlainObject(block)) {
    if (forModel) draft.pieces.push(unsupportedBlock(undefined));
    return;
  }
  const type = field(block, 'type');
  const modelFacing = forModel && isModelFacing(block);
  if (typeof type !== 'string' || !KNOWN.has(type)) {
    if (modelFacing) draft.pieces.push(unsupportedBlock(type));
    return;
  }
  const invalid = (): void => {
    if (modelFacing) draft.pieces.push(invalidBlock(type));
  };

  switch (type) {
    case 'text': {
      const text = stringField(block, 'text');
      if (text === undefined) return invalid();
      if (modelFacing) {
        draft.pieces.push(text);
      } else {
        draft.references.push({ locator, kind: 'text', mimeType: '', size: String(Buffer.byteLength(text, 'utf8')), uri: '' });
        draft.runOnlyTexts.push({ locator, text });
      }
      return;
    }
    case 'image':
    case 'audio': {
      const data = stringField(block, 'data');
      const size = data === undefined ? undefined : base64DecodedSize(data);
      if (size === undefined) return invalid();
      draft.references.push({ locator, kind: type, mimeType: stringCell(field(block, 'mimeType')), size: String(size), uri: '' });
      if (modelFacing) pushOmitted(draft, type);
      return;
    }
    case 'resource': {
      const resource = field(block, 'resource');
      const uri = stringField(resource, 'uri');
      if (!isPlainObject(resource) || uri === undefined) return invalid();
      const mimeType = stringCell(field(resource, 'mimeType'));
      const text = stringField(resource, 'text');
      const blob = stringField(resource, 'blob');
      // TR-NORM-42: a member that is there counts, whatever it holds (undefined reads as absent,
      // TR-NORM-64): `text: 5` beside a blob is "both", an invalid block, not a blob resource.
      if (field(resource, 'text') !== undefined && field(resource, 'blob') !== undefined) return invalid();
      if (text !== undefined && blob === undefined) {
        // TR-NORM-15: an embedded text resource is text the server shared; it reads like a text block.
        draft.references.push({ locator, kind: 'resource', mimeType, size: String(Buffer.byteLength(text, 'utf8')), uri });
        if (modelFacing) draft.pieces.push(text);
        else draft.runOnlyTexts.push({ locator, text });
        return;
      }
      const size = blob === undefined || text !== undefined ? undefined : base64DecodedSize(blob);
      if (size === undefined) return invalid();
      draft.references.push({ locator, kind: 'resource', mimeType, size: String(size), uri });
      if (modelFacing) pushOmitted(draft, 'resource');
      return;
    }
    case 'resource_link': {
      const uri = stringField(block, 'uri');
      if (uri === undefined || stringField(block, 'name') === undefined) return invalid();
      draft.references.push({ locator, kind: 'resource_link', mimeType: stringCell(field(block, 'mimeType')), size: sizeCell(field(block, 'size')), uri });
      if (modelFacing) pushOmitted(draft, 'resource_link');
      return;
    }
  }
}
