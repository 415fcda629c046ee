// The measure L, the depth D and the verdict of a run-only channel (spec/03-bounding.md §3.3–3.4,
// TR-BOUND-5..8), computed in one iterative walk that also builds the coerced, frozen copy the
// bounder outputs when the verdict is ok.
//
// The walk never recurses (TR-BOUND-0), never calls code held by the value (TR-BOUND-6), and stops
// as soon as the running L passes the budget (TR-BOUND-16): every node adds at least one octet, so
// the work is bounded by the budget, not by the input.
import { types } from 'node:util';
import { coerceString, isWellFormed } from './coerce-utf8.ts';
import { isJsonNumber, jsonNumberLength, normalizeNumber } from './number-format.ts';
import { jsonStringLength } from './string-length.ts';
import { NOT_DATA, allDataProperties, ownDataValue } from './own-data.ts';

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
const ObjectPrototype = Object.prototype;
const ArrayPrototype = Array.prototype;
const freeze = Object.freeze;
const UNENCODABLE: unique symbol = Symbol('unencodable');

interface Frame {
  readonly src: object;
  /** The copy being built, or null once a copy is no longer needed. */
  out: unknown[] | Record<string, unknown> | null;
  /** Source keys (objects) or null (arrays). */
  readonly keys: readonly string[] | null;
  /** Coerced keys, parallel to `keys`. */
  readonly outKeys: readonly string[] | null;
  readonly n: number;
  readonly level: number;
  i: number;
}

/** What an object is as JSON data: its keys (coerced, checked), 'array', or UNENCODABLE. */
interface ObjectShape {
  readonly keys: readonly string[];
  readonly outKeys: readonly string[];
}

function inspectObject(v: object): ObjectShape | 'array' | typeof UNENCODABLE {
  if (isProxy(v)) return UNENCODABLE;
  if (Array.isArray(v)) return getPrototypeOf(v) === ArrayPrototype ? 'array' : UNENCODABLE;
  const proto = getPrototypeOf(v);
  if (proto !== ObjectPrototype && proto !== null) return UNENCODABLE;
  // Own or inherited toJSON: JSON.stringify would call it. `in` runs no code on a non-proxy.
  if ('toJSON' in v) return UNENCODABLE;
  if (Object.getOwnPropertySymbols(v).length > 0) return UNENCODABLE;
  const keys = Object.keys(v);
  if (Object.getOwnPropertyNames(v).length !== keys.length) return UNENCODABLE;
  if (!allDataProperties(v, keys)) return UNENCODABLE;
  let outKeys: readonly string[] = keys;
  for (let i = 0; i < keys.length; i++) {
    if (!isWellFormed(keys[i]!)) {
      const coerced = keys.map(coerceString);
      if (new Set(coerced).size !== coerced.length) return UNENCODABLE; // TR-BOUND-7
      outKeys = coerced;
      break;
    }
  }
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
  const stack: Frame[] = [];
  const onPath = new Set<object>();

  // Visits one node: counts a scalar and returns its output form, or opens a container frame and
  // returns the (still empty) output container. Counts only what the node itself writes.
  const visit = (v: unknown, level: number): unknown => {
    switch (typeof v) {
      case 'string': {
        const s = coerceString(v);
        total += jsonStringLength(s);
        return s;
      }
      case 'number':
        if (isJsonNumber(v)) {
          total += jsonNumberLength(v);
          return normalizeNumber(v);
        }
        break;
      case 'boolean':
        total += v ? 4 : 5;
        return v;
      case 'object': {
        if (v === null) {
          total += 4;
          return null;
        }
        if (onPath.has(v)) break; // a cycle point
        const shape = inspectObject(v);
        if (shape === UNENCODABLE) break;
        if (level > MAX_DEPTH) {
          tooDeep = true;
          building = false;
        }
        total += 2;
        onPath.add(v);
        if (shape === 'array') {
          const n = (v as unknown[]).length;
          const out = building ? new Array<unknown>(n) : null;
          stack.push({ src: v, out, keys: null, outKeys: null, n, level, i: 0 });
          return out;
        }
        const out = building ? {} : null;
        stack.push({ src: v, out, keys: shape.keys, outKeys: shape.outKeys, n: shape.keys.length, level, i: 0 });
        return out;
      }
      default:
        break;
    }
    unencodable = true;
    building = false;
    total += UNENCODABLE_OCTETS;
    return undefined;
  };

  const root = visit(value, 1);
  while (stack.length > 0 && total <= budget) {
    const f = stack[stack.length - 1]!;
    if (f.i >= f.n) {
      stack.pop();
      onPath.delete(f.src);
      if (f.out !== null && building) freeze(f.out);
      continue;
    }
    const i = f.i++;
    if (i > 0) total += 1; // the comma
    if (f.keys === null) {
      const item = ownDataValue(f.src, i);
      const out = item === NOT_DATA ? visitNotData() : visit(item, f.level + 1);
      if (building && f.out !== null) (f.out as unknown[])[i] = out;
    } else {
      const outKey = f.outKeys![i]!;
      total += jsonStringLength(outKey) + 1; // the key and the colon
      const item = (f.src as Record<string, unknown>)[f.keys[i]!]; // a data property (checked)
      const out = visit(item, f.level + 1);
      if (building && f.out !== null) setMember(f.out as Record<string, unknown>, outKey, out);
    }
  }

  function visitNotData(): undefined {
    unencodable = true;
    building = false;
    total += UNENCODABLE_OCTETS;
    return undefined;
  }

  if (total > budget) return { verdict: 'over_budget', octets: total };
  if (unencodable) return { verdict: 'unencodable', octets: total };
  if (tooDeep) return { verdict: 'too_deep', octets: total };
  return copy ? { verdict: 'ok', octets: total, value: root } : { verdict: 'ok', octets: total };
}
