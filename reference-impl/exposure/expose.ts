// Model exposure policies (spec/12-exposure.md): the one declared way for part of `structured` to
// reach the model. The step runs on the final bounded result (after the hooks, before the wire, the
// sinks and the ledger), appends the RFC 8785 text of what the policy selects to `content` under the
// content budget, and records its decision as warning codes, so every sink sees the same result and
// an audit record can tell what the model was shown. `none` returns the result itself.
import { measureJson } from '../bound/measure.ts';
import { resolveOptions, type BoundOptions } from '../bound/options.ts';
import { canonicalize } from '../canonical-json/serialize.ts';
import { parseStrict } from '../canonical-json/parse.ts';
import { isPlainObject } from '../normalize/read-plain.ts';
import { assertBounded } from '../sinks/bounded-only.ts';
import { sealBounded, type BoundedToolResult, type JsonValue, type WarningCode } from '../tool-result.ts';
import type { ExposurePolicy } from '../../generated/model.ts';
import { parsePointer, resolvePointer } from './json-pointer.ts';

export type { ExposurePolicy };

/** Between content and the exposed JSON: one empty line (TR-EXPOSE-5). */
export const EXPOSURE_SEPARATOR = '\n\n';

/** A checked policy: the allowlist with its pointers parsed. */
export type ResolvedExposure =
  | { readonly policy: 'none' }
  | { readonly policy: 'json' }
  | { readonly policy: 'allowlist'; readonly pointers: readonly { readonly pointer: string; readonly tokens: readonly string[] }[] };

const NONE: ResolvedExposure = Object.freeze({ policy: 'none' });

/**
 * The policy checked against exposure-policy.schema.json (TR-EXPOSE-2). Absent (undefined or null)
 * is `none`. Throws a RangeError that names what is wrong and quotes nothing, like bad budgets.
 */
export function resolveExposure(policy: unknown): ResolvedExposure {
  if (policy === undefined || policy === null) return NONE;
  if (!isPlainObject(policy)) throw new RangeError('exposure policy must be an object');
  const keys = Object.keys(policy);
  const kind = policy.policy;
  if (kind === 'none' || kind === 'json') {
    if (keys.length !== 1) throw new RangeError(`exposure policy ${kind} takes no other member`);
    return kind === 'none' ? NONE : { policy: 'json' };
  }
  if (kind !== 'allowlist') throw new RangeError('exposure policy must be none, json or allowlist');
  if (keys.some((k) => k !== 'policy' && k !== 'pointers')) throw new RangeError('exposure policy allowlist takes only pointers');
  const list = policy.pointers;
  if (!Array.isArray(list)) throw new RangeError('exposure policy allowlist needs a list of pointers');
  const seen = new Set<string>();
  const pointers = list.map((p: unknown, i: number) => {
    const tokens = typeof p === 'string' ? parsePointer(p) : undefined;
    if (tokens === undefined) throw new RangeError(`exposure pointer ${i} is not a JSON Pointer (RFC 6901)`);
    if (seen.has(p as string)) throw new RangeError(`exposure pointer ${i} is given twice`);
    seen.add(p as string);
    return { pointer: p as string, tokens };
  });
  return { policy: 'allowlist', pointers };
}

const octets = (s: string): number => Buffer.byteLength(s, 'utf8');

/** The deepest exposed value: an allowlist's object around a value at the bounder's depth limit. */
const MAX_EXPOSED_DEPTH = 65;

/**
 * True when content already carries the serialization `j` of the exposed value (TR-EXPOSE-7): it is
 * `j`, it ends with the block this step appends, or the whole content is a JSON text of the same
 * value in any formatting (an MCP server that mirrors structuredContent in its text block, as the
 * MCP specification suggests). `j` is given as its length and a function that builds it, because a
 * `j` longer than the content budget is never built: a content within the budget can still carry it
 * as a JSON text, since a text can be shorter than its serialization (`1e-6` is `0.000001`).
 */
function carries(content: string, length: number, j: () => string): boolean {
  const contentOctets = octets(content);
  if (contentOctets >= length && (content === j() || content.endsWith(EXPOSURE_SEPARATOR + j()))) return true;
  let parsed: unknown;
  try {
    parsed = parseStrict(content, { maxDepth: MAX_EXPOSED_DEPTH });
  } catch {
    return false;
  }
  // The parsed value's own serialization, at most a few times the content's length; not the
  // bounder's measure, whose 64-level limit is one short of an allowlist's object.
  let text: string;
  try {
    text = canonicalize(parsed as JsonValue);
  } catch {
    return false; // a number beyond the data range or an escaped lone surrogate: no RFC 8785 text
  }
  return octets(text) === length && text === j();
}

/** What the policy selects of a result, or undefined for nothing; `unmatched` when a pointer missed. */
function select(result: BoundedToolResult, p: Exclude<ResolvedExposure, { policy: 'none' }>): { value?: JsonValue; unmatched: boolean } {
  if (!result.hasStructured) return { unmatched: false };
  const structured = result.structured as JsonValue;
  if (p.policy === 'json') return { value: structured, unmatched: false };
  // One member per pointer that selects something, named by the pointer itself (TR-EXPOSE-3).
  const picked: Record<string, JsonValue> = {};
  let unmatched = false;
  let any = false;
  for (const { pointer, tokens } of p.pointers) {
    const r = resolvePointer(structured, tokens);
    if (!r.found) {
      unmatched = true;
      continue;
    }
    Object.defineProperty(picked, pointer, { value: r.value, enumerable: true, writable: true, configurable: true });
    any = true;
  }
  return any ? { value: picked, unmatched } : { unmatched };
}

/**
 * The result as the model is to see it under `policy` (TR-EXPOSE-1..8). Takes only a bounded result
 * and the budgets it was bounded with; returns a bounded result. `none` returns `result` itself.
 */
export function expose(result: BoundedToolResult, policy?: ExposurePolicy | null, options?: BoundOptions): BoundedToolResult {
  assertBounded(result, 'expose');
  const p = resolveExposure(policy);
  const { contentBudget } = resolveOptions(options);
  if (p.policy === 'none') return result;
  const codes = new Set<WarningCode>(result.warnings.map((w) => w.code));
  codes.add(p.policy === 'json' ? 'exposure.json' : 'exposure.allowlist');
  let content = result.content;
  const { value, unmatched } = select(result, p);
  if (unmatched) codes.add('exposure.unmatched');
  if (value === undefined) {
    codes.add('exposure.empty');
  } else {
    // The measure is the serialization's length: a text that cannot fit is built only when content
    // may carry it, and then no longer than content's own serialization.
    const length = measureJson(value, Number.MAX_SAFE_INTEGER, false).octets;
    const room = contentBudget - octets(content) - (content === '' ? 0 : octets(EXPOSURE_SEPARATOR));
    let j: string | undefined;
    const text = (): string => (j ??= canonicalize(value));
    // TR-EXPOSE-7 before TR-EXPOSE-8: content that carries J is left as it is, with no over_budget,
    // even when J itself is longer than the budget.
    if (!carries(content, length, text)) {
      if (length <= room) content = content === '' ? text() : content + EXPOSURE_SEPARATOR + text();
      else codes.add('exposure.over_budget');
    }
  }
  return sealBounded({
    content,
    isError: result.isError,
    hasStructured: result.hasStructured,
    ...(result.hasStructured ? { structured: result.structured } : {}),
    artifacts: result.artifacts,
    warnings: [...codes].sort(byCodeUnits).map((code) => ({ code })),
  });
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
