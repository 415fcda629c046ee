// Mutants on boundaries where the spec is clear but the kit had no case (issue 42, items 7-12): each
// is the other reading of one sentence, and each is killed by a vector written for it.
import { defaultRedactor } from '../../reference-impl/internal.ts';
import { isUndefinedTag } from '../../reference-adapter/options-input.ts';
import { OpError } from '../../reference-adapter/ops/types.ts';
import type { Mutant } from './mutant.ts';
import { cannotRun, isRec, NEVER_MATCHES, withRewrittenSchema } from './schema-rewrite.ts';

type Rec = Record<string, unknown>;

/** The top-level members of a JSON object text, each name with the text of its value, in order. */
function members(text: string): [string, string][] | undefined {
  const t = text.trim();
  if (!t.startsWith('{') || !t.endsWith('}')) return undefined;
  const out: [string, string][] = [];
  let i = 1;
  const ws = () => {
    while (/\s/.test(t[i] ?? '')) i++;
  };
  const str = () => {
    const m = /^"(?:[^"\\]|\\.)*"/.exec(t.slice(i));
    if (!m) throw new SyntaxError('string');
    i += m[0].length;
    return m[0];
  };
  ws();
  if (t[i] === '}') return out;
  for (;;) {
    ws();
    const name = JSON.parse(str()) as string;
    ws();
    if (t[i++] !== ':') return undefined;
    ws();
    const start = i;
    let depth = 0;
    while (i < t.length - 1) {
      const c = t[i]!;
      if (c === '"') str();
      else {
        if (c === '{' || c === '[') depth++;
        else if (c === '}' || c === ']') depth--;
        else if (c === ',' && depth === 0) break;
        i++;
      }
    }
    out.push([name, t.slice(start, i).trim()]);
    if (t[i] !== ',') return out;
    i++;
  }
}

/** A JSON object text with each repeated member name keeping its first value. */
function firstWins(text: string): string | undefined {
  let ms: [string, string][] | undefined;
  try {
    ms = members(text);
  } catch {
    return undefined;
  }
  if (!ms || new Set(ms.map(([k]) => k)).size === ms.length) return undefined;
  const seen = new Set<string>();
  const kept = ms.filter(([k]) => !seen.has(k) && (seen.add(k), true));
  return `{${kept.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
}

/** Whether a pattern that runs is taken to be over the weight when a class `[…]` weighs one per character it holds. */
function cannotRunPerCharacter(p: string): boolean {
  if (cannotRun(p)) return false; // the mutant differs from the rule only on the weight of a class
  // Each class becomes a group of as many literal atoms as the class has characters.
  return cannotRun(p.replace(/\[(?:[^\]\\]|\\.)*\]/g, (cls) => `(?:${'x'.repeat(Math.max(1, cls.length - 2))})`));
}

/** A JSON schema with every `pattern` that cannot run under the per-character weight replaced by one that never matches. */
function perCharacterWeight(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(perCharacterWeight);
  if (!isRec(v)) return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => [k, k === 'pattern' && typeof x === 'string' && cannotRunPerCharacter(x) ? NEVER_MATCHES : perCharacterWeight(x)]),
  );
}

/** Nesting depth of a JSON value (a scalar is 0, each container one level), counted up to `cap`. */
function depth(v: unknown, cap = 68): number {
  if (v === null || typeof v !== 'object' || cap === 0) return 0;
  return 1 + Math.max(0, ...Object.values(v as Rec).map((x) => depth(x, cap - 1)));
}

const utf8Order = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const utf16Order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Original key → redacted name, naming the keys in the given order (first free of k, k#2, …). */
function names(keys: string[], order: (a: string, b: string) => number): Map<string, string> {
  const used = new Set<string>();
  const out = new Map<string, string>();
  for (const key of [...keys].sort(order)) {
    const base = defaultRedactor(key);
    let name = base;
    for (let n = 2; used.has(name); n++) name = `${base}#${n}`;
    used.add(name);
    out.set(key, name);
  }
  return out;
}

/** A channel value with each repeat of a container turned into the container once and then cycle points. */
function sharedAsCycles(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sharedAsCycles);
  if (!isRec(v)) return v;
  if (
    v.$tr === 'repeat' &&
    Object.hasOwn(v, 'item') &&
    typeof v.count === 'number' &&
    v.count >= 2 &&
    (Array.isArray(v.item) || (isRec(v.item) && (v.item.$tr === undefined || v.item.$tr === 'repeat')))
  ) {
    const item = sharedAsCycles(v.item);
    return [item, ...Array.from({ length: v.count - 1 }, () => ({ $tr: 'cycle', up: 1 }))];
  }
  if (v.$tr !== undefined) return v;
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, sharedAsCycles(x)]));
}

