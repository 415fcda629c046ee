// Ops of the `sinks` group: audit, live, suspend (spec/09-conformance.md §9.3).
import { auditRecord, liveEvent, suspendState } from '../../reference-impl/internal.ts';
import { resultFromInput } from './bound.ts';
import { OpError, type OpHandler } from './types.ts';

export const sinksOps: Record<string, OpHandler> = {
  audit(input) {
    if (!Array.isArray(input.levels)) throw new OpError('adapter.bad_input', 'audit takes a list of levels');
    // The default redactor; the strictest of the levels applies (TR-PRIV-2).
    return { record: auditRecord(resultFromInput(input), input.levels) };
  },
  live(input) {
    return { event: liveEvent(resultFromInput(input)) };
  },
  suspend(input) {
    return { state: suspendState(resultFromInput(input)) };
  },
};
