// The README's claims that a test can read, held to the code: every `npm run X` is a script, every
// environment variable it names is read by the code, every option it gives the kit is one the kit
// takes, every file it links exists, and `.ci/run` does what the README says it does. (The install
// sizes are held by test/package.test.ts, the prerequisite check's stop path by
// scripts/prerequisites.test.ts.)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { USAGE } from '../conformance/runner/args.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const USER_README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const CONTRIBUTING = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
// The claims below hold for both documents: the user's README and the maintainers' CONTRIBUTING.md.
const README = `${USER_README}\n${CONTRIBUTING}`;

/** Source files the code reads environment variables in (not documentation). */
function sources(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (['node_modules', '.git', 'dist', '.tmp', 'site-build', 'docs'].includes(e.name)) continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|js|mjs|py|php|sh)$/.test(e.name) || p.endsWith(join('.ci', 'run')) || p.endsWith(join('.ci', 'setup'))) out.push(p);
    }
  };
  walk(ROOT);
  return out;
}

describe('README claims', () => {
  it('every `npm run X` it gives is a script of package.json', () => {
    const named = [...README.matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(10);
    const missing = [...new Set(named)].filter((n) => !(n in packageJson.scripts));
    expect(missing).toEqual([]);
  });

  it('every environment variable it names (TR_*, TOOLRESULT_*, CHROMIUM_PATH) is read by the code', () => {
    const named = [...new Set([...README.matchAll(/\b(TR_[A-Z_]+|TOOLRESULT_[A-Z_]+|CHROMIUM_PATH)\b/g)].map((m) => m[1]!))];
    expect(named).toContain('TR_FUZZ_CASES');
    const code = sources().map((f) => readFileSync(f, 'utf8'));
    const read = (name: string) => code.some((text) => new RegExp(`(process\\.env|env|environ)(\\.|\\[['"]|\\.get\\(['"])${name}\\b`).test(text));
    expect(named.filter((n) => !read(n))).toEqual([]);
  });

  it('an environment variable given beside `npm run X` is read by the program X runs (its folder)', () => {
    let checked = 0;
    for (const line of README.split('\n')) {
      const scripts = [...new Set([...line.matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => m[1]!))];
      const vars = [...new Set([...line.matchAll(/\b(TR_[A-Z_]+|TOOLRESULT_[A-Z_]+)\b/g)].map((m) => m[1]!))];
      if (scripts.length !== 1 || vars.length === 0) continue;
      const entry = /^tsx (\S+)\/[^/\s]+\.ts\b/.exec(packageJson.scripts[scripts[0] as keyof typeof packageJson.scripts] ?? '')?.[1];
      if (entry === undefined) continue;
      const code = sources()
        .filter((f) => f.startsWith(`${join(ROOT, entry)}/`))
        .map((f) => readFileSync(f, 'utf8'));
      for (const v of vars)
        expect(
          code.some((text) => text.includes(`process.env.${v}`)),
          `npm run ${scripts[0]} does not read ${v} (${entry}/)`,
        ).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('every option it gives the kit is one the kit takes', () => {
    const lines = README.split('\n').filter((l) => /(toolresult(-conformance)? conformance|npm run conformance --|npx toolresult-conformance)/.test(l));
    expect(lines.length).toBeGreaterThan(3);
    const npm = new Set(['--no-install', '--yes', '--save-dev']);
    const options = [...new Set(lines.flatMap((l) => [...l.replace(/ -- .*$/, '').matchAll(/(?<=\s|`)--[a-z][a-z-]*/g)].map((m) => m[0])))].filter(
      (o) => !npm.has(o),
    );
    expect(options).toContain('--only');
    expect(options.filter((o) => !new RegExp(`^\\s+${o}\\b`, 'm').test(USAGE))).toEqual([]);
  });

  it('every file it links to exists', () => {
    const links = [...README.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((l) => !existsSync(join(ROOT, l)))).toEqual([]);
  });

  it(".ci/run is what the README says: .ci/setup, then npm ci, the stacks' install, then npm test; npm run setup is .ci/setup", () => {
    const steps = readFileSync(join(ROOT, '.ci', 'run'), 'utf8')
      .split('\n')
      .filter((l) => /^(\.ci\/setup|npm ci|npm run stacks:install|npm test)\b/.test(l))
      .map((l) => l.split(' ').slice(0, 3).join(' '));
    expect(steps).toEqual(['.ci/setup', 'npm ci --no-audit', 'npm run stacks:install', 'npm test']);
    expect(packageJson.scripts.setup).toBe('.ci/setup');
    expect(CONTRIBUTING).toContain('`.ci/run` is `.ci/setup`, then `npm ci && npm run stacks:install && npm test`');
    expect(packageJson.scripts.test.startsWith('npm run prerequisites && ')).toBe(true);
  });
});
