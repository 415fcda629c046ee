// Rules that used to rest on one vector each, generated around their edges and compared with the
// reference (spec/10-normalization.md, spec/08-hooks.md): the unknown-type name pattern
// (TR-NORM-41), base64 sizes (TR-NORM-10), data: URL headers (TR-NORM-11), the JavaScript adapter's
// artifact entries (TR-NORM-53), and warnings kept across a set-error hook (TR-HOOK-5).
import fc from 'fast-check';
import { Mismatch, defineProperty, type Ask } from './define.ts';
import { reference } from './reference.ts';
import { firstDifference } from '../core/compare.ts';

type Rec = Record<string, unknown>;

async function matches(ask: Ask, op: string, input: Rec, what: string): Promise<void> {
  const want = reference(op, input);
  const got = await ask.any(op, input);
  const w = want.ok ? { output: want.output } : { error: want.code };
  const o = got.ok ? { output: got.output } : { error: got.code };
  const d = firstDifference(w, o);
  if (d !== undefined) throw new Mismatch(`${what}: differs from the pinned answer at ${d}`, w, o);
}

// ------------------------------------------------------------------ TR-NORM-41

const typeChar = fc.constantFrom(...'abcxyz09_-', 'A', 'Z', '.', ' ', '\n', 'é', '/', '\u0000');
/** Block types around the pattern [a-z][a-z0-9_-]{0,31}: lengths 31–34, capitals, a leading digit, a trailing line feed. */
const blockType = fc.oneof(
  fc
    .tuple(fc.constantFrom('a', 'z', '0', '_', 'A', '-'), fc.array(fc.constantFrom(...'abz09_-'), { minLength: 0, maxLength: 33 }))
    .map(([h, t]) => h + t.join('')),
  fc.tuple(fc.stringMatching(/^[a-z][a-z0-9_-]{0,33}$/), fc.constantFrom('', '\n', '\r\n', ' ', 'A', '\u0000')).map(([t, end]) => t + end),
  fc.array(typeChar, { minLength: 0, maxLength: 6 }).map((a) => a.join('')),
);

export const unknownTypeNames = defineProperty({
  name: 'unknown-block-type-name',
  description: 'an unknown block type is echoed in [unsupported <type> block] exactly when its whole name matches [a-z][a-z0-9_-]{0,31}',
  requirements: ['TR-NORM-41'],
  groups: ['normalize-mcp'],
  numRuns: 120,
  arbitrary: () => fc.tuple(blockType, fc.boolean()).map(([type, lc]) => ({ type, lc })),
  async check({ type, lc }, ask, hello) {
    await matches(
      ask,
      'normalize',
      {
        source: 'mcp',
        value: {
          content: [
            { type: 'text', text: 'a' },
            { type, text: 'b' },
          ],
        },
      },
      `MCP block type ${JSON.stringify(type)}`,
    );
    if (lc && hello.groups.includes('normalize-langchain'))
      await matches(ask, 'normalize', { source: 'langchain', value: { content: [{ type, text: 'b' }] } }, `LangChain block type ${JSON.stringify(type)}`);
  },
});

// ------------------------------------------------------------------ TR-NORM-10, TR-NORM-11

const B64 = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'];
/** Base64 text around the forgiving-base64 rules: padding, whitespace, remainders, stray characters. */
const base64Text = fc.oneof(
  fc.uint8Array({ maxLength: 20 }).map((b) => Buffer.from(b).toString('base64')),
  fc.tuple(fc.uint8Array({ minLength: 1, maxLength: 20 }), fc.constantFrom(' ', '\n', '\t', '\f', '\r')).map(([b, ws]) =>
    Buffer.from(b)
      .toString('base64')
      .replace(/(.{3})/g, `$1${ws}`),
  ),
  fc.uint8Array({ minLength: 1, maxLength: 20 }).map((b) => Buffer.from(b).toString('base64').replace(/=+$/, '')),
  fc.array(fc.constantFrom(...B64, '=', '-', '_', '%', '.', ' ', 'é'), { minLength: 0, maxLength: 14 }).map((a) => a.join('')),
  fc
    .tuple(fc.uint8Array({ minLength: 1, maxLength: 9 }), fc.constantFrom('=', '==', '===', 'A=', '=A', 'A'))
    .map(([b, tail]) => Buffer.from(b).toString('base64') + tail),
);

