// The measure L, the depth D and the verdict of a run-only channel (spec/03-bounding.md §3.3–3.4,
// TR-BOUND-5..8), computed in one iterative walk that also builds the coerced copy the bounder
// outputs when the verdict is ok. The copy is not frozen here: freezing every container cost about a
// quarter of the walk, and BoundedToolResult freezes the copy once, when it first hands it out.
//
// The walk never recurses (TR-BOUND-0), never calls code held by the value (TR-BOUND-6), and stops
// as soon as the running L passes the budget (TR-BOUND-16): every node adds at least one octet, so
// the work is bounded by the budget, not by the input. It keeps its open containers in parallel
// arrays and loops tightly over each container's children because it sits on the path of every
// tool result: a within-budget list should cost about what JSON.stringify of it costs
// (`npm run bench`). Element reads go through __lookupGetter__ (no allocation) rather than a
// property descriptor each: the getter check is the largest single cost of the walk.
import { types } from 'node:util';
import { isWellFormed } from './coerce-utf8.ts';
import { isJsonNumber, jsonNumberLength } from './number-format.ts';
import { jsonStringLength, wellFormedStringLength } from './string-length.ts';

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
  /** The coerced copy (fresh, owned by the caller); present only when the verdict is ok and a copy was asked for. */
  readonly value?: unknown;
}

const isProxy = types.isProxy;
const getPrototypeOf = Object.getPrototypeOf;
const getOwnDescriptor = Object.getOwnPropertyDescriptor;
const ObjectPrototype = Object.prototype;
const ArrayPrototype = Array.prototype;
const lookupGetter = (Object.prototype as unknown as { __lookupGetter__(k: PropertyKey): unknown }).__lookupGetter__;
const isArray = Array.isArray;
const hasOwn = Object.hasOwn;

// Printable ASCII other than `"` and `\`: one octet per code unit, unescaped, well-formed.
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** Arrays up to this length get their copy allocated at full size. */
const PRESIZE_LIMIT = 1024;

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
    // hasOwn, not `d.get`: a polluted Object.prototype must not make a descriptor run code.
    if (d === undefined || !hasOwn(d, 'value')) return null; // accessors
    if (outKeys === keys && !isWellFormed(k)) outKeys = keys.map((x) => (x as unknown as { toWellFormed(): string }).toWellFormed());
  }
  if (outKeys !== keys && new Set(outKeys).size !== outKeys.length) return null; // TR-BOUND-7
  return { keys, outKeys };
}

function setMember(out: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  else out[key] = value;
}

type Container = unknown[] | Record<string, unknown>;

/** What `child` returns for a container it opened, and for an unencodable node. */
const OPENED: unique symbol = Symbol('opened');
const BAD: unique symbol = Symbol('unencodable');

/**
 * One walk. The open containers are kept in parallel arrays (innermost at `top`); the loops over a
 * container's children are tight because tables of short strings are the common case.
 */
class Walk {
  total = 0;
  unencodable = false;
  tooDeep = false;
  building: boolean;
  top = -1;
  readonly budget: number;
  readonly src: object[] = [];
  readonly out: (Container | null)[] = [];
  readonly keys: (string[] | null)[] = [];
  readonly outKeys: (string[] | null)[] = [];
  readonly size: number[] = [];
  readonly next: number[] = [];
  /** Open containers deeper than SCAN_DEPTH, for cycle checks at depth. */
  deepPath: Set<object> | null = null;

  constructor(budget: number, copy: boolean) {
    this.budget = budget;
    this.building = copy;
  }

  bad(): typeof BAD {
    this.unencodable = true;
    this.building = false;
    this.total += UNENCODABLE_OCTETS;
    return BAD;
  }

  /** Counts a node: a leaf's output form, OPENED for a container now on top, or BAD. */
  child(v: unknown): unknown {
    switch (typeof v) {
      case 'string': {
        const n = v.length + 2;
        // Every code unit is at least one octet, so a string this long passes the budget as it is.
        if (n > this.budget - this.total || (v.length > 16 && PLAIN_ASCII.test(v))) {
          this.total += n;
          return v;
        }
        const octets = wellFormedStringLength(v);
        if (octets >= 0) {
          this.total += octets;
          return v;
        }
        const w = (v as unknown as { toWellFormed(): string }).toWellFormed();
        this.total += jsonStringLength(w);
        return w;
      }
      case 'number':
        if (!isJsonNumber(v)) return this.bad();
        this.total += jsonNumberLength(v);
        return v === 0 ? 0 : v; // −0 becomes 0 (TR-BOUND-5)
      case 'boolean':
        this.total += v ? 4 : 5;
        return v;
      case 'object':
        if (v === null) {
          this.total += 4;
          return null;
        }
        return this.open(v) ? OPENED : this.bad();
      default: // undefined, function, symbol, bigint
        return this.bad();
    }
  }

