// The fast walker (measure.ts) held equal to the plain reading of spec §3.4 (measure-plain.ts) over
// hostile values (fuzz/adversarial.ts), with cycles, shared containers and nesting around the depth
// limit, at budgets on both sides of each value's L: the same verdict, the same L whenever the
// walker did not stop early, and the same coerced copy for an ok verdict.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hostileValue, materialize, plainJson } from '../../fuzz/adversarial.ts';
import { propertyConfig } from '../../test/support/fc-config.ts';
import { MAX_DEPTH, measureJson } from './measure.ts';
import { measurePlain } from './measure-plain.ts';

/** Equal as the bounder's output must be: −0 is not 0, key order and "__proto__" members count. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return Object.is(a, b);
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

type Twist = 'none' | 'cycle' | 'shared' | 'deep';

function twisted(v: unknown, twist: Twist, depth: number): unknown {
  switch (twist) {
    case 'none':
      return v;
    case 'cycle': {
      const a: unknown[] = [v];
      a.push({ back: a });
      return a;
    }
    case 'shared': {
      const box = { v };
      return [box, [box], { again: box }];
    }
    case 'deep': {
      let out = v;
      for (let i = 0; i < depth; i++) out = i % 2 === 0 ? [out] : { d: out };
      return out;
    }
  }
}

/** Disagreements between the two readings, in words (empty when they agree). */
function disagreement(value: unknown, budget: number): string[] {
  const plain = measurePlain(value, budget);
  const fast = measureJson(value, budget);
  const out: string[] = [];
  if (fast.verdict !== plain.verdict) out.push(`verdict: fast ${fast.verdict}, plain ${plain.verdict} (L ${plain.octets}, D ${plain.depth}, budget ${budget})`);
  if (fast.verdict !== 'over_budget' && fast.octets !== plain.octets) out.push(`L: fast ${fast.octets}, plain ${plain.octets}`);
  if (fast.verdict === 'over_budget' && !(fast.octets > budget)) out.push(`over_budget at ${fast.octets} within budget ${budget}`);
  if (fast.verdict === 'ok' && !same(fast.value, plain.value)) out.push('the coerced copies differ');
  return out;
}

const values = fc.oneof({ weight: 3, arbitrary: hostileValue() }, { weight: 1, arbitrary: plainJson });
const cases = fc.record({
  value: values,
  twist: fc.constantFrom<Twist>('none', 'none', 'cycle', 'shared', 'deep'),
  // Nesting that puts the value's own containers on both sides of the limit.
  depth: fc.integer({ min: MAX_DEPTH - 4, max: MAX_DEPTH + 1 }),
  // A budget near the value's L (exactly at it, just under, just over) or far from it.
  budget: fc.oneof(
    fc.integer({ min: -3, max: 3 }).map((d) => ({ near: d })),
    fc.nat({ max: 100_000 }).map((n) => ({ fixed: n })),
  ),
});

describe('the fast measure equals the plain reading of §3.4', () => {
  it('TR-BOUND-5, TR-BOUND-6, TR-BOUND-7, TR-BOUND-8: same verdict, L and copy for hostile values at every budget', () => {
    fc.assert(
      fc.property(cases, ({ value, twist, depth, budget }) => {
        const v = twisted(materialize(value), twist, depth);
        const b = 'near' in budget ? Math.max(0, measurePlain(v, Infinity).octets + budget.near) : budget.fixed;
        const wrong = disagreement(v, b);
        if (wrong.length > 0) throw new Error(wrong.join('; '));
      }),
      propertyConfig(600),
    );
  });

  it('would catch a walker that reads L one octet off or misses a cycle', () => {
    // The comparison itself can fail: the plain reading against a deliberately wrong answer.
    const cyclic: unknown[] = [];
    cyclic.push(cyclic);
    expect(measurePlain(cyclic, 100).verdict).toBe('unencodable');
    expect(measurePlain(['a\u0000', -0, { '\uD800': 1, '\uFFFD': 2 }], 100)).toMatchObject({
      verdict: 'unencodable',
      octets: 2 + 9 + 1 + 1 + 1 + (2 + 5 + 1 + 1 + 1 + 5 + 1 + 1),
    });
    expect(measurePlain([1e-7, 5e-324, '\u2028"'], 1000)).toMatchObject({ verdict: 'ok', octets: 2 + 4 + 1 + 6 + 1 + (2 + 3 + 2) });
    expect(same({ a: -0 }, { a: 0 })).toBe(false);
    expect(same({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
  });
});
