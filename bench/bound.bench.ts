// The cost of bounding (spec/03-bounding.md §3.6, TR-BOUND-16), measured side by side in one run:
//   (a) an over-budget artifact list of 64 MiB vs one of 64 KiB: time ratio ≤ 3, heap growth of the
//       large one < 4 MiB;
//   (b) a within-budget ~40 KB list (ASCII and non-ASCII tables): bound ≤ 1.5 × the time of
//       Buffer.byteLength(JSON.stringify(list));
//   (c) capping 64 MiB of content vs 64 KiB: ratio ≤ 3;
//   (d) the naive approach (serialize everything, then measure) on the same inputs, for contrast.
// Each ratio is the median of per-pair ratios of its two sides timed back to back (paired-ratio.ts).
import { bound, coerceString, ToolResult } from '../reference-impl/internal.ts';
import type { BenchOutcome } from './index.ts';
import { fullGc } from './collect-garbage.ts';
import { pairedRatio, type PairedRatio } from './paired-ratio.ts';

export const name = 'bound';

const MiB = 1024 * 1024;
const BUDGET = 50_000;

/**
 * Table artifacts of about `octets` of JSON, cells from a small pool. With `shareRows`, every
 * artifact holds the same rows array: the JSON is as large, the heap small, so that a 64 MiB list
 * does not slow every other scenario down through garbage collection of a huge heap.
 */
