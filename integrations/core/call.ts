// One tool call through the seam, keyed by the provider's tool-call ID: normalize (the caller's
// `run`) -> bound -> hooks -> exposure -> ledger -> the wire message, under the call's deadline and the
// caller's cancellation (deadline.ts). Every integration calls this and nothing else runs the tool,
// so a stack's retried step replays the stored result.
import { randomUUID } from 'node:crypto';
import {
  toWireMessage,
  type WireMessage,
  silentLogger,
  executeToolCall,
  type BoundedToolResult,
  type ToolResult,
  type ToolResultRecord,
} from '../../reference-impl/internal.ts';
import { callSignal, deadlineOf } from './deadline.ts';
import type { WrapOptions } from './options.ts';

export interface CallOutcome {
  /** The post-hook, exposed, bounded result the ledger holds. */
  readonly result: BoundedToolResult;
  /** What the model is given: `toWireMessage(result)`. */
  readonly wire: WireMessage;
  /** The bounded result as plain JSON (tool-result.schema.json), for where the stack keeps tool output for the program. */
  readonly record: ToolResultRecord;
  readonly replayed: boolean;
}

/** What the stack says of one call's time: its cancellation and its own timeout, where it has them. */
export interface CallLimits {
  /** The caller's cancellation (the stack's abort signal for this call). */
  readonly signal?: AbortSignal | undefined;
  /** The stack's own per-call timeout in ms, when it has one and this call is under it. */
  readonly stackTimeoutMs?: number | undefined;
}

/**
 * Runs `run` through the seam under `callId`, giving it the call's signal: aborted at the deadline or
 * by the caller, it is what `run` passes to the MCP client. A call given up gets the interrupted
 * result (TR-REPLAY-38). Without a call ID (a stack that gives none) the call gets a fresh one: it is
 * bounded and recorded like any other, but a repeat cannot find it. Rejects only as the seam does: a
 * ledger store that fails (LedgerStoreError).
 */
export async function callThroughSeam(
  callId: string | undefined,
  run: (signal: AbortSignal) => unknown,
  options: WrapOptions,
  limits: CallLimits = {},
): Promise<CallOutcome> {
  let id = callId;
  if (typeof id !== 'string' || id === '') {
    id = `toolresult-unkeyed-${randomUUID()}`;
    (options.logger ?? silentLogger).log('warn', 'the stack gave no tool-call ID; the call is recorded under a fresh one and cannot be replayed');
  }
  const { deadlineMs, ...seam } = options;
  const limit = callSignal(deadlineOf(deadlineMs, limits.stackTimeoutMs), limits.signal);
  let outcome;
  try {
    // A BoundedToolResult is a valid input of the bounder; the seam's type names only ToolResult.
    const runIt = (() => run(limit.signal)) as () => ToolResult | Promise<ToolResult>;
    outcome = await executeToolCall({ callId: id, run: runIt, signal: limit.signal }, seam);
  } finally {
    limit.release();
  }
  return { result: outcome.result, wire: toWireMessage(outcome.result), record: outcome.result.toRecord(), replayed: outcome.replayed };
}
