// The attack classes of the hostile cost profile (issue 29): each is one request an attacker
// controls (a tool's result or a server's output schema), sent through the adapter protocol, with
// the answer a conforming implementation gives and the most it may cost against the floor (the same
// input decoded and nothing else, op `decode`). Sizes: `full` is what the findings were measured
// at; `quick` fits `npm test` and still makes a super-linear implementation blow its limit.
//
// A limit lets a linear implementation in an interpreted language pass: where the work is a loop
// of the language's own per character or token and the floor a native copy, that is up to x1000.
// The full sizes make quadratic work at least 10^9 steps, far beyond any limit (or the timeout).
import type { Reply } from '../core/process.ts';

export type ProfileSize = 'quick' | 'full';
export type StringModel = 'utf16' | 'codepoints' | 'bytes';

export interface AttackClass {
  readonly name: string;
  /** What is sent, in a few words (the size is filled in). */
  describe(n: number): string;
  readonly requirements: readonly string[];
  /** The class's size parameter at each profile size. */
  readonly sizes: Readonly<Record<ProfileSize, number>>;
  /** The most the attack may cost, as a multiple of the floor. */
  readonly ratioLimit: number;
  /** Why a class does not apply to an adapter of this string model, when it does not. */
  notFor?(model: StringModel): string | undefined;
  readonly op: string;
  input(n: number): Record<string, unknown>;
  /** What is wrong with the answer, or undefined when it is the one a conforming implementation gives. */
  check(reply: Reply): string | undefined;
}

const repeat = (text: string, count: number) => ({ $tr: 'repeat', count, text });
const mcp = (structuredContent: unknown) => ({ content: [{ type: 'text', text: 't' }], structuredContent });
/** A budget no attack reaches, so that the value gets to the output-schema check. */
const ROOMY = 1 << 30;

type Json = Record<string, unknown>;
const warningsOf = (r: Json): string[] => ((r.warnings as { code: string }[] | undefined) ?? []).map((w) => w.code);

/** The reply's output, or a reason why there is none. */
function outputOf(reply: Reply): Json | string {
  if (reply.kind === 'ok') return reply.output;
  if (reply.kind === 'error') return `answered error ${reply.code}`;
  return reply.reason;
}

/** Checks a `{result}` output: the warnings it must have and whether structured survives. */
function result(want: { warnings: string[]; structured: boolean; content?: string }) {
  return (reply: Reply): string | undefined => {
    const out = outputOf(reply);
    if (typeof out === 'string') return out;
    const r = out.result as Json | undefined;
    if (r === undefined || typeof r !== 'object') return 'no result in the answer';
    const got = warningsOf(r);
    if (JSON.stringify(got) !== JSON.stringify(want.warnings)) return `warnings ${JSON.stringify(got)}, want ${JSON.stringify(want.warnings)}`;
    if (Object.hasOwn(r, 'structured') !== want.structured) return want.structured ? 'structured was dropped' : 'structured was kept';
    if (want.content !== undefined && r.content !== want.content)
      return `content is not ${JSON.stringify(want.content)} (${String(r.content).length} characters)`;
    return undefined;
  };
}

const MISMATCH = result({ warnings: ['structured.schema_mismatch'], structured: false });
const KEPT = result({ warnings: [], structured: true });

