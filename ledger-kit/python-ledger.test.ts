// The Python implementation's SQLite ledger (standard library sqlite3) through the same ledger
// suite, and the two languages on one file: an entry one writes replays byte-identical in the other
// (TR-REPLAY-35), both write the same bytes for the same call, and a race of both runs the tool once.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { pythonWorker, sqliteBackend, tsWorker, type SuiteBackend } from './backends.ts';
import { ledgerCalls, ledgerSuite } from './cases.ts';
import { ProcessWorker } from './workers.ts';

const calls = ledgerCalls();
const figures: string[] = [];

describe('ledger suite: python-sqlite', () => {
  const backend: SuiteBackend = sqliteBackend('python-sqlite', pythonWorker);
  afterAll(() => backend.dispose());
  for (const c of ledgerSuite(calls)) {
    it(`${c.name} (${c.requirements.join(', ')})`, async (ctx) => {
      const why = c.notApplicable(backend);
      if (why !== undefined) {
        figures.push(`python-sqlite ${c.name}: not applicable (${why})`);
        ctx.skip(`not applicable to python-sqlite: ${why}`);
      }
      figures.push(`python-sqlite ${c.name}: ${JSON.stringify(await c.run(backend))}`);
    }, 120_000);
  }
});

describe('one SQLite file, two languages', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolresult-cross-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const store = (name: string) => ({ backend: 'sqlite', path: join(dir, `${name}.db`), leaseMs: 1_000 });
  const log = join(dir, 'executions.log');
  const start = async (lang: 'ts' | 'py', name: string): Promise<ProcessWorker> => {
    const w = new ProcessWorker((lang === 'ts' ? tsWorker : pythonWorker)(store(name), log));
    await w.ready;
    return w;
  };
  const ids = (p: string) => Array.from({ length: 14 }, (_, i) => `${p}-${i}`);
  const execAll = async (w: ProcessWorker, callIds: string[]) => {
    const out: Record<string, { entry: string; replayed: boolean }> = {};
    for (const id of callIds) {
      const r = await w.execute(id).done;
      if (!r.ok) throw new Error(`${id}: ${r.code} ${r.message}`);
      out[id] = { entry: r.entry, replayed: r.replayed };
    }
    return out;
  };

  it('TR-REPLAY-35: entries written by TypeScript replay byte-identical in Python, and the other way round', async () => {
    const [ts, py] = [await start('ts', 'shared'), await start('py', 'shared')];
    try {
      const fromTs = await execAll(ts, ids('ts-first'));
      const fromPy = await execAll(py, ids('py-first'));
      const tsReplaysPy = await execAll(ts, ids('py-first'));
      const pyReplaysTs = await execAll(py, ids('ts-first'));
      for (const id of ids('ts-first')) expect(pyReplaysTs[id]).toEqual({ entry: fromTs[id]!.entry, replayed: true });
      for (const id of ids('py-first')) expect(tsReplaysPy[id]).toEqual({ entry: fromPy[id]!.entry, replayed: true });
      const kinds = new Set(Object.values(fromTs).map((e) => JSON.parse(e.entry).result.isError));
      expect(kinds).toEqual(new Set([true, false])); // failures cross too
    } finally {
      await Promise.all([ts.close(), py.close()]);
    }
  }, 60_000);

  it('TR-REPLAY-2, TR-REPLAY-35: both languages store the same bytes for the same call', async () => {
    const [ts, py] = [await start('ts', 'only-ts'), await start('py', 'only-py')];
    try {
      const a = await execAll(ts, ids('same'));
      const b = await execAll(py, ids('same'));
      for (const id of ids('same')) expect(b[id]!.entry).toBe(a[id]!.entry);
    } finally {
      await Promise.all([ts.close(), py.close()]);
    }
  }, 60_000);

  it('TR-REPLAY-20: TypeScript and Python workers racing one call ID run the tool once', async () => {
    const ws = [await start('ts', 'race'), await start('ts', 'race'), await start('py', 'race'), await start('py', 'race')];
    try {
      for (const callId of ['mixed-race-1', 'mixed-race-2', 'mixed-race-3']) {
        const replies = await Promise.all(ws.map((w) => w.execute(callId, { delayMs: 120 }).done));
        expect(new Set(replies.map((r) => (r.ok ? r.entry : r.code))).size).toBe(1);
        expect(replies.filter((r) => r.ok && !r.replayed)).toHaveLength(1);
        expect(
          readFileSync(log, 'utf8')
            .split('\n')
            .filter((l) => l === callId),
        ).toHaveLength(1);
      }
    } finally {
      await Promise.all(ws.map((w) => w.close()));
    }
  }, 60_000);
});

afterAll(() => {
  console.log(`python ledger suite figures (${calls} calls in the race):\n  ${figures.join('\n  ')}`);
});
