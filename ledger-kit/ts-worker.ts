// The TypeScript suite worker: runs the reference seam over one of the reference's ledger stores.
//   tsx ts-worker.ts '{"backend":"sqlite","path":"…","leaseMs":1000,"busyTimeoutMs":300}' <execution log>
//   tsx ts-worker.ts '{"backend":"postgres","connection":{…},"leaseMs":1000,"lockTimeoutMs":300}' <execution log>
import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { executeToolCall, persist, type ReplayLedger } from '../reference-impl/index.ts';
import type { LedgerStore } from '../reference-impl/internal.ts';
import type { BatchRow, Request } from './protocol.ts';
import { suiteToolResult } from './suite-tool.ts';

const [config, log] = [JSON.parse(process.argv[2] ?? '{}'), process.argv[3]];
const send = (o: unknown): void => void process.stdout.write(`${JSON.stringify(o)}\n`);
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function open(): Promise<LedgerStore> {
  if (config.backend === 'sqlite') {
    const { openSqliteLedger } = await import('../reference-impl/ledger/sqlite.ts');
    return openSqliteLedger(config.path, { leaseMs: config.leaseMs, busyTimeoutMs: config.busyTimeoutMs });
  }
  if (config.backend === 'postgres') {
    const { openPostgresLedger } = await import('../reference-impl/ledger/postgres.ts');
    return openPostgresLedger({ connection: config.connection, leaseMs: config.leaseMs, lockTimeoutMs: config.lockTimeoutMs });
  }
  throw new Error(`unknown backend ${String(config.backend)}`);
}

function tool(callId: string, delayMs = 0, onRun?: () => void, hang = false) {
  return async () => {
    appendFileSync(log!, `${callId}\n`);
    onRun?.();
    if (hang) await new Promise(() => {});
    if (delayMs > 0) await sleep(delayMs);
    return suiteToolResult(callId);
  };
}

async function execute(ledger: ReplayLedger, callId: string, run: () => Promise<unknown>) {
  try {
    const out = await executeToolCall({ callId, run: run as never }, { ledger });
    return { ok: true as const, entry: persist(out.result), replayed: out.replayed };
  } catch (e) {
    const err = e as { code?: string; message?: string };
    return { ok: false as const, code: err.code ?? 'error', message: err.message ?? String(e) };
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
      void execute(
        ledger,
        req.callId,
        tool(req.callId, req.delayMs, () => send({ id: req.id, event: 'running' }), req.hang),
      ).then((r) => send({ id: req.id, ...r }));
    } else if (req.op === 'batch') {
      const results: BatchRow[] = [];
      for (const callId of req.callIds) {
        const r = await execute(ledger, callId, tool(callId, req.delayMs));
        results.push(r.ok ? [callId, createHash('sha256').update(r.entry).digest('hex'), r.replayed] : [callId, null, false, r.code, r.message]);
      }
      send({ id: req.id, ok: true, results });
    } else if (req.op === 'entries') {
      const entries: Record<string, string | null> = {};
      // The suite's answer has no word for an unreadable row (none of its cases makes one): null.
      for (const callId of req.callIds) {
        const e = await ledger.entry(callId);
        entries[callId] = typeof e === 'string' ? e : null;
      }
      send({ id: req.id, ok: true, entries });
    } else if (req.op === 'exit') {
      await ledger.close();
      send({ id: req.id, ok: true });
      process.exit(0);
    }
  }
  await ledger.close();
}

await main();
