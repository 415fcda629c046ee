// `npm run check:generated`: every file `npm run generate` writes is what it would write today (the
// protocol schema, the TypeScript, Python, PHP and Go types, schemas/bundle.json, the CHANGELOG's
// section for implementers with spec/requirements.json), each checked by its own generator's --check
// code, all in one process. Every file is checked; the exit status is 1 when any one is out of date.
// `-- NAME...` checks only the named ones (scripts/generate-types.test.ts checks a copy of the
// repository that holds only what the types are generated from).
import { pathToFileURL } from 'node:url';
import { runTarget, TARGETS } from './generated-files.ts';

// Each generator is imported when its check runs: the schema's and the changelog's read sources
// (conformance/, spec/) that a copy holding only the types' sources does not have.
export const CHECKS: Readonly<Record<string, () => Promise<number>>> = {
  'protocol-schema': async () => (await import('./generate-protocol-schema.ts')).main(true),
  ...Object.fromEntries(Object.keys(TARGETS).map((t) => [t, () => runTarget(t, true)])),
  changelog: async () => (await import('./generate-changelog.ts')).main(true),
};

export async function checkGenerated(names: readonly string[]): Promise<number> {
  const unknown = names.filter((n) => !(n in CHECKS));
  if (unknown.length > 0) {
    console.error(`check-generated: no check named ${unknown.join(', ')}; the checks are ${Object.keys(CHECKS).join(', ')}`);
    return 2;
  }
  let code = 0;
  for (const name of names.length > 0 ? names : Object.keys(CHECKS)) code = Math.max(code, await CHECKS[name]!());
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await checkGenerated(process.argv.slice(2));
