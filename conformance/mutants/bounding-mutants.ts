// More mutants of the bounder (spec/03-bounding.md): a recursive walk, −0 written as "-0", a key
// collision read as "last one wins", a lenient artifact check, a warning forgotten, the input's
// warnings ignored, an empty list left out, a collision found before the members were counted.
import { coerceString, measureJson } from '../../reference-impl/internal.ts';
import { decodeTagged } from '../../reference-adapter/decode-tagged.ts';
import type { OpHandler } from '../../reference-adapter/ops/types.ts';
import { codes, mapBound, type Rec, withCodes } from './bound-record.ts';
import type { Handlers, Mutant } from './mutant.ts';

type Input = { result: Rec; options?: Rec };
type MeasureInput = { value: unknown; budget: number };

const isObject = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `bound` given a changed input, as a port that reads its input that way would be. */
function mapInput(ref: Handlers, f: (input: Input) => Input): Record<string, OpHandler> {
  const bound: OpHandler = (input: Input, ctx) => ref.bound!(f(input), ctx);
  return { bound, wire: (input: Input, ctx) => ref.wire!(f(input), ctx) };
}

/** The nesting depth, found by recursion on the call stack: what TR-BOUND-0 forbids. */
function depthOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  let d = 0;
  for (const k of Object.keys(v)) d = Math.max(d, depthOf((v as Rec)[k]));
  return d + 1;
}

/** The number of −0 leaves in a value. */
function negativeZeros(v: unknown): number {
  if (Object.is(v, -0)) return 1;
  if (v === null || typeof v !== 'object') return 0;
  let n = 0;
  for (const x of Object.values(v)) n += negativeZeros(x);
  return n;
}

/** True when two keys of the object are equal after coercion. */
function keysCollide(v: unknown): boolean {
  if (!isObject(v)) return false;
  const keys = Object.keys(v).map(coerceString);
  return new Set(keys).size !== keys.length;
}

export const boundingMutants: readonly Mutant[] = [
  {
    name: 'recursive-depth-check',
    breaks: 'TR-BOUND-0',
    description: 'finds the nesting depth of the result by recursion before it bounds: deep input overflows the stack, a throwing getter throws',
    override: (ref) => ({
      bound: (input: Input, ctx) => {
        depthOf(decodeTagged(input.result));
        return ref.bound!(input, ctx);
      },
    }),
  },
  {
    name: 'negative-zero-counted-as-written',
    breaks: 'TR-BOUND-5',
    description: 'measures −0 as "-0", two octets, as Go\'s strconv.FormatFloat writes it',
    override: (ref) => ({
      measure: (input: MeasureInput, ctx) => {
        const m = ref.measure!(input, ctx);
        if (m.verdict !== 'ok') return m;
        const octets = (m.octets as number) + negativeZeros(decodeTagged(input.value));
        return octets > input.budget ? { verdict: 'over_budget' } : { verdict: 'ok', octets };
      },
    }),
  },
  {
    name: 'colliding-keys-last-wins',
    breaks: 'TR-BOUND-7',
    description: 'coerces the keys into a map, so of two keys equal after coercion the last one wins instead of the object being unencodable',
    override: (ref) => ({
      measure: (input: MeasureInput, ctx) => {
        const m = ref.measure!(input, ctx);
        const v = decodeTagged(input.value);
        if (m.verdict !== 'unencodable' || !keysCollide(v)) return m;
        const merged = Object.fromEntries(Object.entries(v as Rec).map(([k, x]) => [coerceString(k), x]));
        const again = measureJson(merged, input.budget, false);
        return again.verdict === 'ok' ? { verdict: 'ok', octets: again.octets } : { verdict: again.verdict };
      },
    }),
  },
  {
    name: 'artifact-extra-members-stripped',
    breaks: 'TR-BOUND-9',
    description: 'keeps only type, label and data of each artifact instead of judging an artifact with other members invalid',
    override: (ref) =>
      mapInput(ref, (input) => {
        const a = input.result.artifacts;
        if (!Array.isArray(a)) return input;
        const strip = (x: unknown) => (isObject(x) ? Object.fromEntries(Object.entries(x).filter(([k]) => k === 'type' || k === 'label' || k === 'data')) : x);
        return { ...input, result: { ...input.result, artifacts: a.map(strip) } };
      }),
  },
  {
    name: 'structured-dropped-silently',
    breaks: 'TR-BOUND-11',
    description: 'leaves out a structured value that failed its budget or encoding, but adds no structured.* warning',
    override: (ref) =>
      mapBound(ref, (r) =>
        withCodes(
          r,
          codes(r).filter((c) => !c.startsWith('structured.')),
        ),
      ),
  },
  {
    name: 'empty-list-dropped-on-error',
    breaks: 'TR-BOUND-12',
    description: 'an error result given an empty artifact list still gets artifacts.dropped_on_error',
    override: (ref) =>
      mapBound(ref, (r, input) => {
        const a = input.result.artifacts;
        return r.isError === true && Array.isArray(a) && a.length === 0 ? withCodes(r, [...codes(r), 'artifacts.dropped_on_error']) : r;
      }),
  },
  {
    name: 'input-warnings-ignored',
    breaks: 'TR-BOUND-14',
    description: 'starts every bounding with no warnings, so bounding a bounded result loses the warnings the first pass gave it',
    override: (ref) =>
      mapInput(ref, (input) => {
        const result = Object.fromEntries(Object.entries(input.result).filter(([k]) => k !== 'warnings'));
        return { ...input, result };
      }),
  },
  {
    name: 'empty-warnings-left-out',
    breaks: 'TR-BOUND-15',
    description: 'writes no warnings member when there are none ("omitempty")',
    override: (ref) =>
      mapBound(ref, (r) => ((r.warnings as unknown[]).length === 0 ? Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'warnings')) : r)),
  },
  {
    name: 'collision-before-members-counted',
    breaks: 'TR-BOUND-18',
    description: "checks an object's keys for collisions before it charges its members, so a colliding object over budget is called unencodable",
    override: (ref) => ({
      measure: (input: MeasureInput, ctx) => {
        const m = ref.measure!(input, ctx);
        return m.verdict === 'over_budget' && keysCollide(decodeTagged(input.value)) ? { verdict: 'unencodable' } : m;
      },
    }),
  },
];
