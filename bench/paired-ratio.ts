// A ratio of two timings that holds run after run on a shared, noisy machine: the two sides are
// timed in CPU time, in adjacent pairs (A then B, then B then A, alternately), each pair gives one
// ratio, and the median of those ratios is reported. Drift of the machine's speed between pairs
// cancels within a pair; a pair hit by a pause (another process) is one outlier among many, not a
// median. Before every sample the young generation is collected, so that each side pays for the
// garbage it makes and not for the other's: without it the per-pair ratios of bench (b) spread
// 0.5–1.8 and five runs gave 1.27–1.63; with it the middle half is ±5 % and runs agree.
import { minorGc } from './collect-garbage.ts';

export interface PairedRatio {
  /** Median of the per-pair ratios A/B. */
  readonly ratio: number;
  /** The middle half of the per-pair ratios: how far one run's figure can be trusted. */
  readonly q1: number;
  readonly q3: number;
  /** Median CPU ms per call of each side. */
  readonly aMs: number;
  readonly bMs: number;
  readonly pairs: number;
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Calls per sample for `f` so one sample lasts about `targetMs` (at least 1). */
export function callsFor(f: () => unknown, targetMs: number): number {
  for (let i = 0; i < 3; i++) f(); // compiled before it is timed
  let n = 1;
  for (;;) {
    const ms = sample(f, n) * n;
    if (ms >= targetMs / 4 || n >= 1 << 20) return Math.max(1, Math.round((n * targetMs) / Math.max(ms, 0.001)));
    n *= 4;
  }
}

/**
 * CPU milliseconds per call: the process's user and system time, not the wall clock, so that time
 * the scheduler gives other processes on a shared machine is not counted against either side.
 */
function sample(f: () => unknown, calls: number): number {
  const t = process.cpuUsage();
  for (let i = 0; i < calls; i++) f();
  const d = process.cpuUsage(t);
  return (d.user + d.system) / 1000 / calls;
}

/**
 * A/B over `pairs` pairs, each side timed for about `sampleMs` per sample. `settle` runs, untimed,
 * before every sample (default: a scavenge).
 */
export function pairedRatio(a: () => unknown, b: () => unknown, opts: { pairs: number; sampleMs: number; settle?: () => void }): PairedRatio {
  const settle = opts.settle ?? minorGc;
  const callsA = callsFor(a, opts.sampleMs);
  const callsB = callsFor(b, opts.sampleMs);
  const ratios: number[] = [];
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < opts.pairs; i++) {
    let ta: number;
    let tb: number;
    if (i % 2 === 0) {
      settle();
      ta = sample(a, callsA);
      settle();
      tb = sample(b, callsB);
    } else {
      settle();
      tb = sample(b, callsB);
      settle();
      ta = sample(a, callsA);
    }
    as.push(ta);
    bs.push(tb);
    ratios.push(ta / tb);
  }
  const r = [...ratios].sort((x, y) => x - y);
  const med = (xs: number[]): number =>
    quantile(
      [...xs].sort((x, y) => x - y),
      0.5,
    );
  return { ratio: quantile(r, 0.5), q1: quantile(r, 0.25), q3: quantile(r, 0.75), aMs: med(as), bMs: med(bs), pairs: opts.pairs };
}