export const CLASSES: readonly AttackClass[] = [
  {
    name: 'long-key',
    describe: (n) => `one key of ${n.toLocaleString('en')} units at a 256-octet budget`,
    requirements: ['TR-BOUND-18'],
    sizes: { quick: 1e7, full: 1e8 },
    ratioLimit: 3,
    op: 'bound',
    input: (n) => ({
      result: { content: 'ok', isError: false, structured: { $tr: 'object', entries: [[repeat('k', n), 1]] } },
      options: { structuredBudget: 256 },
    }),
    check: result({ warnings: ['structured.over_budget'], structured: false }),
  },
  {
    name: 'long-key-lone-surrogate',
    describe: (n) => `one key of ${n.toLocaleString('en')} units, a lone surrogate every 1,000, at a 256-octet budget`,
    requirements: ['TR-BOUND-18', 'TR-BOUND-1'],
    sizes: { quick: 1e7, full: 1e8 },
    ratioLimit: 3,
    notFor: (model) => (model === 'bytes' ? 'a bytes adapter is never sent a lone surrogate (TR-CONF-20); long-key is its case' : undefined),
    op: 'bound',
    input: (n) => ({
      result: { content: 'ok', isError: false, structured: { $tr: 'object', entries: [[repeat(`${'k'.repeat(999)}\ud800`, n / 1000), 1]] } },
      options: { structuredBudget: 256 },
    }),
    check: result({ warnings: ['structured.over_budget'], structured: false }),
  },
  {
    name: 'pattern-exponential',
    describe: (n) => `^(a?){${n}}a{${n}}$ against ${n} "a" (matches)`,
    requirements: ['TR-NORM-65'],
    sizes: { quick: 23, full: 27 },
    ratioLimit: 50,
    op: 'normalize',
    input: (n) => ({ source: 'mcp', value: mcp({ a: repeat('a', n) }), options: { outputSchema: { properties: { a: { pattern: `^(a?){${n}}a{${n}}$` } } } } }),
    check: KEPT,
  },
  {
    name: 'pattern-polynomial',
    describe: (n) => `^a*a*a*a*a*a*a*a*a*b$ against ${n} "a" (no match)`,
    requirements: ['TR-NORM-65'],
    sizes: { quick: 24, full: 38 },
    ratioLimit: 50,
    op: 'normalize',
    input: (n) => ({
      source: 'mcp',
      value: mcp({ a: repeat('a', n) }),
      options: { outputSchema: { properties: { a: { pattern: '^a*a*a*a*a*a*a*a*a*b$' } } } },
    }),
    check: MISMATCH,
  },
  {
    name: 'pattern-long-subject',
    describe: (n) => `^(\\w+\\s?)*!$ against ${n.toLocaleString('en')} word characters (no match)`,
    requirements: ['TR-NORM-65'],
    sizes: { quick: 10_000, full: 40_000 },
    // An automaton walks the subject once per active state: in a language without a native engine
    // that is a loop of its own per character, against a floor that copies the string natively.
    ratioLimit: 1000,
    op: 'normalize',
    input: (n) => ({
      source: 'mcp',
      value: mcp({ s: repeat('a', n) }),
      options: { structuredBudget: ROOMY, outputSchema: { properties: { s: { pattern: '^(\\w+\\s?)*!$' } } } },
    }),
    check: MISMATCH,
  },
  {
    name: 'deep-nesting',
    describe: (n) => `structured nested ${n.toLocaleString('en')} arrays deep, within its budget`,
    requirements: ['TR-BOUND-8'],
    sizes: { quick: 10_000, full: 100_000 },
    // Within the budget the verdict needs every node (an unencodable leaf comes before too_deep), so
    // the walk is as long as the nest; the floor only builds it.
    ratioLimit: 20,
    op: 'bound',
    input: (n) => ({
      result: { content: 'ok', isError: false, structured: { $tr: 'nest', depth: n, kind: 'array', leaf: 1 } },
      options: { structuredBudget: ROOMY },
    }),
    check: result({ warnings: ['structured.too_deep'], structured: false }),
  },
  {
    name: 'long-pointer',
    describe: (n) => `an allowlist pointer of ${(2 * n).toLocaleString('en')} octets (${n.toLocaleString('en')} tokens)`,
    requirements: ['TR-EXPOSE-2', 'TR-EXPOSE-5'],
    sizes: { quick: 10_000, full: 100_000 },
    // Reading a pointer is a regular expression or a loop over its tokens in the language's own
    // code (Python: about 3 µs a token); the floor copies it natively.
    ratioLimit: 1000,
    op: 'wire',
    input: (n) => ({ result: { content: 'ok', isError: false, structured: { a: 1 } }, exposure: { policy: 'allowlist', pointers: [repeat('/a', n)] } }),
    check: (reply) => {
      const out = outputOf(reply);
      if (typeof out === 'string') return out;
      const m = out.message as Json | undefined;
      return m?.content === 'ok' ? undefined : 'the message is not the content alone';
    },
  },
  {
    name: 'big-bigint',
    describe: (n) => `a bigint tag of ${n.toLocaleString('en')} digits in structured`,
    requirements: ['TR-BOUND-6', 'TR-CONF-4'],
    sizes: { quick: 5_000, full: 100_000 },
    // Judging the magnitude needs no digit conversion; the floor already parsed the digits.
    ratioLimit: 5,
    op: 'bound',
    input: (n) => ({ result: { content: 'ok', isError: false, structured: { n: { $tr: 'bigint', value: `9${'8'.repeat(n - 1)}` } } } }),
    check: result({ warnings: ['structured.unencodable'], structured: false }),
  },
  {
    name: 'unique-items',
    describe: (n) => `uniqueItems over ${n.toLocaleString('en')} distinct integers (stops at the step limit)`,
    requirements: ['TR-NORM-65'],
    sizes: { quick: 50_000, full: 200_000 },
    // Bounding walks the whole list before the check (the floor does not), then the check stops at
    // the step limit; comparing pairs would cost the square of the list.
    ratioLimit: 20,
    op: 'normalize',
    input: (n) => ({
      source: 'mcp',
      value: mcp(Array.from({ length: n }, (_, i) => i)),
      options: { structuredBudget: ROOMY, outputSchema: { type: 'array', uniqueItems: true } },
    }),
    check: MISMATCH,
  },
  {
    name: 'langchain-deep-json',
    describe: (n) => `LangChain content: the adapter's JSON object with structuredContent ${n.toLocaleString('en')} arrays deep`,
    requirements: ['TR-NORM-56', 'TR-NORM-4'],
    sizes: { quick: 10_000, full: 50_000 },
    // A language without a native reader for this parses the content in a loop of its own, against
    // a floor whose JSON is read natively.
    ratioLimit: 1000,
    op: 'normalize',
    input: (n) => ({
      source: 'langchain',
      value: {
        content: `{"type":"text","text":"visible","structuredContent":${'['.repeat(n)}"CANARY-deep"${']'.repeat(n)}}`,
        status: 'success',
        artifact: [{ type: 'mcp_structured_content', data: { deep: true } }],
      },
    }),
    check: result({ warnings: [], structured: true, content: 'visible' }),
  },
];
