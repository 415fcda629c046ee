// A local tool's return value -> bounded result (spec/10-normalization.md §10.8).
import { bound } from '../bound/index.ts';
import { isBoundedToolResult, isToolResult, type BoundedToolResult } from '../tool-result.ts';
import { assemble } from './assemble.ts';
import { emptyDraft } from './draft.ts';
import { type NormalizeOptions, resolveNormalizeOptions } from './options.ts';
import { LOCAL_UNSUPPORTED } from './pinned-text.ts';
import { isPlainArray, isPlainObject } from './read-plain.ts';

/** Normalizes what a local tool function returned. Throws only for invalid options. */
export function normalizeLocal(value: unknown, options?: NormalizeOptions): BoundedToolResult {
  const resolved = resolveNormalizeOptions(options);
  // TR-NORM-62: a ToolResult is already in the protocol's terms; it is only bounded.
  // Told by the seal, not `instanceof`, which would run a proxy trap anywhere in the value's chain.
  if (isToolResult(value) || isBoundedToolResult(value)) return bound(value, resolved.budgets);

  const draft = emptyDraft();
  if (typeof value === 'string') {
    draft.pieces.push(value); // TR-NORM-60: a string tool stays exactly what it was
  } else if (value === null || typeof value === 'boolean' || typeof value === 'number' || isPlainObject(value) || isPlainArray(value)) {
    // TR-NORM-61: JSON data is the structured value; its canonical JSON is the text (assemble.ts).
    draft.hasStructured = true;
    draft.structured = value;
  } else {
    // TR-NORM-63: undefined, bigint, functions, class instances, proxies: nothing of it is echoed.
    const failed = emptyDraft(true);
    failed.pieces.push(LOCAL_UNSUPPORTED);
    return assemble(failed, resolved);
  }
  return assemble(draft, resolved);
}
