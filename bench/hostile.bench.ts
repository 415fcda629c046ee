// The cost of hostile shapes (issue 10; spec/03-bounding.md TR-BOUND-18, 06-privacy.md TR-PRIV-13,
// 10-normalization.md TR-NORM-65), each against the 64 KiB baseline of the same run: bounding a
// 64 KiB structured list that is over a 50,000-octet budget. Inputs are built before timing; every
// scenario runs once per round, interleaved, and the medians are compared.
//   wide        one object of 1,000,000 keys at the same budget: ≤ 1.5 × Object.keys of it (the
//               native listing JavaScript cannot avoid, TR-BOUND-18); its baseline ratio is printed
//   long key    one key of 10^8 code units: ≤ 3 × baseline
//   shared      a 10,000-key object (one non-enumerable member) shared 10,000 times: ≤ 5 × baseline
//               (object members cost more per octet than the baseline's small rows; before: 53 s)
//   collisions  the redacted audit record of 12,000 e-mail keys (all redact alike): ≤ 3 × the record
//               of 12,000 ordinary keys holding the same e-mail addresses as values (the same
//               masking work, no collisions)
//   pattern     normalizing with `^(\w+\s?)*$` against 33 word characters and "!": ≤ 3 × baseline
//   unique      uniqueItems over 20,000 distinct one-element arrays: ≤ 6 × bounding the same list
//               (the check bounds it, writes each item's canonical text and runs Ajv over it)
//   compile     a 1,000-property schema given as a fresh object with a known text: ≤ 3 × baseline
//   work limit  an exponential anyOf schema, stopped at the step limit (2^14): ≤ 2 s absolute (the
//               limit is a count of steps, so its cost is a fixed number of Ajv evaluations)
import { bound } from '../reference-impl/bound/bound.ts';
import { normalizeMcp } from '../reference-impl/normalize/index.ts';
import { auditRecord } from '../reference-impl/privacy/index.ts';
import { ToolResult } from '../reference-impl/tool-result.ts';
import type { BenchOutcome } from './index.ts';

export const name = 'hostile';

const BUDGET = { structuredBudget: 50_000 };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timeIt(f: () => unknown, inner: number): number {
  const t = performance.now();
  for (let i = 0; i < inner; i++) f();
  return (performance.now() - t) / inner;
}

function wideObject(n: number, prefix = 'k'): Record<string, number> {
  const o: Record<string, number> = {};
  for (let i = 0; i < n; i++) o[`${prefix}${i}`] = i;
  return o;
}

