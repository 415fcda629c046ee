// Builds a ToolResult from a decoded result input ({content, isError, structured?, artifacts?})
// with the implementation's own constructors (spec/09-conformance.md §9.3).
import { ToolResult, type WarningCode } from '../reference-impl/internal.ts';
import { decodeTagged } from './decode-tagged.ts';
import { OpError } from './ops/types.ts';

export interface ResultInput {
  readonly content: unknown;
  readonly isError: unknown;
  readonly structured?: unknown;
  readonly artifacts?: unknown;
  /** Warning codes already known (an extension for groups that start from a normalized result). */
  readonly warnings?: readonly WarningCode[];
}

/**
 * A result input as the tagged encoding gives it, decoded for toToolResult (TR-CONF-25): every member
 * decoded except `warnings`, whose codes are read as written (a code is a plain string, so a tag
 * there is no list or no code, as the Python, PHP and Go adapters read it).
 */
export function decodeResultInput(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) || Object.hasOwn(raw, '$tr') || !Object.hasOwn(raw, 'warnings')) return decodeTagged(raw);
  const { warnings, ...rest } = raw as Record<string, unknown>;
  return { ...(decodeTagged(rest) as Record<string, unknown>), warnings };
}

/**
 * A ToolResult for a decoded result input. Missing content, or content that is not a string, and an
 * isError that is missing or not a boolean reach the bounder as they are, no bad input (§9.3). An error result gets its artifacts handed to the error
 * constructor anyway, as an untyped caller would, so that the bounder can drop them and say so.
 */
export function toToolResult(input: unknown): ToolResult {
  // A list is not an object either (§9.3): `[]` is not a result input without content.
  if (input === null || typeof input !== 'object' || Array.isArray(input)) throw new OpError('adapter.bad_input', 'result input is not an object');
  const r = input as ResultInput;
  const content = r.content as string; // a non-string reaches the bounder as it is (TR-BOUND-4)
  const options: { structured?: unknown; artifacts?: unknown; warnings?: readonly WarningCode[] } = {};
  if (Object.hasOwn(r, 'structured')) options.structured = r.structured;
  if (Object.hasOwn(r, 'artifacts')) options.artifacts = r.artifacts;
  if (Array.isArray(r.warnings)) options.warnings = r.warnings;
  // Only the boolean true makes an error result (TR-BOUND-17): an isError that is missing or not a
  // boolean is no bad input (§9.3); the success constructor is all an untyped caller has for it.
  return r.isError === true ? ToolResult.error(content, options) : ToolResult.text(content, options);
}
