// The MCP server every stack adapter talks to: the one test server (test/support/mcp-server.ts) with
// one tool, `probe`, that answers every call with the CallToolResult the kit sent, exactly as given.
import { fixture, inMemory, inProcessFetch as fixtureFetch } from '../../../test/support/mcp-server.ts';

export const TOOL_NAME = 'probe';
export const TOOL_DESCRIPTION = 'Looks something up (conformance probe).';

export interface ProbeCase {
  readonly result: Record<string, unknown>;
  readonly outputSchema?: Record<string, unknown>;
}

const probe = (c: ProbeCase) => fixture({ result: c.result }, c.outputSchema, { name: TOOL_NAME, description: TOOL_DESCRIPTION });

/** The client end of an in-memory transport whose other end the probe server already holds. */
export const inMemoryProbe = (c: ProbeCase) => inMemory(probe(c));

/** A `fetch` that answers the probe server's Streamable HTTP requests in process (no socket). */
export const inProcessFetch = (c: ProbeCase) => fixtureFetch(probe(c));
