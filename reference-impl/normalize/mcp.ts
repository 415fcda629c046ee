// MCP CallToolResult -> bounded result (spec/10-normalization.md §10.3–§10.6). Accepts the results
// of MCP 2025-06-18, 2025-11-25 and 2026-07-28 (any JSON value as `structuredContent`); an answer
// that is not a result yet (a task handle, an input-required result) throws a PendingCall, and an
// unknown `resultType` fails closed (TR-NORM-22..25).
import type { BoundedToolResult } from '../tool-result.ts';
import { assemble } from './assemble.ts';
import { emptyDraft } from './draft.ts';
import { addMcpBlock } from './mcp-blocks.ts';
import { type NormalizeOptions, resolveNormalizeOptions } from './options.ts';
import { MALFORMED_MCP } from './pinned-text.ts';
import { readResultType } from './pending-call.ts';
import { field, isPlainArray, isPlainObject, items } from './read-plain.ts';

/**
 * Normalizes what an MCP client returned for tools/call. Throws a RangeError for invalid options,
 * and a PendingCall (after the options are checked) for a task handle or an input-required result.
 */
export function normalizeMcp(value: unknown, options?: NormalizeOptions): BoundedToolResult {
  const resolved = resolveNormalizeOptions(options);
  const malformed = (unknownType = false): BoundedToolResult => {
    const draft = emptyDraft(true);
    draft.pieces.push(MALFORMED_MCP);
    if (unknownType) draft.warnings.push('mcp.result_type_unknown');
    return assemble(draft, resolved);
  };

  // TR-NORM-40: a result that is not one is reported as a failed call, echoing nothing.
  if (!isPlainObject(value)) return malformed();
  // TR-NORM-22..25: what the answer is comes before what it holds.
  const kind = readResultType(value);
  if (kind.kind === 'pending') throw kind.pending;
  if (kind.kind === 'malformed') return malformed();
  if (kind.kind === 'unknown') return malformed(true);
  const given = field(value, 'content');
  const content = given === undefined ? [] : given; // the SDK, too, reads a missing content as []
  if (!isPlainArray(content)) return malformed();
  const isError = field(value, 'isError');
  if (isError !== undefined && typeof isError !== 'boolean') return malformed();

  const draft = emptyDraft(isError === true);
  const blocks = items(content);
  for (let i = 0; i < blocks.length; i++) addMcpBlock(draft, blocks[i], `content[${i}]`);

  // TR-NORM-18/19: structuredContent, any JSON value (null included), is kept on success and error.
  // `_meta` is never read (TR-NORM-21), nor is `resultType` once it said "a result".
  const structured = field(value, 'structuredContent');
  if (structured !== undefined) {
    draft.hasStructured = true;
    draft.structured = structured;
  }
  return assemble(draft, resolved);
}
