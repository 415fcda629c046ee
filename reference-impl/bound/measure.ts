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
const getOwnPropertyNames = Object.getOwnPropertyNames;
const getOwnPropertySymbols = Object.getOwnPropertySymbols;
const ObjectPrototype = Object.prototype;
const ArrayPrototype = Array.prototype;
const lookupGetter = (Object.prototype as unknown as { __lookupGetter__(k: PropertyKey): unknown }).__lookupGetter__;
const isArray = Array.isArray;
const hasOwn = Object.hasOwn;

// Printable ASCII other than `"` and `\`: one octet per code unit, unescaped, well-formed.
const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** Arrays up to this length get their copy allocated at full size. */
const PRESIZE_LIMIT = 1024;

/** Strings up to this length are measured by a loop; longer ones are first tried with PLAIN_ASCII. */
const SHORT_STRING = 16;

/** Arrays up to this length are first tried as arrays of leaves, without a frame (Walk.leafArray). */
const LEAF_LIMIT = 64;

/** Frames up to this depth are checked for cycles by a scan; deeper ones through a Set. */
const SCAN_DEPTH = 64;

/** Objects with more own properties than this have their key listing kept for the rest of the walk. */
const LISTING_KEEP = 64;

/**
 * The enumerable keys of a plain object, or null when the object as a whole is unencodable. Only
 * checks that cost one native call each are made here (TR-BOUND-18): the members themselves
 * (accessors, ill-formed and colliding keys) are checked one by one as the walk reaches them, after
 * the budget has been charged for them. JavaScript has no lazy key enumeration, so the native listing
 * is the one step proportional to an object's size; the walk keeps the listing of a large object so
 * that an object shared many times is listed once.
 */
function objectKeys(v: object): string[] | null {
  const proto = getPrototypeOf(v);
  if (proto !== ObjectPrototype && proto !== null) return null; // class instances, Date, Map, ...
  if ('toJSON' in v) return null; // own or inherited: JSON.stringify would call it
  // Non-enumerable members are not part of the value (as JSON.stringify and arrays' extra
  // properties): never read, so never leaked. Listing them only to refuse the object cost more than
  // listing the keys (getOwnPropertyNames of 10^6 members: seconds).
  const keys = Object.keys(v);
  if (getOwnPropertySymbols(v).length > 0) return null; // keys that are not strings
  return keys;
}

/** Whether an index key (a canonical array index) is an own property of `o`. */
function hasIndexKey(o: object): boolean {
  for (const k of getOwnPropertyNames(o)) {
    const c = k.charCodeAt(0);
    if (c >= 0x30 && c <= 0x39 && String(Number(k) >>> 0) === k) return true;
  }
  return false;
}

/**
 * True when a hole of an array could read an inherited element (a polluted prototype). Array.prototype
 * is itself an array, so any element given to it raises its length: an exact O(1) test. For
 * Object.prototype, listing its own names on every walk cost more than the walk of a small result
 * (about half of `bound` for a three-member value), so only its enumerable keys are asked (an empty
 * enum cache is cheap): an element made with `obj[i] = v` is seen; one defined non-enumerable with
 * defineProperty is not (code that can do that to Object.prototype can do anything in the process).
 */
