// The bounder (spec/03-bounding.md): the one function every result passes through before it leaves
// the tool-execution seam. It never throws for any result (TR-BOUND-0); the one error it raises is
// for invalid options, before it reads the result (TR-MODEL-10).
import type { JsonValue, ToolArtifact, Warning, WarningCode } from '../../generated/model.ts';
import { type BoundedToolResult, type ToolResult, readRawRunOnly, sealBounded, sealedView } from '../tool-result.ts';
import { isValidArtifactList } from './artifact-shape.ts';
import { capContent } from './cap-content.ts';
import { markerList } from './marker.ts';
import { measureJson } from './measure.ts';
import warningSchema from '../../schemas/model/warning.schema.json' with { type: 'json' };
import { type BoundOptions, resolveOptions } from './options.ts';

/** Every warning code of warning.schema.json; anything else an untyped caller passes is dropped. */
const KNOWN_CODES: ReadonlySet<string> = new Set<string>(warningSchema.$defs.WarningCode.enum);

/** The channels of a result as the bounder reads them. */
interface Input {
  readonly content: unknown;
  readonly isError: boolean;
  readonly hasStructured: boolean;
  readonly structured: unknown;
  readonly hasArtifacts: boolean;
  readonly artifacts: unknown;
  readonly artifactsDroppedOnError: boolean;
  readonly warnings: readonly unknown[];
}

/** Not a result at all (an untyped caller): nothing of it is read, so nothing of it leaks. */
const NO_INPUT: Input = {
  content: undefined,
  isError: false,
  hasStructured: false,
  structured: undefined,
  hasArtifacts: false,
  artifacts: undefined,
  artifactsDroppedOnError: false,
  warnings: [],
};

function readInput(result: unknown): Input {
  // Brand checks by WeakMap lookup, never `instanceof` or a property read of an unknown value: those
  // run a proxy's traps wherever it sits in the prototype chain (TR-BOUND-0, TR-BOUND-6).
  const raw = readRawRunOnly(result);
  if (raw !== undefined) {
    // A genuine ToolResult is frozen and its two fields are own data properties: reading them runs nothing.
    const tool = result as ToolResult;
    return {
      content: tool.content,
      isError: tool.isError === true,
      hasStructured: raw.hasStructured,
      structured: raw.structured,
      hasArtifacts: raw.hasArtifacts,
      artifacts: raw.artifacts,
      artifactsDroppedOnError: raw.artifactsDroppedOnError,
      warnings: raw.warnings,
    };
  }
  const sealed = sealedView(result);
  if (sealed !== undefined) {
    return {
      content: sealed.content,
      isError: sealed.isError,
      hasStructured: sealed.hasStructured,
      structured: sealed.structured,
      hasArtifacts: true,
      artifacts: sealed.artifacts,
      artifactsDroppedOnError: false,
      warnings: sealed.warnings.map((w) => w.code),
    };
  }
  return NO_INPUT;
}

/** Codes sorted by code point and without duplicates (TR-MODEL-9, TR-BOUND-13). */
function mergeWarnings(given: readonly unknown[], added: readonly WarningCode[]): Warning[] {
  const codes = new Set<string>();
  for (const c of given) if (typeof c === 'string' && KNOWN_CODES.has(c)) codes.add(c);
  for (const c of added) codes.add(c);
  // Codes are ASCII, so UTF-16 order (the default sort) is code-point order.
  return [...codes].sort().map((code) => ({ code: code as WarningCode }));
}

/**
 * Bounds a tool result: coerces every string, caps content, measures structured and artifacts
 * against their budgets and fails closed. Throws only a RangeError for invalid options.
 */
export function bound(result: ToolResult | BoundedToolResult, options?: BoundOptions): BoundedToolResult {
  const budgets = resolveOptions(options);
  const input = readInput(result);
  const added: WarningCode[] = [];

  let content = '';
  if (typeof input.content === 'string') {
    const capped = capContent(input.content, budgets.contentBudget);
    content = capped.text;
    if (capped.truncated) added.push('content.truncated');
  } else {
    added.push('content.not_text'); // TR-BOUND-4: no conversion is called on it
  }

  let structured: JsonValue | undefined;
  let hasStructured = false;
  if (input.hasStructured) {
    const m = measureJson(input.structured, budgets.structuredBudget);
    if (m.verdict === 'ok') {
      structured = m.value as JsonValue;
      hasStructured = true;
    } else {
      added.push(`structured.${m.verdict}`);
    }
  }

  let artifacts: ToolArtifact[] = [];
  if (input.isError) {
    if (input.artifactsDroppedOnError || (input.hasArtifacts && !isEmptyArray(input.artifacts))) {
      added.push('artifacts.dropped_on_error');
    }
  } else if (input.hasArtifacts) {
    const m = measureJson(input.artifacts, budgets.artifactsBudget);
    const verdict = m.verdict === 'ok' && !isValidArtifactList(m.value) ? 'invalid_shape' : m.verdict;
    if (verdict === 'ok') {
      artifacts = m.value as ToolArtifact[];
    } else {
      artifacts = markerList(verdict, budgets.artifactsBudget);
      added.push(`artifacts.${verdict}`);
    }
  }

  const fields = {
    content,
    isError: input.isError,
    hasStructured,
    artifacts,
    warnings: mergeWarnings(input.warnings, added),
  };
  return sealBounded(hasStructured ? { ...fields, structured } : fields);
}

function isEmptyArray(v: unknown): boolean {
  return Array.isArray(v) && v.length === 0;
}
