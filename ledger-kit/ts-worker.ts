// The TypeScript suite worker: runs the reference seam over one of the reference's ledger stores,
// with the scope, tool and arguments a request names (protocol.ts).
//   tsx ts-worker.ts '{"backend":"sqlite","path":"…","leaseMs":1000,"busyTimeoutMs":300}' <execution log>
//   tsx ts-worker.ts '{"backend":"postgres","connection":{…},"leaseMs":1000,"lockTimeoutMs":300}' <execution log>
import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { callFingerprint, executeToolCall, persist, type CallAt, type Claim, type ReplayLedger } from '../reference-impl/index.ts';
import type { LedgerStore } from '../reference-impl/internal.ts';
import { MUTANTS, mutantStore, type Mutant } from './mutant-stores.ts';
import type { BatchRow, Request } from './protocol.ts';
import { suiteToolResult, type SuiteCall } from './suite-tool.ts';

const [config, log] = [JSON.parse(process.argv[2] ?? '{}'), process.argv[3]];
const send = (o: unknown): void => void process.stdout.write(`${JSON.stringify(o)}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function open(): Promise<LedgerStore> {
  if (config.backend === 'sqlite') {
    const { openSqliteLedger } = await import('../reference-impl/ledger/sqlite.ts');
    const store = openSqliteLedger(config.path, { leaseMs: config.leaseMs, busyTimeoutMs: config.busyTimeoutMs });
    // The suite's own test runs a hand-written mutant of this store (mutant-stores.ts) to see it killed.
    if (config.mutant === undefined) return store;
    if (!MUTANTS.includes(config.mutant)) throw new Error(`unknown mutant ${String(config.mutant)}`);
    return mutantStore(store, config.mutant as Mutant);
  }
  if (config.backend === 'postgres') {
    const { openPostgresLedger } = await import('../reference-impl/ledger/postgres.ts');
    return openPostgresLedger({ connection: config.connection, leaseMs: config.leaseMs, lockTimeoutMs: config.lockTimeoutMs });
  }
  throw new Error(`unknown backend ${String(config.backend)}`);
}

/** The call a request names: its scope, tool and arguments as given (each absent when not). */
function callOf(req: { scope?: string; tool?: string; arguments?: Record<string, unknown> }): SuiteCall {
  return {
    ...(req.scope === undefined ? {} : { scope: req.scope }),
    ...(req.tool === undefined ? {} : { tool: req.tool }),
    ...(req.arguments === undefined ? {} : { arguments: req.arguments as SuiteCall['arguments'] }),
  };
}

/** The ledger key of that call, as the seam computes it. */
function keyOf(call: SuiteCall): Required<CallAt> {
  return { scope: call.scope ?? '', fingerprint: call.tool === undefined ? '' : callFingerprint(call.tool, call.arguments ?? {}) };
}

/** The execution log's line: the call ID, or with a scope or tool, the call ID, scope and fingerprint. */
function logLine(callId: string, call: SuiteCall): string {
  if (call.scope === undefined && call.tool === undefined) return callId;
  const { scope, fingerprint } = keyOf(call);
  return `${callId}\t${scope}\t${fingerprint}`;
}

function tool(callId: string, call: SuiteCall, delayMs = 0, onRun?: () => void, hang = false) {
  return async () => {
    appendFileSync(log!, `${logLine(callId, call)}\n`);
    onRun?.();
    if (hang) await new Promise(() => {});
    if (delayMs > 0) await sleep(delayMs);
    return suiteToolResult(callId, call);
  };
}

async function execute(ledger: ReplayLedger, callId: string, call: SuiteCall, run: () => Promise<unknown>) {
  try {
    const out = await executeToolCall({ callId, run: run as never, ...call }, { ledger });
    return { ok: true as const, entry: persist(out.result), replayed: out.replayed };
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return { ok: false as const, code: err.code ?? 'error', message: err.message ?? String(e) };
  }
}

/** A failure's answer: the error's code (a LedgerStoreError's, or "error") and its message. */
function failure(e: unknown): { ok: false; code: string; message: string } {
  const err = e as { code?: string; message?: string };
  return { ok: false, code: err.code ?? 'error', message: err.message ?? String(e) };
}

/** The claims this worker holds open for the suite's claim / recordTask / finish requests, by call ID. */
const held: Map<string, Extract<Claim, { status: 'claimed' }>> = new Map();

async function storeOp(ledger: LedgerStore, req: Request): Promise<Record<string, unknown>> {
  try {
    if (req.op === 'claim') {
      const c = await ledger.claim(req.callId);
      if (c.status === 'pending') return { ok: true, status: 'pending' };
      if (c.status === 'stored') return typeof c.entry === 'string' ? { ok: true, status: 'stored', entry: c.entry } : { ok: true, status: 'stored' };
      held.set(req.callId, c);
      return { ok: true, status: 'claimed', ...(c.task === undefined ? {} : { task: { taskId: c.task.taskId } }) };
    }
    const c = held.get((req as { callId: string }).callId);
    if (c === undefined) return { ok: false, code: 'error', message: 'this worker holds no open claim of the call ID' };
    if (req.op === 'recordTask') await c.recordTask(req.taskId);
    else if (req.op === 'finish') {
      held.delete(req.callId);
      await c.finish(req.entry);
    }
    return { ok: true };
  } catch (e) {
    return failure(e);
  }
}

async function main(): Promise<void> {
  let ledger: LedgerStore;
  try {
    ledger = await open();
  } catch (e) {
    send({ event: 'fatal', code: (e as { code?: string }).code ?? 'error', message: (e as Error).message });
    process.exit(1);
  }
  send({ event: 'ready', pid: process.pid });
  const rl = createInterface({ input: process.stdin });
  for await (const line of rl) {
    const req = JSON.parse(line) as Request;
    if (req.op === 'execute') {
      const call = callOf(req);
      void execute(
        ledger,
        req.callId,
        call,
        tool(req.callId, call, req.delayMs, () => send({ id: req.id, event: 'running' }), req.hang),
      ).then((r) => send({ id: req.id, ...r }));
    } else if (req.op === 'batch') {
      const results: BatchRow[] = [];
      for (const callId of req.callIds) {
        const r = await execute(ledger, callId, {}, tool(callId, {}, req.delayMs));
        results.push(r.ok ? [callId, createHash('sha256').update(r.entry).digest('hex'), r.replayed] : [callId, null, false, r.code, r.message]);
      }
      send({ id: req.id, ok: true, results });
    } else if (req.op === 'entries') {
      const entries: Record<string, string | null> = {};
      const at = keyOf(callOf(req));
      // The suite's answer has no word for an unreadable row (none of its cases makes one): null.
      for (const callId of req.callIds) {
        const e = await ledger.entry(callId, at);
        entries[callId] = typeof e === 'string' ? e : null;
      }
      send({ id: req.id, ok: true, entries });
    } else if (req.op === 'claim' || req.op === 'recordTask' || req.op === 'finish') {
      send({ id: req.id, ...(await storeOp(ledger, req)) });
    } else if (req.op === 'exit') {
      await ledger.close();
      send({ id: req.id, ok: true });
      process.exit(0);
    }
  }
  await ledger.close();
}

await main();
