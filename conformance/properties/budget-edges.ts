// Budgets decided by escaping (spec/03-bounding.md §3.4): JSON encoders disagree on `/`, non-ASCII,
// U+2028/U+2029, U+007F, `<>&` and control characters, and a bounder that measures with its
// language's default encoder is wrong by a few octets only. So the budget is set to the measure − 1,
// the measure and the measure + 1 of a value rich in those characters, and every op that bounds
// must keep the value at the measure and above, drop (or replace) it below, exactly as the reference.
import fc from 'fast-check';
import type { HelloOutput } from '../protocol/messages.ts';
import { Mismatch, defineProperty } from './define.ts';
import { jcsLength, marker, warningCodes } from './inspect.ts';
import { reference } from './reference.ts';
import { firstDifference } from '../core/compare.ts';

type Rec = Record<string, unknown>;

/** Characters whose escaping differs between encoders, and a few that never need one. */
const touchy = fc.constantFrom(
  '/',
  'é',
  '€',
  '😀',
  '\u2028',
  '\u2029',
  '\u007f',
  '\u0000',
  '\u0001',
  '\u001f',
  '\b',
  '\t',
  '\n',
  '\f',
  '\r',
  '"',
  '\\',
  '<',
  '>',
  '&',
  "'",
  '\u0085',
  '\u00a0',
  '\ufeff',
  'a',
);
const touchyText = (min: number, max: number) => fc.array(touchy, { minLength: min, maxLength: max }).map((a) => a.join(''));

/** A value of at least 256 octets (the budget floor) made mostly of touchy characters. */
const edgeValue = fc.tuple(touchyText(1, 24), fc.array(touchyText(0, 12), { maxLength: 4 }), fc.integer({ min: 0, max: 40 })).map(([key, items, extra]) => {
  const core = { [key]: items, s: '' };
  // Pad with touchy characters until the value measures at least 257 octets: the budget floor is 256.
  let pad = '';
  while (jcsLength({ ...core, s: pad }) < 257 + extra) pad += '/\u2028é"<\u0001';
  return { ...core, s: pad };
});

/** The ops that bound a structured value, for the groups claimed: [op, input for a budget]. */
function structuredOps(hello: HelloOutput, value: unknown): [string, (b: number) => Rec][] {
  const g = new Set<string>(hello.groups);
  const ops: [string, (b: number) => Rec][] = [
    ['measure', (b) => ({ value, budget: b })],
    ['bound', (b) => ({ result: { content: 'c', isError: false, structured: value }, options: { structuredBudget: b } })],
  ];
  if (g.has('hooks'))
    ops.push([
      'hooks',
      (b) => ({ result: { content: 'c', isError: false, structured: value }, options: { structuredBudget: b }, hooks: [{ name: 'append-text', text: '/' }] }),
    ]);
  if (g.has('normalize-mcp'))
    ops.push([
      'normalize',
      (b) => ({ source: 'mcp', value: { content: [{ type: 'text', text: 't' }], structuredContent: value }, options: { structuredBudget: b } }),
    ]);
  if (g.has('normalize-local')) ops.push(['normalize', (b) => ({ source: 'local', value, options: { structuredBudget: b, contentBudget: 1_073_741_824 } })]);
  if (g.has('normalize-langchain'))
    ops.push(['normalize', (b) => ({ source: 'langchain', value: { content: 't', artifact: value }, options: { structuredBudget: b } })]);
  return ops;
}

async function same(ask: Parameters<Parameters<typeof defineProperty>[0]['check']>[1], op: string, input: Rec, why: string): Promise<Rec> {
  const want = reference(op, input);
  const got = await ask.any(op, input);
  const w = want.ok ? { output: want.output } : { error: want.code };
  const o = got.ok ? { output: got.output } : { error: got.code };
  const d = firstDifference(w, o);
  if (d !== undefined) throw new Mismatch(`${op} ${why}: differs at ${d}`, w, o);
  return got.ok ? got.output : {};
}

export const structuredBudgetEdges = defineProperty({
  name: 'structured-budget-edge-by-escaping',
  description:
    'a structured value rich in characters whose escaping differs between encoders is kept at a budget of its measure and above and dropped below, by every op that bounds',
  requirements: ['TR-BOUND-8', 'TR-BOUND-11', 'TR-NORM-18', 'TR-HOOK-4'],
  groups: ['bound'],
  numRuns: 40,
  arbitrary: () => edgeValue,
  async check(value, ask, hello) {
    const n = jcsLength(value);
    for (const b of [n - 1, n, n + 1]) {
      for (const [op, input] of structuredOps(hello, value)) {
        const out = await same(ask, op, input(b), `with a budget of ${b} for a value of ${n} octets`);
        if (op === 'measure') {
          const want = b >= n ? { verdict: 'ok', octets: n } : { verdict: 'over_budget' };
          if (firstDifference(want, out) !== undefined) throw new Mismatch(`measure with budget ${b} of a value of ${n} octets`, want, out);
        }
      }
    }
  },
});

export const artifactBudgetEdges = defineProperty({
  name: 'artifacts-budget-edge-by-escaping',
  description:
    'an artifact list rich in characters whose escaping differs between encoders is kept at a budget of its measure and above and replaced by the marker below',
  requirements: ['TR-BOUND-10', 'TR-BOUND-8'],
  groups: ['bound'],
  numRuns: 40,
  arbitrary: () =>
    edgeValue.map((v) => [
      { type: 'table', label: Object.keys(v)[0]!, data: { columns: ['c'], rows: [[v.s]] } },
      { type: 'text', label: '/', data: { text: Object.keys(v)[0]! } },
    ]),
  async check(artifacts, ask) {
    const n = jcsLength(artifacts);
    for (const b of [n - 1, n, n + 1]) {
      const out = (
        await same(
          ask,
          'bound',
          { result: { content: 'c', isError: false, artifacts }, options: { artifactsBudget: b } },
          `with an artifacts budget of ${b} for a list of ${n} octets`,
        )
      ).result as Rec;
      const kept = b >= n;
      if (kept ? firstDifference(artifacts, out.artifacts) !== undefined : firstDifference(marker('over_budget', b), out.artifacts) !== undefined) {
        throw new Mismatch(`artifacts budget ${b}, list of ${n} octets`, kept ? artifacts : marker('over_budget', b), {
          artifacts: out.artifacts,
          warnings: warningCodes(out),
        });
      }
    }
  },
});

export const budgetEdgeProperties = [structuredBudgetEdges, artifactBudgetEdges];
