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

/**
 * The import circles of a graph: each set of two or more nodes that all reach one another (a
 * strongly connected component, Tarjan's algorithm, linear in the edges), its nodes sorted, the
 * circles sorted by their first node. Unlike `cycles`, it does not list every path, so it scales
 * to a graph of files.
 */
export function circles(graph: ReadonlyMap<string, readonly string[] | ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  let next = 0;
  // Iterative, so a long chain of imports cannot exhaust the call stack.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; edges: Iterator<string> }[] = [];
    const enter = (node: string) => {
      index.set(node, next);
      low.set(node, next++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, edges: (graph.get(node) ?? [])[Symbol.iterator]() });
    };
    enter(root);
    while (work.length > 0) {
      const top = work.at(-1)!;
      const step = top.edges.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) enter(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(top.node)!));
      if (low.get(top.node) === index.get(top.node)) {
        const members: string[] = [];
        let m: string;
        do {
          m = stack.pop()!;
          onStack.delete(m);
          members.push(m);
        } while (m !== top.node);
        if (members.length > 1) out.push(members.sort());
      }
    }
  }
  return out.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}
