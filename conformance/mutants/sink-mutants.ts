// Mutants of the sinks, ledger and hooks groups (spec/05–08): run-only data where it must not go,
// or lost where it must be kept.
import type { OpHandler } from '../adapter/ops/types.ts';
import type { Handlers, Mutant } from './index.ts';

type Rec = Record<string, unknown>;

const isObject = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Puts the original member names back into a redacted value (the redactor visits them in code-unit order). */
function restoreKeys(full: unknown, redacted: unknown): unknown {
  if (Array.isArray(full) && Array.isArray(redacted)) return redacted.map((v, i) => restoreKeys(full[i], v));
  if (!isObject(full) || !isObject(redacted)) return redacted;
  const names = Object.keys(full).sort(byCodeUnits);
  const values = Object.values(redacted);
  return Object.fromEntries(names.map((k, i) => [k, restoreKeys(full[k], values[i])]));
}

function mapOutput(ref: Handlers, op: string, f: (out: Rec, input: Rec) => Rec): Record<string, OpHandler> {
  return { [op]: (input: Rec, ctx) => f(ref[op]!(input, ctx), input) };
}

export const sinkMutants: readonly Mutant[] = [
  {
    name: 'metadata-keeps-artifacts',
    breaks: 'TR-PRIV-4',
    description: 'a metadata audit record keeps the artifact list "for the admin view"',
    override: (ref) =>
      ({
        audit: (input: Rec, ctx) => {
          const out = ref.audit!(input, ctx) as { record: Rec };
          if (out.record.level !== 'metadata') return out;
          const bounded = ref.bound!({ result: input.result, options: input.options }, ctx).result as Rec;
          return { record: { ...out.record, artifacts: bounded.artifacts } };
        },
      }),
  },
  {
    name: 'redaction-skips-keys',
    breaks: 'TR-PRIV-7',
    description: 'the redacted level passes string values through the redactor but not object keys',
    override: (ref) =>
      ({
        audit: (input: Rec, ctx) => {
          const out = ref.audit!(input, ctx) as { record: Rec & { result?: Rec } };
          if (out.record.level !== 'redacted' || !out.record.result || !Object.hasOwn(out.record.result, 'structured')) return out;
          const full = (ref.audit!({ ...input, levels: ['full'] }, ctx) as { record: { result: Rec } }).record.result;
          return { record: { ...out.record, result: { ...out.record.result, structured: restoreKeys(full.structured, out.record.result.structured) } } };
        },
      }),
  },
  {
    name: 'suspend-keeps-structured',
    breaks: 'TR-SINK-2',
    description: 'the suspend state keeps structured data so a resumed run "has everything"',
    override: (ref) =>
      mapOutput(ref, 'suspend', (out, input) => {
        const bounded = ref.bound!({ result: input.result, options: input.options }, { logger: { log() {} } as never }).result as Rec;
        return Object.hasOwn(bounded, 'structured') ? { state: { ...(out.state as Rec), structured: bounded.structured } } : out;
      }),
  },
  {
    name: 'loosest-level-wins',
    breaks: 'TR-PRIV-2',
    description: 'where a global and a per-tool level meet, the last one set wins instead of the strictest',
    override: (ref) =>
      ({
        audit: (input: Rec, ctx) => {
          const levels = input.levels as unknown[];
          return ref.audit!({ ...input, levels: levels.length > 0 ? [levels[levels.length - 1]] : levels }, ctx);
        },
      }),
  },
  {
    name: 'live-filtered',
    breaks: 'TR-SINK-3',
    description: 'the live inspector stream is filtered like a persisted record, losing run-only channels',
    override: (ref) =>
      mapOutput(ref, 'live', (out) => {
        const { structured: _s, ...rest } = (out.event as { result: Rec }).result;
        return { event: { ...(out.event as Rec), result: { ...rest, artifacts: [] } } };
      }),
  },
  {
    name: 'hook-not-rebounded',
    breaks: 'TR-HOOK-4',
    description: 'what a hook returns goes out without the second bounding',
    override: (ref) =>
      ({
        hooks: (input: Rec, ctx) => {
          const loose = { contentBudget: 1_073_741_824, artifactsBudget: 1_073_741_824, structuredBudget: 1_073_741_824 };
          const first = ref.bound!({ result: input.result, options: input.options }, ctx).result as Rec;
          const out = ref.hooks!({ ...input, result: { ...first, warnings: (first.warnings as { code: string }[]).map((w) => w.code) }, options: loose }, ctx);
          return out;
        },
      }),
  },
  {
    name: 'replay-drops-structured',
    breaks: 'TR-REPLAY-3',
    description: 'restore rebuilds the result from content and isError only',
    override: (ref) =>
      mapOutput(ref, 'restore', (out) => {
        const { structured: _s, ...rest } = out.result as Rec;
        return { result: rest };
      }),
  },
  {
    name: 'hook-drops-structured',
    breaks: 'TR-HOOK-3',
    description: 'a text hook rebuilds the result with a fresh constructor and loses structured data',
    override: (ref) =>
      mapOutput(ref, 'hooks', (out, input) => {
        const textHook = (input.hooks as Rec[]).some((h) => ['replace-text', 'append-text', 'truncate-text'].includes(h?.name as string));
        if (!textHook) return out;
        const { structured: _s, ...rest } = out.result as Rec;
        return { result: rest };
      }),
  },
];
