// Mutants of the MCP normalizer's reading of 2026-07-28 answers (spec/10-normalization.md §10.3,
// TR-NORM-21..25): a normalizer that mistakes an unfinished answer for a result, the mistake every
// implementation made before these answers were read (issue 52), or reads a reserved `_meta` key.
import type { OpHandler } from '../../reference-adapter/ops/types.ts';
import type { Handlers, Mutant } from './mutant.ts';

type Rec = Record<string, unknown>;

const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);
const isTag = (v: unknown): boolean => isRec(v) && typeof v.$tr === 'string';
const without = (r: Rec, ...keys: string[]): Rec => Object.fromEntries(Object.entries(r).filter(([k]) => !keys.includes(k)));

/** The pending call the reference raised for this request, if it raised one. */
function pendingOf(output: unknown): Rec | undefined {
  return isRec(output) && isRec(output.pending) ? output.pending : undefined;
}

/**
 * The reference normalizer, except that when its answer meets `when`, the request's MCP value is
 * changed by `reread` and normalized again: the mutant reads the answer as something it is not.
 */
function rereadWhen(ref: Handlers, when: (output: unknown, value: Rec) => boolean, reread: (value: Rec) => Rec): Record<string, OpHandler> {
  return {
    normalize: (input: Rec, ctx) => {
      const output = ref.normalize!(input, ctx);
      const value = input.value;
      if (input.source !== 'mcp' || !isRec(value) || isTag(value) || !when(output, value)) return output;
      return ref.normalize!({ ...input, value: reread(value) }, ctx);
    },
  };
}

const KNOWN_RESULT_TYPES = ['complete', 'task', 'input_required'];

export const pendingCallMutants: readonly Mutant[] = [
  {
    name: 'server-name-prefixed',
    breaks: 'TR-NORM-21',
    description:
      'labels the text with the server that answered, read from the io.modelcontextprotocol/serverInfo a 2026-07-28 server puts into _meta: a server-chosen string reaches the model',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const output = ref.normalize!(input, ctx) as Rec;
        const value = input.value;
        const meta = isRec(value) && !isTag(value) ? value._meta : undefined;
        const info = isRec(meta) ? meta['io.modelcontextprotocol/serverInfo'] : undefined;
        if (input.source !== 'mcp' || !isRec(output.result) || !isRec(info) || typeof info.name !== 'string') return output;
        return { result: { ...output.result, content: `[${info.name}] ${output.result.content as string}` } };
      },
    }),
  },
  {
    name: 'complete-result-type-fails-closed',
    breaks: 'TR-NORM-22',
    description:
      'takes only an absent resultType for a result and fails "complete" closed as unknown, so every 2026-07-28 result, which always carries it, becomes the malformed error',
    override: (ref) =>
      rereadWhen(
        ref,
        (_output, value) => value.resultType === 'complete',
        (value) => ({ ...value, resultType: 'complete-but-unknown' }),
      ),
  },
  {
    name: 'task-handle-as-empty-result',
    breaks: 'TR-NORM-23',
    description:
      'never reads resultType or a 2025-11-25 task, so a task handle is a result with the (empty or missing) content beside it: the model is told the tool answered nothing, and the ledger stores that as the final answer',
    override: (ref) =>
      rereadWhen(
        ref,
        (output) => pendingOf(output)?.kind === 'task',
        (value) => without(value, 'resultType', 'task'),
      ),
  },
  {
    name: 'legacy-task-as-result',
    breaks: 'TR-NORM-23',
    description: 'knows the 2026-07-28 task handle but not the 2025-11-25 CreateTaskResult, which it reads as a result with no content',
    override: (ref) =>
      rereadWhen(
        ref,
        (output) => pendingOf(output)?.taskVersion === '2025-11-25',
        (value) => without(value, 'task'),
      ),
  },
  {
    name: 'task-handle-as-error-result',
    breaks: 'TR-NORM-23',
    description: 'fails a task handle closed as a malformed result instead of raising the pending call: the call is ended (and stored) while the task runs',
    override: (ref) =>
      rereadWhen(
        ref,
        (output) => pendingOf(output)?.kind === 'task',
        () => ({ content: 'not a list' }),
      ),
  },
  {
    name: 'input-required-as-result',
    breaks: 'TR-NORM-24',
    description:
      'reads an input-required result as a complete one, so the model gets its content (or nothing) as the answer of a call that did not run to its end',
    override: (ref) =>
      rereadWhen(
        ref,
        (output) => pendingOf(output)?.kind === 'input_required',
        (value) => ({ ...value, resultType: 'complete' }),
      ),
  },
  {
    name: 'unknown-result-type-passes',
    breaks: 'TR-NORM-25',
    description: 'reads an answer whose resultType it does not know as a result, as if the member were absent',
    override: (ref) =>
      rereadWhen(
        ref,
        (_output, value) => Object.hasOwn(value, 'resultType') && !KNOWN_RESULT_TYPES.includes(value.resultType as string) && !isTag(value.resultType),
        (value) => without(value, 'resultType'),
      ),
  },
  {
    name: 'unknown-result-type-without-warning',
    breaks: 'TR-NORM-25',
    description: 'fails an unknown resultType closed but without mcp.result_type_unknown, so an operator cannot tell a newer server from a broken one',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const output = ref.normalize!(input, ctx) as Rec;
        if (!isRec(output.result)) return output;
        const warnings = (output.result.warnings as { code: string }[]).filter((w) => w.code !== 'mcp.result_type_unknown');
        return { result: { ...output.result, warnings } };
      },
    }),
  },
];
