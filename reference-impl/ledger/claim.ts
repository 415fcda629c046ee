// The contract between the execution seam and a replay ledger (spec/07-replay.md §7.3, §7.5).
// One claim per call (scope, call ID, fingerprint) wins; later claims of that call see the stored
// entry, or wait while the first runs. A durable store answers the same three ways; its methods may
// return promises.
import type { CallAt } from './call-key.ts';
import type { RecordedTask } from './task-entry.ts';
import type { StoredEntry } from './unreadable-entry.ts';

export type { CallAt } from './call-key.ts';
export type { RecordedTask } from './task-entry.ts';

/** What claiming a call ID gives. */
export type Claim =
  | {
      readonly status: 'claimed';
      /**
       * Present when this claim took over a call whose claimant died after recording a task
       * (TR-REPLAY-43): follow that task, never run the tool again.
       */
      readonly task?: RecordedTask;
      /**
       * Stores the entry and wakes every waiter (TR-REPLAY-8). A durable store rejects with a
       * LedgerStoreError when it cannot write (TR-REPLAY-30), or with code `ledger.lease_lost` when
       * the lease expired and the call was recorded as interrupted meanwhile (TR-REPLAY-24).
       */
      finish(entry: string): void | Promise<void>;
      /** Gives the call ID up without an entry, before the tool ran; waiters claim again. */
      abandon(): void | Promise<void>;
      /**
       * Records the task the tool call became, durably, before it returns (TR-REPLAY-42), so a claim
       * after this one's lease follows the task instead of recording the call as interrupted. A
       * TypeError for an ID a store cannot keep; a durable store rejects with `ledger.lease_lost`
       * when the row is no longer claimed with this claim's token.
       */
      recordTask(taskId: string): void | Promise<void>;
    }
  /** The stored entry; a durable store may find it unreadable (a row without octets, or not UTF-8). */
  | { readonly status: 'stored'; readonly entry: StoredEntry }
  | { readonly status: 'pending'; readonly settled: Promise<void> };

/**
 * The store the execution seam needs. `at` names the call's scope and fingerprint (each '' when
 * absent); a ledger keys its entries by all three, so a claim never meets another call's entry.
 */
export interface ReplayLedger {
  claim(callId: string, at?: CallAt): Claim | Promise<Claim>;
}
