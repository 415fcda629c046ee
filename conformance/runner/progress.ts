// Progress on standard error: one line per group of cases when it ends, and, while one case runs for
// long (a property with --runs 20000 against a slow adapter), a line every so often saying which case
// it is and how far it got, so a long run is never silent and a short one never chatty.
import type { CaseResult } from '../core/case.ts';
import { summarize, summaryLine } from './reports.ts';

/** How often a long-running case reports that it is still running. */
export const HEARTBEAT_MS = 15_000;

/** The closing line of a group: its counts, or only why it was skipped when nothing in it ran. */
export function groupLine(group: string, results: readonly CaseResult[], seconds: number): string {
  const s = summarize(results);
  if (results.length > 0 && s.skipped === results.length) {
    const reasons = [...new Set(results.map((r) => r.skipReason))].join('; ');
    return `  ${group}: ${s.skipped} skipped (${reasons})`;
  }
  return `  ${group}: ${summaryLine(s)} (${seconds.toFixed(1)} s)`;
}

/** What a heartbeat line says about the adapter: requests sent, and the answer it waits for. */
export function adapterActivity(requests: number, waiting: { op: string; ms: number } | undefined): string {
  const sent = `${requests} request${requests === 1 ? '' : 's'} so far`;
  return waiting && waiting.ms >= 1000 ? `${sent}; waiting ${Math.round(waiting.ms / 1000)} s for the answer to ${waiting.op}` : sent;
}

/**
 * Reports every `everyMs` that case `id` is still running, with what `activity` says about the
 * adapter; returns the function that stops it.
 */
export function heartbeat(err: (line: string) => void, id: string, activity: () => string, everyMs = HEARTBEAT_MS): () => void {
  const t0 = Date.now();
  const timer = setInterval(() => {
    err(`  … ${id}: still running after ${Math.round((Date.now() - t0) / 1000)} s, ${activity()}`);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
