// An in-memory replay ledger with claim / finish semantics (spec/07-replay.md §7.3). One claim per
// call ID wins; later claims see the stored entry, or wait while the first is still running.

/** What claiming a call ID gives. */
export type Claim =
  | {
      readonly status: 'claimed';
      /** Stores the entry and wakes every waiter. */
      finish(entry: string): void;
      /** Gives the call ID up without an entry (the seam could not produce one); waiters claim again. */
      abandon(): void;
    }
  | { readonly status: 'stored'; readonly entry: string }
  | { readonly status: 'pending'; readonly settled: Promise<void> };

/** The store the execution seam needs. A database-backed ledger implements the same contract. */
export interface ReplayLedger {
  claim(callId: string): Claim;
}

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
