// Building a stack's rows: one row per (mode, provider), the id `<stack>-<mode>@<provider>`. The
// adapter is started with `--mode M`; the kit runs all provider rows of a mode through one process
// and names the provider in each step. A stack's rows.ts calls this with its modes.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StackRow } from './stack-row.ts';
import type { ProviderId } from './fake-provider.ts';

export interface ModeSpec {
  readonly mode: string;
  /** What the mode runs, in one line. */
  readonly setup: string;
}

export function providerRows(
  stack: string,
  adapter: string,
  modes: readonly ModeSpec[],
  providers: readonly ProviderId[],
  extra: Partial<StackRow> = {},
): StackRow[] {
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

// Not kit/stacks.ts's STACKS_DIR: that module imports this one's rows while it loads.
const STACKS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PYTHON = 'python3';
const PYTHON_RUNS = 8;
const VENV_PY = join(STACKS_DIR, 'python', 'venv.py');

/**
 * The rows of a Python stack: its folder `adapters/<folder>/` holds `adapter.py` (speaking the
 * protocol through `adapters/shared/adapter_loop.py`) and `requirements.txt` (hashed pins), whose
 * venv `stacks/python/venv.py` creates before the first row starts (`prepare`) and runs it in.
 */
export function pythonRows(
  stack: string,
  folder: string,
  modes: readonly ModeSpec[],
  providers: readonly ProviderId[],
  extra: Partial<StackRow> = {},
): StackRow[] {
  const adapter = `adapters/${folder}/adapter.py`;
  return providerRows(stack, adapter, modes, providers, {
    command: [PYTHON, VENV_PY, 'run', folder, join(STACKS_DIR, adapter)],
    commandLine: `${PYTHON} stacks/python/venv.py run ${folder} stacks/${adapter}`,
    prepare: [PYTHON, VENV_PY, 'ensure', folder],
    // A Python step costs about half a second (the stack's HTTP clients, two servers on loopback): a
    // stack row runs at most 8 generated cases per cell; a control row (it must pass) runs the kit's number.
    ...(extra.control ? {} : { runs: PYTHON_RUNS }),
    ...extra,
  });
}
