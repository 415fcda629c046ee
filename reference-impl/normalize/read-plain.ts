// Reading fields of a value a tool or server handed over, without running its code: a normalizer
// must not throw or call getters, proxy traps or toJSON on hostile input (TR-NORM-2). A field is read
// only when it is an own data property; anything else reads as absent. A descriptor is asked with
// hasOwn, not `in`: with a polluted Object.prototype.value, `'value' in d` is true for an accessor
// and `d.value` would run the polluter's getter.
import { types } from 'node:util';

/** A value that is not a proxy and is an object (class instances included). */
export function isInspectableObject(v: unknown): v is object {
  return typeof v === 'object' && v !== null && !types.isProxy(v);
}

/** A plain object as TR-BOUND-6 defines it: prototype Object.prototype or null, not a proxy. */
export function isPlainObject(v: unknown): v is Record<string, unknown> {
  // isProxy first: Array.isArray throws on a revoked proxy.
  if (!isInspectableObject(v) || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** A real array (not a proxy of one). */
export function isPlainArray(v: unknown): v is unknown[] {
  return !types.isProxy(v) && Array.isArray(v);
}

/** The own data property `key` of `o`, or undefined (absent, an accessor, or not inspectable). */
export function field(o: unknown, key: string): unknown {
  if (!isInspectableObject(o)) return undefined;
  const d = Object.getOwnPropertyDescriptor(o, key);
  return d !== undefined && Object.hasOwn(d, 'value') ? d.value : undefined;
}

/** Whether `o` has an own data property `key` (present even when its value is undefined or null). */
export function hasField(o: unknown, key: string): boolean {
  if (!isInspectableObject(o)) return false;
  const d = Object.getOwnPropertyDescriptor(o, key);
  return d !== undefined && Object.hasOwn(d, 'value');
}

/** The string field `key`, or undefined when absent or not a string. */
export function stringField(o: unknown, key: string): string | undefined {
  const v = field(o, key);
  return typeof v === 'string' ? v : undefined;
}

/** The items of an array as own data elements; a hole or accessor element reads as undefined. */
export function items(a: unknown[]): unknown[] {
  const out: unknown[] = [];
  const n = a.length;
  for (let i = 0; i < n; i++) out.push(field(a, String(i)));
  return out;
}
