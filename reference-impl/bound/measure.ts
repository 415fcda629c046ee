// The measure L, the depth D and the verdict of a run-only channel (spec/03-bounding.md §3.3–3.4,
// TR-BOUND-5..8), computed in one iterative walk that also builds the coerced, frozen copy the
// bounder outputs when the verdict is ok.
//
// The walk never recurses (TR-BOUND-0), never calls code held by the value (TR-BOUND-6), and stops
// as soon as the running L passes the budget (TR-BOUND-16): every node adds at least one octet, so
// the work is bounded by the budget, not by the input. It is written as one loop over parallel
// frame arrays because it sits on the path of every tool result: a within-budget list should cost
// about what JSON.stringify of it costs (`npm run bench`).
import { types } from 'node:util';
import { isWellFormed } from './coerce-utf8.ts';
import { isJsonNumber, jsonNumberLength } from './number-format.ts';
import { jsonStringLength } from './string-length.ts';

/** Containers nested deeper than this fail as too_deep (PHP json_encode's default depth). */
export const MAX_DEPTH = 64;

/** An unencodable node counts as many octets as `null`. */
export const UNENCODABLE_OCTETS = 4;

/** The TR-BOUND-8 verdict, without the artifact-shape step. */
export type Verdict = 'ok' | 'over_budget' | 'unencodable' | 'too_deep';

export interface Measurement {
  readonly verdict: Verdict;
  /** L(v) when the verdict is not over_budget; otherwise the running total at the stop (> budget). */
  readonly octets: number;
  /** The coerced, deeply frozen copy; present only when the verdict is ok and a copy was asked for. */
  readonly value?: unknown;
}

const isProxy = types.isProxy;
const getPrototypeOf = Object.getPrototypeOf;
const getOwnDescriptor = Object.getOwnPropertyDescriptor;
const ObjectPrototype = Object.prototype;
const ArrayPrototype = Array.prototype;
const freeze = Object.freeze;
const lookupGetter = (Object.prototype as unknown as { __lookupGetter__(k: PropertyKey): unknown }).__lookupGetter__;
const isArray = Array.isArray;

// Printable ASCII other than `"` and `\`: one octet per code unit, unescaped, well-formed.
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** PLAIN_ASCII for a short string: a loop is cheaper than a regex call there. */
function shortPlain(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) return false;
  }
  return true;
}

/** Frames up to this depth are checked for cycles by a scan; deeper ones through a Set. */
const SCAN_DEPTH = 64;

/** Keys of a plain object, checked: coerced keys, or null when the object is unencodable. */
function objectKeys(v: object): { keys: string[]; outKeys: string[] } | null {
  const proto = getPrototypeOf(v);
  if (proto !== ObjectPrototype && proto !== null) return null; // class instances, Date, Map, ...
  if ('toJSON' in v) return null; // own or inherited: JSON.stringify would call it
  const keys = Object.keys(v);
  if (Object.getOwnPropertyNames(v).length !== keys.length) return null; // non-enumerable members
  if (Object.getOwnPropertySymbols(v).length > 0) return null; // keys that are not strings
  let outKeys = keys;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const d = getOwnDescriptor(v, k);
    if (d === undefined || d.get !== undefined || d.set !== undefined) return null; // accessors
    if (outKeys === keys && !isWellFormed(k)) outKeys = keys.map((x) => (x as unknown as { toWellFormed(): string }).toWellFormed());
  }
  if (outKeys !== keys && new Set(outKeys).size !== outKeys.length) return null; // TR-BOUND-7
  return { keys, outKeys };
}

