// Ops of the `ledger` group: persist, restore (spec/09-conformance.md §9.3).
import { LedgerError, persist, restore } from '../../reference-impl/internal.ts';
import { resultFromInput } from './bound.ts';
import { OpError, type OpHandler } from './types.ts';

export const ledgerOps: Record<string, OpHandler> = {
  persist(input) {
    return { entry: persist(resultFromInput(input)) };
  },
  restore(input) {
    if (typeof input.entry !== 'string') throw new OpError('adapter.bad_input', 'restore takes a string entry');
    try {
      return { result: restore(input.entry).toRecord() };
    } catch (e) {
      if (e instanceof LedgerError) throw new OpError(e.code, e.message);
      throw e;
    }
  },
};
