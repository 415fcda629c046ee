// Mutants of the hook pipeline (spec/08-hooks.md), as changes to the list of hook descriptions the
// reference runs or to what it logs: each hook given the step's first result, a hook that returns
// nothing read as one that returned an empty text, a failed hook that stops the pipeline, and a
// failure logged with the exception's message.
import type { OpHandler } from '../../reference-adapter/ops/types.ts';
import type { Handlers, Mutant } from './mutant.ts';

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);
const named = (h: unknown, ...names: string[]): boolean => isRec(h) && names.includes(h.name as string);

/** The reference pipeline over a changed list of hooks (only when the list is one). */
const hooksAs = (ref: Handlers, f: (hooks: unknown[]) => unknown[]): Record<string, OpHandler> => ({
  hooks: (input: Rec, ctx) => ref.hooks!(Array.isArray(input.hooks) ? { ...input, hooks: f(input.hooks) } : input, ctx),
});

export const hookMutants: readonly Mutant[] = [
  {
    name: 'hooks-given-first-result',
    breaks: 'TR-HOOK-1',
    description: 'gives every text hook the result the step started with, not the one the previous hook left, so only the last text change survives',
    override: (ref) =>
      hooksAs(ref, (hooks) => (hooks.length > 1 && hooks.every((h) => named(h, 'replace-text', 'append-text', 'truncate-text')) ? hooks.slice(-1) : hooks)),
  },
  {
    name: 'nothing-returned-as-empty-text',
    breaks: 'TR-HOOK-2',
    description: 'reads a hook that returns nothing as one that returned an empty text, so the content is erased',
    override: (ref) => hooksAs(ref, (hooks) => hooks.map((h) => (named(h, 'unchanged') ? { name: 'replace-text', text: '' } : h))),
  },
  {
    name: 'failed-hook-stops-pipeline',
    breaks: 'TR-HOOK-6',
    description: 'a hook that throws or returns something else stops the pipeline: the hooks after it never run',
    override: (ref) =>
      hooksAs(ref, (hooks) => {
        const i = hooks.findIndex((h) => named(h, 'throw', 'return-non-result'));
        return i < 0 ? hooks : hooks.slice(0, i + 1);
      }),
  },
  {
    name: 'failed-hook-logs-message',
    breaks: 'TR-HOOK-7',
    description: "logs a failed hook with the exception's message, which quotes the result the hook was working on",
    override: (ref) => ({
      hooks: (input: Rec, ctx) => {
        const out = ref.hooks!(input, ctx);
        const hooks = Array.isArray(input.hooks) ? input.hooks : [];
        const i = hooks.findIndex((h) => named(h, 'throw'));
        if (i >= 0) {
          const r = isRec(input.result) ? input.result : {};
          ctx.logger.log('warn', `tool result hook ${i} failed: hook failed on ${String(r.content)} ${JSON.stringify(r.structured ?? null)}`);
        }
        return out;
      },
    }),
  },
];
