// The suspend state of a tool step (spec/05-sinks.md): what a suspended run keeps so it can resume.
// Functional state only: the provider-facing channels. Run-only data is display and audit state, and
// a resumed run that needs it reads the replay ledger, so it has no place here.
import type { BoundedToolResult } from '../tool-result.ts';
import { assertBounded } from './bounded-only.ts';

/** The suspended run's copy of a result: `content` and `isError` only (TR-SINK-2). */
export interface SuspendState {
  readonly content: string;
  readonly isError: boolean;
}

/** What a suspended run may keep of a result: exactly `content` and `isError`, never a run-only channel (TR-SINK-2). */
export function suspendState(result: BoundedToolResult): SuspendState {
  const sealed = assertBounded(result, 'suspendState');
  // Built member by member from the two provider-facing fields of the seal: no spread of the result.
  return { content: sealed.content, isError: sealed.isError };
}
