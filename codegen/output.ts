// Writing generated files, or checking that the written ones are current (the drift gate).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Writes each file under outDir; returns how many changed. */
export function writeFiles(outDir: string, files: ReadonlyMap<string, string>): number {
  let changed = 0;
  for (const [name, text] of files) {
    const p = join(outDir, name);
    if (existsSync(p) && readFileSync(p, 'utf8') === text) continue;
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, text);
    changed++;
  }
  return changed;
}

/** What differs between the files as generated and as written: one line per file. */
export function driftOf(outDir: string, files: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const [name, text] of files) {
    const p = join(outDir, name);
    if (!existsSync(p)) problems.push(`missing: ${p}`);
    else if (readFileSync(p, 'utf8') !== text) problems.push(`differs: ${p}`);
  }
  return problems;
}

/** Files with one of the extensions in outDir (not below it) that the generator no longer writes. */
export function staleFiles(outDir: string, files: ReadonlyMap<string, string>, extensions: string[]): string[] {
  if (!existsSync(outDir)) return [];
  return readdirSync(outDir)
    .filter((n) => extensions.some((e) => n.endsWith(e)) && !files.has(n))
    .map((n) => join(outDir, n));
}
