// Mutants of the normalize groups (spec/10): a member the source left undefined read as a value.
import type { Mutant } from './index.ts';

type Rec = Record<string, unknown>;

const isUndefinedTag = (v: unknown): boolean =>
  v !== null && typeof v === 'object' && (v as Rec).$tr === 'opaque' && (v as Rec).kind === 'undefined';

/** The members whose presence the normalizers act on, per source. */
const PRESENCE: Readonly<Record<string, readonly string[]>> = { mcp: ['structuredContent'], langchain: ['artifact'] };

export const normalizeMutants: readonly Mutant[] = [
  {
    name: 'undefined-member-present',
    breaks: 'TR-NORM-64',
    description: 'a structuredContent or artifact member holding undefined is taken as given, so its value is bounded (and found unencodable)',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const value = input.value as Rec | null;
        const members = PRESENCE[String(input.source)] ?? [];
        if (value === null || typeof value !== 'object' || Array.isArray(value)) return ref.normalize!(input, ctx);
        // A value that is not undefined but is no JSON either: what a present undefined becomes.
        const changed = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, members.includes(k) && isUndefinedTag(v) ? { $tr: 'opaque', kind: 'function' } : v]));
        return ref.normalize!({ ...input, value: changed }, ctx);
      },
    }),
  },
];
