// Which cases moved between two sets of fingerprints, and which of those moves no entry of
// spec/changes.json names: a case added or whose expected answer changed since the last release
// needs an entry of the version that takes the change, and a case removed needs that entry's
// removedCases. scripts/case-changes.test.ts holds the build to it.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { namesCase, type SpecVersion } from '../runner/spec-changes.ts';
import type { CaseDigests, ReleasedCases } from './digests.ts';

export const RELEASED_DIR = dirname(fileURLToPath(import.meta.url));

export function readReleased(version: string, dir = RELEASED_DIR): ReleasedCases {
  return JSON.parse(readFileSync(join(dir, `${version}.json`), 'utf8')) as ReleasedCases;
}

export interface CaseMoves {
  readonly added: string[];
  readonly changed: string[];
  readonly removed: string[];
}

export function caseMoves(before: CaseDigests, after: CaseDigests): CaseMoves {
  const added: string[] = [];
  const changed: string[] = [];
  for (const [id, d] of Object.entries(after)) {
    if (!Object.hasOwn(before, id)) added.push(id);
    else if (before[id] !== d) changed.push(id);
  }
  const removed = Object.keys(before).filter((id) => !Object.hasOwn(after, id));
  return { added, changed, removed };
}

/**
 * One line per move that `versions` (the versions after the one `before` is of) do not name, each
 * saying which case lacks which entry; empty when every move is named. The kit's requirements of a
 * case do not matter: an entry names a case by its ID or a glob over IDs.
 */
export function unnamedMoves(moves: CaseMoves, versions: readonly SpecVersion[], since: string): string[] {
  const where = versions.map((v) => v.version).join(' or ') || '(no version after it: add an unreleased one to spec/changes.json)';
  const named = (id: string) => versions.some((v) => v.changes.some((c) => namesCase(c, { id, requirements: [] })));
  const removedNamed = (id: string) => versions.some((v) => v.changes.some((c) => c.removedCases?.includes(id)));
  return [
    ...moves.added
      .filter((id) => !named(id))
      .map((id) => `${id}: a case added since ${since}, but no entry of ${where} in spec/changes.json names it in its "cases"`),
    ...moves.changed
      .filter((id) => !named(id))
      .map((id) => `${id}: its expected answer changed since ${since}, but no entry of ${where} in spec/changes.json names it in its "cases"`),
    ...moves.removed
      .filter((id) => !removedNamed(id))
      .map((id) => `${id}: a case removed since ${since}, but no entry of ${where} in spec/changes.json lists it in its "removedCases"`),
  ];
}
