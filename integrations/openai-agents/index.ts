// toolresult-protocol/openai-agents: function tools for the OpenAI Agents SDK whose every result goes
// through the seam, keyed by the call's callId. The model is given the wire content as the tool's
// output (an error inside {"error": ...}: the SDK sends every tool output with status "completed",
// spec/11-stacks.md §11.7); the run item's customData holds the bounded record for the program.
import { tool, type FunctionTool, type MCPServer } from '@openai/agents';
import { callThroughSeam, mcpRun, seamOptions, textWithoutFlag, type CallOutcome, type IntegrationOptions } from '../core/index.ts';
import type { SeamOptions } from '../../reference-impl/seam/execute.ts';
import type { ToolResult, ToolResultRecord } from '../../reference-impl/tool-result.ts';

export type { IntegrationOptions } from '../core/index.ts';

type JsonObjectSchema = { type: 'object'; properties: Record<string, unknown>; required: string[]; additionalProperties: true };
type Details = { toolCall?: { callId?: unknown }; signal?: AbortSignal } | undefined;

/** The model's arguments as an object (the SDK hands them parsed, or as the JSON text). */
function argsOf(input: unknown): Record<string, unknown> {
  if (typeof input === 'string' && input !== '') {
    const parsed: unknown = JSON.parse(input);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  }
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** A function tool whose execute runs `run` through the seam and whose customData is the bounded record. */
function seamTool(name: string, description: string, parameters: JsonObjectSchema, run: (args: Record<string, unknown>, details: Details) => () => unknown, seam: SeamOptions): FunctionTool {
  const records = new Map<string, ToolResultRecord>(); // by callId, from execute to the extractor just after it
  return tool({
    name,
    description,
    parameters: parameters as never,
    strict: false,
    execute: async (input: unknown, _context: unknown, details?: Details): Promise<string> => {
      const callId = typeof details?.toolCall?.callId === 'string' ? details.toolCall.callId : undefined;
      const outcome: CallOutcome = await callThroughSeam(callId, run(argsOf(input), details), seam);
      if (callId !== undefined) records.set(callId, outcome.record);
      return textWithoutFlag(outcome.wire);
    },
    customDataExtractor: ({ toolCall }: { toolCall: { callId: string } }) => {
      const record = records.get(toolCall.callId);
      records.delete(toolCall.callId);
      return record;
    },
  } as never) as FunctionTool;
}

function parametersOf(inputSchema: unknown): JsonObjectSchema {
  const s = typeof inputSchema === 'object' && inputSchema !== null ? (inputSchema as Record<string, unknown>) : {};
  return { ...s, type: 'object', properties: (s['properties'] as Record<string, unknown>) ?? {}, required: (s['required'] as string[]) ?? [], additionalProperties: true };
}

/**
 * The tools of an Agents SDK MCP server (MCPServerStdio, MCPServerStreamableHttp, …) as function
 * tools: give them to `new Agent({ tools })` in place of `mcpServers: [server]`. Each call reads the
 * server's full CallToolResult (callToolResult; callTool's content where a server has no
 * callToolResult) with the MCP normalizer.
 */
export async function mcpTools(server: MCPServer, options?: IntegrationOptions): Promise<FunctionTool[]> {
  const seam = seamOptions(options);
  const listed = await server.listTools();
  return listed.map((t) =>
    seamTool(t.name, t.description ?? '', parametersOf(t.inputSchema), (args, details) => {
      const opts = details?.signal ? { signal: details.signal } : undefined;
      const call = server.callToolResult ? () => server.callToolResult!(t.name, args, null, opts) : async () => ({ content: await server.callTool(t.name, args, null, opts) });
      return mcpRun(call, (t as { outputSchema?: unknown }).outputSchema, seam.bound);
    }, seam),
  );
}

export interface ResultToolFields {
  readonly name: string;
  readonly description: string;
  /** The JSON Schema of the input (an object schema). */
  readonly parameters: Record<string, unknown>;
}

/** A function tool from a function that returns a ToolResult; anything else is what the seam makes of it. */
export function resultTool(execute: (input: Record<string, unknown>) => ToolResult | Promise<ToolResult>, fields: ResultToolFields, options?: IntegrationOptions): FunctionTool {
  const seam = seamOptions(options);
  return seamTool(fields.name, fields.description, parametersOf(fields.parameters), (args) => () => execute(args), seam);
}
