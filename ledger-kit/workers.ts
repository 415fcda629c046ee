// Workers the suite drives: a process speaking protocol.ts (any language, any store), or, for the
// in-memory ledger, a task in this process that shares one InMemoryLedger with its siblings.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import { loadSchemas } from '../codegen/schema-validator.ts';
import { callFingerprint, executeToolCall, InMemoryLedger, persist } from '../reference-impl/index.ts';
import type { BatchRow, ClaimOutcome, DoneReply, ExecuteReply } from './protocol.ts';

const SCHEMA = 'https://toolresult.dev/schemas/v1/conformance/ledger-worker-message.schema.json';
let checker: NonNullable<ReturnType<ReturnType<typeof loadSchemas>['getSchema']>> | undefined;
/** Every line a worker writes must be a message of ledger-worker-message.schema.json. */
function protocolErrors(msg: unknown): string | undefined {
  if (!checker) {
    const ajv = loadSchemas();
    checker = ajv.getSchema(SCHEMA)!;
  }
  return checker(msg)
    ? undefined
    : (checker.errors ?? [])
        .slice(0, 3)
        .map((e) => `${e.instancePath || '/'} ${e.message}`)
        .join('; ');
}
import { suiteToolResult, type SuiteCall } from './suite-tool.ts';

/** How an execute request is run: the tool's pace, and the call's scope, tool and arguments (§7.3). */
export interface ExecuteOptions extends SuiteCall {
  readonly delayMs?: number;
  readonly hang?: boolean;
}

/**
 * The execution log's line for a call (protocol.ts): the call ID alone without scope and tool, else
 * the call ID, the scope and the fingerprint joined by tabs.
 */
export function executionLine(callId: string, call: SuiteCall = {}): string {
  if (call.scope === undefined && call.tool === undefined) return callId;
  const fingerprint = call.tool === undefined ? '' : callFingerprint(call.tool, call.arguments ?? {});
  return `${callId}\t${call.scope ?? ''}\t${fingerprint}`;
}

export interface SuiteWorker {
  /** Executes one call through the seam; with `hang`, resolves `running` when the tool started and never finishes. */
  execute(callId: string, opts?: ExecuteOptions): { done: Promise<ExecuteReply>; running: Promise<void> };
  batch(callIds: string[], delayMs?: number): Promise<BatchRow[]>;
  /** The stored entries of the call IDs, each within the call `call` names (default: no scope, no tool). */
  entries(callIds: string[], call?: SuiteCall): Promise<Record<string, string | null>>;
  /** The store's claim of a call ID (default scope, no tool), once; a claimed one stays open in the worker. */
  claim(callId: string): Promise<ClaimOutcome>;
  /** Records a task with the worker's open claim of the call ID (TR-REPLAY-42). */
  recordTask(callId: string, taskId: string): Promise<DoneReply>;
  /** Finishes the worker's open claim of the call ID with this entry. */
  finish(callId: string, entry: string): Promise<DoneReply>;
  /** SIGKILL: no finish, no abandon, no cleanup. */
  kill(): void;
  /** SIGSTOP and SIGCONT: the process lives but runs nothing, its lease renewal included. */
  stop(): void;
  resume(): void;
  close(): Promise<void>;
}

type Pending = { resolve: (v: Record<string, unknown>) => void; reject: (e: Error) => void; running?: () => void };

/** A worker process. Rejects its pending requests with the worker's stderr when it dies. */
export class ProcessWorker implements SuiteWorker {
  readonly #child: ChildProcess;
  readonly #pending = new Map<number, Pending>();
  #next = 1;
  #stderr = '';
  #exited = false;
  readonly ready: Promise<void>;

  /** The worker's process ID (a bench reads its CPU time). */
  get pid(): number | undefined {
    return this.#child.pid;
  }

