// The task follower of an integration (spec/07-replay.md §7.10): `tasks/get` and `tasks/cancel` of
// the MCP tasks extension sent through the stack's own MCP SDK client, and the tool's normalize step
// for a completed task's result. Neither pinned TypeScript SDK client has a call for the 2026-07-28
// extension's methods (1.32.2 knows the 2025-11-25 tasks only, 2.0.0 none), so they go as plain
// requests, which both clients send with a result schema the caller gives.
import type { TaskFollower, ToolResult } from '../../reference-impl/internal.ts';

/** The part of an MCP SDK Client (1.x or 2.x) the follower sends its requests with. */
export interface McpRequester {
  request(
    request: { method: string; params?: Record<string, unknown> },
    resultSchema: never,
    options?: { signal?: AbortSignal; timeout?: number },
  ): Promise<unknown>;
}

/**
 * A result schema that takes any answer as it is, in the two forms the SDKs read: the 1.x client
 * calls `safeParse` (zod 3's form), the 2.x client reads a Standard Schema. The seam reads the
 * answer itself and trusts none of it.
 */
const ANY_ANSWER = {
  safeParse: (data: unknown) => ({ success: true, data }),
  '~standard': { version: 1, vendor: 'toolresult-protocol', validate: (value: unknown) => ({ value }) },
} as never;

/** JSON-RPC "Invalid params": the extension's answer to a task ID the server does not know (expired, or never made). */
const INVALID_PARAMS = -32602;
/** How long a tasks/cancel may take; the seam itself stops waiting sooner. */
const CANCEL_TIMEOUT_MS = 1000;

const codeOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined);

/** The follower of one tool's calls on `client`; `read` is the tool's normalize step (mcp-result.ts `mcpRead`). */
export function mcpTaskFollower(client: McpRequester, read: (result: unknown) => ToolResult): TaskFollower {
  return {
    async get(taskId, signal) {
      try {
        return await client.request({ method: 'tasks/get', params: { taskId } }, ANY_ANSWER, signal ? { signal: signal as AbortSignal } : {});
      } catch (e) {
        if (codeOf(e) === INVALID_PARAMS) return undefined;
        throw e;
      }
    },
    // Sent after the call's signal aborted: it has its own short timeout instead.
    cancel: (taskId) => client.request({ method: 'tasks/cancel', params: { taskId } }, ANY_ANSWER, { timeout: CANCEL_TIMEOUT_MS }),
    read,
  };
}
