// Glob patterns over case IDs (`--only`, `--skip`, known-failing files).
// `*` matches within one path segment, `**` across segments, `?` one character. A pattern also
// selects everything below it (`vector/bound` = `vector/bound/**`). A pattern that starts with `TR-`
// is over requirement IDs instead: `TR-BOUND-3` or `TR-NORM-*` selects every case that names a
// matching requirement (a case ID never starts with `TR-`, so the two kinds cannot be confused).
export interface Selectable {
  readonly id: string;
  readonly requirements: readonly string[];
}

export interface Pattern {
  readonly text: string;
  matches(c: Selectable): boolean;
}

const REQUIREMENT_PATTERN = /^TR-/;

function globToRegExp(glob: string, below = true): RegExp {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === '*' && glob[i + 1] === '*') {
      re += '.*';
      i++;
    } else if (ch === '*') re += '[^/]*';
    else if (ch === '?') re += '[^/]';
    else re += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(below ? `^${re}(?:/.*)?$` : `^${re}$`);
}

/** True when the pattern is a glob over requirement IDs rather than case IDs. */
export const isRequirementPattern = (text: string): boolean => REQUIREMENT_PATTERN.test(text);

export function compilePattern(text: string): Pattern {
  if (isRequirementPattern(text)) {
    const re = globToRegExp(text, false);
    return { text, matches: (c) => c.requirements.some((r) => re.test(r)) };
  }
  const re = globToRegExp(text.replace(/\/+$/, ''));
  return { text, matches: (c) => re.test(c.id) };
}

/** True when some pattern matches the case. */
export function anyMatch(patterns: readonly Pattern[], c: Selectable): boolean {
  return patterns.some((p) => p.matches(c));
}

/** Applies --only (keep when some matches; all when none given) and --skip (drop when some matches). */
export function selectCases<T extends Selectable>(cases: readonly T[], only: readonly Pattern[], skip: readonly Pattern[]): T[] {
  return cases.filter((c) => (only.length === 0 || anyMatch(only, c)) && !anyMatch(skip, c));
}

/** The patterns that select no case of `cases`: a typo, or a pattern of the other kind. */
export function unmatchedPatterns(cases: readonly Selectable[], patterns: readonly Pattern[]): Pattern[] {
  return patterns.filter((p) => !cases.some((c) => p.matches(c)));
}
