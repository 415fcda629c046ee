// The whole kit, as a user runs it (the package's bin, default seed and runs, out of process; a
// per-request timeout of 30 s for a loaded machine), against every implementation in this repository: the bundled reference adapter and the
// independent Python, PHP and Go implementations. Every group must run and every case pass; nothing is
// skipped but the byte-array cases of a language without byte arrays (PHP). A byte-string language (PHP, Go, `stringModel: "bytes"`) cannot hold an unpaired surrogate:
// the vectors that need `utf16-strings` run for it in their bytes form (TR-CONF-23).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GUARDED_TEST_MS, runWithSilenceGuard } from './silence-guard.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const tmp = mkdtempSync(join(tmpdir(), 'impls-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// The Go adapter is built once, with the Go toolchain's cache, into this run's temporary folder.
const goAdapter = join(tmp, 'toolresult-go-adapter');
execFileSync('go', ['build', '-o', goAdapter, './cmd/toolresult-adapter'], { cwd: join(ROOT, 'implementations', 'go'), stdio: 'inherit' });

const GROUPS = ['bound', 'egress', 'sinks', 'ledger', 'hooks', 'normalize-mcp', 'normalize-langchain', 'normalize-local', 'exposure'];

// `unclaimed`: groups an implementation does not implement yet. Its cases of those groups, and only
// those, are skipped as not claimed; the list is here so that a gap is visible and can only shrink.
// `noByteArrays`: the language has no native byte array (PHP, TR-NORM-10), so the cases that need
// byte-arrays are skipped for it with that reason, and no other case is.
const implementations: { name: string; command: string[]; stringModel: string; unclaimed?: string[]; noByteArrays?: true }[] = [
  { name: 'reference (TypeScript)', command: [], stringModel: 'utf16' },
  { name: 'python', command: ['--', 'python3', join(ROOT, 'implementations', 'python', 'adapter.py')], stringModel: 'codepoints' },
  { name: 'php', command: ['--', 'php', join(ROOT, 'implementations', 'php', 'adapter.php')], stringModel: 'bytes', noByteArrays: true },
  { name: 'go', command: ['--', goAdapter], stringModel: 'bytes' },
];

const run = (command: string, args: string[]) => runWithSilenceGuard(command, args, { cwd: ROOT });

/** The vectors that need utf16-strings: a byte-string adapter runs their bytes forms. */
function utf16Vectors(): string[] {
  const out: string[] = [];
  const dir = join(ROOT, 'conformance', 'vectors');
  for (const group of readdirSync(dir)) {
    for (const file of readdirSync(join(dir, group)).filter((f) => f.endsWith('.json'))) {
      const v = JSON.parse(readFileSync(join(dir, group, file), 'utf8')) as { cases: { id: string; needs?: string[] }[] };
      for (const c of v.cases) if (c.needs?.includes('utf16-strings')) out.push(`vector/${group}/${file.replace(/\.json$/, '')}/${c.id}`);
    }
  }
  return out.sort();
}

/** The vectors that need byte-arrays: skipped for a language without a native byte array, passed by the others. */
function byteArrayVectors(): string[] {
  const out: string[] = [];
  const dir = join(ROOT, 'conformance', 'vectors');
  for (const group of readdirSync(dir)) {
    for (const file of readdirSync(join(dir, group)).filter((f) => f.endsWith('.json'))) {
      const v = JSON.parse(readFileSync(join(dir, group, file), 'utf8')) as { cases: { id: string; needs?: string[] }[] };
      for (const c of v.cases) if (c.needs?.includes('byte-arrays')) out.push(`vector/${group}/${file.replace(/\.json$/, '')}/${c.id}`);
    }
  }
  return out.sort();
}

// One after another: on two shared cores, three runs at once starve each other's handshakes.
describe('conformance of the implementations in this repository', { timeout: GUARDED_TEST_MS }, () => {
  it.each(implementations.map((i) => [i.name, i] as const))('TR-CONF-5: %s passes every group of a default run', async (name, impl) => {
    const report = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
    const r = await run(process.execPath, [join(ROOT, 'bin', 'toolresult.js'), 'conformance', '--timeout', '30000', '--report-json', report, ...impl.command]);
    const lines = r.stdout.trim().split('\n');
    expect(lines.at(-1), r.stdout.slice(-4000) + r.stderr.slice(-2000)).toMatch(
      impl.unclaimed === undefined && impl.noByteArrays === undefined ? /^\d+ passed, 0 failed$/ : /^\d+ passed, 0 failed, \d+ skipped$/,
    );
    expect(r.status).toBe(0);
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      specVersion: string;
      adapter: { groups: string[]; stringModel: string; specVersion?: string };
      summary: { passed: number; failed: number; skipped: number };
      cases: { id: string; status: string; skipReason?: string }[];
    };
    expect(json.adapter.stringModel).toBe(impl.stringModel);
    // Each names the spec version it implements, so a failure comes with what changed since (TR-CONF-24).
    expect(json.adapter.specVersion).toBe(json.specVersion);
    const unclaimed = impl.unclaimed ?? [];
    expect([...json.adapter.groups].sort()).toEqual(GROUPS.filter((g) => !unclaimed.includes(g)).sort());
    expect(json.summary.failed).toBe(0);
    const notClaimed = (c: { skipReason?: string }) => unclaimed.some((g) => c.skipReason === `group ${g} not claimed`);
    if (unclaimed.length > 0) expect(json.cases.some((c) => c.status === 'skip' && notClaimed(c))).toBe(true);
    const noByteArray = (c: { id: string; skipReason?: string }) => impl.noByteArrays === true && c.skipReason === 'adapter cannot build byte-arrays';
    expect(json.cases.filter((c) => c.status === 'skip' && !notClaimed(c) && !noByteArray(c))).toEqual([]);
    const byteArrayCases = byteArrayVectors();
    expect(byteArrayCases.length).toBeGreaterThan(0);
    const byteArrayStatus = new Map(json.cases.map((c) => [c.id, c.status]));
    expect(byteArrayCases.filter((id) => byteArrayStatus.get(id) !== (impl.noByteArrays === true ? 'skip' : 'pass'))).toEqual([]);
    // Whatever the string model, the vectors with an unpaired surrogate ran and passed (for a
    // byte-string adapter, in their bytes form).
    const status = new Map(json.cases.map((c) => [c.id, c.status]));
    const utf16 = utf16Vectors().filter((id) => !unclaimed.some((g) => id.startsWith(`vector/${g}/`)));
    expect(utf16.length).toBeGreaterThan(10);
    expect(utf16.filter((id) => status.get(id) !== 'pass')).toEqual([]);
    expect(json.summary.passed).toBeGreaterThan(400);
    // Both kinds of case ran: fixed vectors and properties, the differential among them.
    expect(json.cases.some((c) => c.id.startsWith('vector/'))).toBe(true);
    expect(json.cases.some((c) => c.id.startsWith('property/TR-CONF-5/'))).toBe(true);
  });
});