function artifactList(octets: number, nonAscii: boolean, shareRows = false): unknown[] {
  const pool = nonAscii
    ? ['Müller GmbH', '12,50 €', 'Zoë Ångström', '東京都', 'naïve café', '😀 ok', 'ß-straße', 'plain']
    : ['ACME Corp', '12.50 EUR', 'Jane Doe', 'Berlin', 'paid', 'invoice', '2026-11-30', 'plain'];
  const list: unknown[] = [];
  let size = 2;
  let n = 0;
  let shared: string[][] | undefined;
  while (size < octets) {
    const rows: string[][] = shared ?? [];
    for (let r = 0; shared === undefined && r < 20; r++) {
      const row: string[] = [];
      for (let c = 0; c < 5; c++) row.push(pool[(n + r * 5 + c) % pool.length]! + (nonAscii ? '' : ` ${r}`));
      rows.push(row);
    }
    if (shareRows) shared = rows;
    const artifact = { type: 'table', label: `Records ${n++}`, data: { columns: ['a', 'b', 'c', 'd', 'e'], rows } };
    size += Buffer.byteLength(JSON.stringify(artifact)) + 1;
    list.push(artifact);
  }
  return list;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function naiveArtifacts(list: unknown[]): unknown {
  const json = JSON.stringify(list);
  return Buffer.byteLength(json) > BUDGET ? 'marker' : JSON.parse(json);
}

function naiveContent(s: string): string {
  const b = Buffer.from(coerceString(s), 'utf8');
  return b.length <= BUDGET ? s : b.subarray(0, BUDGET - 42).toString('utf8');
}

export async function run(): Promise<BenchOutcome> {
  console.log('  building inputs...');
  const large = artifactList(64 * MiB, false, true);
  const small = artifactList(64 * 1024, false);
  const within = [...artifactList(20_000, false), ...artifactList(20_000, true)];
  const withinOctets = Buffer.byteLength(JSON.stringify(within));
  const largeText = 'x'.repeat(32 * MiB) + 'é'.repeat(16 * MiB); // 64 MiB of UTF-8
  const smallText = 'x'.repeat(32 * 1024) + 'é'.repeat(16 * 1024);
  const rLarge = ToolResult.text('c', { artifacts: large });
  const rSmall = ToolResult.text('c', { artifacts: small });
  const rWithin = ToolResult.text('c', { artifacts: within });
  const cLarge = ToolResult.text(largeText);
  const cSmall = ToolResult.text(smallText);
  console.log(
    `  inputs: artifacts ${(Buffer.byteLength(JSON.stringify(large)) / MiB).toFixed(1)} MiB / ${(Buffer.byteLength(JSON.stringify(small)) / 1024).toFixed(1)} KiB, within-budget list ${withinOctets} octets, content ${Buffer.byteLength(largeText) / MiB} MiB / ${Buffer.byteLength(smallText) / 1024} KiB`,
  );

  // Sanity: the benchmark measures the paths it means to.
  if (!bound(rLarge).warnings.some((w) => w.code === 'artifacts.over_budget')) throw new Error('large list not over budget');
  if (!bound(rSmall).warnings.some((w) => w.code === 'artifacts.over_budget')) throw new Error('small list not over budget');
  if (bound(rWithin).warnings.length !== 0 || withinOctets > BUDGET) throw new Error('within-budget list not within budget');

  // Every ratio from adjacent pairs of its own two sides (bench/paired-ratio.ts), so that five runs
  // in a row agree: 15 rounds of every scenario in turn measured the machine as much as the code.
  // (b) is a quarter-millisecond operation: many short samples, so that its median is a figure of the code.
  const a = pairedRatio(
    () => bound(rLarge),
    () => bound(rSmall),
    { pairs: 40, sampleMs: 25 },
  );
  const b = pairedRatio(
    () => bound(rWithin),
    () => Buffer.byteLength(JSON.stringify(within)),
    { pairs: 400, sampleMs: 5 },
  );
  const c = pairedRatio(
    () => bound(cLarge),
    () => bound(cSmall),
    { pairs: 40, sampleMs: 25 },
  );
  const dA = pairedRatio(
    () => naiveArtifacts(large),
    () => naiveArtifacts(small),
    { pairs: 5, sampleMs: 1 },
  );
  const dC = pairedRatio(
    () => naiveContent(largeText),
    () => naiveContent(smallText),
    { pairs: 5, sampleMs: 1 },
  );
  const show = (label: string, r: PairedRatio): void =>
    console.log(
      `  ${label.padEnd(44)} ${r.ratio.toFixed(2).padStart(6)}  (middle half ${r.q1.toFixed(2)}–${r.q3.toFixed(2)}; ${r.aMs.toFixed(4)} / ${r.bMs.toFixed(4)} ms; ${r.pairs} pairs)`,
    );
  show('(a) bound 64 MiB list / 64 KiB list', a);
  show('(b) bound 40 KB list / stringify+byteLength', b);
  show('(c) cap 64 MiB content / 64 KiB content', c);
  show('(d) naive 64 MiB list / 64 KiB list', dA);
  show('(d) naive cap 64 MiB / 64 KiB content', dC);

  // Heap growth of one bounding of the 64 MiB list, garbage included.
  const growths: number[] = [];
  for (let i = 0; i < 5; i++) {
    fullGc();
    const before = process.memoryUsage().heapUsed;
    const kept = bound(rLarge);
    const after = process.memoryUsage().heapUsed;
    growths.push(after - before);
    if (kept.artifacts.length !== 1) throw new Error('unexpected');
  }
  const growth = median(growths);

  const ratioA = a.ratio;
  const ratioB = b.ratio;
  const ratioC = c.ratio;
  console.log(`      heap growth bounding 64 MiB:     ${(growth / MiB).toFixed(3)} MiB`);
  return {
    targets: [
      { name: `(a) list time ratio ${ratioA.toFixed(2)} ≤ 3`, met: ratioA <= 3 },
      { name: `(a) heap growth ${(growth / MiB).toFixed(3)} MiB < 4 MiB`, met: growth < 4 * MiB },
      { name: `(b) within-budget ratio ${ratioB.toFixed(2)} ≤ 1.5`, met: ratioB <= 1.5 },
      { name: `(c) content time ratio ${ratioC.toFixed(2)} ≤ 3`, met: ratioC <= 3 },
    ],
  };
}
