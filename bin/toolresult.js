#!/usr/bin/env node
// @ts-check
// `toolresult <command> [args]`, the package's program. Each command (bin/commands.js) is a module
// imported only when it runs, so `--version`, `--help` and a mistyped command load nothing but this
// folder. An installed package runs its build (dist/); a checkout of the repository runs its
// TypeScript sources through tsx, a dev dependency there, so no build step stands between an edit
// and `npm run conformance`.
import { existsSync, readFileSync } from 'node:fs';
import { COMMANDS, DEFAULT } from './commands.js';
import { invocation } from './invocation.js';

/** @type {{ name: string, version: string, bin?: Record<string, string>, peerDependencies?: Record<string, string> }} */
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// The name of this program's link: `toolresult` in the library, `toolresult-conformance` in the kit's
// own package (scripts/pack-kit.ts), which ships this same file.
const BIN = Object.keys(pkg.bin ?? {})[0] ?? 'toolresult';

function help() {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  return [
    `usage: ${BIN} <command> [options]   (no command: ${DEFAULT})`,
    '',
    'commands:',
    ...Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    `${BIN} <command> --help   the options of one command`,
    `${BIN} --version          the version of this package (${pkg.version})`,
  ].join('\n');
}

/** @param {string} module */
async function load(module) {
  const source = new URL(`../${module}.ts`, import.meta.url);
  if (existsSync(source)) {
    const { register } = await import('tsx/esm/api');
    register();
    return import(source.href);
  }
  const built = new URL(`../dist/${module}.js`, import.meta.url);
  if (!existsSync(built)) throw new Usage(`this copy of toolresult-protocol has neither ${module}.ts nor its build dist/${module}.js (npm run build makes it)`);
  return import(built.href);
}

class Usage extends Error {}

/** The optional peer dependencies a command needs that cannot be found from this package. @param {readonly string[]} needs */
function missing(needs) {
  return needs.filter((name) => {
    try {
      import.meta.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/** @param {string[]} argv @returns {Promise<number>} */
async function dispatch(argv) {
  if (argv[0] === '--version' || argv[0] === '-V') {
    process.stdout.write(`${pkg.version}\n`);
    return 0;
  }
  if (argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    process.stdout.write(`${help()}\n`);
    return 0;
  }
  // Options first, or nothing at all: the default command, as before there were others.
  const named = argv[0] !== undefined && !argv[0].startsWith('-');
  const first = named ? (argv[0] ?? DEFAULT) : DEFAULT;
  const rest = named ? argv.slice(1) : argv;
  const command = Object.hasOwn(COMMANDS, first) ? COMMANDS[first] : undefined;
  if (command === undefined) {
    process.stderr.write(`toolresult: unknown command ${JSON.stringify(first)} (toolresult --help lists the commands)\n`);
    return 2;
  }
  const needs = command.needs ?? [];
  const absent = rest.includes('--help') || rest.includes('-h') ? [] : missing(needs);
  if (absent.length > 0) {
    const specs = absent.map((n) => `${n}@${pkg.peerDependencies?.[n] ?? 'latest'}`);
    process.stderr.write(
      `toolresult: ${first} needs ${absent.join(' and ')} (optional peer dependencies: the library does not load them). Install them beside toolresult-protocol:\n` +
        `  npm install --save-dev ${specs.join(' ')}\n` +
        // The kit's own package carries these as dependencies: one name for npx (scripts/pack-kit.ts).
        (first === 'conformance'
          ? `or run the kit's own package, which has them: npx toolresult-conformance …\n`
          : `or run without installing: npx ${['toolresult-protocol', ...needs.map((/** @type {string} */ n) => `${n}@${pkg.peerDependencies?.[n] ?? 'latest'}`)].map((p) => `-p ${p}`).join(' ')} toolresult ${first} …\n`),
    );
    return 2;
  }
  const how = invocation(first, {
    argv1: process.argv[1] ?? BIN,
    env: process.env,
    cwd: process.cwd(),
    version: pkg.version,
    needs: needs.filter((n) => pkg.peerDependencies?.[n] !== undefined),
    peers: pkg.peerDependencies ?? {},
    pkg: pkg.name,
    bin: BIN,
  });
  const mod = await load(command.module);
  const main = mod[command.export ?? 'main'];
  if (typeof main !== 'function') throw new Usage(`${command.module} has no export ${command.export ?? 'main'} (bin/commands.js)`);
  return command.replay ? main(rest, how) : main(rest);
}

try {
  process.exitCode = await dispatch(process.argv.slice(2));
} catch (e) {
  if (!(e instanceof Usage)) throw e;
  process.stderr.write(`toolresult: ${e.message}\n`);
  process.exitCode = 2;
}
