// Small independent observations on an adapter's output: octet counts, well-formedness, markers.
// Independent of the reference, so a property built on them does not just restate it.

import boundOptionsSchema from '../../schemas/model/bound-options.schema.json' with { type: 'json' };

export const octets = (s: string): number => Buffer.byteLength(s, 'utf8');

/** JCS length of a value with well-formed strings and finite numbers (spec/03-bounding.md §3.4). */
export const jcsLength = (v: unknown): number => octets(JSON.stringify(v));

const LONE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The JSON path of the first string or key holding an unpaired surrogate, or undefined. */
export function illFormedAt(value: unknown): string | undefined {
  const stack: [unknown, string][] = [[value, '$']];
  while (stack.length > 0) {
    const [v, p] = stack.pop()!;
    if (typeof v === 'string') {
      if (LONE.test(v)) return p;
    } else if (Array.isArray(v)) for (const [i, x] of v.entries()) stack.push([x, `${p}[${i}]`]);
    else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (LONE.test(k)) return `${p} (key)`;
        stack.push([x, `${p}.${k}`]);
      }
    }
  }
  return undefined;
}

export const VERDICT_TEXT: Readonly<Record<string, (budget: number) => string>> = {
  over_budget: (b) => `exceeded ${b} bytes`,
  unencodable: () => 'could not be encoded',
  too_deep: () => 'nested deeper than 64 levels',
  invalid_shape: () => 'did not match their artifact types',
};

export const marker = (verdict: string, budget: number): unknown[] => [
  { type: 'text', label: 'Artifacts omitted', data: { text: VERDICT_TEXT[verdict]!(budget) } },
];

// Defaults from the schema (their one source), not from the reference's code.
const B = boundOptionsSchema.properties;
export const DEFAULTS = {
  contentBudget: B.contentBudget.default,
  artifactsBudget: B.artifactsBudget.default,
  structuredBudget: B.structuredBudget.default,
} as const;

export function budgets(options: { contentBudget?: number; artifactsBudget?: number; structuredBudget?: number } | undefined) {
  return { ...DEFAULTS, ...(options ?? {}) };
}

export const notice = (b: number): string => `\n…[tool result truncated at ${b} bytes]`;

/** Code points of a well-formed string, as strings. */
export const codePoints = (s: string): string[] => Array.from(s);

export function warningCodes(result: Record<string, unknown>): string[] {
  const w = result.warnings;
  return Array.isArray(w) ? w.map((x) => (x as { code?: unknown })?.code as string) : [];
}
