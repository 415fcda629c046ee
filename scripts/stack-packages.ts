// The agent stacks' npm packages (ai, @ai-sdk/*, LangChain.js, Mastra, the OpenAI Agents SDK,
// openai, the MCP SDK) have a project of their own, stacks/npm/, with its own lockfile: only the
// compliance matrix (stacks/), the integrations' tests and the build of the integrations'
// declarations (integrations/) and the integrations bench (bench/) load them. Several declare
// Node.js 22 or later; the matrix and the integrations are tested on the Node.js that runs the
// suite, on purpose (the matrix names it in every row), so the root `npm ci` of the library and
// the kit stays without them and prints no engine warning.
//
// `ensureStackPackages()` installs stacks/npm from its lockfile (`npm ci`) when it has not been, or
// when the lockfile changed since, and links `node_modules` of stacks/, integrations/ and bench/ to
// stacks/npm/node_modules, so that Node.js, tsc, tsx and vitest find the packages by their own
// lookup. It is a no-op when all is in place. `npm test` runs it first (`npm run stacks:install`);
// so do the build, the type check, the compliance commands, the bench and vitest's global setup, so
// that each also works alone after the root `npm ci`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The stacks' own npm project. */
export const STACK_PROJECT = join(ROOT, 'stacks', 'npm');

/** The folders whose modules import a stack package: each gets a node_modules link to the project's. */
export const LINKED = ['stacks', 'integrations', 'bench'] as const;

/** Written into the project's node_modules after an install: the lockfile's digest it installed. */
const STAMP = join(STACK_PROJECT, 'node_modules', '.toolresult-installed');

const lockDigest = (): string =>
  createHash('sha256')
    .update(readFileSync(join(STACK_PROJECT, 'package-lock.json')))
    .digest('hex');

/** True when node_modules holds what the lockfile says (as of the last install made here). */
export function stackPackagesInstalled(): boolean {
  return existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === lockDigest();
}

function link(folder: string): void {
  const at = join(ROOT, folder, 'node_modules');
  const target = relative(join(ROOT, folder), join(STACK_PROJECT, 'node_modules'));
  let stat;
  try {
    stat = lstatSync(at);
  } catch {
    symlinkSync(target, at, 'dir');
    return;
  }
  if (!stat.isSymbolicLink() || readlinkSync(at) !== target) {
    throw new Error(
      `${relative(ROOT, at)} exists and is not the link to ${relative(ROOT, join(STACK_PROJECT, 'node_modules'))} that the stack packages need: remove it and run npm run stacks:install`,
    );
  }
}

export function ensureStackPackages(print: (line: string) => void = (l) => process.stderr.write(`${l}\n`)): void {
  if (!stackPackagesInstalled()) {
    print("stacks/npm: installing the agent stacks' packages from stacks/npm/package-lock.json (npm ci; for the matrix, the integrations' tests and build)");
    // Errors only: the engine warnings of the stacks that declare Node.js 22 are known (stacks/npm/README.md).
    const r = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: STACK_PROJECT,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 1_200_000,
    });
    if (r.status !== 0) throw new Error(`npm ci in stacks/npm failed (exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}${r.error ? r.error.message : ''}`);
    writeFileSync(STAMP, `${lockDigest()}\n`);
    print(`stacks/npm: ${r.stdout.trim().split('\n').at(-1) ?? 'installed'}`);
  }
  for (const folder of LINKED) link(folder);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    ensureStackPackages();
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exitCode = 1;
  }
}
