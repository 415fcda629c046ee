// Following a tool call that became an MCP task (spec/07-replay.md §7.10, TR-REPLAY-46..52): the seam polls the task
// through the follower the integration built from its MCP client until it ends, and turns its end
// into the call's one result. What each end becomes, and why, is the spec's; this module only maps.
import { ToolResult } from '../tool-result.ts';
import type { WarningCode } from '../../generated/model.ts';
import type { GiveUpSignal } from './give-up-signal.ts';

/** The pinned texts of the calls that end without the tool's own result (spec §7.10, all four languages). */
export const INPUT_REQUIRED_TEXT = 'The tool asked for input that this agent cannot give, so the call did not finish; it can be called again.';
/** The pinned error text for a call whose tool started a task with no follower given (TR-REPLAY-50, TR-REPLAY-52). */
export const TASK_UNFOLLOWED_TEXT = 'The tool started a task that this agent does not follow; whether its action took effect is unknown.';
/** The pinned error text for a task the server no longer knows when it is polled (TR-REPLAY-47, TR-REPLAY-52). */
export const TASK_LOST_TEXT = "The tool's task is no longer known to its server; whether its action took effect is unknown.";
/** The pinned error text for a task that ended cancelled (TR-REPLAY-47, TR-REPLAY-52). */
export const TASK_CANCELLED_TEXT = "The tool's task was cancelled before it finished; whether its action took effect is unknown.";

/**
 * What the seam needs of the MCP client to follow a task. The integration builds it from its client
 * (`tasks/get`, `tasks/cancel`) and the normalize step it gives a direct call's result.
 */
export interface TaskFollower {
  /**
   * The `tasks/get` answer for the task (the extension's DetailedTask: `status`, and `result` once
   * `completed`), or `undefined` when the server says the task is unknown or expired (its JSON-RPC
   * error). Any other failure rejects: the seam polls again at the next interval. `signal` is the
   * call's (an AbortSignal when the call has one): pass it to the request.
   */
  get(taskId: string, signal: GiveUpSignal | undefined): Promise<unknown>;
  /** Sends `tasks/cancel` for the task; the seam bounds the wait and ignores its outcome. */
  cancel(taskId: string): Promise<unknown>;
  /**
   * The call's result from a completed task's `result` (a CallToolResult): the normalize step of a
   * direct call. A task handle inside it throws the normalizer's PendingCall: that fails closed.
   */
  read(result: unknown): ToolResult | Promise<ToolResult>;
}

/** The default pause between two polls when the server suggests none (the extension leaves it to the client). */
export const DEFAULT_POLL_MS = 1000;
/** Polls no faster than this (a server's 0 would spin) and no slower than this (a server's day would look hung). */
export const MIN_POLL_MS = 50;
export const MAX_POLL_MS = 5000;
/** Failed polls in a row after which the call is given up as it is at a deadline. */
export const MAX_FAILED_POLLS = 10;
/** How long the seam waits for the answer to its `tasks/cancel` before it answers anyway. */
export const CANCEL_WAIT_MS = 1000;

/** The pause between polls: the server's suggestion within 50..5000 ms, else 1000. */
export function pollInterval(suggested: number | undefined): number {
  if (suggested === undefined || !Number.isFinite(suggested)) return DEFAULT_POLL_MS;
  return Math.min(MAX_POLL_MS, Math.max(MIN_POLL_MS, suggested));
}

/** An error result with its warning: what the call ends as when the tool's own result never comes. */
export function endedWithout(text: string, code: WarningCode): ToolResult {
  return ToolResult.error(text, { warnings: [code] });
}

/** What following a task came to: the tool's result, an end of the task's own, or the call given up. */
export type TaskEnd =
  | { readonly kind: 'result'; readonly value: unknown }
  | { readonly kind: 'ended'; readonly result: ToolResult }
  | { readonly kind: 'failed' }
  | { readonly kind: 'gaveUp' };

/** A status of the extension that ends the task; any other string is a task still running. */
const ENDS = new Set(['completed', 'failed', 'cancelled', 'input_required']);

/** Sends `tasks/cancel` and waits for it at most CANCEL_WAIT_MS: the seam's answer never waits on a server that does not answer. */
export async function cancelTask(follower: TaskFollower, taskId: string): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      Promise.resolve()
        .then(() => follower.cancel(taskId))
        .catch(() => undefined),
      new Promise((resolve) => {
        timer = setTimeout(resolve, CANCEL_WAIT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (then true). */
function pause(ms: number, signal: GiveUpSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(true);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(false);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `work`, or undefined once `signal` aborts first. */
async function unlessAborted<T>(work: Promise<T>, signal: GiveUpSignal | undefined): Promise<{ value: T } | undefined> {
  if (!signal) return { value: await work };
  if (signal.aborted) return undefined;
  let onAbort!: () => void;
  const aborted = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work.then((value) => ({ value })), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

const member = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;

/**
 * Polls the task until it ends or `signal` aborts. At the abort (the call's deadline, the caller's
 * cancellation) the task is cancelled on the server, bounded, and the call is given up. A failed
 * poll (the transport) is polled again at the next interval; MAX_FAILED_POLLS in a row give the
 * call up as a deadline does. An answer without a status the extension ends a task with is a task
 * still running.
 */
export async function followTask(follower: TaskFollower, taskId: string, suggestedMs: number | undefined, signal: GiveUpSignal | undefined): Promise<TaskEnd> {
  let interval = pollInterval(suggestedMs);
  let failures = 0;
  for (;;) {
    if (await pause(interval, signal)) break;
    let answer: { value: unknown } | undefined;
    try {
      answer = await unlessAborted(follower.get(taskId, signal), signal);
      failures = 0;
    } catch {
      // The error may quote the server's data: nothing of it is kept; the next poll may answer.
      // A call without a deadline still ends: so many failures in a row are a server gone.
      if (++failures >= MAX_FAILED_POLLS) break;
      continue;
    }
    if (answer === undefined) break;
    const task = answer.value;
    if (task === undefined) return { kind: 'ended', result: endedWithout(TASK_LOST_TEXT, 'mcp.task_lost') };
    const status = member(task, 'status');
    const suggested = member(task, 'pollIntervalMs');
    if (typeof suggested === 'number') interval = pollInterval(suggested);
    if (typeof status !== 'string' || !ENDS.has(status)) continue;
    if (status === 'completed') return { kind: 'result', value: member(task, 'result') };
    // failed: a JSON-RPC error of the tool call (2026-07-28), so the answer of a direct call that failed so.
    if (status === 'failed') return { kind: 'failed' };
    if (status === 'cancelled') return { kind: 'ended', result: endedWithout(TASK_CANCELLED_TEXT, 'mcp.task_cancelled') };
    // input_required: this agent has no way to answer the task's question; the task is ended.
    await cancelTask(follower, taskId);
    return { kind: 'ended', result: endedWithout(INPUT_REQUIRED_TEXT, 'mcp.input_required') };
  }
  await cancelTask(follower, taskId);
  return { kind: 'gaveUp' };
}
