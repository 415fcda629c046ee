// `npm run bench`: runs every bench/*.bench.ts in turn and prints what each measured.
//   npm run bench                  all benches
//   npm run bench -- bound         only the named ones
//   npm run bench -- --strict      exit non-zero when a bench misses one of its targets
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface BenchOutcome {
  /** Targets the bench checks, each with whether it was met. */
  readonly targets: readonly { readonly name: string; readonly met: boolean }[];
}

interface Bench {
  readonly name: string;
  run(): BenchOutcome | Promise<BenchOutcome>;
}

async function main(): Promise<void> {
  const here = dirname(fileURLToPath(import.meta.url));
  const args = process.argv.slice(2);
  const strict = args.includes('--strict');
  const only = args.filter((a) => !a.startsWith('--'));
  let missed = 0;
  let crashed = 0;
  for (const file of readdirSync(here)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort()) {
    const bench = (await import(pathToFileURL(join(here, file)).href)) as Bench;
    if (only.length > 0 && !only.includes(bench.name)) continue;
    console.log(`\n== bench ${bench.name} (${file}) ==`);
    let outcome: BenchOutcome;
    try {
      outcome = await bench.run();
    } catch (e) {
      // A bench that could not run (bad settings, a missing tool) says why in one line and fails the run.
      console.error(`  bench ${bench.name} could not run: ${e instanceof Error ? e.message : String(e)}`);
      crashed++;
      continue;
    }
    for (const t of outcome.targets) {
      console.log(`  ${t.met ? 'met   ' : 'MISSED'} ${t.name}`);
      if (!t.met) missed++;
    }
  }
  if (crashed > 0) console.error(`\n${crashed} bench(es) could not run; ${missed} target(s) missed in the others`);
  else console.log(missed === 0 ? '\nall targets met' : `\n${missed} target(s) missed`);
  process.exit(crashed > 0 || (strict && missed > 0) ? 1 : 0);
}

await main();
