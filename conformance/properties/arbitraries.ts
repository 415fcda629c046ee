// Generators of tagged inputs (tagged-value.schema.json). Everything here is plain JSON that goes
// over the wire as it is; adversarial values (unpaired surrogates, ill-formed octets, NaN, bigints,
// deep nests, cycles, opaque natives) appear only as tags, and only those the adapter's language
// can build (Caps, from the handshake).
import fc from 'fast-check';
import type { Caps } from './define.ts';
import { OPAQUE_KINDS } from '../protocol/opaque-kinds.ts';

export type Tagged = unknown;

// ------------------------------------------------------------------ strings

/** A unique ASCII token planted in run-only data; found in any escaping of it. */
export const canary = (): fc.Arbitrary<string> => fc.stringMatching(/^[0-9a-f]{16}$/).map((h) => `cnry${h}`);

/** Text that is heavy in multi-octet characters, where octets, code units and code points differ. */
const wideChars = fc.constantFrom('a', 'é', '€', '…', '😀', '\u2028', '"', '\\', '\n', '\u0001', '\ufeff', '\u0000', '/', '𝄞', 'ß');
export const wideText = (max = 12): fc.Arbitrary<string> => fc.array(wideChars, { maxLength: max }).map((a) => a.join(''));

const plainText = (max = 16): fc.Arbitrary<string> => fc.oneof(fc.string({ unit: 'grapheme', maxLength: max }), wideText(max), fc.string({ maxLength: max }));

/** UTF-16 code units with unpaired surrogates among ordinary ones. */
const utf16Tag = fc
  .array(fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xd800, max: 0xdfff }), fc.integer({ min: 0, max: 0xffff })), { maxLength: 12 })
  .map((units) => ({ $tr: 'utf16', units }));

const hexByte = (b: number): string => b.toString(16).padStart(2, '0');
/** Octets, mostly ill-formed UTF-8: stray continuations, overlongs, surrogates, truncations. */
const bytesTag = fc
  .array(
    fc.oneof(
      fc.constantFrom('41', '80', 'c0af', 'e08080', 'eda080', 'f09f98', 'f4908080', 'f580', 'efbbbf', 'e282', 'c3a9', 'f09f9880', 'ff'),
      fc.integer({ min: 0, max: 255 }).map(hexByte),
    ),
    { maxLength: 8 },
  )
  .map((parts) => ({ $tr: 'bytes', hex: parts.join('') }));

/** Any string input: plain, or tagged octets, or (UTF-16 languages) tagged code units. */
export function taggedString(caps: Caps, max = 16): fc.Arbitrary<Tagged> {
  const options: fc.Arbitrary<Tagged>[] = [plainText(max), plainText(max), bytesTag];
  if (caps.utf16) options.push(utf16Tag);
  return fc.oneof(...options);
}

/** A string for content: small, or long enough to cross a small budget. */
export function contentString(caps: Caps): fc.Arbitrary<Tagged> {
  return fc.oneof(
    taggedString(caps, 40),
    fc.record({
      $tr: fc.constant('repeat'),
      count: fc.integer({ min: 1, max: 700 }),
      text: fc.oneof(
        wideText(3).filter((t) => t.length > 0),
        fc.constantFrom('x', 'é', '😀', '€'),
      ),
    }),
  );
}

// ------------------------------------------------------------------ values

export const plainKey = (): fc.Arbitrary<string> => plainText(8).filter((k) => k !== '$tr');

/** Numbers that are JSON data (finite, within ±(2^53 − 1)), in every ECMAScript number form. */
export const jsonNumber = fc.oneof(
  fc.integer(),
  fc.double({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, noNaN: true }),
  fc.constantFrom(0, -0, 1e-7, 0.1, 123e-20, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 5e-324),
);
const finiteNumber = jsonNumber;

/** A JSON leaf (encodable data). */
export const jsonLeaf = (strings: fc.Arbitrary<Tagged>): fc.Arbitrary<Tagged> =>
  fc.oneof({ weight: 1, arbitrary: fc.constantFrom(null, true, false) }, { weight: 2, arbitrary: finiteNumber }, { weight: 3, arbitrary: strings });

/** A leaf JSON cannot carry as data (TR-BOUND-6), limited to what the language can build. */
export function unencodableLeaf(caps: Caps): fc.Arbitrary<Tagged> {
  const options: fc.Arbitrary<Tagged>[] = [
    fc.constantFrom('NaN', 'Infinity', '-Infinity').map((value) => ({ $tr: 'number', value })),
    fc
      .bigInt({ min: 2n ** 53n, max: 2n ** 80n })
      .chain((b) => fc.constantFrom(b, -b))
      .map((b) => ({ $tr: 'bigint', value: b.toString() })),
    // Doubles beyond 2^53 as JSON writes them with an exponent, so every parser reads a double (TR-CONF-6).
    fc.constantFrom(1e300, -1e300, 1e21, -2.5e22),
  ];
  if (caps.opaque) {
    options.push(fc.constantFrom(...OPAQUE_KINDS).map((kind) => ({ $tr: 'opaque', kind })));
  }
  return fc.oneof(...options);
}

