// Compares a fresh matrix with the committed one. What must match: the rows (versions, setup; the
// runtime by its major version, as CI's Node patch release may differ), the checks, each cell's
// verdict and evidence, and the figures; and the fresh run must have no finding (a stale limit).
// The number of generated cases may differ: the drift check runs fewer than the committed run and
// replays committed counterexamples by their path. In a store or an exported body (the checks that
// read them), the evidence's excerpt is the stack's own text around the canary, which holds its run
// ids and timestamps (LangChain's `lc_<uuid>` run ids, Mastra's span times): there the excerpt is
// shown but not compared; the case, the canary, the store or exporter and the occurrence are.
import type { ComplianceReport } from './report.ts';

// Python rows by the minor release (CI's interpreter may be another 3.11 patch release than a developer's).
const major = (runtime: string): string => runtime.replace(/(node v\d+)\.\d+\.\d+/, '$1').replace(/(CPython \d+\.\d+)\.\d+/, '$1');

function stable(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : x,
  );
}

/**
 * `fewerCases`: the fresh run ran fewer generated cases than the committed one, so a model-interface
 * verdict committed as a failure (found somewhere in the committed run's cases, not shrunk) may
 * not be met again; a fresh failure the committed run did not have is still drift.
 */
/** A cell's evidence as the drift check compares it: without the excerpts of a check that reads stores or exported bodies. */
function comparable(evidence: unknown, readsStores: boolean): unknown {
  if (!readsStores || !Array.isArray(evidence)) return evidence;
  return evidence.map((e: { found?: { excerpt?: string }[] }) =>
    e.found === undefined ? e : { ...e, found: e.found.map(({ excerpt: _shown, ...rest }) => rest) },
  );
}

export function compareReports(committed: ComplianceReport, fresh: ComplianceReport, fewerCases = false): string[] {
  const problems: string[] = [];
  const readsStores = new Set(committed.checks.filter((c) => c.reads !== undefined).map((c) => c.id));
  if (stable(committed.kit.vectors) !== stable(fresh.kit.vectors)) problems.push('the fixed vectors changed');
  if (stable(committed.checks) !== stable(fresh.checks)) problems.push('the checks changed');
  const rows = (r: ComplianceReport) => r.stacks.map((s) => ({ ...s, runtime: major(s.runtime) }));
  const fr = rows(fresh);
  for (const s of rows(committed)) {
    const f = fr.find((x) => x.id === s.id);
    if (!f) problems.push(`stack ${s.id} is no longer run`);
    else if (stable(s) !== stable(f)) problems.push(`stack ${s.id}: committed ${stable(s)}, now ${stable(f)}`);
  }
  for (const f of fr) if (!committed.stacks.some((s) => s.id === f.id)) problems.push(`stack ${f.id} is new`);
  for (const c of committed.cells) {
    const f = fresh.cells.find((x) => x.stack === c.stack && x.check === c.check);
    if (!f) {
      problems.push(`${c.stack} ${c.check}: no longer run`);
      continue;
    }
    if (c.verdict !== f.verdict) problems.push(`${c.stack} ${c.check}: committed ${c.verdict}, now ${f.verdict}${f.reason ? ` (${f.reason})` : ''}`);
    else if (stable(comparable(c.evidence, readsStores.has(c.check))) !== stable(comparable(f.evidence, readsStores.has(c.check))))
      problems.push(`${c.stack} ${c.check}: the evidence changed (now: ${stable(f.evidence).slice(0, 300)})`);
    else if (c.vectors !== f.vectors) problems.push(`${c.stack} ${c.check}: ${c.vectors} vectors applied, now ${f.vectors}`);
    else if (c.model.verdict !== f.model.verdict && !(fewerCases && c.model.verdict === 'fail' && f.model.verdict === 'pass')) {
      problems.push(
        `${c.stack} ${c.check}: at the model interface committed ${c.model.verdict}, now ${f.model.verdict}${f.model.summary ? ` (${f.model.summary})` : ''}`,
      );
    }
  }
  for (const f of fresh.cells) if (!committed.cells.some((c) => c.stack === f.stack && c.check === f.check)) problems.push(`${f.stack} ${f.check}: new cell`);
  // A stale limit fails the drift check even when the committed matrix has it too: the row is wrong.
  for (const f of fresh.findings) problems.push(`${f.stack} ${f.check}: ${f.summary}`);
  if (stable(committed.figures) !== stable(fresh.figures)) problems.push(`the budget figures changed: now ${stable(fresh.figures).slice(0, 400)}`);
  return problems;
}
