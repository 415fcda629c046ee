// Turns the kit's tagged values into native JavaScript values (spec/09-conformance.md §9.2,
// TR-CONF-4). Decoding neither coerces, measures nor rejects anything the implementation should
// judge, with one exception the table pins: octets become a string through the implementation's
// own octet coercion, since a JavaScript string cannot hold them.
import { coerceOctets } from '../reference-impl/internal.ts';
import { OpError } from './ops/types.ts';

type Container = unknown[] | Record<string, unknown>;

function bad(what: string): never {
  throw new OpError('adapter.bad_input', `malformed tagged value: ${what}`);
}

function isTag(v: unknown): v is Record<string, unknown> & { $tr: unknown } {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, '$tr');
}

function hexToBytes(hex: unknown): Uint8Array {
  if (typeof hex !== 'string' || !/^(?:[0-9a-f]{2})*$/.test(hex)) bad('bytes.hex');
  return Uint8Array.from(Buffer.from(hex, 'hex'));
}

function fromUnits(units: unknown): string {
  if (!Array.isArray(units)) bad('utf16.units');
  const parts: string[] = [];
  for (let i = 0; i < units.length; i += 4096) {
    const chunk = units.slice(i, i + 4096) as number[];
    for (const u of chunk) if (!Number.isInteger(u) || u < 0 || u > 0xffff) bad('utf16.units');
    parts.push(String.fromCharCode(...chunk));
  }
  return parts.join('');
}

