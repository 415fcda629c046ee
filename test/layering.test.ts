// Dependencies point down, across the whole repository: each product room has a rank, and a module
// (any file that is not a test) imports only its own room and rooms of a lower rank, so the rooms
// form no cycle and nothing imports upward. Tests are a room's checks, not part of what it ships or
// runs: they may import any room (a library test uses the kit's generators), but no module imports a
// test. A new top-level folder fails here until it is given a rank. Inside a room, its own layering
// test holds the folders: reference-impl/layering.test.ts, integrations/layering.test.ts,
// conformance/core/layering.test.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { circles, cycles, importTarget, specifiers } from './support/imports.ts';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');

/** Each room, its rank and what it is; the README's layout table says the same in words. */
const ROOMS: Readonly<Record<string, { rank: number; what: string }>> = {
  spec: { rank: 0, what: 'the normative text and its change list (JSON read by the kit)' },
  schemas: { rank: 0, what: 'JSON Schema, the data model and the kits’ formats' },
  '(root)': { rank: 0, what: 'package.json, read for the version and the pinned packages' },
  generated: { rank: 1, what: 'types generated from schemas/' },
  'test/support': {
    rank: 1,
    what: 'helpers of the tests and kits: a throwaway PostgreSQL cluster, cached venvs, fixed seeds, the MCP test server, the import reader',
  },
  bin: { rank: 1, what: 'the toolresult program: it loads its commands by path, not by import' },
  codegen: { rank: 2, what: 'the type generator and the schema validator' },
  'reference-impl': { rank: 3, what: 'the TypeScript library users import' },
  'conformance/protocol': { rank: 3, what: 'the adapter protocol in TypeBox' },
  'conformance/core': { rank: 4, what: 'the kit core: case model, property loop, replay lines, serve loop, JSON comparison' },
  integrations: { rank: 4, what: 'one integration per agent stack, over the library' },
  inspector: { rank: 4, what: 'toolresult inspect, over the library' },
  'reference-adapter': { rank: 5, what: 'the TypeScript reference’s adapter (the kit’s default and its differential oracle)' },
  conformance: { rank: 6, what: 'the protocol kit: runner, properties, vectors, profile, report viewer, traceability, its self-test (mutants)' },
  'ledger-kit': { rank: 6, what: 'the ledger suite: any replay-ledger store, through worker processes' },
  stacks: { rank: 6, what: 'the stack kit: third-party agent stacks judged at the provider’s HTTP body' },
  mutation: { rank: 7, what: 'StrykerJS over the reference through the kit (npm run mutation)' },
  site: { rank: 7, what: 'the static site' },
  guides: { rank: 7, what: 'the guides and their tests' },
  bench: { rank: 7, what: 'npm run bench' },
  fuzz: { rank: 7, what: 'npm run fuzz' },
  scripts: { rank: 7, what: 'entry points: build, generate, checks, the test runner' },
  test: { rank: 7, what: 'repository-wide tests (packages, READMEs, layering)' },
};

/** The room of a path from the root: a top folder, but conformance/core, conformance/protocol and test/support on their own. */
function roomOf(path: string): string {
  const p = path.split('/');
  if (p.length === 1) return '(root)';
  if (p[0] === 'conformance' && (p[1] === 'core' || p[1] === 'protocol') && p.length > 2) return `conformance/${p[1]}`;
  if (p[0] === 'test' && p[1] === 'support' && p.length > 2) return 'test/support';
  return p[0]!;
}

const isTest = (f: string): boolean => /\.test\.[cm]?[jt]s$/.test(f);

/** Why `file` may not import `spec`, or undefined when it may. */
function violation(file: string, spec: string, rooms = ROOMS): string | undefined {
  if (!spec.startsWith('.')) return undefined; // packages: each room's own layering test and test/declared-packages.test.ts
  const to = importTarget(ROOT, file, spec);
  if (isTest(to)) return `imports a test (${to})`;
  if (isTest(file)) return undefined;
  const [a, b] = [roomOf(file), roomOf(to)];
  if (a === b) return undefined;
  if (b === '(root)' && !to.endsWith('.json')) return `imports ${to}, a root file that is not data`;
  const [ra, rb] = [rooms[a]?.rank, rooms[b]?.rank];
  if (ra === undefined) return `${a} has no rank in test/layering.test.ts`;
  if (rb === undefined) return `imports ${to}, in ${b}, which has no rank`;
  return rb < ra ? undefined : `${a} (rank ${ra}) imports ${to} in ${b} (rank ${rb}): not downward`;
}

