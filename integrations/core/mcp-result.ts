// The normalize step for a tool of an MCP client: the CallToolResult the client returned, read by
// the MCP normalizer (spec/10-normalization.md) with the tool's declared outputSchema and the
// wrap's budgets. A value that is not a CallToolResult becomes the malformed-result error (TR-NORM-40);
// a task handle or an input-required result throws the normalizer's PendingCall, which the seam
// continues (spec/07-replay.md §7.10). `call` gets the call's signal (core/deadline.ts) to hand to the
// MCP client.
import { normalizeMcp, PendingCall, type BoundOptions, type BoundedToolResult } from '../../reference-impl/internal.ts';

/**
 * What the MCP SDK 2.x client throws for a 2026-07-28 answer it cannot consume: an SdkError of code
 * UNSUPPORTED_RESULT_TYPE naming the result type in `data.resultType`; the answer itself (and a
 * task's ID) is not handed up. A task the client hid is a task all the same: the tool started, so it
 * becomes a pending call whose task cannot be followed (an empty ID: the seam answers it as
 * unfollowed, stored, spec §7.10 TR-REPLAY-50). Anything else is rethrown as it is.
 */
function hiddenTask(error: unknown): PendingCall | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, data } = error as { code?: unknown; data?: { resultType?: unknown } };
  if (code !== 'UNSUPPORTED_RESULT_TYPE' || typeof data !== 'object' || data === null) return undefined;
  if (data.resultType === 'task') return new PendingCall('task', { taskId: '', status: 'working', taskVersion: '2026-07-28' });
  if (data.resultType === 'input_required') return new PendingCall('input_required');
  return undefined;
}

/** The normalize step alone: what a direct call's answer and a completed task's `result` both go through. */
export function mcpRead(outputSchema: unknown, budgets: BoundOptions | undefined): (value: unknown) => BoundedToolResult {
  const schema = typeof outputSchema === 'object' && outputSchema !== null ? { outputSchema } : {};
  return (value) => normalizeMcp(value, { ...(budgets ?? {}), ...schema });
}

export function mcpRun(
  call: (signal: AbortSignal) => Promise<unknown>,
  outputSchema: unknown,
  budgets: BoundOptions | undefined,
): (signal: AbortSignal) => Promise<BoundedToolResult> {
  const read = mcpRead(outputSchema, budgets);
  return async (signal) => {
    let value: unknown;
    try {
      value = await call(signal);
    } catch (e) {
      throw hiddenTask(e) ?? e;
    }
    return read(value);
  };
}
