// The recap that ends a failing run: one line per distinct reason, with how many cases failed for
// it and one command that replays one of them. A first adapter that implements one op of three
// fails hundreds of cases for a handful of reasons; the recap says which handful.
import type { CaseResult } from '../core/case.ts';

/**
 * The reason with what varies from case to case taken out: numbers (budgets, octets, indexes in a
 * path) become N, so "content of 300 octets" and "content of 512 octets" are one reason.
 */
export function reasonKey(reason: string): string {
  const first = reason.split('\n')[0]!.trim();
  const key = first.replace(/[0-9]+/g, 'N');
  return key.length > 160 ? `${key.slice(0, 157)}...` : key;
}

const failing = (r: CaseResult): boolean => r.status === 'fail' || r.status === 'stale';

/** The recap lines of a run, or none when nothing failed. */
export function recapLines(results: readonly CaseResult[]): string[] {
  const groups = new Map<string, { count: number; first: CaseResult }>();
  for (const r of results) {
    if (!failing(r)) continue;
    const key = reasonKey(r.failure?.reason ?? r.status);
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { count: 1, first: r });
  }
  if (groups.size === 0) return [];
  const total = [...groups.values()].reduce((n, g) => n + g.count, 0);
  const lines = [`recap: ${total} failure${total === 1 ? '' : 's'}, ${groups.size} distinct reason${groups.size === 1 ? '' : 's'}:`];
  // Most frequent first: the reason behind most failures is usually the one to fix first.
  for (const [key, g] of [...groups].sort((a, b) => b[1].count - a[1].count)) {
    lines.push(`  ${String(g.count).padStart(4)} × ${key}`);
    lines.push(`         e.g. ${g.first.replay ?? g.first.id}`);
  }
  return lines;
}
