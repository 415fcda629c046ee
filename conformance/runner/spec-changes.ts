// What changed per requirement between spec versions (spec/changes.json, TR-CONF-24): the kit tells
// an adapter whose handshake names the version it was written for which of its failures are of
// requirements added or changed since, and what changed. The same file is the source of the
// CHANGELOG's section for implementers (scripts/generate-changelog.ts).
import changesFile from '../../spec/changes.json' with { type: 'json' };

export type ChangeKind = 'added' | 'changed' | 'removed' | 'editorial' | 'checked';

export interface RequirementChange {
  readonly requirements: readonly string[];
  readonly kind: ChangeKind;
  readonly title: string;
  /** What changed in the requirement's text. */
  readonly what: string;
  /** What an implementation must do differently. */
  readonly implement: string;
  /** Kit case IDs or globs (`vector/…`, `property/…`) that check it. */
  readonly cases?: readonly string[];
  /** Cases the version removed (their expectation was reversed or dropped). */
  readonly removedCases?: readonly string[];
  /** Repository tests that check what the adapter protocol cannot reach. */
  readonly tests?: readonly string[];
}

export interface SpecVersion {
  readonly version: string;
  readonly previous: string | null;
  readonly date: string;
  readonly summary: string;
  /** The cases an implementation of the previous version fails, each listed under its change. */
  readonly failedByPrevious?: readonly string[];
  readonly changes: readonly RequirementChange[];
}

export const SPEC_VERSIONS: readonly SpecVersion[] = (changesFile as { versions: SpecVersion[] }).versions;

/** Kinds that change what an implementation must do (an editorial entry does not). */
const MATTERS: ReadonlySet<ChangeKind> = new Set(['added', 'changed', 'removed', 'checked']);

/**
 * The changes of every version after `since` up to the newest, newest first; undefined when `since`
 * is not a version the file lists (an adapter naming a version this kit does not know).
 */
export function changesSince(since: string, versions: readonly SpecVersion[] = SPEC_VERSIONS): RequirementChange[] | undefined {
  const at = versions.findIndex((v) => v.version === since);
  if (at < 0) return undefined;
  return versions.slice(0, at).flatMap((v) => v.changes.filter((c) => MATTERS.has(c.kind)));
}

/** Of a failing case's requirements, those changed since the adapter's version, each with its change. */
export function changesOfCase(requirements: readonly string[], since: readonly RequirementChange[]): { id: string; change: RequirementChange }[] {
  const out: { id: string; change: RequirementChange }[] = [];
  for (const id of requirements) {
    const change = since.find((c) => c.requirements.includes(id));
    if (change) out.push({ id, change });
  }
  return out;
}

/** The lines a failure report gets (empty when none of its requirements changed). */
export function changeLines(requirements: readonly string[], since: readonly RequirementChange[], adapterVersion: string): string[] {
  const hits = changesOfCase(requirements, since);
  if (hits.length === 0) return [];
  const byChange = new Map<RequirementChange, string[]>();
  for (const { id, change } of hits) byChange.set(change, [...(byChange.get(change) ?? []), id]);
  return [...byChange].map(([change, ids]) => `  ${change.kind} since spec ${adapterVersion}: ${ids.join(', ')} (${change.title}): ${change.implement}`);
}
