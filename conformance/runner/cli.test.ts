// The command line as a newcomer meets it: every mistake is one line on standard error with exit 2,
// found before the adapter starts where it can be; no stack trace, no lost summary, no hang.
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli } from './cli.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const testAdapter = (name: string) => [process.execPath, join(HERE, 'test-adapters', `${name}.mjs`)];

async function run(argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await cli(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('cli errors', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kit-cli-'));
  writeFileSync(join(dir, 'a-file'), 'x');

  it.each([
    [['--bogus'], /^toolresult: unknown option "--bogus" \(--help lists the options\)$/],
    [['--seed'], /^toolresult: --seed needs a value/],
    [['--runs', '0'], /^toolresult: --runs must be an integer >= 1, got 0/],
    [['--timeout', 'abc'], /^toolresult: --timeout needs an integer, got "abc"/],
    [['--timeout', '99999999999'], /^toolresult: --timeout must be an integer from 1 to 2147483647, got 99999999999/],
    [['--only', 'vector/no-such-group'], /^toolresult: --only "vector\/no-such-group" matches no case of the kit/],
    [['--only', 'vector/bound/measure', '--path', '0:1'], /^toolresult: --path replays one property, but the selection has \d+ cases/],
    [
      ['--only', 'vector/bound/measure/null', '--path', '0'],
      /^toolresult: --path replays one property, but the selection has the vector vector\/bound\/measure\/null/,
    ],
    [['--known-failing', join(dir, 'missing.txt')], /^toolresult: --known-failing .*missing\.txt: cannot read it \(no such file or directory\)$/],
    [['--known-failing', dir], /^toolresult: --known-failing .*: cannot read it \(it is a directory\)$/],
    [['--only', 'vector/egress', '--junit', dir], /^toolresult: --junit .*: cannot write it \(it is a directory\)$/],
    [
      ['--only', 'vector/egress', '--report-json', join(dir, 'a-file', 'r.json')],
      /^toolresult: --report-json .*: cannot write it \(a part of the path is not a directory\)$/,
    ],
    [['vectors', '--out', join(dir, 'a-file', 'out')], /^toolresult: --out .*: cannot write the vectors there \(a part of the path is not a directory\)$/],
    [['--only', 'vector/egress', '--', join(dir, 'no-such-adapter')], /^toolresult: cannot start the adapter: .*no-such-adapter does not exist$/],
    [['--only', 'vector/egress', '--', 'no-such-command-xyz'], /^toolresult: cannot start the adapter: no command "no-such-command-xyz" on the PATH$/],
    [
      ['--only', 'vector/egress', '--', join(HERE, 'test-adapters', 'crash.mjs')],
      /^toolresult: cannot start the adapter: .*crash\.mjs is not executable \(chmod \+x it, or run it through node: -- node .*crash\.mjs\)$/,
    ],
  ])('TR-CONF-10: %j is a usage error explained in one line, exit 2', async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.err).toHaveLength(1);
    expect(r.err[0]).toMatch(message);
    expect(r.out).toEqual([]);
  });

  it('TR-CONF-10: a report folder that does not exist yet is created', async () => {
    const report = join(dir, 'new', 'deeper', 'r.json');
    const junit = join(dir, 'new', 'j.xml');
    const r = await run(['--only', 'vector/egress', '--report-json', report, '--junit', junit]);
    expect(r.code).toBe(0);
    expect(JSON.parse(readFileSync(report, 'utf8')).summary.failed).toBe(0);
    expect(readFileSync(junit, 'utf8')).toMatch(/^<\?xml/);
  });

  it('TR-CONF-10: a known-failing file that is empty or only comments is fine', async () => {
    mkdirSync(join(dir, 'k'), { recursive: true });
    writeFileSync(join(dir, 'k', 'known.txt'), '# nothing yet\n\n');
    const r = await run(['--only', 'vector/egress', '--known-failing', join(dir, 'k', 'known.txt')]);
    expect(r.code).toBe(0);
    expect(r.out.at(-1)).toMatch(/^\d+ passed, 0 failed$/);
  });
});

