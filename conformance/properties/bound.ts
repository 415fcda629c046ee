// Properties of the bounder (spec/03-bounding.md, spec/02-data-model.md): well-formed output,
// budgets, fail-closed markers, error results, warnings, determinism, schema validity.
import fc from 'fast-check';
import { firstDifference } from '../core/compare.ts';
import { loadSchemas } from '../../codegen/schema-validator.ts';
import { boundInput, contentString, jsonLeaf, plainJson, plainKey, taggedString, unencodableLeaf, artifact, type ResultInput } from './arbitraries.ts';
import { Mismatch, defineProperty } from './define.ts';
import { budgets, codePoints, illFormedAt, jcsLength, marker, notice, octets, warningCodes } from './inspect.ts';
import { referenceOutput } from './reference.ts';

type Rec = Record<string, unknown>;
const B = ['bound'];

function same(what: string, want: unknown, got: unknown): void {
  const d = firstDifference(want, got);
  if (d !== undefined) throw new Mismatch(`${what} differs at ${d}`, want, got);
}

/** Every op of a claimed group that takes `{result, options?}`, with its extra input. */
function resultOps(groups: readonly string[]): [string, Rec][] {
  const g = new Set(groups);
  const ops: [string, Rec][] = [['bound', {}]];
  if (g.has('egress')) ops.push(['wire', {}]);
  if (g.has('sinks')) ops.push(['audit', { levels: ['redacted'] }], ['audit', { levels: ['full'] }], ['live', {}], ['suspend', {}]);
  if (g.has('ledger')) ops.push(['persist', {}]);
  if (g.has('hooks')) ops.push(['hooks', { hooks: [{ name: 'truncate-text', octets: 5 }] }]);
  return ops;
}

export const wellFormed = defineProperty({
  name: 'strings-well-formed',
  description: 'every string of every output (bounded result, wire message, records, events, entries, coerce) is well-formed',
  requirements: ['TR-BOUND-1'],
  groups: B,
  arbitrary: (caps) => fc.tuple(boundInput(caps), taggedString(caps)),
  async check([input, s], ask, hello) {
    for (const [op, extra] of resultOps(hello.groups)) {
      const out = await ask.ok(op, { ...input, ...extra });
      const at = illFormedAt(out.output);
      if (at) throw new Mismatch(`${op} output has an unpaired surrogate at ${at}`, 'well-formed strings', out.output);
    }
    const c = await ask.ok('coerce', { value: s });
    if (illFormedAt(c.output.text)) throw new Mismatch('coerce output has an unpaired surrogate', 'well-formed', c.output.text);
  },
});

export const contentCap = defineProperty({
  name: 'content-cap',
  description: 'content within budget is kept; over it is the longest code-point prefix plus the notice, within budget',
  requirements: ['TR-BOUND-3'],
  groups: B,
  numRuns: 300,
  arbitrary: (caps) => fc.record({ content: contentString(caps), isError: fc.boolean(), budget: fc.integer({ min: 256, max: 1200 }) }),
  async check({ content, isError, budget }, ask) {
    const out = (await ask.ok('bound', { result: { content, isError }, options: { contentBudget: budget } })).output.result as Rec;
    const s = referenceOutput('coerce', { value: content }).text as string;
    const got = out.content as string;
    const truncated = warningCodes(out).includes('content.truncated');
    if (octets(s) <= budget) {
      if (got !== s || truncated)
        throw new Mismatch(`content of ${octets(s)} octets fits budget ${budget} and must be kept unchanged`, { content: s }, { content: got, truncated });
      return;
    }
    const n = notice(budget);
    if (octets(got) > budget)
      throw new Mismatch(`content is ${octets(got)} octets, over contentBudget ${budget}`, `at most ${budget} octets`, { octets: octets(got), content: got });
    if (!got.endsWith(n) || !truncated)
      throw new Mismatch(
        'over-budget content must end with the truncation notice and warn content.truncated',
        { notice: n },
        { tail: got.slice(-60), truncated },
      );
    const p = got.slice(0, got.length - n.length);
    if (!s.startsWith(p))
      throw new Mismatch(
        'truncated content is not a prefix of the coerced content (cut inside a code point?)',
        { prefixOf: s.slice(0, p.length + 4) },
        { prefix: p.slice(-20) },
      );
    const next = codePoints(s.slice(p.length))[0] ?? '';
    if (octets(p) + octets(next) + octets(n) <= budget)
      throw new Mismatch('truncated content is not the longest prefix that fits', { longer: octets(p) + octets(next) }, { kept: octets(p) });
  },
});

