// Mutants of the exposure policies (spec/12-exposure.md): an allowlist whose pointer walk stops one
// token early and so shows the selected member's siblings, and a json policy that cuts the
// serialization to fit the budget instead of dropping it whole; and three readings outside readers
// asked about (issue 28): a carried-JSON check that writes Infinity as null, a policy given as the
// missing-value marker refused, and a bounder that drops exposure codes it does not apply itself.
import { canonicalize, parseStrict, parsePointer, type JsonValue } from '../../reference-impl/internal.ts';
import { OpError, type OpHandler } from '../../reference-adapter/ops/types.ts';
import type { Handlers, Mutant } from './mutant.ts';

type Rec = Record<string, unknown>;

const octets = (s: string): number => Buffer.byteLength(s, 'utf8');

/** The longest prefix of `s` of at most `n` octets that ends on a code-point boundary. */
function cutTo(s: string, n: number): string {
  let out = '';
  for (const ch of s) {
    if (octets(out + ch) > n) break;
    out += ch;
  }
  return out;
}

/** A wire handler that exposes by its own (wrong) rule when the policy is `policy`. */
function wireWith(ref: Handlers, policy: string, exposeText: (bounded: Rec, exposure: Rec, budget: number) => string): Record<string, OpHandler> {
  return {
    wire: (input: Rec, ctx) => {
      const exposure = input.exposure as Rec | undefined;
      if (exposure?.policy !== policy) return ref.wire!(input, ctx);
      const bounded = ref.bound!({ result: input.result, options: input.options }, ctx).result as Rec;
      const budget = ((input.options as Rec | undefined)?.contentBudget as number | undefined) ?? 50_000;
      return { message: { content: exposeText(bounded, exposure, budget), isError: bounded.isError } };
    },
  };
}

/** A parsed JSON value with every number beyond the double range written as null, as JSON.stringify does. */
function nonFiniteAsNull(v: unknown): unknown {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (Array.isArray(v)) return v.map(nonFiniteAsNull);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, nonFiniteAsNull(x)]));
  return v;
}

const isUndefinedTag = (v: unknown): boolean => v !== null && typeof v === 'object' && (v as Rec).$tr === 'opaque' && (v as Rec).kind === 'undefined';

export const exposureMutants: readonly Mutant[] = [
  {
    name: 'allowlist-leaks-sibling',
    breaks: 'TR-EXPOSE-4',
    description: 'the allowlist resolves each pointer to the container of the member it names, so the member’s siblings reach the model',
    override: (ref) =>
      wireWith(ref, 'allowlist', (bounded, exposure, budget) => {
        const content = bounded.content as string;
        if (!Object.hasOwn(bounded, 'structured')) return content;
        const picked: Record<string, JsonValue> = {};
        for (const pointer of exposure.pointers as string[]) {
          const tokens = parsePointer(pointer) ?? [];
          let at: unknown = bounded.structured;
          let ok = true;
          // The off-by-one: the last token is never applied.
          for (const t of tokens.slice(0, -1)) {
            if (at !== null && typeof at === 'object' && Object.hasOwn(at, t)) at = (at as Rec)[t];
            else ok = false;
          }
          if (ok) picked[pointer] = at as JsonValue;
        }
        if (Object.keys(picked).length === 0) return content;
        const next = `${content === '' ? '' : `${content}\n\n`}${canonicalize(picked)}`;
        return octets(next) <= budget ? next : content;
      }),
  },
  {
    name: 'json-cuts-serialization',
    breaks: 'TR-EXPOSE-8',
    description: 'the json policy cuts the serialization at the content budget instead of dropping it whole',
    override: (ref) =>
      wireWith(ref, 'json', (bounded, _exposure, budget) => {
        const content = bounded.content as string;
        if (!Object.hasOwn(bounded, 'structured')) return content;
        const head = content === '' ? '' : `${content}\n\n`;
        return head + cutTo(canonicalize(bounded.structured as JsonValue), budget - octets(head));
      }),
  },
  {
    name: 'json-carried-by-stringify',
    breaks: 'TR-EXPOSE-7',
    description:
      'content that is a JSON text is compared after JSON.stringify-like serialization, so 1e400 (Infinity) is taken to carry null and the JSON is not appended',
    override: (ref) => ({
      wire: (input: Rec, ctx) => {
        const exposure = input.exposure as Rec | undefined;
        const bounded = ref.bound!({ result: input.result, options: input.options }, ctx).result as Rec;
        if (exposure?.policy === 'json' && Object.hasOwn(bounded, 'structured')) {
          let parsed: unknown;
          try {
            parsed = parseStrict(bounded.content as string, { maxDepth: 65 });
          } catch {
            return ref.wire!(input, ctx);
          }
          let same = false;
          try {
            same = canonicalize(nonFiniteAsNull(parsed) as JsonValue) === canonicalize(bounded.structured as JsonValue);
          } catch {
            // an escaped lone surrogate: no serialization, as the reference says
          }
          if (same) return { message: { content: bounded.content, isError: bounded.isError } };
        }
        return ref.wire!(input, ctx);
      },
    }),
  },
  {
    name: 'undefined-policy-refused',
    breaks: 'TR-EXPOSE-2',
    description: 'an exposure member that is present but holds the missing-value marker is refused as a bad policy instead of read as none',
    override: (ref) => {
      const refuse =
        (op: string): OpHandler =>
        (input: Rec, ctx) => {
          if (Object.hasOwn(input, 'exposure') && isUndefinedTag(input.exposure)) throw new OpError('options.invalid', 'exposure policy must be an object');
          return ref[op]!(input, ctx);
        };
      return { bound: refuse('bound'), wire: refuse('wire'), audit: refuse('audit') };
    },
  },
  {
    name: 'bounder-drops-exposure-codes',
    breaks: 'TR-BOUND-13',
    description: 'a bounder that does not expose drops the exposure.* codes a result already carries, as codes it does not know',
    override: (ref) => {
      const strip = (input: Rec): Rec => {
        const result = input.result as Rec;
        if (Object.hasOwn(input, 'exposure') || !Array.isArray(result?.warnings)) return input;
        return {
          ...input,
          result: { ...result, warnings: (result.warnings as unknown[]).filter((c) => !(typeof c === 'string' && c.startsWith('exposure.'))) },
        };
      };
      return {
        bound: (input: Rec, ctx) => ref.bound!(strip(input), ctx),
        wire: (input: Rec, ctx) => ref.wire!(strip(input), ctx),
      };
    },
  },
];
