// What a mutant is: the type every mutant file builds to. It stands apart from the registry
// (index.ts), which imports every mutant file, so that no mutant file imports the registry back.
import type { OpHandler } from '../../reference-adapter/ops/types.ts';

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
