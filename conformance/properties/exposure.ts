// Exposure properties (spec/12-exposure.md): canaries outside an allowlist never reach the wire, the
// exposed JSON is byte-exact as the kit's own RFC 8785 writer gives it, the wire stays within the
// content budget under every policy, `none` is today's bytes, and every sink sees one content.
import fc from 'fast-check';
import type { HelloOutput } from '../protocol/messages.ts';
import { boundInput, canary, plainJson, plainKey, wideText } from './arbitraries.ts';
import { Mismatch, defineProperty } from './define.ts';
import { restoreOrExplain } from './restore-explained.ts';
import { SEPARATOR, escapeToken, expectedExposure, jcs, type Policy } from './exposure-oracle.ts';
import { budgets, octets, warningCodes } from './inspect.ts';
import { firstDifference } from '../core/compare.ts';
import { reference } from './reference.ts';
import type { KitCase } from '../core/case.ts';

type Rec = Record<string, unknown>;

// ------------------------------------------------------------------ generated structured values

/**
 * A plain JSON tree in which every string leaf and every member name holds a token of its own,
 * `<canary>.<n>.`, so the wire can be searched for each one. Names keep their generated text after
 * the token ('/', '~' and the empty string included), which the pointers then have to escape.
 */
function tokenize(tree: unknown, c: string): unknown {
  let n = 0;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return `${c}.${n++}.${v}`;
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      const out: Rec = {};
      for (const [k, x] of Object.entries(v))
        Object.defineProperty(out, `${c}.${n++}.${k}`, { value: walk(x), enumerable: true, writable: true, configurable: true });
      return out;
    }
    return v;
  };
  return walk(tree);
}

/** A pointer to a node of `root`, walking by `choices`; some are bent to select nothing. */
function pointerInto(root: unknown, choices: number[], bend: number): string {
  const tokens: string[] = [];
  let at = root;
  for (const k of choices) {
    if (Array.isArray(at) && at.length > 0) {
      tokens.push(String(k % at.length));
      at = at[k % at.length];
    } else if (at !== null && typeof at === 'object' && Object.keys(at).length > 0) {
      const keys = Object.keys(at);
      tokens.push(keys[k % keys.length]!);
      at = (at as Rec)[keys[k % keys.length]!];
    } else break;
  }
  // Bent pointers: a missing member, an index with a leading zero, '-', one past the end.
  if (bend === 1) tokens.push('no such member');
  if (bend === 2 && Array.isArray(at)) tokens.push(`0${at.length}`);
  if (bend === 3) tokens.push('-');
  if (bend === 4 && Array.isArray(at)) tokens.push(String(at.length));
  return tokens.map((t) => `/${escapeToken(t)}`).join('');
}

interface Planted {
  canary: string;
  structured: unknown;
  content: string;
  policy: Policy;
  contentBudget: number;
}

const policyOver = (structured: unknown) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant<Policy>({ policy: 'json' }) },
    {
      weight: 3,
      arbitrary: fc
        .array(fc.tuple(fc.array(fc.nat(), { maxLength: 6 }), fc.constantFrom(0, 0, 0, 1, 2, 3, 4)), { maxLength: 5 })
        .map((ps) => ({ policy: 'allowlist' as const, pointers: [...new Set(ps.map(([ch, bend]) => pointerInto(structured, ch, bend)))] })),
    },
  );

/** A number's shortest JSON text: ECMAScript's, or its exponent form when that is shorter (1e-6, 1e21). */
function shortestNumber(n: number): string {
  const plain = String(n);
  const exp = n.toExponential().replace('e+', 'e');
  return exp.length < plain.length ? exp : plain;
}

