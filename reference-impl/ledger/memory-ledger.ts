// An in-memory replay ledger with claim / finish semantics (spec/07-replay.md §7.3). One claim per
// call ID wins; later claims see the stored entry, or wait while the first is still running. Its
// claims have no lease: a claimant cannot die without the ledger dying with it (TR-REPLAY-22).

import type { Claim, ReplayLedger } from './claim.ts';

export type { Claim, ReplayLedger } from './claim.ts';

type Slot = { readonly state: 'pending'; readonly settled: Promise<void>; readonly wake: () => void } | { readonly state: 'stored'; readonly entry: string };

export class InMemoryLedger implements ReplayLedger {
  readonly #slots = new Map<string, Slot>();

  claim(callId: string): Claim {
    const slot = this.#slots.get(callId);
    if (slot?.state === 'stored') return { status: 'stored', entry: slot.entry };
    if (slot?.state === 'pending') return { status: 'pending', settled: slot.settled };
    let wake!: () => void;
    const settled = new Promise<void>((resolve) => (wake = resolve));
    const mine: Slot = { state: 'pending', settled, wake };
    this.#slots.set(callId, mine);
    let done = false;
    return {
      status: 'claimed',
      finish: (entry: string) => {
        if (done) throw new Error('claim already settled');
        done = true;
        this.#slots.set(callId, { state: 'stored', entry });
        wake();
      },
      abandon: () => {
        if (done) return;
        done = true;
        this.#slots.delete(callId);
        wake();
      },
    };
  }

  /** The stored entry of a call ID, if any (for tests and inspection). */
  entry(callId: string): string | undefined {
    const slot = this.#slots.get(callId);
    return slot?.state === 'stored' ? slot.entry : undefined;
  }

  get size(): number {
    return this.#slots.size;
  }
}