  constructor(command: readonly string[], env?: NodeJS.ProcessEnv) {
    this.#child = spawn(command[0]!, command.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], env: env ?? process.env });
    this.#child.stderr!.on('data', (d: Buffer) => (this.#stderr = (this.#stderr + d.toString()).slice(-4000)));
    this.#child.stdin!.on('error', () => {});
    let onReady!: () => void;
    let onFatal!: (e: Error) => void;
    this.ready = new Promise((resolve, reject) => ((onReady = resolve), (onFatal = reject)));
    createInterface({ input: this.#child.stdout! }).on('line', (line) => {
      let msg: Record<string, unknown>;
      try {
        msg = JSON.parse(line);
      } catch {
        this.#stderr += `\n(stdout) ${line.slice(0, 200)}`;
        return;
      }
      const wrong = protocolErrors(msg);
      if (wrong !== undefined) {
        // A worker that breaks the protocol fails the request it answered, or its start, loudly.
        const err = new Error(`worker line is not a message of ledger-worker-message.schema.json (${wrong}): ${line.slice(0, 200)}`);
        const p = this.#pending.get(msg.id as number);
        if (p) {
          this.#pending.delete(msg.id as number);
          return p.reject(err);
        }
        return onFatal(err);
      }
      if (msg.event === 'ready') return onReady();
      if (msg.event === 'fatal') return onFatal(Object.assign(new Error(String(msg.message)), { code: msg.code }));
      const p = this.#pending.get(msg.id as number);
      if (!p) return;
      if (msg.event === 'running') return p.running?.();
      this.#pending.delete(msg.id as number);
      p.resolve(msg);
    });
    this.#child.on('exit', (code, signal) => {
      this.#exited = true;
      const err = new Error(`worker exited (${signal ?? code}) before answering; stderr: ${this.#stderr.trim().slice(-1500) || '(empty)'}`);
      onFatal(err);
      for (const p of this.#pending.values()) p.reject(err);
      this.#pending.clear();
    });
  }

  #request(body: Record<string, unknown>, running?: () => void): Promise<Record<string, unknown>> {
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      if (this.#exited) return reject(new Error('worker has exited'));
      this.#pending.set(id, { resolve, reject, running });
      this.#child.stdin!.write(`${JSON.stringify({ id, ...body })}\n`);
    });
  }

  execute(callId: string, opts: ExecuteOptions = {}) {
    let running!: () => void;
    const started = new Promise<void>((r) => (running = r));
    const done = this.#request({ op: 'execute', callId, ...opts }, running) as Promise<ExecuteReply>;
    return { done, running: started };
  }

  async batch(callIds: string[], delayMs?: number): Promise<BatchRow[]> {
    return (await this.#request({ op: 'batch', callIds, delayMs })).results as BatchRow[];
  }

  async entries(callIds: string[], call: SuiteCall = {}): Promise<Record<string, string | null>> {
    return (await this.#request({ op: 'entries', callIds, ...call })).entries as Record<string, string | null>;
  }

  async claim(callId: string): Promise<ClaimOutcome> {
    const { id: _, ...reply } = await this.#request({ op: 'claim', callId });
    return reply as ClaimOutcome;
  }

  async recordTask(callId: string, taskId: string): Promise<DoneReply> {
    const { id: _, ...reply } = await this.#request({ op: 'recordTask', callId, taskId });
    return reply as DoneReply;
  }

  async finish(callId: string, entry: string): Promise<DoneReply> {
    const { id: _, ...reply } = await this.#request({ op: 'finish', callId, entry });
    return reply as DoneReply;
  }

  kill(): void {
    this.#child.kill('SIGKILL');
  }

  /** Sends a signal to the worker process (SIGSTOP and SIGCONT: a worker paused mid-call). */
  signal(sig: NodeJS.Signals): void {
    this.#child.kill(sig);
  }

  stop(): void {
    this.#child.kill('SIGSTOP');
  }

  resume(): void {
    this.#child.kill('SIGCONT');
  }

  async close(): Promise<void> {
    if (this.#exited) return;
    const exited = new Promise((r) => this.#child.once('exit', r));
    await this.#request({ op: 'exit' }).catch(() => {});
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (!this.#exited) this.#child.kill('SIGKILL');
  }
}

/** In-process workers over one InMemoryLedger; the execution log is an array. */
export class MemoryWorkers {
  readonly ledger = new InMemoryLedger();
  readonly log: string[] = [];

  worker(): SuiteWorker {
    const run = async (callId: string, call: SuiteCall, delayMs = 0, onRun?: () => void, hang = false) => {
      this.log.push(executionLine(callId, call));
      onRun?.();
      if (hang) await new Promise(() => {});
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      return suiteToolResult(callId, call);
    };
    const exec = async (callId: string, call: SuiteCall, delayMs?: number, onRun?: () => void, hang?: boolean): Promise<ExecuteReply> => {
      try {
        const out = await executeToolCall({ callId, run: () => run(callId, call, delayMs, onRun, hang), ...call }, { ledger: this.ledger });
        return { ok: true, entry: persist(out.result), replayed: out.replayed };
      } catch (e) {
        return { ok: false, code: (e as { code?: string }).code ?? 'error', message: (e as Error).message };
      }
    };
    return {
      execute: (callId, opts = {}) => {
        let running!: () => void;
        const started = new Promise<void>((r) => (running = r));
        const { delayMs, hang, ...call } = opts;
        return { done: exec(callId, call, delayMs, running, hang), running: started };
      },
      batch: async (callIds, delayMs) => {
        const rows: BatchRow[] = [];
        for (const callId of callIds) {
          const r = await exec(callId, {}, delayMs);
          rows.push(r.ok ? [callId, createHash('sha256').update(r.entry).digest('hex'), r.replayed] : [callId, null, false, r.code, r.message]);
        }
        return rows;
      },
      entries: async (callIds, call = {}) => {
        const at = { scope: call.scope ?? '', fingerprint: call.tool === undefined ? '' : callFingerprint(call.tool, call.arguments ?? {}) };
        return Object.fromEntries(callIds.map((c) => [c, this.ledger.entry(c, at) ?? null]));
      },
      claim: async () => {
        throw new Error('the task case needs a claimant that can die apart from its ledger');
      },
      recordTask: async () => {
        throw new Error('the task case needs a claimant that can die apart from its ledger');
      },
      finish: async () => {
        throw new Error('the task case needs a claimant that can die apart from its ledger');
      },
      kill: () => {
        throw new Error('an in-process worker cannot be killed apart from its ledger');
      },
      stop: () => {
        throw new Error('an in-process worker cannot be stopped apart from its ledger');
      },
      resume: () => {},
      close: async () => {},
    };
  }
}
