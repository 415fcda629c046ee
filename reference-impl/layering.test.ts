// Dependencies point down: the library (every non-test module of reference-impl/) imports only its
// own modules, the generated types, the schemas, Node's built-ins and its one runtime dependency.
// Nothing from the kit, the repository's tools or a dev dependency, so installing the package for
// the library alone is enough to load it (test/package.test.ts installs it that way).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { specifiers } from '../test/support/imports.ts';

const IMPL = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(IMPL, '..');

const modules = readdirSync(IMPL, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
  .map((e) => join(e.parentPath, e.name))
  .filter((f) => !/[\\/]fixtures[\\/]/.test(relative(IMPL, f))); // the MCP fixture server of the tests

const runtime = new Set(Object.keys(packageJson.dependencies));
// A store driver is an optional peer dependency, loaded only by the store's own subpath export
// (`toolresult-protocol/ledger/sqlite`): a consumer who imports the root never loads it
// (driver-isolation.test.ts holds that the root does not reach these modules).
const peers = new Set(Object.keys(packageJson.peerDependencies ?? {}));
const subpathModules = new Set(
  Object.entries(packageJson.exports as Record<string, unknown>)
    .filter(([k]) => k !== '.')
    .map(([, t]) => (typeof t === 'object' && t !== null ? (t as { default?: string }).default : undefined))
    .filter((d): d is string => typeof d === 'string' && d.endsWith('.js'))
    .map((d) => d.replace(/^\.\/dist\//, '').replace(/\.js$/, '.ts')),
);

function allowed(file: string, spec: string): boolean {
  if (spec.startsWith('node:')) return true;
  const pkg = spec.split('/')[0]!.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
  if (!spec.startsWith('.') && peers.has(pkg) && subpathModules.has(relative(ROOT, file).split('\\').join('/'))) return true;
  if (!spec.startsWith('.')) return runtime.has(pkg);
  const target = relative(ROOT, resolve(file, '..', spec))
    .split('\\')
    .join('/');
  return /^(reference-impl|generated)\//.test(target) || /^schemas\/model\/[^/]+\.schema\.json$/.test(target);
}

describe('the library imports nothing above it', () => {
  it('the scan sees the library and would see a kit import', () => {
    expect(modules.some((f) => relative(IMPL, f) === 'index.ts')).toBe(true);
    expect(modules.length).toBeGreaterThan(30);
    expect(allowed(join(IMPL, 'bound', 'bound.ts'), '../../conformance/properties/arbitraries.ts')).toBe(false);
    expect(allowed(join(IMPL, 'bound', 'bound.ts'), 'fast-check')).toBe(false);
    // A store driver only from its own subpath module, never from the rest of the library.
    expect(allowed(join(IMPL, 'ledger', 'sqlite.ts'), 'better-sqlite3')).toBe(true);
    expect(allowed(join(IMPL, 'ledger', 'entry.ts'), 'better-sqlite3')).toBe(false);
    expect(specifiers("import { a } from '../x.ts';\nexport type { B } from './y.ts';\nawait import('z');")).toEqual(['../x.ts', './y.ts', 'z']);
  });

  it('every import of a non-test module is the library, generated types, a model schema, node: or a runtime dependency', () => {
    const offenders = modules.flatMap((f) =>
      specifiers(readFileSync(f, 'utf8'))
        .filter((s) => !allowed(f, s))
        .map((s) => `${relative(ROOT, f)}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});

// The other way: the project's own products (the kits, integrations, stack adapters, inspector,
// benches, tools and their tests) reach the library through its root, reference-impl/internal.ts
// (the subpath the package does not promise) or a store's own subpath, never a deeper module, so
// what they need of it is one list, and what a user imports stays the root.
const outside = execFileSync('git', ['ls-files', '*.ts', '*.mts', '*.mjs', '*.js'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && !f.startsWith('reference-impl/') && !f.startsWith('generated/') && !f.startsWith('stacks/npm/'));

const ENTRY_POINTS = new Set(['reference-impl/index.ts', 'reference-impl/internal.ts', ...subpathModules]);

function deepImport(file: string, spec: string): boolean {
  if (!spec.startsWith('.')) return false;
  const target = relative(ROOT, resolve(ROOT, file, '..', spec))
    .split('\\')
    .join('/');
  return target.startsWith('reference-impl/') && !ENTRY_POINTS.has(target);
}

describe('nothing outside the library imports past its entry points', () => {
  it('the scan reads the products and would see a deep import', () => {
    expect(outside.length).toBeGreaterThan(200);
    expect(outside).toContain('reference-adapter/ops/bound.ts');
    expect(deepImport('reference-adapter/ops/bound.ts', '../../reference-impl/bound/measure.ts')).toBe(true);
    expect(deepImport('reference-adapter/ops/bound.ts', '../../reference-impl/internal.ts')).toBe(false);
    expect(deepImport('inspector/inspector.test.ts', '../reference-impl/ledger/sqlite.ts')).toBe(false);
  });

  it('every import of reference-impl/ from outside it is the root, internal.ts or a store subpath', () => {
    const offenders = outside.flatMap((f) =>
      specifiers(readFileSync(join(ROOT, f), 'utf8'))
        .filter((s) => deepImport(f, s))
        .map((s) => `${f}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});
