// Options of the normalizers (spec/10-normalization.md §10.1): the bounder's budgets plus the
// optional output-schema check. Options are the caller's configuration, not tool data, so a wrong
// option throws (naming the option only), as the bounder does for its budgets (TR-MODEL-10).
import type { BoundOptions } from '../bound/index.ts';
import { resolveOptions } from '../bound/options.ts';

/** What to do when structured data fails the tool's output schema (TR-NORM-30). */
export type SchemaPolicy = 'off' | 'warn' | 'enforce';

/** Options of a normalizer: the bounding budgets, the tool's output schema and what to do when the structured value fails it. */
export interface NormalizeOptions extends BoundOptions {
  /** The tool's declared output schema (JSON Schema 2020-12 or draft-07), as the tool listing gave it. */
  readonly outputSchema?: unknown;
  /** Default: `warn` when an outputSchema is given, else `off`. */
  readonly schemaPolicy?: SchemaPolicy;
}

export interface ResolvedNormalizeOptions {
  readonly budgets: BoundOptions;
  readonly hasSchema: boolean;
  readonly outputSchema: unknown;
  readonly schemaPolicy: SchemaPolicy;
}

const POLICIES: readonly string[] = ['off', 'warn', 'enforce'];

/** Splits the options into the bounder's budgets and the schema check. Throws on a bad policy. */
export function resolveNormalizeOptions(options: NormalizeOptions | undefined): ResolvedNormalizeOptions {
  if (options === undefined || options === null) {
    return { budgets: {}, hasSchema: false, outputSchema: undefined, schemaPolicy: 'off' };
  }
  if (typeof options !== 'object' || Array.isArray(options)) throw new RangeError('normalize options must be an object');
  const { outputSchema, schemaPolicy, ...budgets } = options;
  // The budgets are checked here too, before the normalizer reads any of its input (TR-NORM-1).
  resolveOptions(budgets);
  if (schemaPolicy !== undefined && !POLICIES.includes(schemaPolicy as string)) {
    throw new RangeError('schemaPolicy must be one of off, warn, enforce');
  }
  const hasSchema = outputSchema !== undefined;
  return {
    budgets,
    hasSchema,
    outputSchema,
    schemaPolicy: schemaPolicy ?? (hasSchema ? 'warn' : 'off'),
  };
}
