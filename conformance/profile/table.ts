// The profile's summary: one row per class (medians, ratio against its limit, peak memory), then the
// reasons of every class beyond its limits.

/** One class's measurement and verdict (run.ts makes them; the table and the reports read them). */
export interface ClassOutcome {
  readonly name: string;
  readonly size: number;
  readonly what: string;
  readonly requirements: readonly string[];
  readonly status: 'pass' | 'fail' | 'n/a';
  /** Why the class failed, or why it does not apply. */
  readonly reasons: readonly string[];
  readonly floorMs?: number;
  readonly attackMs?: number;
  readonly ratio?: number;
  readonly ratioLimit: number;
  readonly floorPeak?: number;
  readonly attackPeak?: number;
  readonly memoryLimit?: number;
  readonly samples: number;
}

const ms = (x: number | undefined) => (x === undefined ? '-' : x >= 100 ? x.toFixed(0) : x.toFixed(1));
const mib = (x: number | undefined) => (x === undefined ? '-' : (x / 2 ** 20).toFixed(0));

export function summaryTable(outcomes: readonly ClassOutcome[]): string[] {
  const head = ['class', 'size', 'floor ms', 'attack ms', 'ratio', 'limit', 'peak MiB floor/attack', 'verdict'];
  const rows = outcomes.map((o) => [
    o.name,
    o.size.toLocaleString('en'),
    ms(o.floorMs),
    ms(o.attackMs),
    o.ratio === undefined ? '-' : `x${o.ratio.toFixed(1)}`,
    `x${o.ratioLimit}`,
    o.floorPeak === undefined && o.attackPeak === undefined ? '-' : `${mib(o.floorPeak)} / ${mib(o.attackPeak)}`,
    o.status === 'pass' ? 'ok' : o.status === 'n/a' ? 'n/a' : 'BEYOND',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  // Text left, numbers right.
  const cell = (s: string, i: number) => (i === 0 || i === 7 ? s.padEnd(widths[i]!) : s.padStart(widths[i]!));
  const lines = [head.map(cell).join('  ').trimEnd(), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const r of rows) lines.push(r.map(cell).join('  ').trimEnd());
  for (const o of outcomes) {
    if (o.status === 'pass') continue;
    for (const reason of o.reasons) lines.push(`${o.status === 'n/a' ? 'n/a' : 'BEYOND'} ${o.name} (${o.what}) [${o.requirements.join(' ')}]: ${reason}`);
  }
  return lines;
}
