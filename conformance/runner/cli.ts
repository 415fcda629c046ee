// Entry point: `npm run conformance -- [options] [-- COMMAND ARGS...]`, `toolresult conformance …`,
// `toolresult vectors --out DIR`. Exit 0: every applicable case passed; 1: a failure; 2: usage error.
import { UsageError, USAGE, parseArgs } from './args.ts';
import { runConformance } from './run.ts';
import { exportVectors } from './export-vectors.ts';

export async function cli(argv: readonly string[]): Promise<number> {
  const io = { out: (l: string) => process.stdout.write(l + '\n'), err: (l: string) => process.stderr.write(l + '\n') };
  try {
    const args = parseArgs(argv);
    if (args.command === 'help') {
      io.out(USAGE);
      return 0;
    }
    if (args.command === 'vectors') {
      const n = exportVectors(args.out);
      io.out(`wrote ${n.files} vector files (${n.cases} cases) and ${n.schemas} schemas to ${args.out}`);
      return 0;
    }
    return await runConformance(args, io);
  } catch (e) {
    if (e instanceof UsageError || (e as NodeJS.ErrnoException)?.code === 'ENOENT') {
      io.err(`toolresult: ${(e as Error).message}\n\n${USAGE}`);
      return 2;
    }
    throw e;
  }
}

process.exitCode = await cli(process.argv.slice(2));
