// npm run check holds the TypeScript and JavaScript to Biome's lint and format (biome.jsonc): a file
// with a lint error fails check:lint, a mis-formatted one fails check:format, and the tree as it is
// passes both (npm run check runs them on every file; this proves the two would catch a break).
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIOME = join(ROOT, 'node_modules', '@biomejs', 'biome', 'bin', 'biome');
// A probe inside the tree (a gitignored folder would be skipped, as Biome reads .gitignore).
const probe = join(ROOT, 'scripts', `lint-format-probe-${process.pid}.ts`);
afterAll(() => rmSync(probe, { force: true }));

function biome(...args: string[]): { code: number | null; out: string } {
  const r = spawnSync(process.execPath, [BIOME, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 }); // a hang guard: Biome answers in well under a second;
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('lint and format in npm run check', () => {
  it('check runs check:lint and check:format, which are Biome over the tree', () => {
    expect(packageJson.scripts.check).toContain('npm run check:lint');
    expect(packageJson.scripts.check).toContain('npm run check:format');
    expect(packageJson.scripts['check:lint']).toBe('biome lint --error-on-warnings .');
    expect(packageJson.scripts['check:format']).toBe('biome format .');
  });

  it('a mis-formatted file fails the format check; formatted, it passes', () => {
    writeFileSync(probe, 'export const probe = {a:1,   b: "two"}\n');
    const bad = biome('format', probe);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('lint-format-probe');
    writeFileSync(probe, "export const probe = { a: 1, b: 'two' };\n");
    expect(biome('format', probe).code).toBe(0);
  });

  it('a lint error fails the lint check', () => {
    writeFileSync(probe, 'export function probe(x: number): boolean {\n  return x === x;\n}\n');
    const bad = biome('lint', '--error-on-warnings', probe);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('noSelfCompare');
  });
});
