// Mutants of the exposure policies (spec/12-exposure.md): an allowlist whose pointer walk stops one
// token early and so shows the selected member's siblings, and a json policy that cuts the
// serialization to fit the budget instead of dropping it whole.
import { canonicalize } from '../../reference-impl/canonical-json/serialize.ts';
import { parsePointer } from '../../reference-impl/exposure/json-pointer.ts';
import type { JsonValue } from '../../reference-impl/tool-result.ts';
import type { OpHandler } from '../adapter/ops/types.ts';
import type { Handlers, Mutant } from './index.ts';

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
];
