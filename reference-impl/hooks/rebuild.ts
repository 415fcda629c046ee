// "The same result with …": safe ways for a hook (and the pipeline) to derive a new ToolResult from
// a bounded one without touching the channels it does not mean to change (spec/08-hooks.md §8.2).
import { type BoundedToolResult, ToolResult, type WarningCode } from '../tool-result.ts';

interface Changes {
  readonly content?: string;
  readonly dropStructured?: boolean;
  readonly addWarnings?: readonly WarningCode[];
}

function derive(result: BoundedToolResult, changes: Changes): ToolResult {
  const warnings = [...result.warnings.map((w) => w.code), ...(changes.addWarnings ?? [])];
  const content = changes.content ?? result.content;
  const keepStructured = result.hasStructured && changes.dropStructured !== true;
  // `structured: null` is a value; absence is `undefined` (TR-MODEL-4).
  const structured = keepStructured ? { structured: result.structured ?? null } : {};
  if (result.isError) return ToolResult.error(content, { ...structured, warnings });
  return ToolResult.text(content, { ...structured, artifacts: result.artifacts, warnings });
}

/** The same result with new text: structured data, artifacts, isError and warnings are kept (TR-HOOK-3). */
export function withContent(result: BoundedToolResult, content: string): ToolResult {
  return derive(result, { content });
}

/** The same result without structured data. */
export function withoutStructured(result: BoundedToolResult): ToolResult {
  return derive(result, { dropStructured: true });
}

/** The same result with more warning codes (the pipeline's own use). */
export function withWarnings(result: BoundedToolResult, codes: readonly WarningCode[]): ToolResult {
  return derive(result, { addWarnings: codes });
}
