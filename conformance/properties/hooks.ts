// Hook properties (spec/08-hooks.md): a hook that changes the text keeps the run-only channels,
// and a failing hook changes nothing but the warning.
import fc from 'fast-check';
import { boundInput, wideText } from './arbitraries.ts';
import { Mismatch, defineProperty } from './define.ts';
import { warningCodes } from './inspect.ts';
import { firstDifference } from '../core/compare.ts';

type Rec = Record<string, unknown>;

const textHook = fc.oneof(
  wideText(8).map((text) => ({ name: 'replace-text', text })),
  wideText(8).map((text) => ({ name: 'append-text', text })),
  fc.integer({ min: 0, max: 300 }).map((octets) => ({ name: 'truncate-text', octets })),
  fc.constant({ name: 'unchanged' }),
);

export const textHooksKeepStructured = defineProperty({
  name: 'text-hooks-keep-structured',
  description: 'hooks that change only the text keep structured, artifacts, isError and warnings',
  requirements: ['TR-HOOK-3'],
  groups: ['hooks', 'bound'],
  arbitrary: (caps) => fc.tuple(boundInput(caps), fc.array(textHook, { minLength: 1, maxLength: 3 })),
  async check([input, hooks], ask) {
    const before = (await ask.ok('bound', input)).output.result as Rec;
    const after = (await ask.ok('hooks', { ...input, hooks })).output.result as Rec;
    for (const k of ['structured', 'artifacts', 'isError'] as const) {
      const d = firstDifference(before[k], after[k]);
      if (d !== undefined) throw new Mismatch(`a text hook changed ${k} (${d})`, before[k], after[k]);
    }
    const lost = warningCodes(before).filter((c) => !warningCodes(after).includes(c));
    if (lost.length > 0) throw new Mismatch('a text hook lost warnings', warningCodes(before), warningCodes(after));
  },
});

export const hooksRebound = defineProperty({
  name: 'hook-output-rebounded',
  description: 'what a hook returns is bounded again with the same budgets: a long appended text is cut with the notice',
  requirements: ['TR-HOOK-4'],
  groups: ['hooks', 'bound'],
  arbitrary: (caps) => fc.tuple(boundInput(caps), fc.integer({ min: 256, max: 1200 }), fc.constantFrom('é', 'x', '😀'), fc.integer({ min: 1, max: 3 })),
  async check([input, contentBudget, ch, factor], ask) {
    const options = { ...(input.options ?? {}), contentBudget };
    const text = ch.repeat(Math.ceil((contentBudget * factor + 1) / Buffer.byteLength(ch)));
    const after = (await ask.ok('hooks', { ...input, options, hooks: [{ name: 'append-text', text }] })).output.result as Rec;
    const n = Buffer.byteLength(after.content as string);
    if (n > contentBudget || !warningCodes(after).includes('content.truncated')) {
      throw new Mismatch(
        `after a hook appended ${Buffer.byteLength(text)} octets, content is ${n} octets (budget ${contentBudget})`,
        { octets: `<= ${contentBudget}`, warning: 'content.truncated' },
        { octets: n, warnings: warningCodes(after) },
      );
    }
  },
});

export const failingHookChangesNothing = defineProperty({
  name: 'failing-hook-keeps-result',
  description: 'a hook that throws or returns a non-result is not applied; the result gains hook.failed only',
  requirements: ['TR-HOOK-6'],
  groups: ['hooks', 'bound'],
  arbitrary: (caps) => fc.tuple(boundInput(caps), fc.constantFrom('throw', 'return-non-result')),
  async check([input, name], ask) {
    const before = (await ask.ok('bound', input)).output.result as Rec;
    const after = (await ask.ok('hooks', { ...input, hooks: [{ name }] })).output.result as Rec;
    const want = { ...before, warnings: [...new Set([...warningCodes(before), 'hook.failed'])].sort().map((code) => ({ code })) };
    const d = firstDifference(want, after);
    if (d !== undefined) throw new Mismatch(`a failing hook changed the result (${d})`, want, after);
  },
});

export const hookProperties = [textHooksKeepStructured, hooksRebound, failingHookChangesNothing];
