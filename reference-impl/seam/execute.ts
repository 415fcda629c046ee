// The single tool-execution seam (spec/07-replay.md §7.3): every call passes through here. The
// first call of a call (scope, call ID, fingerprint) runs the tool, bounds, runs the hooks (which
// bound again) and stores the post-hook result; a repeated call returns that stored result without
// running the tool; a concurrent repeat waits for the first.
import { types } from 'node:util';
import { bound, type BoundOptions } from '../bound/index.ts';
import { resolveOptions } from '../bound/options.ts';
import { expose, resolveExposure, type ExposurePolicy } from '../exposure/expose.ts';
import { transformToolResultAsync, type AsyncToolResultHook } from '../hooks/pipeline.ts';
import { persist, restore } from '../ledger/entry.ts';
import { INTERRUPTED_TEXT } from '../ledger/interrupted.ts';
import { callFingerprint, checkScope } from '../ledger/call-key.ts';
import type { ReplayLedger } from '../ledger/claim.ts';
import { LedgerStoreError } from '../ledger/store-error.ts';
import { silentLogger, type Logger } from '../logger.ts';
import { PendingCall } from '../normalize/pending-call.ts';
import { ToolResult, type BoundedToolResult } from '../tool-result.ts';
import type { GiveUpSignal } from './give-up-signal.ts';
import { cancelTask, endedWithout, followTask, INPUT_REQUIRED_TEXT, TASK_UNFOLLOWED_TEXT, type TaskEnd, type TaskFollower } from './follow-task.ts';

export type { GiveUpSignal } from './give-up-signal.ts';

/** The content of the error result that stands in for a tool that threw (TR-REPLAY-10). */
export const TOOL_FAILED_TEXT = 'The tool failed without returning a result.';

/** One tool call for the seam: its ID, its scope, tool and arguments (the ledger key, spec §7.2) and the function that runs it. */
export interface ToolCall {
  /** The stable ID of the call: equal for a call and its repeats (e.g. the provider's tool-call ID). */
  readonly callId: string;
  /** Runs the tool. Called at most once per call (scope, call ID, fingerprint). */
  readonly run: () => ToolResult | Promise<ToolResult>;
  /**
   * The run or conversation the call belongs to (the stack's thread or session ID); default '', the
   * default scope. A call ID is claimed within its scope: another scope's call of the same ID is
   * another call (§7.3). At most 1024 UTF-8 octets, well-formed, no U+0000.
   */
  readonly scope?: string;
  /**
   * The tool's name as the model called it. With it the call's key holds its fingerprint (the tool
   * and its arguments): a call that reuses an ID for another question runs and is answered on its
   * own. Without it the fingerprint is '' (every call before layout 2 had that one).
   */
  readonly tool?: string;
  /** The call's arguments, a plain JSON object (default {}); only with `tool`. */
  readonly arguments?: Readonly<Record<string, unknown>>;
  /**
   * Gives the call up (its deadline passed, its caller cancelled it): the seam stops waiting for the
   * tool and records the call as interrupted (TR-REPLAY-38, TR-REPLAY-39). Pass the same signal to
   * whatever the tool waits on, so that it stops too.
   */
  readonly signal?: GiveUpSignal;
  /**
   * Follows the MCP task a call may become (spec/07-replay.md §7.10): `run` throws the normalizer's
   * PendingCall of kind `task`, the seam records the task with the claim and polls it through this
   * follower until it ends or the call is given up. Without one, such a call ends as the
   * task-unfollowed error result.
   */
  readonly follower?: TaskFollower;
}

/** Options of the execution seam: the ledger, the budgets, the hooks, the exposure policy and the logger every call goes through. */
export interface SeamOptions {
  readonly ledger: ReplayLedger;
  readonly hooks?: readonly AsyncToolResultHook[];
  readonly bound?: BoundOptions;
  /** What the model is shown of structured (spec/12-exposure.md); applied after the hooks. Default none. */
  readonly exposure?: ExposurePolicy;
  readonly logger?: Logger;
}

