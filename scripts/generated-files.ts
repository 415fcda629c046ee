// The repository's own generated files: which command writes them where. `npm run generate` writes
// them, `npm run check:generated` fails when one differs from what the generator gives today.
import { join } from 'node:path';
import { bundle } from '../codegen/bundle.ts';
import { generate } from '../codegen/generate.ts';
import { driftOf, staleFiles, writeFiles } from '../codegen/output.ts';
import { ROOT, listSchemaFiles } from './schema-files.ts';
import { packageVersion } from '../codegen/schema-set.ts';

const COMMAND = 'npm run generate';
/** The PHP implementation's autoloader and composer.json map this namespace to implementations/php/generated/. */
export const PHP_NAMESPACE = 'ToolResult\\Generated';
/** The Go implementation imports its types from this package, implementations/go/generated/. */
export const GO_PACKAGE = 'generated';

export interface Target {
  readonly label: string;
  readonly outDir: string;
  /** Extensions of files in outDir that only the generator writes (a leftover one is stale). */
  readonly owned: string[];
  files(): Promise<Map<string, string>>;
}

export const TARGETS: Record<string, Target> = {
  ts: {
    label: 'generated/ (TypeScript)',
    outDir: join(ROOT, 'generated'),
    owned: ['.ts'],
    files: () => generate({ lang: 'ts', command: COMMAND }),
  },
  python: {
    label: 'implementations/python/toolresult/generated_types.py',
    outDir: join(ROOT, 'implementations', 'python', 'toolresult'),
    owned: [],
    files: () => generate({ lang: 'python', module: 'generated_types', command: COMMAND }),
  },
  php: {
    label: 'implementations/php/generated/ (PHP)',
    outDir: join(ROOT, 'implementations', 'php', 'generated'),
    owned: ['.php'],
    files: () => generate({ lang: 'php', namespace: PHP_NAMESPACE, command: COMMAND }),
  },
  go: {
    label: 'implementations/go/generated/ (Go)',
    outDir: join(ROOT, 'implementations', 'go', 'generated'),
    owned: ['.go'],
    files: () => generate({ lang: 'go', package: GO_PACKAGE, command: COMMAND }),
  },
  bundle: {
    label: 'schemas/bundle.json',
    outDir: join(ROOT, 'schemas'),
    owned: [],
    files: async () => new Map([['bundle.json', `${JSON.stringify(bundle(listSchemaFiles(), packageVersion()), null, 2)}\n`]]),
  },
};

/** Writes a target, or with check=true reports its drift; returns the process exit code. */
export async function runTarget(name: keyof typeof TARGETS, check: boolean): Promise<number> {
  const target = TARGETS[name]!;
  const files = await target.files();
  if (check) {
    const problems = [...driftOf(target.outDir, files), ...staleFiles(target.outDir, files, target.owned).map((p) => `stale (no schema): ${p}`)];
    if (problems.length > 0) {
      console.error(`${target.label} is out of date with schemas/:\n  ${problems.join('\n  ')}\nRun: ${COMMAND}`);
      return 1;
    }
    console.log(`${target.label} is up to date (${files.size} files)`);
    return 0;
  }
  const changed = writeFiles(target.outDir, files);
  for (const p of staleFiles(target.outDir, files, target.owned)) console.warn(`stale, remove it: ${p}`);
  console.log(`${target.label}: ${changed} of ${files.size} files changed`);
  return 0;
}
