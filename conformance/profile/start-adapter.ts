// Starting the adapter a profile measures, the same for both profiles: a command that cannot run is
// a usage error, an adapter that does not say hello a failed run (exit 1) with its own words.
import { AdapterProcess } from '../core/process.ts';
import { referenceCommand, unrunnable, type RunIO } from '../core/command.ts';
import { terminalSafe } from '../core/terminal-safe.ts';
import type { HelloOutput } from '../protocol/messages.ts';

export interface StartArgs {
  readonly adapter: readonly string[] | undefined;
  readonly timeoutMs: number;
  readonly verbose: boolean;
}

/**
 * The adapter, started (the caller stops it), with its hello, or 1 when it did not start (stopped, and said why).
 * `maxRestarts`: how often a case that kills it may start it again.
 */
export async function startAdapter(args: StartArgs, io: RunIO, maxRestarts: number): Promise<{ adapter: AdapterProcess; hello: HelloOutput } | 1> {
  const command = args.adapter ?? referenceCommand();
  const adapter = new AdapterProcess({
    command,
    timeoutMs: args.timeoutMs,
    maxRestarts,
    ...(args.verbose ? { onStderr: (t: string) => io.err(`adapter: ${terminalSafe(t.trimEnd())}`) } : {}),
  });
  const hello = await adapter.ensureStarted().catch(async (e: unknown) => {
    await adapter.stop();
    throw e;
  });
  if (typeof hello !== 'string') return { adapter, hello };
  await adapter.stop();
  const cannot = unrunnable(command, adapter.spawnError);
  if (cannot) throw cannot;
  io.out(`adapter failed to start: ${terminalSafe(hello)}`);
  return 1;
}
