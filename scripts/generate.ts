// Every generated file from its one source, by named target: the adapter and stack protocol schemas
// (protocol-schema, from conformance/protocol/messages.ts), the TypeScript, Python, PHP and Go types
// and schemas/bundle.json (ts, python, php, go, bundle, from schemas/), and the CHANGELOG's section
// for implementers with spec/requirements.json (changelog, from spec/changes.json).
//   npm run generate [-- NAME...]          writes them (in this order: the types read the protocol schema)
//   npm run check:generated [-- NAME...]   writes nothing; exit 1 when any one is out of date
// Every target is checked even after one fails; writing stops at the first that fails.
import { pathToFileURL } from 'node:url';
import { runTarget, TARGETS } from './generated-files.ts';

// Each generator is imported when it runs: the schema's and the changelog's read sources
// (conformance/, spec/) that a copy holding only the types' sources does not have.
export const GENERATORS: Readonly<Record<string, (check: boolean) => Promise<number>>> = {
  'protocol-schema': async (check) => (await import('./generate-protocol-schema.ts')).main(check),
  ...Object.fromEntries(Object.keys(TARGETS).map((t) => [t, (check: boolean) => runTarget(t, check)])),
  changelog: async (check) => (await import('./generate-changelog.ts')).main(check),
};

export async function generate(names: readonly string[], check: boolean): Promise<number> {
  const unknown = names.filter((n) => !(n in GENERATORS));
  if (unknown.length > 0) {
    console.error(`generate: no target named ${unknown.join(', ')}; the targets are ${Object.keys(GENERATORS).join(', ')}`);
    return 2;
  }
  let code = 0;
  for (const name of names.length > 0 ? names : Object.keys(GENERATORS)) {
    code = Math.max(code, await GENERATORS[name]!(check));
    if (code !== 0 && !check) break;
  }
  return code;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  process.exitCode = await generate(
    args.filter((a) => a !== '--check'),
    args.includes('--check'),
  );
}
