// A budget given as `undefined` (spec/02-data-model.md §2.4): JSON cannot write it, so the kit sends
// the tag {"$tr":"opaque","kind":"undefined"} in its place (spec/09-conformance.md §9.3), and the
// adapter hands the implementation `undefined` there, which takes the budget's default. Only the
// three budgets are read this way: any other tag in options is an object, and invalid.
const BUDGETS = ['contentBudget', 'artifactsBudget', 'structuredBudget'] as const;

type Rec = Record<string, unknown>;

export const isUndefinedTag = (v: unknown): boolean =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && (v as Rec).$tr === 'opaque' && (v as Rec).kind === 'undefined';

/** An op's options with each budget that is the undefined tag made `undefined`; anything else as given. */
export function optionsFromInput(options: unknown): unknown {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) return options;
  if (!BUDGETS.some((b) => Object.hasOwn(options, b) && isUndefinedTag((options as Rec)[b]))) return options;
  const out: Rec = { ...(options as Rec) };
  for (const b of BUDGETS) if (Object.hasOwn(out, b) && isUndefinedTag(out[b])) out[b] = undefined;
  return out;
}
