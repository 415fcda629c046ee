// The transformToolResult pipeline (spec/08-hooks.md). Each hook gets the whole bounded result and
// returns a new result or nothing; its output is bounded again with the same budgets before the next
// hook sees it. A hook that throws, or returns something that is not a result, changes nothing and
// adds `hook.failed`; the pipeline logs that it happened, never why (the reason may hold data).
import { bound, type BoundOptions } from '../bound/index.ts';
import { silentLogger, type Logger } from '../logger.ts';
import { assertBounded } from '../sinks/bounded-only.ts';
import { types } from 'node:util';
import { isBoundedToolResult, isToolResult, type BoundedToolResult, type ToolResult } from '../tool-result.ts';
import { withWarnings } from './rebuild.ts';

/** What a result hook is told: its position in the pipeline. */
export interface HookContext {
  /** The hook's position in the pipeline, from 0. */
  readonly index: number;
}

/** What a hook may return: a new result, or nothing for "unchanged". */
// biome-ignore lint/suspicious/noConfusingVoidType: a hook written as a function that returns nothing has type void
export type HookOutput = ToolResult | BoundedToolResult | undefined | void;

/** A result hook. The synchronous pipeline takes these. */
export type ToolResultHook = (result: BoundedToolResult, context: HookContext) => HookOutput;

/** A hook that may also return a promise (for the asynchronous pipeline and the execution seam). */
export type AsyncToolResultHook = (result: BoundedToolResult, context: HookContext) => HookOutput | Promise<HookOutput>;

/** Options of the hook pipeline: the budgets each hook's output is bounded with again, and the logger. */
export interface HookOptions {
  /** The budgets every hook's output is bounded with: the same as the first bounding. */
  readonly bound?: BoundOptions;
  readonly logger?: Logger;
}

type Step = { readonly ok: true; readonly output: HookOutput } | { readonly ok: false };

/** A result by its seal (a WeakMap lookup): no trap of the hook's value runs, at any depth of its chain. */
function isResult(v: unknown): v is ToolResult | BoundedToolResult {
  return isToolResult(v) || isBoundedToolResult(v);
}

/** A native promise, told by its internal slot: no `then` is looked up on an unknown value. */
function isNativePromise(v: unknown): v is Promise<unknown> {
  return types.isPromise(v) && !types.isProxy(v);
}

/** Applies one hook's outcome to the result it was given (shared by both pipelines). */
function apply(before: BoundedToolResult, step: Step, index: number, options: HookOptions): BoundedToolResult {
  const logger = options.logger ?? silentLogger;
  if (step.ok && step.output === undefined) return before;
  if (step.ok && isResult(step.output)) {
    const after = bound(step.output, options.bound);
    // A hook cannot take back what earlier stages recorded: the warnings before it are kept (TR-HOOK-5).
    // Hooks built with withContent/withoutStructured keep them already; only re-bound when one is missing.
    const kept = new Set(after.warnings.map((w) => w.code));
    const missing = before.warnings.filter((w) => !kept.has(w.code));
    return missing.length === 0
      ? after
      : bound(
          withWarnings(
            after,
            missing.map((w) => w.code),
          ),
          options.bound,
        );
  }
  // Thrown, or returned something that is not a result: the change is not applied (TR-HOOK-6).
  logger.log('warn', 'tool result hook failed; its change was not applied', { hook: index, warning: 'hook.failed' });
  return bound(withWarnings(before, ['hook.failed']), options.bound);
}

/**
 * Runs synchronous hooks in order over a bounded result and returns the bounded result after the
 * last one. A hook that returns a promise here counts as failed (use transformToolResultAsync).
 */
export function transformToolResult(result: BoundedToolResult, hooks: readonly ToolResultHook[], options: HookOptions = {}): BoundedToolResult {
  assertBounded(result, 'transformToolResult');
  let current = bound(result, options.bound);
  hooks.forEach((hook, index) => {
    let step: Step;
    try {
      const output: unknown = hook(current, { index });
      if (isNativePromise(output)) {
        // Not awaited here: swallow its outcome so a rejection is neither unhandled nor logged.
        Promise.prototype.then.call(output, undefined, () => {});
        step = { ok: false };
      } else {
        // Anything but a result or undefined fails in apply(); a foreign thenable is not called.
        step = { ok: true, output: output as HookOutput };
      }
    } catch {
      step = { ok: false };
    }
    current = apply(current, step, index, options);
  });
  return current;
}

/** The same pipeline for hooks that may be asynchronous. */
export async function transformToolResultAsync(
  result: BoundedToolResult,
  hooks: readonly AsyncToolResultHook[],
  options: HookOptions = {},
): Promise<BoundedToolResult> {
  assertBounded(result, 'transformToolResultAsync');
  let current = bound(result, options.bound);
  for (let index = 0; index < hooks.length; index++) {
    let step: Step;
    try {
      const output: unknown = hooks[index]!(current, { index });
      // Only a native promise is awaited (inside this try): awaiting any other value would look up
      // its `then`, which runs code of the value itself.
      step = { ok: true, output: (isNativePromise(output) ? await output : output) as HookOutput };
    } catch {
      step = { ok: false };
    }
    current = apply(current, step, index, options);
  }
  return current;
}
