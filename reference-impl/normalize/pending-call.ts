// What an MCP server answers when a tools/call is not finished (spec/10-normalization.md §10.3,
// TR-NORM-22..25): a task handle (2026-07-28 `resultType: "task"`, or a 2025-11-25
// CreateTaskResult) or an input-required result (SEP-2322). Neither is a tool result, so the
// normalizer makes none and throws a PendingCall the caller continues (polls the task) or ends.
import { field, isPlainObject } from './read-plain.ts';

/** The task protocol a handle came in: the two are not wire-compatible (2025-11-25 `failed` is 2026-07-28 `completed` with isError). */
export type TaskVersion = '2026-07-28' | '2025-11-25';

/** The task a server started for the call: what the caller needs to poll it, nothing else. */
export interface PendingTask {
  readonly taskId: string;
  readonly status: string;
  /** The server's suggested poll interval in milliseconds, when it gave an integer from 0 to 2^53 − 1. */
  readonly pollIntervalMs?: number;
  readonly taskVersion: TaskVersion;
}

export type PendingKind = 'task' | 'input_required';

const MESSAGES: Readonly<Record<PendingKind, string>> = {
  task: 'the MCP server answered with a task handle; the call is not finished',
  input_required: 'the MCP server asked for input; the call is not finished',
};

/**
 * Thrown by the MCP normalizer for an answer that is not a result yet. The message is fixed per
 * kind: it never holds the task ID or any other value of the answer, so it can be logged.
 */
export class PendingCall extends Error {
  readonly kind: PendingKind;
  /** Present exactly when `kind` is `task`. */
  readonly task?: PendingTask;

  constructor(kind: 'task', task: PendingTask);
  constructor(kind: 'input_required');
  constructor(kind: PendingKind, task?: PendingTask) {
    super(MESSAGES[kind]);
    this.name = 'PendingCall';
    this.kind = kind;
    if (task !== undefined) this.task = task;
  }

  /** The kit protocol's form of the pending call (NormalizeOutput `pending`). */
  toRecord(): { kind: 'task'; taskId: string; status: string; pollIntervalMs?: number; taskVersion: TaskVersion } | { kind: 'input_required' } {
    if (this.task === undefined) return { kind: 'input_required' };
    const { taskId, status, pollIntervalMs, taskVersion } = this.task;
    return { kind: 'task', taskId, status, ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }), taskVersion };
  }
}

/** A safe integer ≥ 0 (`5.0` is 5; `-0` is 0), else undefined: the interval is advice, so a bad one is dropped, not fatal. */
function interval(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v + 0 : undefined;
}

/** What `resultType` says the answer is (TR-NORM-22): a result, not finished, or unknown. */
export type ResultTypeReading =
  | { readonly kind: 'result' }
  | { readonly kind: 'pending'; readonly pending: PendingCall }
  | { readonly kind: 'malformed' }
  | { readonly kind: 'unknown' };

/**
 * Reads the kind of an MCP answer (an object) before any of its content: `resultType` absent or
 * `complete` is a result (then a 2025-11-25 CreateTaskResult is told by its shape), `task` and
 * `input_required` are pending calls, anything else is unknown (fails closed, TR-NORM-25).
 */
export function readResultType(value: Record<string, unknown>): ResultTypeReading {
  const resultType = field(value, 'resultType');
  if (resultType === undefined) return legacyTask(value);
  if (resultType === 'complete') return { kind: 'result' };
  if (resultType === 'input_required') return { kind: 'pending', pending: new PendingCall('input_required') };
  if (resultType === 'task') {
    // TR-NORM-23: a 2026-07-28 CreateTaskResult holds the Task's members at its top level.
    const taskId = field(value, 'taskId');
    const status = field(value, 'status');
    if (typeof taskId !== 'string' || typeof status !== 'string') return { kind: 'malformed' };
    const pollIntervalMs = interval(field(value, 'pollIntervalMs'));
    return {
      kind: 'pending',
      pending: new PendingCall('task', { taskId, status, ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }), taskVersion: '2026-07-28' }),
    };
  }
  return { kind: 'unknown' };
}

/** TR-NORM-23: a 2025-11-25 CreateTaskResult has no resultType and no content, and a `task` whose taskId is a string. */
function legacyTask(value: Record<string, unknown>): ResultTypeReading {
  if (field(value, 'content') !== undefined) return { kind: 'result' };
  const task = field(value, 'task');
  if (!isPlainObject(task)) return { kind: 'result' };
  const taskId = field(task, 'taskId');
  if (typeof taskId !== 'string') return { kind: 'result' };
  const status = field(task, 'status');
  if (typeof status !== 'string') return { kind: 'malformed' };
  const pollIntervalMs = interval(field(task, 'pollInterval'));
  return {
    kind: 'pending',
    pending: new PendingCall('task', { taskId, status, ...(pollIntervalMs === undefined ? {} : { pollIntervalMs }), taskVersion: '2025-11-25' }),
  };
}
