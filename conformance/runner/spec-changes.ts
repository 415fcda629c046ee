// What changed per requirement between spec versions (spec/changes.json, TR-CONF-24): the kit tells
// an adapter whose handshake names the version it was written for which of its failures are of
// requirements added or changed since, and what changed. The same file is the source of the
// CHANGELOG's section for implementers (scripts/generate-changelog.ts).
import changesFile from '../../spec/changes.json' with { type: 'json' };
import { compilePattern, type Pattern } from './patterns.ts';

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
  /** The release date; a version without one is not released (at most one, the newest). */
  readonly date?: string;
  /** True for the version that takes every change made since the last release. */
  readonly unreleased?: boolean;
  /** The commit of the release, whose reference adapter is that version's behaviour (scripts/record-older-answers.ts). */
  readonly commit?: string;
  readonly summary: string;
  readonly changes: readonly RequirementChange[];
}

export const SPEC_VERSIONS: readonly SpecVersion[] = (changesFile as { versions: SpecVersion[] }).versions;

/** The newest released version: the spec's, the handshake's and every package's version. */
export function lastReleased(versions: readonly SpecVersion[] = SPEC_VERSIONS): SpecVersion {
  const v = versions.find((x) => x.unreleased !== true);
  if (v === undefined) throw new Error('spec/changes.json lists no released version');
  return v;
}

/** The version that takes new entries: the unreleased one, or the newest when all are released. */
export const OPEN_VERSION: SpecVersion = SPEC_VERSIONS[0]!;

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

const compiled = new WeakMap<RequirementChange, Pattern[]>();
const patternsOf = (c: RequirementChange): Pattern[] => {
  let p = compiled.get(c);
  if (p === undefined) compiled.set(c, (p = (c.cases ?? []).map(compilePattern)));
  return p;
};

/** Whether an entry names the case among the cases it checks (an ID or a glob). */
export const namesCase = (change: RequirementChange, kase: { id: string; requirements: readonly string[] }): boolean =>
  patternsOf(change).some((p) => p.matches(kase));

/**
 * The changes since the adapter's version that explain a failing case: the entries that name the
 * case (its expectation is new or moved since), whatever requirements it lists.
 */
export function explainingChanges(kase: { id: string; requirements: readonly string[] }, since: readonly RequirementChange[]): RequirementChange[] {
  return since.filter((c) => namesCase(c, kase));
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

/**
 * The lines a failure report gets: first each change that names the case (it explains the failure),
 * then, for a case no change names, the changes to its requirements (they may explain it); empty
 * when neither.
 */
export function changeLines(kase: { id: string; requirements: readonly string[] }, since: readonly RequirementChange[], adapterVersion: string): string[] {
  const naming = explainingChanges(kase, since);
  if (naming.length > 0)
    return naming.map((c) => `  ${c.kind} since spec ${adapterVersion}: ${c.requirements.join(', ')} (${c.title}), which names this case: ${c.implement}`);
  const hits = changesOfCase(kase.requirements, since);
  if (hits.length === 0) return [];
  const byChange = new Map<RequirementChange, string[]>();
  for (const { id, change } of hits) byChange.set(change, [...(byChange.get(change) ?? []), id]);
  return [...byChange].map(
    ([change, ids]) => `  ${change.kind} since spec ${adapterVersion}: ${ids.join(', ')} (${change.title}), which does not name this case: ${change.implement}`,
  );
}
