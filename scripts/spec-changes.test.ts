// spec/changes.json says what changed per requirement (TR-CONF-24's source and the CHANGELOG's): it
// names every requirement whose text changed since the previous version (by spec/requirements.json's
// fingerprints), only requirements and kit cases that exist, and each case an implementation of the
// previous version fails under the change that explains it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { allCases } from '../conformance/runner/library.ts';
import { compilePattern, unmatchedPatterns } from '../conformance/runner/patterns.ts';
import { SPEC_VERSIONS } from '../conformance/runner/spec-changes.ts';
import { CHANGELOG, FINGERPRINTS, currentSpecVersion, fingerprints, implementerSection, withSection, type Fingerprints } from './generate-changelog.ts';
import { ROOT } from './schema-files.ts';
import { parseSpec } from '../conformance/traceability/traceability.ts';

const recorded = JSON.parse(readFileSync(FINGERPRINTS, 'utf8')) as Fingerprints;
const current = SPEC_VERSIONS[0]!;
const defined = new Set(parseSpec(join(ROOT, 'spec')).requirements.map((r) => r.id));
const library = allCases();

describe('spec/changes.json', () => {
  it('lists the versions newest first, the current one on top, each naming the one before', () => {
    expect(current.version).toBe(currentSpecVersion());
    expect(current.version).toBe(packageJson.version);
    for (const [i, v] of SPEC_VERSIONS.entries()) expect(v.previous).toBe(SPEC_VERSIONS[i + 1]?.version ?? null);
    for (const v of SPEC_VERSIONS) expect(recorded[v.version], `fingerprints of ${v.version}`).toBeDefined();
  });

  it('names every requirement whose text was added, changed or removed since the previous version, and no other', () => {
    const prints = fingerprints(recorded);
    expect(prints[current.version], 'spec/requirements.json is out of date: npm run generate').toEqual(recorded[current.version]);
    const before = prints[current.previous!]!;
    const now = prints[current.version]!;
    const moved = new Set([...Object.keys(now), ...Object.keys(before)].filter((id) => before[id] !== now[id]));
    const listed = new Set(current.changes.filter((c) => c.kind !== 'checked').flatMap((c) => c.requirements));
    expect([...moved].filter((id) => !listed.has(id)).sort(), 'changed since the previous version, but not in spec/changes.json').toEqual([]);
    expect([...listed].filter((id) => !moved.has(id)).sort(), 'listed as added, changed or removed, but the text is the same').toEqual([]);
    for (const c of current.changes) {
      for (const id of c.requirements) {
        if (c.kind === 'added') expect(before[id], `${id} is listed as added but was there`).toBeUndefined();
        if (c.kind === 'changed' || c.kind === 'editorial') expect(before[id], `${id} is listed as ${c.kind} but is new`).toBeDefined();
        if (c.kind === 'checked') expect(now[id], `${id}: checked means the text did not change`).toBe(before[id]);
      }
    }
  });

  it('names only requirements the spec defines (a removed one, only if it is gone) and kit cases and tests that exist', () => {
    for (const v of SPEC_VERSIONS) {
      for (const c of v.changes) {
        expect(c.title.length * c.what.length * c.implement.length, `${c.requirements[0]}: title, what and implement`).toBeGreaterThan(0);
        if (v === current) for (const id of c.requirements) expect(defined.has(id), `${id} (${c.kind})`).toBe(c.kind !== 'removed');
        const none = unmatchedPatterns(library, (c.cases ?? []).map(compilePattern)).map((p) => p.text);
        expect(none, `${c.requirements[0]}: cases that match no case of the kit`).toEqual([]);
        const stillThere = (c.removedCases ?? []).filter((id) => library.some((k) => k.id === id));
        expect(stillThere, `${c.requirements[0]}: removed cases still in the kit`).toEqual([]);
        for (const t of c.tests ?? []) expect(existsSync(join(ROOT, t)), t).toBe(true);
        expect((c.cases ?? []).length + (c.tests ?? []).length > 0 || c.kind === 'editorial', `${c.requirements[0]}: what checks it`).toBe(true);
      }
    }
  });

  it('lists each case the previous version fails by its full ID, under a change to one of its requirements', () => {
    expect(current.failedByPrevious).toHaveLength(15);
    for (const id of current.failedByPrevious!) {
      const kase = library.find((k) => k.id === id);
      expect(kase, id).toBeDefined();
      const under = current.changes.filter((c) => c.cases?.includes(id));
      expect(under.length, `${id} is listed under no change`).toBeGreaterThan(0);
      expect(
        under.some((c) => c.requirements.some((r) => kase!.requirements.includes(r))),
        `${id} is listed under a change to none of its requirements`,
      ).toBe(true);
    }
  });

  it("the CHANGELOG's section for implementers is what the generator writes from it", () => {
    const changelog = readFileSync(CHANGELOG, 'utf8');
    expect(withSection(changelog, implementerSection())).toBe(changelog);
    for (const id of current.failedByPrevious!) expect(changelog).toContain(`\`${id}\``);
  });
});
