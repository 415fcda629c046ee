// toolresult-protocol/openai-agents: function tools for the OpenAI Agents SDK whose every result goes
// through the seam, keyed by the call's callId. The model is given the wire content as the tool's
// output (an error inside {"error": ...}: the SDK sends every tool output with status "completed",
// spec/11-stacks.md §11.7); the run item's customData, which the serialized RunState (a
// human-in-the-loop suspend payload) and sessions keep, holds only the audit record at the seam's
// privacy level; the program reads the whole result with `seam.result(callId)`. A call is scoped by
// the run's groupId (RunConfig.groupId, seen through the run's trace, so only with tracing on), else
// by the seam's `scope` option. Each call has a deadline (`deadlineMs`; else the MCP server's `timeout`; else 60 s): the one signal of
// the call goes to the server's callToolResult, whose MCP 2.x client call sets the timeout itself. The
// function tools get no SDK `timeoutMs`: its timeout answers without the seam, so nothing is recorded.
import { getCurrentTrace, tool, type FunctionTool, type MCPServer, type RunContext, type ToolOutputCustomData } from '@openai/agents';
import { callThroughSeam, mcpRun, seamOf, textWithoutFlag, type CallOutcome, type IntegrationOptions, type ToolResultSeam } from '../core/index.ts';

import type { AuditRecord, ToolResult } from '../../reference-impl/internal.ts';

export type { IntegrationOptions, CallAt, StandardSchema, StructuredGuard, TypedResult } from '../core/index.ts';
export { createSeam, ToolResultSeam, structuredAs, StructuredTypeError } from '../core/index.ts';

type JsonObjectSchema = { type: 'object'; properties: Record<string, unknown>; required: string[]; additionalProperties: true };

/**
 * The tool call as a program that invokes a tool itself hands it: the SDK's function call item, its
 * `type` any string (a JavaScript object literal's), since the tool reads only the call ID.
 */
export interface SeamToolCall {
  readonly type?: string;
  readonly callId: string;
  readonly name?: string;
  readonly arguments?: string;
}

/** What a wrapped tool's invoke reads of the SDK's call details: the tool call and the abort signal. */
export interface SeamCallDetails {
  readonly toolCall?: SeamToolCall;
  readonly signal?: AbortSignal;
}

/**
 * The function tools this integration makes: JSON-schema parameters, the audit record as customData.
 * Beyond the SDK's FunctionTool, invoke takes the call details a program has and answers the model's
 * text, and customDataExtractor is always there, so a program calling the tool the way a run does
 * type-checks as it runs.
 */
export type SeamFunctionTool = {
  invoke(runContext: RunContext, input: string, details?: SeamCallDetails): Promise<string>;
  customDataExtractor(context: { readonly toolCall: SeamToolCall; readonly output?: unknown }): ToolOutputCustomData | undefined;
} & FunctionTool<unknown, JsonObjectSchema>;

/** The audit record as the SDK's customData (a plain JSON object). */
const customData = (record: AuditRecord): ToolOutputCustomData => ({ ...record }) as ToolOutputCustomData;

/**
 * The run's groupId, the SDK's name for a conversation or thread (RunConfig.groupId). A tool sees it
 * only through the run's trace, which a run with tracing disabled does not have: the seam's scope
 * option holds then. The trace ID is not used: a run started again has a new one, and would never
 * replay its calls.
 */
function groupScope(): string | undefined {
  const group = getCurrentTrace()?.groupId;
  return typeof group === 'string' && group !== '' ? group : undefined;
}
type Details = { toolCall?: { callId?: unknown }; signal?: AbortSignal } | undefined;

/** The model's arguments as an object (the SDK hands them parsed, or as the JSON text). */
function argsOf(input: unknown): Record<string, unknown> {
  if (typeof input === 'string' && input !== '') {
    const parsed: unknown = JSON.parse(input);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  }
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}

