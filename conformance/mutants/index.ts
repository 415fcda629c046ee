// Deliberately broken implementations: each is one realistic mistake, written as handler overrides
// the mutant adapter applies (`adapter.ts --mutant NAME`). The kit must fail every one of them and
// name the requirement it breaks (conformance/mutants/mutants.test.ts).
import type { OpHandler } from '../../reference-adapter/ops/types.ts';
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
import { sinkMutants } from './sink-mutants.ts';

export type Handlers = Readonly<Record<string, OpHandler>>;

export interface Mutant {
  readonly name: string;
  /** The requirement the mistake breaks: a failing case must name it. */
  readonly breaks: string;
  readonly description: string;
  /** Reads a request line instead of JSON.parse: for a mistake that depends on how a number was written. */
  readonly parseLine?: (line: string) => unknown;
  /** Replacement handlers, built over the reference ones. */
  override(ref: Handlers): Record<string, OpHandler>;
}

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
];

export function applyMutant(name: string, ref: Handlers): Handlers {
  const m = mutants.find((x) => x.name === name);
  if (!m) throw new Error(`unknown mutant ${name}; known: ${mutants.map((x) => x.name).join(', ')}`);
  return Object.freeze({ ...ref, ...m.override(ref) });
}
