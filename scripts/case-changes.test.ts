// A released version's cases are kept as data (conformance/released/<version>.json: case ID ->
// fingerprint of what it sends and expects). A case added, removed, or whose expected answer changed
// since the last release fails the build until an entry of the unreleased version in
// spec/changes.json names it: so an adapter written for the last release is told why it fails the
// case (TR-CONF-24), and the CHANGELOG lists it.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { caseMoves, readReleased, unnamedMoves } from '../conformance/released/case-changes.ts';
import { caseDigests, METHOD, vectorDigests } from '../conformance/released/digests.ts';
import { allCases } from '../conformance/runner/library.ts';
import { lastReleased, SPEC_VERSIONS, type SpecVersion } from '../conformance/runner/spec-changes.ts';
import { VECTOR_DIR } from '../conformance/runner/vector-cases.ts';
import { jsonText, parseJsonText } from '../conformance/protocol/json-text.ts';

const released = lastReleased();
const snapshot = readReleased(released.version);
/** The versions after the last release: the unreleased one, which takes every new entry. */
const after = SPEC_VERSIONS.slice(0, SPEC_VERSIONS.indexOf(released));

describe('cases against the last released version', () => {
  it(`every case added, changed or removed since ${released.version} is named by an entry of ${after.map((v) => v.version).join(', ') || 'an unreleased version'}`, async () => {
    expect(snapshot.method, 'the fingerprint method changed: record the released versions again (conformance/released/README.md)').toBe(METHOD);
    const now = await caseDigests(allCases());
    const lines = unnamedMoves(caseMoves(snapshot.cases, now), after, released.version);
    expect(lines.join('\n'), 'add each case to the "cases" of the entry (spec/changes.json, the unreleased version) for the change that moved it').toBe('');
  }, 120_000);

  it('every released version names each case that moved since the version before it (whose cases are kept)', () => {
    for (const [i, v] of SPEC_VERSIONS.entries()) {
      if (v.unreleased === true || v.previous === null || v === released) continue;
      const next = SPEC_VERSIONS[i - 1]!;
      if (next.unreleased === true) continue;
      // Each pair of kept versions: the later one's entries name every move between them.
      const lines = unnamedMoves(caseMoves(readReleased(v.version).cases, readReleased(next.version).cases), [next], v.version);
      expect(lines, `${next.version} against ${v.version}`).toEqual([]);
    }
    const alpha2 = readReleased('1.0.0-alpha.2');
    const alpha3 = readReleased('1.0.0-alpha.3');
    const moves = caseMoves(alpha2.cases, alpha3.cases);
    expect(moves.added.length).toBeGreaterThan(500);
    expect(unnamedMoves(moves, [SPEC_VERSIONS.find((v) => v.version === '1.0.0-alpha.3')!], '1.0.0-alpha.2')).toEqual([]);
  });

  describe('a planted change to the vectors', () => {
    const dir = mkdtempSync(join(tmpdir(), 'case-changes-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    cpSync(VECTOR_DIR, dir, { recursive: true });
    // One expected answer moved, one case added, one removed: in a copy of the vector files.
    const file = join(dir, 'bound', 'measure.json');
    // Read and written keeping each number's form, so only the planted cases move.
    const vf = parseJsonText(readFileSync(file, 'utf8')) as { cases: { id: string; expect: unknown }[] };
    const [first, second] = vf.cases;
    first!.expect = { output: { planted: true } };
    vf.cases.splice(1, 1);
    vf.cases.push({ ...second!, id: 'planted-new-case' });
    writeFileSync(file, jsonText(vf));
    const changedId = `vector/bound/measure/${first!.id}`;
    const removedId = `vector/bound/measure/${second!.id}`;
    const addedId = 'vector/bound/measure/planted-new-case';
    // Against the vectors as they are now, so the unreleased version's own moves stay out of it.
    const moves = caseMoves(vectorDigests(), vectorDigests(dir));
    const open: SpecVersion = { version: '9.9.9-alpha.1', previous: released.version, unreleased: true, summary: 'planted', changes: [] };

    it('moves the fingerprints of exactly the planted cases', () => {
      expect(moves).toEqual({ added: [addedId], changed: [changedId], removed: [removedId] });
    });

    it('fails without an entry, saying which case lacks which entry', () => {
      const lines = unnamedMoves(moves, [open], released.version);
      expect(lines).toEqual([
        `${addedId}: a case added since ${released.version}, but no entry of 9.9.9-alpha.1 in spec/changes.json names it in its "cases"`,
        `${changedId}: its expected answer changed since ${released.version}, but no entry of 9.9.9-alpha.1 in spec/changes.json names it in its "cases"`,
        `${removedId}: a case removed since ${released.version}, but no entry of 9.9.9-alpha.1 in spec/changes.json lists it in its "removedCases"`,
      ]);
    });

    it('passes once an entry of the unreleased version names them (a glob will do)', () => {
      const entry = {
        requirements: ['TR-BOUND-8'],
        kind: 'changed' as const,
        title: 't',
        what: 'w',
        implement: 'i',
        cases: ['vector/bound/measure/*'],
        removedCases: [removedId],
      };
      expect(unnamedMoves(moves, [{ ...open, changes: [entry] }], released.version)).toEqual([]);
      // An entry of a released version does not count: the move is after it.
      expect(unnamedMoves(moves, [], released.version)).toHaveLength(3);
    });
  });
});
