// Entry point of `toolresult conformance …` and `toolresult vectors --out DIR` (bin/toolresult.js
// loads it), and of `npm run conformance -- …` in this repository. Exit 0: every applicable case
// passed; 1: a failure; 2: usage error. Every error is one line on standard error that says what is
// wrong; never only a stack trace. The runner, the properties and the adapter protocol are imported
// only when a run starts, so `--help` and usage errors load none of them.
import { pathToFileURL } from 'node:url';
import { UsageError, USAGE, parseArgs } from './args.ts';
import type { RunIO } from './run.ts';
import { fileProblem } from './files.ts';

/** Writes lines to a stream; once its reader has gone (`| head`), drops them instead of crashing. */
function lineWriter(stream: NodeJS.WriteStream): (line: string) => void {
  let gone = false;
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    gone = true;
  });
  return (line) => {
    if (!gone) stream.write(`${line}\n`);
  };
}

// The run goes on after a closed pipe, so the adapter is stopped properly and the exit status is right.
const stdio = (): RunIO => ({ out: lineWriter(process.stdout), err: lineWriter(process.stderr) });

/** Stops the adapters of a run in progress; set once the runner is loaded. */
let stopAdapters = (): void => {};

/** `invocation`: the words that started the kit, for replay lines (default `npm run conformance --`). */
export async function cli(argv: readonly string[], io: RunIO = stdio(), invocation?: readonly string[]): Promise<number> {
  let args;
  try {
    args = parseArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    io.err(`toolresult: ${e.message} (--help lists the options)`);
    return 2;
  }
  try {
    if (args.command === 'help') {
      io.out(USAGE);
      return 0;
    }
    if (args.command === 'vectors') {
      const { exportVectors } = await import('./export-vectors.ts');
      let n;
      try {
        n = exportVectors(args.out);
      } catch (e) {
        throw new UsageError(`--out ${args.out}: cannot write the vectors there (${fileProblem(e)})`);
      }
      io.out(`wrote ${n.files} vector files (${n.cases} cases) and ${n.schemas} schemas to ${args.out}`);
      return 0;
    }
    const { killRunningAdapters } = await import('../core/process.ts');
    stopAdapters = killRunningAdapters;
    if (args.command === 'profile') {
      if (args.profile === 'common') {
        const { runCommon } = await import('../profile/common.ts');
        return await runCommon(args, io);
      }
      const { runProfile } = await import('../profile/run.ts');
      return await runProfile(args, io);
    }
    const { runConformance } = await import('./run.ts');
    return await runConformance(args, io, invocation);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`toolresult: ${e.message}`);
      return 2;
    }
    // A bug in the kit: say so on the first line, then the stack for the bug report.
    io.err(`toolresult: kit error: ${e instanceof Error ? e.message : String(e)}`);
    if (e instanceof Error && e.stack) io.err(e.stack);
    return 1;
  }
}

/** Runs the CLI as the program: an interrupt kills the adapter before the runner goes. */
async function program(argv: readonly string[], invocation?: readonly string[]): Promise<number> {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      stopAdapters();
      process.stderr.write(`toolresult: interrupted (${signal}); the adapter was stopped\n`);
      process.exit(code);
    });
  }
  return cli(argv, stdio(), invocation);
}

/** `toolresult conformance [options] [-- COMMAND ARGS...]` (bin/toolresult.js). */
export const main = (argv: readonly string[], invocation?: readonly string[]): Promise<number> => program(['conformance', ...argv], invocation);

/** `toolresult vectors --out DIR` (bin/toolresult.js). */
export const vectorsMain = (argv: readonly string[]): Promise<number> => program(['vectors', ...argv]);

// Run when started as a program (`tsx conformance/runner/cli.ts [conformance|vectors] …`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = await program(process.argv.slice(2));
