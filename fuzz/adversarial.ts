// Generators of hostile tool results for the bounder's properties and its fuzzer: strings with
// unpaired surrogates, controls and 1- to 4-octet characters; numbers JSON cannot carry; values of
// native types; getters that throw; proxies; cycles; deep nesting; artifact lists that are almost
// right. Shared by reference-impl/bound/*.test.ts (a few hundred runs) and `npm run fuzz` (millions).
import fc from 'fast-check';
import type { BoundOptions } from '../reference-impl/internal.ts';

/** A code unit, biased towards the ones that matter: surrogates, controls, escapes, multi-octet. */
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
  { weight: 2, arbitrary: fc.constantFrom(0x00, 0x08, 0x09, 0x0a, 0x0c, 0x0d, 0x1f, 0x22, 0x5c, 0x7f) },
  { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0x7ff }) },
  { weight: 2, arbitrary: fc.constantFrom(0x2028, 0x2029, 0xfeff, 0xfffd, 0x20ac, 0xffff) },
  { weight: 3, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }) },
);

/** A string that may be ill-formed: well-formed runs plus stray surrogates and whole pairs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.array(unit, { maxLength: 24 }).map((u) => String.fromCharCode(...u)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom('', 'toJSON', '__proto__', 'constructor', '$tr', '\uD83D\uDE00', '\uD800', '\uFFFD') },
);

/** A number, including the ones that are not JSON data. */
const hostileNumber = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double(),
  fc.constantFrom(-0, 1e21, 1e-7, 0.1, 5e-324, 2 ** 53 - 1, -(2 ** 53 - 1), 2 ** 53, 1e300, NaN, Infinity, -Infinity),
);

class Thing {
  readonly x = 1;
}

/** Values JSON cannot carry; none of them may run code when the bounder looks at them. */
const opaqueValue: fc.Arbitrary<unknown> = fc
  .constantFrom(
    'undefined',
    'function',
    'symbol',
    'bigint',
    'date',
    'map',
    'set',
    'bytes',
    'class',
    'getter',
    'throwing-getter',
    'setter-only',
    'to-json',
    'proxy',
    'revoked-proxy',
    'symbol-key',
    'non-enumerable',
    'sparse-array',
    'array-getter',
    'array-subclass',
    'boxed-string',
    'proxy-chain-1',
    'proxy-chain-2',
    'proxy-chain-3',
    'array-proxy-proto',
    'revoked-array-proxy',
    'u8-proxy-proto',
    'null-proto-getter',
    'wide-accessor',
    'shared-wide',
    'long-key',
    'wide',
  )
  .map((kind) => new OpaqueRef(kind));

/**
 * A stand-in for an opaque value inside a generated spec. fast-check inspects generated values
 * (`in`, clone checks), which a hostile proxy would not survive, so specs hold this stand-in and
 * `materialize` builds the real thing just before bounding.
 */
export class OpaqueRef {
  constructor(readonly kind: string) {}
}

/** A copy of a spec value with every OpaqueRef replaced by the hostile value it stands for. */
export function materialize(v: unknown, depth = 0): unknown {
  if (v instanceof OpaqueRef) return makeOpaque(v.kind);
  if (v === null || typeof v !== 'object' || depth > 100) return v;
  if (Array.isArray(v)) return v.map((x) => materialize(x, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    Object.defineProperty(out, k, { value: materialize(x, depth + 1), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function makeOpaque(kind: string): unknown {
  const ran = (): never => {
    throw new Error('bounder ran code of the value');
  };
  switch (kind) {
    case 'undefined':
      return undefined;
    case 'function':
      return ran;
    case 'symbol':
      return Symbol('s');
    case 'bigint':
      return 12345678901234567890n;
    case 'date':
      return new Date(0);
    case 'map':
      return new Map([['k', 'v']]);
    case 'set':
      return new Set([1]);
    case 'bytes':
      return new Uint8Array([1, 2]);
    case 'class':
      return new Thing();
    case 'getter':
      return Object.defineProperty({}, 'g', { get: ran, enumerable: true });
    case 'throwing-getter':
      return {
        a: 1,
        get b(): number {
          return ran();
        },
      };
    case 'setter-only':
      return Object.defineProperty({}, 's', { set: ran, enumerable: true });
    case 'to-json':
      return { a: 1, toJSON: ran };
    case 'proxy':
      return new Proxy({}, { get: ran, ownKeys: ran, getOwnPropertyDescriptor: ran, getPrototypeOf: ran, has: ran });
    case 'revoked-proxy': {
      const r = Proxy.revocable({}, {});
      r.revoke();
      return r.proxy;
    }
    case 'symbol-key':
      return { [Symbol('k')]: 1 };
    case 'non-enumerable':
      return Object.defineProperty({ a: 1 }, 'hidden', { value: 2, enumerable: false });
    case 'sparse-array':
      // biome-ignore lint/suspicious/noSparseArray: a hole is the hostile input here
      return [1, , 3];
    case 'array-getter':
      return Object.defineProperty([1, 2], 0, { get: ran, enumerable: true });
    case 'array-subclass':
      return new (class extends Array {})();
    // Issue 10: traps in the prototype chain (never at the top), wide, long-keyed and shared shapes.
    case 'proxy-chain-1':
    case 'proxy-chain-2':
    case 'proxy-chain-3': {
      let v: object = new Proxy({}, { get: ran, getPrototypeOf: ran, has: ran, ownKeys: ran, getOwnPropertyDescriptor: ran });
      for (let d = Number(kind.slice(-1)); d > 0; d--) v = Object.create(v);
      return v;
    }
    case 'array-proxy-proto':
      return Object.setPrototypeOf([1, 2], new Proxy([], { get: ran, getPrototypeOf: ran, has: ran }));
    case 'revoked-array-proxy': {
      const r = Proxy.revocable([], {});
      r.revoke();
      return r.proxy;
    }
    case 'u8-proxy-proto':
      return Object.setPrototypeOf(new Uint8Array(2), new Proxy(Uint8Array.prototype, { get: ran, getPrototypeOf: ran }));
    case 'null-proto-getter':
      return Object.defineProperty(Object.create(null), 'g', { get: ran, enumerable: true });
    case 'wide-accessor':
      return Object.defineProperty(wideObject(400), 'k399', { get: ran, enumerable: true });
    case 'shared-wide': {
      const o = wideObject(200);
      return new Array(30).fill(o);
    }
    case 'long-key':
      return { [`${'k'.repeat(30_000)}\uD800`]: 1 };
    case 'wide':
      return wideObject(600);
    default:
      return new String('boxed'); // a boxed string: an object, not a string
  }
}

function wideObject(n: number): Record<string, number> {
  const o: Record<string, number> = {};
  for (let i = 0; i < n; i++) o[`k${i}`] = i;
  return o;
}

/** A value for `structured` or inside an artifact: mostly JSON, sometimes not. */
export function hostileValue(opaqueWeight = 1): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 3, arbitrary: hostileString },
      { weight: 2, arbitrary: hostileNumber },
      { weight: 1, arbitrary: fc.constantFrom(null, true, false) },
      { weight: opaqueWeight, arbitrary: opaqueValue },
      { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 5 }) },
      { weight: 2, arbitrary: fc.array(fc.tuple(hostileString, tie('value')), { maxLength: 5 }).map(toObject) },
    ),
  }));
  return value;
}

