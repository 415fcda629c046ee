// Known-failing files and how a case's outcome is judged against them: a listed case that fails is
// expected; a listed case that passes fails the run as stale, so the list can only shrink.
import { compilePattern, type Pattern, type Selectable } from './patterns.ts';
import { readOptionFile } from './files.ts';

export type { Status } from '../core/case.ts';
import type { Status } from '../core/case.ts';

/** One pattern per line; `#` starts a comment; blank lines are ignored. */
export function parseKnownFailing(text: string): Pattern[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter((l) => l !== '')
    .map(compilePattern);
}

export function loadKnownFailing(files: readonly string[]): Pattern[] {
  return files.flatMap((f) => parseKnownFailing(readOptionFile('--known-failing', f)));
}

/** The final status of a case that ran, given the known-failing patterns. */
export function judge(passed: boolean, c: Selectable, known: readonly Pattern[]): Status {
  const listed = known.some((p) => p.matches(c));
  if (passed) return listed ? 'stale' : 'pass';
  return listed ? 'expected-failure' : 'fail';
}

/** Patterns that matched no case that ran: probably a typo or a renamed case. */
export function unusedPatterns(known: readonly Pattern[], ran: readonly Selectable[]): string[] {
  return known.filter((p) => !ran.some((c) => p.matches(c))).map((p) => p.text);
}
