// Mutants of the normalize groups (spec/10): a member the source left undefined read as a value.
import { DEFAULT_BUDGETS, MAX_BUDGET, MIN_BUDGET, truncationNotice } from '../../reference-impl/internal.ts';
import type { OpHandler } from '../../reference-adapter/ops/types.ts';
import { isUndefinedTag } from '../../reference-adapter/options-input.ts';
import type { Handlers, Mutant } from './mutant.ts';
import { cannotRun, isRec, NEVER_MATCHES, withRewrittenSchema } from './schema-rewrite.ts';

type Rec = Record<string, unknown>;

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
        const changed = Object.fromEntries(
          Object.entries(value).map(([k, v]) => [k, members.includes(k) && isUndefinedTag(v) ? { $tr: 'opaque', kind: 'function' } : v]),
        );
        return ref.normalize!({ ...input, value: changed }, ctx);
      },
    }),
  },
];

// ------------------------------------------------------------------ mistakes around single rules

/** The MCP value with its content list mapped block by block (only plain lists). */
function mapMcpBlocks(input: Rec, f: (block: unknown, i: number) => unknown): Rec {
  const value = input.value;
  if (input.source !== 'mcp' || !isRec(value) || !Array.isArray(value.content)) return input;
  return { ...input, value: { ...value, content: value.content.map(f) } };
}

/** Every string in an output, with `from` replaced by `to`. */
function replaceIn(v: unknown, from: string, to: string): unknown {
  if (typeof v === 'string') return v.split(from).join(to);
  if (Array.isArray(v)) return v.map((x) => replaceIn(x, from, to));
  if (isRec(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, replaceIn(x, from, to)]));
  return v;
}

const SENTINEL = 'zz-sentinel-type';

/** A JSON value with every pattern that cannot run (as `pattern` or a `patternProperties` name) replaced by one that never matches. */
function neverMatching(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(neverMatching);
  if (!isRec(v)) return v;
  const out: Rec = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'pattern' && typeof x === 'string' && cannotRun(x)) out[k] = NEVER_MATCHES;
    else if (k === 'patternProperties' && isRec(x))
      out[k] = Object.fromEntries(Object.entries(x).map(([p, s]) => [cannotRun(p) ? NEVER_MATCHES : p, neverMatching(s)]));
    else out[k] = neverMatching(x);
  }
  return out;
}

