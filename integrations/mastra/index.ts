// toolresult-protocol/mastra: Mastra tools whose every result goes through the seam, keyed by the
// agent's toolCallId. The model is given the wire message (`toModelOutput`: text, or error-text for an
// error, which the AI SDK providers under Mastra send as their error output); the tool result Mastra
// keeps (`toolResults[].payload.result`, its saved thread memory, its tracing spans) is only the audit
// record at the seam's privacy level; the program reads the whole result with `seam.result(toolCallId)`.
// A call is scoped by the agent's memory thread (`threadId`, else `resourceId`), else by the seam's
// `scope` option. Each MCP call has a
// deadline (`deadlineMs`; else the server's `timeout` of the MCPClient config, whose own default is
// 60 s): the call's one signal and its deadline go to the server's MCP SDK 2.x client as
// `callTool(params, { signal, timeout })`, the form 2.x reads.
import { createTool } from '@mastra/core/tools';
import type { MCPClient } from '@mastra/mcp';
import type { AuditRecord, ToolResult } from '../../reference-impl/internal.ts';
import type { ModelOutput } from '../core/model-output.ts';
import { callThroughSeam, listAllTools, mcpRun, ModelOutputs, seamOf, type IntegrationOptions, type ToolResultSeam } from '../core/index.ts';
import { deadlineOf } from '../core/deadline.ts';
import { rawClientFor } from './mcp-client.ts';

export type { IntegrationOptions, CallAt, StandardSchema, StructuredGuard, TypedResult } from '../core/index.ts';
export { createSeam, ToolResultSeam, structuredAs, StructuredTypeError } from '../core/index.ts';
export type { ModelOutput } from '../core/model-output.ts';

type MastraTool = ReturnType<typeof createTool>;

/**
 * What a wrapped tool's execute reads of Mastra's execution context: the agent's call ID (the key of
 * the call), its memory thread and resource (the scope) and the abort signal. Mastra passes its whole
 * context; a program calling the tool itself passes what it has.
 */
export interface SeamToolContext {
  readonly agent?: { readonly toolCallId?: string; readonly threadId?: string; readonly resourceId?: string };
  readonly abortSignal?: AbortSignal;
}

/**
 * A Mastra tool of this integration: a Mastra Tool whose execute is present and returns the audit
 * record, and whose toModelOutput gives the model the wire message, so a program calling it the way
 * the agent does type-checks as it runs.
 */
export type SeamTool = {
  execute(input: unknown, context?: SeamToolContext): Promise<AuditRecord>;
  toModelOutput(output: unknown): ModelOutput;
} & MastraTool;
/** What createTool takes: the fields a wrapped tool keeps are typed by it, so a @mastra/core whose options drift fails to compile here. */
type ToolOptions = Parameters<typeof createTool>[0];
interface SourceTool {
  readonly id: string;
  readonly description?: string;
  readonly inputSchema?: ToolOptions['inputSchema'];
  readonly requireApproval?: ToolOptions['requireApproval'];
  readonly mcp?: ToolOptions['mcp'];
}

function toolCallIdOf(context: unknown): string | undefined {
  const id = (context as { agent?: { toolCallId?: unknown } } | undefined)?.agent?.toolCallId;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** The agent's memory thread (else its resource), the key Mastra keeps the conversation under. */
function scopeOf(context: unknown): string | undefined {
  const agent = (context as { agent?: { threadId?: unknown; resourceId?: unknown } } | undefined)?.agent;
  for (const id of [agent?.threadId, agent?.resourceId]) if (typeof id === 'string' && id !== '') return id;
  return undefined;
}

/** A Mastra tool with the source's id, description and input schema, and no output schema: its output is the audit record. */
function seamTool(
  source: SourceTool,
  run: (input: Record<string, unknown>, context: unknown) => (signal: AbortSignal) => unknown,
  seam: ToolResultSeam,
  stackTimeoutMs?: number,
): SeamTool {
  const outputs = new ModelOutputs(seam);
  // createTool keeps both functions as given, so the tool has the members SeamTool declares.
  return createTool({
    id: source.id,
    description: source.description ?? '',
    ...(source.inputSchema !== undefined ? { inputSchema: source.inputSchema } : {}),
    ...(source.requireApproval !== undefined ? { requireApproval: source.requireApproval } : {}),
    ...(source.mcp !== undefined ? { mcp: source.mcp } : {}),
    execute: async (input: unknown, context: unknown) => {
      const signal = (context as { abortSignal?: unknown } | undefined)?.abortSignal;
      const limits = { signal: signal instanceof AbortSignal ? signal : undefined, stackTimeoutMs };
      const args = (typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {}) as Record<string, unknown>;
      const where = { scope: scopeOf(context), tool: source.id, arguments: args };
      return outputs.keep(await callThroughSeam(toolCallIdOf(context), run(args, context), seam, where, limits));
    },
    toModelOutput: (output: unknown) => outputs.of(output),
  }) as SeamTool;
}

/**
 * The tools of a Mastra MCPClient (what `mcp.listTools()` gives, keyed `server_tool`), each calling
 * its server's MCP client and reading the CallToolResult with the MCP normalizer.
 */
export async function mcpTools(mcp: MCPClient, seamOrOptions?: ToolResultSeam | IntegrationOptions): Promise<Record<string, SeamTool>> {
  const seam = seamOf(seamOrOptions);
  const rawClient = rawClientFor(mcp);
  const toolsets = (await mcp.listToolsets()) as Record<string, Record<string, SourceTool>>;
  const out: Record<string, SeamTool> = {};
  for (const [serverName, tools] of Object.entries(toolsets)) {
    const { client, timeout } = await rawClient(serverName);
    const listed = new Map((await listAllTools(client)).map((t) => [`${serverName}_${t.name}`, t]));
    for (const source of Object.values(tools)) {
      const mcpTool = listed.get(source.id);
      if (!mcpTool)
        throw new Error(`the MCP server ${JSON.stringify(serverName.slice(0, 80))} no longer lists the tool ${JSON.stringify(source.id.slice(0, 80))}`);
      // The client's own timeout is the deadline: its timer starts after the deadline's, so the deadline
      // fires first and the call is recorded as interrupted (TR-REPLAY-38), not as a client error.
      const deadline = deadlineOf(seam.options.deadlineMs, timeout);
      out[source.id] = seamTool(
        source,
        (input) =>
          mcpRun(
            (signal) => client.callTool({ name: mcpTool.name, arguments: input }, { signal, timeout: deadline }),
            mcpTool.outputSchema,
            seam.options.bound,
          ),
        seam,
        timeout,
      );
    }
  }
  return out;
}

export interface ResultToolFields {
  readonly id: string;
  readonly description: string;
  /** A Zod or JSON schema of the input, as createTool takes it. */
  readonly inputSchema?: ToolOptions['inputSchema'];
}

/** A Mastra tool from a function that returns a ToolResult; anything else is what the seam makes of it. */
export function resultTool(
  execute: (input: Record<string, unknown>) => ToolResult | Promise<ToolResult>,
  fields: ResultToolFields,
  seamOrOptions?: ToolResultSeam | IntegrationOptions,
): SeamTool {
  return seamTool(fields, (input) => () => execute(input), seamOf(seamOrOptions));
}
