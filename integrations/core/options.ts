// The options of every stack integration: the seam's own (spec/07-replay.md §7.3), with the ledger
// optional. They are checked when the tools are wrapped, so a bad budget or a malformed exposure
// policy is refused before the first tool call, as the seam refuses it before any tool runs.
import { resolveOptions, resolveExposure, InMemoryLedger, type PrivacyLevel, type SeamOptions } from '../../reference-impl/internal.ts';
import { checkDeadline } from './deadline.ts';

/** What an integration passes to `executeToolCall`. Without a ledger, each wrap gets its own in-memory one. */
export interface IntegrationOptions extends Partial<SeamOptions> {
  /**
   * The deadline of each tool call in milliseconds (spec/11-stacks.md §11.7). Default: the stack's own
   * per-call timeout where it has one, else 60 000; a stack timeout shorter than this option wins. A
   * call past it gets the interrupted error result (TR-REPLAY-38) and the step goes on.
   */
  readonly deadlineMs?: number;
  /**
   * What the stack's own objects (ToolMessage.artifact, run item customData, AI SDK tool output,
   * Mastra tool result) keep of each result: the audit record at this level (spec/06-privacy.md).
   * Default "metadata": sizes, counts and flags, nothing the tool wrote. The whole result is read
   * from the seam: `seam.result(callId)`.
   */
  readonly privacy?: PrivacyLevel;
  /**
   * The ledger scope of a call whose stack gives none (spec/07-replay.md): calls of two scopes never
   * answer each other. Default "". Where the integration reads a scope of the stack (LangGraph's
   * thread ID, Mastra's thread, the Agents SDK run's group ID), that one holds.
   */
  readonly scope?: string;
}

/** The options of one wrap, checked: the seam's, and the call deadline. */
export interface WrapOptions extends SeamOptions {
  readonly deadlineMs?: number;
}

/** The seam options of one wrap: validated now (throws RangeError naming the option), ledger filled in. */
export function seamOptions(options: IntegrationOptions | undefined): WrapOptions {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new RangeError('toolresult-protocol integration options must be an object');
  }
  const given = options ?? {};
  resolveOptions(given.bound);
  resolveExposure(given.exposure);
  if (given.hooks !== undefined && !Array.isArray(given.hooks)) throw new RangeError('hooks must be an array of functions');
  if (given.hooks?.some((h) => typeof h !== 'function')) throw new RangeError('hooks must be an array of functions');
  checkDeadline(given.deadlineMs);
  const ledger = given.ledger ?? new InMemoryLedger();
  if (typeof (ledger as { claim?: unknown }).claim !== 'function') throw new RangeError('ledger must be a ReplayLedger (an object with claim())');
  // The level and the scope are the seam object's (seam.ts), not the execution seam's options.
  const { privacy: _privacy, scope: _scope, ...seam } = given;
  return { ...seam, ledger };
}