function setMember(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

/**
 * Measures `value` against `budget` and returns its verdict. With `copy`, an ok verdict carries the
 * coerced copy (strings coerced, −0 as 0, every container a fresh frozen plain one).
 */
export function measureJson(value: unknown, budget: number, copy = true): Measurement {
  let total = 0;
  let unencodable = false;
  let tooDeep = false;
  let building = copy;
  let rootOut: unknown;

  // The open containers, innermost at `top`.
  const src: object[] = [];
  const out: (unknown[] | Record<string, unknown> | null)[] = [];
  const keysOf: (string[] | null)[] = [];
  const outKeysOf: (string[] | null)[] = [];
  const size: number[] = [];
  const next: number[] = [];
  let top = -1;
  let deepPath: Set<object> | null = null;

  let v: unknown = value;
  let slotKey: string | null = null; // the output key of `v` in an object parent
  for (;;) {
    // ---- visit v, a child of frame `top` (or the root when top is -1)
    let o: unknown;
    switch (typeof v) {
      case 'string': {
        const s = v as string;
        if (s.length + 2 > budget - total) {
          // Every code unit is at least one octet, so this string alone passes the budget.
          total += s.length + 2;
          o = s;
        } else if (s.length <= 16 ? shortPlain(s) : PLAIN_ASCII.test(s)) {
          total += s.length + 2;
          o = s;
        } else {
          const w = isWellFormed(s) ? s : (s as unknown as { toWellFormed(): string }).toWellFormed();
          total += jsonStringLength(w);
          o = w;
        }
        break;
      }
      case 'number':
        if (isJsonNumber(v as number)) {
          total += jsonNumberLength(v as number);
          o = v === 0 ? 0 : v;
        } else {
          unencodable = true;
          total += UNENCODABLE_OCTETS;
        }
        break;
      case 'boolean':
        total += v ? 4 : 5;
        o = v;
        break;
      case 'object': {
        if (v === null) {
          total += 4;
          o = null;
          break;
        }
        const c = v as object;
        let container: 'array' | 'object' | null = null;
        let shape: { keys: string[]; outKeys: string[] } | null = null;
        if (!isProxy(c)) {
          if (isArray(c)) {
            if (getPrototypeOf(c) === ArrayPrototype) container = 'array';
          } else {
            shape = objectKeys(c);
            if (shape !== null) container = 'object';
          }
        }
        if (container !== null) {
          // A cycle point: this container is open above us.
          let cycle = false;
          const scanTo = top < SCAN_DEPTH ? top : SCAN_DEPTH - 1;
          for (let d = 0; d <= scanTo; d++) {
            if (src[d] === c) {
              cycle = true;
              break;
            }
          }
          if (!cycle && deepPath !== null && deepPath.has(c)) cycle = true;
          if (cycle) container = null;
        }
        if (container === null) {
          unencodable = true;
          total += UNENCODABLE_OCTETS;
          break;
        }
        total += 2;
        top++;
        if (top >= MAX_DEPTH) tooDeep = true; // level top + 1 > 64
        if (top >= SCAN_DEPTH) (deepPath ??= new Set()).add(c);
        src[top] = c;
        next[top] = 0;
        if (container === 'array') {
          size[top] = (c as unknown[]).length;
          keysOf[top] = null;
          outKeysOf[top] = null;
          o = building ? [] : null;
        } else {
          size[top] = shape!.keys.length;
          keysOf[top] = shape!.keys;
          outKeysOf[top] = shape!.outKeys;
          o = building ? {} : null;
        }
        out[top] = o as unknown[] | Record<string, unknown> | null;
        break;
      }
      default: // undefined, function, symbol, bigint
        unencodable = true;
        total += UNENCODABLE_OCTETS;
    }
    if (unencodable || tooDeep) building = false;

    // ---- attach the output to its parent (the frame below a container just opened)
    if (building) {
      const parentIndex = o !== null && typeof o === 'object' && out[top] === o ? top - 1 : top;
      if (parentIndex < 0) rootOut = o;
      else if (slotKey === null) (out[parentIndex] as unknown[]).push(o);
      else setMember(out[parentIndex] as Record<string, unknown>, slotKey, o);
    } else if (top < 0 || (top === 0 && out[0] === o && o !== null)) {
      rootOut = o;
    }
    if (total > budget) break;

    // ---- find the next child, closing finished containers
    let found = false;
    while (top >= 0) {
      const i = next[top]!;
      if (i < size[top]!) {
        next[top] = i + 1;
        if (i > 0) total += 1; // the comma
        const keys = keysOf[top]!;
        const parent = src[top]!;
        if (keys === null) {
          // An element: read it only when it is an own data property (no getter runs); a hole
          // or an accessor is an unencodable node in its place.
          v = lookupGetter.call(parent, i) === undefined ? (parent as unknown[])[i] : undefined;
          slotKey = null;
        } else {
          const k = outKeysOf[top]![i]!;
          total += jsonStringLength(k) + 1; // the key and the colon
          v = (parent as Record<string, unknown>)[keys[i]!]; // a data property, checked on entry
          slotKey = k;
        }
        found = true;
        break;
      }
      if (building) freeze(out[top]!);
      if (deepPath !== null && top >= SCAN_DEPTH) deepPath.delete(src[top]!);
      src[top] = null as unknown as object; // let the input go
      top--;
    }
    if (!found || total > budget) break;
  }

  if (total > budget) return { verdict: 'over_budget', octets: total };
  if (unencodable) return { verdict: 'unencodable', octets: total };
  if (tooDeep) return { verdict: 'too_deep', octets: total };
  if (!copy) return { verdict: 'ok', octets: total };
  if (rootOut !== null && typeof rootOut === 'object') freeze(rootOut);
  return { verdict: 'ok', octets: total, value: rootOut };
}
