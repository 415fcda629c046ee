// The seam's rules for a call that became an MCP task or asks for input (spec/07-replay.md §7.10):
// what each end of the task becomes, what is stored, and that the tool runs once.
import { describe, expect, it } from 'vitest';
import { InMemoryLedger } from '../ledger/memory-ledger.ts';
import { persist } from '../ledger/entry.ts';
import { INTERRUPTED_TEXT } from '../ledger/interrupted.ts';
import { normalizeMcp } from '../normalize/index.ts';
import { executeToolCall, TOOL_FAILED_TEXT } from './execute.ts';
import { INPUT_REQUIRED_TEXT, TASK_CANCELLED_TEXT, TASK_LOST_TEXT, TASK_UNFOLLOWED_TEXT, type TaskFollower } from './follow-task.ts';
import type { ReplayLedger } from '../ledger/claim.ts';

const HANDLE = { resultType: 'task', taskId: 'task-1', status: 'working', pollIntervalMs: 0, ttlMs: null, createdAt: 'x', lastUpdatedAt: 'x' };
const DONE = { content: [{ type: 'text', text: 'the answer' }], structuredContent: { n: 1 } };

/** A follower whose tasks/get answers the given answers in turn (the last one repeats), counting what it is sent. */
function follower(...answers: unknown[]): TaskFollower & { gets: string[]; cancels: string[] } {
  const gets: string[] = [];
  const cancels: string[] = [];
  return {
    gets,
    cancels,
    get: async (taskId) => {
      gets.push(taskId);
      const next = answers.length > 1 ? answers.shift() : answers[0];
      if (next instanceof Error) throw next;
      return next;
    },
    cancel: async (taskId) => {
      cancels.push(taskId);
    },
    read: (result) => normalizeMcp(result),
  };
}

/** A tool that answers `answer` through the MCP normalizer, counting its runs. */
function tool(answer: unknown): { runs: number; run: () => ReturnType<typeof normalizeMcp> } {
  const t = {
    runs: 0,
    run: () => {
      t.runs++;
      return normalizeMcp(answer);
    },
  };
  return t;
}

