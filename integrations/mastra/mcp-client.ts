// The raw MCP client under a Mastra MCPClient server. @mastra/mcp has no public call that returns the
// CallToolResult: its tools return structuredContent in place of the result (isError lost) or throw
// on isError (the body lost). This reads the MCP SDK client of the server's connection through
// MCPClient's getConnectedClientForServer, a method TypeScript marks private (checked at wrap time,
// so a @mastra/mcp without it is refused with a clear error, not a failing call). Upstream change
// needed: a public callTool that returns the CallToolResult as the server sent it.

import type { McpToolLister } from '../core/mcp-tools.ts';

/** The MCP SDK Client methods used here. */
export interface RawMcpClient extends McpToolLister {
  /** MCP SDK 2.x: the request options are the second argument (1.x took a result schema there). */
  callTool(params: { name: string; arguments?: Record<string, unknown> }, options?: { signal?: AbortSignal; timeout?: number }): Promise<unknown>;
}

type Connected = { client?: unknown; timeout?: unknown };

/** The server's SDK client and the request timeout its Mastra config set (Mastra's own tools pass it on every call). */
export interface RawConnection {
  readonly client: RawMcpClient;
  readonly timeout: number | undefined;
}

export function rawClientFor(mcp: object): (serverName: string) => Promise<RawConnection> {
  const connect = (mcp as { getConnectedClientForServer?: unknown }).getConnectedClientForServer;
  if (typeof connect !== 'function') {
    throw new TypeError(
      'this @mastra/mcp MCPClient has no getConnectedClientForServer: toolresult-protocol/mastra cannot read the CallToolResult (it was written against @mastra/mcp 2.0)',
    );
  }
  return async (serverName) => {
    const connected = (await (connect as (n: string) => Promise<Connected>).call(mcp, serverName)) as Connected;
    const client = connected?.client as RawMcpClient | undefined;
    if (!client || typeof client.callTool !== 'function')
      throw new TypeError(`the MCP connection of server ${JSON.stringify(serverName.slice(0, 80))} has no SDK client`);
    const timeout = typeof connected.timeout === 'number' && connected.timeout > 0 ? connected.timeout : undefined;
    return { client, timeout };
  };
}
