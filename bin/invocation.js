// @ts-check
// The words that start a command again, as the user started it: replay lines must work where they
// are printed (`npm run conformance --` in this repository, `toolresult conformance` from a shell,
// `npx …` where npx ran it). Never the bare `npx toolresult`, which would fetch whatever is published
// under that name when the package is not installed.
import { existsSync } from 'node:fs';
import { basename, delimiter, join, relative, resolve } from 'node:path';

/**
 * `pkg` and `bin`: the package that ships this program and the name its link has (the library's
 * `toolresult-protocol`/`toolresult`, or the kit's `toolresult-conformance`, scripts/pack-kit.ts).
 * @param {string} command the subcommand, e.g. "conformance"
 * @param {{ argv1: string, env: Record<string, string | undefined>, cwd: string, version: string, needs?: readonly string[], peers?: Readonly<Record<string, string>>, pkg?: string, bin?: string }} how
 * @returns {string[]}
 */
export function invocation(command, { argv1, env, cwd, version, needs = [], peers = {}, pkg: PACKAGE = 'toolresult-protocol', bin: BIN = 'toolresult' }) {
  // `npm run X` whose script is exactly this command: `npm run X -- <more options>` replays it.
  const script = env.npm_lifecycle_script ?? '';
  if (
    env.npm_command === 'run' &&
    env.npm_lifecycle_event &&
    new RegExp(`^(?:node +\\S*bin/toolresult\\.js|${BIN.replace(/[-.]/g, '\\$&')}) +${command} *$`).test(script)
  ) {
    return ['npm', 'run', env.npm_lifecycle_event, '--'];
  }
  // Started as a file (`node bin/toolresult.js`, as this repository's tests do): the same file again.
  if (argv1.endsWith('.js')) return ['node', shortPath(argv1, cwd), command];
  if (env.npm_command === 'exec' || env.npm_command === 'run') {
    // npx in a project that has the package: `npx --no-install` runs only an installed bin, never installs one
    // (a bare `npx --no` would take the next word as its value, and `--version` after it as npm's).
    if (!argv1.split(/[\\/]/).includes('_npx')) return ['npx', '--no-install', BIN, command];
    // npx without the package installed: name the package, its exact version and the peers it needs.
    const ps = needs.flatMap((n) => ['-p', `${n}@${peers[n] ?? 'latest'}`]);
    return ['npx', '-p', `${PACKAGE}@${version}`, ...ps, BIN, command];
  }
  // Started by its link: by name when the shell finds it on the PATH, else by its path.
  if (basename(argv1) === BIN && onPath(argv1, BIN, env.PATH ?? '')) return [BIN, command];
  return [shortPath(argv1, cwd), command];
}

/** @param {string} file @param {string} cwd */
function shortPath(file, cwd) {
  const rel = relative(cwd, file);
  if (rel.startsWith('..') || resolve(cwd, rel) !== resolve(file)) return file;
  return rel.startsWith('.') ? rel : `./${rel}`;
}

/** Whether the first program named `bin` on the PATH is this file. @param {string} file @param {string} bin @param {string} path */
function onPath(file, bin, path) {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, bin);
    if (existsSync(candidate)) return resolve(candidate) === resolve(file);
  }
  return false;
}
