// MCP CallToolResult -> bounded result (spec/10-normalization.md §10.3–§10.6). Accepts the shapes
// of MCP 2025-06-18, 2025-11-25 and 2026-07-28: they differ only in what `structuredContent` may be,
// and any JSON value is taken (an object is a special case).
import type { BoundedToolResult } from '../tool-result.ts';
import { assemble } from './assemble.ts';
import { emptyDraft } from './draft.ts';
import { addMcpBlock } from './mcp-blocks.ts';
import { type NormalizeOptions, resolveNormalizeOptions } from './options.ts';
import { MALFORMED_MCP } from './pinned-text.ts';
import { field, isPlainArray, isPlainObject, items } from './read-plain.ts';

/** Normalizes what an MCP client returned for tools/call. Throws only for invalid options. */
export function normalizeMcp(value: unknown, options?: NormalizeOptions): BoundedToolResult {
  const resolved = resolveNormalizeOptions(options);
  const malformed = (): BoundedToolResult => {
    const draft = emptyDraft(true);
    draft.pieces.push(MALFORMED_MCP);
    return assemble(draft, resolved);
  };

  // TR-NORM-40: a result that is not one is reported as a failed call, echoing nothing.
  if (!isPlainObject(value)) return malformed();
  const given = field(value, 'content');
  const content = given === undefined ? [] : given; // the SDK, too, reads a missing content as []
  if (!isPlainArray(content)) return malformed();
  const isError = field(value, 'isError');
  if (isError !== undefined && typeof isError !== 'boolean') return malformed();

  const draft = emptyDraft(isError === true);
  const blocks = items(content);
  for (let i = 0; i < blocks.length; i++) addMcpBlock(draft, blocks[i], `content[${i}]`);

  // TR-NORM-18/19: structuredContent, any JSON value (null included), is kept on success and error.
  // `_meta` is never read (TR-NORM-21).
  const structured = field(value, 'structuredContent');
  if (structured !== undefined) {
    draft.hasStructured = true;
    draft.structured = structured;
  }
  return assemble(draft, resolved);
}
