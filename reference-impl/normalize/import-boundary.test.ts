// TR-NORM-57: LangChain stays inside its normalizer module. Only reference-impl/normalize/langchain*.ts
// may import @langchain/*; the non-test ones only with `import type`, which the compiler erases, so
// loading the package never loads LangChain and no exported value is a LangChain object.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const IMPL = fileURLToPath(new URL('..', import.meta.url));

function tsFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...tsFiles(p));
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

/** Every module specifier of an import, export-from, dynamic import or require, with its kind. */
function specifiers(source: string): { spec: string; typeOnly: boolean }[] {
  const out: { spec: string; typeOnly: boolean }[] = [];
  const stat = /^\s*(import|export)\s+(type\s+)?[^;]*?from\s*['"]([^'"]+)['"]/gms;
  for (const m of source.matchAll(stat)) out.push({ spec: m[3]!, typeOnly: m[2] !== undefined });
  for (const m of source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) out.push({ spec: m[1]!, typeOnly: false });
  for (const m of source.matchAll(/\b(?:import|require)\s*\(\s*['"]([^'"]+)['"]/g)) out.push({ spec: m[1]!, typeOnly: false });
  return out;
}

const isLangChainModule = (file: string): boolean => relative(IMPL, file).startsWith(`normalize${'/'}`) && /^langchain[^/]*\.ts$/.test(basename(file));

describe('TR-NORM-57: the LangChain import boundary', () => {
  const files = tsFiles(IMPL);

  it('TR-NORM-57: the scan sees the modules it is about', () => {
    expect(files.some((f) => basename(f) === 'langchain.ts')).toBe(true);
    expect(files.some((f) => basename(f) === 'index.ts' && relative(IMPL, f) === 'index.ts')).toBe(true);
    // the parser sees a real runtime import, so a violation would not slip past it
    expect(specifiers("import { ToolMessage } from '@langchain/core/messages';")).toEqual([{ spec: '@langchain/core/messages', typeOnly: false }]);
  });

  it('TR-NORM-57: no module outside normalize/langchain*.ts imports @langchain/*', () => {
    const offenders = files.filter((f) => !isLangChainModule(f) && specifiers(readFileSync(f, 'utf8')).some((s) => s.spec.startsWith('@langchain/')));
    expect(offenders.map((f) => relative(IMPL, f))).toEqual([]);
  });

  it('TR-NORM-57: the LangChain normalizer modules import LangChain by type only (tests may load it)', () => {
    const offenders = files.filter(
      (f) =>
        isLangChainModule(f) && !f.endsWith('.test.ts') && specifiers(readFileSync(f, 'utf8')).some((s) => s.spec.startsWith('@langchain/') && !s.typeOnly),
    );
    expect(offenders.map((f) => relative(IMPL, f))).toEqual([]);
  });
});
