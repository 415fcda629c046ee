// The deadline of one tool call (spec/07-replay.md §7.9, spec/11-stacks.md §11.7): the integration's
// `deadlineMs` option, else the stack's own per-call timeout, else DEFAULT_DEADLINE_MS; the shorter of
// the two when both are set. It is enforced by a timer of this module, never by a signal the stack
// made: Node 20 has collected signals of AbortSignal.timeout() joined by AbortSignal.any() before
// they fired, which hung LangChain's own tool timeout under load. The one signal made here aborts at
// the deadline or when the caller's signal aborts, and goes to the seam and to the stack's MCP client.

/** The deadline of a call when neither the option nor the stack sets one: the MCP SDK's default request timeout. */
export const DEFAULT_DEADLINE_MS = 60_000;

/** The largest delay a Node timer keeps (2^31 - 1 ms, about 24.8 days); a larger one fires at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** Throws RangeError unless `ms` is absent or a deadline a timer can keep. */
export function checkDeadline(ms: unknown): void {
  if (ms === undefined) return;
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms <= 0 || ms > MAX_TIMER_MS) {
    throw new RangeError(`deadlineMs must be a number of milliseconds above 0 and at most ${MAX_TIMER_MS}`);
  }
}

/** A stack's timeout as a deadline, or undefined when it sets none (0, negative, not a number). */
function stackTimeout(ms: unknown): number | undefined {
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0 ? Math.min(ms, MAX_TIMER_MS) : undefined;
}

/** The deadline of one call. */
export function deadlineOf(optionMs: number | undefined, stackMs: unknown): number {
  const stack = stackTimeout(stackMs);
  if (optionMs === undefined) return stack ?? DEFAULT_DEADLINE_MS;
  return stack === undefined ? optionMs : Math.min(optionMs, stack);
}

export interface CallSignal {
  /** Aborted at the deadline (a TimeoutError) or with the caller's reason. */
  readonly signal: AbortSignal;
  /** Clears the timer and the listener on the caller's signal: call it once the call is over. */
  release(): void;
}

/** A signal of one call, aborted at `deadlineMs` from now or when `caller` aborts, whichever comes first. */
export function callSignal(deadlineMs: number, caller: AbortSignal | undefined): CallSignal {
  const controller = new AbortController();
  const onCaller = () => controller.abort(caller!.reason);
  // The timer holds `caller` too: a stack's signal that nothing else references stays alive (and can
  // fire) for as long as the call can last.
  const timer = setTimeout(() => {
    caller?.removeEventListener('abort', onCaller);
    controller.abort(new DOMException(`the tool call's deadline of ${deadlineMs} ms passed`, 'TimeoutError'));
  }, deadlineMs);
  if (caller?.aborted) controller.abort(caller.reason);
  else caller?.addEventListener('abort', onCaller, { once: true });
  return {
    signal: controller.signal,
    release: () => {
      clearTimeout(timer);
      caller?.removeEventListener('abort', onCaller);
    },
  };
}