/** A key as a bounder reads it: a `bytes` tag's octets coerced (TR-BOUND-1, U+FFFD per maximal subpart; a leading U+FEFF kept, as the default decoder would not). */
function keyAsRead(k: unknown): unknown {
  const t = k as { $tr?: unknown; hex?: unknown };
  if (t !== null && typeof t === 'object' && t.$tr === 'bytes' && typeof t.hex === 'string')
    return new TextDecoder('utf-8', { ignoreBOM: true }).decode(Buffer.from(t.hex, 'hex'));
  return typeof k === 'string' ? k : JSON.stringify(k);
}

/**
 * The entries of an `object` tag. A UTF-16 language decodes a `bytes` key at the door and merges
 * keys that are then equal, as the reference does; a byte-string one keeps the octets, and its
 * bounder sees them collide (spec/09 §9.2). The two readings differ only for such keys, so a
 * byte-string adapter gets keys that are distinct as read; the bytes forms of the key-collision
 * vectors (TR-CONF-23) test its collisions.
 */
function objectEntries(caps: Caps, keys: fc.Arbitrary<Tagged>, value: fc.Arbitrary<Tagged>): fc.Arbitrary<[Tagged, Tagged][]> {
  const entry = fc.tuple(keys, value);
  return caps.utf16 ? fc.array(entry, { maxLength: 3 }) : fc.uniqueArray(entry, { maxLength: 3, selector: ([k]) => keyAsRead(k) });
}

export interface ValueOptions {
  readonly strings: fc.Arbitrary<Tagged>;
  readonly withBad: boolean;
  readonly maxDepth?: number;
}

/** A tagged JSON-ish value tree. */
export function taggedValue(caps: Caps, o: ValueOptions): fc.Arbitrary<Tagged> {
  const leaf = o.withBad ? fc.oneof({ weight: 6, arbitrary: jsonLeaf(o.strings) }, { weight: 1, arbitrary: unencodableLeaf(caps) }) : jsonLeaf(o.strings);
  const { tree } = fc.letrec<{ tree: Tagged; node: Tagged }>((tie) => ({
    tree: fc.oneof({ depthSize: 'small', maxDepth: o.maxDepth ?? 4, withCrossShrink: true }, leaf, tie('node')),
    node: fc.oneof(
      { weight: 3, arbitrary: fc.array(tie('tree'), { maxLength: 4 }) },
      { weight: 3, arbitrary: fc.dictionary(plainKey(), tie('tree'), { maxKeys: 4 }) },
      { weight: 1, arbitrary: fc.record({ $tr: fc.constant('object'), entries: objectEntries(caps, o.strings, tie('tree')) }) },
      {
        weight: 1,
        arbitrary: fc.record({
          $tr: fc.constant('nest'),
          depth: fc.integer({ min: 0, max: 70 }),
          kind: fc.constantFrom('array', 'object'),
          key: plainKey(),
          leaf: leaf,
        }),
      },
      { weight: 1, arbitrary: fc.record({ $tr: fc.constant('repeat'), count: fc.integer({ min: 0, max: 400 }), text: plainText(4) }) },
      ...(caps.cycles && o.withBad ? [{ weight: 1, arbitrary: fc.array(tie('tree'), { maxLength: 2 }).map((a) => [...a, { $tr: 'cycle', up: 1 }]) }] : []),
    ),
  }));
  return tree;
}

// ------------------------------------------------------------------ artifacts

/** A well-shaped artifact (TR-MODEL-5) whose strings come from `strings`. */
export function artifact(strings: fc.Arbitrary<Tagged>): fc.Arbitrary<Tagged> {
  const text = fc.record({ type: fc.constant('text'), label: strings, data: fc.record({ text: strings }) });
  const table = fc.integer({ min: 0, max: 3 }).chain((n) =>
    fc.record({
      type: fc.constant('table'),
      label: strings,
      data: fc.record({
        columns: fc.array(strings, { minLength: n, maxLength: n }),
        rows: fc.array(fc.array(strings, { minLength: n, maxLength: n }), { maxLength: 3 }),
      }),
    }),
  );
  return fc.oneof(text, table);
}

