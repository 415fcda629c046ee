// One tool call through the seam, keyed by the provider's tool-call ID: normalize (the caller's
// `run`) -> bound -> hooks -> exposure -> ledger -> the wire message, under the call's deadline and the
// caller's cancellation (deadline.ts). Every integration calls this and nothing else runs the tool,
// so a stack's retried step replays the stored result. The call is keyed by its scope, tool and
// arguments too (call-key.ts), and what it hands the stack is the audit record at the seam's level.
import { randomUUID } from 'node:crypto';
import {
  toWireMessage,
  type WireMessage,
  silentLogger,
  executeToolCall,
  type SeamOptions,
  type AuditRecord,
  type BoundedToolResult,
  type TaskFollower,
  type ToolResult,
} from '../../reference-impl/internal.ts';
import { callKey } from './call-key.ts';
import { callSignal, deadlineOf } from './deadline.ts';
import type { ToolResultSeam } from './seam.ts';

export interface CallOutcome {
  /** The post-hook, exposed, bounded result the ledger holds. */
  readonly result: BoundedToolResult;
  /** What the model is given: `toWireMessage(result)`. */
  readonly wire: WireMessage;
  /**
   * What the stack's own objects keep of the call: the audit record at the seam's privacy level,
   * never the bounded record (the stack may checkpoint, trace or store whatever it holds).
   */
  readonly record: AuditRecord;
  readonly replayed: boolean;
}

/** Which call this is, beyond its ID: the ledger's key (call-key.ts). */
export interface CallWhere {
  /** The scope the integration read of the stack; absent: the seam's `scope` option. */
  readonly scope?: string | undefined;
  /** The tool's name as the model called it. */
  readonly tool: string;
  /** The call's arguments object. */
  readonly arguments: Record<string, unknown>;
}

/**
 * The arguments as the JSON the model sent: a stack's validated input may hold members set to
 * undefined (an optional field), which JSON has not and the fingerprint refuses. Arguments that are
 * not JSON at all (a program's own invoke with a BigInt, a cycle) key the call as `{}`: its call ID
 * still tells it apart, and the tool still gets what it was given.
 */
function jsonArguments(args: Record<string, unknown>, logger: NonNullable<SeamOptions['logger']>): Record<string, unknown> {
  try {
    const json: unknown = JSON.parse(JSON.stringify(args));
    if (typeof json === 'object' && json !== null && !Array.isArray(json)) return json as Record<string, unknown>;
  } catch {
    // Not JSON data: keyed as {} below.
  }
  logger.log('warn', 'the call arguments are not a JSON object; the call is keyed by its tool with {}');
  return {};
}

/** What the stack says of one call's time: its cancellation and its own timeout, where it has them. */
export interface CallLimits {
  /** The caller's cancellation (the stack's abort signal for this call). */
  readonly signal?: AbortSignal | undefined;
  /** The stack's own per-call timeout in ms, when it has one and this call is under it. */
  readonly stackTimeoutMs?: number | undefined;
  /**
   * How the call goes on when the MCP server answers with a task (task-follower.ts): polled under the
   * same deadline. Without one, a task ends the call as the task-unfollowed error result.
   */
  readonly follower?: TaskFollower | undefined;
}

/**
 * Runs `run` through the seam under `callId` (in `where`'s scope, for its tool and arguments), giving
 * it the call's signal: aborted at the deadline or by the caller, it is what `run` passes to the MCP
 * client. A call given up gets the interrupted
 * result (TR-REPLAY-38). Without a call ID (a stack that gives none) the call gets a fresh one: it is
 * bounded and recorded like any other, but a repeat cannot find it. Rejects only as the seam does: a
 * ledger store that fails (LedgerStoreError).
 */
export async function callThroughSeam(
  callId: string | undefined,
  run: (signal: AbortSignal) => unknown,
  seam: ToolResultSeam,
  where: CallWhere,
  limits: CallLimits = {},
): Promise<CallOutcome> {
  const { deadlineMs, ...options } = seam.options;
  let id = callId;
  if (typeof id !== 'string' || id === '') {
    id = `toolresult-unkeyed-${randomUUID()}`;
    (options.logger ?? silentLogger).log('warn', 'the stack gave no tool-call ID; the call is recorded under a fresh one and cannot be replayed');
  }
  const scope = where.scope ?? seam.scope;
  const args = jsonArguments(where.arguments, options.logger ?? silentLogger);
  const key = callKey(scope, where.tool, args);
  const limit = callSignal(deadlineOf(deadlineMs, limits.stackTimeoutMs), limits.signal);
  let outcome;
  try {
    // A BoundedToolResult is a valid input of the bounder; the seam's type names only ToolResult.
    const runIt = (() => run(limit.signal)) as () => ToolResult | Promise<ToolResult>;
    seam.noteCall(id, key);
    const follower = limits.follower ? { follower: limits.follower } : {};
    outcome = await executeToolCall({ callId: id, run: runIt, signal: limit.signal, scope, tool: where.tool, arguments: args, ...follower }, options);
  } finally {
    limit.release();
  }
  return { result: outcome.result, wire: toWireMessage(outcome.result), record: seam.record(outcome.result), replayed: outcome.replayed };
}