export const artifactsWholeOrMarker = defineProperty({
  name: 'artifacts-whole-or-marker',
  description: 'the artifact list is the whole coerced list within budget or exactly the marker, never a part',
  requirements: ['TR-BOUND-10', 'TR-BOUND-9'],
  groups: B,
  numRuns: 300,
  arbitrary: (caps) => boundInput(caps).map((i) => ({ ...i, result: { ...i.result, isError: false } })),
  async check(input, ask) {
    const out = (await ask.ok('bound', input)).output.result as Rec;
    const want = referenceOutput('bound', input).result as Rec;
    const budget = budgets(input.options).artifactsBudget;
    const arts = out.artifacts as unknown[];
    const codes = warningCodes(out).filter((c) => c.startsWith('artifacts.'));
    if (codes.length > 1) throw new Mismatch('more than one artifacts.* warning', 'at most one', codes);
    if (codes.length === 1) {
      const m = marker(codes[0]!.slice('artifacts.'.length), budget);
      same('artifact list with a failure warning is not exactly the marker:', m, arts);
    } else if (!Array.isArray(arts) || jcsLength(arts) > budget) {
      throw new Mismatch(
        `artifact list is ${Array.isArray(arts) ? jcsLength(arts) : '?'} octets, over artifactsBudget ${budget}, without a marker`,
        `at most ${budget}`,
        arts,
      );
    }
    same('artifact list', want.artifacts, arts);
    same(
      'artifacts.* warnings',
      warningCodes(want).filter((c) => c.startsWith('artifacts.')),
      codes,
    );
  },
});

export const structuredWholeOrAbsent = defineProperty({
  name: 'structured-whole-or-absent',
  description: 'structured is the whole coerced value within budget, or absent with a warning',
  requirements: ['TR-BOUND-11', 'TR-MODEL-4'],
  groups: B,
  numRuns: 300,
  arbitrary: (caps) => boundInput(caps),
  async check(input, ask) {
    const out = (await ask.ok('bound', input)).output.result as Rec;
    const want = referenceOutput('bound', input).result as Rec;
    const budget = budgets(input.options).structuredBudget;
    const codes = warningCodes(out).filter((c) => c.startsWith('structured.'));
    const has = Object.hasOwn(out, 'structured');
    if (codes.length > 0 && has) throw new Mismatch(`structured kept despite ${codes.join(', ')}`, 'structured absent', out.structured);
    if (has && jcsLength(out.structured) > budget)
      throw new Mismatch(`structured is ${jcsLength(out.structured)} octets, over structuredBudget ${budget}`, `at most ${budget}`, out.structured);
    const given = Object.hasOwn(input.result, 'structured') && firstDifference({ $tr: 'opaque', kind: 'undefined' }, input.result.structured) !== undefined;
    if (given && !has && codes.length === 0) throw new Mismatch('structured dropped without a warning', 'structured or a structured.* warning', out);
    same('structured', want.structured, out.structured);
    same(
      'structured.* warnings',
      warningCodes(want).filter((c) => c.startsWith('structured.')),
      codes,
    );
  },
});

export const unencodableFailsClosed = defineProperty({
  name: 'unencodable-fails-closed',
  description: 'one unencodable node (NaN, ±Infinity, a big integer, a native object) drops structured and replaces the artifacts',
  requirements: ['TR-BOUND-6', 'TR-BOUND-10', 'TR-BOUND-11'],
  groups: B,
  arbitrary: (caps) =>
    fc.record({
      bad: unencodableLeaf(caps),
      before: fc.array(jsonLeaf(taggedString(caps)), { maxLength: 3 }),
      key: plainKey(),
      inObject: fc.boolean(),
    }),
  async check({ bad, before, key, inObject }, ask) {
    const structured = inObject ? { [key]: [...before, bad] } : [...before, bad];
    const artifacts = [{ type: 'text', label: 'a', data: { text: bad } }];
    const out = (await ask.ok('bound', { result: { content: 'c', isError: false, structured, artifacts } })).output.result as Rec;
    if (Object.hasOwn(out, 'structured') || !warningCodes(out).includes('structured.unencodable')) {
      throw new Mismatch(
        'structured with an unencodable node must be dropped with structured.unencodable',
        { structured: 'absent', warning: 'structured.unencodable' },
        { structured: out.structured, warnings: warningCodes(out) },
      );
    }
    same('artifacts with an unencodable node:', marker('unencodable', 50_000), out.artifacts);
  },
});

