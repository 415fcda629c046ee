// `npm run fuzz`: runs every fuzz/*.fuzz.ts target with a seed and a case count, prints progress,
// cases per second and a summary, and exits non-zero on the first failure (with its seed and path).
//   TR_FUZZ_CASES=1000000 (default)  TR_SEED=<n>  TR_FUZZ_PATH=<fast-check path, replays one case>
//   npm run fuzz -- bound            (only the named targets)
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_SEED } from '../test/support/fc-config.ts';

export interface FuzzConfig {
  readonly cases: number;
  readonly seed: number;
  /** A fast-check path to replay one failure; with it, `cases` is ignored. */
  readonly path?: string;
  readonly progress: (done: number) => void;
}

export interface FuzzOutcome {
  readonly cases: number;
  /** A report with seed and path, or undefined when every case held. */
  readonly failure: string | undefined;
}

interface FuzzTarget {
  readonly name: string;
  run(config: FuzzConfig): FuzzOutcome | Promise<FuzzOutcome>;
}

async function main(): Promise<void> {
  const here = dirname(fileURLToPath(import.meta.url));
  const only = process.argv.slice(2);
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.fuzz.ts'))
    .sort();
  const cases = Number(process.env.TR_FUZZ_CASES ?? 1_000_000);
  const seed = process.env.TR_SEED !== undefined ? Number(process.env.TR_SEED) : DEFAULT_SEED;
  const path = process.env.TR_FUZZ_PATH;
  let failed = false;
  for (const file of files) {
    const target = (await import(pathToFileURL(join(here, file)).href)) as FuzzTarget;
    if (only.length > 0 && !only.includes(target.name)) continue;
    console.log(`fuzz ${target.name}: ${path ? `replaying seed ${seed} path ${path}` : `${cases} cases, seed ${seed}`}`);
    const start = performance.now();
    let lastPrint = start;
    const outcome = await target.run({
      cases,
      seed,
      path,
      progress(done) {
        const now = performance.now();
        if (now - lastPrint >= 5000 || done === cases) {
          lastPrint = now;
          const rate = done / ((now - start) / 1000);
          console.log(`  ${done} / ${cases} (${Math.round(rate)} cases/s)`);
        }
      },
    });
    const seconds = (performance.now() - start) / 1000;
    const rate = Math.round(outcome.cases / seconds);
    if (outcome.failure !== undefined) {
      failed = true;
      console.log(`FAIL ${target.name} after ${outcome.cases} cases (${seconds.toFixed(1)} s)\n${outcome.failure}`);
    } else {
      console.log(`ok   ${target.name}: ${outcome.cases} cases in ${seconds.toFixed(1)} s, ${rate} cases/s, no failure`);
    }
  }
  process.exit(failed ? 1 : 0);
}

await main();
