// Mutants of the wire message (spec/04-egress.md, spec/05-sinks.md §5.1): built from the raw
// result, with a member besides content and isError, with run-only data in it.
import type { Mutant } from './mutant.ts';

type Rec = Record<string, unknown>;
type Input = { result: Rec; options?: Rec };

export const egressMutants: readonly Mutant[] = [
  {
    name: 'wire-from-raw-result',
    breaks: 'TR-EGRESS-2',
    description: "builds the wire message from the tool's result as given (its content coerced), not from the bounded result",
    override: (ref) => ({
      wire: (input: Input, ctx) => {
        const bounded = ref.wire!(input, ctx).message as Rec;
        const raw = input.result.content;
        return { message: { ...bounded, content: typeof raw === 'string' ? (ref.coerce!({ value: raw }, ctx).text as string) : bounded.content } };
      },
    }),
  },
  {
    name: 'wire-with-meta',
    breaks: 'TR-EGRESS-3',
    description: 'adds an empty MCP _meta member to the wire message',
    override: (ref) => ({ wire: (input: Input, ctx) => ({ message: { ...(ref.wire!(input, ctx).message as Rec), _meta: {} } }) }),
  },
  {
    name: 'structured-appended-to-content',
    breaks: 'TR-EGRESS-4',
    description: 'appends the structured value as JSON to the wire content "so the model can see the data"',
    override: (ref) => ({
      wire: (input: Input, ctx) => {
        const m = ref.wire!(input, ctx).message as Rec;
        const r = ref.bound!(input, ctx).result as Rec;
        return Object.hasOwn(r, 'structured') ? { message: { ...m, content: `${m.content as string}\n${JSON.stringify(r.structured)}` } } : { message: m };
      },
    }),
  },
  {
    name: 'wire-carries-structured-content',
    breaks: 'TR-SINK-1',
    description: 'puts the structured value on the provider message as structuredContent, the way an MCP server answers',
    override: (ref) => ({
      wire: (input: Input, ctx) => {
        const m = ref.wire!(input, ctx).message as Rec;
        const r = ref.bound!(input, ctx).result as Rec;
        return { message: Object.hasOwn(r, 'structured') ? { ...m, structuredContent: r.structured } : m };
      },
    }),
  },
];
