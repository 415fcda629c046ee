// A Python venv made from a hashed requirements file, by the convention every test of this
// repository follows: ${XDG_CACHE_HOME:-~/.cache}/toolresult-protocol/venvs/<name>-<first 12 hex of
// the sha256 of the file>, made with `python3 -m venv` and filled with `pip install --require-hashes`.
// Made once per file content (a changed file is a new venv); a half-made one is made again.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The venv's python, made (or reused) from `requirements`; throws with pip's words when it cannot. */
export function pythonVenv(name: string, requirements: string, options: { noDeps?: boolean } = {}): string {
  const digest = createHash('sha256').update(readFileSync(requirements)).digest('hex').slice(0, 12);
  const base = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'toolresult-protocol', 'venvs');
  const dir = join(base, `${name}-${digest}`);
  const python = join(dir, 'bin', 'python');
  if (existsSync(join(dir, '.complete'))) return python;
  // Made under another name and moved into place whole, so a process that finds the venv finds it complete.
  const tmp = `${dir}.${process.pid}.tmp`;
  rmSync(tmp, { recursive: true, force: true });
  try {
    execFileSync('python3', ['-m', 'venv', tmp], { stdio: ['ignore', 'ignore', 'pipe'] });
    const pip = [
      join(tmp, 'bin', 'python'),
      '-m',
      'pip',
      'install',
      '--quiet',
      '--disable-pip-version-check',
      '--require-hashes',
      ...(options.noDeps ? ['--no-deps'] : []),
      '-r',
      requirements,
    ];
    execFileSync(pip[0]!, pip.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
    writeFileSync(join(tmp, '.complete'), `${requirements}\n`);
    if (existsSync(join(dir, '.complete'))) {
      // Another process finished the same venv first: keep that one (it may be in use) and drop ours.
      rmSync(tmp, { recursive: true, force: true });
      return python;
    }
    rmSync(dir, { recursive: true, force: true }); // a half-made one, never completed
    renameSync(tmp, dir);
  } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    const said = (e as { stderr?: Buffer }).stderr?.toString().trim().split('\n').slice(-3).join(' ');
    throw new Error(`could not make the ${name} venv from ${requirements}: ${said || (e as Error).message}`);
  }
  return python;
}
