// Records what the pinned Python stacks make of each kind of MCP result
// (conformance/recorders/python-adapters/record.py), in the venv its hashed requirements define.
//   npm run record:python-adapters             rewrite the recordings
//   npm run record:python-adapters -- --check  re-record and fail when they differ from the committed ones
// The venv follows the project's convention: <cache>/toolresult-protocol/venvs/python-adapters-<first 12
// hex of the sha256 of requirements.txt>, made once with pip --require-hashes (about 100 packages).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = join(fileURLToPath(new URL('..', import.meta.url)), 'conformance', 'recorders', 'python-adapters');
const REQUIREMENTS = join(HERE, 'requirements.txt');

function run(command: string, args: string[]): void {
  const r = spawnSync(command, args, { stdio: 'inherit' });
  if (r.status !== 0) {
    process.stderr.write(`record-python-adapters: ${command} ${args.join(' ')} failed (exit ${r.status ?? r.signal})\n`);
    process.exit(1);
  }
}

const hash = createHash('sha256').update(readFileSync(REQUIREMENTS)).digest('hex').slice(0, 12);
const venv = join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'toolresult-protocol', 'venvs', `python-adapters-${hash}`);
const python = join(venv, 'bin', 'python');
if (!existsSync(join(venv, '.complete'))) {
  process.stderr.write(`record-python-adapters: creating ${venv}\n`);
  rmSync(venv, { recursive: true, force: true });
  run('python3', ['-m', 'venv', venv]);
  run(python, ['-m', 'pip', 'install', '--quiet', '--require-hashes', '--no-deps', '-r', REQUIREMENTS]);
  run('touch', [join(venv, '.complete')]);
}
run(python, [join(HERE, 'record.py'), ...process.argv.slice(2)]);
