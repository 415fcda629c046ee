// `npm run pack:kit [-- --out DIR] [--no-build]`: the conformance kit as its own package,
// toolresult-conformance, so that an implementer outside a Node.js project runs the whole kit with one
// command naming one package (`npx toolresult-conformance -- python3 adapter.py`). It ships the same
// build and the same program as toolresult-protocol (bin/toolresult.js, named toolresult-conformance
// here, conformance by default); what differs is the manifest: the kit's two libraries (fast-check,
// @sinclair/typebox) are dependencies instead of optional peers. The library's install stays without
// them. The manifest is written from package.json each time, so versions and ranges have one source.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from './build.ts';
import { ROOT } from './schema-files.ts';

export const KIT_PACKAGE = 'toolresult-conformance';

/** The libraries the kit loads that the library does not: optional peers of toolresult-protocol. */
export const KIT_LIBRARIES = ['fast-check', '@sinclair/typebox'] as const;

interface Manifest {
  name: string;
  version: string;
  description?: string;
  license: string;
  homepage: string;
  repository: { type: string; url: string };
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional: boolean }>;
  [key: string]: unknown;
}

/** The kit package's manifest, from the library's. */
export function kitManifest(library: Manifest): Record<string, unknown> {
  const peers = Object.fromEntries(Object.entries(library.peerDependencies).filter(([n]) => !(KIT_LIBRARIES as readonly string[]).includes(n)));
  for (const n of KIT_LIBRARIES)
    if (library.peerDependencies[n] === undefined) throw new Error(`package.json has no peer dependency ${n}, which the kit package needs a range for`);
  return {
    name: KIT_PACKAGE,
    version: library.version,
    description:
      "The ToolResult Protocol conformance kit in one package: `npx toolresult-conformance -- COMMAND ARGS…` runs every case against your implementation's adapter, in any language.",
    keywords: ['conformance', 'toolresult-protocol', 'llm', 'tool-calling', 'testing'],
    license: library.license,
    homepage: library.homepage,
    repository: library.repository,
    type: 'module',
    engines: library.engines,
    bin: { [KIT_PACKAGE]: 'bin/toolresult.js' },
    exports: { './package.json': './package.json' },
    files: ['dist/', 'bin/toolresult.js', 'bin/commands.js', 'bin/invocation.js', 'CHANGELOG.md'],
    dependencies: { ...library.dependencies, ...Object.fromEntries(KIT_LIBRARIES.map((n) => [n, library.peerDependencies[n]!])) },
    peerDependencies: peers,
    peerDependenciesMeta: Object.fromEntries(Object.keys(peers).map((n) => [n, library.peerDependenciesMeta[n] ?? { optional: true }])),
  };
}

/** Stages the kit package and packs it into `out`; returns the tarball's path. */
export function packKit(out: string, options: { build?: boolean } = {}): string {
  if (options.build !== false) build();
  if (!existsSync(join(ROOT, 'dist', 'conformance', 'runner', 'cli.js')))
    throw new Error('no dist/conformance/runner/cli.js: run npm run build first (or drop --no-build)');
  const library = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest;
  const stage = mkdtempSync(join(tmpdir(), 'toolresult-conformance-'));
  try {
    cpSync(join(ROOT, 'dist'), join(stage, 'dist'), { recursive: true });
    mkdirSync(join(stage, 'bin'));
    for (const f of ['toolresult.js', 'commands.js', 'invocation.js']) cpSync(join(ROOT, 'bin', f), join(stage, 'bin', f));
    for (const f of ['LICENSE', 'CHANGELOG.md']) cpSync(join(ROOT, f), join(stage, f));
    cpSync(join(ROOT, 'conformance', 'package', 'README.md'), join(stage, 'README.md'));
    writeFileSync(join(stage, 'package.json'), `${JSON.stringify(kitManifest(library), null, 2)}\n`);
    mkdirSync(out, { recursive: true });
    const r = spawnSync('npm', ['pack', '--json', '--pack-destination', resolve(out)], { cwd: stage, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`npm pack of the kit package failed (exit ${r.status}): ${r.stderr}`);
    const [packed] = JSON.parse(r.stdout) as { filename: string }[];
    if (packed === undefined) throw new Error(`npm pack of the kit package reported nothing: ${r.stdout}`);
    return join(resolve(out), packed.filename);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const out = at >= 0 ? args[at + 1] : '.';
  if (out === undefined) {
    process.stderr.write('pack:kit: --out needs a directory\n');
    process.exitCode = 2;
  } else {
    process.stdout.write(`${packKit(out, { build: !args.includes('--no-build') })}\n`);
  }
}
