// `npm run build`: the package's JavaScript and declarations in dist/, laid out as the repository
// is, so every path a module computes from its own location (the vectors, the schemas) holds in
// both. tsc (tsconfig.build.json) compiles the modules; this script then copies the data files the
// modules read at run time beside them, and leaves out what the package must not carry.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './schema-files.ts';

const DIST = join(ROOT, 'dist');

/** Built because a shipped module imports it lazily, but not shipped: the kit's deliberately broken adapters. */
const LEFT_OUT = ['conformance/mutants'];

/** Not data the package reads: tests and their inputs, docs, other languages' code. */
const NOT_DATA = /(^|\/)(examples|fixtures|testing|test-adapters|mutants|__pycache__)(\/|$)|\.(ts|md|mjs|cjs|js|py)$/;

export function build(): void {
  rmSync(DIST, { recursive: true, force: true });
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (tsc.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed (exit ${tsc.status ?? tsc.signal})`);
  for (const dir of LEFT_OUT) rmSync(join(DIST, dir), { recursive: true, force: true });
  // Every top-level folder with built modules, and the schemas the package exports.
  const roots = new Set(['schemas', ...readdirSync(DIST)]);
  let copied = 0;
  for (const root of roots) {
    for (const e of readdirSync(join(ROOT, root), { withFileTypes: true, recursive: true })) {
      const rel = relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/');
      if (!e.isFile() || NOT_DATA.test(rel) || LEFT_OUT.some((d) => rel.startsWith(d + '/'))) continue;
      cpSync(join(ROOT, rel), join(DIST, rel));
      copied++;
    }
  }
  if (!existsSync(join(DIST, 'reference-impl', 'index.js'))) throw new Error('the build has no dist/reference-impl/index.js');
  process.stdout.write(`built dist/ (tsc) and copied ${copied} data files beside it\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) build();