export function run(): BenchOutcome {
  console.log('  building inputs...');
  const baselineList = Array.from({ length: 4000 }, (_, i) => ({ id: i, name: `row ${i}` })); // ~64 KiB
  const baseline = ToolResult.text('c', { structured: baselineList });
  const wide = wideObject(1_000_000);
  const rWide = ToolResult.text('c', { structured: wide });
  const rLongKey = ToolResult.text('c', { structured: { ['k'.repeat(1e8)]: 1 } });
  const shared = Object.defineProperty(wideObject(10_000), 'hidden', { value: 1, enumerable: false });
  const rShared = ToolResult.text('c', { structured: new Array(10_000).fill(shared) });
  const mail = wideObject(12_000, 'user') as Record<string, number>;
  const mailKeys: Record<string, number> = {};
  for (const k of Object.keys(mail)) mailKeys[`${k}@example.org`] = 1;
  const all = { structuredBudget: 1 << 30 };
  const bMail = bound(ToolResult.text('c', { structured: mailKeys }), all);
  const plainKeys: Record<string, string> = {};
  for (const [i, k] of Object.keys(mailKeys).entries()) plainKeys[`key${i}`] = k;
  const bPlain = bound(ToolResult.text('c', { structured: plainKeys }), all);
  const patternSchema = { type: 'object', properties: { a: { type: 'string', pattern: '^(\\w+\\s?)*$' } } };
  const mcp = (structuredContent: unknown) => ({ content: [{ type: 'text', text: 't' }], structuredContent });
  const hostileValue = mcp({ a: `${'a'.repeat(33)}!` });
  const uniqueList = Array.from({ length: 20_000 }, (_, i) => [i]);
  const uniqueValue = mcp({ list: uniqueList });
  const uniqueSchema = { type: 'object', properties: { list: { type: 'array', uniqueItems: true } } };
  const props: Record<string, unknown> = {};
  for (let i = 0; i < 1000; i++) props[`p${i}`] = { type: 'string', maxLength: 10 };
  const bigSchemaText = JSON.stringify({ type: 'object', properties: props });
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < 40; i++) defs[`a${i}`] = { anyOf: [{ $ref: `#/$defs/a${i + 1}` }, { $ref: `#/$defs/a${i + 1}` }] };
  defs.a40 = { type: 'string' };
  const expoSchema = { $defs: defs, $ref: '#/$defs/a0' };
  const big = { structuredBudget: 1 << 20 };

  // Sanity: each scenario takes the path it means to.
  if (!bound(baseline, BUDGET).warnings.some((w) => w.code === 'structured.over_budget')) throw new Error('baseline not over budget');
  if (!bound(rWide, BUDGET).warnings.some((w) => w.code === 'structured.over_budget')) throw new Error('wide not over budget');
  if (!bound(rLongKey, BUDGET).warnings.some((w) => w.code === 'structured.over_budget')) throw new Error('long key not over budget');
  if (normalizeMcp(hostileValue, { outputSchema: patternSchema }).warnings[0]?.code !== 'structured.schema_mismatch') throw new Error('pattern passed');
  if (normalizeMcp(uniqueValue, { ...big, outputSchema: uniqueSchema }).warnings.length !== 0) throw new Error('unique failed');
  if (normalizeMcp(mcp(5), { outputSchema: expoSchema }).warnings[0]?.code !== 'structured.schema_mismatch') throw new Error('work limit passed');
  normalizeMcp(mcp({ p1: 'x' }), { outputSchema: JSON.parse(bigSchemaText) }); // compiled once: the cache is what is timed

  const scenarios: Record<string, [() => unknown, number]> = {
    'baseline: bound 64 KiB over budget': [() => bound(baseline, BUDGET), 20],
    'wide: 1e6 keys': [() => bound(rWide, BUDGET), 1],
    'wide floor: Object.keys of it': [() => Object.keys(wide), 1],
    'long key: 1e8 units': [() => bound(rLongKey, BUDGET), 20],
    'shared: 10k keys x 10,000': [() => bound(rShared, BUDGET), 5],
    'collisions: 12k e-mail keys, redacted': [() => auditRecord(bMail, ['redacted']), 1],
    'collisions floor: 12k e-mail values': [() => auditRecord(bPlain, ['redacted']), 1],
    'pattern: ^(\\w+\\s?)*$ on 34 chars': [() => normalizeMcp(hostileValue, { outputSchema: patternSchema }), 20],
    'unique: 20,000 arrays': [() => normalizeMcp(uniqueValue, { ...big, outputSchema: uniqueSchema }), 2],
    'unique floor: bound the same list': [() => bound(ToolResult.text('c', { structured: { list: uniqueList } }), big), 2],
    'compile: 1,000 properties, fresh object': [() => normalizeMcp(mcp({ p1: 'x' }), { outputSchema: JSON.parse(bigSchemaText) }), 5],
    'work limit: exponential anyOf': [() => normalizeMcp(mcp(5), { outputSchema: expoSchema }), 1],
  };
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(scenarios).map((k) => [k, []]));
  for (const [f, inner] of Object.values(scenarios)) timeIt(f, inner); // warm up
  const rounds = 5;
  for (let round = 0; round < rounds; round++) {
    for (const [key, [f, inner]] of Object.entries(scenarios)) samples[key]!.push(timeIt(f, inner));
  }
  const m = Object.fromEntries(Object.entries(samples).map(([k, xs]) => [k, median(xs)])) as Record<string, number>;
  for (const [k, v] of Object.entries(m)) console.log(`  ${k.padEnd(44)} ${v.toFixed(3).padStart(12)} ms (median of ${rounds})`);

  const base = m['baseline: bound 64 KiB over budget']!;
  const r = (k: string, against = base) => m[k]! / against;
  const wideFloor = r('wide: 1e6 keys', m['wide floor: Object.keys of it']!);
  const rows: [string, number, number][] = [
    ['wide / Object.keys of it', wideFloor, 1.5],
    ['long key / baseline', r('long key: 1e8 units'), 3],
    ['shared / baseline', r('shared: 10k keys x 10,000'), 5],
    ['e-mail keys / e-mail values', r('collisions: 12k e-mail keys, redacted', m['collisions floor: 12k e-mail values']!), 3],
    ['pattern / baseline', r('pattern: ^(\\w+\\s?)*$ on 34 chars'), 3],
    ['unique / bounding the list', r('unique: 20,000 arrays', m['unique floor: bound the same list']!), 6],
    ['compile (cached text) / baseline', r('compile: 1,000 properties, fresh object'), 3],
  ];
  console.log(`  wide / baseline (information: the native key listing dominates): ${r('wide: 1e6 keys').toFixed(0)}`);
  for (const [label, ratio, target] of rows) console.log(`  ${label.padEnd(36)} ${ratio.toFixed(2)} (target ≤ ${target})`);
  const limitMs = m['work limit: exponential anyOf']!;
  console.log(`  work limit: ${limitMs.toFixed(0)} ms (target ≤ 2000 ms)`);
  return {
    targets: [
      ...rows.map(([label, ratio, target]) => ({ name: `${label} ${ratio.toFixed(2)} ≤ ${target}`, met: ratio <= target })),
      { name: `work limit ${limitMs.toFixed(0)} ms ≤ 2000 ms`, met: limitMs <= 2000 },
    ],
  };
}
