// Mutants of the bound and egress groups: mistakes real bounders make (spec/03-bounding.md).
import type { OpContext } from '../../reference-adapter/ops/types.ts';
import { codes, mapBound, type Rec, withCodes } from './bound-record.ts';
import type { Handlers, Mutant } from './mutant.ts';
import { DEFAULT_BUDGETS } from '../../reference-impl/internal.ts';
import { JsonNumberText, parseJsonText, plainNumbers } from '../protocol/json-text.ts';

type Input = { result: Rec & { content: unknown; isError: boolean }; options?: Rec };

const notice = (b: number) => `\n…[tool result truncated at ${b} bytes]`;
const octets = (s: string) => Buffer.byteLength(s, 'utf8');
const contentBudget = (i: Input) => (i.options?.contentBudget as number | undefined) ?? DEFAULT_BUDGETS.contentBudget;
const artifactsBudget = (i: Input) => (i.options?.artifactsBudget as number | undefined) ?? DEFAULT_BUDGETS.artifactsBudget;

/** The coerced content, as the reference coerces it. */
function coercedContent(ref: Handlers, input: Input, ctx: OpContext): string | undefined {
  if (typeof input.result.content !== 'string' && (typeof input.result.content !== 'object' || input.result.content === null)) return undefined;
  try {
    return ref.coerce!({ value: input.result.content }, ctx).text as string;
  } catch {
    return undefined;
  }
}

function recap(ref: Handlers, cut: (s: string, keep: number) => string, fits: (s: string, b: number) => boolean) {
  return mapBound<Input>(ref, (r, input, ctx) => {
    const s = coercedContent(ref, input, ctx);
    if (s === undefined) return r;
    const b = contentBudget(input);
    const rest = codes(r).filter((c) => c !== 'content.truncated');
    if (fits(s, b)) return withCodes({ ...r, content: s }, rest);
    return withCodes({ ...r, content: cut(s, b - octets(notice(b))) + notice(b) }, [...rest, 'content.truncated']);
  });
}

/** JSON length as PHP's json_encode writes it by default: non-ASCII as \uXXXX, "/" as "\/". */
function phpLength(v: unknown): number {
  const text = JSON.stringify(v) ?? 'null';
  let n = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    n += cp === 0x2f ? 2 : cp < 0x80 ? 1 : cp > 0xffff ? 12 : 6;
  }
  return n;
}

/** How many integral doubles written with a fraction or exponent (5.0, 1E2) the last request's value held. */
let floatWrittenIntegers = 0;

function countFloatWritten(v: unknown): number {
  if (v instanceof JsonNumberText) return Number.isInteger(v.value) && /[.eE]/.test(v.text) ? 1 : 0;
  if (v !== null && typeof v === 'object') return Object.values(v).reduce((n: number, x) => n + countFloatWritten(x), 0);
  return 0;
}

/** JSON length as Go's encoding/json writes it: `<`, `>`, `&` as \u003c… and U+2028/U+2029 escaped. */
function goLength(v: unknown): number {
  let n = octets(JSON.stringify(v) ?? 'null');
  for (const ch of JSON.stringify(v) ?? '') n += ch === '<' || ch === '>' || ch === '&' ? 5 : ch === '\u2028' || ch === '\u2029' ? 3 : 0;
  return n;
}

