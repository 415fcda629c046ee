// Hand-written mutants of the reference SQLite store for the suite's own test (mutants.test.ts). Two
// drop one part of the call's key (spec/07-replay.md §7.3) before the store sees it, the bug the key
// exists to prevent; two get a task's takeover wrong (§7.7, TR-REPLAY-43): one forgets the task it
// took over (its claimant would run the tool again), one records the interrupted entry instead (the
// task's result is lost). The suite must kill all four; a worker runs one when its store settings
// say `"mutant": "<name>"` (ts-worker.ts).
import { INTERRUPTED_ENTRY, type CallAt, type Claim, type LedgerStore } from '../reference-impl/index.ts';

export const MUTANTS = ['ignore-scope', 'ignore-fingerprint', 'forget-task', 'interrupt-task'] as const;
export type Mutant = (typeof MUTANTS)[number];

/** A takeover's claim as a mutant answers it: without its task, or settled as interrupted. */
async function wrongTakeover(claim: Promise<Claim>, mutant: 'forget-task' | 'interrupt-task'): Promise<Claim> {
  const c = await claim;
  if (c.status !== 'claimed' || c.task === undefined) return c;
  if (mutant === 'forget-task') {
    const { task: _forgotten, ...rest } = c;
    return rest;
  }
  await c.finish(INTERRUPTED_ENTRY);
  return { status: 'stored', entry: INTERRUPTED_ENTRY };
}

/**
 * The store with one part of every call's key dropped (every scope '' or every fingerprint ''), or
 * with its takeovers of a task answered wrongly.
 */
export function mutantStore(store: LedgerStore, mutant: Mutant): LedgerStore {
  if (mutant === 'forget-task' || mutant === 'interrupt-task') {
    return {
      claim: (callId, at) => wrongTakeover(store.claim(callId, at), mutant),
      entry: (callId, at) => store.entry(callId, at),
      appendAudit: (callId, record, at) => store.appendAudit(callId, record, at),
      auditRecords: (callId, at) => store.auditRecords(callId, at),
      prune: (olderThanMs) => store.prune(olderThanMs),
      close: () => store.close(),
    };
  }
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
