// Mutants of an adapter's side of the protocol (spec/09-conformance.md): a tag refused by the
// adapter itself, a budget written 300.0 read as a float, the options checked before the op's own
// inputs, and one op whose answer departs from the reference's, which only the differential
// properties see.
import { OpError, type OpHandler } from '../../reference-adapter/ops/types.ts';
import type { Handlers, Mutant } from './mutant.ts';
import { decodeTagged } from '../../reference-adapter/decode-tagged.ts';

type Rec = Record<string, unknown>;

/** Whether a request value holds a bigint tag of more than `digits` digits. */
function hasLongBigint(v: unknown, digits: number): boolean {
  const stack = [v];
  while (stack.length > 0) {
    const x = stack.pop();
    if (Array.isArray(x)) stack.push(...x);
    else if (x !== null && typeof x === 'object') {
      const r = x as Rec;
      if (r.$tr === 'bigint' && typeof r.value === 'string' && r.value.replace(/^-/, '').length > digits) return true;
      stack.push(...Object.values(r));
    }
  }
  return false;
}

const OPS = ['bound', 'wire', 'audit', 'live', 'suspend', 'persist', 'hooks', 'normalize', 'measure', 'coerce'];

/** Every op of the reference, with `check` run on the request first. */
const checked = (ref: Handlers, check: (input: Rec) => void): Record<string, OpHandler> =>
  Object.fromEntries(OPS.filter((op) => ref[op]).map((op) => [op, (input: Rec, ctx: Parameters<OpHandler>[1]) => (check(input), ref[op]!(input, ctx))]));

/** Set by parseLine: the request wrote a budget with a fraction or an exponent (300.0, 2.56e2). */
let budgetWrittenAsDouble = false;

export const conformanceMutants: readonly Mutant[] = [
  {
    name: 'adapter-refuses-long-bigint',
    breaks: 'TR-CONF-4',
    description:
      "the adapter converts a bigint tag with Python's int(), which refuses more than 4,300 digits, and answers adapter.bad_input instead of handing the value on",
    override: (ref) =>
      checked(ref, (input) => {
        if (hasLongBigint(input, 4300)) throw new OpError('adapter.bad_input', 'Exceeds the limit (4300 digits) for integer string conversion');
      }),
  },
  {
    name: 'budget-double-refused',
    breaks: 'TR-CONF-6',
    description: 'the adapter keeps a budget written 300.0 as the float it parsed, and the option check (isinstance(b, int)) refuses it',
    parseLine: (line) => {
      budgetWrittenAsDouble = /"(?:content|artifacts|structured)Budget"\s*:\s*-?[0-9]+(?:\.[0-9]*)?[.eE]/.test(line);
      return JSON.parse(line);
    },
    override: (ref) =>
      checked(ref, () => {
        if (budgetWrittenAsDouble) throw new OpError('options.invalid', 'contentBudget must be an integer');
      }),
  },
  {
    name: 'options-before-hooks',
    breaks: 'TR-CONF-21',
    description: 'the hooks op checks the options before the hook descriptions, so a request wrong in both ways answers options.invalid',
    override: (ref) => ({
      hooks: (input: Rec, ctx) => {
        if (Object.hasOwn(input, 'options')) ref.bound!({ result: { content: '', isError: false }, options: input.options }, ctx);
        return ref.hooks!(input, ctx);
      },
    }),
  },
  {
    name: 'wire-omits-is-error-false',
    breaks: 'TR-CONF-5',
    description: 'the wire message leaves isError out when it is false, as some SDKs write it, which only the comparison with the reference sees',
    override: (ref) => ({
      wire: (input: Rec, ctx) => {
        const out = ref.wire!(input, ctx) as { message: Rec };
        if (out.message.isError !== false) return out;
        const { isError: _left, ...message } = out.message;
        return { message };
      },
    }),
  },
  {
    name: 'warnings-decoded',
    breaks: 'TR-CONF-25',
    description: "decodes a result input's warnings as it decodes its other members, so a utf16 tag that spells a code counts as that code",
    override: (ref) => ({
      bound: (input: Rec, ctx) => {
        const result = input.result as Rec | null;
        const plain = result !== null && typeof result === 'object' && !Array.isArray(result) && Object.hasOwn(result, 'warnings');
        return ref.bound!(plain ? { ...input, result: { ...result, warnings: decodeTagged(result.warnings) } } : input, ctx);
      },
    }),
  },
];
