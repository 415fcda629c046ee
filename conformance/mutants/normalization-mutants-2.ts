// Mutants of the normalizers (spec/10-normalization.md), one per MUST the earlier ones left unnamed:
// each is one realistic misreading of a rule, written as a change to the request the reference
// normalizer reads (`before`) or to the result it gives (`after`).
import { canonicalize, type JsonValue } from '../../reference-impl/internal.ts';
import type { OpHandler } from '../../reference-adapter/ops/types.ts';
import type { Handlers, Mutant } from './mutant.ts';

type Rec = Record<string, unknown>;
type Row = string[];

const isRec = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);
const isTag = (v: unknown, kind?: string): boolean => isRec(v) && typeof v.$tr === 'string' && (kind === undefined || v.$tr === kind || v.kind === kind);

/** The reference normalizer reading a changed request. */
const before = (ref: Handlers, f: (input: Rec) => Rec): Record<string, OpHandler> => ({ normalize: (input: Rec, ctx) => ref.normalize!(f(input), ctx) });

/** The reference normalizer's result, changed. */
const after = (ref: Handlers, f: (result: Rec, input: Rec) => Rec): Record<string, OpHandler> => ({
  normalize: (input: Rec, ctx) => ({ result: f((ref.normalize!(input, ctx) as { result: Rec }).result, input) }),
});

/** The request with its source value changed when it is an object of `source`. */
const value =
  (source: string, f: (v: Rec) => Rec) =>
  (input: Rec): Rec =>
    input.source === source && isRec(input.value) && !isTag(input.value) ? { ...input, value: f(input.value) } : input;

/** The request with each block of an MCP content list changed. */
const blocks = (f: (b: Rec) => unknown) =>
  value('mcp', (v) => (Array.isArray(v.content) ? { ...v, content: v.content.map((b) => (isRec(b) && !isTag(b) ? f(b) : b)) } : v));

/** The result with the rows of its references table changed. */
function rows(result: Rec, f: (row: Row) => Row): Rec {
  const arts = result.artifacts as { label: string; data: { rows?: Row[] } }[];
  return {
    ...result,
    artifacts: arts.map((a) => (a.label === 'Content references' && a.data.rows ? { ...a, data: { ...a.data, rows: a.data.rows.map(f) } } : a)),
  };
}

const without = (r: Rec, key: string): Rec => Object.fromEntries(Object.entries(r).filter(([k]) => k !== key));
const warningsWithout = (result: Rec, code: string): Rec => ({ ...result, warnings: (result.warnings as { code: string }[]).filter((w) => w.code !== code) });

/** How deep a request value nests, counting a `nest` tag as the depth it stands for. */
function depth(v: unknown): number {
  let most = 0;
  const stack: [unknown, number][] = [[v, 0]];
  while (stack.length > 0) {
    const [x, d] = stack.pop()!;
    if (isRec(x) && x.$tr === 'nest' && typeof x.depth === 'number') most = Math.max(most, d + x.depth);
    else if (Array.isArray(x)) for (const y of x) stack.push([y, d + 1]);
    else if (isRec(x)) for (const y of Object.values(x)) stack.push([y, d + 1]);
    most = Math.max(most, d);
  }
  return most;
}

const BUDGET_NAMES = ['contentBudget', 'artifactsBudget', 'structuredBudget'];

