// The MCP server of the stack kit and the integrations' tests: a real @modelcontextprotocol/sdk server
// with one tool whose answer the caller chooses (a CallToolResult, a thrown error, or never), over an
// in-memory transport or an in-process Streamable HTTP fetch (no socket). It uses the SDK's low-level
// Server, which sends a result as it is: McpServer would check it against the output schema first,
// and the kits also send results a careless server really writes. It counts the calls, so a test
// sees whether a replay ran the tool.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

/** The tool of the integrations' tests. */
export const TOOL = 'lookup';

export type Answer = { readonly result: Record<string, unknown> } | { readonly throws: string } | { readonly hangs: true };

export interface Tool {
  readonly name: string;
  readonly description: string;
}

export interface Fixture {
  readonly tool: Tool;
  readonly answer: Answer;
  readonly outputSchema?: Record<string, unknown>;
  calls: number;
}

export function fixture(answer: Answer, outputSchema?: Record<string, unknown>, tool: Tool = { name: TOOL, description: 'Looks an invoice up.' }): Fixture {
  return { tool, answer, ...(outputSchema ? { outputSchema } : {}), calls: 0 };
}

function server(f: Fixture): Server {
  const s = new Server({ name: 'toolresult-fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
  s.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: f.tool.name,
        description: f.tool.description,
        inputSchema: { type: 'object', properties: {} },
        ...(f.outputSchema ? { outputSchema: f.outputSchema } : {}),
      },
    ],
  }));
  s.setRequestHandler(CallToolRequestSchema, async () => {
    f.calls += 1;
    const a = f.answer;
    if ('throws' in a) throw new Error(a.throws);
    if ('hangs' in a) return new Promise<never>(() => {});
    // A copy per call: a stack that mutates what it got cannot change the next call's answer. The
    // SDK's handler type is its result schema; the result goes out as given, whatever it holds.
    return structuredClone(a.result) as never;
  });
  return s;
}

/** The client end of an in-memory transport whose other end the server already holds. */
export async function inMemory(f: Fixture): Promise<{ transport: InMemoryTransport; close: () => Promise<void> }> {
  const [client, srv] = InMemoryTransport.createLinkedPair();
  const s = server(f);
  await s.connect(srv);
  return { transport: client, close: () => s.close() };
}

/**
 * A `fetch` that answers Streamable HTTP requests in process: a stateless server per request, as the
 * SDK's stateless examples do. For stacks that speak MCP only over stdio or HTTP.
 */
export function inProcessFetch(f: Fixture): (url: string | URL | Request, init?: RequestInit) => Promise<Response> {
  return async (url, init) => {
    const request = url instanceof Request ? url : new Request(url, init);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server(f).connect(transport);
    // A client that gives up (a timeout, a closed connection) aborts its request: so does this fetch.
    const aborted = new Promise<never>((_, reject) => {
      if (request.signal.aborted) reject(request.signal.reason);
      request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
    });
    return Promise.race([transport.handleRequest(request), aborted]);
  };
}