/** What a call through the seam gives: the bounded result (hand the provider `toWireMessage(result)`) and whether it came from the ledger. */
export interface SeamOutcome {
  readonly result: BoundedToolResult;
  /**
   * True when the result came from the ledger rather than from this caller's run of the tool: a
   * replay, or a claim whose lease ran out before its result was stored (TR-REPLAY-24).
   */
  readonly replayed: boolean;
}

/**
 * Runs the tool. The value comes back in a box: an async function resolving to the bare value would
 * look up its `then`, outside this try, running code of the value (a getter, a proxy trap anywhere
 * in its prototype chain). For the same reason only a native promise is awaited; whatever else the
 * tool returned goes to the bounder as it is, which tells a result by its seal (TR-BOUND-0).
 */
async function runTool(call: ToolCall, logger: Logger): Promise<{ readonly value: unknown } | { readonly pending: PendingCall }> {
  try {
    const out: unknown = call.run();
    return { value: types.isPromise(out) && !types.isProxy(out) ? await out : out };
  } catch (e) {
    // Not a result: the call became a task or asks for input (spec §7.10).
    if (e instanceof PendingCall) return { pending: e };
    // The exception may quote the tool's data: neither its message nor its type is kept or logged.
    // A run given up rejects as it is stopped; that is not the tool's failure, and nothing waits for it.
    if (!call.signal?.aborted) logger.log('warn', 'tool threw; a generic error result stands in for it');
    return { value: ToolResult.error(TOOL_FAILED_TEXT) };
  }
}

/** The result of a call given up (TR-REPLAY-38): the interrupted entry's error result. */
function interrupted(options: SeamOptions): BoundedToolResult {
  return bound(ToolResult.error(INTERRUPTED_TEXT), options.bound);
}

/**
 * `work`, or the abort of `signal` if it comes first (then `gaveUp` is true). The listener is removed
 * once either settles, so a signal that outlives many calls does not collect them.
 */
