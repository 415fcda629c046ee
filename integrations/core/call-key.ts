// The key a call is kept under in the ledger (spec/07-replay.md): the scope the integration reads of
// the stack, and the fingerprint of the tool the model called with its arguments, so a call ID a
// local model reuses in another thread, or for another tool, is a call of its own.
import { createHash } from 'node:crypto';
import { canonicalize, type JsonValue } from '../../reference-impl/internal.ts';

// PENDING MERGE of ledger-ts: the reference's callFingerprint replaces this copy.
function callFingerprint(tool: string, args: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalize({ arguments: args, tool } as unknown as JsonValue), 'utf8').digest('hex');
}

/** Where a call was made, as the program names it to `seam.result(callId, at)`. */
export interface CallAt {
  /** The scope the integration read of the stack (LangGraph's thread ID, Mastra's thread, the seam's `scope`). */
  readonly scope?: string;
  /** The tool's name as the model called it. */
  readonly tool?: string;
  /** The call's arguments object. */
  readonly arguments?: Record<string, unknown>;
}

export interface CallKey {
  readonly scope: string;
  readonly fingerprint: string;
}

/** With the u flag a pair is one code point, so this matches a lone surrogate only. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** The most UTF-8 octets of a scope (as of a call ID, TR-REPLAY-21). */
const MAX_SCOPE_OCTETS = 1024;

/** A scope as the ledger takes it: well-formed Unicode, no U+0000, at most 1024 octets; "" is the default scope. The error never quotes it. */
export function checkScope(scope: unknown): string {
  if (typeof scope !== 'string') throw new RangeError('scope must be a string');
  if (LONE_SURROGATE.test(scope) || scope.includes('\u0000') || Buffer.byteLength(scope, 'utf8') > MAX_SCOPE_OCTETS) {
    throw new RangeError(`scope must be well-formed Unicode without U+0000, at most ${MAX_SCOPE_OCTETS} UTF-8 octets`);
  }
  return scope;
}

/** The key of a call: the fingerprint is "" for a call that names no tool, as every call had before. */
export function callKey(scope: string, tool: string | undefined, args: Record<string, unknown> | undefined): CallKey {
  return { scope: checkScope(scope), fingerprint: tool === undefined ? '' : callFingerprint(tool, args ?? {}) };
}