export const base64Sizes = defineProperty({
  name: 'base64-size',
  description: 'binary data is sized by the forgiving-base64 rules without being decoded; data that is not base64 makes its block invalid',
  requirements: ['TR-NORM-10', 'TR-NORM-42'],
  groups: ['normalize-mcp'],
  numRuns: 150,
  arbitrary: () => fc.tuple(base64Text, fc.constantFrom('image', 'audio', 'blob')),
  async check([data, kind], ask, hello) {
    const block = kind === 'blob' ? { type: 'resource', resource: { uri: 'file:///b', blob: data } } : { type: kind, data, mimeType: 'image/png' };
    await matches(ask, 'normalize', { source: 'mcp', value: { content: [block] } }, `MCP ${kind} data ${JSON.stringify(data)}`);
    if (hello.groups.includes('normalize-langchain')) {
      await matches(
        ask,
        'normalize',
        { source: 'langchain', value: { content: [{ type: 'image', data, mimeType: 'image/png' }] } },
        `LangChain data ${JSON.stringify(data)}`,
      );
    }
  },
});

const caseOf = (s: string) =>
  fc.array(fc.boolean(), { minLength: s.length, maxLength: s.length }).map((up) => [...s].map((c, i) => (up[i] ? c.toUpperCase() : c)).join(''));
/** data: URLs around the header rules: letter case, parameters, a missing ;base64, and the 512-unit limit. */
const dataUrl = fc
  .tuple(
    caseOf('data:'),
    fc.constantFrom('image/png', '', 'text/plain', 'a b', 'image/svg+xml'),
    fc.array(fc.constantFrom(';charset=utf-8', ';a=b', ';', ';x', ';base64x'), { maxLength: 2 }),
    fc.oneof(caseOf(';base64'), fc.constantFrom('', ';base6', ';bas\u017f64')),
    fc.oneof(fc.constant(0), fc.integer({ min: 490, max: 520 })),
    base64Text,
  )
  .map(([scheme, mime, params, b64, pad, payload]) => {
    const head = `${scheme}${mime}${params.join('')}`;
    // Pad a parameter so that the closing comma lands at a chosen unit near 512.
    const padded = pad > 0 ? `${head};p=${'x'.repeat(Math.max(0, pad - head.length - b64.length - 4))}` : head;
    return `${padded}${b64},${payload}`;
  });

export const dataUrls = defineProperty({
  name: 'data-url-header',
  description: 'a data: URL is base64 data only when its header, ;base64 in any case and the comma within the first 512 units, has the pinned form',
  requirements: ['TR-NORM-11', 'TR-NORM-51', 'TR-NORM-10'],
  groups: ['normalize-langchain'],
  numRuns: 150,
  arbitrary: () => fc.tuple(dataUrl, fc.constantFrom('image_url', 'image', 'file')),
  async check([url, form], ask) {
    const block = form === 'image_url' ? { type: 'image_url', image_url: { url } } : { type: form, url };
    await matches(
      ask,
      'normalize',
      { source: 'langchain', value: { content: [block] } },
      `data: URL of ${url.indexOf(',') + 1} header units ${JSON.stringify(url.slice(0, 60))}`,
    );
  },
});

// ------------------------------------------------------------------ TR-NORM-53

const entry = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }).map((data) => ({ type: 'mcp_structured_content', data })),
  fc.constant({ type: 'mcp_structured_content' }),
  fc.jsonValue({ maxDepth: 1 }).map((data) => ({ type: 'mcp_meta', data })),
  fc.constantFrom(
    { type: 'resource', resource: { uri: 'file:///r', text: 'run-only text', mimeType: 'text/plain' } },
    { type: 'resource', resource: { uri: 'file:///r', blob: 'AAAA' } },
    { type: 'resource', resource: { uri: 'file:///r' } },
    { type: 'image', data: 'AAAA', mimeType: 'image/png' },
    { type: 'image_url', image_url: { url: 'data:image/png;base64,AAAA' } },
    { type: 'text', text: 'for the user' },
    { type: 'file', text: 'embedded', source_type: 'text', metadata: { uri: 'file:///e' } },
    { type: 'Weird Type', x: 1 },
    { type: 'video', url: 'https://v.example/a.mp4' },
  ),
);

