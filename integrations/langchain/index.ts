// toolresult-protocol/langchain: LangChain tools whose every result goes through the seam. The tool
// returns a ToolMessage (see tool-message.ts): the model is given the wire content, the message's
// artifact (so every LangGraph checkpoint and callback) holds only the audit record at the seam's
// privacy level, and nothing is thrown for an error result; the program reads the whole result with
// `seam.result(toolCallId)`. A call is scoped by the LangGraph thread (config.configurable.thread_id),
// else by the seam's `scope` option. Each MCP
// call has a deadline (`deadlineMs`; else the tool's LangChain timeout, `defaultToolTimeout` or an
// invoke's `timeout`, read from config.metadata.timeoutMs; else 60 s) kept by a timer of the
// integration, never by LangChain's signal; the one signal of the call and its deadline go to the MCP
// SDK 1.x client as `callTool(params, undefined, { signal, timeout })`. A call the server answers with
// a task (the 2026-07-28 tasks extension) is followed with the same client's `tasks/get` under the same
// deadline, and cancelled with `tasks/cancel` at the deadline (core/task-follower.ts); an
// input-required result reaches the seam as it is (the 1.x client has no multi-round-trip driver).
// For ChatBedrockConverse, `useBedrockErrorStatus(model.client, seam)` puts Bedrock's error flag on an
// error result (bedrock-status.ts); @langchain/google-genai sends the status itself, as Gemini's `error` key.
import { DynamicStructuredTool } from '@langchain/core/tools';
import type { ToolMessage } from '@langchain/core/messages';
import type { loadMcpTools as loadAdapterTools, LoadMcpToolsOptions } from '@langchain/mcp-adapters';
import {
  callThroughSeam,
  listAllTools,
  mcpRead,
  mcpRun,
  mcpTaskFollower,
  seamOf,
  type IntegrationOptions,
  type McpRequester,
  type McpToolLister,
  type ToolResultSeam,
} from '../core/index.ts';
import type { ToolResult } from '../../reference-impl/internal.ts';
import { deadlineOf } from '../core/deadline.ts';
import { adapterTools } from './adapter-tools.ts';
import { limitsOf, scopeOf, toolCallIdOf, toolMessage } from './tool-message.ts';

export type { IntegrationOptions, CallAt, StandardSchema, StructuredGuard, TypedResult } from '../core/index.ts';
export { createSeam, ToolResultSeam, structuredAs, StructuredTypeError } from '../core/index.ts';
export { useBedrockErrorStatus, BEDROCK_ERROR_STATUS, type MiddlewareClient } from './bedrock-status.ts';

/** The part of an MCP SDK 1.x Client this integration calls itself (1.x takes the request options third). */
export interface McpClientLike extends McpToolLister {
  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    resultSchema?: undefined,
    options?: { signal?: AbortSignal; timeout?: number },
  ): Promise<unknown>;
  /** The client's plain request, for the tasks extension's tasks/get and tasks/cancel; without it a task is not followed. */
  request?: McpRequester['request'];
}

/** The client loadMcpTools takes: what @langchain/mcp-adapters' loadMcpTools takes (an MCP SDK Client), which has the calls above. */
export type McpClient = McpClientLike & Parameters<typeof loadAdapterTools>[1];

/**
 * `loadMcpTools` of @langchain/mcp-adapters (names, descriptions, schemas, prefixes as it makes them),
 * with each tool calling the MCP client itself and returning the seam's answer as a ToolMessage.
 * Which MCP tool each adapter tool calls is asked of the tool itself (adapter-tools.ts), not derived
 * from the adapter's naming rule. The adapters' beforeToolCall/afterToolCall/outputHandling are not
 * run: the seam's hooks are. Give a seam (`createSeam({ ... })`) to read results back by call ID.
 */
export async function loadMcpTools(
  serverName: string,
  client: McpClient,
  seamOrOptions?: ToolResultSeam | IntegrationOptions,
  loadOptions?: LoadMcpToolsOptions,
): Promise<DynamicStructuredTool[]> {
  const seam = seamOf(seamOrOptions);
  const loaded = await adapterTools(serverName, client, loadOptions);
  const listed = new Map((await listAllTools(client)).map((t) => [t.name, t]));
  return loaded.map(({ tool: t, mcpName }) => {
    const mcp = listed.get(mcpName);
    if (!mcp) throw new Error(`the MCP server no longer lists the tool ${JSON.stringify(mcpName.slice(0, 80))}`);
    return new DynamicStructuredTool({
      name: t.name,
      description: t.description,
      schema: t.schema,
      metadata: t.metadata ?? {},
      responseFormat: 'content',
      ...(t.defaultConfig ? { defaultConfig: t.defaultConfig } : {}),
      func: async (args: Record<string, unknown>, _runManager?: unknown, config?: unknown): Promise<ToolMessage> => {
        const callId = toolCallIdOf(config);
        const limits = limitsOf(config);
        const deadline = deadlineOf(seam.options.deadlineMs, limits.stackTimeoutMs);
        // The client's own timeout is the deadline: its timer starts after the deadline's, so the
        // deadline fires first and the call is recorded as interrupted, not as a client error.
        const run = mcpRun(
          (signal) => client.callTool({ name: mcp.name, arguments: args }, undefined, { signal, timeout: deadline }),
          mcp.outputSchema,
          seam.options.bound,
        );
        const where = { scope: scopeOf(config), tool: t.name, arguments: args };
        const follower =
          typeof client.request === 'function' ? mcpTaskFollower(client as McpRequester, mcpRead(mcp.outputSchema, seam.options.bound)) : undefined;
        return toolMessage(await callThroughSeam(callId, run, seam, where, { ...limits, follower }), callId, t.name);
      },
    });
  });
}

export interface ResultToolFields {
  readonly name: string;
  readonly description: string;
  /** A JSON Schema or a Zod schema of the input, as DynamicStructuredTool takes it. */
  readonly schema: DynamicStructuredTool['schema'];
}

/** The tool's input as an arguments object (a schema of another shape gives none). */
const argsOf = (input: unknown): Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};

/** A LangChain tool from a function that returns a ToolResult; anything else is what the seam makes of it. */
export function resultTool<I = Record<string, unknown>>(
  func: (input: I, config: unknown) => ToolResult | Promise<ToolResult>,
  fields: ResultToolFields,
  seamOrOptions?: ToolResultSeam | IntegrationOptions,
): DynamicStructuredTool {
  const seam = seamOf(seamOrOptions);
  return new DynamicStructuredTool({
    name: fields.name,
    description: fields.description,
    schema: fields.schema,
    responseFormat: 'content',
    func: async (input: I, _runManager?: unknown, config?: unknown): Promise<ToolMessage> => {
      const callId = toolCallIdOf(config);
      // The function gets the config with the call's signal, so it can stop at the deadline too.
      const run = (signal: AbortSignal) => func(input, { ...((config as object | undefined) ?? {}), signal });
      const where = { scope: scopeOf(config), tool: fields.name, arguments: argsOf(input) };
      return toolMessage(await callThroughSeam(callId, run, seam, where, limitsOf(config)), callId, fields.name);
    },
  });
}
