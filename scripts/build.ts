// `npm run build`: the package's JavaScript and declarations in dist/, laid out as the repository
// is, so every path a module computes from its own location (the vectors, the schemas) holds in
// both. tsc compiles the entry points (the library's root, every command of bin/commands.js and the
// reference adapter) with all they import, using tsconfig.build.json's options; this script then
// copies the data files the modules read at run time beside them, and leaves out what the package
// must not carry.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMMANDS, PROGRAMS } from '../bin/commands.js';
import { ROOT } from './schema-files.ts';
import { ensureStackPackages } from './stack-packages.ts';

const DIST = join(ROOT, 'dist');

/** Built because a shipped module imports it lazily, but not shipped: the kit's deliberately broken adapters. */
const LEFT_OUT = ['conformance/mutants'];

/** Not data the package reads: tests and their inputs, docs, other languages' code. */
const NOT_DATA = /(^|\/)(examples|fixtures|testing|test-adapters|mutants|__pycache__)(\/|$)|\.(ts|md|mjs|cjs|js|py)$/;

/** Files a page loads as they are (the inspector's script is plain JavaScript for the browser, not a module tsc builds). */
const PAGE_ASSETS = /^inspector\/assets\//;

/** The library modules package.json exports (`.`, `./ledger/sqlite`, …), from their `dist/…js` targets. */
function exportedModules(): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
  return Object.values(manifest.exports)
    .map((t) => (typeof t === 'object' && t !== null ? (t as { default?: unknown }).default : undefined))
    .filter((d): d is string => typeof d === 'string' && /^\.\/dist\/.+\.js$/.test(d))
    .map((d) => d.slice('./dist/'.length, -'.js'.length));
}

/**
 * Entry points whose declarations import a stack package (the optional peers of the integrations).
 * They are compiled in a second pass with skipLibCheck: the stacks' own declarations do not check
 * (@mastra/core ships bundled types of other packages that no longer match them; `ai` needs DOM
 * types), and the library's first pass keeps checking every declaration it depends on.
 */
const STACK_ENTRY = /^integrations\//;

/** The modules the package is started or imported by, from the repository root, without extension. */
export function entryPoints(): string[] {
  return [...new Set([...exportedModules(), ...Object.values(COMMANDS).map((c) => c.module), ...PROGRAMS])];
}

export function build(): void {
  // The integrations' declarations import their stacks' types, which stacks/npm holds.
  ensureStackPackages();
  rmSync(DIST, { recursive: true, force: true });
  mkdirSync(join(ROOT, '.tmp'), { recursive: true });
  const passes: [string, string[], Record<string, unknown>][] = [
    ['tsconfig.build.json', entryPoints().filter((e) => !STACK_ENTRY.test(e)), {}],
    ['tsconfig.build-integrations.json', entryPoints().filter((e) => STACK_ENTRY.test(e)), { skipLibCheck: true }],
  ];
  for (const [name, entries, compilerOptions] of passes) {
    if (entries.length === 0) continue;
    const config = join(ROOT, '.tmp', name);
    writeFileSync(config, JSON.stringify({ extends: '../tsconfig.build.json', compilerOptions, files: entries.map((e) => `../${e}.ts`) }, null, 2));
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', config], { stdio: 'inherit' });
    if (tsc.status !== 0) throw new Error(`tsc -p ${relative(ROOT, config)} failed (exit ${tsc.status ?? tsc.signal})`);
  }
  for (const dir of LEFT_OUT) rmSync(join(DIST, dir), { recursive: true, force: true });
  if (existsSync(join(DIST, 'package.json')))
    throw new Error('a module imports package.json: the build copied the manifest into dist/ (read the version from reference-adapter/version.ts)');
  // Every top-level folder with built modules, and the schemas the package exports.
  const roots = new Set([
    'schemas',
    ...readdirSync(DIST, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name),
  ]);
  let copied = 0;
  for (const root of roots) {
    for (const e of readdirSync(join(ROOT, root), { withFileTypes: true, recursive: true })) {
      const rel = relative(ROOT, join(e.parentPath, e.name)).split('\\').join('/');
      if (!e.isFile() || (NOT_DATA.test(rel) && !PAGE_ASSETS.test(rel)) || LEFT_OUT.some((d) => rel.startsWith(`${d}/`))) continue;
      cpSync(join(ROOT, rel), join(DIST, rel));
      copied++;
    }
  }
  for (const e of entryPoints()) if (!existsSync(join(DIST, `${e}.js`))) throw new Error(`the build has no dist/${e}.js`);
  process.stdout.write(`built dist/ (tsc) and copied ${copied} data files beside it\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) build();
