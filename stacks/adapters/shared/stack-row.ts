// A row of the compliance matrix as an adapter folder's rows.ts declares it (row-builder.ts builds
// them); the stack kit (kit/stacks.ts) discovers and runs them. The type sits with the adapters that
// write it, so the kit imports the adapters' side and never the reverse.
export interface StackRow {
  /** Stable ID used by --stack and in report.json: `<stack>-<mode>@<provider>`. */
  readonly id: string;
  /** The stack, its mode (an option or entry point a user picks) and the provider format it sends. */
  readonly stack: string;
  readonly mode: string;
  readonly provider: string;
  /** Adapter file, relative to stacks/. */
  readonly adapter: string;
  readonly args: readonly string[];
  /**
   * An adapter in another language: the command line that runs it (absolute paths), before `args`.
   * Without it the adapter is a TypeScript file run by the kit's own Node with tsx.
   */
  readonly command?: readonly string[];
  /** The same command as a reader types it from the repository root, for the report. */
  readonly commandLine?: string;
  /**
   * A command the kit runs once before it starts the adapter, with no time limit (it may install
   * the stack, e.g. a Python venv from hashed requirements); a non-zero exit means the row cannot run.
   */
  readonly prepare?: readonly string[];
  readonly control?: boolean;
  /** What the adapter runs, in one line (the version and runtime come from its handshake). */
  readonly setup: string;
  /** At most this many generated cases per cell, for a stack whose step costs seconds. */
  readonly runs?: number;
  /**
   * Checks this row cannot pass from outside its stack, by check ID: no supported hook of the stack or
   * its provider package carries what the check asks for. A cell of such a check whose every failure
   * is the one the limit expects is a `limit` (its evidence kept), not a pass; any other failure is a
   * `fail`; a cell that passes is a pass, and the stale limit is a finding of the report.
   */
  readonly limits?: Readonly<Record<string, StackLimit>>;
}

/** Why a check is out of a row's reach, the upstream change that would bring it in, and the failure it explains. */
export interface StackLimit {
  readonly reason: string;
  readonly upstream: string;
  /** The one failure the limit explains: a finding's summary must match (the report shows the pattern). */
  readonly expects: { readonly summary: RegExp };
}
