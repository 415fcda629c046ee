// An in-memory replay ledger with claim / finish semantics (spec/07-replay.md §7.3). One claim per
// call (scope, call ID, fingerprint) wins; later claims of that call see the stored entry, or wait
// while the first is still running. Its claims have no lease: a claimant cannot die without the
// ledger dying with it (TR-REPLAY-22).

import { callAt, type CallAt } from './call-key.ts';
import type { Claim, ReplayLedger } from './claim.ts';
import { checkTaskId } from './task-entry.ts';

export type { Claim, ReplayLedger } from './claim.ts';

type Slot =
  | { readonly state: 'pending'; readonly settled: Promise<void>; readonly wake: () => void; taskId?: string }
  | { readonly state: 'stored'; readonly entry: string };

/**
 * One map key per call: the three parts as a JSON array, so no two calls meet in one key. The call
 * ID is taken as it is (this ledger keeps any string; TR-REPLAY-21 limits the durable stores).
 */
function slotKey(callId: string, at: CallAt | undefined): string {
  const { scope, fingerprint } = callAt(at);
  return JSON.stringify([scope, callId, fingerprint]);
}

export class InMemoryLedger implements ReplayLedger {
  readonly #slots = new Map<string, Slot>();

  claim(callId: string, at?: CallAt): Claim {
    const key = slotKey(callId, at);
    const slot = this.#slots.get(key);
    if (slot?.state === 'stored') return { status: 'stored', entry: slot.entry };
    if (slot?.state === 'pending') return { status: 'pending', settled: slot.settled };
    let wake!: () => void;
    const settled = new Promise<void>((resolve) => (wake = resolve));
    const mine: Slot = { state: 'pending', settled, wake };
    this.#slots.set(key, mine);
    let done = false;
    return {
      status: 'claimed',
      finish: (entry: string) => {
        if (done) throw new Error('claim already settled');
        done = true;
        this.#slots.set(key, { state: 'stored', entry });
        wake();
      },
      abandon: () => {
        if (done) return;
        done = true;
        this.#slots.delete(key);
        wake();
      },
      // No lease here, so no takeover: the task is kept for inspection only (task()).
      recordTask: (taskId: string) => {
        checkTaskId(taskId);
        if (done) throw new Error('claim already settled');
        (mine as { taskId?: string }).taskId = taskId;
      },
    };
  }

  /** The stored entry of a call, if any (for tests and inspection). */
  entry(callId: string, at?: CallAt): string | undefined {
    const slot = this.#slots.get(slotKey(callId, at));
    return slot?.state === 'stored' ? slot.entry : undefined;
  }

  /** The task recorded with a live claim of a call, if any (for tests and inspection). */
  task(callId: string, at?: CallAt): string | undefined {
    const slot = this.#slots.get(slotKey(callId, at));
    return slot?.state === 'pending' ? slot.taskId : undefined;
  }

  get size(): number {
    return this.#slots.size;
  }
}
