// The seam object of the integrations (seam.ts): its options are checked when it is made, the stack
// gets the audit record at its level, and the program reads each call back by its key.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callFingerprint } from '../../reference-impl/index.ts';
import { auditRecord, InMemoryLedger, ToolResult } from '../../reference-impl/internal.ts';
import { openSqliteLedger } from '../../reference-impl/ledger/sqlite.ts';
import { callThroughSeam } from './call.ts';
import { createSeam, seamOf, ToolResultSeam } from './seam.ts';
import { mcpRun } from './mcp-result.ts';
import { mcpTaskFollower } from './task-follower.ts';
import { INPUT_REQUIRED_TEXT, TASK_UNFOLLOWED_TEXT } from '../../reference-impl/index.ts';

const run = (text: string) => () => ToolResult.text(text, { structured: { secret: 'RUNONLYseam' } });

describe('createSeam', () => {
  it.each([['nothing'], ['everything'], [3]])('refuses the privacy level %s', (privacy) => {
    expect(() => createSeam({ privacy: privacy as never })).toThrow(RangeError);
  });

  it.each([
    ['a lone surrogate', '\ud800'],
    ['U+0000', 'a\u0000b'],
    ['1025 octets', 'x'.repeat(1025)],
  ])('refuses a scope with %s, without quoting it', (_n, scope) => {
    expect(() => createSeam({ scope })).toThrow(TypeError);
    try {
      createSeam({ scope });
    } catch (e) {
      expect((e as Error).message).not.toContain(scope);
    }
  });

  it('plain options make a seam of their own; a seam is used as it is', () => {
    const seam = createSeam();
    expect(seamOf(seam)).toBe(seam);
    expect(seamOf({ privacy: 'full' })).toBeInstanceOf(ToolResultSeam);
    expect(seamOf(undefined).privacy).toBe('metadata');
  });
});

describe('ToolResultSeam', () => {
  it('hands the stack the audit record at its level and gives the program the whole result by call ID', async () => {
    const ledger = new InMemoryLedger();
    const seam = createSeam({ ledger, privacy: 'redacted', scope: 'thread-1' });
    const out = await callThroughSeam('call_1', run('hello'), seam, { tool: 'lookup', arguments: { q: 1 } });
    const result = (await seam.result('call_1'))!;
    expect(result.structured).toEqual({ secret: 'RUNONLYseam' });
    expect(out.record).toEqual(auditRecord(result, ['redacted']));
    // The entry is where the key says: the seam's scope, the tool and its arguments.
    expect(ledger.entry('call_1', { scope: 'thread-1', fingerprint: callFingerprint('lookup', { q: 1 }) })).toBeDefined();
    expect(ledger.entry('call_1')).toBeUndefined();
  });

  it('reads a call by its place after a restart (a new seam on the same ledger); another place holds nothing', async () => {
    const ledger = new InMemoryLedger();
    await callThroughSeam('call_1', run('first'), createSeam({ ledger }), { scope: 'thread-a', tool: 'lookup', arguments: {} });
    const later = createSeam({ ledger });
    expect((await later.result('call_1', { scope: 'thread-a', tool: 'lookup', arguments: {} }))!.content).toBe('first');
    expect(await later.result('call_1', { scope: 'thread-b', tool: 'lookup', arguments: {} })).toBeUndefined();
    expect(await later.result('call_1')).toBeUndefined();
  });

  it('one call ID in two scopes is two calls, each run once and read back on its own', async () => {
    const seam = createSeam();
    let runs = 0;
    const counted = (text: string) => () => (runs++, ToolResult.text(text));
    await callThroughSeam('call_0', counted('alice'), seam, { scope: 'alice', tool: 'balance', arguments: {} });
    await callThroughSeam('call_0', counted('bob'), seam, { scope: 'bob', tool: 'balance', arguments: {} });
    expect(runs).toBe(2);
    expect((await seam.result('call_0', { scope: 'alice', tool: 'balance' }))!.content).toBe('alice');
    expect((await seam.result('call_0'))!.content).toBe('bob');
  });

  it('a ledger that cannot be read back (claim only) is said so by result(), not by the calls', async () => {
    const seam = createSeam({ ledger: { claim: () => ({ status: 'claimed', finish: () => {}, abandon: () => {}, recordTask: () => {} }) } });
    const out = await callThroughSeam('call_1', run('x'), seam, { tool: 'lookup', arguments: {} });
    expect(out.record.level).toBe('metadata');
    await expect(seam.result('call_1')).rejects.toThrow(/no entry\(\)/);
  });
});