export const measureIsJcs = defineProperty({
  name: 'measure-is-jcs-length',
  description: 'the measure of plain JSON is the octet length of its JCS serialization, and the budget is inclusive',
  requirements: ['TR-BOUND-8'],
  groups: B,
  numRuns: 300,
  arbitrary: () => plainJson(4),
  async check(value, ask) {
    const n = jcsLength(value);
    const got = (await ask.ok('measure', { value, budget: 1_000_000 })).output;
    if (got.verdict !== 'ok' || got.octets !== n) throw new Mismatch(`measure of a value whose JCS length is ${n}`, { verdict: 'ok', octets: n }, got);
    const at = (await ask.ok('measure', { value, budget: n })).output;
    if (at.verdict !== 'ok') throw new Mismatch(`a value of exactly the budget (${n}) is ok`, { verdict: 'ok' }, at);
    if (n > 0) {
      const below = (await ask.ok('measure', { value, budget: n - 1 })).output;
      if (below.verdict !== 'over_budget') throw new Mismatch(`a value of ${n} octets is over a budget of ${n - 1}`, { verdict: 'over_budget' }, below);
    }
  },
});

export const depthLimit = defineProperty({
  name: 'depth-limit',
  description: 'a value nested more than 64 containers deep is too_deep, one of 64 is ok, for measure and bound',
  requirements: ['TR-BOUND-8', 'TR-BOUND-11'],
  groups: B,
  arbitrary: () =>
    fc.record({
      depth: fc.integer({ min: 60, max: 70 }),
      kind: fc.constantFrom('array', 'object'),
      key: plainKey(),
      leaf: fc.constantFrom(1, 'x', null, true),
    }),
  async check({ depth, kind, key, leaf }, ask) {
    const value = { $tr: 'nest', depth, kind, key, leaf };
    const want = depth > 64 ? 'too_deep' : 'ok';
    const got = (await ask.ok('measure', { value, budget: 1_000_000 })).output;
    if (got.verdict !== want) throw new Mismatch(`measure of ${depth} nested ${kind}s`, { verdict: want }, got);
    const out = (await ask.ok('bound', { result: { content: '', isError: false, structured: value } })).output.result as Rec;
    if ((want === 'ok') !== Object.hasOwn(out, 'structured') || (want === 'too_deep') !== warningCodes(out).includes('structured.too_deep')) {
      throw new Mismatch(`bound with structured ${depth} levels deep`, want === 'ok' ? 'structured kept' : 'structured dropped with structured.too_deep', {
        structured: Object.hasOwn(out, 'structured') ? 'kept' : 'absent',
        warnings: warningCodes(out),
      });
    }
  },
});

export const verdictOrder = defineProperty({
  name: 'verdict-precedence',
  description: 'over_budget wins over unencodable, unencodable over too_deep',
  requirements: ['TR-BOUND-8'],
  groups: B,
  arbitrary: (caps) => fc.record({ bad: unencodableLeaf(caps), budget: fc.integer({ min: 256, max: 2000 }), depth: fc.integer({ min: 65, max: 90 }) }),
  async check({ bad, budget, depth }, ask) {
    const big = [bad, { $tr: 'repeat', count: budget, text: 'x' }];
    const a = (await ask.ok('measure', { value: big, budget })).output;
    if (a.verdict !== 'over_budget') throw new Mismatch('an over-budget value with an unencodable node', { verdict: 'over_budget' }, a);
    const deep = [bad, { $tr: 'nest', depth, kind: 'array', leaf: 0 }];
    const b = (await ask.ok('measure', { value: deep, budget: 1_000_000 })).output;
    if (b.verdict !== 'unencodable') throw new Mismatch('a too-deep value with an unencodable node', { verdict: 'unencodable' }, b);
  },
});