/** An object built by defining members, so that "__proto__" is a member and not the prototype. */
function toObject(entries: [string, unknown][]): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

/** Plain JSON only, strings well-formed: for L(v) === Buffer.byteLength(JSON.stringify(v)). */
export const plainJson: fc.Arbitrary<unknown> = fc
  .jsonValue({ maxDepth: 5 })
  // Through JSON: −0 becomes 0 and "__proto__" a member, as JSON reads them; magnitudes beyond
  // 2^53 − 1 are folded into range, since those are unencodable by definition.
  .map((v) => JSON.parse(JSON.stringify(v), (_k, x) => (typeof x === 'number' && Math.abs(x) > Number.MAX_SAFE_INTEGER ? x % 1e15 : x)) as unknown);

const cell = hostileString;

/** An artifact list: usually of the right shape, sometimes subtly wrong, sometimes hostile. */
export const hostileArtifacts: fc.Arbitrary<unknown> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.array(
      fc.oneof(
        fc.record({ type: fc.constant('text'), label: hostileString, data: fc.record({ text: hostileString }) }),
        fc.integer({ min: 0, max: 4 }).chain((cols) =>
          fc.record({
            type: fc.constant('table'),
            label: hostileString,
            data: fc.record({
              columns: fc.array(cell, { minLength: cols, maxLength: cols }),
              rows: fc.array(fc.array(cell, { minLength: cols, maxLength: cols }), { maxLength: 6 }),
            }),
          }),
        ),
      ),
      { maxLength: 5 },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.array(
      fc.oneof(
        fc.record({ type: fc.constantFrom('image', 'Text', ''), label: hostileString, data: fc.record({ text: hostileString }) }),
        fc.record({ type: fc.constant('table'), label: hostileString, data: fc.record({ columns: fc.array(cell), rows: fc.array(fc.array(cell)) }) }),
        fc.record({ type: fc.constant('text'), label: hostileValue(), data: hostileValue() }),
        fc.record({ type: fc.constant('text'), label: hostileString, data: fc.record({ text: hostileString }), extra: hostileValue() }),
      ),
      { maxLength: 3 },
    ),
  },
  { weight: 1, arbitrary: hostileValue() },
);

/** Budgets from the floor up, small enough that over_budget happens often. */
export const boundOptions: fc.Arbitrary<BoundOptions> = fc.record(
  {
    contentBudget: fc.integer({ min: 256, max: 600 }),
    artifactsBudget: fc.integer({ min: 256, max: 2000 }),
    structuredBudget: fc.integer({ min: 256, max: 2000 }),
  },
  { requiredKeys: [] },
);

/** How a generated result is built: the fields of ToolResult.text / .error, plus extras. */
export interface ResultSpec {
  readonly isError: boolean;
  readonly content: unknown;
  readonly structured?: unknown;
  readonly artifacts?: unknown;
  /** Wrap the structured value so it contains itself (a cycle) or lies deep inside nesting. */
  readonly twist: 'none' | 'cycle' | 'deep';
  readonly depth: number;
}

export const resultSpec: fc.Arbitrary<ResultSpec> = fc.record(
  {
    isError: fc.boolean(),
    content: fc.oneof(
      {
        weight: 8,
        arbitrary: fc
          .array(fc.oneof(hostileString, fc.constantFrom('x'.repeat(100), 'é'.repeat(50), '😀'.repeat(40))), { maxLength: 8 })
          .map((p) => p.join('')),
      },
      { weight: 1, arbitrary: fc.oneof(fc.constant(undefined), fc.integer(), opaqueValue) },
    ),
    structured: hostileValue(),
    artifacts: hostileArtifacts,
    twist: fc.constantFrom('none', 'none', 'none', 'cycle', 'deep'),
    depth: fc.integer({ min: 60, max: 70 }),
  },
  { requiredKeys: ['isError', 'content', 'twist', 'depth'] },
);