export const langchainEntries = defineProperty({
  name: 'langchain-artifact-entries',
  description:
    'the JavaScript adapter artifact form is read entry by entry: structured content (once, with data), _meta dropped, resources and blocks as run-only references after the content rows',
  requirements: ['TR-NORM-53', 'TR-NORM-55', 'TR-NORM-11'],
  groups: ['normalize-langchain'],
  numRuns: 150,
  arbitrary: () =>
    fc.tuple(
      fc.array(entry, { minLength: 0, maxLength: 4 }),
      fc.constantFrom<unknown>('text', [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }, 'x'], [{ type: 'text', text: 't' }]),
      fc.constantFrom(undefined, 'error', 'success'),
    ),
  async check([artifact, content, status], ask) {
    await matches(
      ask,
      'normalize',
      { source: 'langchain', value: { content, artifact, ...(status ? { status } : {}) } },
      `artifact ${JSON.stringify(artifact).slice(0, 120)}`,
    );
  },
});

// ------------------------------------------------------------------ TR-HOOK-5

const warnHook = fc.oneof(
  fc.constant({ name: 'set-error', text: 'failed' }),
  fc.constant({ name: 'throw' }),
  fc.constant({ name: 'drop-structured' }),
  fc.constant({ name: 'unchanged' }),
  fc.constant({ name: 'return-non-result' }),
  fc.integer({ min: 0, max: 20 }).map((octets) => ({ name: 'truncate-text', octets })),
  fc.constant({ name: 'append-text', text: 'é'.repeat(200) }),
);

export const warningsAcrossHooks = defineProperty({
  name: 'warnings-kept-across-hooks',
  description: 'warnings recorded before a hook (by the bounder, a normalizer or an earlier hook) are kept after it, set-error included',
  requirements: ['TR-HOOK-5', 'TR-HOOK-6'],
  groups: ['hooks', 'bound'],
  numRuns: 100,
  arbitrary: () =>
    fc.tuple(
      fc.subarray(['structured.schema_mismatch', 'content.truncated', 'structured.invalid', 'hook.failed']),
      fc.array(warnHook, { minLength: 1, maxLength: 4 }),
      fc.boolean(),
    ),
  async check([warnings, hooks, big], ask) {
    const result = {
      content: big ? 'x'.repeat(300) : 'c',
      isError: false,
      warnings,
      structured: big ? [{ $tr: 'number', value: 'NaN' }] : { a: 1 },
      artifacts: [{ type: 'text', label: 'l', data: { text: 't' } }],
    };
    await matches(
      ask,
      'hooks',
      { result, options: { contentBudget: 256 }, hooks },
      `hooks ${hooks.map((h) => h.name).join(', ')} after warnings ${warnings.join(', ') || 'none'}`,
    );
  },
});

// ------------------------------------------------------------------ TR-NORM-67

/** Text blocks whose joined length falls around the cut: ASCII, two-, three- and four-octet characters. */
const edgeText = fc
  .tuple(fc.integer({ min: 0, max: 110 }), fc.constantFrom('a', 'é', '€', '😀', 'a€'))
  .map(([n, unit]) => unit.repeat(Math.max(0, Math.ceil(n / Buffer.byteLength(unit, 'utf8')))));
const PNG = 'iVBORw0KGgoAAAANSUhEUg==';
/** MCP blocks around the drop notice: texts, placeholders of every kind, and blocks that give no placeholder. */
const dropBlock = fc.oneof(
  { weight: 4, arbitrary: edgeText.map((text) => ({ type: 'text', text })) },
  { weight: 2, arbitrary: fc.constant({ type: 'image', data: PNG, mimeType: 'image/png' }) },
  { weight: 1, arbitrary: fc.constant({ type: 'audio', data: PNG, mimeType: 'audio/wav' }) },
  { weight: 1, arbitrary: fc.constant({ type: 'resource_link', uri: 'file:///a.csv', name: 'a' }) },
  { weight: 1, arbitrary: fc.constant({ type: 'resource', resource: { uri: 'file:///b', blob: PNG } }) },
  { weight: 1, arbitrary: fc.constant({ type: 'image', data: '@', mimeType: 'image/png' }) },
  { weight: 1, arbitrary: fc.constant({ type: 'image', data: PNG, mimeType: 'image/png', annotations: { audience: ['user'] } }) },
  { weight: 1, arbitrary: fc.constant({ type: 'text', text: '[image block omitted]' }) },
);
const OMITTED_KINDS: Readonly<Record<string, string>> = { image: 'image', audio: 'audio', resource_link: 'resource_link', resource: 'resource' };

