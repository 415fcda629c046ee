// Fuzzes the bounder with generated hostile results (fuzz/adversarial.ts) against every invariant of
// fuzz/bound-invariants.ts. Runs in batches of fast-check runs so it can print progress; a failure
// prints the batch's seed and fast-check's shrunk path, which replay it:
//   TR_SEED=<seed> TR_FUZZ_PATH=<path> npm run fuzz
import fc from 'fast-check';
import { boundOptions, resultSpec } from './adversarial.ts';
import { checkBoundInvariants } from './bound-invariants.ts';
import type { FuzzConfig, FuzzOutcome } from './index.ts';

export const name = 'bound';

export function run(config: FuzzConfig): FuzzOutcome {
  const property = fc.property(resultSpec, boundOptions, (spec, options) => {
    const failure = checkBoundInvariants(spec, options);
    if (failure !== undefined) throw new Error(failure);
  });
  if (config.path !== undefined) {
    const details = fc.check(property, { seed: config.seed, path: config.path, numRuns: 1, endOnFailure: true });
    return { cases: 1, failure: details.failed ? describeFailure(details) : undefined };
  }
  const batch = 10_000;
  let done = 0;
  for (let b = 0; done < config.cases; b++) {
    const seed = config.seed + b;
    const numRuns = Math.min(batch, config.cases - done);
    const details = fc.check(property, { seed, numRuns, endOnFailure: false });
    if (details.failed) {
      return { cases: done + details.numRuns, failure: `seed ${seed} path ${details.counterexamplePath}\n${describeFailure(details)}` };
    }
    done += numRuns;
    config.progress(done);
  }
  return { cases: done, failure: undefined };
}

function describeFailure(details: { errorInstance?: unknown; counterexample: unknown }): string {
  const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  const counterexample = fc.stringify(details.counterexample);
  return `${error}\ncounterexample: ${counterexample.length > 2000 ? `${counterexample.slice(0, 2000)}...` : counterexample}`;
}
