// A LangChain MCP tool whose server answers with a 2026-07-28 task (integrations/testing/task-server.mjs,
// a real server over stdio): the call's process is killed (SIGKILL) while the task runs and a new
// process resumes on the same SQLite ledger: the tool ran once (the server's counter), the new
// process polled the same task, and the one stored result replays byte for byte. A task that
// outlives the deadline ends as the interrupted result and is cancelled on the server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { INTERRUPTED_TEXT } from '../../reference-impl/internal.ts';

const WORKER = fileURLToPath(new URL('../testing/task-worker.ts', import.meta.url));
const node = [process.execPath, '--import', import.meta.resolve('tsx')];
const folders: string[] = [];
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true });
});

const events = (dir: string): string[] => (existsSync(join(dir, 'events')) ? readFileSync(join(dir, 'events'), 'utf8').split('\n').filter(Boolean) : []);

function runWorker(dir: string, deadlineMs?: number): { out: { content: string; status: string; entry: string; ms: number } } {
  const r = spawnSync(node[0]!, [...node.slice(1), WORKER, dir, ...(deadlineMs ? [String(deadlineMs)] : [])], { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`worker failed (${r.status}) in ${dir}: ${r.stderr}`);
  return { out: JSON.parse(r.stdout.trim().split('\n').at(-1)!) };
}

/** Resolves once `done()` holds, checking every 20 ms; a clock only guards a hang. */
async function until(done: () => boolean, what: string): Promise<void> {
  const give = Date.now() + 60_000;
  while (!done()) {
    if (Date.now() > give) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('LangChain MCP tools and a server that answers with tasks', () => {
  it('killed while the task runs and resumed in a new process: one execution, the same task polled, one result replayed byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tr-task-'));
    folders.push(dir);
    const first: ChildProcess = spawn(node[0]!, [...node.slice(1), WORKER, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    // Killed once it polls the task: by then the seam recorded the task with its claim.
    await until(() => events(dir).some((e) => e.startsWith('get:')), 'the first process polled the task');
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const [run] = events(dir).filter((e) => e.startsWith('run:'));
    const taskId = run!.slice('run:'.length);
    writeFileSync(join(dir, 'release'), '');
    const resumed = runWorker(dir).out;
    expect(resumed.status).toBe('success');
    expect(resumed.content).toContain('slow result for Oslo');
    // The server ran the tool once; every poll and nothing else named that one task.
    expect(events(dir).filter((e) => e.startsWith('run:'))).toEqual([run]);
    expect(new Set(events(dir).map((e) => e.split(':').slice(1).join(':')))).toEqual(new Set([taskId]));
    const replay = runWorker(dir).out;
    expect(replay.entry).toBe(resumed.entry);
    expect(replay.content).toBe(resumed.content);
    expect(events(dir).filter((e) => e.startsWith('run:'))).toHaveLength(1);
  }, 180_000);

  it('a task that outlives the deadline ends as the interrupted result within the deadline plus 2 s, and is cancelled on the server', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tr-task-'));
    folders.push(dir);
    const deadline = 1500;
    const { out } = runWorker(dir, deadline);
    expect(out.status).toBe('error');
    expect(out.content).toBe(JSON.stringify({ error: INTERRUPTED_TEXT }));
    // The bound: the answer within the deadline plus 2 s (the call's own time, in the worker).
    expect(out.ms).toBeLessThan(deadline + 2000);
    const task = events(dir)
      .find((e) => e.startsWith('run:'))!
      .slice('run:'.length);
    expect(events(dir)).toContain(`cancel:${task}`);
    const stored = JSON.parse(readFileSync(join(dir, `${task}.json`), 'utf8')) as { status: string };
    expect(stored.status).toBe('cancelled');
  }, 120_000);
});
