// One place that decides how many cases a property runs and with which seed.
// CI (and plain `npm test`) runs a fixed seed so a red run is reproducible; TR_SEED / TR_RUNS
// override it (`TR_SEED=123 TR_RUNS=100000 npx vitest run reference-impl/bound`). fast-check prints
// the seed and the shrunk path of any failure, and `fc.assert(..., { seed, path })` replays it.
import type { Parameters } from 'fast-check';

export const DEFAULT_SEED = 20261130;

export function propertyConfig<T>(numRuns = 200, extra: Parameters<T> = {}): Parameters<T> {
  const seed = process.env.TR_SEED !== undefined ? Number(process.env.TR_SEED) : DEFAULT_SEED;
  const runs = process.env.TR_RUNS !== undefined ? Number(process.env.TR_RUNS) : numRuns;
  return { seed, numRuns: runs, endOnFailure: false, ...extra };
}