/** An artifact list: usually well shaped, sometimes too big, deep, unencodable or misshapen. */
export function artifactList(caps: Caps, strings: fc.Arbitrary<Tagged>): fc.Arbitrary<Tagged> {
  const good = fc.array(artifact(strings), { maxLength: 4 });
  const big = fc.record({
    type: fc.constant('text'),
    label: strings,
    data: fc.record({ text: fc.record({ $tr: fc.constant('repeat'), count: fc.integer({ min: 50, max: 2000 }), text: fc.constantFrom('ab', 'é', '😀') }) }),
  });
  return fc.oneof(
    { weight: 5, arbitrary: good },
    { weight: 2, arbitrary: fc.tuple(good, big).map(([g, b]) => [...(g as unknown[]), b]) },
    { weight: 1, arbitrary: fc.tuple(good, unencodableLeaf(caps)).map(([g, bad]) => [...(g as unknown[]), { type: 'text', label: 'x', data: { text: bad } }]) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 60, max: 70 })
        .map((depth) => [{ type: 'text', label: 'x', data: { text: { $tr: 'nest', depth, kind: 'array', leaf: 'x' } } }]),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          good,
          fc.constantFrom<Tagged>(
            { type: 'chart', label: 'x', data: {} },
            { type: 'text', label: 'x', data: { text: 'a', more: 1 } },
            { type: 'table', label: 'x', data: { columns: ['a'], rows: [['1', '2']] } },
            'not an artifact',
          ),
        )
        .map(([g, b]) => [...(g as unknown[]), b]),
    },
    { weight: 1, arbitrary: taggedValue(caps, { strings, withBad: true, maxDepth: 2 }) },
  );
}

// ------------------------------------------------------------------ results

export interface ResultInput {
  content: Tagged;
  isError: boolean;
  warnings?: string[];
  structured?: Tagged;
  artifacts?: Tagged;
}

export interface BoundOptionsInput {
  contentBudget?: number;
  artifactsBudget?: number;
  structuredBudget?: number;
}

/** Budgets small enough that generated values cross them. */
export const boundOptions = (): fc.Arbitrary<BoundOptionsInput | undefined> =>
  fc.option(
    fc.record(
      {
        contentBudget: fc.integer({ min: 256, max: 1200 }),
        artifactsBudget: fc.integer({ min: 256, max: 3000 }),
        structuredBudget: fc.integer({ min: 256, max: 3000 }),
      },
      { requiredKeys: [] },
    ),
    { nil: undefined, freq: 4 },
  );

export function resultInput(caps: Caps, strings: fc.Arbitrary<Tagged> = taggedString(caps)): fc.Arbitrary<ResultInput> {
  return fc.record(
    {
      content: contentString(caps),
      isError: fc.boolean(),
      structured: taggedValue(caps, { strings, withBad: true }),
      artifacts: artifactList(caps, strings),
    },
    { requiredKeys: ['content', 'isError'] },
  );
}

/** `{result, options?}` as the bound, wire, sinks and ledger ops take it. */
export function boundInput(caps: Caps, strings?: fc.Arbitrary<Tagged>): fc.Arbitrary<{ result: ResultInput; options?: BoundOptionsInput }> {
  return fc.tuple(resultInput(caps, strings), boundOptions()).map(([result, options]) => (options === undefined ? { result } : { result, options }));
}

/** Plain JSON with only well-formed strings and data numbers: its JCS length is JSON.stringify's. */
export function plainJson(maxDepth = 4): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(fc.constantFrom(null, true, false), jsonNumber, plainText(10));
  const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
    tree: fc.oneof({ depthSize: 'small', maxDepth }, leaf, fc.array(tie('tree'), { maxLength: 4 }), fc.dictionary(plainKey(), tie('tree'), { maxKeys: 4 })),
  }));
  return tree;
}

/** A result whose run-only channels hold the canary (in keys, leaves, labels, cells); content never does. */
export function plantedInput(caps: Caps): fc.Arbitrary<{ canary: string; input: { result: ResultInput; options?: BoundOptionsInput } }> {
  return canary().chain((c) => {
    const strings = fc.oneof(
      taggedString(caps),
      fc.constant(c),
      fc.constant(`${c}`),
      plainText(4).map((t) => `${t}${c}`),
    );
    return fc
      .tuple(
        boundInput(caps, strings),
        fc.constantFrom<'both' | 'structured' | 'artifacts'>('both', 'structured', 'artifacts'),
        taggedValue(caps, { strings, withBad: false, maxDepth: 2 }),
      )
      .map(([input, where, extra]) => {
        const result = { ...input.result };
        if (where !== 'artifacts') result.structured = { [c]: c, data: extra };
        if (where !== 'structured')
          result.artifacts = [{ type: 'text', label: c, data: { text: c } }, ...(Array.isArray(result.artifacts) ? result.artifacts : [])];
        return { canary: c, input: { ...input, result } };
      });
  });
}
