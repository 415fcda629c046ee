// Every MUST of spec/ is named by a hand-written mutant or listed in unchecked-musts.json with what
// checks it instead, never both (issue 42). Cheap: it reads the spec and the mutant list and runs
// no adapter; mutants.test.ts proves each mutant dies.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSpec } from '../traceability/traceability.ts';
import { coverageProblems, readUnchecked, requirementTable } from './coverage.ts';
import { mutants } from './index.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const { requirements } = parseSpec(join(ROOT, 'spec'));
const unchecked = readUnchecked();
// IDs the spec does not define, built so that the traceability scan does not read them as references.
const UNDEFINED = `TR-${'ZZZ'}-1`;
const TYPO = `TR-${'BOUND'}-999`;

describe('TR-CONF-13: the hand-written mutants account for every MUST', () => {
  it('every MUST is named by a mutant or listed as unchecked, and every listed one is a real MUST', () => {
    expect(coverageProblems(requirements, mutants, unchecked)).toEqual([]);
  });

  it('every unchecked entry points at a test that exists', () => {
    for (const [id, u] of Object.entries(unchecked)) if (u.where !== '') expect(existsSync(join(ROOT, u.where)), `${id}: ${u.where}`).toBe(true);
  });

  it('the check catches a MUST left unaccounted for, one listed twice, and an ID the spec lacks', () => {
    // Each break against the set as it is: the problems it adds are exactly the one it makes.
    const base = new Set(coverageProblems(requirements, mutants, unchecked));
    const added = (...args: Parameters<typeof coverageProblems>) => coverageProblems(...args).filter((p) => !base.has(p));
    const named = mutants[0]!.breaks;
    expect(
      added(
        requirements,
        mutants.filter((m) => m.breaks !== named),
        unchecked,
      ),
    ).toEqual([expect.stringMatching(new RegExp(`^${named} .* no mutant names`))]);
    const twice = Object.fromEntries(
      Object.entries({ ...unchecked, [named]: { checkedBy: 'unit-test' as const, where: 'x.test.ts', why: 'w' } }).sort(([a], [b]) => (a < b ? -1 : 1)),
    );
    expect(added(requirements, mutants, twice)).toEqual([`${named} is named by a mutant and listed as unchecked: remove it from unchecked-musts.json`]);
    expect(added(requirements, mutants, { ...unchecked, [UNDEFINED]: { checkedBy: 'none', where: '', why: 'w' } })).toEqual([
      `unchecked-musts.json lists ${UNDEFINED}, which spec/ does not define`,
    ]);
    const should = requirements.find((r) => !r.mandatory)!.id;
    expect(added(requirements, mutants, { ...unchecked, [should]: { checkedBy: 'none', where: '', why: 'w' } }).filter((p) => p.includes(should))).toEqual([
      `unchecked-musts.json lists ${should}, which is not a MUST`,
    ]);
    expect(added(requirements, [...mutants, { name: 'typo', breaks: TYPO }], unchecked)).toEqual([`mutant typo names ${TYPO}, which spec/ does not define`]);
  });

  it('the table has a row per requirement a mutant names, with its mutants', () => {
    const table = requirementTable(requirements, mutants, unchecked);
    const named = new Set(mutants.map((m) => m.breaks));
    expect(
      table
        .filter((r) => r.mutants.length > 0)
        .map((r) => r.id)
        .sort(),
    ).toEqual([...named].sort());
    expect(table.flatMap((r) => r.mutants).sort()).toEqual(mutants.map((m) => m.name).sort());
  });
});
