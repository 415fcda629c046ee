// Reading a module's imports for the layering tests (test/layering.test.ts over the rooms,
// reference-impl/, integrations/ and conformance/core/ over their own folders): one reader, so the
// tests cannot disagree on what counts as an import.
import { relative, resolve } from 'node:path';

/** Every module specifier: static imports and re-exports, side-effect imports, dynamic imports. */
export function specifiers(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s*['"]([^'"]+)['"]/gms)) out.push(m[1]!);
  for (const m of source.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) out.push(m[1]!);
  for (const m of source.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]/g)) out.push(m[1]!);
  return out;
}

/** The path from `root` (forward slashes) that a relative specifier of `file` (a path from `root`) names. */
export function importTarget(root: string, file: string, spec: string): string {
  return relative(root, resolve(root, file, '..', spec))
    .split('\\')
    .join('/');
}

/** Each cycle of a graph once, as its nodes from the smallest name, joined by ' -> '. */
export function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, path: string[]): void => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) {
        const i = path.indexOf([...path].sort()[0]!);
        found.add([...path.slice(i), ...path.slice(0, i)].join(' -> '));
      } else if (!path.includes(next) && next > start) walk(start, next, [...path, next]);
    }
  };
  for (const start of graph.keys()) walk(start, start, [start]);
  return [...found].sort();
}