describe('callThroughSeam: the arguments as JSON', () => {
  it('a member set to undefined is keyed as the JSON without it; arguments that are not JSON are keyed as {} and the tool still runs', async () => {
    const ledger = new InMemoryLedger();
    const seam = createSeam({ ledger });
    await callThroughSeam('call_1', run('a'), seam, { tool: 'lookup', arguments: { q: 1, page: undefined } });
    expect(ledger.entry('call_1', { fingerprint: callFingerprint('lookup', { q: 1 }) })).toBeDefined();
    const out = await callThroughSeam('call_2', run('b'), seam, { tool: 'lookup', arguments: { n: 10n } });
    expect(out.result.content).toBe('b');
    expect(ledger.entry('call_2', { fingerprint: callFingerprint('lookup', {}) })).toBeDefined();
  });
});

describe('ToolResultSeam over a durable ledger', () => {
  it('a program restarted on the same SQLite file reads the call back by its place', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trp-seam-'));
    try {
      const path = join(dir, 'ledger.db');
      const first = openSqliteLedger(path);
      await callThroughSeam('call_1', run('stored'), createSeam({ ledger: first }), { scope: 'thread-a', tool: 'lookup', arguments: { q: 1 } });
      await first.close();
      const again = openSqliteLedger(path);
      try {
        const seam = createSeam({ ledger: again });
        const result = (await seam.result('call_1', { scope: 'thread-a', tool: 'lookup', arguments: { q: 1 } }))!;
        expect(result.content).toBe('stored');
        expect(result.structured).toEqual({ secret: 'RUNONLYseam' });
        expect(await seam.result('call_1', { scope: 'thread-a', tool: 'lookup', arguments: { q: 2 } })).toBeUndefined();
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an MCP SDK 2.x client that hides a task (SdkError UNSUPPORTED_RESULT_TYPE)', () => {
  const sdkError = (resultType: string) =>
    Object.assign(new Error('Unsupported result type'), { code: 'UNSUPPORTED_RESULT_TYPE', data: { resultType, method: 'tools/call' } });

  it('TR-REPLAY-50: a hidden task ends unfollowed and stored, even with a follower; a hidden input request is answered unstored', async () => {
    const ledger = new InMemoryLedger();
    const seam = createSeam({ ledger });
    const where = { tool: 'slow', arguments: {} };
    let runs = 0;
    const hidden = (resultType: string) =>
      mcpRun(
        async () => {
          runs++;
          throw sdkError(resultType);
        },
        undefined,
        undefined,
      );
    const follower = { get: async () => ({ status: 'working' }), cancel: async () => undefined, read: () => ToolResult.text('never') };
    const task = await callThroughSeam('call_t', hidden('task'), seam, where, { follower });
    expect(task.result.content).toBe(TASK_UNFOLLOWED_TEXT);
    expect((await callThroughSeam('call_t', hidden('task'), seam, where, { follower })).replayed).toBe(true);
    const ask = await callThroughSeam('call_i', hidden('input_required'), seam, where);
    expect(ask.result.content).toBe(INPUT_REQUIRED_TEXT);
    expect(await seam.result('call_i')).toBeUndefined();
    const other = await callThroughSeam('call_o', hidden('something_else'), seam, where);
    expect(other.result.content).toBe('The tool failed without returning a result.');
    expect(runs).toBe(3);
  });
});

describe('mcpTaskFollower', () => {
  it('sends tasks/get and tasks/cancel on the client, reads -32602 as a lost task and passes other errors on', async () => {
    const sent: unknown[] = [];
    const client = (code?: number) => ({
      request: async (request: { method: string; params?: Record<string, unknown> }) => {
        sent.push(request);
        if (code !== undefined) throw Object.assign(new Error('RUNONLY'), { code });
        return { status: 'working' };
      },
    });
    const read = () => ToolResult.text('x');
    expect(await mcpTaskFollower(client(), read).get('task-1', undefined)).toEqual({ status: 'working' });
    expect(await mcpTaskFollower(client(-32602), read).get('task-1', undefined)).toBeUndefined();
    await expect(mcpTaskFollower(client(-32603), read).get('task-1', undefined)).rejects.toThrow('RUNONLY');
    await mcpTaskFollower(client(), read).cancel('task-1');
    expect(sent).toEqual([
      { method: 'tasks/get', params: { taskId: 'task-1' } },
      { method: 'tasks/get', params: { taskId: 'task-1' } },
      { method: 'tasks/get', params: { taskId: 'task-1' } },
      { method: 'tasks/cancel', params: { taskId: 'task-1' } },
    ]);
  });
});
