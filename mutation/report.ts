// Reads Stryker's JSON report (mutation-testing-report-schema) and prints what issue 42 asks of a
// mutation run: the score overall, per file and per requirement, and every survivor that the
// reviewed list (mutation/survivors.json) does not explain. A requirement's score counts the
// mutants that its cases reach (per-test coverage) and how many of those the kit kills, by any case:
// Stryker stops a mutant at its first failing case, so "killed by this requirement's own cases" is
// not known.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { survivorKey, type Survivor } from './survivors.ts';

interface Mutant {
  id: string;
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
  coveredBy?: string[];
  killedBy?: string[];
}
interface Report {
  files: Record<string, { source: string; mutants: Mutant[] }>;
  testFiles?: Record<string, { tests: { id: string; name: string }[] }>;
}

const UNDETECTED = new Set(['Survived', 'NoCoverage']);

export interface Counts {
  total: number;
  killed: number;
  timeout: number;
  survived: number;
  noCoverage: number;
  other: number;
}

export function count(ms: readonly Mutant[]): Counts {
  const c = { total: ms.length, killed: 0, timeout: 0, survived: 0, noCoverage: 0, other: 0 };
  for (const m of ms) {
    if (m.status === 'Killed') c.killed++;
    else if (m.status === 'Timeout') c.timeout++;
    else if (m.status === 'Survived') c.survived++;
    else if (m.status === 'NoCoverage') c.noCoverage++;
    else c.other++;
  }
  return c;
}

/** Stryker's mutation score: detected over detected plus undetected (errors and ignored left out). */
export const score = (c: Counts): number => {
  const valid = c.killed + c.timeout + c.survived + c.noCoverage;
  return valid === 0 ? 100 : (100 * (c.killed + c.timeout)) / valid;
};

/** The source text a mutant replaces (its location is 1-based lines and columns). */
export function originalText(source: string, m: Mutant): string {
  const lines = source.split('\n');
  const { start, end } = m.location;
  if (start.line === end.line) return lines[start.line - 1]!.slice(start.column - 1, end.column - 1);
  return [lines[start.line - 1]!.slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1]!.slice(0, end.column - 1)].join('\n');
}

export function undetected(report: Report, root: string): (Survivor & { status: string })[] {
  const out: (Survivor & { status: string })[] = [];
  for (const [file, f] of Object.entries(report.files)) {
    for (const m of f.mutants) {
      if (!UNDETECTED.has(m.status)) continue;
      out.push({
        file: relative(root, file) || file,
        line: m.location.start.line,
        mutator: m.mutatorName,
        original: originalText(f.source, m),
        replacement: m.replacement ?? '',
        reason: '',
        status: m.status,
      });
    }
  }
  return out;
}

const pct = (n: number) => `${n.toFixed(1).padStart(5)}%`;

/** Several runs' reports (each over some of the files, `--mutate`) as one. */
export function mergeReports(reports: readonly Report[]): Report {
  const files: Report['files'] = {};
  const testFiles: NonNullable<Report['testFiles']> = {};
  for (const r of reports) {
    Object.assign(files, r.files);
    for (const [f, t] of Object.entries(r.testFiles ?? {})) testFiles[f] ??= t;
  }
  return { files, testFiles };
}

/** Prints the scores and the unexplained survivors; 0 when every survivor has a reviewed reason. */
export function printReport(reportFiles: string | readonly string[], survivorsFile: string, root = process.cwd()): number {
  const report = mergeReports((typeof reportFiles === 'string' ? [reportFiles] : reportFiles).map((f) => JSON.parse(readFileSync(f, 'utf8')) as Report));
  const all = Object.values(report.files).flatMap((f) => f.mutants);
  const c = count(all);
  const line = (name: string, k: Counts) =>
    `${pct(score(k))}  ${String(k.total).padStart(5)} mutants  ${String(k.killed).padStart(5)} killed  ${String(k.timeout).padStart(3)} timeout  ${String(k.survived).padStart(4)} survived  ${String(k.noCoverage).padStart(3)} no coverage  ${name}`;
  const out: string[] = ['', 'per file:'];
  for (const [file, f] of Object.entries(report.files).sort(([a], [b]) => a.localeCompare(b))) out.push(line(relative(root, file) || file, count(f.mutants)));

  // Requirement IDs from the test names: "<case id> [TR-A-1 TR-B-2]".
  const reqsOf = new Map<string, string[]>();
  for (const tf of Object.values(report.testFiles ?? {})) {
    for (const t of tf.tests) reqsOf.set(t.id, /\[([^\]]*)\]$/.exec(t.name)?.[1]?.split(' ').filter(Boolean) ?? []);
  }
  const byReq = new Map<string, Mutant[]>();
  for (const m of all) {
    const reqs = new Set((m.coveredBy ?? []).flatMap((t) => reqsOf.get(t) ?? []));
    for (const r of reqs) byReq.set(r, [...(byReq.get(r) ?? []), m]);
  }
  if (byReq.size > 0) {
    out.push('', 'per requirement (the mutants its cases reach; killed by any case of the kit):');
    for (const [req, ms] of [...byReq].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))) out.push(line(req, count(ms)));
  }
  out.push('', line('all of reference-impl/ in scope', c));

  const reviewed = JSON.parse(readFileSync(survivorsFile, 'utf8')) as Survivor[];
  const keys = new Set(reviewed.map(survivorKey));
  const found = undetected(report, root);
  const unexplained = found.filter((s) => !keys.has(survivorKey(s)));
  const foundKeys = new Set(found.map(survivorKey));
  const stale = reviewed.filter((s) => !foundKeys.has(survivorKey(s)) && Object.keys(report.files).some((f) => (relative(root, f) || f) === s.file));
  out.push(`${found.length} survivors, ${found.length - unexplained.length} of them in the reviewed list (mutation/survivors.json)`);
  // An entry whose reason starts "OPEN (missing case)" is reviewed but not explained: a case to write.
  const open = reviewed.filter((s) => s.reason.startsWith('OPEN') && foundKeys.has(survivorKey(s)));
  if (open.length > 0) out.push(`${open.length} of those are OPEN: a missing case each, its input named in the entry`);
  if (stale.length > 0)
    out.push(
      `${stale.length} reviewed entries of the mutated files no longer survive (killed now, or the code moved): remove or update them`,
      ...stale.map((s) => `  ${s.file}:${s.line} ${s.mutator} ${JSON.stringify(s.original)} -> ${JSON.stringify(s.replacement)}`),
    );
  if (unexplained.length > 0) {
    out.push(`${unexplained.length} survivors without a reviewed reason (add a case that kills each, or an entry with its reason):`);
    for (const s of unexplained) out.push(`  ${s.file}:${s.line} ${s.mutator} ${s.status} ${JSON.stringify(s.original)} -> ${JSON.stringify(s.replacement)}`);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return unexplained.length > 0 ? 1 : 0;
}

// `tsx mutation/report.ts [REPORT.json ...]`: the report of the last run, or several runs' merged.
if (process.argv[1]?.endsWith('report.ts')) {
  const files = process.argv.slice(2);
  process.exit(printReport(files.length > 0 ? files : 'reports/mutation/mutation.json', 'mutation/survivors.json'));
}
