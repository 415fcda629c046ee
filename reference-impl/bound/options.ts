// Bound options and their checks (spec/02-data-model.md §2.4, TR-MODEL-10).
import type { BoundOptions } from '../../generated/model.ts';
import boundOptionsSchema from '../../schemas/model/bound-options.schema.json' with { type: 'json' };

export type { BoundOptions };

// The schema is the one source of the floor, the ceiling and the defaults.
const P = boundOptionsSchema.properties;

export const MIN_BUDGET: number = P.contentBudget.minimum;
export const MAX_BUDGET: number = P.contentBudget.maximum;

/** The budgets `bound` uses when none are given, in octets: the schema's defaults. */
export const DEFAULT_BUDGETS: Readonly<Required<BoundOptions>> = Object.freeze({
  contentBudget: P.contentBudget.default,
  artifactsBudget: P.artifactsBudget.default,
  structuredBudget: P.structuredBudget.default,
});

const NAMES = Object.keys(DEFAULT_BUDGETS) as (keyof BoundOptions)[];

/**
 * The options with defaults filled in. Throws a RangeError naming the option for a budget that is
 * not an integer in [256, 2^30] or an option this version does not know; the message carries the
 * option's name only, never the value given.
 */
export function resolveOptions(options: unknown): Required<BoundOptions> {
  if (options === undefined || options === null) return DEFAULT_BUDGETS;
  if (typeof options !== 'object' || Array.isArray(options)) throw new RangeError('bound options must be an object');
  const given = options as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!(NAMES as string[]).includes(key)) throw new RangeError(`unknown bound option: ${JSON.stringify(key.slice(0, 40))}`);
  }
  const out = { ...DEFAULT_BUDGETS };
  for (const name of NAMES) {
    const v = given[name];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < MIN_BUDGET || v > MAX_BUDGET) {
      throw new RangeError(`${name} must be an integer from ${MIN_BUDGET} to ${MAX_BUDGET}`);
    }
    out[name] = v;
  }
  return out;
}