async function unlessGivenUp<T>(
  work: Promise<T>,
  signal: GiveUpSignal | undefined,
): Promise<{ readonly gaveUp: false; readonly value: T } | { readonly gaveUp: true }> {
  if (!signal) return { gaveUp: false, value: await work };
  if (signal.aborted) return { gaveUp: true };
  let onAbort!: () => void;
  const aborted = new Promise<{ readonly gaveUp: true }>((resolve) => {
    onAbort = () => resolve({ gaveUp: true });
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work.then((value) => ({ gaveUp: false as const, value })), aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

/**
 * The call's scope and fingerprint, checked: a TypeError (naming what is wrong, never quoting a
 * value) before anything is claimed or run.
 */
function keyOf(call: ToolCall): { readonly scope: string; readonly fingerprint: string } {
  const scope = call.scope ?? '';
  checkScope(scope);
  if (call.tool === undefined) {
    if (call.arguments !== undefined) throw new TypeError('a call with arguments must name its tool');
    return { scope, fingerprint: '' };
  }
  return { scope, fingerprint: callFingerprint(call.tool, call.arguments ?? {}) };
}

/** A result from the tool's own value: bound, the hooks (which bound again), exposure last. */
async function finalResult(value: unknown, options: SeamOptions, logger: Logger): Promise<BoundedToolResult> {
  const first = bound(value as ToolResult, options.bound);
  // With no hooks the pipeline would only bound `first` again with the same options: skip the walk.
  const hooks = options.hooks ?? [];
  const hooked = hooks.length === 0 ? first : await transformToolResultAsync(first, hooks, { bound: options.bound, logger });
  // Exposure last, so the ledger, and every replay, holds exactly what the model was sent (TR-EXPOSE-9).
  return expose(hooked, options.exposure, options.bound);
}

type Claimed = Extract<Awaited<ReturnType<ReplayLedger['claim']>>, { status: 'claimed' }>;

/**
 * What a claimed call comes to: a result to store; `unstored`, a result handed back with the claim
 * abandoned (input required: nothing ran, TR-REPLAY-51); `lost`, the claim's lease ran out before
 * the task was recorded (the caller claims again and gets what is stored).
 */
type Made =
  | { readonly kind: 'store'; readonly result: BoundedToolResult }
  | { readonly kind: 'unstored'; readonly result: BoundedToolResult }
  | { readonly kind: 'lost' };

async function resultOfClaim(call: ToolCall, claim: Claimed, options: SeamOptions, logger: Logger): Promise<Made> {
  if (claim.task !== undefined) {
    // A takeover: the claimant before this one recorded a task and died; the tool is never run again.
    if (!call.follower) {
      logger.log('warn', 'a recorded task was taken over without a follower; the call is recorded as interrupted');
      return { kind: 'store', result: interrupted(options) };
    }
    logger.log('info', 'a recorded task was taken over; it is followed, the tool is not run again');
    return { kind: 'store', result: await taskResult(call, call.follower, claim.task.taskId, undefined, options, logger) };
  }
  // The tool is not started once the call is given up; a run still going when it is given up is
  // left to finish on its own, and what it returns then is dropped (TR-REPLAY-38).
  const ran = call.signal?.aborted ? ({ gaveUp: true } as const) : await unlessGivenUp(runTool(call, logger), call.signal);
  if (ran.gaveUp) {
    // The interrupted entry as it is: no hook or exposure policy changes the ledger's own answer.
    logger.log('warn', 'tool call given up (deadline or cancellation) before it returned; it is recorded as interrupted');
    return { kind: 'store', result: interrupted(options) };
  }
  if (!('pending' in ran.value)) return { kind: 'store', result: await finalResult(ran.value.value, options, logger) };
  const pending = ran.value.pending;
  if (pending.kind === 'input_required' || pending.task === undefined) {
    // Nothing ran: the server answers the same request again once it has the input (TR-REPLAY-51).
    await claim.abandon();
    logger.log('warn', 'the MCP server asked for input this agent cannot give; the claim is given up and nothing is stored');
    return { kind: 'unstored', result: bound(endedWithout(INPUT_REQUIRED_TEXT, 'mcp.input_required'), options.bound) };
  }
  const task = pending.task;
  // An empty task ID: the client SDK reported a task without handing its ID up; nothing can poll it.
  if (!call.follower || task.taskId === '') {
    logger.log('warn', 'the tool started an MCP task this seam cannot follow; the call ends unfollowed');
    return { kind: 'store', result: bound(endedWithout(TASK_UNFOLLOWED_TEXT, 'mcp.task_unfollowed'), options.bound) };
  }
  try {
    // Durable before the first poll: a process that resumes after this one died polls this task (TR-REPLAY-46).
    await claim.recordTask(task.taskId);
  } catch (e) {
    if (e instanceof LedgerStoreError && e.code === 'ledger.lease_lost') {
      // The call was recorded as interrupted meanwhile: its answer stands, and the task is not wanted.
      await cancelTask(call.follower, task.taskId);
      return { kind: 'lost' };
    }
    if (e instanceof TypeError) {
      // A task ID no store can keep (too long, U+0000): followed, but a resumed run cannot find it.
      logger.log('warn', 'the task ID cannot be recorded; the task is followed without a record');
    } else {
      await cancelTask(call.follower, task.taskId);
      throw e;
    }
  }
  return { kind: 'store', result: await taskResult(call, call.follower, task.taskId, task.pollIntervalMs, options, logger) };
}

/** Follows the task to its end and makes the call's result of it (TR-REPLAY-47, TR-REPLAY-48). */
async function taskResult(
  call: ToolCall,
  follower: TaskFollower,
  taskId: string,
  pollIntervalMs: number | undefined,
  options: SeamOptions,
  logger: Logger,
): Promise<BoundedToolResult> {
  const end: TaskEnd = await followTask(follower, taskId, pollIntervalMs, call.signal);
  if (end.kind === 'gaveUp') {
    logger.log('warn', 'tool call given up while its task ran; the task was cancelled and the call is recorded as interrupted');
    return interrupted(options);
  }
  // failed: the tool call's JSON-RPC error (2026-07-28), answered as a direct call that failed so (TR-REPLAY-11).
  if (end.kind === 'failed') return finalResult(ToolResult.error(TOOL_FAILED_TEXT), options, logger);
  if (end.kind === 'ended') {
    // The seam's own answer, as the interrupted entry: bounded, no hook or exposure policy changes it.
    logger.log('warn', 'the task ended without the tool result');
    return bound(end.result, options.bound);
  }
  let value: unknown;
  try {
    value = await follower.read(end.value);
  } catch (e) {
    // A completed task whose result is itself a task or a question: fails closed, never a result.
    if (e instanceof PendingCall) return bound(endedWithout(TASK_UNFOLLOWED_TEXT, 'mcp.task_unfollowed'), options.bound);
    logger.log('warn', "the completed task's result could not be read; a generic error result stands in for it");
    value = ToolResult.error(TOOL_FAILED_TEXT);
  }
  return finalResult(value, options, logger);
}

/**
 * Executes a tool call through the ledger. Resolves to the post-hook bounded result. Rejects with a
 * LedgerStoreError when the store fails: before the tool ran (it is not run), or while storing its
 * result (the claim is left to its lease, so the call is never run a second time; TR-REPLAY-30).
 */
export async function executeToolCall(call: ToolCall, options: SeamOptions): Promise<SeamOutcome> {
  const logger = options.logger ?? silentLogger;
  // Invalid options throw here, before any call ID is claimed and before the tool runs (TR-MODEL-10),
  // so a tool never runs without an entry to store (TR-REPLAY-12 then frees nothing: there is no claim yet).
  resolveOptions(options.bound);
  resolveExposure(options.exposure); // a bad policy is refused before any tool runs
  const at = keyOf(call);
  for (;;) {
    const claim = await options.ledger.claim(call.callId, at);
    if (claim.status === 'stored') {
      const result = restore(claim.entry, options.bound);
      logger.log('info', 'tool call replayed from the ledger', { isError: result.isError });
      return { result, replayed: true };
    }
    if (claim.status === 'pending') {
      // Given up while another caller's claim runs: the claim is not ours to record (TR-REPLAY-39).
      if ((await unlessGivenUp(claim.settled, call.signal)).gaveUp) {
        logger.log('warn', 'tool call given up while another caller ran it; the interrupted result is returned and nothing is stored');
        return { result: interrupted(options), replayed: false };
      }
      continue; // stored now, abandoned and free to claim again, or its lease ran out
    }
    let result: BoundedToolResult;
    try {
      const made = await resultOfClaim(call, claim, options, logger);
      if (made.kind === 'unstored') return { result: made.result, replayed: false };
      if (made.kind === 'lost') continue;
      result = made.result;
    } catch (e) {
      // Options the bounder refuses: free the call ID so a waiter is not stuck. A store that failed
      // to record a task leaves the claim to its lease: the tool started, it is never run again.
      if (!(e instanceof LedgerStoreError)) await claim.abandon();
      throw e;
    }
    try {
      await claim.finish(persist(result));
    } catch (e) {
      if (e instanceof LedgerStoreError && e.code === 'ledger.lease_lost') {
        // Another caller recorded the call as interrupted: every caller of the ID gets that one answer.
        logger.log('warn', 'the claim lease ran out before the result was stored; the stored interrupted result is returned');
        continue;
      }
      logger.log('error', 'the ledger could not store the result; the call is left to its lease and is not run again');
      throw e;
    }
    logger.log('info', 'tool call executed', { isError: result.isError, warnings: result.warnings.length });
    return { result, replayed: false };
  }
}
