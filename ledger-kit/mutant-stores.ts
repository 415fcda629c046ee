// Hand-written mutants of the reference SQLite store for the suite's own test (mutants.test.ts): each
// drops one part of the call's key (spec/07-replay.md §7.3) before the store sees it, the bug the
// key exists to prevent. The suite must kill both; a worker runs one when its store settings say
// `"mutant": "ignore-scope"` or `"ignore-fingerprint"` (ts-worker.ts).
import type { CallAt, LedgerStore } from '../reference-impl/index.ts';

export const MUTANTS = ['ignore-scope', 'ignore-fingerprint'] as const;
export type Mutant = (typeof MUTANTS)[number];

/** The store with one part of every call's key dropped: every scope '' or every fingerprint ''. */
export function mutantStore(store: LedgerStore, mutant: Mutant): LedgerStore {
  const drop = (at: CallAt | undefined): CallAt => (mutant === 'ignore-scope' ? { fingerprint: at?.fingerprint ?? '' } : { scope: at?.scope ?? '' });
  return {
    claim: (callId, at) => store.claim(callId, drop(at)),
    entry: (callId, at) => store.entry(callId, drop(at)),
    appendAudit: (callId, record, at) => store.appendAudit(callId, record, drop(at)),
    auditRecords: (callId, at) => store.auditRecords(callId, drop(at)),
    prune: (olderThanMs) => store.prune(olderThanMs),
    close: () => store.close(),
  };
}
