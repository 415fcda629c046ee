// The invariants every bounded result must satisfy, checked against the input it came from.
// One checker for the property tests and the fuzzer, so both hold the bounder to the same rules
// (spec/03-bounding.md TR-BOUND-0, -1, -3, -8, -10..15).
import { bound, markerText, type ArtifactFailure, resolveOptions, type BoundOptions, ToolResult, type ToolResultRecord } from '../reference-impl/internal.ts';
import { loadSchemas } from '../codegen/schema-validator.ts';
import { OpaqueRef, materialize, type ResultSpec } from './adversarial.ts';

const ajv = loadSchemas();
const validateRecord = ajv.getSchema('https://toolresult.dev/schemas/v1/tool-result.schema.json')!;

const FAILURES: ArtifactFailure[] = ['over_budget', 'unencodable', 'too_deep', 'invalid_shape'];

/** Builds the ToolResult a spec describes (a fresh one on every call). */
export function buildResult(spec: ResultSpec): ToolResult {
  let structured = materialize(spec.structured);
  if (Object.hasOwn(spec, 'structured')) {
    if (spec.twist === 'cycle') {
      const holder: Record<string, unknown> = { value: structured };
      holder.self = [holder];
      structured = holder;
    } else if (spec.twist === 'deep') {
      for (let i = 0; i < spec.depth; i++) structured = [structured];
    }
  }
  const options: Record<string, unknown> = {};
  if (Object.hasOwn(spec, 'structured')) options.structured = structured;
  if (Object.hasOwn(spec, 'artifacts')) options.artifacts = materialize(spec.artifacts);
  const content = materialize(spec.content) as string;
  return spec.isError ? ToolResult.error(content, options) : ToolResult.text(content, options);
}

const NOT_PLAIN = Symbol('not plain');

/** Opaque kinds whose JSON part is plain: what the bounder must keep of them. */
const PLAIN_PARTS: Record<string, unknown> = { 'non-enumerable': { a: 1 } };

/** Hostile by size, not by kind: plain JSON that the reference coerces like any other. */
const PLAIN_SHAPES = new Set(['wide', 'shared-wide', 'long-key']);

/** A second, naive implementation of UTF-16 coercion, independent of the bounder's. */
function refCoerce(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff) {
      out += s[i]! + s[i + 1]!;
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += '\uFFFD';
    } else {
      out += s[i]!;
    }
  }
  return out;
}

function refWellFormed(s: string): boolean {
  return refCoerce(s) === s;
}

