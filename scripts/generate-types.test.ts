// generated/ must match schemas/: the drift check passes on the repository and fails on a copy in
// which a schema changed without `npm run generate`.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './schema-files.ts';

const tmp = mkdtempSync(join(tmpdir(), 'drift-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');

function run(dir: string, script = 'generate-types.ts'): { code: number; out: string } {
  try {
    const out = execFileSync(tsx, [join(dir, 'scripts', script), '--check'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
    return { code: 0, out };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, out: err.stdout + err.stderr };
  }
}

describe('generated/ drift check', () => {
  const dir = join(tmp, 'repo');
  cpSync(join(ROOT, 'schemas'), join(dir, 'schemas'), { recursive: true });
  cpSync(join(ROOT, 'generated'), join(dir, 'generated'), { recursive: true });
  cpSync(join(ROOT, 'implementations', 'python', 'toolresult', 'generated_types.py'), join(dir, 'implementations', 'python', 'toolresult', 'generated_types.py'));
  cpSync(join(ROOT, 'implementations', 'php', 'generated'), join(dir, 'implementations', 'php', 'generated'), { recursive: true });
  cpSync(join(ROOT, 'implementations', 'go', 'generated'), join(dir, 'implementations', 'go', 'generated'), { recursive: true });
  cpSync(join(ROOT, 'scripts'), join(dir, 'scripts'), { recursive: true });
  cpSync(join(ROOT, 'codegen'), join(dir, 'codegen'), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));

  it('passes when generated/ matches schemas/', () => {
    const r = run(dir);
    expect(r.out).toContain('up to date');
    expect(r.code).toBe(0);
    const py = run(dir, 'generate-python-types.ts');
    expect(py.out).toContain('up to date');
    expect(py.code).toBe(0);
    const bundle = run(dir, 'generate-bundle.ts');
    expect(bundle.out).toContain('up to date');
    expect(bundle.code).toBe(0);
    const php = run(dir, 'generate-php-types.ts');
    expect(php.out).toContain('up to date');
    expect(php.code).toBe(0);
    const go = run(dir, 'generate-go-types.ts');
    expect(go.out).toContain('up to date');
    expect(go.code).toBe(0);
  });

  it('fails on a PHP file no schema gives any more (a removed schema leaves its class behind)', () => {
    const stale = join(dir, 'implementations', 'php', 'generated', 'RemovedType.php');
    writeFileSync(stale, '<?php\n');
    try {
      const php = run(dir, 'generate-php-types.ts');
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
    const r = run(dir);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/differs: .*generated\/model\.ts/);
    expect(r.out).toContain('npm run generate');
    // The Python types come from the same schemas and drift with them.
    const py = run(dir, 'generate-python-types.ts');
    expect(py.code).toBe(1);
    expect(py.out).toMatch(/generated_types\.py is out of date/);
    const bundle = run(dir, 'generate-bundle.ts');
    expect(bundle.code).toBe(1);
    expect(bundle.out).toMatch(/differs: .*schemas\/bundle\.json/);
    // So do the PHP implementation's (its WarningCode enum gains the case).
    const php = run(dir, 'generate-php-types.ts');
    expect(php.code).toBe(1);
    expect(php.out).toMatch(/differs: .*implementations\/php\/generated\/WarningCode\.php/);
    expect(php.out).toContain('npm run generate');
    // And the Go implementation's (its WarningCode constants gain one).
    const go = run(dir, 'generate-go-types.ts');
    expect(go.code).toBe(1);
    expect(go.out).toMatch(/differs: .*implementations\/go\/generated\/types\.go/);
  });
});
