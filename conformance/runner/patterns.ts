// Glob patterns over case IDs (`--only`, `--skip`, known-failing files).
// `*` matches within one path segment, `**` across segments, `?` one character. A pattern also
// selects everything below it (`vector/bound` = `vector/bound/**`), and a bare requirement ID
// (`TR-BOUND-3`) selects every case that names it.
export interface Selectable {
  readonly id: string;
  readonly requirements: readonly string[];
}

export interface Pattern {
  readonly text: string;
  matches(c: Selectable): boolean;
}

const REQUIREMENT = /^TR-[A-Z]+-[0-9]+$/;

function globToRegExp(glob: string): RegExp {
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
  return new RegExp(`^${re}(?:/.*)?$`);
}

export function compilePattern(text: string): Pattern {
  if (REQUIREMENT.test(text)) return { text, matches: (c) => c.requirements.includes(text) };
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
