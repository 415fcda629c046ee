// A task recorded with a claim (spec/07-replay.md §7.7, TR-REPLAY-42..45). While a row is
// claimed, its entry column holds NULL or the canonical JSON {"task":{"taskId":"<id>"}}: the layout
// does not change, and a store that meets the row after the lease ran out hands the task to the next
// claimant instead of recording the call as interrupted.
import { canonicalize, hasLoneSurrogate, JsonSyntaxError, parseStrict } from '../canonical-json/index.ts';
import { MAX_CALL_ID_OCTETS } from './call-key.ts';

/** The task a claim took over: the ID the MCP server gave when the tool call became a task. */
export interface RecordedTask {
  readonly taskId: string;
}

/**
 * Throws a TypeError unless `taskId` is a task ID a store keeps unchanged: a call ID's limits
 * (TR-REPLAY-21). The message never quotes the ID: a server chose it, and it may be anything.
 */
export function checkTaskId(taskId: unknown): asserts taskId is string {
  if (typeof taskId !== 'string' || taskId.length === 0) throw new TypeError('a task ID must be a non-empty string');
  if (hasLoneSurrogate(taskId)) throw new TypeError('a task ID must be well-formed Unicode (it holds a lone surrogate)');
  if (taskId.includes('\u0000')) throw new TypeError('a task ID must not contain U+0000');
  if (Buffer.byteLength(taskId, 'utf8') > MAX_CALL_ID_OCTETS) throw new TypeError(`a task ID must be at most ${MAX_CALL_ID_OCTETS} UTF-8 octets`);
}

/** The entry column of a claimed row that holds a task: canonical JSON, the same octets in every language. */
export function taskEntry(taskId: string): string {
  checkTaskId(taskId);
  return canonicalize({ task: { taskId } });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * The task ID a claimed row's entry column holds, or undefined when it holds none. Only the exact
 * octets taskEntry writes count (TR-REPLAY-44): anything else (NULL, text, other JSON, a task ID a
 * store would refuse) is no task, and a claim that meets it after the lease records the interrupted
 * entry, as before tasks: a row no store wrote is never taken for a task the tool may not have.
 */
export function taskOfEntry(stored: unknown): string | undefined {
  if (!(stored instanceof Uint8Array)) return undefined;
  let text: string;
  let parsed: unknown;
  try {
    text = strictUtf8.decode(stored);
    parsed = parseStrict(text, { maxDepth: 2 });
  } catch (e) {
    if (e instanceof JsonSyntaxError || e instanceof TypeError || e instanceof RangeError) return undefined;
    throw e;
  }
  const task = (parsed as { task?: { taskId?: unknown } } | null)?.task;
  const taskId = task !== null && typeof task === 'object' ? task.taskId : undefined;
  if (typeof taskId !== 'string') return undefined;
  try {
    return taskEntry(taskId) === text ? taskId : undefined;
  } catch {
    return undefined;
  }
}
