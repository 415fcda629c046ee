// `npm run mutation`: bundles the kit's side from the unmutated sources (mutation/oracle.ts), runs
// StrykerJS over reference-impl/ (stryker.config.mjs; arguments after `--` go to it, e.g.
// `--incremental`, `--mutate reference-impl/bound/measure.ts`), then prints the scores per file and
// per requirement and the survivors not in the reviewed list (mutation/report.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildOracle, ORACLE_ENV } from './oracle.ts';
import { printReport } from './report.ts';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
const oracle = buildOracle();
const t0 = Date.now();
const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', '@stryker-mutator', 'core', 'bin', 'stryker.js'), 'run', ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, [ORACLE_ENV]: oracle },
});
const minutes = ((Date.now() - t0) / 60_000).toFixed(1);
if (r.status !== 0) {
  process.stderr.write(`stryker exited with ${r.status ?? r.signal} after ${minutes} min\n`);
  process.exit(r.status ?? 1);
}
process.stdout.write(`stryker run: ${minutes} min\n`);
process.exit(printReport(join(ROOT, 'reports', 'mutation', 'mutation.json'), join(ROOT, 'mutation', 'survivors.json')));