function holesMayInherit(): boolean {
  return (ArrayPrototype as unknown[]).length !== 0 || (Object.keys(ObjectPrototype).length !== 0 && hasIndexKey(ObjectPrototype));
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
  /** Per open object: the coerced forms of its ill-formed keys met so far (TR-BOUND-7), or null. */
  readonly coercedKeys: (Set<string> | null)[] = [];
  readonly size: number[] = [];
  readonly next: number[] = [];
  /** Open containers deeper than SCAN_DEPTH, for cycle checks at depth. */
  deepPath: Set<object> | null = null;
  /** Key listings of large objects, made once per walk. */
  listings: Map<object, string[]> | null = null;
  /** A hole must be told by hasOwn: some prototype holds an element. */
  readonly holesInherit: boolean;

  constructor(budget: number, copy: boolean) {
    this.budget = budget;
    this.building = copy;
    this.holesInherit = holesMayInherit();
  }

  /** The keys of a plain object (kept for a large one), or null when it is unencodable as a whole. */
  listKeys(c: object): string[] | null {
    const listings = this.listings;
    if (listings !== null) {
      const kept = listings.get(c);
      if (kept !== undefined) return kept;
    }
    const keys = objectKeys(c);
    if (keys !== null && keys.length > LISTING_KEEP) {
      (this.listings ??= new Map()).set(c, keys);
    }
    return keys;
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
        if (n > this.budget - this.total || (v.length > SHORT_STRING && PLAIN_ASCII.test(v))) {
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
        return this.open(v);
      default: // undefined, function, symbol, bigint
        return this.bad();
    }
  }

  /**
   * A container: its copy when it was a small array of leaves (counted here, without a frame),
   * OPENED when a frame was opened for it, BAD for anything but a plain array or object and for a
   * cycle point.
   */
  open(c: object): unknown {
    if (isProxy(c)) return this.bad();
    let keys: string[] | null = null;
    if (isArray(c)) {
      if (getPrototypeOf(c) !== ArrayPrototype) return this.bad();
    } else {
      keys = this.listKeys(c);
      if (keys === null) return this.bad();
    }
    const top = this.top;
    const scanTo = top < SCAN_DEPTH ? top : SCAN_DEPTH - 1;
    for (let d = 0; d <= scanTo; d++) if (this.src[d] === c) return this.bad();
    if (this.deepPath?.has(c)) return this.bad();
    if (keys === null && top + 1 < MAX_DEPTH && (c as unknown[]).length <= LEAF_LIMIT) {
      const leaves = this.leafArray(c as unknown[]);
      if (leaves !== OPENED) return leaves;
    }
    this.push(c, keys);
    return OPENED;
  }

  /**
   * Counts and copies a small array whose elements are all leaves, the most common container (a
   * table's row): no frame is opened for it. Returns OPENED, with nothing counted, at the first
   * element that is itself a container; the caller then opens a frame as for any array.
   */
  leafArray(arr: unknown[]): unknown {
    const n = arr.length;
    const o: unknown[] | null = this.building ? new Array<unknown>(n) : null;
    const holesInherit = this.holesInherit;
    const budget = this.budget;
    // Counted in a local and written back once: a row's cells are the hottest loop of the walk.
    const start = this.total;
    let total = start + 2;
    for (let i = 0; i < n; i++) {
      if (i > 0) total += 1;
      // As in run(): read an element only when no getter stands behind it (TR-BOUND-6).
      const v = lookupGetter.call(arr, i) === undefined && (!holesInherit || hasOwn(arr, i)) ? arr[i] : undefined;
      if (typeof v === 'string' && v.length <= SHORT_STRING) {
        // A short well-formed string, the usual cell, is counted here.
        const octets = wellFormedStringLength(v);
        if (octets >= 0) {
          total += octets;
          if (o !== null) o[i] = v;
          if (total > budget) break;
          continue;
        }
      } else if (typeof v === 'object' && v !== null) {
        this.total = start; // nothing of this array stays counted: the frame counts it again
        return OPENED;
      }
      this.total = total;
      const r = this.child(v);
      total = this.total;
      if (o !== null) o[i] = r;
      if (total > budget) break;
    }
    this.total = total;
    return this.building ? o : null;
  }

  /** Opens a frame for a plain array (keys null) or object that passed open()'s checks. */
  push(c: object, keys: string[] | null): void {
    const top = this.top;

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
    this.coercedKeys[t] = null;
    if (keys === null) {
      const n = (c as unknown[]).length;
      this.size[t] = n;
      this.keys[t] = null;
      // Sized up front when small (no regrowth, no spare capacity); a huge input array is copied by
      // push, so that the copy never holds more slots than the budget lets through.
      this.out[t] = this.building ? (n <= PRESIZE_LIMIT ? new Array<unknown>(n) : []) : null;
    } else {
      this.size[t] = keys.length;
      this.keys[t] = keys;
      this.out[t] = this.building ? {} : null;
    }
  }

  /**
   * TR-BOUND-7 for one ill-formed key of the object on top, coerced to `k`: it collides with an own
   * key that already reads `k`, or with another ill-formed key coerced to `k`. The object stays
   * counted member by member; it only can no longer pass.
   */
  checkCollision(obj: object, k: string): void {
    const t = this.top;
    const seen = (this.coercedKeys[t] ??= new Set());
    if (hasOwn(obj, k) || seen.has(k)) {
      this.unencodable = true;
      this.building = false;
    }
    seen.add(k);
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
          // hole reads as undefined and a setter-only element too: both unencodable in place. When a
          // prototype holds elements, a hole would read one of them: then own elements only.
          const r = this.child(lookupGetter.call(arr, i) === undefined && (!this.holesInherit || hasOwn(arr, i)) ? arr[i] : undefined);
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
        const obj = parent as Record<string, unknown>;
        for (; i < n; i++) {
          if (i > 0) this.total += 1;
          const key = keys[i]!;
          // TR-BOUND-18: a member costs at least its key's length, the quotes, the colon and one octet
          // of value; charge that before scanning a key that alone may pass the budget.
          if (key.length + 4 > budget - this.total) {
            this.total += key.length + 4;
            break;
          }
          let k = key;
          let keyOctets = key.length > SHORT_STRING && PLAIN_ASCII.test(key) ? key.length + 2 : wellFormedStringLength(key);
          if (keyOctets < 0) {
            k = (key as unknown as { toWellFormed(): string }).toWellFormed();
            keyOctets = jsonStringLength(k);
            this.checkCollision(obj, k);
          }
          this.total += keyOctets + 1; // the key and the colon
          // An own key, so __lookupGetter__ finds the member itself: an accessor member is an
          // unencodable node in its place (TR-BOUND-6), and its getter is never called.
          const r = this.child(lookupGetter.call(obj, key) === undefined ? obj[key] : undefined);
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
