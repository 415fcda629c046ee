// Each warning code with what sets it, what it means and where the spec says so, for the page's
// warnings tab. The words are spec/02-data-model.md §2.3's table (inspector/warnings.test.ts fails
// when the two drift, or when the schema's closed set gains a code this map lacks).
import type { WarningCode } from '../generated/model.ts';

export interface WarningDoc {
  readonly code: WarningCode;
  /** Who sets the code, as spec §2.3's table says; its section is the first one's. */
  readonly setBy: 'bounder' | 'normalizer' | 'hooks' | 'exposure' | 'seam' | 'bounder, normalizer';
  readonly meaning: string;
  /** The spec chapter of the step that sets it (§2.3 lists them all). */
  readonly section: string;
}

const SECTION = {
  bounder: 'spec/03-bounding.md',
  normalizer: 'spec/10-normalization.md',
  hooks: 'spec/08-hooks.md',
  exposure: 'spec/12-exposure.md',
  seam: 'spec/07-replay.md',
} as const;

const TABLE: readonly (readonly [WarningCode, WarningDoc['setBy'], string])[] = [
  [
    'content.truncated',
    'bounder, normalizer',
    '`content` was over its budget and was cut, with the truncation notice (and, when the cut would have removed a placeholder, the drop notice of TR-NORM-67).',
  ],
  ['content.not_text', 'bounder', '`content` was not a string; it was replaced by the empty string.'],
  ['artifacts.over_budget', 'bounder', 'The artifact list was over its budget; it was replaced by the omission marker.'],
  ['artifacts.unencodable', 'bounder', 'The list held something JSON cannot carry; replaced by the omission marker.'],
  ['artifacts.too_deep', 'bounder', 'The list nested deeper than 64 levels; replaced by the omission marker.'],
  ['artifacts.invalid_shape', 'bounder', "An artifact did not match its type's shape; replaced by the omission marker."],
  ['artifacts.dropped_on_error', 'bounder', 'An error result came with artifacts; they were dropped.'],
  ['structured.over_budget', 'bounder', '`structured` was over its budget and was dropped.'],
  ['structured.unencodable', 'bounder', '`structured` held something JSON cannot carry; dropped.'],
  ['structured.too_deep', 'bounder', '`structured` nested deeper than 64 levels; dropped.'],
  ['structured.schema_mismatch', 'normalizer', "`structured` failed the tool's output schema; dropped (policy `warn`)."],
  ['structured.invalid', 'normalizer', "The provider's structured data was malformed (for example given twice); dropped."],
  [
    'mcp.result_type_unknown',
    'normalizer',
    'An MCP answer had a `resultType` this protocol does not know; it failed closed as a malformed result ([10-normalization.md](10-normalization.md) TR-NORM-25).',
  ],
  [
    'mcp.input_required',
    'seam',
    'The MCP server asked for input this agent cannot give (an input-required result, or a task waiting for input); the call ended with the pinned error result of [07-replay.md](07-replay.md) §7.10.',
  ],
  [
    'mcp.task_unfollowed',
    'seam',
    "The tool's call became an MCP task and no follower was given (or a completed task's result was itself unfinished); the call ended with the pinned error result.",
  ],
  ['mcp.task_lost', 'seam', "The server no longer knows the call's MCP task (expired, or never made); the call ended with the pinned error result."],
  ['mcp.task_cancelled', 'seam', "The call's MCP task was cancelled before it finished; the call ended with the pinned error result."],
  ['hook.failed', 'hooks', 'A hook threw; its change was not applied ([08-hooks.md](08-hooks.md)).'],
  ['exposure.json', 'exposure', 'The `json` exposure policy applied ([12-exposure.md](12-exposure.md)).'],
  ['exposure.allowlist', 'exposure', 'The `allowlist` exposure policy applied.'],
  ['exposure.empty', 'exposure', 'There was nothing to expose; `content` is unchanged.'],
  ['exposure.unmatched', 'exposure', 'A pointer of the allowlist selected nothing and was left out.'],
  ['exposure.over_budget', 'exposure', 'The exposed JSON did not fit the content budget; it was dropped whole.'],
];

export const WARNING_DOCS: ReadonlyMap<string, WarningDoc> = new Map(
  TABLE.map(([code, setBy, meaning]) => [
    code,
    { code, setBy, meaning, section: `${SECTION[setBy === 'bounder, normalizer' ? 'bounder' : setBy]} (and spec/02-data-model.md §2.3)` },
  ]),
);

export const warningDoc = (code: string): WarningDoc | undefined => WARNING_DOCS.get(code);