export const ruleMutants: readonly Mutant[] = [
  {
    name: 'cannot-run-read-as-no-match',
    breaks: 'TR-NORM-65',
    description:
      "reads a pattern it cannot run as one that matches nothing (PHP's preg_match(...) === 1 after PCRE gave up), so the check fails open under not and in patternProperties",
    override: (ref) => withRewrittenSchema(ref, neverMatching),
  },
  {
    name: 'type-name-dollar-newline',
    breaks: 'TR-NORM-41',
    description: "matches the unknown type's name with Python's re.match and $, so a name ending in a line feed is echoed",
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        let echoed: string | undefined;
        const changed = mapMcpBlocks(input, (b) => {
          if (echoed === undefined && isRec(b) && typeof b.type === 'string' && /^[a-z][a-z0-9_-]{0,31}\n$/.test(b.type)) {
            echoed = b.type;
            return { ...b, type: SENTINEL };
          }
          return b;
        });
        const out = ref.normalize!(changed, ctx);
        return echoed === undefined ? out : (replaceIn(out, `[unsupported ${SENTINEL} block]`, `[unsupported ${echoed} block]`) as Rec);
      },
    }),
  },
  {
    name: 'base64-size-counts-padding',
    breaks: 'TR-NORM-10',
    description: 'sizes base64 data as floor(3n/4) with the = padding counted in n',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const out = ref.normalize!(input, ctx) as { result: Rec };
        const content = isRec(input.value) && Array.isArray(input.value.content) ? input.value.content : [];
        if (input.source !== 'mcp') return out;
        const arts = out.result.artifacts as { label: string; data: { rows?: string[][] } }[];
        const table = arts.find((a) => a.label === 'Content references');
        if (!table?.data.rows) return out;
        const rows = table.data.rows.map((row) => {
          const i = /^content\[(\d+)\]$/.exec(row[0] ?? '')?.[1];
          const block = i === undefined ? undefined : content[Number(i)];
          const data = isRec(block) ? (typeof block.data === 'string' ? block.data : isRec(block.resource) ? block.resource.blob : undefined) : undefined;
          if (typeof data !== 'string' || row[3] === '') return row;
          const n = data.replace(/[\t\n\f\r ]/g, '').length;
          return [row[0]!, row[1]!, row[2]!, String(Math.floor((3 * n) / 4)), row[4]!];
        });
        return { result: { ...out.result, artifacts: arts.map((a) => (a === table ? { ...a, data: { ...a.data, rows } } : a)) } };
      },
    }),
  },
  {
    name: 'data-url-case-sensitive',
    breaks: 'TR-NORM-11',
    description: 'reads ;base64 in a data: URL header only in lower case',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const value = input.value;
        if (input.source !== 'langchain' || !isRec(value) || !Array.isArray(value.content)) return ref.normalize!(input, ctx);
        const mangle = (url: unknown) =>
          typeof url === 'string' && /;base64,/i.test(url) && !/;base64,/.test(url.slice(0, url.indexOf(',') + 1)) ? url.replace(/;base64,/i, ';baseXX,') : url;
        const content = value.content.map((b) => {
          if (!isRec(b)) return b;
          if (isRec(b.image_url)) return { ...b, image_url: { ...b.image_url, url: mangle(b.image_url.url) } };
          return 'url' in b ? { ...b, url: mangle(b.url) } : typeof b.image_url === 'string' ? { ...b, image_url: mangle(b.image_url) } : b;
        });
        return ref.normalize!({ ...input, value: { ...value, content } }, ctx);
      },
    }),
  },
  {
    name: 'data-member-read-as-data-url',
    breaks: 'TR-NORM-51',
    description:
      "reads a data: URL in a LangChain block's data or base64 member as a data: URL (its payload and declared type) instead of as base64 that is not valid",
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const value = input.value;
        if (input.source !== 'langchain' || !isRec(value) || !Array.isArray(value.content)) return ref.normalize!(input, ctx);
        const content = value.content.map((b) => {
          if (!isRec(b)) return b;
          const key = 'base64' in b ? 'base64' : 'data';
          const data = b[key];
          if (typeof data !== 'string' || data.slice(0, 5).toLowerCase() !== 'data:') return b;
          const { [key]: _moved, ...rest } = b;
          return { ...rest, url: data };
        });
        return ref.normalize!({ ...input, value: { ...value, content } }, ctx);
      },
    }),
  },
  {
    name: 'python-base64-member-ignored',
    breaks: 'TR-NORM-51',
    description:
      "reads only data and url, as the kit's implementations did before the Python adapter's blocks were recorded: an image or blob that langchain-core built with base64 is an invalid block",
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const value = input.value;
        if (input.source !== 'langchain' || !isRec(value) || !Array.isArray(value.content)) return ref.normalize!(input, ctx);
        const content = value.content.map((b) => {
          if (!isRec(b) || !('base64' in b)) return b;
          const { base64: _ignored, ...rest } = b;
          return rest;
        });
        return ref.normalize!({ ...input, value: { ...value, content } }, ctx);
      },
    }),
  },
  {
    name: 'artifact-members-dropped',
    breaks: 'TR-NORM-66',
    description: "reads only the structured member of a Python adapter artifact, as the text before TR-NORM-66 said: the artifact's other members are lost",
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const value = input.value;
        if (input.source !== 'langchain' || !isRec(value) || !isRec(value.artifact)) return ref.normalize!(input, ctx);
        const keep = ['structured_content', 'structuredContent'].filter((k) => k in (value.artifact as Rec));
        if (keep.length === 0) return ref.normalize!(input, ctx);
        const artifact = Object.fromEntries(keep.map((k) => [k, (value.artifact as Rec)[k]]));
        return ref.normalize!({ ...input, value: { ...value, artifact } }, ctx);
      },
    }),
  },
  {
    name: 'binary-member-kept-when-not-base64',
    breaks: 'TR-NORM-66',
    description:
      'stubs a data, base64 or blob member of the artifact only when it is valid base64, so any other string there is copied into the members artifact',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const out = ref.normalize!(input, ctx) as { result: Rec };
        const value = input.value;
        if (input.source !== 'langchain' || !isRec(value) || !isRec(value.artifact)) return out;
        const art = value.artifact as Rec;
        const arts = out.result.artifacts as { label: string; data: { text?: string } }[] | undefined;
        const members = arts?.find((a) => a.label === 'Artifact members');
        if (!members || typeof members.data.text !== 'string' || !members.data.text.startsWith('{')) return out;
        const parsed = JSON.parse(members.data.text) as Rec;
        for (const k of ['data', 'base64', 'blob']) {
          const v = art[k];
          if (typeof v === 'string' && !/^[A-Za-z0-9+/]*={0,2}$/.test(v)) parsed[k] = v;
        }
        const text = JSON.stringify(Object.fromEntries(Object.entries(parsed).sort(([a], [b]) => (a < b ? -1 : 1))));
        return { result: { ...out.result, artifacts: arts!.map((a) => (a === members ? { ...a, data: { text } } : a)) } };
      },
    }),
  },
  {
    name: 'adapter-structured-last-wins',
    breaks: 'TR-NORM-53',
    description: 'takes the last of several mcp_structured_content entries instead of refusing them with structured.invalid',
    override: (ref) => ({
      normalize: (input: Rec, ctx) => {
        const value = input.value;
        if (input.source !== 'langchain' || !isRec(value) || !Array.isArray(value.artifact)) return ref.normalize!(input, ctx);
        const entries = value.artifact;
        const last = entries
          .map((e, i) => (isRec(e) && e.type === 'mcp_structured_content' ? i : -1))
          .filter((i) => i >= 0)
          .at(-1);
        if (last === undefined) return ref.normalize!(input, ctx);
        const artifact = entries.map((e, i) => (isRec(e) && e.type === 'mcp_structured_content' && i !== last ? { type: 'mcp_meta' } : e));
        return ref.normalize!({ ...input, value: { ...value, artifact } }, ctx);
      },
    }),
  },
  {
    name: 'set-error-forgets-warnings',
    breaks: 'TR-HOOK-5',
    description: 'a set-error hook starts a fresh error result, so warnings recorded before it are lost',
    override: (ref) => ({
      hooks: (input: Rec, ctx) => {
        const out = ref.hooks!(input, ctx) as { result: Rec };
        const hooks = Array.isArray(input.hooks) ? input.hooks : [];
        if (!hooks.some((h) => isRec(h) && h.name === 'set-error')) return out;
        const given = new Set((input.result as Rec).warnings as string[] | undefined);
        return { result: { ...out.result, warnings: (out.result.warnings as { code: string }[]).filter((w) => !given.has(w.code)) } };
      },
    }),
  },
];

