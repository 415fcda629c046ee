// The measure, the depth and the verdict exactly as spec/03-bounding.md §3.3–3.4 define them, one
// rule after another, for a reader and as the oracle the fast walker (measure.ts) is held equal to
// (measure-plain.test.ts). An implementer in another language reads this file to learn what to
// compute; measure.ts shows how to compute it cheaply. Nothing on a tool result's path calls this:
// it recurses (so a value nested deeper than the JavaScript stack allows would throw, TR-BOUND-0),
// and it measures all of a value before it judges the budget (TR-BOUND-16 lets a walker stop early).
import { types } from 'node:util';
import { coerceString } from './coerce-utf8.ts';

/** §3.4: containers nested deeper than this fail as too_deep. */
const MAX_DEPTH = 64;

/** §3.4 table: an unencodable node counts as many octets as `null`. */
const UNENCODABLE = 4;

export interface PlainMeasurement {
  readonly verdict: 'ok' | 'over_budget' | 'unencodable' | 'too_deep';
  /** L(v), the whole of it. */
  readonly octets: number;
  /** D(v). */
  readonly depth: number;
  /** The coerced copy (§3.1, TR-BOUND-5); present only when the verdict is ok. */
  readonly value?: unknown;
}

interface Node {
  /** L of the node. */
  readonly octets: number;
  /** D of the node. */
  readonly depth: number;
  /** True when the node is, or holds, an unencodable node. */
  readonly unencodable: boolean;
  /** The node's coerced form (meaningless when unencodable). */
  readonly value: unknown;
}

const unencodable: Node = { octets: UNENCODABLE, depth: 0, unencodable: true, value: undefined };

/** TR-BOUND-8: the verdict for budget `budget`, in the spec's order of precedence. */
export function measurePlain(value: unknown, budget: number): PlainMeasurement {
  const n = node(value, []);
  const base = { octets: n.octets, depth: n.depth };
  if (n.octets > budget) return { verdict: 'over_budget', ...base };
  if (n.unencodable) return { verdict: 'unencodable', ...base };
  if (n.depth > MAX_DEPTH) return { verdict: 'too_deep', ...base };
  return { verdict: 'ok', ...base, value: n.value };
}

/** One node of §3.3, measured by the §3.4 table; `path` holds the containers it sits inside. */
function node(v: unknown, path: readonly object[]): Node {
  if (v === null) return leaf(4, null);
  if (v === true) return leaf(4, true);
  if (v === false) return leaf(5, false);
  if (typeof v === 'number') {
    // A finite number within ±(2^53 − 1); −0 counted and output as 0 (TR-BOUND-5, TR-BOUND-6).
    if (!Number.isFinite(v) || Math.abs(v) > Number.MAX_SAFE_INTEGER) return unencodable;
    const n = v === 0 ? 0 : v;
    return leaf(String(n).length, n); // String(n) is ECMAScript Number::toString, as RFC 8785 writes it
  }
  if (typeof v === 'string') {
    const s = coerceString(v); // §3.1: every unpaired surrogate becomes U+FFFD (TR-BOUND-1)
    return leaf(stringOctets(s), s);
  }
  if (typeof v !== 'object') return unencodable; // undefined, bigint, symbol, function
  if (types.isProxy(v)) return unencodable;
  if (path.includes(v)) return unencodable; // a cycle point: met again inside itself
  if (Array.isArray(v)) return Object.getPrototypeOf(v) === Array.prototype ? array(v, [...path, v]) : unencodable;
  const proto: unknown = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return unencodable; // a class instance, Date, Map…
  if ('toJSON' in v) return unencodable; // own or inherited
  if (Object.getOwnPropertySymbols(v).length > 0) return unencodable; // a key that is not a string
  return object(v as Record<string, unknown>, [...path, v]);
}

function leaf(octets: number, value: unknown): Node {
  return { octets, depth: 0, unencodable: false, value };
}

/** §3.4: 2 + the items' L + the commas; an element that is a hole or an accessor is unencodable in its place. */
function array(a: readonly unknown[], path: readonly object[]): Node {
  const items: Node[] = [];
  for (let i = 0; i < a.length; i++) {
    const d = Object.getOwnPropertyDescriptor(a, i);
    items.push(d === undefined || !('value' in d) ? unencodable : node(d.value, path));
  }
  return container(
    items.map((n) => n.octets),
    items,
    items.map((n) => n.value),
  );
}

/**
 * §3.4: 2 + per member L(key) + 1 + L(value), + the commas. The members are the enumerable own
 * string keys; an accessor member is unencodable in its place; two keys equal after coercion make
 * the object unencodable (TR-BOUND-7) while their octets still count.
 */
function object(o: Record<string, unknown>, path: readonly object[]): Node {
  const keys = Object.keys(o);
  const lengths: number[] = [];
  const members: Node[] = [];
  const seen = new Set<string>();
  const copy: Record<string, unknown> = {};
  let collision = false;
  for (const key of keys) {
    const k = coerceString(key);
    if (seen.has(k)) collision = true;
    seen.add(k);
    const d = Object.getOwnPropertyDescriptor(o, key)!;
    const m = 'value' in d ? node(d.value, path) : unencodable;
    members.push(m);
    lengths.push(stringOctets(k) + 1 + m.octets);
    // defineProperty: a member named "__proto__" stays a member, not the copy's prototype.
    Object.defineProperty(copy, k, { value: m.value, enumerable: true, writable: true, configurable: true });
  }
  const n = container(lengths, members, copy);
  return collision ? { ...n, unencodable: true } : n;
}

function container(lengths: readonly number[], children: readonly Node[], value: unknown): Node {
  const octets = 2 + lengths.reduce((a, b) => a + b, 0) + Math.max(0, lengths.length - 1);
  const depth = 1 + children.reduce((a, c) => Math.max(a, c.depth), 0);
  return { octets, depth, unencodable: children.some((c) => c.unencodable), value };
}

/** §3.4, a string: 2 + its UTF-8 octets, with JSON's escapes counted as JCS writes them. */
function stringOctets(s: string): number {
  let n = 2;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c === 0x22 || c === 0x5c)
      n += 2; // \" \\
    else if (c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d)
      n += 2; // \b \t \n \f \r
    else if (c < 0x20)
      n += 6; // \u00XX
    else n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}
