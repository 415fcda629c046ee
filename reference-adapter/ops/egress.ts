// Ops of the `egress` group: wire (spec/09-conformance.md §9.3).
import { toWireMessage } from '../../reference-impl/internal.ts';
import { resultFromInput } from './bound.ts';
import type { OpHandler } from './types.ts';

export const egressOps: Record<string, OpHandler> = {
  wire(input) {
    return { message: toWireMessage(resultFromInput(input)) };
  },
};
