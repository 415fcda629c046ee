// The normalize step for a tool of an MCP client: the CallToolResult the client returned, read by
// the MCP normalizer (spec/10-normalization.md) with the tool's declared outputSchema and the
// wrap's budgets. A value that is not a CallToolResult becomes the malformed-result error (TR-NORM-40);
// a task handle or an input-required result throws the normalizer's PendingCall, which the seam
// continues (spec/07-replay.md §7.10). `call` gets the call's signal (core/deadline.ts) to hand to the
// MCP client.
import { normalizeMcp, type BoundOptions, type BoundedToolResult } from '../../reference-impl/internal.ts';

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
  return async (signal) => read(await call(signal));
}
