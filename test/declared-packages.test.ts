// Every package the repository's TypeScript and JavaScript import is declared in package.json (a
// dependency, a dev dependency or a peer), so `npm ci` installs it by name rather than by luck as
// another package's dependency (issue 38: @modelcontextprotocol/client was imported, not declared).
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SKIP = new Set(['node_modules', '.git', 'dist', '.tmp', 'site-build', 'docs', 'vendor']);

function sources(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(e.name)) continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) sources(p, out);
    else if (/\.(ts|mts|mjs|js)$/.test(e.name)) out.push(p);
  }
  return out;
}

const PACKAGE_SPECIFIER = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/[\w./-]*)?$/i;

/** Whether `index` of `source` stands outside a string literal of its line (an even number of quotes before it). */
function inCode(source: string, index: number): boolean {
  const line = source.slice(source.lastIndexOf('\n', index) + 1, index);
  return ['"', "'", '`'].every((q) => line.split(q).length % 2 === 1);
}

/** The package of each bare import specifier of a source (static, re-export, side-effect, dynamic). */
function importedPackages(source: string): string[] {
  const specs = [
    ...[...source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]/gms)].map((m) => m[1]!),
    ...[...source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
    ...[...source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)].filter((m) => inCode(source, m.index)).map((m) => m[1]!),
  ];
  return specs
    .filter((s) => PACKAGE_SPECIFIER.test(s) && !s.startsWith('node:') && !builtinModules.includes(s.split('/')[0]!))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
}

const declared = new Set([
  packageJson.name,
  ...Object.keys(packageJson.dependencies),
  ...Object.keys(packageJson.devDependencies),
  ...Object.keys(packageJson.peerDependencies),
]);

// The agent stacks' own project (stacks/npm, scripts/stack-packages.ts): its packages are found by
// the folders it is linked into, and by no other.
const stackProject = JSON.parse(readFileSync(join(ROOT, 'stacks', 'npm', 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const STACK_FOLDERS = ['stacks/', 'integrations/', 'bench/'];
const declaredFor = (file: string, pkg: string): boolean =>
  declared.has(pkg) || (STACK_FOLDERS.some((f) => file.startsWith(f)) && Object.hasOwn(stackProject.dependencies, pkg));

describe('imported packages', () => {
  it('the scan reads every import form and would see an undeclared package', () => {
    expect(
      importedPackages(
        "import a from 'x';\nexport { b } from '@s/y/z';\nimport 'side';\nawait import('dyn');\nimport c from './local.ts';\nimport d from 'node:fs';",
      ),
    ).toEqual(['x', '@s/y', 'side', 'dyn']);
    // An import written inside a string literal (a test's example) is no import.
    expect(importedPackages(`const example = "await import('in-a-string')";`)).toEqual([]);
    expect(declared.has('@modelcontextprotocol/made-up')).toBe(false);
    // A stack package is declared for the folders linked to the stacks' project, not for the library.
    expect(declaredFor('integrations/openai-agents/openai-agents.test.ts', '@modelcontextprotocol/client')).toBe(true);
    expect(declaredFor('reference-impl/index.ts', '@modelcontextprotocol/client')).toBe(false);
  });

  it('every package a source imports is declared in package.json, or, in the folders linked to it, in stacks/npm/package.json', () => {
    const files = sources(ROOT);
    expect(files.length).toBeGreaterThan(300);
    const undeclared = files.flatMap((f) =>
      importedPackages(readFileSync(f, 'utf8'))
        .filter((p) => !declaredFor(relative(ROOT, f), p))
        .map((p) => `${relative(ROOT, f)}: ${p}`),
    );
    expect(undeclared).toEqual([]);
  });
});