export const errorDropsArtifacts = defineProperty({
  name: 'error-drops-artifacts',
  description: 'an error result carries no artifacts, warns artifacts.dropped_on_error, and keeps its structured value',
  requirements: ['TR-MODEL-2', 'TR-BOUND-12', 'TR-MODEL-3'],
  groups: B,
  arbitrary: (caps) =>
    fc.record({ artifacts: fc.array(artifact(taggedString(caps)), { minLength: 1, maxLength: 3 }), structured: plainJson(3), content: taggedString(caps) }),
  async check({ artifacts, structured, content }, ask) {
    const out = (await ask.ok('bound', { result: { content, isError: true, structured, artifacts } })).output.result as Rec;
    if (!Array.isArray(out.artifacts) || out.artifacts.length !== 0)
      throw new Mismatch('an error result carries artifacts', { artifacts: [] }, { artifacts: out.artifacts });
    if (!warningCodes(out).includes('artifacts.dropped_on_error'))
      throw new Mismatch('dropping artifacts of an error result must warn', 'artifacts.dropped_on_error', warningCodes(out));
    const kept = referenceOutput('bound', { result: { content: '', isError: false, structured } }).result as Rec;
    same('structured of an error result', kept.structured, out.structured);
  },
});

export const warningsSorted = defineProperty({
  name: 'warnings-sorted-unique',
  description: 'warnings are sorted by code point, without duplicates, and keep those the input carried',
  requirements: ['TR-MODEL-9', 'TR-BOUND-13'],
  groups: B,
  arbitrary: (caps) =>
    fc
      .tuple(boundInput(caps), fc.subarray(['structured.schema_mismatch', 'hook.failed', 'content.truncated', 'structured.invalid']))
      .map(([i, w]) => ({ ...i, result: { ...i.result, warnings: w } })),
  async check(input, ask) {
    const out = (await ask.ok('bound', input)).output.result as Rec;
    const codes = warningCodes(out);
    const sorted = [...new Set(codes)].sort();
    if (codes.join('|') !== sorted.join('|')) throw new Mismatch('warnings not sorted or duplicated', sorted, codes);
    const missing = (input.result.warnings ?? []).filter((c) => !codes.includes(c));
    if (missing.length > 0) throw new Mismatch('warnings the input carried were lost', input.result.warnings, codes);
  },
});

function asInput(r: Rec): ResultInput {
  const i: ResultInput = { content: r.content, isError: r.isError as boolean, artifacts: r.artifacts, warnings: warningCodes(r) };
  if (Object.hasOwn(r, 'structured')) i.structured = r.structured;
  return i;
}

export const deterministic = defineProperty({
  name: 'deterministic-idempotent',
  description: 'bounding twice gives equal results; bounding a bounded result changes nothing',
  requirements: ['TR-BOUND-14'],
  groups: B,
  arbitrary: (caps) => boundInput(caps),
  async check(input, ask) {
    const a = (await ask.ok('bound', input)).output.result as Rec;
    const b = (await ask.ok('bound', input)).output.result as Rec;
    same('second bounding of the same input', a, b);
    const again = { result: asInput(a), ...(input.options ? { options: input.options } : {}) };
    const c = (await ask.ok('bound', again)).output.result as Rec;
    same('bounding a bounded result', a, c);
  },
});

let toolResultCheck: (((v: unknown) => boolean) & { errors?: unknown }) | undefined;
export const schemaValid = defineProperty({
  name: 'validates-schema',
  description: 'every bounded result validates against tool-result.schema.json',
  // The schema allows a warning no member but its code (TR-MODEL-8).
  requirements: ['TR-BOUND-15', 'TR-MODEL-8'],
  groups: B,
  arbitrary: (caps) => boundInput(caps),
  async check(input, ask) {
    toolResultCheck ??= loadSchemas().getSchema('https://toolresult.dev/schemas/v1/tool-result.schema.json') as never;
    const out = (await ask.ok('bound', input)).output.result;
    if (!toolResultCheck!(out))
      throw new Mismatch('bounded result does not validate against tool-result.schema.json', (toolResultCheck as { errors?: unknown }).errors, out);
  },
});

export const boundProperties = [
  wellFormed,
  contentCap,
  artifactsWholeOrMarker,
  structuredWholeOrAbsent,
  unencodableFailsClosed,
  measureIsJcs,
  depthLimit,
  verdictOrder,
  errorDropsArtifacts,
  warningsSorted,
  deterministic,
  schemaValid,
];
