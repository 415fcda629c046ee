// A whole run, end to end: skipping by handshake, exit codes, and a failure report whose replay
// command reproduces the failure.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args.ts';
import { replayCommand, runConformance, skipReason, unclaimedGroups } from './run.ts';
import type { KitCase } from '../core/case.ts';
import type { HelloOutput } from '../protocol/messages.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The reference adapter with one of the kit's self-test mutants (conformance/mutants/adapter.ts). */
const mutantCommand = (name: string): string[] => [process.execPath, '--import', 'tsx', join(ROOT, 'conformance', 'mutants', 'adapter.ts'), '--mutant', name];

/**
 * A kit run in process. A busy machine makes an adapter slow, never wrong: unless a test sets its own,
 * each request gets two minutes (the default 10 s is a user's, and a case that outlived it would fail
 * here for the machine's load alone).
 */
async function run(argv: string[]): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const args = parseArgs(argv.includes('--timeout') ? argv : ['--timeout', '120000', ...argv]);
  if (args.command !== 'conformance') throw new Error('parse');
  const code = await runConformance(args, { out: (l) => out.push(l), err: () => {} });
  return { code, out };
}

const hello: HelloOutput = {
  name: 'x',
  version: '1',
  language: 'go',
  protocol: 'toolresult-adapter/1',
  groups: ['bound', 'normalize-mcp'],
  stringModel: 'bytes',
  cycles: false,
  opaqueValues: true,
};
const kase = (groups: string[], needs: KitCase['needs'] = []) =>
  ({ id: 'a', kind: 'vector', description: '', requirements: [], groups, needs, run: async () => ({ passed: true }) }) as KitCase;

// The tests' own limit only guards against a hang (each starts adapters and runs whole groups).
describe('run', { timeout: 600_000 }, () => {
  it('TR-CONF-8: runs only claimed groups and declared abilities, and says why it skips', () => {
    expect(skipReason(kase(['bound']), hello)).toBeUndefined();
    expect(skipReason(kase(['normalize']), hello)).toBeUndefined();
    expect(skipReason(kase(['sinks', 'bound']), hello)).toBe('group sinks not claimed');
    expect(skipReason(kase(['bound'], ['utf16-strings', 'cycles', 'opaque-values']), hello)).toBe('adapter cannot build utf16-strings, cycles');
    expect(skipReason(kase(['normalize']), { ...hello, groups: ['bound'] })).toBe('group normalize-* not claimed');
    const bound = { ...hello, groups: ['bound'] } as HelloOutput;
    expect(unclaimedGroups([kase(['sinks']), kase(['normalize-mcp']), kase(['normalize']), kase(['bound'])], bound)).toEqual(['normalize-mcp', 'sinks']);
    expect(unclaimedGroups([kase(['normalize']), kase(['sinks', 'bound'])], bound)).toEqual(['sinks', 'normalize-*']);
    expect(unclaimedGroups([kase(['normalize'])], hello)).toEqual([]);
  });

  it('TR-CONF-12: the replay command carries the options that change the outcome', () => {
    const failed = { passed: false, reason: 'x', seed: 7, path: '3:1' } as const;
    const adapter = ['python3', 'my adapter.py'];
    expect(replayCommand(kase(['bound']), failed, { adapter, timeoutMs: 10_000, noShrink: false })).toBe(
      "npm run conformance -- --only a --seed 7 --path 3:1 -- python3 'my adapter.py'",
    );
    expect(replayCommand(kase(['bound']), failed, { adapter: undefined, timeoutMs: 300, noShrink: true })).toBe(
      'npm run conformance -- --only a --seed 7 --path 3:1 --no-shrink --timeout 300',
    );
    expect(replayCommand(kase(['bound']), { passed: false, reason: 'no response' }, { adapter: undefined, timeoutMs: 300, noShrink: true })).toBe(
      'npm run conformance -- --only a --timeout 300',
    );
  });

  it('TR-CONF-10: exit 0 when every applicable case passes, 1 on a failure, 2 on a usage error', async () => {
    expect((await run(['--only', 'vector/egress'])).code).toBe(0);
    const failing = await run(['--only', 'vector/bound/measure', '--', ...mutantCommand('depth-off-by-one')]);
    expect(failing.code).toBe(1);
    expect(failing.out.at(-1)).toMatch(/^\d+ passed, [1-9]\d* failed$/);
    const usage = spawnSync(process.execPath, [join(ROOT, 'bin', 'toolresult.js'), 'conformance', '--runs', 'many'], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('--runs needs an integer, got "many"');
  });

  it('TR-CONF-12: a failure shows case ID, requirements, input, want, got and a replay command that reproduces it', async () => {
    const mutant = mutantCommand('truncate-artifact-list');
    const first = await run(['--only', 'property/TR-BOUND-10/artifacts-whole-or-marker', '--', ...mutant]);
    const report = first.out.join('\n');
    expect(report).toMatch(/^FAIL property\/TR-BOUND-10\/artifacts-whole-or-marker \[TR-BOUND-10 TR-BOUND-9\]$/m);
    for (const field of ['reason', 'input', 'want', 'got', 'replay']) expect(report).toMatch(new RegExp(`^  ${field}: `, 'm'));
    const replay = /^ {2}replay: npm run conformance -- (.*)$/m.exec(report)![1]!;
    const argv = replay.split(' ').map((a) => a.replace(/^'(.*)'$/, '$1'));
    expect(argv).toContain('--path');
    const again = await run(argv);
    expect(again.code).toBe(1);
    const input = (o: string[]) => o.join('\n').match(/^ {2}input: .*$/m)?.[0];
    expect(input(again.out)).toBe(input(first.out));
  });

  it('TR-CONF-9: known failures do not fail the run; a stale entry does; reports are written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-'));
    const known = join(dir, 'known.txt');
    writeFileSync(known, '# depth is counted from 0 in this port\nvector/bound/measure/depth-64-*\n');
    const mutant = [...mutantCommand('depth-off-by-one')];
    const expected = await run([
      '--only',
      'vector/bound/measure',
      '--known-failing',
      known,
      '--report-json',
      join(dir, 'r.json'),
      '--junit',
      join(dir, 'r.xml'),
      '--',
      ...mutant,
    ]);
    expect(expected.code).toBe(0);
    expect(expected.out.at(-1)).toMatch(/^\d+ passed, 0 failed, 3 failed as expected$/);
    const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
    expect(report.summary).toMatchObject({ failed: 0, expectedFailures: 3 });
    expect(report.cases.find((c: { id: string }) => c.id === 'vector/bound/measure/depth-64-arrays')).toMatchObject({
      status: 'expected-failure',
      requirements: ['TR-BOUND-8'],
    });
    expect(readFileSync(join(dir, 'r.xml'), 'utf8')).toContain('<testsuite name="vector/bound" tests=');
    const stale = await run(['--only', 'vector/bound/measure', '--known-failing', known]);
    expect(stale.code).toBe(1);
    expect(stale.out.join('\n')).toMatch(/^FAIL vector\/bound\/measure\/depth-64-arrays \[TR-BOUND-8\]\n {2}reason: listed as known failing but passes/m);
  });
});