// ------------------------------------------------------------------ the drop notice (TR-NORM-67)

const PLACEHOLDER = /\[(image_url|image|audio|video|file|resource_link|resource) block omitted\]/g;

/** The longest prefix of well-formed `s` that ends on a code-point boundary and is at most `max` octets. */
function octetPrefix(s: string, max: number): string {
  let n = 0;
  let out = '';
  for (const ch of s) {
    n += Buffer.byteLength(ch, 'utf8');
    if (n > max) break;
    out += ch;
  }
  return out;
}

/**
 * Runs the reference normalizer with a content budget too large to cut, then cuts its text as `cut`
 * says for the real budget: the hook for a mutant that reads TR-NORM-67 another way. Requests
 * whose options the reference refuses, and texts that fit, go to the reference unchanged.
 */
function recut(ref: Handlers, cut: (text: string, budget: number) => string): Record<string, OpHandler> {
  return {
    normalize: (input: Rec, ctx) => {
      const options = isRec(input.options) ? input.options : {};
      const b = options.contentBudget ?? DEFAULT_BUDGETS.contentBudget;
      if (typeof b !== 'number' || !Number.isInteger(b) || b < MIN_BUDGET || b > MAX_BUDGET) return ref.normalize!(input, ctx);
      let wide: { result: Rec };
      try {
        wide = ref.normalize!({ ...input, options: { ...options, contentBudget: MAX_BUDGET } }, ctx) as { result: Rec };
      } catch {
        return ref.normalize!(input, ctx);
      }
      const text = wide.result.content;
      if (typeof text !== 'string' || Buffer.byteLength(text, 'utf8') <= b) return ref.normalize!(input, ctx);
      const codes = new Set((wide.result.warnings as { code: string }[]).map((w) => w.code));
      codes.add('content.truncated');
      return { result: { ...wide.result, content: cut(text, b), warnings: [...codes].sort().map((code) => ({ code })) } };
    },
  };
}

/** The drop notice for the placeholders found in `text` (a mutant's reading: a text that looks like one counts too). */
function noticeOf(text: string): string | undefined {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(PLACEHOLDER)) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  if (counts.size === 0) return undefined;
  return `\n[omitted from this result: ${[...counts].map(([k, n]) => `${n} ${k} ${n === 1 ? 'block' : 'blocks'}`).join(', ')}]`;
}

export const dropNoticeMutants: readonly Mutant[] = [
  {
    name: 'drop-notice-cut-off',
    breaks: 'TR-NORM-67',
    description:
      'leaves the cut to the bounder, as before TR-NORM-67: when a first text fills the content budget, the placeholders after it are cut off and the model never learns of the blocks',
    override: (ref) => recut(ref, (text, b) => octetPrefix(text, b - Buffer.byteLength(truncationNotice(b), 'utf8')) + truncationNotice(b)),
  },
  {
    name: 'drop-notice-on-every-cut',
    breaks: 'TR-NORM-67',
    description:
      'writes the drop notice after every cut of a text with a placeholder, also when the plain cut keeps every placeholder whole, so those results change bytes for nothing',
    override: (ref) =>
      recut(ref, (text, b) => {
        const n = truncationNotice(b);
        const d = noticeOf(text) ?? '';
        return octetPrefix(text, b - Buffer.byteLength(n + d, 'utf8')) + n + d;
      }),
  },
];
