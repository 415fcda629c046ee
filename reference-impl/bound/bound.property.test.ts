// Properties of the bounder over generated hostile results (fuzz/adversarial.ts); `npm run fuzz`
// runs the same invariants a million times.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { boundOptions, resultSpec } from '../../fuzz/adversarial.ts';
import { checkBoundInvariants } from '../../fuzz/bound-invariants.ts';
import { propertyConfig } from '../../test/support/fc-config.ts';

describe('bound properties', () => {
  it('TR-BOUND-0, TR-BOUND-1, TR-BOUND-3, TR-BOUND-10, TR-BOUND-11, TR-BOUND-12, TR-BOUND-13, TR-BOUND-14, TR-BOUND-15: every invariant holds for hostile results', () => {
    fc.assert(
      fc.property(resultSpec, boundOptions, (spec, options) => {
        const failure = checkBoundInvariants(spec, options);
        if (failure !== undefined) throw new Error(failure);
      }),
      propertyConfig(400),
    );
  });
});
