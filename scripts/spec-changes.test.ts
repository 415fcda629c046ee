// spec/changes.json says what changed per requirement (TR-CONF-24's source and the CHANGELOG's): it
// names every requirement whose text changed between two versions (by spec/requirements.json's
// fingerprints), only requirements and kit cases that exist, no requirement added twice, and every
// case an implementation of an earlier version fails (recorded by scripts/record-older-answers.ts)
// under a change since that version that names it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { allCases } from '../conformance/runner/library.ts';
import { compilePattern, unmatchedPatterns } from '../conformance/runner/patterns.ts';
import { changesSince, explainingChanges, lastReleased, SPEC_VERSIONS } from '../conformance/runner/spec-changes.ts';
import { readOlderAnswers } from '../conformance/released/older-answers.ts';
import {
  CHANGELOG,
  FINGERPRINTS,
  currentSpecVersion,
  failedByPrevious,
  fingerprints,
  implementerSection,
  withSection,
  type Fingerprints,
} from './generate-changelog.ts';
import { ROOT } from './schema-files.ts';
import { parseSpec } from '../conformance/traceability/traceability.ts';

const recorded = JSON.parse(readFileSync(FINGERPRINTS, 'utf8')) as Fingerprints;
const current = SPEC_VERSIONS[0]!;
const defined = new Set(parseSpec(join(ROOT, 'spec')).requirements.map((r) => r.id));
const library = allCases();

describe('spec/changes.json', () => {
  it('lists the versions newest first, each naming the one before; only the newest may be unreleased; the spec and package.json state the last released one', () => {
    const released = lastReleased();
    expect(released.version).toBe(currentSpecVersion());
    expect(released.version).toBe(packageJson.version);
    for (const [i, v] of SPEC_VERSIONS.entries()) expect(v.previous).toBe(SPEC_VERSIONS[i + 1]?.version ?? null);
    for (const [i, v] of SPEC_VERSIONS.entries()) {
      expect(v.unreleased === true, `${v.version}: only the newest version may be unreleased`).toBe(v.unreleased === true && i === 0);
      // A released version has its date and the commit whose reference adapter behaves as it says.
      if (v.unreleased !== true) expect(v.date, `${v.version}: date`).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (v.unreleased !== true) expect(v.commit, `${v.version}: commit`).toMatch(/^[0-9a-f]{7,40}$/);
      if (v.unreleased === true) expect(v.date, `${v.version} is not released: no date`).toBeUndefined();
    }
    for (const v of SPEC_VERSIONS) expect(recorded[v.version], `fingerprints of ${v.version}`).toBeDefined();
  });

  it('names, for every version, each requirement whose text was added, changed or removed since the one before, and no other', () => {
    const prints = fingerprints(recorded);
    expect(prints[current.version], 'spec/requirements.json is out of date: npm run generate').toEqual(recorded[current.version]);
    for (const v of SPEC_VERSIONS) {
      if (v.previous === null) continue;
      const before = prints[v.previous]!;
      const now = prints[v.version]!;
      const moved = new Set([...Object.keys(now), ...Object.keys(before)].filter((id) => before[id] !== now[id]));
      const listed = new Set(v.changes.filter((c) => c.kind !== 'checked').flatMap((c) => c.requirements));
      expect([...moved].filter((id) => !listed.has(id)).sort(), `changed in ${v.version}, but not in its entries of spec/changes.json`).toEqual([]);
      expect([...listed].filter((id) => !moved.has(id)).sort(), `listed in ${v.version} as added, changed or removed, but the text is the same`).toEqual([]);
      for (const c of v.changes) {
        for (const id of c.requirements) {
          if (c.kind === 'added') expect(before[id], `${v.version}: ${id} is listed as added but was there`).toBeUndefined();
          if (c.kind === 'changed' || c.kind === 'editorial') expect(before[id], `${v.version}: ${id} is listed as ${c.kind} but is new`).toBeDefined();
          if (c.kind === 'checked') expect(now[id], `${v.version}: ${id}: checked means the text did not change`).toBe(before[id]);
        }
      }
    }
  });

  it('records each requirement as added once: a later entry about it is changed, checked or editorial', () => {
    const added = SPEC_VERSIONS.flatMap((v) => v.changes.filter((c) => c.kind === 'added').flatMap((c) => c.requirements.map((id) => `${id} (${v.version})`)));
    const ids = added.map((a) => a.split(' ')[0]!);
    expect(added.filter((_, i) => ids.indexOf(ids[i]!) !== i)).toEqual([]);
  });

  it('names only requirements the spec defines (a removed one, only if it is gone) and kit cases and tests that exist', () => {
    const removed = new Set(SPEC_VERSIONS.flatMap((v) => v.changes.filter((c) => c.kind === 'removed').flatMap((c) => c.requirements)));
    for (const v of SPEC_VERSIONS) {
      for (const c of v.changes) {
        expect(c.title.length * c.what.length * c.implement.length, `${c.requirements[0]}: title, what and implement`).toBeGreaterThan(0);
        if (v === current) for (const id of c.requirements) expect(defined.has(id), `${id} (${c.kind})`).toBe(c.kind !== 'removed');
        else for (const id of c.requirements) expect(defined.has(id) || removed.has(id), `${v.version}: ${id} is neither in the spec nor removed`).toBe(true);
        const none = unmatchedPatterns(library, (c.cases ?? []).map(compilePattern)).map((p) => p.text);
        expect(none, `${c.requirements[0]}: cases that match no case of the kit`).toEqual([]);
        const stillThere = (c.removedCases ?? []).filter((id) => library.some((k) => k.id === id));
        expect(stillThere, `${c.requirements[0]}: removed cases still in the kit`).toEqual([]);
        for (const t of c.tests ?? []) expect(existsSync(join(ROOT, t)), t).toBe(true);
        expect((c.cases ?? []).length + (c.tests ?? []).length > 0 || c.kind === 'editorial', `${c.requirements[0]}: what checks it`).toBe(true);
      }
    }
  });

  // The recordings are of the reference adapter at each release commit (scripts/record-older-answers.ts):
  // what an implementation of that version fails in this kit, computed, never written by hand.
  for (const older of ['1.0.0-alpha.2', '1.0.0-draft.1']) {
    it(`explains every case an implementation of ${older} fails by a change since that names it`, () => {
      const { failed } = readOlderAnswers(older);
      expect(failed.length).toBeGreaterThan(0);
      const since = changesSince(older)!;
      const unexplained = failed.filter((id) => {
        const kase = library.find((k) => k.id === id);
        return kase === undefined || explainingChanges(kase, since).length === 0;
      });
      expect(unexplained, `failed by ${older}'s reference adapter, but no entry since ${older} names them (or they left the kit)`).toEqual([]);
    });
  }

  it("the CHANGELOG's section for implementers is what the generator writes from it, each failure of the previous version under its change", () => {
    const changelog = readFileSync(CHANGELOG, 'utf8');
    expect(withSection(changelog, implementerSection())).toBe(changelog);
    const alpha3 = SPEC_VERSIONS.find((v) => v.version === '1.0.0-alpha.3')!;
    expect(failedByPrevious(alpha3).length).toBeGreaterThan(100);
    for (const id of failedByPrevious(alpha3)) expect(changelog).toContain(`\`${id}\``);
  });
});
