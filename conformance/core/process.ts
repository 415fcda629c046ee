// The adapter as a child process: spawn, one-JSON-object-per-line framing, per-request timeouts,
// bounded restarts, clean stop. Every way an adapter can misbehave (crash, hang, garbage, an endless
// line, a wrong or missing id) becomes a Reply of kind 'broken' with a reason; nothing here hangs.
import { jsonText } from '../protocol/json-text.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { checkResponse, outputProblem, PROTOCOL, type HelloOutput } from '../protocol/messages.ts';
import { terminalSafe } from './terminal-safe.ts';

/** How long the runner still reads the adapter's pipes after it exited (a child may hold them open). */
export const PIPE_GRACE_MS = 250;

// The adapter runs in its own process group (TR-CONF-15), so that ending it ends whatever it
// started: a forked child that holds stdout open would otherwise keep the runner waiting, a daemon
// for good. Not on Windows, which has no process groups.
const GROUPS = process.platform !== 'win32';

/** Ends the adapter's whole process group (or the process alone where there are no groups). */
function killGroup(child: ChildProcess): void {
  if (GROUPS && child.pid !== undefined) {
    try {
      process.kill(-child.pid, 'SIGKILL');
      return;
    } catch {
      // ESRCH: the group is gone already; fall through for the process itself
    }
  }
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** Stops reading a child's pipes: what still holds them open no longer keeps the runner alive. */
function releasePipes(child: ChildProcess): void {
  child.stdout?.destroy();
  child.stderr?.destroy();
  child.stdin?.destroy();
}

export type Reply =
  | { kind: 'ok'; output: Record<string, unknown>; logs: string[]; line: string }
  | { kind: 'error'; code: string; message: string; logs: string[]; line: string }
  | { kind: 'broken'; reason: string };

export interface AdapterOptions {
  readonly command: readonly string[];
  readonly timeoutMs: number;
  /** Longest response line accepted, in octets. */
  readonly maxLineBytes?: number;
  /** How many times a broken adapter is started again before every request fails at once. */
  readonly maxRestarts?: number;
  /** Called with each stderr chunk (verbose mode). */
  readonly onStderr?: (text: string) => void;
}

interface Pending {
  readonly id: number;
  readonly op: string;
  readonly resolve: (r: Reply) => void;
  readonly timer: NodeJS.Timeout;
  readonly sentAt: number;
}

// Every adapter process still running, so an interrupted run (Ctrl-C, a CI job's SIGTERM) can kill
// them: an adapter that ignores the end of its input would otherwise outlive the runner.
const running = new Set<ChildProcess>();

/** Kills every adapter this process started that is still running. */
export function killRunningAdapters(): void {
  for (const child of running) killGroup(child);
  running.clear();
}

export class AdapterProcess {
  private child: ChildProcess | undefined;
  private pending: Pending | undefined;
  private chunks: Buffer[] = [];
  private chunkBytes = 0;
  private nextId = 1;
  private starts = 0;
  private stderrTail = '';
  private gaveUp: string | undefined;
  private spawnErrorCode: string | undefined;
  hello: HelloOutput | undefined;

  constructor(private readonly opts: AdapterOptions) {}

  /** The process id of the running adapter, if one runs (the cost profile reads its memory). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Requests sent so far, handshakes included. */
  get requests(): number {
    return this.nextId - 1;
  }

  get restarts(): number {
    return Math.max(0, this.starts - 1);
  }

  /** Why the command could not be run at all (`ENOENT`, `EACCES`, …), when that is what happened. */
  get spawnError(): string | undefined {
    return this.spawnErrorCode;
  }

  /** The request waiting for its answer, if any, and for how long it has waited. */
  waiting(): { op: string; ms: number } | undefined {
    const p = this.pending;
    return p ? { op: p.op, ms: Date.now() - p.sentAt } : undefined;
  }

  /** The reason the adapter was given up, once it broke more often than it may be restarted. */
  givenUp(): string | undefined {
    if (!this.gaveUp && !this.child && this.starts > (this.opts.maxRestarts ?? 3)) this.gaveUp = `adapter given up after ${this.restarts} restarts`;
    return this.gaveUp;
  }

  /** Starts the adapter if it is not running and shakes hands. Resolves to the handshake or a reason. */
  async ensureStarted(): Promise<HelloOutput | string> {
    if (this.child && this.hello) return this.hello;
    const givenUp = this.givenUp();
    if (givenUp) return givenUp;
    this.starts++;
    this.spawnChild();
    // Starting a runtime can take seconds on a loaded machine: the handshake gets at least 5 s.
    const r = await this.send('hello', { protocol: PROTOCOL }, Math.max(this.opts.timeoutMs, 5000));
    if (r.kind !== 'ok') {
      const why = r.kind === 'broken' ? r.reason : `hello answered error ${r.code}`;
      this.kill();
      return `handshake failed: ${why}`;
    }
    const hello = r.output as HelloOutput;
    if (hello.protocol.split('/')[0] !== PROTOCOL.split('/')[0] || hello.protocol !== PROTOCOL) {
      this.kill();
      this.gaveUp = `adapter speaks ${terminalSafe(JSON.stringify(hello.protocol).slice(0, 60))}, the kit speaks ${PROTOCOL}`;
      return this.gaveUp;
    }
    this.hello = hello;
    return hello;
  }

  /**
   * Sends one request; a broken adapter is killed and started again on the next request. A case may
   * give a shorter limit of its own (`timeoutMs`), never a longer one than the run's.
   */
  async request(op: string, input: Record<string, unknown>, timeoutMs?: number): Promise<Reply> {
    const started = await this.ensureStarted();
    if (typeof started === 'string') return { kind: 'broken', reason: started };
    return this.send(op, input, timeoutMs === undefined ? this.opts.timeoutMs : Math.min(timeoutMs, this.opts.timeoutMs));
  }

  /** Sends `stop` and waits for the exit; kills the adapter if it does not go in time. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    const exited = new Promise<void>((res) => child.once('exit', () => res()));
    if (this.hello) await this.send('stop', {});
    child.stdin?.end();
    const timer = setTimeout(() => killGroup(child), Math.min(this.opts.timeoutMs, 5000));
    await exited;
    clearTimeout(timer);
    // The adapter is gone; whatever it left running in its group goes too, and its pipes are let go.
    killGroup(child);
    releasePipes(child);
    this.child = undefined;
  }

  private spawnChild(): void {
    const [cmd, ...args] = this.opts.command;
    const child = spawn(cmd!, args, { stdio: ['pipe', 'pipe', 'pipe'], detached: GROUPS });
    this.child = child;
    running.add(child);
    child.once('exit', () => {
      running.delete(child);
      // A grandchild may still hold stdout: after a short grace the runner stops waiting for it.
      setTimeout(() => {
        if (child !== this.child) {
          killGroup(child);
          releasePipes(child);
        }
      }, PIPE_GRACE_MS).unref();
    });
    this.hello = undefined;
    this.chunks = [];
    this.chunkBytes = 0;
    this.stderrTail = '';
    child.stdout!.on('data', (b: Buffer) => this.onData(child, b));
    child.stderr!.on('data', (b: Buffer) => {
      const t = b.toString('utf8');
      this.stderrTail = (this.stderrTail + t).slice(-2000);
      this.opts.onStderr?.(t);
    });
    child.stdin!.on('error', () => {}); // EPIPE after a crash is reported by 'exit'
    child.on('error', (e: NodeJS.ErrnoException) => {
      if (e.syscall?.startsWith('spawn')) this.spawnErrorCode = e.code;
      this.fail(child, `adapter could not be started: ${e.message}`);
    });
    child.on('exit', (code, signal) => {
      // The last lines that say something: a Node.js stack's frames and version line do not.
      const tail = this.stderrTail
        .split('\n')
        .filter((l) => l.trim() !== '' && !/^\s+at /.test(l) && !/^Node\.js v\d/.test(l))
        .slice(-3)
        .map((l) => l.trim())
        .join(' | ');
      this.fail(child, `adapter exited (${signal ?? `status ${code}`}) before answering${tail ? `; stderr: ${terminalSafe(tail.slice(0, 400))}` : ''}`);
    });
  }

  private send(op: string, input: Record<string, unknown>, timeoutMs = this.opts.timeoutMs): Promise<Reply> {
    const child = this.child;
    if (!child || child.exitCode !== null) return Promise.resolve({ kind: 'broken', reason: 'adapter is not running' });
    const id = this.nextId++;
    return new Promise<Reply>((resolve) => {
      const timer = setTimeout(() => this.fail(child, `no response to ${op} within ${timeoutMs} ms`), timeoutMs);
      this.pending = { id, op, resolve, timer, sentAt: Date.now() };
      // jsonText: a number goes out as the vector wrote it (5.0 stays 5.0, TR-CONF-6).
      child.stdin!.write(`${jsonText({ id, op, input })}\n`);
    });
  }

  private onData(child: ChildProcess, b: Buffer): void {
    if (child !== this.child) return;
    let start = 0;
    for (let nl = b.indexOf(10, start); nl >= 0; nl = b.indexOf(10, start)) {
      this.chunks.push(b.subarray(start, nl));
      const line = Buffer.concat(this.chunks).toString('utf8');
      this.chunks = [];
      this.chunkBytes = 0;
      start = nl + 1;
      this.onLine(child, line);
      if (child !== this.child) return;
    }
    if (start < b.length) {
      this.chunks.push(b.subarray(start));
      this.chunkBytes += b.length - start;
      const max = this.opts.maxLineBytes ?? 64 * 1024 * 1024;
      if (this.chunkBytes > max) this.fail(child, `response line longer than ${max} octets`);
    }
  }

  private onLine(child: ChildProcess, line: string): void {
    const p = this.pending;
    if (line.trim() === '') return;
    if (!p) return this.fail(child, `unrequested output on stdout: ${terminalSafe(line.slice(0, 80))}`);
    let msg: unknown;
    try {
      msg = JSON.parse(line);
    } catch {
      return this.fail(child, `response to ${p.op} is not JSON: ${terminalSafe(line.slice(0, 80))}`);
    }
    if (!checkResponse.Check(msg)) {
      const e = checkResponse.Errors(msg).First();
      const id = (msg as { id?: unknown } | null)?.id;
      if (id !== undefined && id !== p.id)
        return this.fail(child, `response id ${terminalSafe(String(JSON.stringify(id)).slice(0, 80))} does not match request id ${p.id}`);
      return this.fail(
        child,
        `response to ${p.op} does not match the protocol (${e ? terminalSafe(`${e.path || '/'} ${e.message}`.slice(0, 200)) : 'invalid'})`,
      );
    }
    if (msg.id !== p.id) return this.fail(child, `response id ${JSON.stringify(msg.id)} does not match request id ${p.id}`);
    clearTimeout(p.timer);
    this.pending = undefined;
    const reply: Reply = msg.ok
      ? { kind: 'ok', output: msg.output, logs: msg.logs, line }
      : { kind: 'error', code: msg.error.code, message: msg.error.message, logs: msg.logs, line };
    if (reply.kind === 'ok') {
      const problem = outputProblem(p.op, reply.output);
      if (problem) return p.resolve({ kind: 'broken', reason: `${p.op} output does not match the protocol: ${problem}` });
    }
    p.resolve(reply);
  }

  /** Marks the running adapter broken: the pending request fails with `reason`, the process is killed. */
  private fail(child: ChildProcess, reason: string): void {
    if (child !== this.child) return;
    const p = this.pending;
    this.pending = undefined;
    if (p) clearTimeout(p.timer);
    this.kill();
    p?.resolve({ kind: 'broken', reason });
  }

  private kill(): void {
    const child = this.child;
    this.child = undefined;
    this.hello = undefined;
    this.chunks = [];
    this.chunkBytes = 0;
    if (child) {
      killGroup(child);
      releasePipes(child);
    }
  }
}