/** A JSON text of `v` that can be shorter than its RFC 8785 serialization: numbers as short as they go. */
function shortJson(v: unknown): string {
  if (typeof v === 'number') return shortestNumber(v);
  if (Array.isArray(v)) return `[${v.map(shortJson).join(',')}]`;
  if (v !== null && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${shortJson(x)}`)
      .join(',')}}`;
  return JSON.stringify(v);
}

/** D(v) of spec §3.4: 0 for a leaf, 1 + the deepest member for a container. */
function depthOf(v: unknown): number {
  if (v === null || typeof v !== 'object') return 0;
  const items = Object.values(v as object);
  return 1 + (items.length === 0 ? 0 : Math.max(...items.map(depthOf)));
}

/** `v` inside `depth` one-member objects. */
function nested(depth: number, v: unknown): unknown {
  let out = v;
  for (let i = 0; i < depth; i++) out = { k: out };
  return out;
}

/** Numbers whose RFC 8785 text is longer than their shortest JSON text (0.000001 for 1e-6), all within ±(2^53 − 1). */
const LONG_NUMBERS = fc.array(fc.constantFrom(1e-6, 2.5e-6, 1e-5, 4e-4, 1e15, 2e14, 5e13), { minLength: 20, maxLength: 60 });

export function planted(): fc.Arbitrary<Planted> {
  return fc
    .tuple(
      canary(),
      plainJson(4),
      wideText(30),
      fc.integer({ min: 256, max: 2000 }),
      fc.constantFrom('text', 'text', 'empty', 'json', 'pre-exposed', 'edge', 'short-json', 'deep-json'),
      fc.integer({ min: -2, max: 2 }),
      LONG_NUMBERS,
    )
    .chain(([c, tree, text, contentBudget, contentKind, delta, numbers]) => {
      // Short JSON: the value also holds numbers whose serialization is longer than their text, so
      // content that mirrors it can be within a budget that J is over (TR-EXPOSE-7 before -8).
      // Deep JSON: a value at the bounder's depth limit, exposed whole by the pointer "", is an
      // object one level deeper; content that mirrors it still carries it (TR-EXPOSE-7).
      const structured =
        contentKind === 'short-json'
          ? { numbers, tree: tokenize(tree, c) }
          : contentKind === 'deep-json'
            ? nested(64 - depthOf(tree), tokenize(tree, c))
            : tokenize(tree, c);
      const policies = contentKind === 'deep-json' ? fc.constant<Policy>({ policy: 'allowlist', pointers: [''] }) : policyOver(structured);
      return policies.map((policy) => {
        // Content that already carries the JSON in each way TR-EXPOSE-7 names, now and then; and
        // content within two octets of the budget's edge once the JSON is appended.
        let content =
          contentKind === 'empty'
            ? ''
            : contentKind === 'json'
              ? JSON.stringify(structured, null, 1)
              : contentKind === 'pre-exposed'
                ? `${text}${SEPARATOR}${jcs(structured)}`
                : text;
        if (contentKind === 'deep-json') {
          const { exposed } = expectedExposure({ content: '', warnings: [], structured }, policy, Number.MAX_SAFE_INTEGER);
          // The JSON text after a space: not J itself, and within the budget, so the bounder keeps it whole.
          if (exposed !== undefined) {
            content = ` ${jcs(exposed)}`;
            return { canary: c, structured, content, policy, contentBudget: Math.max(contentBudget, octets(content)) };
          }
        }
        if (contentKind === 'short-json') {
          const { exposed } = expectedExposure({ content: '', warnings: [], structured }, policy, Number.MAX_SAFE_INTEGER);
          if (exposed !== undefined) {
            content = shortJson(exposed);
            // A budget between the short text and J, when there is room: J alone is over it.
            const lo = Math.max(256, octets(content));
            const hi = octets(jcs(exposed)) - 1;
            if (hi >= lo) return { canary: c, structured, content, policy, contentBudget: lo + (contentBudget % (hi - lo + 1)) };
          }
        }
        if (contentKind === 'edge') {
          const { exposed } = expectedExposure({ content: '', warnings: [], structured }, policy, Number.MAX_SAFE_INTEGER);
          const room = contentBudget - octets(SEPARATOR) - (exposed === undefined ? 0 : octets(jcs(exposed))) + delta;
          content = `${text}${'x'.repeat(Math.max(1, room - octets(text)))}`;
        }
        return { canary: c, structured, content, policy, contentBudget };
      });
    });
}

const request = (p: Planted): Rec => ({
  result: { content: p.content, isError: false, structured: p.structured },
  options: { contentBudget: p.contentBudget },
  exposure: p.policy,
});

/** The tokens (`<canary>.<n>.`) inside a value: leaves and member names. */
function tokensIn(v: unknown, c: string, into: Set<string>): Set<string> {
  const re = new RegExp(`${c}\\.[0-9]+\\.`, 'g');
  for (const m of jcs(v).matchAll(re)) into.add(m[0]);
  return into;
}

// ------------------------------------------------------------------ properties

export const allowlistKeepsCanariesOffTheWire = defineProperty({
  name: 'allowlist-keeps-canaries-off-the-wire',
  description: 'no member name or leaf outside what the allowlist selects reaches the wire; what it selects does',
  requirements: ['TR-EXPOSE-4', 'TR-EXPOSE-10', 'TR-EXPOSE-5'],
  groups: ['exposure', 'egress'],
  numRuns: 60,
  // Content that mirrors the whole value holds every token; those runs prove nothing here.
  arbitrary: () => planted().filter((p) => p.policy.policy === 'allowlist' && !p.content.includes(p.canary)),
  async check(p, ask) {
    const wire = (await ask.ok('wire', request(p))).output.message as Rec;
    const got = String(wire?.content);
    const want = expectedExposure({ content: p.content, warnings: [], structured: p.structured }, p.policy, p.contentBudget);
    // Allowed: the tokens of the selected values, and of the names the pointers walk through
    // (the pointers name the members of the exposed object).
    const allowed = tokensIn(want.exposed ?? null, p.canary, new Set());
    if (p.policy.policy === 'allowlist') for (const ptr of p.policy.pointers) tokensIn(ptr, p.canary, allowed);
    for (const t of tokensIn(got, p.canary, new Set())) {
      if (!allowed.has(t) && !p.content.includes(t)) {
        const at = got.indexOf(t);
        throw new Mismatch(
          `a member outside the allowlist reached the wire (${t})`,
          { selected: want.exposed ?? null },
          `…${got.slice(Math.max(0, at - 80), at + 60)}…`,
        );
      }
    }
    if (want.content !== p.content) {
      for (const t of tokensIn(want.exposed, p.canary, new Set())) {
        if (!got.includes(t)) throw new Mismatch(`a selected value is missing from the wire (${t})`, want.content, got);
      }
    }
  },
});

export const exposedBytesExact = defineProperty({
  name: 'exposed-bytes-exact',
  description:
    'the wire is content, one empty line and the RFC 8785 JSON of what the policy selects, byte for byte, or content alone, and the warnings say which',
  requirements: ['TR-EXPOSE-6', 'TR-EXPOSE-7', 'TR-EXPOSE-8', 'TR-EXPOSE-9', 'TR-EXPOSE-4', 'TR-EXPOSE-5'],
  groups: ['exposure', 'egress'],
  numRuns: 100,
  arbitrary: () => planted(),
  async check(p, ask) {
    const input = request(p);
    const bounded = (await ask.ok('bound', { result: input.result, options: input.options })).output.result as Rec;
    const want = expectedExposure(bounded, p.policy, p.contentBudget);
    const wire = (await ask.ok('wire', input)).output.message as Rec;
    if (wire?.content !== want.content) throw new Mismatch(`the ${p.policy.policy} exposure is not the pinned bytes`, want.content, wire?.content);
    const exposed = (await ask.ok('bound', input)).output.result as Rec;
    const codes = warningCodes(exposed);
    if (firstDifference(want.codes, codes) !== undefined) throw new Mismatch('the warnings do not record the exposure decision', want.codes, codes);
    const rest = (r: Rec) => ({ isError: r.isError, structured: r.structured, artifacts: r.artifacts });
    if (firstDifference(rest(bounded), rest(exposed)) !== undefined)
      throw new Mismatch('exposure changed isError, structured or the artifacts', rest(bounded), rest(exposed));
  },
});

/** Any policy, valid, over any generated input (hostile values included). */
const anyPolicy = fc.oneof(
  fc.constant<Policy>({ policy: 'none' }),
  fc.constant<Policy>({ policy: 'json' }),
  fc
    .uniqueArray(
      fc.array(plainKey(), { maxLength: 3 }).map((ts) => ts.map((t) => `/${escapeToken(t)}`).join('')),
      { maxLength: 4 },
    )
    .map((pointers) => ({ policy: 'allowlist' as const, pointers })),
  fc.constantFrom<Policy>({ policy: 'allowlist', pointers: [''] }, { policy: 'allowlist', pointers: ['/0', '/data'] }),
);

export const wireWithinContentBudget = defineProperty({
  name: 'wire-within-content-budget',
  description: 'under every policy and budget, the wire content is within the content budget, and starts with the bounded content',
  requirements: ['TR-EXPOSE-8', 'TR-EXPOSE-6'],
  groups: ['exposure', 'egress'],
  numRuns: 60,
  arbitrary: (caps) => fc.tuple(boundInput(caps), anyPolicy),
  async check([input, policy], ask) {
    const { contentBudget } = budgets(input.options);
    const wire = (await ask.ok('wire', { ...input, exposure: policy })).output.message as Rec;
    const content = String(wire?.content);
    if (octets(content) > contentBudget)
      throw new Mismatch(`the wire content is ${octets(content)} octets, over the content budget`, `<= ${contentBudget}`, octets(content));
    const bounded = (await ask.ok('bound', input)).output.result as Rec;
    const before = bounded.content as string;
    if (content !== before && !content.startsWith(before === '' ? '' : before + SEPARATOR)) {
      throw new Mismatch('exposure changed the bounded content instead of appending to it', { prefix: before }, content);
    }
  },
});

/** The ops of the claimed groups that take `{result, options?}`, with their extra input. */
function resultOps(hello: HelloOutput): [string, Rec][] {
  const g = new Set<string>(hello.groups);
  const ops: [string, Rec][] = [['bound', {}]];
  if (g.has('egress')) ops.push(['wire', {}]);
  if (g.has('sinks')) ops.push(['audit', { levels: ['metadata'] }], ['audit', { levels: ['redacted'] }], ['live', {}], ['suspend', {}]);
  if (g.has('ledger')) ops.push(['persist', {}]);
  if (g.has('hooks')) ops.push(['hooks', { hooks: [{ name: 'append-text', text: '!' }, { name: 'drop-structured' }] }]);
  return ops;
}

export const noneIsTodaysBytes = defineProperty({
  name: 'none-is-todays-bytes',
  description: 'the policy none, and a null policy, give every op exactly the output of a request without a policy',
  requirements: ['TR-EXPOSE-1', 'TR-EXPOSE-2'],
  groups: ['exposure'],
  numRuns: 20,
  arbitrary: (caps) => boundInput(caps),
  async check(input, ask, hello) {
    for (const [op, extra] of resultOps(hello)) {
      const plain = await ask.any(op, { ...input, ...extra });
      for (const exposure of [{ policy: 'none' }, null]) {
        const got = await ask.any(op, { ...input, ...extra, exposure });
        const a = plain.ok ? plain.output : { error: plain.code };
        const b = got.ok ? got.output : { error: got.code };
        const d = firstDifference(a, b);
        if (d !== undefined) throw new Mismatch(`${op} with exposure ${JSON.stringify(exposure)} differs from ${op} without a policy at ${d}`, a, b);
      }
    }
  },
});

export const oneContentEverywhere = defineProperty({
  name: 'one-content-everywhere',
  description:
    'the wire, the suspend state, the live event, the full record and the restored ledger entry all carry the exposed content, the hooks op exposes after its hooks, and exposing again changes nothing',
  requirements: ['TR-EXPOSE-3', 'TR-EXPOSE-7'],
  groups: ['exposure'],
  numRuns: 25,
  arbitrary: () => planted(),
  async check(p, ask, hello) {
    const g = new Set<string>(hello.groups);
    const input = request(p);
    const exposed = (await ask.ok('bound', input)).output.result as Rec;
    const seen: [string, unknown][] = [];
    if (g.has('egress')) seen.push(['the wire', ((await ask.ok('wire', input)).output.message as Rec)?.content]);
    if (g.has('sinks')) {
      seen.push(['the suspend state', ((await ask.ok('suspend', input)).output.state as Rec)?.content]);
      seen.push(['the live event', (((await ask.ok('live', input)).output.event as Rec)?.result as Rec)?.content]);
      seen.push(['the full record', (((await ask.ok('audit', { ...input, levels: ['full'] })).output.record as Rec)?.result as Rec)?.content]);
    }
    if (g.has('ledger')) {
      const entry = (await ask.ok('persist', input)).output.entry;
      const back = await restoreOrExplain(ask, entry);
      const d = firstDifference(exposed, back);
      if (d !== undefined) throw new Mismatch(`the restored entry differs from the exposed result at ${d}`, exposed, back);
    }
    if (g.has('hooks')) {
      // After the hooks, not before: the JSON follows the hook's text, and a dropped value is not shown.
      const hooks = [{ name: 'append-text', text: '!' }];
      const hooked = (await ask.ok('hooks', { result: input.result, options: input.options, hooks })).output.result as Rec;
      const want = expectedExposure(hooked, p.policy, p.contentBudget);
      const got = (await ask.ok('hooks', { ...input, hooks })).output.result as Rec;
      if (got.content !== want.content || firstDifference(want.codes, warningCodes(got)) !== undefined) {
        throw new Mismatch(
          'the hooks op did not expose the result the hooks returned',
          { content: want.content, warnings: want.codes },
          { content: got.content, warnings: warningCodes(got) },
        );
      }
    }
    for (const [where, content] of seen) {
      if (content !== exposed.content) throw new Mismatch(`${where} does not carry the exposed content`, exposed.content, content);
    }
    // Exposing the exposed result again, with the same policy and budgets, gives it back unchanged.
    const again: Rec = { content: exposed.content, isError: exposed.isError, artifacts: exposed.artifacts, warnings: warningCodes(exposed) };
    if (Object.hasOwn(exposed, 'structured')) again.structured = exposed.structured;
    const twice = (await ask.ok('bound', { ...input, result: again })).output.result as Rec;
    const d = firstDifference(exposed, twice);
    if (d !== undefined) throw new Mismatch(`exposing twice differs from exposing once at ${d}`, exposed, twice);
  },
});

export const exposureMatchesReference = defineProperty({
  name: 'exposure-matches-reference',
  description: 'bound with any policy, over any generated input (hostile strings and values included), answers what the reference answers',
  requirements: ['TR-CONF-5', 'TR-EXPOSE-6', 'TR-EXPOSE-9'],
  groups: ['exposure'],
  numRuns: 60,
  arbitrary: (caps) =>
    fc.tuple(boundInput(caps), anyPolicy, fc.constantFrom('keep', 'json-text', 'pre-exposed')).map(([input, exposure, how]) => {
      // Now and then content that already carries the reference's JSON, so the duplicate rule is compared too.
      const want = reference('bound', { ...input, exposure: { policy: 'json' } });
      const structured = want.ok ? (want.output.result as Rec).structured : undefined;
      if (how === 'keep' || structured === undefined) return { ...input, exposure };
      const content = how === 'json-text' ? JSON.stringify(structured, null, 2) : `x${SEPARATOR}${jcs(structured)}`;
      return { ...input, result: { ...input.result, content }, exposure: { policy: 'json' } };
    }),
  async check(input, ask) {
    const want = reference('bound', input);
    const got = await ask.any('bound', input);
    const w = want.ok ? want.output : { error: want.code };
    const g = got.ok ? got.output : { error: got.code };
    const d = firstDifference(w, g);
    if (d !== undefined) throw new Mismatch(`bound with exposure ${JSON.stringify(input.exposure)} differs from the reference at ${d}`, w, g);
  },
});

export const exposureProperties: readonly KitCase[] = [
  allowlistKeepsCanariesOffTheWire,
  exposedBytesExact,
  wireWithinContentBudget,
  noneIsTodaysBytes,
  oneContentEverywhere,
  exposureMatchesReference,
];
