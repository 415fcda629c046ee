// Which requirement each hand-written mutant names (issue 42): the table requirement → mutants, and
// the check that every MUST of spec/ is named by a mutant or listed, with what checks it instead,
// in unchecked-musts.json, never both. The table is static (it reads the mutant list and the spec);
// that each mutant dies is what mutants.test.ts proves in every npm test.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Requirement } from '../traceability/traceability.ts';

export type CheckedBy = 'ledger-suite' | 'stack-kit' | 'package-test' | 'unit-test' | 'none';
export interface Unchecked {
  readonly checkedBy: CheckedBy;
  readonly where: string;
  readonly why: string;
}

export const UNCHECKED_FILE = fileURLToPath(new URL('unchecked-musts.json', import.meta.url));

export function readUnchecked(file: string = UNCHECKED_FILE): Record<string, Unchecked> {
  return (JSON.parse(readFileSync(file, 'utf8')) as { requirements: Record<string, Unchecked> }).requirements;
}

export interface TableRow {
  readonly id: string;
  readonly file: string;
  readonly mandatory: boolean;
  /** The mutants that name the requirement, in the order of the mutant list. */
  readonly mutants: readonly string[];
  readonly unchecked?: Unchecked;
}

/** One row per requirement of the spec that a mutant names or unchecked-musts.json lists, in spec order. */
export function requirementTable(
  requirements: readonly Requirement[],
  mutants: readonly { name: string; breaks: string }[],
  unchecked: Record<string, Unchecked>,
): TableRow[] {
  return requirements
    .map((r) => ({
      id: r.id,
      file: r.file,
      mandatory: r.mandatory,
      mutants: mutants.filter((m) => m.breaks === r.id).map((m) => m.name),
      ...(unchecked[r.id] ? { unchecked: unchecked[r.id] } : {}),
    }))
    .filter((row) => row.mutants.length > 0 || row.unchecked !== undefined);
}

const CHECKED_BY = new Set<string>(['ledger-suite', 'stack-kit', 'package-test', 'unit-test', 'none']);

/** Every way the mutant set and the unchecked list fail to account for the spec's MUSTs; empty when they do. */
export function coverageProblems(
  requirements: readonly Requirement[],
  mutants: readonly { name: string; breaks: string }[],
  unchecked: Record<string, Unchecked>,
): string[] {
  const problems: string[] = [];
  const byId = new Map(requirements.map((r) => [r.id, r] as const));
  const named = new Set(mutants.map((m) => m.breaks));
  for (const r of requirements) {
    if (!r.mandatory) continue;
    if (!named.has(r.id) && !unchecked[r.id]) problems.push(`${r.id} (${r.file}:${r.line}) is a MUST no mutant names and unchecked-musts.json does not list`);
    if (named.has(r.id) && unchecked[r.id]) problems.push(`${r.id} is named by a mutant and listed as unchecked: remove it from unchecked-musts.json`);
  }
  for (const m of mutants) if (!byId.has(m.breaks)) problems.push(`mutant ${m.name} names ${m.breaks}, which spec/ does not define`);
  for (const [id, u] of Object.entries(unchecked)) {
    const r = byId.get(id);
    if (!r) problems.push(`unchecked-musts.json lists ${id}, which spec/ does not define`);
    else if (!r.mandatory) problems.push(`unchecked-musts.json lists ${id}, which is not a MUST`);
    if (!CHECKED_BY.has(u.checkedBy)) problems.push(`unchecked-musts.json: ${id} has checkedBy ${JSON.stringify(u.checkedBy)}`);
    if (typeof u.why !== 'string' || u.why.trim() === '') problems.push(`unchecked-musts.json: ${id} says no why`);
    if (typeof u.where !== 'string' || (u.checkedBy !== 'none' && u.where === ''))
      problems.push(`unchecked-musts.json: ${id} is checked by ${u.checkedBy} but names no where`);
  }
  const keys = Object.keys(unchecked);
  if (keys.join('\n') !== [...keys].sort().join('\n')) problems.push('unchecked-musts.json: the requirement keys are not sorted');
  return problems;
}
