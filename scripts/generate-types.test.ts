// generated/ must match schemas/: the drift check (`npm run check:generated`, scripts/generate.ts --check)
// checks everything `npm run generate` writes, passes on a copy of the repository's types and their
// sources, and fails on the copy once a schema changed without `npm run generate`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { GENERATORS } from './generate.ts';
import { ROOT } from './schema-files.ts';

const tmp = mkdtempSync(join(tmpdir(), 'drift-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');

/** The checks of the types generated from schemas/ (the copy below holds what they need). */
const TYPES = ['ts', 'python', 'bundle', 'php', 'go'];

/** The drift check of the copy in `dir`, one process for the named checks. */
function run(dir: string, names: readonly string[] = TYPES): { code: number; out: string } {
  try {
    const out = execFileSync(tsx, [join(dir, 'scripts', 'generate.ts'), '--check', ...names], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, out };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, out: err.stdout + err.stderr };
  }
}

describe('npm run check:generated', () => {
  it('is the same command over the same named targets as npm run generate, in one process', () => {
    expect(packageJson.scripts.generate).toBe('tsx scripts/generate.ts');
    expect(packageJson.scripts['check:generated']).toBe('tsx scripts/generate.ts --check');
    expect(Object.keys(GENERATORS)).toEqual(['protocol-schema', 'ts', 'python', 'php', 'go', 'bundle', 'changelog']);
  });

  it('names the targets when asked for one that does not exist', () => {
    const r = run(join(ROOT), ['types']);
    expect(r.code).toBe(2);
    expect(r.out).toContain('no target named types; the targets are protocol-schema, ts, python, php, go, bundle, changelog');
  });
});

describe('generated/ drift check', () => {
  const dir = join(tmp, 'repo');
  cpSync(join(ROOT, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(ROOT, 'generated'), join(dir, 'generated'), { recursive: true });
  cpSync(
    join(ROOT, 'implementations', 'python', 'toolresult', 'generated_types.py'),
    join(dir, 'implementations', 'python', 'toolresult', 'generated_types.py'),
  );
  cpSync(join(ROOT, 'implementations', 'php', 'generated'), join(dir, 'implementations', 'php', 'generated'), { recursive: true });
  cpSync(join(ROOT, 'implementations', 'go', 'generated'), join(dir, 'implementations', 'go', 'generated'), { recursive: true });
  cpSync(join(ROOT, 'scripts'), join(dir, 'scripts'), { recursive: true });
  cpSync(join(ROOT, 'codegen'), join(dir, 'codegen'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));

  it('passes when generated/ matches schemas/', () => {
    const r = run(dir);
    // Each target says so on a line of its own.
    for (const label of [
      'generated/ (TypeScript)',
      'implementations/python/toolresult/generated_types.py',
      'schemas/bundle.json',
      'implementations/php/generated/ (PHP)',
      'implementations/go/generated/ (Go)',
    ]) {
      expect(r.out).toMatch(new RegExp(`^${label.replace(/[()/.]/g, '\\$&')} is up to date`, 'm'));
    }
    expect(r.code).toBe(0);
  });

  it('fails on a PHP file no schema gives any more (a removed schema leaves its class behind)', () => {
    const stale = join(dir, 'implementations', 'php', 'generated', 'RemovedType.php');
    writeFileSync(stale, '<?php\n');
    try {
      const php = run(dir, ['php']);
      expect(php.code).toBe(1);
      expect(php.out).toMatch(/stale \(no schema\): .*RemovedType\.php/);
    } finally {
      rmSync(stale);
    }
  });

  it('fails, and says how to fix it, when a schema changed without regenerating', () => {
    const p = join(dir, 'schemas', 'model', 'warning.schema.json');
    const schema = JSON.parse(readFileSync(p, 'utf8'));
    schema.$defs.WarningCode.enum.push('content.made_up');
    writeFileSync(p, JSON.stringify(schema, null, 2));
    // Every target is checked and says it is out of date (a target prints that exactly when it fails).
    const r = run(dir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^generated\/ \(TypeScript\) is out of date/m);
    expect(r.out).toMatch(/differs: .*generated\/model\.ts/);
    expect(r.out).toContain('npm run generate');
    // The Python types come from the same schemas and drift with them.
    expect(r.out).toMatch(/generated_types\.py is out of date/);
    expect(r.out).toMatch(/^schemas\/bundle\.json is out of date/m);
    expect(r.out).toMatch(/differs: .*schemas\/bundle\.json/);
    // So do the PHP implementation's (its WarningCode enum gains the case).
    expect(r.out).toMatch(/^implementations\/php\/generated\/ \(PHP\) is out of date/m);
    expect(r.out).toMatch(/differs: .*implementations\/php\/generated\/WarningCode\.php/);
    // And the Go implementation's (its WarningCode constants gain one).
    expect(r.out).toMatch(/^implementations\/go\/generated\/ \(Go\) is out of date/m);
    expect(r.out).toMatch(/differs: .*implementations\/go\/generated\/types\.go/);
    expect(r.out.match(/Run: npm run generate/g)).toHaveLength(TYPES.length);
  });
});