/** A function tool whose execute runs `run` through the seam and whose customData is the audit record. */
function seamTool(
  name: string,
  description: string,
  parameters: JsonObjectSchema,
  run: (args: Record<string, unknown>, details: Details) => (signal: AbortSignal) => unknown,
  seam: ToolResultSeam,
  stackTimeoutMs?: number,
): SeamFunctionTool {
  const records = new Map<string, AuditRecord>(); // by callId, from execute to the extractor just after it
  // The SDK's invoke hands the details to execute as given, and the extractor is the one passed here:
  // the tool has the members SeamFunctionTool declares.
  return tool({
    name,
    description,
    parameters,
    strict: false,
    execute: async (input: unknown, _context: unknown, details?: Details): Promise<string> => {
      const callId = typeof details?.toolCall?.callId === 'string' ? details.toolCall.callId : undefined;
      const args = argsOf(input);
      const where = { scope: groupScope(), tool: name, arguments: args };
      const outcome: CallOutcome = await callThroughSeam(callId, run(args, details), seam, where, { signal: details?.signal, stackTimeoutMs });
      if (callId !== undefined) records.set(callId, outcome.record);
      return textWithoutFlag(outcome.wire);
    },
    customDataExtractor: ({ toolCall }: { toolCall: { callId: string } }) => {
      const record = records.get(toolCall.callId);
      records.delete(toolCall.callId);
      return record === undefined ? undefined : customData(record);
    },
  }) as SeamFunctionTool;
}

function parametersOf(inputSchema: unknown): JsonObjectSchema {
  const s = typeof inputSchema === 'object' && inputSchema !== null ? (inputSchema as Record<string, unknown>) : {};
  return {
    ...s,
    type: 'object',
    properties: (s['properties'] as Record<string, unknown>) ?? {},
    required: (s['required'] as string[]) ?? [],
    additionalProperties: true,
  };
}

/**
 * The request timeout of an SDK MCP server (its `timeout` option, ms). The SDK keeps it on the
 * server's implementation, which TypeScript marks private; a server without it gives none, and the
 * deadline is then the option's or the default.
 */
function serverTimeout(server: MCPServer): number | undefined {
  const s = server as unknown as { timeout?: unknown; underlying?: { timeout?: unknown } };
  const t = s.underlying?.timeout ?? s.timeout;
  return typeof t === 'number' ? t : undefined;
}

/**
 * The tools of an Agents SDK MCP server (MCPServerStdio, MCPServerStreamableHttp, …) as function
 * tools: give them to `new Agent({ tools })` in place of `mcpServers: [server]`. Each call reads the
 * server's full CallToolResult (callToolResult; callTool's content where a server has no
 * callToolResult) with the MCP normalizer.
 */
export async function mcpTools(server: MCPServer, seamOrOptions?: ToolResultSeam | IntegrationOptions): Promise<SeamFunctionTool[]> {
  const seam = seamOf(seamOrOptions);
  const listed = await server.listTools();
  const timeout = serverTimeout(server);
  return listed.map((t) =>
    seamTool(
      t.name,
      t.description ?? '',
      parametersOf(t.inputSchema),
      (args) => {
        const call = server.callToolResult
          ? (signal: AbortSignal) => server.callToolResult!(t.name, args, null, { signal })
          : async (signal: AbortSignal) => ({ content: await server.callTool(t.name, args, null, { signal }) });
        return mcpRun(call, (t as { outputSchema?: unknown }).outputSchema, seam.options.bound);
      },
      seam,
      timeout,
    ),
  );
}

export interface ResultToolFields {
  readonly name: string;
  readonly description: string;
  /** The JSON Schema of the input (an object schema). */
  readonly parameters: Record<string, unknown>;
}

/** A function tool from a function that returns a ToolResult; anything else is what the seam makes of it. */
export function resultTool(
  execute: (input: Record<string, unknown>) => ToolResult | Promise<ToolResult>,
  fields: ResultToolFields,
  seamOrOptions?: ToolResultSeam | IntegrationOptions,
): SeamFunctionTool {
  const seam = seamOf(seamOrOptions);
  return seamTool(fields.name, fields.description, parametersOf(fields.parameters), (args) => () => execute(args), seam);
}
