// Requirement traceability: spec/ defines requirement IDs; tests, properties and vectors name them.
// A MUST/MUST NOT requirement that nothing names is uncovered; an ID named somewhere but defined
// nowhere is a dangling reference (usually a typo). Both fail the check.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Requirement {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly mandatory: boolean; // contains MUST or MUST NOT
  /** The requirement's text, its whitespace collapsed (spec/requirements.json fingerprints it). */
  readonly text: string;
}

export interface TraceReport {
  readonly requirements: Requirement[];
  readonly duplicates: string[];
  readonly uncovered: Requirement[];
  readonly dangling: { id: string; file: string }[];
  readonly coverage: Map<string, string[]>;
}

const ID_DEF = /^\s*- \*\*(TR-[A-Z]+-\d+)\*\*/;
const ID_ANY = /\bTR-[A-Z]+-\d+\b/g;

/** Requirements defined in the spec's Markdown files, with the text that belongs to each. */
export function parseSpec(specDir: string): { requirements: Requirement[]; duplicates: string[] } {
  const requirements: Requirement[] = [];
  const seen = new Set<string>();
  const duplicates: string[] = [];
  for (const name of readdirSync(specDir)
    .filter((n) => n.endsWith('.md'))
    .sort()) {
    const lines = readFileSync(join(specDir, name), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      const m = ID_DEF.exec(lines[i]!);
      if (!m) continue;
      // The item runs on over indented lines, and over blank lines that an indented line follows
      // (a table or list nested in the requirement).
      const body = [lines[i]!];
      for (let j = i + 1; j < lines.length; j++) {
        const l = lines[j]!;
        if (ID_DEF.test(l) || l.startsWith('#')) break;
        if (l.trim() === '') {
          const next = lines.slice(j + 1).find((x) => x.trim() !== '');
          if (next === undefined || !/^\s/.test(next)) break;
        } else if (!/^\s/.test(l)) break;
        body.push(l);
      }
      const id = m[1]!;
      if (seen.has(id)) duplicates.push(id);
      seen.add(id);
      requirements.push({
        id,
        file: name,
        line: i + 1,
        mandatory: /\bMUST\b/.test(body.join('\n')) && !/\*withdrawn\*/.test(body.join('\n')),
        text: body.join(' ').replace(/\s+/g, ' ').trim(),
      });
    }
  }
  return { requirements, duplicates };
}

/** Files whose mention of an ID counts as coverage: tests, the kit's properties, the ledger suite's cases, vector files. */
export function coverageFiles(root: string): string[] {
  const out: string[] = [];
  const skip = new Set(['node_modules', '.git', 'spec', 'generated', '.tmp']);
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(e.name)) continue;
      const p = join(dir, e.name);
      const rel = relative(root, p).split('\\').join('/');
      if (e.isDirectory()) walk(p);
      else if (
        e.name.endsWith('.test.ts') ||
        (rel.startsWith('conformance/properties/') && e.name.endsWith('.ts')) ||
        rel === 'ledger-kit/cases.ts' ||
        (rel.startsWith('conformance/vectors/') && e.name.endsWith('.json'))
      )
        out.push(p);
    }
  };
  walk(root);
  return out.sort();
}

export function checkTraceability(root: string): TraceReport {
  const { requirements, duplicates } = parseSpec(join(root, 'spec'));
  const defined = new Set(requirements.map((r) => r.id));
  const coverage = new Map<string, string[]>();
  const dangling: { id: string; file: string }[] = [];
  for (const file of coverageFiles(root)) {
    const rel = relative(root, file).split('\\').join('/');
    const ids = new Set(readFileSync(file, 'utf8').match(ID_ANY) ?? []);
    for (const id of ids) {
      if (!defined.has(id)) dangling.push({ id, file: rel });
      else coverage.set(id, [...(coverage.get(id) ?? []), rel]);
    }
  }
  const uncovered = requirements.filter((r) => r.mandatory && !coverage.has(r.id));
  return { requirements, duplicates, uncovered, dangling, coverage };
}
