// The `toolresult` dispatcher: --version and --help load nothing but bin/, every command in the table
// has its module and export, a missing peer dependency is one clear message, and replay lines name
// the command as it was started.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import packageJson from '../package.json' with { type: 'json' };
import { COMMANDS } from './commands.js';
import { invocation } from './invocation.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'toolresult-bin-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** bin/ and package.json alone: no sources, no build, no node_modules. */
function bareCopy(): string {
  const dir = mkdtempSync(join(tmp, 'bare-'));
  cpSync(join(ROOT, 'bin'), join(dir, 'bin'), { recursive: true, filter: (f) => !f.endsWith('.test.ts') });
  cpSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  return dir;
}

const run = (dir: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(dir, 'bin', 'toolresult.js'), ...args], { cwd: tmp, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });

describe('toolresult dispatcher', () => {
  it('--version and --help answer from bin/ alone (no command module is loaded)', () => {
    const dir = bareCopy();
    const v = run(dir, '--version');
    expect(v.stdout).toBe(`${packageJson.version}\n`);
    expect(v.status).toBe(0);
    const h = run(dir, '--help');
    expect(h.status).toBe(0);
    for (const name of Object.keys(COMMANDS)) expect(h.stdout).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
  });

  it('an unknown command is a usage error (exit 2) that points at --help; options alone mean the default command', () => {
    const dir = bareCopy();
    const unknown = run(dir, 'conformanse');
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toBe('toolresult: unknown command "conformanse" (toolresult --help lists the commands)\n');
    // `toolresult --only x` is `toolresult conformance --only x`: here it stops at the missing peers.
    for (const argv of [['--only', 'x'], []]) expect(run(dir, ...argv).stderr).toMatch(/^toolresult: conformance needs fast-check/);
  });

  it('a command whose optional peers are missing names them and the install line, exit 2', () => {
    const r = run(bareCopy(), 'conformance', '--only', 'vector/bound/**');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^toolresult: conformance needs fast-check and @sinclair\/typebox \(optional peer dependencies/);
    expect(r.stderr).toContain(
      `npm install --save-dev fast-check@${packageJson.peerDependencies['fast-check']} @sinclair/typebox@${packageJson.peerDependencies['@sinclair/typebox']}`,
    );
    expect(r.stderr).toContain('npx toolresult-conformance …');
  });

  it('a copy with neither sources nor build says so in one line', () => {
    const r = run(bareCopy(), 'vectors', '--out', join(tmp, 'v'));
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(
      /^toolresult: this copy of toolresult-protocol has neither conformance\/runner\/cli\.ts nor its build dist\/conformance\/runner\/cli\.js \(npm run build makes it\)\n$/,
    );
  });

  it.each(Object.entries(COMMANDS))('command %s: its module exports the function the table names', async (_name, c) => {
    const mod = (await import(join(ROOT, `${c.module}.ts`))) as Record<string, unknown>;
    expect(typeof mod[c.export ?? 'main']).toBe('function');
    for (const peer of c.needs ?? []) expect(Object.keys(packageJson.peerDependenciesMeta)).toContain(peer);
  });
});

describe('replay invocation: the words that start the command again', () => {
  const base = { cwd: '/home/u/proj', version: '1.2.3', needs: ['fast-check'], peers: { 'fast-check': '^4.11.0' } };
  it.each([
    [
      'npm run of this repository',
      {
        argv1: '/r/bin/toolresult.js',
        env: { npm_command: 'run', npm_lifecycle_event: 'conformance', npm_lifecycle_script: 'node bin/toolresult.js conformance' },
      },
      ['npm', 'run', 'conformance', '--'],
    ],
    [
      'npm run of a consumer script that is the bare command',
      {
        argv1: '/home/u/proj/node_modules/.bin/toolresult',
        env: { npm_command: 'run', npm_lifecycle_event: 'kit', npm_lifecycle_script: 'toolresult conformance' },
      },
      ['npm', 'run', 'kit', '--'],
    ],
    [
      'npm run of a script with its own arguments',
      {
        argv1: '/home/u/proj/node_modules/.bin/toolresult',
        env: { npm_command: 'run', npm_lifecycle_event: 'kit', npm_lifecycle_script: 'toolresult conformance -- python3 a.py' },
      },
      ['npx', '--no-install', 'toolresult', 'conformance'],
    ],
    [
      'node on the bin file',
      { argv1: '/home/u/proj/bin/toolresult.js', env: { npm_command: 'run', npm_lifecycle_event: 'test', npm_lifecycle_script: 'vitest run' } },
      ['node', './bin/toolresult.js', 'conformance'],
    ],
    [
      'npx in a project that has it',
      { argv1: '/home/u/proj/node_modules/.bin/toolresult', env: { npm_command: 'exec', npm_lifecycle_event: 'npx' } },
      ['npx', '--no-install', 'toolresult', 'conformance'],
    ],
    [
      'npx that fetched it',
      { argv1: '/root/.npm/_npx/ab12/node_modules/.bin/toolresult', env: { npm_command: 'exec' } },
      ['npx', '-p', 'toolresult-protocol@1.2.3', '-p', 'fast-check@^4.11.0', 'toolresult', 'conformance'],
    ],
    [
      'a link that is not on the PATH',
      { argv1: '/home/u/proj/node_modules/.bin/toolresult', env: { PATH: '/usr/bin' } },
      ['./node_modules/.bin/toolresult', 'conformance'],
    ],
    ['a link outside the working directory', { argv1: '/opt/x/bin/toolresult', env: { PATH: '' } }, ['/opt/x/bin/toolresult', 'conformance']],
  ])('%s', (_what, how, want) => {
    expect(invocation('conformance', { ...base, ...how })).toEqual(want);
  });

  it('a link that the shell finds on the PATH is named by its name', () => {
    const dir = mkdtempSync(join(tmp, 'path-'));
    writeFileSync(join(dir, 'toolresult'), '');
    expect(invocation('conformance', { ...base, argv1: join(dir, 'toolresult'), env: { PATH: `/nonexistent:${dir}` } })).toEqual(['toolresult', 'conformance']);
  });
});
