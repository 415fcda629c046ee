// Mutants of the sinks, ledger and hooks groups (spec/05–08): run-only data where it must not go,
// or lost where it must be kept.
import { OpError, type OpHandler } from '../../reference-adapter/ops/types.ts';
import type { Handlers, Mutant } from './mutant.ts';
import { auditRecord, DEFAULT_RULES, MASK, MAX_PASSES, PARAMETER_PREFIXES, PARAMETER_WORDS, capLeaf } from '../../reference-impl/internal.ts';
import { boundFromInput } from '../../reference-adapter/ops/bound.ts';

type Rec = Record<string, unknown>;

const isObject = (v: unknown): v is Rec => v !== null && typeof v === 'object' && !Array.isArray(v);
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Puts the original member names back into a redacted value (the redactor visits them in code-unit order). */
function restoreKeys(full: unknown, redacted: unknown): unknown {
  if (Array.isArray(full) && Array.isArray(redacted)) return redacted.map((v, i) => restoreKeys(full[i], v));
  if (!isObject(full) || !isObject(redacted)) return redacted;
  const names = Object.keys(full).sort(byCodeUnits);
  const values = Object.values(redacted);
  return Object.fromEntries(names.map((k, i) => [k, restoreKeys(full[k], values[i])]));
}

function mapOutput(ref: Handlers, op: string, f: (out: Rec, input: Rec) => Rec): Record<string, OpHandler> {
  return { [op]: (input: Rec, ctx) => f(ref[op]!(input, ctx), input) };
}

/** The reference's audit with another redactor: how a port with a slightly different rule set behaves. */
function auditWith(redactor: (leaf: string) => string): Record<string, OpHandler> {
  return { audit: (input: Rec) => ({ record: auditRecord(boundFromInput(input as never), input.levels as unknown[], { redactor }) }) };
}

/** One pass of `rules` repeated to a fixed point (at most 8), then the cap: the pinned procedure with other rules. */
function maskWith(rules: readonly { pattern: RegExp; replace: string }[], passes = MAX_PASSES): (leaf: string) => string {
  return (leaf) => {
    let s = leaf;
    for (let i = 0; i < passes; i++) {
      let next = s;
      for (const r of rules) next = next.replace(r.pattern, r.replace);
      if (next === s) return capLeaf(s);
      s = next;
    }
    return passes === MAX_PASSES ? MASK : capLeaf(s);
  };
}

/** The default rules with the one named `name` given another pattern. */
const swapRule = (name: string, pattern: RegExp) => {
  if (!DEFAULT_RULES.some((r) => r.name === name)) throw new Error(`no default rule ${name}`);
  return DEFAULT_RULES.map((r) => (r.name === name ? { ...r, pattern } : r));
};
/** The default rules with the one named `name` moved to the end: the order the table turned down. */
const ruleLast = (name: string) => [...DEFAULT_RULES.filter((r) => r.name !== name), ...DEFAULT_RULES.filter((r) => r.name === name)];
/** The default rules without the one named `name`. */
const dropRule = (name: string) => DEFAULT_RULES.filter((r) => r.name !== name);

