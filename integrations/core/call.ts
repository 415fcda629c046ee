// One tool call through the seam, keyed by the provider's tool-call ID: normalize (the caller's
// `run`) -> bound -> hooks -> exposure -> ledger -> the wire message. Every integration calls this
// and nothing else runs the tool, so a stack's retried step replays the stored result.
import { randomUUID } from 'node:crypto';
import { toWireMessage, type WireMessage } from '../../reference-impl/egress/wire.ts';
import { silentLogger } from '../../reference-impl/logger.ts';
import { executeToolCall, type SeamOptions } from '../../reference-impl/seam/execute.ts';
import type { BoundedToolResult, ToolResult, ToolResultRecord } from '../../reference-impl/tool-result.ts';

export interface CallOutcome {
  /** The post-hook, exposed, bounded result the ledger holds. */
  readonly result: BoundedToolResult;
  /** What the model is given: `toWireMessage(result)`. */
  readonly wire: WireMessage;
  /** The bounded result as plain JSON (tool-result.schema.json), for where the stack keeps tool output for the program. */
  readonly record: ToolResultRecord;
  readonly replayed: boolean;
}

/**
 * Runs `run` through the seam under `callId`. Without a call ID (a stack that gives none) the call
 * gets a fresh one: it is bounded and recorded like any other, but a repeat cannot find it.
 * Rejects only as the seam does: a ledger store that fails (LedgerStoreError).
 */
export async function callThroughSeam(callId: string | undefined, run: () => unknown, options: SeamOptions): Promise<CallOutcome> {
  let id = callId;
  if (typeof id !== 'string' || id === '') {
    id = `toolresult-unkeyed-${randomUUID()}`;
    (options.logger ?? silentLogger).log('warn', 'the stack gave no tool-call ID; the call is recorded under a fresh one and cannot be replayed');
  }
  // A BoundedToolResult is a valid input of the bounder; the seam's type names only ToolResult.
  const outcome = await executeToolCall({ callId: id, run: run as () => ToolResult | Promise<ToolResult> }, options);
  return { result: outcome.result, wire: toWireMessage(outcome.result), record: outcome.result.toRecord(), replayed: outcome.replayed };
}