/** Sets a member without invoking the `__proto__` setter. */
function setMember(o: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

let opaqueGetterCalls = 0;
/** How often a getter of an opaque value ran (a bounder must keep this at 0, TR-BOUND-6). */
export function getterCalls(): number {
  return opaqueGetterCalls;
}

/**
 * An opaque getter in an array is an accessor element in its place, which counts 4 octets there like
 * every unencodable node (TR-BOUND-6). Anywhere else it is an object whose one member is an accessor
 * (a JavaScript bounder counts that member's value 4 in place, TR-BOUND-6).
 */
const slots = new WeakSet<object>();
class AccessorSlot {
  constructor(readonly throwing: boolean) {
    slots.add(this);
  }
  getter(): () => string {
    const throwing = this.throwing;
    return () => {
      opaqueGetterCalls++;
      if (throwing) throw new Error('a getter of an opaque value ran');
      return 'opaque-getter';
    };
  }
}

/** Puts a decoded item into its container; an opaque getter becomes an accessor element there. */
function place(out: Container, key: string | number, item: unknown): void {
  // A WeakSet, not instanceof: the item may be an opaque proxy, whose traps must not run.
  if (isSlot(item) && Array.isArray(out)) {
    Object.defineProperty(out, key, { get: item.getter(), enumerable: true, configurable: true });
  } else if (Array.isArray(out)) {
    out[key as number] = standalone(item);
  } else {
    setMember(out, key as string, standalone(item));
  }
}

function isSlot(v: unknown): v is AccessorSlot {
  return typeof v === 'object' && v !== null && slots.has(v);
}

/** An opaque getter outside any container: an object whose one member is the accessor. */
function standalone(item: unknown): unknown {
  if (!isSlot(item)) return item;
  const o = {};
  Object.defineProperty(o, 'value', { get: item.getter(), enumerable: true, configurable: true });
  return o;
}

class OpaqueInstance {
  readonly secret = 'opaque-class-instance';
}

/** The closest JavaScript value of each opaque kind. */
function opaque(kind: unknown): unknown {
  switch (kind) {
    case 'undefined':
      return undefined;
    case 'function':
      return function opaqueFunction() {
        opaqueGetterCalls++;
        return 'opaque-function';
      };
    case 'symbol':
      return Symbol('opaque');
    case 'date':
      return new Date(0);
    case 'map':
      return new Map([['k', 'v']]);
    case 'set':
      return new Set(['v']);
    case 'bytes-object':
      return new Uint8Array([1, 2, 3]);
    case 'class-instance':
      return new OpaqueInstance();
    case 'getter':
      return new AccessorSlot(false);
    case 'throwing-getter':
      return new AccessorSlot(true);
    case 'to-json':
      return {
        value: 'opaque',
        toJSON(): string {
          opaqueGetterCalls++;
          return 'opaque-to-json';
        },
      };
    case 'proxy': {
      const trap = (): never => {
        opaqueGetterCalls++;
        throw new Error('a proxy trap ran');
      };
      return new Proxy({}, { get: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap, has: trap });
    }
    case 'non-string-key':
      return { [Symbol('key')]: 'opaque' };
    default:
      return bad('opaque.kind');
  }
}

/**
 * Decodes a tagged value. `path` holds the containers above the value, innermost last, for
 * `{"$tr":"cycle"}`. Deep structure comes only from `nest` tags, which are built iteratively.
 */
function decode(v: unknown, path: Container[]): unknown {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    path.push(out);
    for (const item of v) place(out, out.length, decode(item, path));
    path.pop();
    return out;
  }
  if (!isTag(v)) {
    const out: Record<string, unknown> = {};
    path.push(out);
    for (const [k, item] of Object.entries(v)) place(out, k, decode(item, path));
    path.pop();
    return out;
  }
  switch (v.$tr) {
    case 'bytes':
      return coerceOctets(hexToBytes(v.hex));
    case 'utf16':
      return fromUnits(v.units);
    case 'number':
      switch (v.value) {
        case 'NaN':
          return NaN;
        case 'Infinity':
          return Infinity;
        case '-Infinity':
          return -Infinity;
        case '-0':
          return -0;
        default:
          return bad('number.value');
      }
    case 'bigint':
      if (typeof v.value !== 'string' || !/^-?(?:0|[1-9][0-9]*)$/.test(v.value)) bad('bigint.value');
      return BigInt(v.value);
    case 'nest':
      return decodeNest(v, path);
    case 'repeat': {
      const count = v.count;
      if (!Number.isInteger(count) || (count as number) < 0) bad('repeat.count');
      if (Object.hasOwn(v, 'item')) {
        const out: unknown[] = [];
        path.push(out);
        const item = standalone(decode(v.item, path)); // one value, shared by every slot
        path.pop();
        for (let i = 0; i < (count as number); i++) out.push(item);
        return out;
      }
      if (typeof v.text !== 'string') bad('repeat.text');
      return v.text.repeat(count as number);
    }
    case 'cycle': {
      const up = v.up;
      if (!Number.isInteger(up) || (up as number) < 1 || (up as number) > path.length) bad('cycle.up');
      return path[path.length - (up as number)];
    }
    case 'object': {
      if (!Array.isArray(v.entries)) bad('object.entries');
      const out: Record<string, unknown> = {};
      path.push(out);
      for (const entry of v.entries as unknown[]) {
        if (!Array.isArray(entry) || entry.length !== 2) bad('object.entries');
        const key = decode(entry[0], path);
        if (typeof key !== 'string') bad('object key');
        place(out, key, decode(entry[1], path));
      }
      path.pop();
      return out;
    }
    case 'opaque':
      return opaque(v.kind);
    default:
      return bad('$tr');
  }
}

function decodeNest(v: Record<string, unknown>, path: Container[]): unknown {
  const depth = v.depth;
  if (!Number.isInteger(depth) || (depth as number) < 0) bad('nest.depth');
  const kind = v.kind;
  if (kind !== 'array' && kind !== 'object') bad('nest.kind');
  const key = v.key === undefined ? 'k' : v.key;
  if (typeof key !== 'string') bad('nest.key');
  // Outside in, so that a cycle tag in the leaf can point at any level of the nest.
  const levels: Container[] = [];
  for (let i = 0; i < (depth as number); i++) levels.push(kind === 'array' ? [] : {});
  const base = path.length;
  for (const c of levels) path.push(c);
  const leaf = standalone(decode(v.leaf, path));
  path.length = base;
  for (let i = 0; i < levels.length; i++) {
    const child = i + 1 < levels.length ? levels[i + 1] : leaf;
    const c = levels[i]!;
    if (Array.isArray(c)) c.push(child);
    else setMember(c, key, child);
  }
  return levels.length > 0 ? levels[0] : leaf;
}

/** The native JavaScript value of a tagged value (tagged-value.schema.json). */
export function decodeTagged(v: unknown): unknown {
  return standalone(decode(v, []));
}
