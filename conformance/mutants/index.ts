// Deliberately broken implementations: each is one realistic mistake, written as handler overrides
// the mutant adapter applies (`adapter.ts --mutant NAME`). The kit must fail every one of them and
// name the requirement it breaks (conformance/mutants/mutants.test.ts).
import type { Handlers, Mutant } from './mutant.ts';
import { boundMutants } from './bound-mutants.ts';
import { boundaryMutants } from './boundary-mutants.ts';
import { boundingMutants } from './bounding-mutants.ts';
import { dataModelMutants } from './data-model-mutants.ts';
import { egressMutants } from './egress-mutants.ts';
import { exposureMutants } from './exposure-mutants.ts';
import { dropNoticeMutants, normalizeMutants, ruleMutants } from './normalize-mutants.ts';
import { privacyMutants } from './privacy-mutants.ts';
import { normalizationMutants } from './normalization-mutants-2.ts';
import { pendingCallMutants } from './pending-call-mutants.ts';
import { replayMutants } from './replay-mutants.ts';
import { hookMutants } from './hook-mutants.ts';
import { conformanceMutants } from './conformance-mutants.ts';
import { exposureMutants2 } from './exposure-mutants-2.ts';
import { questionMutants } from './question-mutants.ts';
import { readingMutants } from './reading-mutants.ts';
import { sinkMutants } from './sink-mutants.ts';

export type { Handlers, Mutant } from './mutant.ts';

export const mutants: readonly Mutant[] = [
  ...boundMutants,
  ...sinkMutants,
  ...normalizeMutants,
  ...ruleMutants,
  ...dropNoticeMutants,
  ...normalizationMutants,
  ...pendingCallMutants,
  ...exposureMutants,
  ...exposureMutants2,
  ...replayMutants,
  ...hookMutants,
  ...conformanceMutants,
  ...boundaryMutants,
  ...questionMutants,
  ...dataModelMutants,
  ...boundingMutants,
  ...egressMutants,
  ...privacyMutants,
  ...readingMutants,
];

export function applyMutant(name: string, ref: Handlers): Handlers {
  const m = mutants.find((x) => x.name === name);
  if (!m) throw new Error(`unknown mutant ${name}; known: ${mutants.map((x) => x.name).join(', ')}`);
  return Object.freeze({ ...ref, ...m.override(ref) });
}
