// The rest of a Python adapter artifact (TR-NORM-66): the members beside `structured_content`, kept
// run-only as one text artifact of their canonical JSON, with every binary reduced to a stub that
// says it was there and how large, and the whole held to 4,096 octets by the bounder's own verdict.
import { types } from 'node:util';
import { measureJson } from '../bound/index.ts';
import { canonicalize } from '../canonical-json/index.ts';
import { base64DecodedSize } from './base64-size.ts';
import { isDataUrl, readDataUrl } from './langchain-blocks.ts';
import { isPlainArray, isPlainObject } from './read-plain.ts';

export const MEMBERS_LABEL = 'Artifact members';
/** The text when the reduced members are not JSON data within MEMBERS_BUDGET. */
export const MEMBERS_OMITTED = '[artifact members omitted]';
/** Octets of canonical JSON the members may take. */
export const MEMBERS_BUDGET = 4096;

/** The members MCP and LangChain keep bytes in: a string there is binary data, whatever it holds. */
const BINARY_MEMBERS = new Set(['base64', 'data', 'blob']);
/** The structured members (TR-NORM-54) and MCP `_meta` (TR-NORM-21) are not among the rest. */
const NOT_REST = new Set(['structured_content', 'structuredContent', '_meta']);

// Every node of the reduced value costs at least one octet, and the reduction never removes a node,
// so a walk past this many nodes (or this deep: the bounder stops at 64) cannot end in an ok verdict.
// The caps only make the walk finish on a cycle or a huge value; no answer depends on them.
const NODE_CAP = MEMBERS_BUDGET + 1;
const DEPTH_CAP = 66;

const typedArrayByteLength = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), 'byteLength')!.get!;

class Unkeepable extends Error {}

const stub = (size: number): Record<string, unknown> => ({ omitted: true, size, type: 'binary' });

function stringSize(s: string, binaryMember: boolean): number | undefined {
  if (binaryMember) return base64DecodedSize(s) ?? Buffer.byteLength(s, 'utf8');
  if (isDataUrl(s)) return readDataUrl(s)?.size ?? Buffer.byteLength(s, 'utf8');
  return undefined;
}

/** Own data properties only; undefined when any property is not one (the bounder then judges the original). */
function dataEntries(o: object, keys: readonly string[]): [string, unknown][] | undefined {
  const out: [string, unknown][] = [];
  for (const k of keys) {
    const d = Object.getOwnPropertyDescriptor(o, k);
    if (d === undefined || !Object.hasOwn(d, 'value')) return undefined;
    out.push([k, d.value]);
  }
  return out;
}

function reduce(v: unknown, binaryMember: boolean, depth: number, count: { n: number }): unknown {
  if (++count.n > NODE_CAP || depth > DEPTH_CAP) throw new Unkeepable();
  if (typeof v === 'string') {
    const size = stringSize(v, binaryMember);
    return size === undefined ? v : stub(size);
  }
  if (types.isUint8Array(v)) return stub(typedArrayByteLength.call(v) as number);
  if (isPlainArray(v)) {
    const entries = dataEntries(
      v,
      Array.from({ length: v.length }, (_, i) => String(i)),
    );
    if (entries === undefined || Object.getOwnPropertySymbols(v).length > 0) return v;
    return entries.map(([, x]) => reduce(x, false, depth + 1, count));
  }
  if (isPlainObject(v)) {
    const entries = dataEntries(v, Object.getOwnPropertyNames(v));
    if (entries === undefined || Object.getOwnPropertySymbols(v).length > 0) return v;
    const out: Record<string, unknown> = {};
    for (const [k, x] of entries)
      Object.defineProperty(out, k, { value: reduce(x, BINARY_MEMBERS.has(k), depth + 1, count), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return v; // numbers, booleans, null, and anything the bounder will find unencodable
}

/**
 * The text of the members artifact for a Python adapter artifact, or undefined when it has no
 * member but the structured ones and `_meta` (a member holding undefined is absent, TR-NORM-64).
 */
export function artifactMembersText(artifact: Record<string, unknown>): string | undefined {
  const entries = dataEntries(artifact, Object.getOwnPropertyNames(artifact));
  const rest = (entries ?? []).filter(([k, v]) => !NOT_REST.has(k) && v !== undefined);
  if (entries !== undefined && rest.length === 0) return undefined;
  let reduced: unknown;
  try {
    const out: Record<string, unknown> = {};
    const count = { n: 1 };
    for (const [k, v] of rest)
      Object.defineProperty(out, k, { value: reduce(v, BINARY_MEMBERS.has(k), 2, count), enumerable: true, writable: true, configurable: true });
    reduced = entries === undefined ? artifact : out;
  } catch (e) {
    if (e instanceof Unkeepable) return MEMBERS_OMITTED;
    throw e;
  }
  const m = measureJson(reduced, MEMBERS_BUDGET);
  return m.verdict === 'ok' ? canonicalize(m.value as never) : MEMBERS_OMITTED;
}
