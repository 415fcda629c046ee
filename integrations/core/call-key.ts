// The key a call is kept under in the ledger (spec/07-replay.md §7.3): the scope the integration reads
// of the stack, and the fingerprint of the tool the model called with its arguments, so a call ID a
// local model reuses in another thread, or for another tool, is a call of its own. The seam checks
// and computes the same from the call; this is the program's side, to read a call back.
import { callFingerprint } from '../../reference-impl/index.ts';
import { checkScope } from '../../reference-impl/internal.ts';

/** Where a call was made, as the program names it to `seam.result(callId, at)`. */
export interface CallAt {
  /** The scope the integration read of the stack (LangGraph's thread ID, Mastra's thread, the seam's `scope`). */
  readonly scope?: string;
  /** The tool's name as the model called it. */
  readonly tool?: string;
  /** The call's arguments object (default {}). */
  readonly arguments?: Record<string, unknown>;
}

/** A call's place in the ledger beside its ID. */
export interface CallKey {
  readonly scope: string;
  readonly fingerprint: string;
}

/** The key of a call: the fingerprint is "" for a call that names no tool, as every call had before. Throws a TypeError (never quoting) for a bad scope, tool or arguments. */
export function callKey(scope: string, tool: string | undefined, args: Record<string, unknown> | undefined): CallKey {
  checkScope(scope);
  return { scope, fingerprint: tool === undefined ? '' : callFingerprint(tool, args ?? {}) };
}

export { checkScope };