const FILES = execFileSync('git', ['ls-files', '*.ts', '*.mts', '*.mjs', '*.js', '*.cjs'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && !f.startsWith('stacks/npm/'))
  // Files git still lists but this checkout has not got (deleted, not yet committed).
  .filter((f) => {
    try {
      readFileSync(join(ROOT, f));
      return true;
    } catch {
      return false;
    }
  });

/** The rooms' graph: an edge for every import of a module (not a test) into another room. */
function roomGraph(files: readonly string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const f of files.filter((x) => !isTest(x))) {
    for (const s of specifiers(readFileSync(join(ROOT, f), 'utf8')).filter((x) => x.startsWith('.'))) {
      const [a, b] = [roomOf(f), roomOf(importTarget(ROOT, f, s))];
      if (a === b) continue;
      if (!graph.has(a)) graph.set(a, new Set());
      graph.get(a)!.add(b);
    }
  }
  return graph;
}

describe('every room imports only downward', () => {
  it('the check sees a break: an upward import, a sideways one, a test imported, an unranked room, a cycle', () => {
    expect(violation('reference-impl/bound/bound.ts', '../../conformance/properties/arbitraries.ts')).toMatch(/not downward/);
    expect(violation('conformance/core/case.ts', '../runner/run.ts')).toMatch(/not downward/);
    expect(violation('ledger-kit/cases.ts', '../stacks/kit/run.ts')).toMatch(/rank 6.*rank 6/);
    expect(violation('integrations/core/seam.ts', '../../reference-adapter/main.ts')).toMatch(/not downward/);
    expect(violation('conformance/runner/run.ts', '../vectors.test.ts')).toMatch(/imports a test/);
    expect(violation('newroom/a.ts', '../reference-impl/index.ts')).toMatch(/newroom has no rank/);
    expect(violation('stacks/kit/run.ts', '../../vitest.config.ts')).toMatch(/not data/);
    expect(violation('reference-impl/bound/bound.test.ts', '../../conformance/properties/arbitraries.ts')).toBeUndefined();
    expect(violation('conformance/runner/run.ts', '../../reference-adapter/ops/index.ts')).toBeUndefined();
    expect(violation('stacks/adapters/ai-sdk/adapter.ts', '../../../package.json')).toBeUndefined();
    const ring = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a'])],
    ]);
    expect(cycles(ring)).toEqual(['a -> b -> c']);
  });

  it('the scan reads the whole tree: every room, and the edges the layout is built on', () => {
    expect(FILES.length).toBeGreaterThan(400);
    const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean).map(roomOf));
    for (const room of Object.keys(ROOMS)) expect(tracked, room).toContain(room);
    // Every room that holds code has a rank (a new folder of modules must be placed).
    expect([...new Set(FILES.map(roomOf))].filter((r) => ROOMS[r] === undefined)).toEqual([]);
    const graph = roomGraph(FILES);
    expect(graph.get('conformance')).toContain('reference-adapter'); // the differential oracle
    expect(graph.get('reference-adapter')).toContain('conformance/core'); // its serve loop
    expect(graph.get('stacks')).toContain('integrations'); // the with-integration rows
    expect(graph.get('ledger-kit')).toContain('reference-impl');
  });

  it('no module imports upward, sideways, a test or an unranked room', () => {
    const offenders = FILES.flatMap((f) =>
      specifiers(readFileSync(join(ROOT, f), 'utf8')).flatMap((s) => {
        const why = violation(f, s);
        return why === undefined ? [] : [`${f}: ${s}: ${why}`];
      }),
    );
    expect(offenders).toEqual([]);
  });

  it('the rooms form no cycle', () => {
    expect(cycles(roomGraph(FILES))).toEqual([]);
  });
});

/** Every module's imports of other files (type imports too: a reader follows them as well). */
function fileGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of files.filter((x) => !isTest(x)))
    graph.set(
      f,
      specifiers(readFileSync(join(ROOT, f), 'utf8'))
        .filter((s) => s.startsWith('.'))
        .map((s) => importTarget(ROOT, f, s)),
    );
  return graph;
}

/**
 * Circles between files that stand today, each with why it is left: the list must shrink, never
 * grow (a circle removed fails here until it is taken off the list too).
 */
const KNOWN_CIRCLES: readonly (readonly string[])[] = [
  // Type imports among the stack kit's case, check and egress modules; issue 51's branch reworks those files.
  ['stacks/kit/cases.ts', 'stacks/kit/checks.ts', 'stacks/kit/egress.ts'],
];

describe('no two files import each other, directly or through others', () => {
  it('the check sees a circle: two files, three, and not a chain', () => {
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b']]);
    expect(
      circles(
        new Map([
          ['x', ['y']],
          ['y', ['z']],
          ['z', ['x']],
        ]),
      ),
    ).toEqual([['x', 'y', 'z']]);
    expect(
      circles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('the mutant registry and the mutant files, the profile runner and its table, and every other module', () => {
    const graph = fileGraph(FILES);
    // The registry lists the mutant files; none of them imports it back (their type is mutant.ts).
    expect(graph.get('conformance/mutants/index.ts')).toContain('conformance/mutants/bound-mutants.ts');
    expect(circles(graph)).toEqual(KNOWN_CIRCLES);
  });
});
