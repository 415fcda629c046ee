// Test fixture of the integration tests: a real MCP SDK server with one tool, `lookup`, whose answer
// the test chooses per call (a CallToolResult, a thrown error, or never), over an in-memory transport
// or an in-process HTTP fetch. It counts the calls, so a test sees whether a replay ran the tool.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export const TOOL = 'lookup';

export type Answer = { readonly result: Record<string, unknown> } | { readonly throws: string } | { readonly hangs: true };

export interface Fixture {
  readonly answer: Answer;
  readonly outputSchema?: Record<string, unknown>;
  calls: number;
}

export function fixture(answer: Answer, outputSchema?: Record<string, unknown>): Fixture {
  return { answer, ...(outputSchema ? { outputSchema } : {}), calls: 0 };
}

function server(f: Fixture): Server {
  const s = new Server({ name: 'integration-fixture', version: '1.0.0' }, { capabilities: { tools: {} } });
  s.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: TOOL,
        description: 'Looks an invoice up.',
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
    return structuredClone(a.result) as never;
  });
  return s;
}

export async function inMemory(f: Fixture): Promise<{ transport: InMemoryTransport; close: () => Promise<void> }> {
  const [client, srv] = InMemoryTransport.createLinkedPair();
  const s = server(f);
  await s.connect(srv);
  return { transport: client, close: () => s.close() };
}

/** Streamable HTTP answered in process: a stateless server per request (no socket). */
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
