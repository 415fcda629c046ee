// toolresult-protocol/ai-sdk: tools for the Vercel AI SDK (`generateText`, `streamText`,
// `ToolLoopAgent`) whose every result goes through the seam. The model is given the wire message
// (`toModelOutput`: text, or error-text for an error); `steps[].toolResults[].output`, which the AI
// SDK's telemetry records as the span attribute of the call (`recordOutputs`, on by default), holds
// only the audit record at the seam's privacy level; the program reads the whole result with
// `seam.result(toolCallId)`. Calls are scoped by the seam's `scope` option (a tool sees no thread of
// the AI SDK's). Each call has a
// deadline (`deadlineMs`, default 60 s; the AI SDK's `timeout.toolMs` reaches a tool only as its
// abort signal, which is honoured as a cancellation): the tool's execute is given one abortSignal,
// aborted at the deadline or by the caller's, which @ai-sdk/mcp hands to its request.
import type { Tool, ToolExecutionOptions } from 'ai';
import type { AuditRecord } from '../../reference-impl/internal.ts';
import { callThroughSeam, mcpRun, ModelOutputs, seamOf, type SeamConfig, type ToolResultSeam } from '../core/index.ts';
import type { ModelOutput } from '../core/model-output.ts';

export type { IntegrationOptions, SeamConfig, CallAt, StandardSchema, StructuredGuard, TypedResult } from '../core/index.ts';
export { createSeam, ToolResultSeam, structuredAs, StructuredTypeError } from '../core/index.ts';
export { UNREADABLE_OUTPUT_TEXT } from '../core/model-output.ts';
export type { ModelOutput } from '../core/model-output.ts';

/** An AI SDK tool: only `execute` and `toModelOutput` are replaced, the rest is kept as given. */
// biome-ignore lint/suspicious/noExplicitAny: any tool, whatever its input, output and context types (Tool is invariant in them)
type AnyTool = Tool<any, any, any>;

/**
 * What a wrapped tool's execute takes: the AI SDK's execution options, every one optional (the call
 * ID keys the call; without it the call is recorded under a fresh ID and cannot be replayed). The
 * AI SDK passes the whole ToolExecutionOptions; a program calling the tool itself passes what it has.
 */
// biome-ignore lint/suspicious/noExplicitAny: any tool context
export type SeamExecutionOptions = Partial<ToolExecutionOptions<any>>;

/** The input type a tool declares (its inputSchema's), unknown for a tool that declares none. */
// biome-ignore lint/suspicious/noExplicitAny: matches any output and context
type InputOf<T> = T extends Tool<infer I, any, any> ? ([I] extends [never] ? unknown : I) : unknown;

/**
 * The members a wrapped tool declares beyond the AI SDK's Tool: its execute returns the audit record
 * (a promise, never the stack's streamed form) and its toModelOutput is always there, so a program
 * that calls a tool the way the agent loop does type-checks as it runs.
 */
export interface SeamToolMembers<INPUT> {
  execute(input: INPUT, options?: SeamExecutionOptions): Promise<AuditRecord>;
  toModelOutput(options: { toolCallId?: string; input?: unknown; output: unknown }): Promise<ModelOutput>;
}

/**
 * Each tool wrapped: an AI SDK Tool whose output is the audit record. A tool whose type declares an
 * execute (the MCP client's tools do) gets the seam's members as present; one whose execute is
 * optional in its type keeps them optional, as a provider-executed tool is handed back unwrapped.
 */
export type WrappedTools<T extends Record<string, AnyTool>> = {
  [K in keyof T]: (T[K] extends { execute: unknown } ? SeamToolMembers<InputOf<T[K]>> : Partial<SeamToolMembers<InputOf<T[K]>>>) &
    Omit<T[K], 'execute' | 'toModelOutput'> &
    // biome-ignore lint/suspicious/noExplicitAny: the wrapped tool keeps the caller's input and context types
    Tool<any, AuditRecord, any>;
};

type Execute = (input: unknown, options: ToolExecutionOptions<unknown>) => unknown;

type Run = (execute: Execute, input: unknown, o: ToolExecutionOptions<unknown>) => (signal: AbortSignal) => unknown;

/** The call's arguments as an object (the AI SDK hands the parsed input). */
const argsOf = (input: unknown): Record<string, unknown> =>
  typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};

function wrapOne(name: string, t: AnyTool, run: Run, seam: ToolResultSeam, outputs: ModelOutputs): AnyTool {
  const execute = (t as { execute?: Execute }).execute;
  if (typeof execute !== 'function') return t; // a provider-executed tool: its result never passes through this process
  return {
    ...t,
    execute: async (input: unknown, o: ToolExecutionOptions<unknown>) =>
      outputs.keep(
        await callThroughSeam(o?.toolCallId, run(execute.bind(t), input, o), seam, { tool: name, arguments: argsOf(input) }, { signal: o?.abortSignal }),
      ),
    toModelOutput: ({ toolCallId, input, output }: { toolCallId?: unknown; input?: unknown; output: unknown }): Promise<ModelOutput> =>
      outputs.ofCall(output, toolCallId, { tool: name, arguments: argsOf(input) }),
  } as AnyTool;
}

/** The tool's execute options with the call's signal in place of the stack's. */
const withSignal = (o: ToolExecutionOptions<unknown>, signal: AbortSignal): ToolExecutionOptions<unknown> =>
  ({ ...(o ?? {}), abortSignal: signal }) as ToolExecutionOptions<unknown>;

function wrapAll<T extends Record<string, AnyTool>>(tools: T, seam: ToolResultSeam, run: Run): WrappedTools<T> {
  const outputs = new ModelOutputs(seam);
  const out: Record<string, AnyTool> = {};
  for (const [name, t] of Object.entries(tools)) out[name] = wrapOne(name, t, run, seam, outputs);
  return out as WrappedTools<T>;
}

/**
 * The tools of `createMCPClient().tools()` (without `schemas`: their execute returns the MCP
 * CallToolResult, which the MCP normalizer reads), each result through the seam keyed by the
 * AI SDK's toolCallId. Give them a seam (`createSeam({ ... })`) to read results back by call ID;
 * plain options make a seam of their own.
 */
export function wrapMcpTools<T extends Record<string, AnyTool>>(tools: T, seamOrOptions?: ToolResultSeam | SeamConfig): WrappedTools<T> {
  const seam = seamOf(seamOrOptions);
  const budgets = seam.options.bound;
  return wrapAll(tools, seam, (execute, input, o) => mcpRun(async (signal) => execute(input, withSignal(o, signal)), undefined, budgets));
}

/** Plain AI SDK tools whose execute returns a `ToolResult`; anything else is what the seam makes of it. */
export function wrapTools<T extends Record<string, AnyTool>>(tools: T, seamOrOptions?: ToolResultSeam | SeamConfig): WrappedTools<T> {
  return wrapAll(tools, seamOf(seamOrOptions), (execute, input, o) => (signal) => execute(input, withSignal(o, signal)));
}