export const sinkMutants: readonly Mutant[] = [
  {
    name: 'restore-logs-rejected-entry',
    breaks: 'TR-LOG-2',
    description: 'logs the start of a ledger entry restore refused, "to help find the bad row"',
    override: (ref) => ({
      restore: (input: Rec, ctx) => {
        try {
          return ref.restore!(input, ctx);
        } catch (e) {
          ctx.logger.log('warn', 'ledger entry refused', { entry: String(input.entry).slice(0, 200) });
          throw e;
        }
      },
    }),
  },
  {
    name: 'options-error-quotes-value',
    breaks: 'TR-EGRESS-5',
    description: 'the error for an invalid budget quotes the value it was given',
    override: (ref) => ({
      bound: (input: Rec, ctx) => {
        try {
          return ref.bound!(input, ctx);
        } catch (e) {
          if (e instanceof OpError && e.code === 'options.invalid') throw new OpError(e.code, `${e.message}, got ${JSON.stringify(input.options)}`);
          throw e;
        }
      },
    }),
  },
  {
    name: 'bearer-two-casings',
    breaks: 'TR-PRIV-16',
    description: 'masks "Bearer" and "bearer" tokens only, not "BEARER" or "bEaReR"',
    override: () => auditWith(maskWith(swapRule('bearer-token', /([Bb]earer)[ \t]+[A-Za-z0-9._~+/-]+=*/g))),
  },
  {
    name: 'key-prefixes-partial',
    breaks: 'TR-PRIV-16',
    description: 'knows the common key prefixes but not github_pat_, xoxp- or AIza',
    override: () => auditWith(maskWith(swapRule('key-prefix', /(^|[^A-Za-z0-9])(?:sk-|sk_|pk_|rk_|ghp_|gho_|ghs_|xoxb-|AKIA)[A-Za-z0-9_-]{8,}/g))),
  },
  {
    name: 'url-credentials-need-password',
    breaks: 'TR-PRIV-16',
    description: 'masks credentials in a URL only when they have a user:password form',
    override: () => auditWith(maskWith(swapRule('url-credentials', /:\/\/[^\t\n\f\r /?#@:]+:[^\t\n\f\r /?#@]+@/g))),
  },
  {
    name: 'credential-parameter-lower-case',
    breaks: 'TR-PRIV-16',
    description: 'masks ?token= and ?api_key= but only in lower case, so ?Token=, ?apiKey= and ?X-Amz-Signature= keep their values',
    override: () =>
      auditWith(
        maskWith(
          swapRule(
            'credential-parameter',
            new RegExp(`([?&#;](?:(?:${PARAMETER_PREFIXES.join('|')})[_.-]?)?(?:${PARAMETER_WORDS.join('|')})=)[^\\t\\n\\f\\r "#&'<>]+`, 'g'),
          ),
        ),
      ),
  },
  {
    name: 'jwt-only-after-bearer',
    breaks: 'TR-PRIV-16',
    description: 'masks a JWT after "Bearer " (the bearer rule) but has no rule for a bare one, so eyJ….eyJ….sig in a log line stays',
    override: () => auditWith(maskWith(dropRule('jwt'))),
  },
  {
    name: 'one-masking-pass',
    breaks: 'TR-PRIV-8',
    description: 'runs the rules once instead of to a fixed point, so a mask that uncovers a new start leaves it',
    override: () => auditWith(maskWith(DEFAULT_RULES, 1)),
  },
  {
    name: 'metadata-keeps-artifacts',
    breaks: 'TR-PRIV-4',
    description: 'a metadata audit record keeps the artifact list "for the admin view"',
    override: (ref) => ({
      audit: (input: Rec, ctx) => {
        const out = ref.audit!(input, ctx) as { record: Rec };
        if (out.record.level !== 'metadata') return out;
        const bounded = ref.bound!({ result: input.result, options: input.options }, ctx).result as Rec;
        return { record: { ...out.record, artifacts: bounded.artifacts } };
      },
    }),
  },
  {
    name: 'redaction-skips-keys',
    breaks: 'TR-PRIV-7',
    description: 'the redacted level passes string values through the redactor but not object keys',
    override: (ref) => ({
      audit: (input: Rec, ctx) => {
        const out = ref.audit!(input, ctx) as { record: Rec & { result?: Rec } };
        if (out.record.level !== 'redacted' || !out.record.result || !Object.hasOwn(out.record.result, 'structured')) return out;
        const full = (ref.audit!({ ...input, levels: ['full'] }, ctx) as { record: { result: Rec } }).record.result;
        return { record: { ...out.record, result: { ...out.record.result, structured: restoreKeys(full.structured, out.record.result.structured) } } };
      },
    }),
  },
  {
    name: 'suspend-keeps-structured',
    breaks: 'TR-SINK-2',
    description: 'the suspend state keeps structured data so a resumed run "has everything"',
    override: (ref) =>
      mapOutput(ref, 'suspend', (out, input) => {
        const bounded = ref.bound!({ result: input.result, options: input.options }, { logger: { log() {} } as never }).result as Rec;
        return Object.hasOwn(bounded, 'structured') ? { state: { ...(out.state as Rec), structured: bounded.structured } } : out;
      }),
  },
  {
    name: 'loosest-level-wins',
    breaks: 'TR-PRIV-2',
    description: 'where a global and a per-tool level meet, the last one set wins instead of the strictest',
    override: (ref) => ({
      audit: (input: Rec, ctx) => {
        const levels = input.levels as unknown[];
        return ref.audit!({ ...input, levels: levels.length > 0 ? [levels[levels.length - 1]] : levels }, ctx);
      },
    }),
  },
  {
    name: 'live-filtered',
    breaks: 'TR-SINK-3',
    description: 'the live inspector stream is filtered like a persisted record, losing run-only channels',
    override: (ref) =>
      mapOutput(ref, 'live', (out) => {
        const { structured: _s, ...rest } = (out.event as { result: Rec }).result;
        return { event: { ...(out.event as Rec), result: { ...rest, artifacts: [] } } };
      }),
  },
  {
    name: 'hook-not-rebounded',
    breaks: 'TR-HOOK-4',
    description: 'what a hook returns goes out without the second bounding',
    override: (ref) => ({
      hooks: (input: Rec, ctx) => {
        const loose = { contentBudget: 1_073_741_824, artifactsBudget: 1_073_741_824, structuredBudget: 1_073_741_824 };
        const first = ref.bound!({ result: input.result, options: input.options }, ctx).result as Rec;
        const out = ref.hooks!({ ...input, result: { ...first, warnings: (first.warnings as { code: string }[]).map((w) => w.code) }, options: loose }, ctx);
        return out;
      },
    }),
  },
  {
    name: 'replay-drops-structured',
    breaks: 'TR-REPLAY-3',
    description: 'restore rebuilds the result from content and isError only',
    override: (ref) =>
      mapOutput(ref, 'restore', (out) => {
        const { structured: _s, ...rest } = out.result as Rec;
        return { result: rest };
      }),
  },
  {
    name: 'hook-drops-structured',
    breaks: 'TR-HOOK-3',
    description: 'a text hook rebuilds the result with a fresh constructor and loses structured data',
    override: (ref) =>
      mapOutput(ref, 'hooks', (out, input) => {
        const textHook = (input.hooks as Rec[]).some((h) => ['replace-text', 'append-text', 'truncate-text'].includes(h?.name as string));
        if (!textHook) return out;
        const { structured: _s, ...rest } = out.result as Rec;
        return { result: rest };
      }),
  },
  {
    name: 'bearer-rule-last',
    breaks: 'TR-PRIV-16',
    description:
      'runs the bearer-token rule after the JWT, key-prefix, AWS and e-mail rules, so a token after Bearer and a tab or two spaces is masked with its whitespace kept, and an Authorization header with a tab loses it',
    override: () => auditWith(maskWith(ruleLast('bearer-token'))),
  },
];