describe('cli output', () => {
  it('TR-LOG-1: an adapter that claims a group but answers none of its ops cannot pass the log property', async () => {
    const r = await run(['--only', 'property/TR-LOG-1/no-canary-in-logs', '--no-shrink', '--', ...testAdapter('unknown-op')]);
    expect(r.code).toBe(1);
    expect(r.out.join('\n')).toMatch(/^FAIL property\/TR-LOG-1\/no-canary-in-logs /m);
  });

  it('TR-CONF-12: an op the adapter does not implement is named in the reason', async () => {
    const r = await run(['--only', 'vector/bound/measure/null', '--', ...testAdapter('unknown-op')]);
    expect(r.code).toBe(1);
    expect(r.out.join('\n')).toMatch(/^ {2}reason: the adapter does not implement op measure \(answered adapter\.unknown_op\)$/m);
  });

  it('TR-CONF-12: an unexpected exception in the adapter is named, with where to see its stderr', async () => {
    const r = await run(['--only', 'vector/bound/measure/null', '--', ...testAdapter('exception')]);
    expect(r.code).toBe(1);
    expect(r.out.join('\n')).toMatch(
      /^ {2}reason: the adapter hit an unexpected exception in op measure \(answered adapter\.exception; -v shows its standard error\), want an output$/m,
    );
    const verbose = await run(['-v', '--only', 'vector/bound/measure/null', '--', ...testAdapter('exception')]);
    expect(verbose.err.join('\n')).toContain('adapter: exception adapter: cannot decode the input of measure');
  });

  it('TR-CONF-10: stale known failures are counted on the line before the recap and the summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-stale-'));
    writeFileSync(join(dir, 'known.txt'), 'vector/egress/wire/text-only\nvector/egress/wire/structured-not-on-wire\n');
    const r = await run(['--only', 'vector/egress', '--known-failing', join(dir, 'known.txt')]);
    expect(r.code).toBe(1);
    const recap = r.out.findIndex((l) => l.startsWith('recap: '));
    expect(r.out[recap - 1]).toBe('2 of the failures are known failures that pass (stale): remove them from the known-failing list');
    expect(r.out[recap]).toBe('recap: 2 failures, 1 distinct reason:');
    expect(r.out.at(-1)).toMatch(/^\d+ passed, 2 failed$/);
  });

  it('TR-CONF-10: output piped into a reader that stops early (| head) ends quietly, with the right status', async () => {
    const child = spawn(process.execPath, [join(HERE, '..', '..', 'bin', 'toolresult.js'), '--list'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.stdout.once('data', () => child.stdout.destroy());
    const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    expect(err).toBe('');
    expect(code).toBe(0);
  });

  it('TR-CONF-11: an interrupted run kills the adapter, even one that outlives its input and SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [join(HERE, '..', '..', 'bin', 'toolresult.js'), '-v', '--only', 'vector/bound/coerce-strings', '--timeout', '60000', '--', ...testAdapter('stubborn')],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    const pid = await new Promise<number>((resolve) =>
      child.stderr.on('data', (b: Buffer) => {
        err += b.toString();
        const m = /stubborn adapter pid (\d+)/.exec(err);
        if (m) resolve(Number(m[1]));
      }),
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
    child.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(err).toContain('toolresult: interrupted (SIGTERM); the adapter was stopped');
    // Gone, or dead and waiting to be reaped by whoever inherited it.
    const gone = () => {
      try {
        process.kill(pid, 0);
      } catch {
        return true;
      }
      return existsSync(`/proc/${pid}/stat`) && / Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    };
    // A hang guard of 30 s, not a speed: an adapter left running never goes, and a busy machine may
    // take seconds to deliver the kill and reap it.
    for (let i = 0; i < 300 && !gone(); i++) await new Promise((r) => setTimeout(r, 100));
    expect(gone()).toBe(true);
  });

  it('TR-CONF-9: a known-failing pattern that matches no case at all is reported; one outside --only is not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-unused-'));
    const noSuchRequirement = ['TR', 'NOPE', '1'].join('-'); // spelled apart: the traceability check reads test files
    writeFileSync(join(dir, 'known.txt'), `vector/ledger/**\nvector/egress/wire/no-such-case\n${noSuchRequirement}\n`);
    const r = await run(['--only', 'vector/egress', '--known-failing', join(dir, 'known.txt')]);
    expect(r.code).toBe(0);
    const warnings = r.err.filter((l) => l.startsWith('warning:'));
    expect(warnings).toEqual([
      'warning: known-failing pattern "vector/egress/wire/no-such-case" matches no case (a typo, or a case that was renamed or removed)',
      `warning: known-failing pattern "${noSuchRequirement}" matches no case (a typo, or a case that was renamed or removed)`,
    ]);
  });

  it('TR-CONF-8: a run in which every selected case was skipped says that nothing was tested', async () => {
    const r = await run(['--only', 'vector/egress', '--', ...testAdapter('unknown-op')]);
    expect(r.code).toBe(0);
    expect(r.out.at(-1)).toMatch(/^0 passed, 0 failed, \d+ skipped$/);
    expect(r.err).toContain('warning: every selected case was skipped (group egress not claimed): nothing was tested');
  });
});
