// An example ledger to look at (`npm run inspect:example`), and the tests' fixture: a few calls made
// through the real seam (hooks-free executeToolCall into the SQLite store), each with an audit record
// at one privacy level, then as many plain calls as asked for, written in one transaction straight
// into the same tables (the store fsyncs every call; 100,000 of those would take minutes).
import Database from 'better-sqlite3';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { auditRecord, bound, executeToolCall, persist, ToolResult } from '../reference-impl/index.ts';
import { openSqliteLedger } from '../reference-impl/ledger/sqlite.ts';

/** Strings a hostile tool could return: each would run script if a page put it into markup. */
export const HOSTILE = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=2</script>',
  '"><svg onload="window.__pwned=3">',
  'javascript:window.__pwned=4',
  '</pre><iframe srcdoc="<script>parent.__pwned=5</script>">',
];

/** A run-only canary: it must never show on a page that is not --full unless a record keeps it. */
export const RUN_ONLY_CANARY = 'RUNONLY-CANARY-7f3a';

export interface ExampleCall {
  readonly callId: string;
  readonly level: 'none' | 'metadata' | 'redacted' | 'full' | null;
}

export const EXAMPLE_CALLS: readonly ExampleCall[] = [
  { callId: 'call-invoices-metadata', level: 'metadata' },
  { callId: 'call-invoices-redacted', level: 'redacted' },
  { callId: 'call-invoices-full', level: 'full' },
  { callId: 'call-hostile-full', level: 'full' },
  { callId: 'call-no-audit', level: null },
  { callId: 'call-truncated', level: 'metadata' },
];

function resultOf(callId: string): ToolResult {
  if (callId === 'call-hostile-full') {
    return ToolResult.text(HOSTILE.join('\n'), {
      structured: { [HOSTILE[0]!]: HOSTILE[1], list: HOSTILE, canary: RUN_ONLY_CANARY },
      artifacts: [
        { type: 'table', label: HOSTILE[2]!, data: { columns: [HOSTILE[0]!, 'b'], rows: [[HOSTILE[1]!, HOSTILE[3]!]] } },
        { type: 'text', label: HOSTILE[4]!, data: { text: HOSTILE.join(' ') } },
      ],
    });
  }
  if (callId === 'call-truncated') return ToolResult.text('x'.repeat(40_000), { structured: { canary: RUN_ONLY_CANARY } });
  return ToolResult.text('Found 2 invoices', {
    structured: {
      invoices: [
        { id: 'INV-123', amount: 500, note: RUN_ONLY_CANARY },
        { id: 'INV-456', amount: 800 },
      ],
      token: 'sk-live-0123456789abcdefghijklmnop',
    },
    artifacts: [
      {
        type: 'table',
        label: 'Invoices',
        data: {
          columns: ['id', 'amount'],
          rows: [
            ['INV-123', RUN_ONLY_CANARY],
            ['INV-456', '800'],
          ],
        },
      },
    ],
  });
}

export async function writeExampleLedger(path: string, options: { filler?: number } = {}): Promise<void> {
  const ledger = openSqliteLedger(path, { create: true });
  try {
    for (const c of EXAMPLE_CALLS) {
      const out = await executeToolCall({ callId: c.callId, run: () => resultOf(c.callId) }, { ledger, bound: { contentBudget: 16_384 } });
      if (c.level !== null) await ledger.appendAudit(c.callId, auditRecord(out.result, [c.level]));
    }
  } finally {
    await ledger.close();
  }
  const filler = options.filler ?? 0;
  if (filler === 0) return;
  const db = new Database(path);
  try {
    const now = Date.now();
    const plain = Buffer.from(persist(bound(ToolResult.text('ok', { structured: { n: 1 } }))), 'utf8');
    const cut = Buffer.from(persist(bound(ToolResult.text('y'.repeat(600), { structured: { n: 2 } }), { contentBudget: 256 })), 'utf8');
    const ins = db.prepare(
      `INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, interrupted, claimed_at, finished_at) VALUES (?, 'stored', NULL, NULL, ?, 0, ?, ?)`,
    );
    const pend = db.prepare(
      `INSERT INTO toolresult_ledger (call_id, state, token, lease_until, entry, interrupted, claimed_at, finished_at) VALUES (?, 'claimed', 'tok', ?, NULL, 0, ?, NULL)`,
    );
    db.transaction(() => {
      for (let i = 0; i < filler; i++) {
        const id = `bulk-${String(i).padStart(6, '0')}`;
        if (i % 997 === 0) pend.run(id, now + 3_600_000, now - i);
        else ins.run(id, i % 101 === 0 ? cut : plain, now - i - 1000, now - i);
      }
    })();
  } finally {
    db.close();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const path = process.argv[2] ?? '.tmp/example-ledger.db';
  // The example is made anew each time (its calls would meet their own stored entries otherwise);
  // the file and its WAL companions are the example's own, never a ledger of the reader's.
  mkdirSync(dirname(path), { recursive: true });
  for (const f of [path, `${path}-wal`, `${path}-shm`]) rmSync(f, { force: true });
  await writeExampleLedger(path, { filler: Number(process.argv[3] ?? 200) });
  console.log(`wrote ${path}: ${EXAMPLE_CALLS.length} example calls and ${process.argv[3] ?? 200} plain ones; inspect it with: npm run inspect -- ${path}`);
}
