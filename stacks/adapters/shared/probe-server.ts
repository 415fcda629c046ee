// The MCP server every stack adapter talks to: the one test server (test/support/mcp-server.ts) with
// one tool, `probe`, that answers every call with the CallToolResult the kit sent, with the `_meta`
// keys MCP reserves that a 2026-07-28 server puts into every result added where the kit set none.
import { fixture, inMemory, inProcessFetch as fixtureFetch } from '../../../test/support/mcp-server.ts';

export const TOOL_NAME = 'probe';
export const TOOL_DESCRIPTION = 'Looks something up (conformance probe).';

export interface ProbeCase {
  readonly result: Record<string, unknown>;
  readonly outputSchema?: Record<string, unknown>;
}

/**
 * What a 2026-07-28 server sends in every result's `_meta` (spec/10-normalization.md TR-NORM-21):
 * its self-reported `io.modelcontextprotocol/serverInfo` (a SHOULD of 2026-07-28) and the W3C trace
 * context of the call. Every row meets them, so a stack that forwards reserved keys shows it in its
 * evidence; the kit's own cases put canaries under the same keys (stacks/kit/cases.ts), which the
 * `_meta` check (TR-STACK-3) looks for.
 */
export const RESERVED_RESULT_META: Readonly<Record<string, unknown>> = Object.freeze({
  'io.modelcontextprotocol/serverInfo': { name: 'toolresult-probe', version: '1.0.0' },
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
});

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The result as served: the reserved keys first, the kit's own `_meta` members over them (a case
 * that plants a canary under a reserved key keeps it). A `_meta` that is not an object is the kit's
 * deliberate shape and is served as it is.
 */
export function served(result: Record<string, unknown>): Record<string, unknown> {
  if (Object.hasOwn(result, '_meta') && !isObject(result['_meta'])) return result;
  const own = isObject(result['_meta']) ? result['_meta'] : {};
  return { ...result, _meta: { ...structuredClone(RESERVED_RESULT_META), ...own } };
}

const probe = (c: ProbeCase) => fixture({ result: served(c.result) }, c.outputSchema, { name: TOOL_NAME, description: TOOL_DESCRIPTION });

/** The client end of an in-memory transport whose other end the probe server already holds. */
export const inMemoryProbe = (c: ProbeCase) => inMemory(probe(c));

/** A `fetch` that answers the probe server's Streamable HTTP requests in process (no socket). */
export const inProcessFetch = (c: ProbeCase) => fixtureFetch(probe(c));
