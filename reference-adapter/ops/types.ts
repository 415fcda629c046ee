// The shape of an in-process op handler (spec/09-conformance.md §9.3). The adapter's main loop, the
// vector test and the mutants all call handlers through this one type.
import type { CollectingLogger } from '../../reference-impl/internal.ts';

export interface OpContext {
  /** Every line the implementation logs while it handles the request (TR-CONF-2). */
  readonly logger: CollectingLogger;
}

// Inputs are checked against the protocol schema before a handler runs; handlers narrow further.
// biome-ignore lint/suspicious/noExplicitAny: each handler declares the input type the schema check guarantees
export type OpHandler = (input: any, ctx: OpContext) => Record<string, unknown>;

/** An expected failure with a stable dotted code; the message never quotes run-only data. */
export class OpError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'OpError';
    this.code = code;
  }
}