/** An independent, naive coercion of a small plain value (the "coerced input"), or NOT_PLAIN. */
function referenceCoerce(v: unknown, depth = 0): unknown {
  // A non-enumerable member is not part of the value (spec §3.3): the reference sees the rest.
  if (v instanceof OpaqueRef) {
    if (PLAIN_PARTS[v.kind] !== undefined) return PLAIN_PARTS[v.kind];
    return PLAIN_SHAPES.has(v.kind) ? referenceCoerce(materialize(v), depth) : NOT_PLAIN;
  }
  if (depth > 200) return NOT_PLAIN;
  if (typeof v === 'string') return refCoerce(v);
  if (typeof v === 'number') return Number.isFinite(v) && Math.abs(v) <= Number.MAX_SAFE_INTEGER ? (v === 0 ? 0 : v) : NOT_PLAIN;
  if (v === null || typeof v === 'boolean') return v;
  if (Array.isArray(v)) {
    const out = [];
    for (const x of v) out.push(referenceCoerce(x, depth + 1));
    return out;
  }
  if (typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      Object.defineProperty(out, refCoerce(k), { value: referenceCoerce(x, depth + 1), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return NOT_PLAIN;
}

function wellFormedEverywhere(v: unknown): boolean {
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x === 'string') {
      if (!refWellFormed(x)) return false;
    } else if (x !== null && typeof x === 'object') {
      for (const [k, y] of Object.entries(x)) {
        if (!refWellFormed(k)) return false;
        stack.push(y);
      }
    } else if (typeof x === 'number' && Object.is(x, -0)) {
      return false;
    }
  }
  return true;
}

// Both sides keep the input's member order, so comparing serializations is exact enough here.
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function octets(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Bounds the spec's result and returns the first broken invariant, or undefined. */
export function checkBoundInvariants(spec: ResultSpec, options: BoundOptions): string | undefined {
  const budgets = resolveOptions(options);
  let record: ToolResultRecord;
  let bounded;
  try {
    bounded = bound(buildResult(spec), options);
    record = bounded.toRecord();
  } catch (e) {
    return `TR-BOUND-0: bound threw ${e instanceof Error ? `${e.name}: ${e.message}` : typeof e}`;
  }
  if (!validateRecord(record)) return `TR-BOUND-15: schema: ${ajv.errorsText(validateRecord.errors)}`;
  if (octets(record.content) > budgets.contentBudget) return 'TR-BOUND-3: content over budget';
  if (!wellFormedEverywhere(record)) return 'TR-BOUND-1/5: an ill-formed string or a -0 in the output';
  const codes = record.warnings.map((w) => w.code);
  const sorted = [...new Set(codes)].sort();
  if (JSON.stringify(codes) !== JSON.stringify(sorted)) return 'TR-BOUND-13: warnings not sorted or not unique';
  if (record.isError !== spec.isError) return 'isError changed';
  if (record.isError && record.artifacts.length > 0) return 'TR-BOUND-12: an error result kept artifacts';
  if (octets(JSON.stringify(record.artifacts)) > budgets.artifactsBudget) return 'TR-BOUND-10: artifacts over budget';
  if (record.structured !== undefined && octets(JSON.stringify(record.structured)) > budgets.structuredBudget) {
    return 'TR-BOUND-11: structured over budget';
  }
  if (typeof spec.content === 'string') {
    const coerced = refCoerce(spec.content);
    const cut = codes.includes('content.truncated');
    if (!cut && record.content !== coerced) return 'TR-BOUND-3: content changed without truncation';
    if (cut && !coerced.startsWith(record.content.slice(0, record.content.lastIndexOf('\n…[tool result truncated at ')))) {
      return 'TR-BOUND-3: truncated content is not a prefix';
    }
  } else if (record.content !== '' || !codes.includes('content.not_text')) {
    return 'TR-BOUND-4: non-string content';
  }
  const given = (v: unknown): boolean => v !== undefined && !(v instanceof OpaqueRef && v.kind === 'undefined');
  if (!spec.isError && Object.hasOwn(spec, 'artifacts') && given(spec.artifacts)) {
    const marker = FAILURES.find(
      (f) =>
        codes.includes(`artifacts.${f}`) &&
        same(record.artifacts, [{ type: 'text', label: 'Artifacts omitted', data: { text: markerText(f, budgets.artifactsBudget) } }]),
    );
    if (marker === undefined) {
      const reference = referenceCoerce(spec.artifacts);
      if (!same(record.artifacts, reference)) return 'TR-BOUND-10: artifacts are neither the coerced input nor the marker';
    }
  }
  if (record.structured !== undefined) {
    if (spec.twist === 'none' && !same(record.structured, referenceCoerce(spec.structured))) {
      return 'TR-BOUND-11: structured is not the coerced input';
    }
  } else if (Object.hasOwn(spec, 'structured') && given(spec.structured) && !codes.some((c) => c.startsWith('structured.'))) {
    return 'TR-BOUND-11: structured dropped without a warning';
  }
  // Idempotence and determinism (TR-BOUND-14).
  try {
    if (!same(bound(bounded, options).toRecord(), record)) return 'TR-BOUND-14: bounding a bounded result changed it';
    const rebuilt = record.isError
      ? ToolResult.error(record.content, { ...(record.structured !== undefined ? { structured: record.structured } : {}), warnings: codes })
      : ToolResult.text(record.content, {
          ...(record.structured !== undefined ? { structured: record.structured } : {}),
          artifacts: record.artifacts,
          warnings: codes,
        });
    if (!same(bound(rebuilt, options).toRecord(), record)) return 'TR-BOUND-14: bounding the record again changed it';
    if (!same(bound(buildResult(spec), options).toRecord(), record)) return 'TR-BOUND-14: not deterministic';
  } catch (e) {
    return `TR-BOUND-0: bound threw on its own output ${e instanceof Error ? e.name : typeof e}`;
  }
  return undefined;
}