export const normalizationMutants: readonly Mutant[] = [
  {
    name: 'budgets-not-passed-to-bounder',
    breaks: 'TR-NORM-1',
    description:
      'checks the budgets but hands the bounder only the schema options, so the result is bounded with the default budgets instead of the ones given',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        ref.normalize!(input, ctx); // the options are still checked
        return ref.normalize!(
          isRec(input.options) ? { ...input, options: Object.fromEntries(Object.entries(input.options).filter(([k]) => !BUDGET_NAMES.includes(k))) } : input,
          ctx,
        );
      },
    }),
  },
  {
    name: 'recursive-block-walk',
    breaks: 'TR-NORM-2',
    description: 'walks the content list recursively, so a block nested 100 000 deep overflows the stack and the normalizer throws',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        if (depth(input.value) > 10_000) throw new RangeError('Maximum call stack size exceeded');
        return ref.normalize!(input, ctx);
      },
    }),
  },
  {
    name: 'text-result-empty-references-table',
    breaks: 'TR-NORM-3',
    description: 'an MCP result always gets its references table, so a text-only result carries an empty one',
    override: (ref) =>
      after(ref, (result, input) =>
        input.source === 'mcp' && (result.artifacts as unknown[]).length === 0 && result.isError === false
          ? {
              ...result,
              artifacts: [{ type: 'table', label: 'Content references', data: { columns: ['block', 'kind', 'mimeType', 'size', 'uri'], rows: [] } }],
            }
          : result,
      ),
  },
  {
    name: 'image-url-link-in-text',
    breaks: 'TR-NORM-4',
    description:
      "reads a LangChain image_url block as a link and writes its URL in the text instead of the placeholder, so a data: URL's bytes reach the model",
    override: (ref) =>
      after(ref, (result, input) => {
        const v = input.value;
        if (input.source !== 'langchain' || !isRec(v) || !Array.isArray(v.content) || typeof result.content !== 'string') return result;
        const urls = v.content
          .map((b) => (isRec(b) && b.type === 'image_url' ? (isRec(b.image_url) ? b.image_url.url : b.image_url) : undefined))
          .filter((u): u is string => typeof u === 'string');
        let i = 0;
        return { ...result, content: result.content.replace(/\[image_url block omitted\]/g, (p) => (i < urls.length ? `[image: ${urls[i++]}]` : p)) };
      }),
  },
  {
    name: 'placeholder-without-block',
    breaks: 'TR-NORM-12',
    description: 'writes the placeholder as [<kind> omitted], not the pinned [<kind> block omitted]',
    override: (ref) =>
      after(ref, (result) =>
        typeof result.content === 'string' ? { ...result, content: result.content.replace(/\[([a-z_]+) block omitted\]/g, '[$1 omitted]') } : result,
      ),
  },
  {
    name: 'dropped-on-error-unwarned',
    breaks: 'TR-NORM-13',
    description: "an error result's references and run-only texts are dropped without the warning artifacts.dropped_on_error",
    override: (ref) =>
      after(ref, (result, input) => (input.source !== 'local' && result.isError === true ? warningsWithout(result, 'artifacts.dropped_on_error') : result)),
  },
  {
    name: 'empty-text-pieces-skipped',
    breaks: 'TR-NORM-14',
    description: 'skips an MCP text block whose text is empty when joining, so no line feed stands for it',
    override: (ref) =>
      before(
        ref,
        value('mcp', (v) => (Array.isArray(v.content) ? { ...v, content: v.content.filter((b) => !(isRec(b) && b.type === 'text' && b.text === '')) } : v)),
      ),
  },
  {
    name: 'embedded-text-read-as-text-block',
    breaks: 'TR-NORM-15',
    description: 'reads an embedded resource with a text as a plain text block, so it gets no row with its uri and mimeType',
    override: (ref) =>
      before(
        ref,
        blocks((b) => {
          const r = b.resource;
          if (b.type !== 'resource' || !isRec(r) || typeof r.text !== 'string' || Object.hasOwn(r, 'blob')) return b;
          return { type: 'text', text: r.text, ...(Object.hasOwn(b, 'annotations') ? { annotations: b.annotations } : {}) };
        }),
      ),
  },
  {
    name: 'link-size-not-read',
    breaks: 'TR-NORM-16',
    description: "reads a size only for blobs, so a resource_link's declared size is missing from its row",
    override: (ref) =>
      after(ref, (result, input) => (input.source === 'mcp' ? rows(result, (r) => (r[1] === 'resource_link' ? [r[0]!, r[1]!, r[2]!, '', r[4]!] : r)) : result)),
  },
  {
    name: 'empty-audience-says-nothing',
    breaks: 'TR-NORM-17',
    description: 'reads an empty audience list as saying nothing, so a block marked for nobody reaches the model',
    override: (ref) =>
      before(
        ref,
        blocks((b) =>
          isRec(b.annotations) && Array.isArray(b.annotations.audience) && b.annotations.audience.length === 0
            ? { ...b, annotations: without(b.annotations, 'audience') }
            : b,
        ),
      ),
  },
  {
    name: 'null-structured-as-missing',
    breaks: 'TR-NORM-18',
    description: 'reads structuredContent null as no structured data (a truthiness test), so a null value is lost',
    override: (ref) =>
      before(
        ref,
        value('mcp', (v) => (v.structuredContent === null ? without(v, 'structuredContent') : v)),
      ),
  },
  {
    name: 'mcp-error-drops-structured-content',
    breaks: 'TR-NORM-19',
    description: "drops structuredContent from an error result, as the Python LangChain adapter does, so a failure's machine-readable body is lost",
    override: (ref) =>
      before(
        ref,
        value('mcp', (v) => (v.isError === true ? without(v, 'structuredContent') : v)),
      ),
  },
  {
    name: 'fallback-text-indented',
    breaks: 'TR-NORM-20',
    description: "writes the fallback text of a structured-only result with the language's pretty printer (two-space indent), not as canonical JSON",
    override: (ref) =>
      after(ref, (result) => {
        if (!Object.hasOwn(result, 'structured') || typeof result.structured !== 'object' || result.structured === null) return result;
        return result.content === canonicalize(result.structured as JsonValue) ? { ...result, content: JSON.stringify(result.structured, null, 2) } : result;
      }),
  },
  {
    name: 'artifact-meta-kept-as-member',
    breaks: 'TR-NORM-21',
    description: 'treats the _meta member of a Python adapter artifact as one of its other members, so the protocol metadata reaches the run-only channel',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const v = input.value;
        if (input.source !== 'langchain' || !isRec(v) || !isRec(v.artifact) || isTag(v.artifact) || !Object.hasOwn(v.artifact, '_meta'))
          return ref.normalize!(input, ctx);
        const artifact = Object.fromEntries(Object.entries(v.artifact).map(([k, x]) => [k === '_meta' ? 'zz_meta' : k, x]));
        const out = (ref.normalize!({ ...input, value: { ...v, artifact } }, ctx) as { result: Rec }).result;
        const arts = (out.artifacts as { label: string; data: { text?: string } }[]).map((a) =>
          a.label === 'Artifact members' && typeof a.data.text === 'string' ? { ...a, data: { text: a.data.text.replace('"zz_meta"', '"_meta"') } } : a,
        );
        return { result: { ...out, artifacts: arts } };
      },
    }),
  },
  {
    name: 'schema-policy-default-off',
    breaks: 'TR-NORM-30',
    description: 'a schemaPolicy that is not given is off even when an outputSchema is, so the schema is never applied by default',
    override: (ref) =>
      before(ref, (input) =>
        isRec(input.options) && Object.hasOwn(input.options, 'outputSchema') && !Object.hasOwn(input.options, 'schemaPolicy')
          ? { ...input, options: { ...input.options, schemaPolicy: 'off' } }
          : input,
      ),
  },
  {
    name: 'enforce-read-as-warn',
    breaks: 'TR-NORM-31',
    description: 'enforce drops the mismatching value and keeps the text, as warn does, instead of giving the pinned error result',
    override: (ref) =>
      before(ref, (input) =>
        isRec(input.options) && input.options.schemaPolicy === 'enforce' ? { ...input, options: { ...input.options, schemaPolicy: 'warn' } } : input,
      ),
  },
  {
    name: 'error-body-checked',
    breaks: 'TR-NORM-33',
    description: "applies the output schema to an error result's structured body too, dropping it on a mismatch",
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const out = ref.normalize!(input, ctx) as { result: Rec };
        const v = input.value;
        if (input.source !== 'mcp' || !isRec(v) || v.isError !== true || !Object.hasOwn(out.result, 'structured')) return out;
        const asSuccess = (ref.normalize!({ ...input, value: { ...v, isError: false } }, ctx) as { result: Rec }).result;
        const mismatch = (asSuccess.warnings as { code: string }[]).some((w) => w.code === 'structured.schema_mismatch');
        if (!mismatch) return out;
        const codes = [...new Set([...(out.result.warnings as { code: string }[]).map((w) => w.code), 'structured.schema_mismatch'])].sort();
        return { result: { ...without(out.result, 'structured'), warnings: codes.map((code) => ({ code })) } };
      },
    }),
  },
  {
    name: 'content-not-list-as-missing',
    breaks: 'TR-NORM-40',
    description: 'reads a content member that is not a list as missing (an empty list), so a malformed result passes its structured data on',
    override: (ref) =>
      before(
        ref,
        value('mcp', (v) => (Object.hasOwn(v, 'content') && !Array.isArray(v.content) && !isTag(v.content, 'undefined') ? without(v, 'content') : v)),
      ),
  },
  {
    name: 'invalid-block-silent',
    breaks: 'TR-NORM-42',
    description: 'a known block with members of the wrong kind gives an empty piece instead of [invalid <type> block]',
    override: (ref) =>
      after(ref, (result) => (typeof result.content === 'string' ? { ...result, content: result.content.replace(/\[invalid [a-z_]+ block\]/g, '') } : result)),
  },
  {
    name: 'langchain-status-ignored',
    breaks: 'TR-NORM-50',
    description: 'ignores the ToolMessage status, so a message with status error is a success',
    override: (ref) =>
      before(
        ref,
        value('langchain', (v) => (v.status === 'error' ? without(v, 'status') : v)),
      ),
  },
  {
    name: 'langchain-missing-content-empty',
    breaks: 'TR-NORM-52',
    description: 'reads a ToolMessage without content as one with the empty string, instead of as malformed',
    override: (ref) =>
      before(
        ref,
        value('langchain', (v) => (!Object.hasOwn(v, 'content') ? { ...v, content: '' } : v)),
      ),
  },
  {
    name: 'both-structured-members-snake-wins',
    breaks: 'TR-NORM-54',
    description: 'an artifact with both structured_content and structuredContent takes structured_content instead of giving structured.invalid',
    override: (ref) =>
      before(
        ref,
        value('langchain', (v) =>
          isRec(v.artifact) && !isTag(v.artifact) && Object.hasOwn(v.artifact, 'structured_content') && Object.hasOwn(v.artifact, 'structuredContent')
            ? { ...v, artifact: without(v.artifact, 'structuredContent') }
            : v,
        ),
      ),
  },
  {
    name: 'scalar-artifact-dropped',
    breaks: 'TR-NORM-55',
    description: 'keeps only an object or list artifact as structured, so a string or number the tool returned run-only is lost',
    override: (ref) =>
      before(
        ref,
        value('langchain', (v) => (['string', 'number', 'boolean'].includes(typeof v.artifact) ? without(v, 'artifact') : v)),
      ),
  },
  {
    name: 'local-string-as-json',
    breaks: 'TR-NORM-60',
    description: 'a local tool that returns a string is treated as any JSON value: its text is the quoted JSON string and the string becomes structured',
    override: (ref) =>
      after(ref, (result, input) =>
        input.source === 'local' && typeof input.value === 'string' ? { ...result, content: JSON.stringify(input.value), structured: input.value } : result,
      ),
  },
  {
    name: 'local-scalar-as-text',
    breaks: 'TR-NORM-61',
    description: 'a local tool that returns a number or a boolean gets it as text only, with no structured value',
    override: (ref) =>
      after(ref, (result, input) =>
        input.source === 'local' && (typeof input.value === 'number' || typeof input.value === 'boolean')
          ? { content: String(input.value), isError: false, artifacts: [], warnings: [] }
          : result,
      ),
  },
  {
    name: 'local-undefined-empty-text',
    breaks: 'TR-NORM-63',
    description: 'a local tool that returns undefined gives an empty text (a success) instead of the pinned error',
    override: (ref) =>
      after(ref, (result, input) =>
        input.source === 'local' && isTag(input.value, 'undefined') ? { content: '', isError: false, artifacts: [], warnings: [] } : result,
      ),
  },
];
