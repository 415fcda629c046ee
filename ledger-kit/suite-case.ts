// What every case of the ledger suite shares: the failure it throws, the figures it returns, call IDs
// unique to a run, and the reading of the execution log.
import { createHash } from 'node:crypto';
import type { SuiteBackend } from './backends.ts';
import type { ExecuteReply } from './protocol.ts';

export class SuiteFailure extends Error {
  constructor(backend: string, check: string, detail: string) {
    super(`[${backend}] ${check}: ${detail}`);
    this.name = 'SuiteFailure';
  }
}

export type Figures = Record<string, number | string>;

export interface SuiteCase {
  readonly name: string;
  readonly requirements: readonly string[];
  /** Why the case does not apply to a backend, or undefined when it does. */
  notApplicable(b: SuiteBackend): string | undefined;
  run(b: SuiteBackend): Promise<Figures>;
}

export const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
let runTag = `${process.pid.toString(36)}${Date.now().toString(36)}`;
/** Call IDs unique to this run and case, ASCII, with all three tool kinds among any dozen. */
export const ids = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}-${runTag}-${i}`);

export function setRunTag(tag: string): void {
  runTag = tag;
}

/** How many times each line of `only` appears in an execution log. */
export function counts(log: readonly string[], only: ReadonlySet<string>): Map<string, number> {
  const m = new Map<string, number>();
  for (const id of log) if (only.has(id)) m.set(id, (m.get(id) ?? 0) + 1);
  return m;
}

export function ok(b: SuiteBackend, what: string, r: ExecuteReply): string {
  if (!r.ok) throw new SuiteFailure(b.name, what, `the worker answered ${r.code}: ${r.message}`);
  return r.entry;
}
