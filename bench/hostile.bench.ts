// The cost of hostile shapes (issue 10; spec/03-bounding.md TR-BOUND-18, 06-privacy.md TR-PRIV-13,
// 10-normalization.md TR-NORM-65), each against the 64 KiB baseline of the same run: bounding a
// 64 KiB structured list that is over a 50,000-octet budget. Inputs are built before timing; each
// ratio is the median of per-pair ratios of its two sides timed back to back (paired-ratio.ts).
//   wide        one object of 1,000,000 keys at the same budget: ≤ 1.5 × Object.keys of it (the
//               native listing JavaScript cannot avoid, TR-BOUND-18); its baseline ratio is printed
//   long key    one key of 10^8 code units: ≤ 3 × baseline
//   shared      a 10,000-key object (one non-enumerable member) shared 10,000 times: ≤ 2.5 × its floor,
//               listing that object once (Object.keys, which JavaScript cannot avoid) plus the baseline
//               (before: 53 s, the object listed at every reference). It was ≤ 5 × the baseline alone,
//               which moved with the baseline's own speed rather than with this case's.
//   collisions  the redacted audit record of 12,000 e-mail keys (all redact alike): ≤ 3 × the record
//               of 12,000 ordinary keys holding the same e-mail addresses as values (the same
//               masking work, no collisions)
//   pattern     normalizing with `^(\w+\s?)*$` against 33 word characters and "!": ≤ 3 × baseline
//   unique      uniqueItems over 12,000 distinct one-element arrays (within the 2^14-step limit of
//               TR-NORM-65, which counts a step per item): ≤ 6 × bounding the same list
//               (the check bounds it, writes each item's canonical text and runs Ajv over it)
//   compile     a 1,000-property schema given as a fresh object with a known text: ≤ 3 × baseline
//   work limit  an exponential anyOf schema, stopped at the step limit (2^14): ≤ 2 s absolute (the
//               limit is a count of steps, so its cost is a fixed number of Ajv evaluations)
import { bound, normalizeMcp, auditRecord, ToolResult } from '../reference-impl/internal.ts';
import type { BenchOutcome } from './index.ts';
import { pairedRatio, type PairedRatio } from './paired-ratio.ts';

export const name = 'hostile';

const BUDGET = { structuredBudget: 50_000 };

/** The median CPU time of `runs` single calls of `f`, in ms. */
function cpuMedianMs(f: () => unknown, runs: number): number {
  const xs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = process.cpuUsage();
    f();
    const d = process.cpuUsage(t);
    xs.push((d.user + d.system) / 1000);
  }
  return xs.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
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
  const uniqueList = Array.from({ length: 12_000 }, (_, i) => [i]);
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

  const baselineRun = () => bound(baseline, BUDGET);
  // Equal schemas as distinct objects, parsed before timing: the caller's JSON.parse is not the check's cost.
  const freshSchemas = Array.from({ length: 64 }, () => JSON.parse(bigSchemaText) as unknown);
  let nextSchema = 0;
  // Each ratio from adjacent pairs of its own two sides, in CPU time (bench/paired-ratio.ts), so
  // that a run measures the code rather than the machine's load at that moment.
  const pairs = 9;
  const rows: [string, PairedRatio, number][] = [
    [
      'wide / Object.keys of it',
      pairedRatio(
        () => bound(rWide, BUDGET),
        () => Object.keys(wide),
        { pairs, sampleMs: 50 },
      ),
      1.5,
    ],
    ['long key / baseline', pairedRatio(() => bound(rLongKey, BUDGET), baselineRun, { pairs, sampleMs: 20 }), 3],
    [
      'shared / its floor',
      pairedRatio(
        () => bound(rShared, BUDGET),
        () => (Object.keys(shared), baselineRun()),
        { pairs, sampleMs: 20 },
      ),
      2.5,
    ],
    [
      'e-mail keys / e-mail values',
      pairedRatio(
        () => auditRecord(bMail, ['redacted']),
        () => auditRecord(bPlain, ['redacted']),
        { pairs, sampleMs: 50 },
      ),
      3,
    ],
    ['pattern / baseline', pairedRatio(() => normalizeMcp(hostileValue, { outputSchema: patternSchema }), baselineRun, { pairs, sampleMs: 20 }), 3],
    [
      'unique / bounding the list',
      pairedRatio(
        () => normalizeMcp(uniqueValue, { ...big, outputSchema: uniqueSchema }),
        () => bound(ToolResult.text('c', { structured: { list: uniqueList } }), big),
        { pairs, sampleMs: 50 },
      ),
      6,
    ],
    [
      'compile (cached text) / baseline',
      pairedRatio(() => normalizeMcp(mcp({ p1: 'x' }), { outputSchema: freshSchemas[nextSchema++ % freshSchemas.length] }), baselineRun, {
        pairs,
        sampleMs: 20,
      }),
      3,
    ],
  ];
  for (const [label, r, target] of rows) {
    console.log(
      `  ${label.padEnd(36)} ${r.ratio.toFixed(2).padStart(6)} (target ≤ ${target}; middle half ${r.q1.toFixed(2)}–${r.q3.toFixed(2)}; ${r.aMs.toFixed(3)} / ${r.bMs.toFixed(3)} ms)`,
    );
  }
  const wideBase = pairedRatio(() => bound(rWide, BUDGET), baselineRun, { pairs: 3, sampleMs: 20 });
  console.log(`  wide / baseline (information: the native key listing dominates): ${wideBase.ratio.toFixed(0)}`);
  const limitMs = cpuMedianMs(() => normalizeMcp(mcp(5), { outputSchema: expoSchema }), 5);
  console.log(`  work limit: ${limitMs.toFixed(0)} ms of CPU (target ≤ 2000 ms)`);
  return {
    targets: [
      ...rows.map(([label, r, target]) => ({ name: `${label} ${r.ratio.toFixed(2)} ≤ ${target}`, met: r.ratio <= target })),
      { name: `work limit ${limitMs.toFixed(0)} ms ≤ 2000 ms`, met: limitMs <= 2000 },
    ],
  };
}
