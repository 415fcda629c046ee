// The normalize step for a tool of an MCP client: the CallToolResult the client returned, read by
// the MCP normalizer (spec/10-normalization.md) with the tool's declared outputSchema and the
// wrap's budgets. A value that is not a CallToolResult becomes the malformed-result error (TR-NORM-40).
// `call` gets the call's signal (core/deadline.ts) to hand to the MCP client.
import { normalizeMcp, type BoundOptions, type BoundedToolResult } from '../../reference-impl/internal.ts';

export function mcpRun(
  call: (signal: AbortSignal) => Promise<unknown>,
  outputSchema: unknown,
  budgets: BoundOptions | undefined,
): (signal: AbortSignal) => Promise<BoundedToolResult> {
  const schema = typeof outputSchema === 'object' && outputSchema !== null ? { outputSchema } : {};
  return async (signal) => normalizeMcp(await call(signal), { ...(budgets ?? {}), ...schema });
}
