// The kit core sits below every kit: it imports only itself, the adapter protocol (TypeBox, in
// conformance/protocol/), the generated types and schemas, Node's built-ins and the two packages its
// engine runs on (fast-check, TypeBox). The protocol kit (runner, properties, profile), the reference
// adapter, the stack kit and its adapters are its clients. Between the kit's folders the imports
// form no cycle, and the stack kit reaches into conformance/ only through core/ and protocol/. The
// rooms as a whole (the reference adapter, the ledger kit, the stack kit) are held by test/layering.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, specifiers } from '../../test/support/imports.ts';

const CORE = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(CORE, '..', '..');
const posix = (p: string): string => p.split('\\').join('/');

/** The non-test TypeScript modules below `dir` (relative to the repository root). */
function modules(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
    .map((e) => posix(relative(ROOT, join(e.parentPath, e.name))));
}

/** What a specifier of `file` names: a path from the root for a relative one, else the specifier. */
const target = (file: string, spec: string): string => (spec.startsWith('.') ? posix(relative(ROOT, resolve(ROOT, file, '..', spec))) : spec);

const CORE_PACKAGES = new Set(['fast-check', '@sinclair/typebox', '@sinclair/typebox/compiler']);

/** Whether a module of core/ may import `spec`. */
function allowedInCore(file: string, spec: string): boolean {
  if (spec.startsWith('node:')) return true;
  if (!spec.startsWith('.')) return CORE_PACKAGES.has(spec);
  return (
    /^(conformance\/core|conformance\/protocol|generated)\//.test(target(file, spec)) || /^schemas\/conformance\/[^/]+\.schema\.json$/.test(target(file, spec))
  );
}

/** The folder a module counts in: conformance/<room>, stacks/kit, stacks/adapters/<stack>, or the top folder. */
function folderOf(path: string): string {
  const p = path.split('/');
  if (p[0] === 'conformance' && p.length > 2) return `conformance/${p[1]}`;
  if (p[0] === 'stacks' && p[1] === 'adapters' && p.length > 3) return `stacks/adapters/${p[2]}`;
  if (p[0] === 'stacks' && p.length > 2) return `stacks/${p[1]}`;
  return p[0]!;
}

/** The folders' import graph. */
function folderGraph(files: readonly string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const f of files) {
    for (const spec of specifiers(readFileSync(join(ROOT, f), 'utf8'))) {
      if (!spec.startsWith('.')) continue;
      const [from, to] = [folderOf(f), folderOf(target(f, spec))];
      if (from === to) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

const KIT = [...modules('conformance'), ...modules('stacks/kit'), ...modules('stacks/adapters')];

describe('the kit core imports nothing above it', () => {
  it('the checks see a break: an upward import, a package, a cycle', () => {
    expect(modules('conformance/core')).toContain('conformance/core/property.ts');
    expect(allowedInCore('conformance/core/case.ts', '../runner/run.ts')).toBe(false);
    expect(allowedInCore('conformance/core/case.ts', '../properties/define.ts')).toBe(false);
    expect(allowedInCore('conformance/core/case.ts', '../../stacks/kit/run.ts')).toBe(false);
    expect(allowedInCore('conformance/core/case.ts', 'vitest')).toBe(false);
    expect(allowedInCore('conformance/core/case.ts', '../protocol/messages.ts')).toBe(true);
    expect(allowedInCore('conformance/core/case.ts', '../../generated/conformance.ts')).toBe(true);
    expect(specifiers("import { a } from '../x.ts';\nexport type { B } from './y.ts';\nawait import('z');")).toEqual(['../x.ts', './y.ts', 'z']);
    const loop = new Map([
      ['conformance/runner', new Set(['conformance/profile', 'conformance/core'])],
      ['conformance/profile', new Set(['conformance/runner'])],
    ]);
    expect(cycles(loop)).toEqual(['conformance/profile -> conformance/runner']);
    expect(
      cycles(
        new Map([
          ['a', new Set(['b'])],
          ['b', new Set(['c'])],
        ]),
      ),
    ).toEqual([]);
  });

  it('every import of a core module is core, the protocol, generated types, a conformance schema, node:, fast-check or TypeBox', () => {
    const offenders = modules('conformance/core').flatMap((f) =>
      specifiers(readFileSync(join(ROOT, f), 'utf8'))
        .filter((s) => !allowedInCore(f, s))
        .map((s) => `${f}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the protocol imports nothing of the kit: core sits on it, not beside it', () => {
    const offenders = modules('conformance/protocol').flatMap((f) =>
      specifiers(readFileSync(join(ROOT, f), 'utf8'))
        .filter((s) => s.startsWith('.') && /^conformance\/(?!protocol\/)/.test(target(f, s)))
        .map((s) => `${f}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });

  it('no import cycle between the kit folders (runner, properties and profile included)', () => {
    const graph = folderGraph(KIT);
    // The runner uses the properties and the profile; neither of them imports the runner.
    expect(graph.get('conformance/runner')).toContain('conformance/properties');
    expect(graph.get('conformance/properties')).not.toContain('conformance/runner');
    expect(graph.get('conformance/profile')).not.toContain('conformance/runner');
    expect(cycles(graph)).toEqual([]);
  });

  it('the stack kit and its adapters use conformance/ only through core/ and protocol/', () => {
    const offenders = [...modules('stacks/kit'), ...modules('stacks/adapters')].flatMap((f) =>
      specifiers(readFileSync(join(ROOT, f), 'utf8'))
        .filter((s) => s.startsWith('.') && /^conformance\//.test(target(f, s)) && !/^conformance\/(core|protocol)\//.test(target(f, s)))
        .map((s) => `${f}: ${s}`),
    );
    expect(offenders).toEqual([]);
  });
});
