// Privacy levels of the audit record (spec/06-privacy.md §6.1), strictest first.
import type { PrivacyLevel } from '../../generated/model.ts';

export type { PrivacyLevel };

/** Strictest first: a smaller index keeps less. */
export const PRIVACY_LEVELS: readonly PrivacyLevel[] = ['none', 'metadata', 'redacted', 'full'];

/** The level when nothing is configured. */
export const DEFAULT_PRIVACY_LEVEL: PrivacyLevel = 'metadata';

export function isPrivacyLevel(v: unknown): v is PrivacyLevel {
  return typeof v === 'string' && (PRIVACY_LEVELS as readonly string[]).includes(v);
}

/**
 * The level that applies where several settings meet (a global one, a per-tool one, …): the
 * strictest of those that are set. `undefined` means "not set" and is skipped; no setting at all
 * gives the default. A value that is not a level counts as `none`, so a typo fails closed.
 */
export function effectivePrivacyLevel(settings: readonly unknown[]): PrivacyLevel {
  let best: number | undefined;
  for (const s of settings) {
    if (s === undefined) continue;
    const rank = isPrivacyLevel(s) ? PRIVACY_LEVELS.indexOf(s) : 0;
    best = best === undefined ? rank : Math.min(best, rank);
  }
  return best === undefined ? DEFAULT_PRIVACY_LEVEL : PRIVACY_LEVELS[best]!;
}