/** JSON length with `/` written `\/`, as PHP's json_encode does without JSON_UNESCAPED_SLASHES. */
const slashLength = (v: unknown): number => octets(JSON.stringify(v) ?? 'null') + ((JSON.stringify(v) ?? '').match(/\//g)?.length ?? 0);

export const boundMutants: readonly Mutant[] = [
  {
    name: 'go-escaped-structured-budget',
    breaks: 'TR-BOUND-8',
    description:
      "judges structured against its budget by the length Go's encoding/json writes (escaped <>& and U+2028/U+2029); measure is right, only the bound path is off",
    override: (ref) =>
      mapBound<Input>(ref, (r, input) => {
        if (!Object.hasOwn(r, 'structured')) return r;
        const budget = (input.options?.structuredBudget as number | undefined) ?? DEFAULT_BUDGETS.structuredBudget;
        if (goLength(r.structured) <= budget) return r;
        const { structured: _s, ...rest } = r;
        return withCodes(rest, [...codes(r), 'structured.over_budget']);
      }),
  },
  {
    name: 'slash-escaped-artifacts-budget',
    breaks: 'TR-BOUND-10',
    description: "judges the artifact list against its budget with / written \\/ (PHP's json_encode default)",
    override: (ref) =>
      mapBound<Input>(ref, (r, input) => {
        const budget = artifactsBudget(input);
        if (codes(r).some((c) => c.startsWith('artifacts.')) || slashLength(r.artifacts) <= budget) return r;
        return withCodes({ ...r, artifacts: [{ type: 'text', label: 'Artifacts omitted', data: { text: `exceeded ${budget} bytes` } }] }, [
          ...codes(r),
          'artifacts.over_budget',
        ]);
      }),
  },
  {
    name: 'integral-double-as-float',
    breaks: 'TR-BOUND-8',
    description:
      "measures an integral double as Python's repr writes it (5.0, 100.0: two octets more), which only a number that reaches the adapter as 5.0 shows",
    parseLine: (line) => {
      const request = parseJsonText(line) as { input?: { value?: unknown } };
      floatWrittenIntegers = countFloatWritten(request.input?.value);
      return plainNumbers(request);
    },
    override: (ref) => ({
      measure: (input: { value: unknown; budget: number }, ctx) => {
        const m = ref.measure!(input, ctx);
        if (m.verdict !== 'ok' || floatWrittenIntegers === 0) return m;
        const n = (m.octets as number) + 2 * floatWrittenIntegers;
        return n > input.budget ? { verdict: 'over_budget' } : { verdict: 'ok', octets: n };
      },
    }),
  },
  {
    name: 'artifact-in-content',
    breaks: 'TR-MODEL-1',
    description: 'appends the artifacts to content "so the model sees the table too"',
    override: (ref) =>
      mapBound<Input>(ref, (r) => ((r.artifacts as unknown[]).length > 0 ? { ...r, content: `${r.content as string}\n${JSON.stringify(r.artifacts)}` } : r)),
  },
  {
    name: 'utf16-units',
    breaks: 'TR-BOUND-3',
    description: 'caps content in UTF-16 code units (String.length) instead of UTF-8 octets',
    override: (ref) =>
      recap(
        ref,
        (s, keep) => s.slice(0, keep),
        (s, b) => s.length <= b,
      ),
  },
  {
    name: 'cut-inside-code-point',
    breaks: 'TR-BOUND-3',
    description: 'cuts the content octets at the budget and decodes them, splitting a character',
    override: (ref) =>
      recap(
        ref,
        (s, keep) => Buffer.from(s, 'utf8').subarray(0, keep).toString('utf8'),
        (s, b) => octets(s) <= b,
      ),
  },
  {
    name: 'php-escaped-measure',
    breaks: 'TR-BOUND-8',
    description: "measures with PHP's default json_encode (escaped non-ASCII and slashes)",
    override: (ref) => ({
      measure: (input: { value: unknown; budget: number }, ctx) => {
        const m = ref.measure!(input, ctx);
        if (m.verdict !== 'ok') return m;
        const decoded = JSON.parse(
          JSON.stringify(
            ref.bound!({ result: { content: '', isError: false, structured: input.value }, options: { structuredBudget: 1_073_741_824 } }, ctx).result,
          ),
        ).structured;
        const n = phpLength(decoded);
        return n > input.budget ? { verdict: 'over_budget' } : { verdict: 'ok', octets: n };
      },
    }),
  },
  {
    name: 'truncate-artifact-list',
    breaks: 'TR-BOUND-10',
    description: 'keeps the artifacts that fit instead of replacing an over-budget list by the marker',
    override: (ref) =>
      mapBound<Input>(ref, (r, input, ctx) => {
        if (!codes(r).includes('artifacts.over_budget')) return r;
        const whole = ref.bound!({ ...input, options: { ...(input.options ?? {}), artifactsBudget: 1_073_741_824 } }, ctx).result as Rec;
        if (codes(whole).some((c) => c.startsWith('artifacts.'))) return r;
        const kept: unknown[] = [];
        for (const a of whole.artifacts as unknown[]) {
          if (octets(JSON.stringify([...kept, a])) > artifactsBudget(input)) break;
          kept.push(a);
        }
        return withCodes(
          { ...r, artifacts: kept },
          codes(r).filter((c) => c !== 'artifacts.over_budget'),
        );
      }),
  },
  {
    name: 'depth-off-by-one',
    breaks: 'TR-BOUND-8',
    description: 'rejects a value of exactly 64 levels (depth >= 64 instead of > 64)',
    override: (ref) => {
      const tooDeepAt64 = (value: unknown, ctx: OpContext): boolean =>
        ref.measure!({ value, budget: 1_073_741_824 }, ctx).verdict === 'ok' &&
        ref.measure!({ value: [value], budget: 1_073_741_824 }, ctx).verdict === 'too_deep';
      return {
        measure: (input: { value: unknown; budget: number }, ctx) => {
          const m = ref.measure!(input, ctx);
          return m.verdict === 'ok' && tooDeepAt64(input.value, ctx) ? { verdict: 'too_deep' } : m;
        },
        ...mapBound<Input>(ref, (r, input, ctx) => {
          if (!Object.hasOwn(r, 'structured') || !tooDeepAt64(input.result.structured, ctx)) return r;
          const { structured: _s, ...rest } = r;
          return withCodes(rest, [...codes(r), 'structured.too_deep']);
        }),
      };
    },
  },
  {
    name: 'wrong-marker',
    breaks: 'TR-BOUND-10',
    description: 'writes its own marker label instead of the pinned one',
    override: (ref) =>
      mapBound<Input>(ref, (r) =>
        codes(r).some((c) => c.startsWith('artifacts.') && c !== 'artifacts.dropped_on_error')
          ? { ...r, artifacts: (r.artifacts as Rec[]).map((a) => ({ ...a, label: 'Artifacts removed' })) }
          : r,
      ),
  },
  {
    name: 'keeps-artifacts-on-error',
    breaks: 'TR-MODEL-2',
    description: 'bounds the artifacts of an error result like any other',
    override: (ref) =>
      mapBound<Input>(ref, (r, input, ctx) => {
        if (!input.result.isError || !Object.hasOwn(input.result, 'artifacts')) return r;
        const asSuccess = ref.bound!({ ...input, result: { ...input.result, isError: false } }, ctx).result as Rec;
        return withCodes({ ...r, artifacts: asSuccess.artifacts }, codes(asSuccess));
      }),
  },
  {
    name: 'logs-structured',
    breaks: 'TR-LOG-1',
    description: 'logs the structured value at debug level "for troubleshooting"',
    override: (ref) =>
      mapBound<Input>(ref, (r, _i, ctx) => {
        if (Object.hasOwn(r, 'structured')) ctx.logger.log('debug', 'bounded tool result', { structured: JSON.stringify(r.structured) });
        return r;
      }),
  },
  {
    name: 'nan-as-null',
    breaks: 'TR-BOUND-6',
    description: 'serializes structured with JSON.stringify, so NaN and Infinity quietly become null',
    override: (ref) =>
      mapBound<Input>(ref, (r, input, ctx) => {
        if (!codes(r).includes('structured.unencodable')) return r;
        const replaced = JSON.parse(
          JSON.stringify(input.result.structured, (_k, v) => (v && typeof v === 'object' && v.$tr === 'number' && v.value !== '-0' ? null : v)),
        );
        const again = ref.bound!({ result: { content: '', isError: false, structured: replaced } }, ctx).result as Rec;
        if (!Object.hasOwn(again, 'structured')) return r;
        return withCodes(
          { ...r, structured: again.structured },
          codes(r).filter((c) => c !== 'structured.unencodable'),
        );
      }),
  },
  {
    name: 'strips-bom',
    breaks: 'TR-BOUND-2',
    description: 'decodes with a default TextDecoder, which drops a leading byte order mark',
    override: (ref) => ({
      coerce: (input, ctx) => {
        const out = ref.coerce!(input, ctx);
        return { text: (out.text as string).replace(/^\ufeff/, '') };
      },
    }),
  },
  {
    name: 'one-fffd-per-run',
    breaks: 'TR-BOUND-1',
    description: "replaces a whole run of bad octets by one U+FFFD, like Go's strings.ToValidUTF8",
    override: (ref) => ({
      coerce: (input, ctx) => ({ text: (ref.coerce!(input, ctx).text as string).replace(/\ufffd+/g, '\ufffd') }),
    }),
  },
  {
    name: 'unencodable-before-budget',
    breaks: 'TR-BOUND-8',
    description: 'checks for unencodable nodes before the budget, so an over-budget value is called unencodable',
    override: (ref) => ({
      measure: (input: { value: unknown; budget: number }, ctx) => {
        const m = ref.measure!(input, ctx);
        if (m.verdict !== 'over_budget') return m;
        const unbounded = ref.measure!({ value: input.value, budget: 1_073_741_824 }, ctx);
        return unbounded.verdict === 'unencodable' ? { verdict: 'unencodable' } : m;
      },
    }),
  },
  {
    name: 'unsorted-warnings',
    breaks: 'TR-MODEL-9',
    description: 'lists warnings in the order it noticed them (here: reversed)',
    override: (ref) => mapBound<Input>(ref, (r) => ({ ...r, warnings: [...(r.warnings as unknown[])].reverse() })),
  },
];
