// The package root never loads a database driver: the durable stores are reached only through
// their own subpaths (package.json exports ./ledger/sqlite and ./ledger/postgres), so a runtime that
// only bounds results needs neither better-sqlite3 nor pg installed.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const HERE = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|(?:^|\n)\s*import\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

/** Every module the file reaches through static and dynamic imports, and the bare packages it names. */
function reach(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const todo = [entry];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (spec.startsWith('.')) todo.push(resolve(dirname(file), spec));
      else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return { files, packages };
}

describe('driver isolation', () => {
  it('the package root reaches neither better-sqlite3 nor pg, nor the store modules', () => {
    const { files, packages } = reach(join(HERE, '..', 'index.ts'));
    expect(packages).not.toContain('better-sqlite3');
    expect(packages).not.toContain('pg');
    expect([...files].filter((f) => /ledger\/(sqlite|postgres)\.ts$/.test(f))).toEqual([]);
    expect(files.size).toBeGreaterThan(20); // the walk really followed the imports
  });

  it('each store subpath loads its own driver only', () => {
    const pkg = JSON.parse(readFileSync(join(HERE, '..', '..', 'package.json'), 'utf8'));
    for (const [sub, driver, other] of [
      ['./ledger/sqlite', 'better-sqlite3', 'pg'],
      ['./ledger/postgres', 'pg', 'better-sqlite3'],
    ] as const) {
      const target = pkg.exports[sub];
      expect(typeof target === 'string' ? target : (target?.import ?? target?.default)).toBeDefined();
      const { packages } = reach(join(HERE, `${sub.split('/').pop()}.ts`));
      expect(packages).toContain(driver);
      expect(packages).not.toContain(other);
    }
    expect(pkg.peerDependenciesMeta['better-sqlite3'].optional).toBe(true);
    expect(pkg.peerDependenciesMeta.pg.optional).toBe(true);
  });
});
