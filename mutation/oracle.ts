// Builds the kit's side of a mutation run (mutation/oracle-entry.ts) into one ES module, from the
// sources as they are: Stryker's sandbox then mutates only the adapter's side, which the test file
// imports from source. npm packages stay external (none of them is mutated).
import { buildSync } from 'esbuild';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');

/**
 * Where the bundle goes unless told: right under .tmp/, one folder below the root, as the sources it
 * comes from are (codegen/schema-set.ts finds schemas/ from its own file's place).
 */
export const ORACLE_FILE = join(ROOT, '.tmp', 'mutation-oracle.mjs');

/** The environment variable that names the bundle for the test file (in every sandbox). */
export const ORACLE_ENV = 'TR_MUTATION_ORACLE';

export function buildOracle(outfile = ORACLE_FILE): string {
  buildSync({
    entryPoints: [join(ROOT, 'mutation', 'oracle-entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
