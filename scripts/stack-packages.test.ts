// The agent stacks' packages live in stacks/npm (scripts/stack-packages.ts), not in the root's install:
// the root lockfile holds none that only the stacks need; the library's optional peer ranges admit the
// pinned versions; a package pinned in both places is pinned alike; and every module of stacks/,
// integrations/ and bench/ finds the stacks' packages in stacks/npm by Node's own lookup.
import { existsSync, lstatSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import stackPackageJson from '../stacks/npm/package.json' with { type: 'json' };
import { LINKED, STACK_PROJECT, stackPackagesInstalled } from './stack-packages.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pins = stackPackageJson.dependencies as Record<string, string>;
const lock = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { packages: Record<string, { version: string; optional?: boolean }> };

/** `^x.y.z` and `~x.y.z` (the forms the peers use) against an exact version; prereleases never match. */
function admits(range: string, version: string): boolean {
  const m = /^([~^])(\d+)\.(\d+)\.(\d+)$/.exec(range);
  const v = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!m || !v) return false;
  const [want, have] = [m.slice(2).map(Number), v.slice(1).map(Number)];
  const atLeast = have[0]! !== want[0]! ? have[0]! > want[0]! : have[1]! !== want[1]! ? have[1]! > want[1]! : have[2]! >= want[2]!;
  if (!atLeast || have[0] !== want[0]) return false;
  if (m[1] === '~' || want[0] === 0) return have[1] === want[1];
  return true;
}

/** The bare package names a folder's modules import. */
function importedPackages(folder: string): Set<string> {
  const names = new Set<string>();
  for (const e of readdirSync(join(ROOT, folder), { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !/\.(ts|mjs|js)$/.test(e.name) || e.parentPath.split('/').includes('node_modules')) continue;
    for (const m of readFileSync(join(e.parentPath, e.name), 'utf8').matchAll(/(?:from|import\() ?'([@a-z0-9][\w./@-]*)'/g)) {
      if (m[1]!.startsWith('node:')) continue;
      names.add(/^(@[^/]+\/[^/]+|[^/]+)/.exec(m[1]!)![1]!);
    }
  }
  return names;
}

describe('the stacks’ packages, a project of their own', () => {
  it('admits: caret and tilde ranges as npm reads them', () => {
    expect(admits('^7.0.173', '7.0.173')).toBe(true);
    expect(admits('^7.0.173', '7.1.0')).toBe(true);
    expect(admits('^7.0.173', '7.0.172')).toBe(false);
    expect(admits('^7.0.173', '8.0.0')).toBe(false);
    expect(admits('~0.20.0', '0.20.3')).toBe(true);
    expect(admits('~0.20.0', '0.21.0')).toBe(false);
    expect(admits('^0.34.52', '0.35.0')).toBe(false);
  });

  it('the root lockfile holds none of the packages only the stacks need', () => {
    const root = lock(join(ROOT, 'package-lock.json'));
    const rootNames = new Set(Object.keys(root.packages).map((k) => k.replace(/.*node_modules\//, '')));
    const onlyStacks = Object.keys(pins).filter((n) => !(n in packageJson.devDependencies));
    expect(onlyStacks.length).toBeGreaterThan(5);
    expect(onlyStacks.filter((n) => rootNames.has(n))).toEqual([]);
  });

  it("every optional peer the library names for a stack admits the stacks' pinned version", () => {
    const peers = packageJson.peerDependencies as Record<string, string>;
    const named = Object.keys(peers).filter((n) => n in pins);
    expect(named.sort()).toEqual(['@langchain/core', '@langchain/mcp-adapters', '@mastra/core', '@mastra/mcp', '@openai/agents', 'ai']);
    for (const n of named) expect(admits(peers[n]!, pins[n]!), `${n}: peer ${peers[n]} and stacks/npm pin ${pins[n]}`).toBe(true);
  });

  it('a package pinned both in the root (for the reference’s own tests) and in stacks/npm is pinned alike', () => {
    const dev = packageJson.devDependencies as Record<string, string>;
    const both = Object.keys(pins).filter((n) => n in dev);
    expect(both.length).toBeGreaterThan(0);
    for (const n of both) expect(dev[n], n).toBe(pins[n]);
  });

  it('is installed from its lockfile, and stacks/, integrations/ and bench/ find every package they import there', () => {
    expect(stackPackagesInstalled()).toBe(true); // vitest's global setup installs it
    const installed = lock(join(STACK_PROJECT, 'package-lock.json'));
    const root = lock(join(ROOT, 'package-lock.json'));
    for (const folder of LINKED) {
      const link = join(ROOT, folder, 'node_modules');
      expect(lstatSync(link).isSymbolicLink(), link).toBe(true);
      expect(realpathSync(link)).toBe(realpathSync(join(STACK_PROJECT, 'node_modules')));
      const require = createRequire(join(ROOT, folder, 'x.js'));
      for (const name of importedPackages(folder)) {
        const fromStacks = `node_modules/${name}` in installed.packages;
        const fromRoot = `node_modules/${name}` in root.packages;
        expect(fromStacks || fromRoot || name === 'toolresult-protocol', `${folder} imports ${name}, which neither lockfile holds`).toBe(true);
        if (!fromStacks) continue;
        // Node's own lookup path (an exports map may hide package.json from require.resolve).
        const dir = (require.resolve.paths(name) ?? []).map((d) => join(d, name)).find((d) => existsSync(join(d, 'package.json')));
        expect(dir, `${name} from ${folder}`).toBeDefined();
        const at = realpathSync(dir!);
        expect(relative(STACK_PROJECT, at).startsWith('node_modules/'), `${name} from ${folder} resolves to ${at}`).toBe(true);
      }
    }
  });
});