  /** Opens a frame for a plain array or object; false for anything else and for a cycle point. */
  open(c: object): boolean {
    if (isProxy(c)) return false;
    let shape: { keys: string[]; outKeys: string[] } | null = null;
    if (isArray(c)) {
      if (getPrototypeOf(c) !== ArrayPrototype) return false;
    } else {
      shape = objectKeys(c);
      if (shape === null) return false;
    }
    const top = this.top;
    const scanTo = top < SCAN_DEPTH ? top : SCAN_DEPTH - 1;
    for (let d = 0; d <= scanTo; d++) if (this.src[d] === c) return false;
    if (this.deepPath !== null && this.deepPath.has(c)) return false;

    const t = top + 1;
    this.top = t;
    this.total += 2;
    if (t >= MAX_DEPTH) {
      this.tooDeep = true; // this container is at level t + 1 > 64
      this.building = false;
    }
    if (t >= SCAN_DEPTH) (this.deepPath ??= new Set()).add(c);
    this.src[t] = c;
    this.next[t] = 0;
    if (shape === null) {
      const n = (c as unknown[]).length;
      this.size[t] = n;
      this.keys[t] = null;
      this.outKeys[t] = null;
      // Sized up front when small (no regrowth, no spare capacity); a huge input array is copied by
      // push, so that the copy never holds more slots than the budget lets through.
      this.out[t] = this.building ? (n <= PRESIZE_LIMIT ? new Array<unknown>(n) : []) : null;
    } else {
      this.size[t] = shape.keys.length;
      this.keys[t] = shape.keys;
      this.outKeys[t] = shape.outKeys;
      this.out[t] = this.building ? {} : null;
    }
    return true;
  }

  /** Walks `root`; returns its output form (meaningful only when the verdict is ok). */
  run(root: unknown): unknown {
    const budget = this.budget;
    let rootOut = this.child(root);
    if (rootOut === OPENED) rootOut = this.out[0];
    while (this.top >= 0 && this.total <= budget) {
      const t = this.top;
      const parent = this.src[t]!;
      const o = this.out[t]!;
      const n = this.size[t]!;
      const keys = this.keys[t]!;
      let i = this.next[t]!;
      let opened = false;
      if (keys === null) {
        const arr = parent as unknown[];
        for (; i < n; i++) {
          if (i > 0) this.total += 1; // the comma
          // Read an element only when no getter stands behind it (own or inherited, TR-BOUND-6); a
          // hole reads as undefined and a setter-only element too: both unencodable in place.
          const r = this.child(lookupGetter.call(arr, i) === undefined ? arr[i] : undefined);
          if (r === OPENED) {
            if (this.building) (o as unknown[])[i] = this.out[this.top];
            i++;
            opened = true;
            break;
          }
          if (this.building) (o as unknown[])[i] = r;
          if (this.total > budget) break;
        }
      } else {
        const outKeys = this.outKeys[t]!;
        const obj = parent as Record<string, unknown>;
        for (; i < n; i++) {
          if (i > 0) this.total += 1;
          const k = outKeys[i]!;
          this.total += jsonStringLength(k) + 1; // the key and the colon
          const r = this.child(obj[keys[i]!]); // a data property, checked when the object was opened
          if (r === OPENED) {
            if (this.building) setMember(o as Record<string, unknown>, k, this.out[this.top]);
            i++;
            opened = true;
            break;
          }
          if (this.building) setMember(o as Record<string, unknown>, k, r);
          if (this.total > budget) break;
        }
      }
      this.next[t] = i;
      if (opened || this.total > budget) continue;
      // All children seen: close the container.
      if (t >= SCAN_DEPTH) this.deepPath!.delete(parent);
      this.src[t] = null as unknown as object; // let the input go
      this.top = t - 1;
    }
    return rootOut;
  }
}

/**
 * Measures `value` against `budget` and returns its verdict. With `copy`, an ok verdict carries the
 * coerced copy (strings coerced, −0 as 0, every container a fresh plain one).
 */
export function measureJson(value: unknown, budget: number, copy = true): Measurement {
  const walk = new Walk(budget, copy);
  const root = walk.run(value);
  if (walk.total > budget) return { verdict: 'over_budget', octets: walk.total };
  if (walk.unencodable) return { verdict: 'unencodable', octets: walk.total };
  if (walk.tooDeep) return { verdict: 'too_deep', octets: walk.total };
  return copy ? { verdict: 'ok', octets: walk.total, value: root } : { verdict: 'ok', octets: walk.total };
}