/** The kinds of the model-facing blocks that give a placeholder (TR-NORM-12), in block order. */
function placeholderKinds(blocks: readonly Rec[]): string[] {
  return blocks.flatMap((b) => {
    const audience = (b.annotations as Rec | undefined)?.audience;
    if (Array.isArray(audience) && !audience.includes('assistant')) return [];
    if (b.type === 'image' && b.data === '@') return [];
    const kind = OMITTED_KINDS[String(b.type)];
    return kind === undefined ? [] : [kind];
  });
}

export const dropNotices = defineProperty({
  name: 'drop-notice-edge',
  description:
    'a text cut at the content budget never hides an omitted block: every model-facing block with a placeholder is named whole in the content or counted by the drop notice, and the bytes are the pinned ones',
  requirements: ['TR-NORM-67', 'TR-NORM-12', 'TR-BOUND-3'],
  groups: ['normalize-mcp'],
  numRuns: 150,
  arbitrary: () => fc.tuple(fc.array(dropBlock, { minLength: 1, maxLength: 8 }), fc.integer({ min: 256, max: 300 }), fc.boolean()),
  async check([blocks, budget, isError], ask) {
    const input = { source: 'mcp', value: { content: blocks, isError }, options: { contentBudget: budget } };
    const got = await ask.any('normalize', input);
    if (got.ok) {
      const content = (got.output as { result?: { content?: unknown } }).result?.content;
      if (typeof content !== 'string') throw new Mismatch('the normalized result has no string content', 'a string', content);
      const notice = /\n\[omitted from this result: ([^\]]*)\]$/.exec(content);
      for (const kind of new Set(placeholderKinds(blocks))) {
        const named =
          content.includes(`[${kind} block omitted]`) ||
          (notice !== null && notice[1]!.split(', ').some((item) => item.endsWith(` ${kind} block`) || item.endsWith(` ${kind} blocks`)));
        if (!named)
          throw new Mismatch(
            `the ${kind} block the model cannot see is named nowhere in the content at budget ${budget}`,
            `[${kind} block omitted] or a drop notice counting it`,
            content,
          );
      }
    }
    await matches(ask, 'normalize', input, `${blocks.length} blocks at budget ${budget}`);
  },
});

// ------------------------------------------------------------------ TR-NORM-65 item 3

/**
 * A list of 2^17 distinct items: uniqueItems takes one step per item (item 3), and with no
 * applicator of more than one subschema around it the count has no order to vary, so 8 times the
 * limit stops every check (the spec's rule for the kit's cases, item 3).
 */
const DISTINCT_ITEMS = 2 ** 17;

export const uniqueItemsWorkLimit = defineProperty({
  name: 'unique-items-work-limit',
  description:
    'uniqueItems over 2^17 distinct items is a check that stops (one step per item, 2^14 allowed): structuredContent dropped under warn, the error result under enforce, wherever the keyword sits (not included)',
  requirements: ['TR-NORM-65', 'TR-NORM-32'],
  groups: ['normalize-mcp'],
  // One run: each sends 2^17 items (about 0.9 MB), and any of the variants tells the two readings apart.
  numRuns: 1,
  arbitrary: () =>
    fc.record({
      items: fc.constantFrom('numbers', 'strings'),
      under: fc.constantFrom('plain', 'not'),
      policy: fc.constantFrom('warn', 'enforce'),
    }),
  async check({ items, under, policy }, ask) {
    // Distinct items, so no implementation may stop early at a duplicate.
    const list = Array.from({ length: DISTINCT_ITEMS }, (_, i) => (items === 'numbers' ? i : `s${i}`));
    const unique = { uniqueItems: true };
    const outputSchema = { type: 'object', properties: { a: under === 'not' ? { not: { not: unique } } : unique } };
    await matches(
      ask,
      'normalize',
      {
        source: 'mcp',
        value: { content: [{ type: 'text', text: 'ok' }], structuredContent: { a: list } },
        options: { structuredBudget: 16 * 2 ** 20, outputSchema, schemaPolicy: policy },
      },
      `uniqueItems over ${DISTINCT_ITEMS} distinct ${items} (${under}, ${policy})`,
    );
  },
});

export const normalizeRuleProperties = [unknownTypeNames, base64Sizes, dataUrls, langchainEntries, dropNotices, uniqueItemsWorkLimit];
export const hookRuleProperties = [warningsAcrossHooks];