export const boundaryMutants: readonly Mutant[] = [
  {
    name: 'repeated-member-first-wins',
    breaks: 'TR-NORM-56',
    description:
      'reads the JSON object of a LangChain content string with the first value of a repeated member name winning (a streaming parser that ignores later duplicates)',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const value = input.value;
        if (input.source !== 'langchain' || !isRec(value) || typeof value.content !== 'string') return ref.normalize!(input, ctx);
        const first = firstWins(value.content);
        return ref.normalize!(first === undefined ? input : { ...input, value: { ...value, content: first } }, ctx);
      },
    }),
  },
  {
    name: 'pattern-class-weighs-each-character',
    breaks: 'TR-NORM-65',
    description: 'weighs a class [...] as one atom per character it holds, so ^[ab]{998}$ (weight 1,000) is taken to be over the limit and cannot run',
    override: (ref) => withRewrittenSchema(ref, perCharacterWeight),
  },
  {
    name: 'ledger-depth-one-more',
    breaks: 'TR-REPLAY-6',
    description: 'lets a ledger entry nest 67 levels, one more than the limit, and restores it like any other',
    override: (ref) => ({
      restore: (input: Rec, ctx) => {
        let entry: unknown;
        try {
          entry = typeof input.entry === 'string' ? JSON.parse(input.entry) : undefined;
        } catch {
          return ref.restore!(input, ctx);
        }
        if (!isRec(entry) || depth(entry) !== 67 || entry.version !== 1 || !isRec(entry.result)) return ref.restore!(input, ctx);
        const r = entry.result;
        const result: Rec = { content: r.content, isError: r.isError };
        if (Object.hasOwn(r, 'structured')) result.structured = r.structured;
        if (Array.isArray(r.artifacts) && r.artifacts.length > 0) result.artifacts = r.artifacts;
        return ref.bound!({ result }, ctx);
      },
    }),
  },
  {
    name: 'collision-order-utf8',
    breaks: 'TR-PRIV-9',
    description: "names keys that redact alike in the octet order of their UTF-8 (Python's sorted over encoded keys, PHP's strcmp), not in UTF-16 code units",
    override: (ref) => ({
      audit: (input: Rec, ctx) => {
        const out = ref.audit!(input, ctx) as { record: Rec };
        const given = isRec(input.result) ? input.result.structured : undefined;
        const result = out.record.result;
        if (!isRec(given) || given.$tr !== undefined || !isRec(result) || !isRec(result.structured)) return out;
        const keys = Object.keys(given);
        const by16 = names(keys, utf16Order);
        const by8 = names(keys, utf8Order);
        const structured = result.structured;
        const renamed = Object.fromEntries(keys.map((k) => [by8.get(k)!, structured[by16.get(k)!]]));
        return { record: { ...out.record, result: { ...result, structured: renamed } } };
      },
    }),
  },
  {
    name: 'shared-container-as-cycle',
    breaks: 'TR-BOUND-6',
    description: 'remembers every container it has measured, not only those it is inside, so a container shared by two elements is taken for a cycle point',
    override: (ref) => ({
      bound: (input: Rec, ctx) => {
        const r = input.result;
        if (!isRec(r)) return ref.bound!(input, ctx);
        const result: Rec = { ...r };
        for (const channel of ['structured', 'artifacts']) if (Object.hasOwn(r, channel)) result[channel] = sharedAsCycles(r[channel]);
        return ref.bound!({ ...input, result }, ctx);
      },
    }),
  },
  {
    name: 'undefined-budget-refused',
    breaks: 'TR-MODEL-10',
    description: 'refuses a budget given as undefined as it refuses null, instead of giving it its default',
    override: (ref) => ({
      bound: (input: Rec, ctx) => {
        const o = input.options;
        if (isRec(o) && ['contentBudget', 'artifactsBudget', 'structuredBudget'].some((b) => Object.hasOwn(o, b) && isUndefinedTag(o[b]))) {
          throw new OpError('options.invalid', 'a budget must be an integer from 256 to 1073741824');
        }
        return ref.bound!(input, ctx);
      },
    }),
  },
  {
    name: 'levels-non-string-bad-input',
    breaks: 'TR-PRIV-2',
    description: 'refuses levels holding an item that is not a string as adapter.bad_input, instead of counting it as none',
    override: (ref) => ({
      audit: (input: Rec, ctx) => {
        if (Array.isArray(input.levels) && input.levels.some((l) => typeof l !== 'string'))
          throw new OpError('adapter.bad_input', 'levels must be a list of strings');
        return ref.audit!(input, ctx);
      },
    }),
  },
  {
    name: 'hook-extra-member-refused',
    breaks: 'TR-HOOK-8',
    description: 'refuses a hook description with a member its row does not name, instead of ignoring it',
    override: (ref) => ({
      hooks: (input: Rec, ctx) => {
        const used: Record<string, readonly string[]> = {
          'replace-text': ['text'],
          'append-text': ['text'],
          'set-error': ['text'],
          'truncate-text': ['octets'],
        };
        const extra = (h: unknown) => isRec(h) && Object.keys(h).some((k) => k !== 'name' && !(used[String(h.name)] ?? []).includes(k));
        if (Array.isArray(input.hooks) && input.hooks.some(extra)) throw new OpError('adapter.bad_input', 'a hook description has a member it does not use');
        return ref.hooks!(input, ctx);
      },
    }),
  },
  {
    name: 'missing-content-bad-input',
    breaks: 'TR-BOUND-4',
    description: 'refuses a result input without content as adapter.bad_input, instead of letting the bounder fail it closed',
    override: (ref) => ({
      bound: (input: Rec, ctx) => {
        if (isRec(input.result) && !Object.hasOwn(input.result, 'content')) throw new OpError('adapter.bad_input', 'result input needs content');
        return ref.bound!(input, ctx);
      },
    }),
  },
];
