// The inspector's server over HTTP, as a browser would reach it: privacy by default (a METADATA
// record shows no run-only byte, --full shows them and says so), nothing written to the store, only
// its own assets served, a foreign Host refused (DNS rebinding), a CSP on every answer, a bad command
// line explained in one line, and 100,000 calls paged and filtered by SQL, not loaded.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main, parseInspectArgs } from './cli.ts';
import { EXAMPLE_CALLS, HOSTILE, RUN_ONLY_CANARY, writeExampleLedger } from './example-ledger.ts';
import { CSP, startInspector, type RunningInspector } from './server.ts';
import { openSqliteSource } from './sqlite-source.ts';
import { WARNING_DOCS } from './warnings.ts';

const dir = mkdtempSync(join(tmpdir(), 'inspector-'));
const small = join(dir, 'small.db');
const big = join(dir, 'big.db');
const BIG = 100_000;

function get(
  url: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const sha = (p: string): string => createHash('sha256').update(readFileSync(p)).digest('hex');

let plain: RunningInspector;
let full: RunningInspector;
let smallHash: string;

beforeAll(async () => {
  await writeExampleLedger(small, { filler: 300 });
  await writeExampleLedger(big, { filler: BIG - EXAMPLE_CALLS.length });
  smallHash = sha(small);
  plain = await startInspector({ source: openSqliteSource(small), full: false, follow: true });
  full = await startInspector({ source: openSqliteSource(small), full: true, follow: false });
}, 120_000);

afterAll(async () => {
  await plain?.close();
  await full?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('inspector: privacy by default', () => {
  it('a METADATA record shows no run-only byte, and no byte of the content either', async () => {
    const r = await get(plain.url, '/api/call?id=call-invoices-metadata');
    expect(r.status).toBe(200);
    const v = JSON.parse(r.body);
    expect(v.shown).toBe('metadata');
    expect(r.body).not.toContain(RUN_ONLY_CANARY);
    expect(r.body).not.toContain('INV-123');
    expect(r.body).not.toContain('Found 2 invoices');
    expect(v.summary.contentOctets).toBe(16);
  });

  it('a call without an audit record shows nothing of its result without --full', async () => {
    const v = JSON.parse((await get(plain.url, '/api/call?id=call-no-audit')).body);
    expect(v.shown).toBe('none');
    expect(JSON.stringify(v)).not.toContain(RUN_ONLY_CANARY);
    expect(v.notice).toMatch(/--full/);
  });

  it('a redacted record shows its redacted result: the secret is masked', async () => {
    const r = await get(plain.url, '/api/call?id=call-invoices-redacted');
    const v = JSON.parse(r.body);
    expect(v.shown).toBe('redacted');
    expect(v.wire).toEqual({ content: 'Found 2 invoices', isError: false });
    expect(r.body).not.toContain('sk-live-0123456789abcdefghijklmnop');
  });

  it('--full shows the ledger entry, run-only data included, and says so', async () => {
    const info = JSON.parse((await get(full.url, '/api/info')).body);
    expect(info.full).toBe(true);
    const r = await get(full.url, '/api/call?id=call-invoices-metadata');
    const v = JSON.parse(r.body);
    expect(v.shown).toBe('full');
    expect(v.source).toBe('ledger entry');
    expect(v.structured.json).toContain(RUN_ONLY_CANARY);
    expect(v.artifacts[0].kind).toBe('table');
    expect(v.wire).toEqual({ content: 'Found 2 invoices', isError: false });
  });

  it('warnings come with their spec section; only codes of the closed set are shown', async () => {
    const v = JSON.parse((await get(plain.url, '/api/call?id=call-truncated')).body);
    expect(v.warnings.map((w: { code: string }) => w.code)).toEqual(['content.truncated']);
    expect(v.warnings[0].section).toMatch(/spec\/03-bounding\.md/);
  });

  it('nothing is written to the store: the file is byte-identical after every request above', () => {
    expect(sha(small)).toBe(smallHash);
  });
});

describe('inspector: what it answers', () => {
  it('a foreign Host (DNS rebinding) is refused; its own address and localhost are answered', async () => {
    const port = new URL(plain.url).port;
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.example:${port}`, `127.0.0.1:${Number(port) + 1}`]) {
      const r = await get(plain.url, '/api/info', { Host: host });
      expect(r.status, JSON.stringify(host)).toBe(421);
      expect(r.body).not.toContain('ledger');
    }
    // A request with no Host at all (HTTP/1.0 over a bare socket) is refused too.
    const raw = await new Promise<string>((resolve, reject) => {
      const sock = connect(Number(port), '127.0.0.1', () => sock.end('GET /api/info HTTP/1.0\r\n\r\n'));
      let got = '';
      sock.on('data', (d) => (got += d.toString('utf8')));
      sock.on('end', () => resolve(got));
      sock.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.[01] 421 /);
    expect((await get(plain.url, '/api/info', { Host: `127.0.0.1:${port}` })).status).toBe(200);
    expect((await get(plain.url, '/api/info', { Host: `localhost:${port}` })).status).toBe(200);
  });

  it('serves no file outside its own assets, and writes nothing', async () => {
    for (const path of [
      '/../package.json',
      '/assets/../../package.json',
      '/%2e%2e/%2e%2e/package.json',
      '/etc/passwd',
      '/inspector/server.ts',
      '/app.js/..%2f..%2fcli.ts',
    ]) {
      const r = await get(plain.url, path);
      expect(r.status, path).toBe(404);
      expect(r.body).not.toContain('"name"');
    }
    expect((await get(plain.url, '/api/calls', {}, 'POST')).status).toBe(405);
    expect((await get(plain.url, '/api/calls', {}, 'DELETE')).status).toBe(405);
  });

  it('every answer carries the Content Security Policy that forbids inline script', async () => {
    for (const path of ['/', '/app.js', '/api/info', '/api/calls', '/nope']) {
      const r = await get(plain.url, path);
      expect(r.headers['content-security-policy'], path).toBe(CSP);
      expect(CSP).toContain("script-src 'self'");
      expect(CSP).not.toContain('unsafe-inline');
    }
    const html = (await get(plain.url, '/')).body;
    expect(html).not.toMatch(/<script>(?!<)/);
    // The page's code (its comments aside) never turns a string into markup.
    const code = readFileSync(new URL('./assets/app.js', import.meta.url), 'utf8').replace(/^\s*\/\/.*$/gm, '');
    expect(code).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function/);
  });

  it('an unknown call is a 404; filters outside their closed sets are ignored, never echoed', async () => {
    expect((await get(plain.url, '/api/call?id=nope')).status).toBe(404);
    const r = await get(plain.url, `/api/calls?warning=${encodeURIComponent(HOSTILE[0]!)}&state=${encodeURIComponent(HOSTILE[1]!)}`);
    expect(r.status).toBe(200);
    expect(r.body).not.toContain('onerror');
  });

  it('live mode: the mark changes when a call is stored', async () => {
    const before = JSON.parse((await get(plain.url, '/api/mark')).body);
    const { openSqliteLedger } = await import('../reference-impl/ledger/sqlite.ts');
    const { executeToolCall, ToolResult } = await import('../reference-impl/index.ts');
    const ledger = openSqliteLedger(small);
    await executeToolCall({ callId: 'call-later', run: () => ToolResult.text('later') }, { ledger });
    await ledger.close();
    const after = JSON.parse((await get(plain.url, '/api/mark')).body);
    expect(after.calls).toBe(before.calls + 1);
    expect((await get(full.url, '/api/mark')).status).toBe(404); // not following: no polling route
  });
});

describe('inspector: 100,000 calls', () => {
  it('pages and filters by SQL: each answer reads one page of rows into the process, whatever the ledger holds (rows counted, not timed)', async () => {
    // Every row better-sqlite3 hands to JavaScript, counted at its statements' own methods: a page
    // that loaded the ledger to filter it here would read 100,000; one that SQL filtered reads at
    // most a page and its count. The time of each answer is printed, and judged by nothing (the
    // machine may be busy): the count is what the page's cost depends on.
    const probe = new Database(':memory:').prepare('SELECT 1');
    const proto = Object.getPrototypeOf(probe) as Record<'all' | 'get' | 'iterate', (...a: unknown[]) => unknown>;
    const original = { all: proto.all, get: proto.get, iterate: proto.iterate };
    let rowsRead = 0;
    proto.all = function (this: unknown, ...a: unknown[]) {
      const rows = original.all.apply(this, a) as unknown[];
      rowsRead += rows.length;
      return rows;
    };
    proto.get = function (this: unknown, ...a: unknown[]) {
      const row = original.get.apply(this, a);
      if (row !== undefined) rowsRead++;
      return row;
    };
    proto.iterate = function* (this: unknown, ...a: unknown[]) {
      for (const row of original.iterate.apply(this, a) as Iterable<unknown>) {
        rowsRead++;
        yield row;
      }
    };
    const bigInspector = await startInspector({ source: openSqliteSource(big), full: false, follow: false });
    try {
      const queries = [
        '/api/calls?limit=50',
        '/api/calls?state=pending&limit=50',
        '/api/calls?warning=content.truncated&limit=50',
        '/api/calls?callId=bulk-0999&limit=50',
        '/api/calls?offset=99000&limit=50',
      ];
      const figures: string[] = [];
      for (const q of queries) {
        rowsRead = 0;
        const t0 = performance.now();
        const body = JSON.parse((await get(bigInspector.url, q)).body) as { total: number; calls: unknown[] };
        const ms = performance.now() - t0;
        expect(body.calls.length).toBeLessThanOrEqual(50);
        figures.push(`${q}: ${rowsRead} rows read for ${body.calls.length} shown of ${body.total}, ${ms.toFixed(0)} ms`);
        expect(rowsRead, `${q} read ${rowsRead} rows`).toBeLessThanOrEqual(50 + 1);
      }
      // The counts are the SQL's, over every row: the filter saw all 100,000 calls without shipping them.
      const all = JSON.parse((await get(bigInspector.url, '/api/calls?limit=1')).body).total;
      expect(all).toBe(BIG);
      expect(JSON.parse((await get(bigInspector.url, '/api/calls?state=pending&limit=1')).body).total).toBe(Math.ceil((BIG - EXAMPLE_CALLS.length) / 997));
      // The counter sees rows: a query that reads the whole ledger is counted as such.
      rowsRead = 0;
      new Database(big, { readonly: true }).prepare('SELECT call_id FROM toolresult_ledger').all();
      expect(rowsRead).toBe(BIG);
      console.log(`inspector, 100,000 calls:\n  ${figures.join('\n  ')}`);
    } finally {
      Object.assign(proto, original);
      await bigInspector.close();
    }
  }, 300_000);
});

describe('toolresult inspect: the command line', () => {
  it('explains a bad command line in one line, exit 2; a missing ledger in one line, exit 1', async () => {
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    expect(await main([], io)).toBe(2);
    expect(await main(['x.db', '--port', 'abc'], io)).toBe(2);
    expect(await main(['x.db', '--host', '0.0.0.0'], io)).toBe(2);
    expect(await main(['x.db', '--bogus'], io)).toBe(2);
    expect(await main([join(dir, 'missing.db')], io)).toBe(1);
    expect(await main([join(dir, 'example-ledger.ts')], io)).toBe(1);
    expect(lines.length).toBe(6);
    for (const l of lines) expect(l).toMatch(/^toolresult inspect: [^\n]+$/);
    expect(lines[2]).toMatch(/0\.0\.0\.0/);
    expect(parseInspectArgs(['a.db', '--full', '--follow', '--port', '8080'])).toEqual({
      ledger: 'a.db',
      port: 8080,
      full: true,
      follow: true,
      host: '127.0.0.1',
    });
  });

  it('a file that is not a ledger is refused by name, and left unchanged', async () => {
    const lines: string[] = [];
    const Database = (await import('better-sqlite3')).default;
    const other = join(dir, 'other.db');
    const db = new Database(other);
    db.exec('CREATE TABLE t (x)');
    db.close();
    const before = sha(other);
    expect(await main([other], { out: (l) => lines.push(l), err: (l) => lines.push(l) })).toBe(1);
    expect(lines[0]).toMatch(/not a ToolResult ledger \(no table toolresult_meta\)/);
    expect(sha(other)).toBe(before);
  });
});

describe("inspector: other languages' ledgers", () => {
  it('a ledger the Python implementation wrote opens the same way (one layout)', async () => {
    const py = join(dir, 'python.db');
    const script = [
      'import sys',
      'from toolresult import ToolResult',
      'from toolresult.ledger_store import SqliteLedger, execute_tool_call',
      'from toolresult.privacy import audit_record',
      'ledger = SqliteLedger(sys.argv[1], create=True)',
      `result, _ = execute_tool_call("py-call", lambda: ToolResult.text("from python", structured={"k": "${RUN_ONLY_CANARY}"}), ledger)`,
      'ledger.append_audit("py-call", audit_record(result, ["metadata"]))',
      'ledger.close()',
    ].join('\n');
    const r = spawnSync('python3', ['-c', script, py], { cwd: new URL('../implementations/python', import.meta.url).pathname, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const inspector = await startInspector({ source: openSqliteSource(py), full: false, follow: false });
    try {
      const page = JSON.parse((await get(inspector.url, '/api/calls')).body);
      expect(page.calls.map((c: { callId: string }) => c.callId)).toEqual(['py-call']);
      const v = JSON.parse((await get(inspector.url, '/api/call?id=py-call')).body);
      expect(v.shown).toBe('metadata');
      expect(v.summary.contentOctets).toBe('from python'.length);
      expect(JSON.stringify(v)).not.toContain(RUN_ONLY_CANARY);
    } finally {
      await inspector.close();
    }
  });
});

describe('inspector: the list order', () => {
  it('newest first by the time each row shows (finished, else claimed), not by the claim time alone', async () => {
    const path = join(dir, 'order.db');
    const { openSqliteLedger } = await import('../reference-impl/ledger/sqlite.ts');
    const { executeToolCall, ToolResult } = await import('../reference-impl/index.ts');
    const ledger = openSqliteLedger(path);
    for (const id of ['early-claim-late-finish', 'middle', 'late-claim-pending'])
      await executeToolCall({ callId: id, run: () => ToolResult.text(id) }, { ledger });
    await ledger.close();
    // Claimed 1, 2, 4; shown 5, 3, 4 (the last one still claimed, its lease far ahead): by claim time
    // the list would read late-claim-pending, middle, early-claim-late-finish.
    const db = new Database(path);
    const set = db.prepare('UPDATE toolresult_ledger SET claimed_at = ?, finished_at = ? WHERE call_id = ?');
    set.run(1_000, 5_000, 'early-claim-late-finish');
    set.run(2_000, 3_000, 'middle');
    db.prepare(
      "UPDATE toolresult_ledger SET state = 'claimed', token = 't', lease_until = ?, entry = NULL, claimed_at = 4000, finished_at = NULL WHERE call_id = ?",
    ).run(Date.now() + 3_600_000, 'late-claim-pending');
    db.close();
    const source = openSqliteSource(path);
    try {
      const page = await source.page({ offset: 0, limit: 50 });
      expect(page.calls.map((c) => c.callId)).toEqual(['early-claim-late-finish', 'late-claim-pending', 'middle']);
      const shown = page.calls.map((c) => c.finishedAt ?? c.claimedAt);
      expect(shown).toEqual([...shown].sort((a, b) => b - a));
    } finally {
      await source.close();
    }
  });
});

describe("inspector: the call's key (spec §7.3)", () => {
  it('TR-REPLAY-40: calls of one call ID in two scopes are two rows, each shown with its scope and its own audit records', async () => {
    const path = join(dir, 'scopes.db');
    const { openSqliteLedger } = await import('../reference-impl/ledger/sqlite.ts');
    const { executeToolCall, ToolResult, auditRecord, callFingerprint } = await import('../reference-impl/index.ts');
    const ledger = openSqliteLedger(path);
    for (const scope of ['thread-a', 'thread-b']) {
      const out = await executeToolCall({ callId: 'call_0', scope, tool: 'balance', run: () => ToolResult.text(`balance in ${scope}`) }, { ledger });
      if (scope === 'thread-b') await ledger.appendAudit('call_0', auditRecord(out.result, ['full']), { scope, fingerprint: callFingerprint('balance', {}) });
    }
    await ledger.close();
    const before = sha(path);
    const inspector = await startInspector({ source: openSqliteSource(path), full: false, follow: false });
    try {
      const page = JSON.parse((await get(inspector.url, '/api/calls')).body) as { calls: { callId: string; scope: string; fingerprint: string }[] };
      expect(page.calls.map((c) => [c.callId, c.scope]).sort()).toEqual([
        ['call_0', 'thread-a'],
        ['call_0', 'thread-b'],
      ]);
      for (const c of page.calls) {
        const v = JSON.parse((await get(inspector.url, `/api/call?${new URLSearchParams({ id: c.callId, scope: c.scope, fingerprint: c.fingerprint })}`)).body);
        expect(v.scope).toBe(c.scope);
        expect(v.fingerprint).toMatch(/^[0-9a-f]{64}$/);
        expect(v.fingerprint).toBe(c.fingerprint);
        // Only thread-b's call has an audit record: thread-a's call shows nothing of thread-b's.
        expect([v.shown, v.wire?.content]).toEqual(c.scope === 'thread-b' ? ['full', 'balance in thread-b'] : ['none', undefined]);
      }
      expect((await get(inspector.url, '/api/call?id=call_0')).status).toBe(404);
    } finally {
      await inspector.close();
    }
    expect(sha(path)).toBe(before);
  });

  it('TR-REPLAY-41: a ledger of layout 1 (not yet migrated) opens read only, its calls in the default scope, and stays layout 1', async () => {
    const path = join(dir, 'layout1.db');
    const db = new Database(path);
    db.exec(readFileSync(new URL('../ledger-kit/fixtures/layout-1.sqlite.sql', import.meta.url), 'utf8'));
    db.close();
    const before = sha(path);
    const inspector = await startInspector({ source: openSqliteSource(path), full: true, follow: false });
    try {
      const page = JSON.parse((await get(inspector.url, '/api/calls')).body) as { calls: { callId: string; scope: string; auditLevels: string[] }[] };
      expect(page.calls.map((c) => c.callId).sort()).toEqual(['legacy-1', 'legacy-2', 'legacy-3', 'legacy-6']);
      expect(new Set(page.calls.map((c) => c.scope))).toEqual(new Set(['']));
      expect(page.calls.find((c) => c.callId === 'legacy-1')!.auditLevels).toEqual(['metadata', 'none']);
      const v = JSON.parse((await get(inspector.url, '/api/call?id=legacy-1')).body);
      expect(v.source).toBe('ledger entry');
      expect(v.audits).toHaveLength(2);
    } finally {
      await inspector.close();
    }
    expect(sha(path)).toBe(before);
  });
});

describe('inspector: the warnings tab', () => {
  it('names every code of the closed set with the words of spec §2.3', () => {
    const schema = JSON.parse(readFileSync(new URL('../schemas/model/warning.schema.json', import.meta.url), 'utf8')) as {
      $defs?: unknown;
      properties?: { code?: { enum?: string[] } };
    };
    const codes =
      JSON.stringify(schema)
        .match(/"[a-z]+\.[a-z_]+"/g)
        ?.map((s) => s.slice(1, -1))
        .filter((c) => /^(content|artifacts|structured|mcp|hook|exposure)\./.test(c)) ?? [];
    expect(new Set(codes)).toEqual(new Set(WARNING_DOCS.keys()));
    const spec = readFileSync(new URL('../spec/02-data-model.md', import.meta.url), 'utf8');
    for (const d of WARNING_DOCS.values()) expect(spec, d.code).toContain(`| \`${d.code}\` | ${d.setBy} | ${d.meaning} |`);
  });
});
