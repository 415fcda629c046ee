// The differential properties accept either reading of an object-shaped opaque value (spec/09 §9.2):
// one unencodable node, or JavaScript's plain object around an accessor.
import { describe, expect, it } from 'vitest';
import { withGettersAsNodes } from './differential.ts';
import { reference } from './reference.ts';

describe('object-shaped opaque values in the differential', () => {
  it('replaces getter kinds at any depth, and nothing else', () => {
    expect(withGettersAsNodes({ value: [1, { a: { $tr: 'opaque', kind: 'date' } }], budget: 5 })).toBeUndefined();
    expect(withGettersAsNodes({ value: [[{ '': { $tr: 'opaque', kind: 'throwing-getter' } }]], budget: 13 })).toEqual({
      value: [[{ '': { $tr: 'opaque', kind: 'class-instance' } }]],
      budget: 13,
    });
  });

  it('the two readings differ at a budget between their lengths, and the one-node reading is L with 4 octets for the value', () => {
    // [[{"":X}]] is 13 octets with X one node; the reference's getter object makes it 23.
    const input = { value: [[{ '': { $tr: 'opaque', kind: 'getter' } }]], budget: 13 };
    const asIs = reference('measure', input);
    const asNodes = reference('measure', withGettersAsNodes(input) as Record<string, unknown>);
    expect(asIs.ok && asIs.output).toEqual({ verdict: 'over_budget' });
    expect(asNodes.ok && asNodes.output).toEqual({ verdict: 'unencodable' });
    const below = reference('measure', { ...(withGettersAsNodes(input) as object), budget: 12 });
    expect(below.ok && below.output).toEqual({ verdict: 'over_budget' });
  });
});
