// Normalization: from what tools really return to a bounded result (spec/10-normalization.md).
import type { BoundedToolResult } from '../tool-result.ts';
import { normalizeLangChain } from './langchain.ts';
import { normalizeLocal } from './local.ts';
import { normalizeMcp } from './mcp.ts';
import type { NormalizeOptions } from './options.ts';

export { normalizeMcp } from './mcp.ts';
export { PendingCall } from './pending-call.ts';
export type { PendingKind, PendingTask, TaskVersion } from './pending-call.ts';
export { normalizeLangChain } from './langchain.ts';
export type { ToolMessageLike } from './langchain.ts';
export { normalizeLocal } from './local.ts';
export type { NormalizeOptions, SchemaPolicy } from './options.ts';

export type NormalizeSource = 'mcp' | 'langchain' | 'local';

const BY_SOURCE: Readonly<Record<NormalizeSource, (value: unknown, options?: NormalizeOptions) => BoundedToolResult>> = {
  mcp: normalizeMcp,
  langchain: normalizeLangChain,
  local: normalizeLocal,
};

/** The normalizer for `source`. Throws a RangeError for an unknown source or invalid options. */
export function normalize(source: NormalizeSource, value: unknown, options?: NormalizeOptions): BoundedToolResult {
  const f = Object.hasOwn(BY_SOURCE, source) ? BY_SOURCE[source] : undefined;
  if (f === undefined) throw new RangeError('source must be one of mcp, langchain, local');
  return f(value, options);
}
