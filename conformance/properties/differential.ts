// Differential properties (TR-CONF-5): for every generated input, the implementation answers
// exactly what the reference implementation, run in process, answers: the same output (as JSON,
// member order aside) or an error with the same code.
import fc from 'fast-check';
import { boundInput, taggedString, taggedValue, wideText } from './arbitraries.ts';
import { Mismatch, defineProperty, type Caps } from './define.ts';
import { reference } from './reference.ts';
import { firstDifference } from '../core/compare.ts';
import type { KitCase } from '../core/case.ts';

type Input = Record<string, unknown>;

const hookSpec = fc.oneof(
  fc.constant({ name: 'unchanged' }),
  wideText(6).map((text) => ({ name: 'replace-text', text })),
  wideText(6).map((text) => ({ name: 'append-text', text })),
  fc.integer({ min: 0, max: 200 }).map((octets) => ({ name: 'truncate-text', octets })),
  fc.constant({ name: 'drop-structured' }),
  wideText(6).map((text) => ({ name: 'set-error', text })),
  fc.constant({ name: 'throw' }),
  fc.constant({ name: 'return-non-result' }),
);

/**
 * Damages an entry the way storage does: cut short, one character changed, or left whole. It works
 * on code points: a cut between the halves of a surrogate pair would send an unpaired surrogate,
 * which a `bytes` adapter cannot hold (spec/09 §9.2, TR-CONF-20) and which no stored text contains.
 */
function damaged(entry: string, how: number, at: number): string {
  const cps = [...entry];
  if (cps.length === 0 || how === 0) return entry;
  const i = at % cps.length;
  if (how === 1) return cps.slice(0, i).join('');
  return [...cps.slice(0, i), cps[i] === '1' ? '2' : '1', ...cps.slice(i + 1)].join('');
}

const inputs: Record<string, { group: string; arb: (caps: Caps) => fc.Arbitrary<Input> }> = {
  coerce: { group: 'bound', arb: (caps) => taggedString(caps, 24).map((value) => ({ value })) },
  measure: {
    group: 'bound',
    arb: (caps) =>
      fc.record({
        value: taggedValue(caps, { strings: taggedString(caps), withBad: true }),
        budget: fc.oneof(fc.integer({ min: 0, max: 400 }), fc.constant(1_000_000)),
      }),
  },
  bound: { group: 'bound', arb: (caps) => boundInput(caps) },
  wire: { group: 'egress', arb: (caps) => boundInput(caps) },
  audit: {
    group: 'sinks',
    arb: (caps) => fc.tuple(boundInput(caps), fc.subarray(['none', 'metadata', 'redacted', 'full'], { minLength: 1 })).map(([i, levels]) => ({ ...i, levels })),
  },
  live: { group: 'sinks', arb: (caps) => boundInput(caps) },
  suspend: { group: 'sinks', arb: (caps) => boundInput(caps) },
  persist: { group: 'ledger', arb: (caps) => boundInput(caps) },
  restore: {
    group: 'ledger',
    arb: (caps) =>
      fc.tuple(boundInput(caps), fc.constantFrom(0, 0, 1, 2), fc.nat()).map(([i, how, at]) => {
        const r = reference('persist', i);
        return { entry: r.ok ? damaged(r.output.entry as string, how, at) : '' };
      }),
  },
  hooks: { group: 'hooks', arb: (caps) => fc.tuple(boundInput(caps), fc.array(hookSpec, { maxLength: 3 })).map(([i, hooks]) => ({ ...i, hooks })) },
};

/** The opaque kinds whose length is language-dependent (spec/09 §9.2): one node, or an object around one. */
const OBJECT_SHAPED = new Set(['getter', 'throwing-getter']);

/**
 * The input with every opaque value of an object-shaped kind replaced by a kind that is one
 * unencodable node in every language, or undefined when it holds none. The reference builds a
 * getter as a plain object whose one member is an accessor (JavaScript has no other value that a
 * normalizer reads as an object without data fields), which a bounder counts as `{"value":…}`
 * around the 4 octets; a language whose getter is one node counts 4. The verdict and warnings can
 * differ only at a budget between the two lengths, where either answer is right.
 */
export function withGettersAsNodes(v: unknown): unknown {
  let changed = false;
  const walk = (x: unknown): unknown => {
    if (Array.isArray(x)) return x.map(walk);
    if (x === null || typeof x !== 'object') return x;
    const o = x as Record<string, unknown>;
    if (o.$tr === 'opaque' && typeof o.kind === 'string' && OBJECT_SHAPED.has(o.kind)) {
      changed = true;
      return { $tr: 'opaque', kind: 'class-instance' };
    }
    const out: Record<string, unknown> = {};
    for (const [k, y] of Object.entries(o)) Object.defineProperty(out, k, { value: walk(y), enumerable: true, writable: true, configurable: true });
    return out;
  };
  const out = walk(v);
  return changed ? out : undefined;
}

function differential(op: string, group: string, arb: (caps: Caps) => fc.Arbitrary<Input>): KitCase {
  return defineProperty({
    name: `${op}-matches-reference`,
    description: `${op} answers what the reference answers for every input`,
    requirements: ['TR-CONF-5'],
    groups: [group],
    arbitrary: arb,
    async check(input, ask) {
      const want = reference(op, input);
      const got = await ask.any(op, input);
      if (!want.ok || !got.ok) {
        const w = want.ok ? 'an output' : `error ${want.code}`;
        const g = got.ok ? 'an output' : `error ${got.code}`;
        if (w !== g)
          throw new Mismatch(
            `${op} answered ${g}, the reference ${w}`,
            want.ok ? want.output : { error: want.code },
            got.ok ? got.output : { error: got.code },
          );
        return;
      }
      const d = firstDifference(want.output, got.output);
      if (d === undefined) return;
      // An object-shaped opaque value may be read as one node (§9.2): the reference's answer for
      // that reading is right too.
      const nodes = withGettersAsNodes(input) as Input | undefined;
      if (nodes !== undefined) {
        const alt = reference(op, nodes);
        if (alt.ok && firstDifference(alt.output, got.output) === undefined) return;
      }
      throw new Mismatch(`${op} output differs from the reference at ${d}`, want.output, got.output);
    },
  });
}

export const differentialProperties: readonly KitCase[] = Object.entries(inputs).map(([op, { group, arb }]) => differential(op, group, arb));
