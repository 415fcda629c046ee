// Re-running part of the matrix (`npm run compliance -- --rows GLOB`): the fresh rows replace their
// committed entries, cells, figures and findings, and every other row stays as committed, so that
// after a change to one stack or integration only its rows run again.
import type { ComplianceReport } from './report.ts';

/** Whether a row id matches a glob: `*` any run of characters, `?` one, everything else itself. */
export function globMatches(glob: string, id: string): boolean {
  const re = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${re}$`).test(id);
}

/**
 * The committed report with the fresh rows in place of their committed ones. `order`: every row
 * the kit knows, in matrix order; a committed row the kit no longer knows is dropped. The kit's
 * header and the list of checks are the fresh run's (a row not run again shows no cell for a check
 * it predates: the README marks it —).
 */
export function mergeReports(committed: ComplianceReport, fresh: ComplianceReport, order: readonly string[]): ComplianceReport {
  const ran = new Set(fresh.stacks.map((s) => s.id));
  const kept = (id: string) => !ran.has(id) && order.includes(id);
  const stacks = [...committed.stacks.filter((s) => kept(s.id)), ...fresh.stacks].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  const rank = new Map(stacks.map((s, i) => [s.id, i] as const));
  const byRow = <T extends { stack: string }>(xs: readonly T[]): T[] => [...xs].sort((a, b) => rank.get(a.stack)! - rank.get(b.stack)!);
  return {
    ...fresh,
    stacks,
    cells: byRow([...committed.cells.filter((c) => kept(c.stack)), ...fresh.cells]),
    figures: byRow([...committed.figures.filter((f) => kept(f.stack)), ...fresh.figures]),
    findings: byRow([...committed.findings.filter((f) => kept(f.stack)), ...fresh.findings]),
  };
}
