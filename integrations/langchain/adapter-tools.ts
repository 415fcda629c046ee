// Which MCP tool each tool of @langchain/mcp-adapters' loadMcpTools calls. The adapter names its tools
// by a rule of its own (prefixes from its options) and keeps the MCP name only in the tool's closure;
// re-deriving the rule here would silently mismatch the day it changes. So each tool is asked: its
// function is called once with a client that records the name it passes to callTool and answers
// nothing (the call never reaches the server). A tool that does not call callTool with a name fails
// the wrap with a message that says what changed upstream.
import type { DynamicStructuredTool } from '@langchain/core/tools';
import { loadMcpTools as loadAdapterTools, type LoadMcpToolsOptions } from '@langchain/mcp-adapters';

type AdapterClient = Parameters<typeof loadAdapterTools>[1];

/** One tool as the adapter made it, and the name of the MCP tool it calls. */
export interface AdapterTool {
  readonly tool: DynamicStructuredTool;
  readonly mcpName: string;
}

/** What the recording client throws so the adapter's call ends there. */
class Probe extends Error {}

/**
 * The adapter's tools for `client`, each with the MCP name it calls. Its callbacks (beforeToolCall,
 * afterToolCall, onProgress) are left out: the probe must run none of the caller's code, and the
 * integration's tools run the seam's hooks instead.
 */
export async function adapterTools(
  serverName: string,
  client: AdapterClient,
  loadOptions?: LoadMcpToolsOptions,
  load: typeof loadAdapterTools = loadAdapterTools,
): Promise<AdapterTool[]> {
  let called: unknown;
  const recording = new Proxy(client as object, {
    get(target, prop) {
      if (prop === 'callTool') {
        return (params: unknown) => {
          called = (params as { name?: unknown } | undefined)?.name;
          throw new Probe('probe');
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as AdapterClient;
  const { beforeToolCall: _before, afterToolCall: _after, onProgress: _progress, ...options } = loadOptions ?? {};
  const loaded = await load(serverName, recording, options);
  const out: AdapterTool[] = [];
  for (const tool of loaded) {
    called = undefined;
    try {
      await tool.func({}, undefined, undefined);
    } catch {
      // The probe's own throw, as the adapter wraps it; what matters is the name it recorded.
    }
    if (typeof called !== 'string' || called === '') {
      throw new Error(
        `@langchain/mcp-adapters changed upstream: its tool ${JSON.stringify(tool.name.slice(0, 80))} no longer calls the MCP client's callTool({ name }), so toolresult-protocol/langchain cannot tell which MCP tool it is (written against @langchain/mcp-adapters 1.1)`,
      );
    }
    out.push({ tool, mcpName: called });
  }
  return out;
}