describe('a call that becomes an MCP task', () => {
  it('TR-REPLAY-46: records the task with the claim before it polls, stores the completed result, and replays it without running the tool again', async () => {
    const ledger = new InMemoryLedger();
    const order: string[] = [];
    const recording: ReplayLedger = {
      claim: async (id, at) => {
        const c = await ledger.claim(id, at);
        if (c.status !== 'claimed') return c;
        return { ...c, recordTask: async (taskId: string) => (order.push(`record:${taskId}`), c.recordTask(taskId)) };
      },
    };
    const f = follower({ status: 'working' }, { status: 'completed', result: DONE });
    const get = f.get;
    f.get = (id, s) => (order.push(`get:${id}`), get(id, s));
    const t = tool(HANDLE);
    const out = await executeToolCall({ callId: 'c1', run: t.run, follower: f }, { ledger: recording });
    expect(out.result.content).toBe('the answer');
    expect(out.result.structured).toEqual({ n: 1 });
    expect(order).toEqual(['record:task-1', 'get:task-1', 'get:task-1']);
    const again = await executeToolCall({ callId: 'c1', run: t.run, follower: f }, { ledger });
    expect(again.replayed).toBe(true);
    expect(persist(again.result)).toBe(persist(out.result));
    expect(t.runs).toBe(1);
  });

  it.each([
    ['cancelled', { status: 'cancelled' }, TASK_CANCELLED_TEXT, ['mcp.task_cancelled'], []],
    ['unknown to the server', undefined, TASK_LOST_TEXT, ['mcp.task_lost'], []],
    ['waiting for input', { status: 'input_required' }, INPUT_REQUIRED_TEXT, ['mcp.input_required'], ['task-1']],
    ['failed', { status: 'failed', error: { code: -32603, message: 'RUNONLY boom' } }, TOOL_FAILED_TEXT, [], []],
  ])('TR-REPLAY-47, TR-REPLAY-52: a task %s ends as its pinned error result, stored', async (_n, answer, text, warnings, cancels) => {
    const ledger = new InMemoryLedger();
    const f = follower(answer);
    const out = await executeToolCall({ callId: 'c1', run: tool(HANDLE).run, follower: f }, { ledger });
    expect(out.result.isError).toBe(true);
    expect(out.result.content).toBe(text);
    expect(out.result.warnings.map((w) => w.code)).toEqual(warnings);
    expect(f.cancels).toEqual(cancels);
    expect(ledger.entry('c1')).toBeDefined();
  });

  it('TR-REPLAY-47: a completed task whose result is itself a task fails closed (never an empty success)', async () => {
    const out = await executeToolCall(
      { callId: 'c1', run: tool(HANDLE).run, follower: follower({ status: 'completed', result: HANDLE }) },
      { ledger: new InMemoryLedger() },
    );
    expect(out.result.content).toBe(TASK_UNFOLLOWED_TEXT);
    expect(out.result.isError).toBe(true);
  });

  it('TR-REPLAY-50: without a follower the call ends unfollowed and is stored: the tool started, it is not run again', async () => {
    const ledger = new InMemoryLedger();
    const t = tool(HANDLE);
    const out = await executeToolCall({ callId: 'c1', run: t.run }, { ledger });
    expect(out.result.content).toBe(TASK_UNFOLLOWED_TEXT);
    expect(out.result.warnings.map((w) => w.code)).toEqual(['mcp.task_unfollowed']);
    expect((await executeToolCall({ callId: 'c1', run: t.run }, { ledger })).replayed).toBe(true);
    expect(t.runs).toBe(1);
  });

  it('TR-REPLAY-46: a poll that fails is polled again; the task is not lost for it', async () => {
    const f = follower(new Error('RUNONLY transport'), { status: 'completed', result: DONE });
    const out = await executeToolCall({ callId: 'c1', run: tool(HANDLE).run, follower: f }, { ledger: new InMemoryLedger() });
    expect(out.result.content).toBe('the answer');
    expect(f.gets).toHaveLength(2);
  });

  it('TR-REPLAY-48: given up while the task runs: tasks/cancel is sent and the call is recorded as interrupted', async () => {
    const ledger = new InMemoryLedger();
    const controller = new AbortController();
    const f = follower({ status: 'working' });
    const get = f.get;
    // Aborted once the task has been polled three times: counted, not timed.
    f.get = (id, s) => (f.gets.length === 2 && controller.abort(), get(id, s));
    const out = await executeToolCall({ callId: 'c1', run: tool(HANDLE).run, follower: f, signal: controller.signal }, { ledger });
    expect(out.result.content).toBe(INTERRUPTED_TEXT);
    expect(f.cancels).toEqual(['task-1']);
    expect(ledger.entry('c1')).toBeDefined();
  });

  it('TR-REPLAY-49: a takeover polls the recorded task and never runs the tool; without a follower it is the interrupted entry', async () => {
    const finished: string[] = [];
    const takeover: ReplayLedger = {
      claim: () => ({
        status: 'claimed',
        task: { taskId: 'task-9' },
        finish: (entry: string) => void finished.push(entry),
        abandon: () => undefined,
        recordTask: () => undefined,
      }),
    };
    const t = tool(HANDLE);
    const f = follower({ status: 'completed', result: DONE });
    const out = await executeToolCall({ callId: 'c1', run: t.run, follower: f }, { ledger: takeover });
    expect(out.result.content).toBe('the answer');
    expect(f.gets).toEqual(['task-9']);
    expect(t.runs).toBe(0);
    const bare = await executeToolCall({ callId: 'c1', run: t.run }, { ledger: takeover });
    expect(bare.result.content).toBe(INTERRUPTED_TEXT);
    expect(t.runs).toBe(0);
    expect(finished).toHaveLength(2);
  });
});

describe('a call the server answers with an input-required result', () => {
  it('TR-REPLAY-51, TR-REPLAY-52: ends as the pinned error result, stores nothing and gives the claim up: a later call runs again', async () => {
    const ledger = new InMemoryLedger();
    const t = tool({ resultType: 'input_required', inputRequests: { a: { method: 'elicitation/create', params: {} } } });
    const out = await executeToolCall({ callId: 'c1', run: t.run, follower: follower({ status: 'working' }) }, { ledger });
    expect(out.result.content).toBe(INPUT_REQUIRED_TEXT);
    expect(out.result.warnings.map((w) => w.code)).toEqual(['mcp.input_required']);
    expect(ledger.entry('c1')).toBeUndefined();
    await executeToolCall({ callId: 'c1', run: t.run }, { ledger });
    expect(t.runs).toBe(2);
  });
});
