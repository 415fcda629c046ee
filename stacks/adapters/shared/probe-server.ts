// The MCP server every stack adapter talks to: a real @modelcontextprotocol/sdk server with one tool,
// `probe`, that answers every call with the CallToolResult the kit sent, exactly as given. It uses the
// SDK's low-level Server, which sends a result as it is (McpServer would check it against the output
// schema first, and the kit also sends results a careless server really writes).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export const TOOL_NAME = 'probe';
export const TOOL_DESCRIPTION = 'Looks something up (conformance probe).';

export interface ProbeCase {
  readonly result: Record<string, unknown>;
  readonly outputSchema?: Record<string, unknown>;
}

export function createProbeServer(c: ProbeCase): Server {
  const server = new Server({ name: 'toolresult-probe', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: TOOL_NAME,
        description: TOOL_DESCRIPTION,
        inputSchema: { type: 'object', properties: {} },
        ...(c.outputSchema ? { outputSchema: c.outputSchema } : {}),
      },
    ],
  }));
  // A copy per call: a stack that mutates what it got cannot change the next call's answer.
  server.setRequestHandler(CallToolRequestSchema, async () => structuredClone(c.result) as never);
  return server;
}

/** The client end of an in-memory transport whose other end the probe server already holds. */
export async function inMemoryProbe(c: ProbeCase): Promise<{ transport: InMemoryTransport; close: () => Promise<void> }> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const server = createProbeServer(c);
  await server.connect(serverTransport);
  return { transport: clientTransport, close: () => server.close() };
}

/**
 * A `fetch` that answers Streamable HTTP requests in process (no socket): a stateless server per
 * request, as the SDK's stateless examples do. For stacks that speak MCP only over stdio or HTTP.
 */
export function inProcessFetch(c: ProbeCase): (url: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (url, init) => {
    const request = url instanceof Request ? url : new Request(url, init);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    const server = createProbeServer(c);
    await server.connect(transport);
    return transport.handleRequest(request);
  };
}
