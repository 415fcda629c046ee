// The shapes of the common-case profile (`--profile common`): within-budget results of the kinds
// tools really return, each a run-only channel at the default budgets, built deterministically.
// A shape is sent to `bound` inside a result and, the same channel value, to `serialize`: the
// language's own JSON serializer, the floor the bounder is compared with.
import type { StringModel } from './classes.ts';

export type CommonSize = 'quick' | 'full';

export interface CommonShape {
  readonly name: string;
  describe(size: CommonSize): string;
  /** Which channel of the result carries the value (at its default budget). */
  readonly channel: 'artifacts' | 'structured';
  /** The value in the tagged encoding, for an adapter of this string model. */
  value(size: CommonSize, model: StringModel): unknown;
}

/** A small deterministic generator (a linear congruential one): every run sends the same values. */
function generator(seed: number): () => number {
  let x = seed >>> 0;
  return () => {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    return x / 2 ** 32;
  };
}

const WORDS = [
  'ACME Corp',
  'Jane Doe',
  'Berlin',
  'paid',
  'invoice',
  'Müller GmbH',
  'Zoë Ångström',
  '東京都',
  'naïve café',
  'ß-straße',
  'open',
  'shipped',
  '12.50 EUR',
  '😀 ok',
  'São Paulo',
  'order "42"',
];

/**
 * An ill-formed string cell: a maximal-subpart case as octets for a byte-string adapter, a lone
 * surrogate for the others (TR-CONF-20: a bytes adapter is never sent a lone surrogate).
 */
function illFormed(model: StringModel, i: number): unknown {
  if (model === 'bytes') return { $tr: 'bytes', hex: `${['4180', 'c0af', 'eda080', 'f09f98', 'e282'][i % 5]!}4f4b` };
  return { $tr: 'utf16', units: [0x41, 0xd800 + (i % 64), 0x4f, 0x4b] };
}

/** Rows of a table: `rows` rows of 5 cells; every `badEvery`-th row (0: none) has one ill-formed cell. */
function tableRows(rows: number, model: StringModel, badEvery: number): unknown[] {
  const next = generator(700);
  const out: unknown[] = [];
  for (let r = 0; r < rows; r++) {
    const row: unknown[] = [
      `R-${10_000 + r}`,
      WORDS[Math.floor(next() * WORDS.length)]!,
      (next() * 1000).toFixed(2),
      `2026-11-${String(1 + (r % 28)).padStart(2, '0')}`,
      WORDS[r % WORDS.length]!,
    ];
    if (badEvery > 0 && r % badEvery === 0) row[1] = illFormed(model, r / badEvery);
    out.push(row);
  }
  return out;
}

const table = (rows: number, model: StringModel, badEvery: number): unknown => [
  { type: 'table', label: 'Orders', data: { columns: ['id', 'customer', 'amount', 'date', 'status'], rows: tableRows(rows, model, badEvery) } },
];

const rowsOf = (size: CommonSize): number => (size === 'full' ? 700 : 70);

export const COMMON_SHAPES: readonly CommonShape[] = [
  {
    name: 'table',
    describe: (size) => `one table artifact of ${rowsOf(size)} rows × 5 string cells`,
    channel: 'artifacts',
    value: (size, model) => table(rowsOf(size), model, 0),
  },
  {
    name: 'table-ill-formed',
    describe: () => 'the same table, one ill-formed cell in every 100 rows',
    channel: 'artifacts',
    value: (size, model) => table(rowsOf(size), model, 100),
  },
  {
    name: 'records',
    describe: (size) => `structured: a list of ${size === 'full' ? 400 : 40} records (integers, prices, booleans, null, tags)`,
    channel: 'structured',
    value: (size) => {
      const next = generator(400);
      return {
        count: size === 'full' ? 400 : 40,
        items: Array.from({ length: size === 'full' ? 400 : 40 }, (_, i) => ({
          id: 100_000 + i,
          name: `${WORDS[i % WORDS.length]} ${i}`,
          email: `user${i}@example.com`,
          price: Math.round(next() * 100_000) / 100 + 0.01,
          ratio: Math.round(next() * 1e6) / 1e6 + 0.0001,
          active: i % 3 !== 0,
          manager: null,
          tags: ['a', 'b', 'c'].slice(0, 1 + (i % 3)),
        })),
      };
    },
  },
  {
    name: 'nested',
    describe: (size) => `structured: a nested object (${size === 'full' ? 6 : 4} levels, 4 members each, leaves of every kind)`,
    channel: 'structured',
    value: (size) => {
      const next = generator(6);
      const build = (level: number): unknown => {
        if (level === 0) return [WORDS[Math.floor(next() * WORDS.length)], Math.floor(next() * 1e6), next() < 0.5, null];
        const o: Record<string, unknown> = {};
        for (let i = 0; i < 4; i++) o[`k${level}_${i}`] = i === 3 ? `leaf ${level} \n\t"quoted" \\ ${WORDS[i]}` : build(level - 1);
        return o;
      };
      return build(size === 'full' ? 6 : 4);
    },
  },
  {
    name: 'long-text',
    describe: (size) => `structured: one text of ${size === 'full' ? '300,000' : '30,000'} characters (lines, quotes, non-ASCII) and a title`,
    channel: 'structured',
    value: (size) => {
      const line = 'The quick brown fox — "jumps" over the lazy dog; Zoë paid 12,50 € in São Paulo.\n';
      const n = size === 'full' ? 300_000 : 30_000;
      return { title: 'Report', body: line.repeat(Math.ceil(n / line.length)).slice(0, n) };
    },
  },
  {
    name: 'many-artifacts',
    describe: (size) => `${size === 'full' ? 300 : 30} small artifacts (texts and 2-row tables)`,
    channel: 'artifacts',
    value: (size) =>
      Array.from({ length: size === 'full' ? 300 : 30 }, (_, i) =>
        i % 2 === 0
          ? { type: 'text', label: `Note ${i}`, data: { text: `${WORDS[i % WORDS.length]}: item ${i} done` } }
          : {
              type: 'table',
              label: `T${i}`,
              data: {
                columns: ['k', 'v'],
                rows: [
                  ['a', String(i)],
                  ['b', WORDS[i % WORDS.length]],
                ],
              },
            },
      ),
  },
];
