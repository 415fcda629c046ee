// The inspector on a PostgreSQL ledger (a throwaway cluster, as the ledger suite starts one): the
// same calls and the same views as SQLite's, the warning filter reading each entry's tail only, a
// hand-edited entry that is not UTF-8 or not JSON never breaking a query, and the connection read
// only (a write through it is refused by the server).
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgresCluster, type PostgresCluster } from '../test/support/postgres-cluster.ts';
import { auditRecord, executeToolCall, ToolResult } from '../reference-impl/index.ts';
import { openPostgresLedger } from '../reference-impl/ledger/postgres.ts';
import { callView } from './call-view.ts';
import { RUN_ONLY_CANARY } from './example-ledger.ts';
import { openPostgresSource, safeLabel } from './postgres-source.ts';

let cluster: PostgresCluster;
let url: string;

beforeAll(async () => {
  cluster = startPostgresCluster({ fast: true });
  const c = cluster.connection;
  url = `postgres://${c.user}:secret-pw@localhost:${c.port}/${c.database}?host=${encodeURIComponent(c.host)}`;
  const ledger = await openPostgresLedger({ connection: { ...c } });
  try {
    const long = ToolResult.text('z'.repeat(40_000), { structured: { note: RUN_ONLY_CANARY, fake: { code: 'content.truncated' } } });
    const calls: [string, ToolResult, string][] = [
      ['pg-metadata', ToolResult.text('hello', { structured: { k: RUN_ONLY_CANARY } }), 'metadata'],
      ['pg-truncated', long, 'full'],
      // structured holds an object that looks like a warning: the filter must not count it.
      ['pg-lookalike', ToolResult.text('ok', { structured: { warnings: [{ code: 'content.truncated' }] } }), 'metadata'],
    ];
    for (const [id, result, level] of calls) {
      const out = await executeToolCall({ callId: id, run: () => result }, { ledger, bound: { contentBudget: 16_384 } });
      await ledger.appendAudit(id, auditRecord(out.result, [level]));
    }
  } finally {
    await ledger.close();
  }
  const raw = new pg.Client({ ...c });
  await raw.connect();
  // Entries an operator edited by hand: not UTF-8, and not JSON.
  await raw.query(
    `INSERT INTO toolresult_ledger (call_id, state, entry, interrupted, claimed_at, finished_at) VALUES ('pg-not-utf8', 'stored', '\\xfffe7b7d'::bytea, false, now(), now()), ('pg-not-json', 'stored', convert_to('nope', 'UTF8'), false, now(), now())`,
  );
  await raw.end();
}, 120_000);

afterAll(() => cluster?.stop());

describe('inspector: PostgreSQL', () => {
  it('lists and filters the calls; the warning filter finds the result\u2019s own warnings, not a look-alike in structured', async () => {
    const source = await openPostgresSource(url);
    try {
      const all = await source.page({ offset: 0, limit: 50 });
      expect(all.total).toBe(5);
      const truncated = await source.page({ warning: 'content.truncated', offset: 0, limit: 50 });
      expect(truncated.calls.map((c) => c.callId)).toEqual(['pg-truncated']);
      expect((await source.page({ callId: 'look', offset: 0, limit: 50 })).calls.map((c) => c.callId)).toEqual(['pg-lookalike']);
      expect((await source.page({ state: 'pending', offset: 0, limit: 50 })).total).toBe(0);
      const row = all.calls.find((c) => c.callId === 'pg-metadata')!;
      expect(row.auditLevels).toEqual(['metadata']);
      expect(row.state).toBe('finished');
    } finally {
      await source.close();
    }
  });

  it('the views are SQLite\u2019s: METADATA shows no run-only byte, --full shows the entry', async () => {
    const source = await openPostgresSource(url);
    try {
      const rec = (await source.call('pg-metadata'))!;
      const plain = callView(rec, false);
      expect(plain.shown).toBe('metadata');
      expect(JSON.stringify(plain)).not.toContain(RUN_ONLY_CANARY);
      const full = callView(rec, true);
      expect(full.structured?.json).toContain(RUN_ONLY_CANARY);
      expect(full.wire).toEqual({ content: 'hello', isError: false });
      for (const id of ['pg-not-utf8', 'pg-not-json']) {
        const v = callView((await source.call(id))!, true);
        expect(v.source, id).toBe('nothing stored');
        expect(v.notice).toMatch(/not readable/);
      }
    } finally {
      await source.close();
    }
  });

  it('the connection is read only, and its label hides the password', async () => {
    const source = await openPostgresSource(url);
    await source.close();
    expect(source.label).not.toContain('secret-pw');
    expect(safeLabel(url)).toContain('***');
    const client = new pg.Client({ connectionString: url, options: '-c default_transaction_read_only=on' });
    await client.connect();
    await expect(client.query(`DELETE FROM toolresult_ledger`)).rejects.toThrow(/read-only transaction/);
    await client.end();
    await expect(openPostgresSource(url.replace(/\/postgres\?/, '/nosuchdb?'))).rejects.toThrow(/cannot connect/);
  });
});

describe('inspector: PostgreSQL ledgers of both layouts (spec §7.7)', () => {
  /** A database of its own, with `sql` run in it; its URL. */
  async function database(name: string, sql: string): Promise<string> {
    const c = cluster.connection;
    const admin = new pg.Client({ ...c });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const raw = new pg.Client({ ...c, database: name });
    await raw.connect();
    await raw.query(sql);
    await raw.end();
    return `postgres://${c.user}@localhost:${c.port}/${name}?host=${encodeURIComponent(c.host)}`;
  }

  it('TR-REPLAY-41: a ledger of layout 1 (not yet migrated) is read as the default scope, nothing written', async () => {
    const fixture = readFileSync(new URL('../ledger-kit/fixtures/layout-1.postgres.sql', import.meta.url), 'utf8');
    const source = await openPostgresSource(await database('inspect_layout1', fixture));
    try {
      const page = await source.page({ offset: 0, limit: 50 });
      expect(page.calls.map((c) => [c.callId, c.scope, c.fingerprint]).sort()).toEqual(
        ['legacy-1', 'legacy-2', 'legacy-3', 'legacy-6'].map((id) => [id, '', '']),
      );
      const one = await source.call('legacy-1');
      expect(one?.audits.map((a) => a.level)).toEqual(['metadata', 'none']);
      expect(await source.call('legacy-1', { scope: 'thread-a' })).toBeUndefined();
    } finally {
      await source.close();
    }
  });

  it('TR-REPLAY-40: a ledger of layout 2 lists the calls of one call ID in two scopes, each read by its key', async () => {
    const url2 = await database('inspect_layout2', 'SELECT 1');
    const store = await openPostgresLedger({ connection: { ...cluster.connection, database: 'inspect_layout2' } });
    try {
      for (const scope of ['thread-a', 'thread-b'])
        await executeToolCall({ callId: 'call_0', scope, run: () => ToolResult.text(`in ${scope}`) }, { ledger: store });
    } finally {
      await store.close();
    }
    const source = await openPostgresSource(url2);
    try {
      const page = await source.page({ offset: 0, limit: 50 });
      expect(page.calls.map((r) => r.scope).sort()).toEqual(['thread-a', 'thread-b']);
      const b = await source.call('call_0', { scope: 'thread-b' });
      expect(b?.row.scope).toBe('thread-b');
      expect(JSON.parse(b!.entry!).result.content).toBe('in thread-b');
      expect(await source.call('call_0')).toBeUndefined();
    } finally {
      await source.close();
    }
  });
});
