// Building a stack's rows: one row per (mode, provider), the id `<stack>-<mode>@<provider>`. The
// adapter is started with `--mode M`; the kit runs all provider rows of a mode through one process
// and names the provider in each step. A stack's rows.ts calls this with its modes.
import type { StackRow } from '../../kit/stacks.ts';
import type { ProviderId } from './fake-provider.ts';

export interface ModeSpec {
  readonly mode: string;
  /** What the mode runs, in one line. */
  readonly setup: string;
}

export function providerRows(stack: string, adapter: string, modes: readonly ModeSpec[], providers: readonly ProviderId[], extra: Partial<StackRow> = {}): StackRow[] {
  return modes.flatMap((m) =>
    providers.map((p) => ({
      id: `${stack}-${m.mode}@${p}`,
      stack,
      mode: m.mode,
      provider: p,
      adapter,
      args: ['--mode', m.mode],
      setup: m.setup,
      ...extra,
    })),
  );
}
