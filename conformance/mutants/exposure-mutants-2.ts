// More mutants of the exposure step (spec/12-exposure.md): codes added or left out, the audit record
// built before the step, RFC 6901's unescape order reversed, one line feed as the separator, and a
// refusal that quotes the pointers it was given.
import { OpError, type OpHandler } from '../../reference-adapter/ops/types.ts';
import type { Handlers, Mutant } from './mutant.ts';

type Rec = Record<string, unknown>;
type Warning = { code: string };

const policyOf = (input: Rec): unknown => ((input.exposure ?? null) as Rec | null)?.policy;

/** The bound op with its result changed when the exposure policy is `policy`. */
const boundWith = (ref: Handlers, policy: string, f: (result: Rec) => Rec): Record<string, OpHandler> => ({
  bound: (input: Rec, ctx) => {
    const out = ref.bound!(input, ctx) as { result: Rec };
    return policyOf(input) === policy ? { result: f(out.result) } : out;
  },
});

const withCodes = (result: Rec, add: string[], drop: string[] = []): Rec => {
  const codes = new Set((result.warnings as Warning[]).map((w) => w.code).filter((c) => !drop.includes(c)));
  for (const c of add) codes.add(c);
  return { ...result, warnings: [...codes].sort().map((code) => ({ code })) };
};

/** One pointer token as an unescape that turns `~0` into `~` before `~1` into `/` reads it, written back for a correct resolver. */
function tildeFirst(pointer: string): string {
  if (!pointer.startsWith('/')) return pointer;
  return pointer
    .split('/')
    .map((t) => t.replace(/~0/g, '~').replace(/~1/g, '/'))
    .map((t) => t.replace(/~/g, '~0').replace(/\//g, '~1'))
    .join('/');
}

/** Every op that exposes, reading the request as `f` changes it. */
const exposing = (ref: Handlers, f: (input: Rec, op: string) => Rec): Record<string, OpHandler> =>
  Object.fromEntries(['bound', 'wire', 'audit', 'hooks'].map((op) => [op, (input: Rec, ctx: Parameters<OpHandler>[1]) => ref[op]!(f(input, op), ctx)]));

export const exposureMutants2: readonly Mutant[] = [
  {
    name: 'none-reports-empty',
    breaks: 'TR-EXPOSE-1',
    description: 'the policy none adds exposure.empty, as there is no exposed value, so the result is not the one a runtime without exposure gives',
    override: (ref) => boundWith(ref, 'none', (r) => withCodes(r, ['exposure.empty'])),
  },
  {
    name: 'audit-before-exposure',
    breaks: 'TR-EXPOSE-3',
    description: 'builds the audit record from the bounded result before the exposure step, so the record does not show the content the model saw',
    override: (ref) => ({
      audit: (input: Rec, ctx) => {
        if (!Object.hasOwn(input, 'exposure')) return ref.audit!(input, ctx);
        const { exposure: _skipped, ...rest } = input;
        return ref.audit!(rest, ctx);
      },
    }),
  },
  {
    name: 'pointer-unescape-tilde-first',
    breaks: 'TR-EXPOSE-5',
    description: 'unescapes a pointer token by turning ~0 into ~ before ~1 into /, so /~01 selects the member "/" instead of "~1"',
    override: (ref) => {
      const handlers = exposing(ref, (input) => {
        const e = input.exposure as Rec | null | undefined;
        if (e?.policy !== 'allowlist' || !Array.isArray(e.pointers)) return input;
        return { ...input, exposure: { ...e, pointers: e.pointers.map((p) => (typeof p === 'string' ? tildeFirst(p) : p)) } };
      });
      return handlers;
    },
  },
  {
    name: 'separator-one-line-feed',
    breaks: 'TR-EXPOSE-6',
    description: 'joins content and the exposed JSON with one line feed instead of the separator of two',
    override: (ref) => {
      const join = (input: Rec, ctx: Parameters<OpHandler>[1], content: string): string => {
        const policy = policyOf(input);
        if (policy !== 'json' && policy !== 'allowlist') return content;
        const plain = (ref.bound!({ result: input.result, ...(Object.hasOwn(input, 'options') ? { options: input.options } : {}) }, ctx) as { result: Rec })
          .result.content as string;
        return plain !== '' && content.startsWith(`${plain}\n\n`) && content.length > plain.length + 2
          ? `${plain}\n${content.slice(plain.length + 2)}`
          : content;
      };
      return {
        bound: (input: Rec, ctx) => {
          const out = ref.bound!(input, ctx) as { result: Rec };
          return { result: { ...out.result, content: join(input, ctx, out.result.content as string) } };
        },
        wire: (input: Rec, ctx) => {
          const out = ref.wire!(input, ctx) as { message: Rec };
          return { message: { ...out.message, content: join(input, ctx, out.message.content as string) } };
        },
      };
    },
  },
  {
    name: 'json-policy-code-missing',
    breaks: 'TR-EXPOSE-9',
    description: 'the json policy adds no exposure.json code when it applies, so a reader cannot tell which policy shaped the content',
    override: (ref) => boundWith(ref, 'json', (r) => withCodes(r, [], ['exposure.json'])),
  },
  {
    name: 'refusal-quotes-pointers',
    breaks: 'TR-EXPOSE-10',
    description: 'a refused allowlist names the pointers it was given in the error message, and a pointer may be a member name taken from the data',
    override: (ref) =>
      Object.fromEntries(
        ['bound', 'wire', 'audit'].map((op) => [
          op,
          (input: Rec, ctx: Parameters<OpHandler>[1]) => {
            try {
              return ref[op]!(input, ctx);
            } catch (e) {
              const pointers = ((input.exposure ?? null) as Rec | null)?.pointers;
              if (e instanceof OpError && e.code === 'options.invalid' && Array.isArray(pointers))
                throw new OpError(e.code, `${e.message} (pointers ${JSON.stringify(pointers)})`);
              throw e;
            }
          },
        ]),
      ),
  },
];
