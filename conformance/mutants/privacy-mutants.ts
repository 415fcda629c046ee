// Mutants of the sinks and the audit record (spec/05-sinks.md, spec/06-privacy.md): a record that
// holds more or less than its level says, a ledger entry that loses a channel, a hook's failure
// message logged.
import { hookFromSpec, transformToolResult, type ToolResultHook, type BoundOptions } from '../../reference-impl/internal.ts';
import { decodeTagged } from '../../reference-adapter/decode-tagged.ts';
import { optionsFromInput } from '../../reference-adapter/options-input.ts';
import { boundFromInput, exposeFromInput } from '../../reference-adapter/ops/bound.ts';
import type { OpContext, OpHandler } from '../../reference-adapter/ops/types.ts';
import type { Handlers, Mutant } from './mutant.ts';

type Rec = Record<string, unknown>;
type Input = { result: Rec; options?: Rec; levels: unknown[] };

/** `audit` with a change to its record. */
function mapRecord(ref: Handlers, f: (record: Rec, input: Input, ctx: OpContext) => Rec): Record<string, OpHandler> {
  return { audit: (input: Input, ctx) => ({ record: f(ref.audit!(input, ctx).record as Rec, input, ctx) }) };
}

/** The summary a record at metadata holds for the input. */
const summaryOf = (ref: Handlers, input: Input, ctx: OpContext) => (ref.audit!({ ...input, levels: ['metadata'] }, ctx).record as Rec).summary as Rec;

export const privacyMutants: readonly Mutant[] = [
  {
    name: 'metadata-content-preview',
    breaks: 'TR-SINK-4',
    description: 'a record at metadata also holds the first 40 characters of the content, "as a preview"',
    override: (ref) =>
      mapRecord(ref, (record, input, ctx) => {
        if (record.level !== 'metadata') return record;
        const content = ref.bound!(input, ctx).result as Rec;
        return { ...record, preview: String(content.content).slice(0, 40) };
      }),
  },
  {
    name: 'ledger-entry-drops-warnings',
    breaks: 'TR-SINK-5',
    description: 'stores the result in the ledger entry without its warnings ("they can be worked out again")',
    override: (ref) => ({
      persist: (input: Input, ctx) => {
        const entry = JSON.parse(ref.persist!(input, ctx).entry as string) as { result: Rec };
        entry.result.warnings = [];
        return { entry: JSON.stringify(entry) };
      },
    }),
  },
  {
    name: 'hook-failure-message-logged',
    breaks: 'TR-LOG-4',
    description: 'logs the message of an exception a hook threw, to help debug the hook',
    override: () => ({
      hooks: (input: Input & { hooks: unknown[] }, ctx) => {
        const logged =
          (h: ToolResultHook): ToolResultHook =>
          (r, c) => {
            try {
              return h(r, c);
            } catch (e) {
              ctx.logger.log('warn', 'hook failed', { message: e instanceof Error ? e.message : String(e) });
              throw e;
            }
          };
        const hooks = input.hooks.map((h) => logged(hookFromSpec(decodeTagged(h))));
        const result = transformToolResult(boundFromInput(input), hooks, {
          bound: optionsFromInput(input.options) as BoundOptions | undefined,
          logger: ctx.logger,
        });
        return { result: exposeFromInput(result, input).toRecord() };
      },
    }),
  },
  {
    name: 'no-level-is-none',
    breaks: 'TR-PRIV-1',
    description: 'where no level is set, writes the record at none ("fail closed") instead of metadata',
    override: (ref) => ({ audit: (input: Input, ctx) => ref.audit!(input.levels.length === 0 ? { ...input, levels: ['none'] } : input, ctx) }),
  },
  {
    name: 'none-keeps-summary',
    breaks: 'TR-PRIV-3',
    description: 'a record at none still holds the summary ("it is only numbers")',
    override: (ref) => mapRecord(ref, (record, input, ctx) => (record.level === 'none' ? { ...record, summary: summaryOf(ref, input, ctx) } : record)),
  },
  {
    name: 'summary-lists-labels',
    breaks: 'TR-PRIV-5',
    description: "the summary also lists the artifacts' labels, next to their types",
    override: (ref) =>
      mapRecord(ref, (record, input, ctx) => {
        if (record.summary === undefined) return record;
        const artifacts = (ref.bound!(input, ctx).result as Rec).artifacts as Rec[];
        return { ...record, summary: { ...(record.summary as Rec), artifactLabels: artifacts.map((a) => a.label) } };
      }),
  },
  {
    name: 'full-record-without-artifacts',
    breaks: 'TR-PRIV-6',
    description: 'a record at full holds the result without its artifacts ("they are only for display")',
    override: (ref) =>
      mapRecord(ref, (record) => {
        if (record.level !== 'full') return record;
        const result = record.result as Rec;
        return { ...record, result: { ...result, artifacts: [] } };
      }),
  },
  {
    name: 'record-with-timestamp',
    breaks: 'TR-PRIV-11',
    description: "stamps every record with the time it was written, a member the record's schema does not have",
    override: (ref) => mapRecord(ref, (record) => ({ ...record, recordedAt: '2026-01-01T00:00:00Z' })),
  },
  {
    name: 'summary-warnings-only-at-metadata',
    breaks: 'TR-PRIV-12',
    description: 'leaves the warning codes out of the summary at redacted and full, since the result there carries them',
    override: (ref) =>
      mapRecord(ref, (record) =>
        record.level === 'redacted' || record.level === 'full'
          ? { ...record, summary: Object.fromEntries(Object.entries(record.summary as Rec).filter(([k]) => k !== 'warnings')) }
          : record,
      ),
  },
];
