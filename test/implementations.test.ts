// The whole kit, exactly as a user runs it (the package's bin, default seed and runs, out of
// process), against every implementation in this repository: the bundled reference adapter and the
// independent Python implementation. Every group must run (none skipped) and every case pass.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(join(tmpdir(), 'impls-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const GROUPS = ['bound', 'egress', 'sinks', 'ledger', 'hooks', 'normalize-mcp', 'normalize-langchain', 'normalize-local'];

const implementations: { name: string; command: string[] }[] = [
  { name: 'reference (TypeScript)', command: [] },
  { name: 'python', command: ['--', 'python3', join(ROOT, 'implementations', 'python', 'adapter.py')] },
];

describe.concurrent('conformance of the implementations in this repository', { timeout: 300_000 }, () => {
  it.each(implementations.map((i) => [i.name, i] as const))('TR-CONF-5: %s passes every group of a default run', (name, impl) => {
    const report = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'toolresult.js'), 'conformance', '--report-json', report, ...impl.command], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 240_000,
    });
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-1), r.stdout.slice(-4000) + r.stderr.slice(-2000)).toMatch(/^\d+ passed, 0 failed$/);
    expect(r.status).toBe(0);
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      adapter: { groups: string[] };
      summary: { passed: number; failed: number; skipped: number };
      cases: { id: string; status: string }[];
    };
    expect([...json.adapter.groups].sort()).toEqual([...GROUPS].sort());
    expect(json.summary.failed).toBe(0);
    expect(json.summary.skipped).toBe(0);
    expect(json.summary.passed).toBeGreaterThan(400);
    // Both kinds of case ran: fixed vectors and properties, the differential among them.
    expect(json.cases.some((c) => c.id.startsWith('vector/'))).toBe(true);
    expect(json.cases.some((c) => c.id.startsWith('property/TR-CONF-5/'))).toBe(true);
  });
});
