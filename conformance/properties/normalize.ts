// Normalization properties (spec/10-normalization.md): whatever a source hands over, the
// normalizer answers with a bounded result; `_meta` and binary data never reach any channel; and
// every source's output matches the reference (TR-CONF-5).
import fc from 'fast-check';
import { canary, taggedString, taggedValue, wideText, type Tagged } from './arbitraries.ts';
import { Mismatch, defineProperty, type Caps } from './define.ts';
import { reference } from './reference.ts';
import { firstDifference } from '../core/compare.ts';
import { loadSchemas } from '../../codegen/schema-validator.ts';

type Rec = Record<string, unknown>;
const SOURCES = { mcp: 'normalize-mcp', langchain: 'normalize-langchain', local: 'normalize-local' } as const;

const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');
const audience = fc.option(
  fc.subarray(['user', 'assistant']).map((a) => ({ audience: a })),
  { nil: undefined },
);

function mcpBlock(caps: Caps, meta: fc.Arbitrary<Rec | undefined>): fc.Arbitrary<Rec> {
  const withMeta = (a: fc.Arbitrary<Rec>) =>
    fc.tuple(a, meta, audience).map(([b, m, an]) => ({ ...b, ...(m ? { _meta: m } : {}), ...(an ? { annotations: an } : {}) }));
  const data = fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 24 }).map(b64);
  return withMeta(
    fc.oneof(
      { weight: 4, arbitrary: fc.record({ type: fc.constant('text'), text: taggedString(caps) }) },
      { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('image', 'audio'), data, mimeType: fc.constantFrom('image/png', 'audio/wav') }) },
      { weight: 1, arbitrary: fc.record({ type: fc.constant('resource_link'), uri: fc.webUrl(), name: wideText(6) }) },
      {
        weight: 1,
        arbitrary: fc.record({
          type: fc.constant('resource'),
          resource: fc.oneof(fc.record({ uri: fc.webUrl(), text: taggedString(caps) }), fc.record({ uri: fc.webUrl(), blob: data })),
        }),
      },
      { weight: 1, arbitrary: fc.record({ type: fc.constantFrom('video', 'text'), junk: fc.integer() }) },
    ),
  );
}

function mcpValue(caps: Caps, meta: fc.Arbitrary<Rec | undefined> = fc.constant(undefined)): fc.Arbitrary<Rec> {
  return fc.record(
    {
      content: fc.array(mcpBlock(caps, meta), { maxLength: 4 }),
      structuredContent: taggedValue(caps, { strings: taggedString(caps), withBad: false, maxDepth: 3 }),
      isError: fc.oneof(fc.boolean(), fc.constant('yes')),
      _meta: meta.map((m) => m ?? {}),
    },
    { requiredKeys: ['content'] },
  );
}

function langchainValue(caps: Caps): fc.Arbitrary<Rec> {
  const structured = taggedValue(caps, { strings: taggedString(caps), withBad: false, maxDepth: 3 });
  return fc.record(
    {
      content: fc.oneof(
        taggedString(caps),
        fc.array(fc.oneof(taggedString(caps), fc.record({ type: fc.constant('text'), text: taggedString(caps) })), { maxLength: 3 }),
      ),
      status: fc.constantFrom('success', 'error'),
      artifact: fc.oneof(
        fc.tuple(structured, fc.jsonValue()).map(([s, m]) => [
          { type: 'mcp_structured_content', data: s },
          { type: 'mcp_meta', data: m },
        ]),
        structured.map((s) => ({ structured_content: s })),
        structured,
      ),
    },
    { requiredKeys: ['content'] },
  );
}

const anyValue = (caps: Caps): fc.Arbitrary<Tagged> => taggedValue(caps, { strings: taggedString(caps), withBad: true });

const valueFor: Record<keyof typeof SOURCES, (caps: Caps) => fc.Arbitrary<Tagged>> = {
  mcp: (caps) => fc.oneof({ weight: 3, arbitrary: mcpValue(caps) }, { weight: 1, arbitrary: anyValue(caps) }),
  langchain: (caps) => fc.oneof({ weight: 3, arbitrary: langchainValue(caps) }, { weight: 1, arbitrary: anyValue(caps) }),
  local: (caps) => anyValue(caps),
};

function refuse(where: string, needle: string, text: string): void {
  const at = text.indexOf(needle);
  if (at >= 0) throw new Mismatch(`${needle} reached ${where}`, `no ${needle}`, `…${text.slice(Math.max(0, at - 120), at + needle.length + 40)}…`);
}

export const metaNeverRead = defineProperty({
  name: 'meta-never-read',
  description: 'MCP _meta, on the result or on a block, reaches no channel of the normalized result',
  requirements: ['TR-NORM-21', 'TR-NORM-4'],
  groups: ['normalize-mcp'],
  arbitrary: (caps) =>
    canary().chain((c) =>
      mcpValue(caps, fc.option(fc.constantFrom({ trace: c }, { [c]: 1 }, { 'example.com/x': [c] }), { nil: undefined, freq: 2 })).map((value) => ({
        c,
        value: { ...value, _meta: { trace: c } },
      })),
    ),
  async check({ c, value }, ask) {
    const r = await ask.ok('normalize', { source: 'mcp', value });
    refuse('the normalized result', c, JSON.stringify(r.output));
    refuse('the logs', c, r.logs.join('\n'));
  },
});

export const binaryNeverCopied = defineProperty({
  name: 'binary-never-copied',
  description: 'the bytes of image, audio and blob data reach no channel, in base64 or decoded',
  requirements: ['TR-NORM-10', 'TR-NORM-4'],
  groups: ['normalize-mcp'],
  arbitrary: (caps) =>
    fc
      .tuple(canary(), fc.array(mcpBlock(caps, fc.constant(undefined)), { maxLength: 3 }), fc.constantFrom('image', 'audio', 'blob'))
      .map(([c, blocks, kind]) => {
        const data = Buffer.from(`${c}${c}`).toString('base64');
        const bin =
          kind === 'blob' ? { type: 'resource', resource: { uri: 'file:///x', blob: data } } : { type: kind, data, mimeType: 'application/octet-stream' };
        return { c, data, value: { content: [...blocks, bin] } };
      }),
  async check({ c, data, value }, ask) {
    const r = await ask.ok('normalize', { source: 'mcp', value });
    const text = JSON.stringify(r.output);
    refuse('the normalized result', data.slice(0, 24), text);
    refuse('the normalized result', c, text);
  },
});

let toolResultCheck: ((v: unknown) => boolean) | undefined;
export const neverFails = defineProperty({
  name: 'any-value-normalizes',
  description: 'any value of any source normalizes to a result that validates against tool-result.schema.json; nothing throws',
  requirements: ['TR-NORM-2', 'TR-NORM-1'],
  groups: ['normalize'],
  arbitrary: (caps) =>
    fc.constantFrom(...(Object.keys(SOURCES) as (keyof typeof SOURCES)[])).chain((source) => valueFor[source](caps).map((value) => ({ source, value }))),
  async check(input, ask, hello) {
    if (!hello.groups.includes(SOURCES[input.source])) return;
    toolResultCheck ??= loadSchemas().getSchema('https://toolresult.dev/schemas/v1/tool-result.schema.json') as never;
    const r = await ask.any('normalize', input);
    if (!r.ok) throw new Mismatch(`normalize answered error ${r.code}`, 'a bounded result', { error: r.code });
    // An MCP answer that is not finished is a pending call, not a result (TR-NORM-23, TR-NORM-24); the
    // adapter process already checked its shape against NormalizeOutput. No other source has one.
    if ('pending' in r.output) {
      if (input.source !== 'mcp') throw new Mismatch(`normalize of ${input.source} answered a pending call`, 'a bounded result', r.output);
      return;
    }
    if (!toolResultCheck!(r.output.result))
      throw new Mismatch('normalized result does not validate against tool-result.schema.json', 'a valid ToolResult', r.output.result);
  },
});

function normalizeMatches(source: keyof typeof SOURCES) {
  return defineProperty({
    name: `normalize-${source}-matches-reference`,
    description: `normalize of ${source} values answers what the reference answers`,
    requirements: ['TR-CONF-5'],
    groups: [SOURCES[source]],
    // Opaque natives are compared too: spec 9.2 pins, per kind, whether a normalizer reads it as an
    // object without data fields or as not an object, whatever native value a language built.
    arbitrary: (caps) => valueFor[source](caps).map((value) => ({ source, value })),
    async check(input, ask) {
      const want = reference('normalize', input);
      const got = await ask.any('normalize', input);
      if (!want.ok || !got.ok) {
        const w = want.ok ? 'an output' : `error ${want.code}`;
        const g = got.ok ? 'an output' : `error ${got.code}`;
        if (w !== g)
          throw new Mismatch(
            `normalize answered ${g}, the reference ${w}`,
            want.ok ? want.output : { error: want.code },
            got.ok ? got.output : { error: got.code },
          );
        return;
      }
      const d = firstDifference(want.output, got.output);
      if (d !== undefined) throw new Mismatch(`normalize output differs from the reference at ${d}`, want.output, got.output);
    },
  });
}

// MCP answers of every kind 2026-07-28 servers send (results with resultType, task handles of both
// task protocols, input-required results, unknown result types), with members of the right and the
// wrong kinds: what each is read as must be what the reference reads.
const taskText = fc.string({ maxLength: 12 });
const taskMember = fc.oneof({ weight: 4, arbitrary: taskText }, { weight: 1, arbitrary: fc.constantFrom(7, null, true) });
const pollInterval = fc.oneof(fc.nat({ max: 60_000 }), fc.constantFrom(-1, 1.5, 5.0, '1000', null));
function mcpAnswer(caps: Caps): fc.Arbitrary<Rec> {
  const base = mcpValue(caps, fc.constant({ 'io.modelcontextprotocol/serverInfo': { name: 'probe', version: '1' }, traceparent: '00-0-0-01' }));
  return fc.oneof(
    fc.tuple(base, fc.constantFrom('complete', 'input_required', 'partial', 'Complete', 3)).map(([v, resultType]) => ({ ...v, resultType })),
    fc
      .record({ taskId: taskMember, status: taskMember, pollIntervalMs: pollInterval, content: fc.constant([]) }, { requiredKeys: [] })
      .map((t) => ({ resultType: 'task', ttlMs: null, ...t })),
    fc
      .record({ taskId: taskMember, status: taskMember, pollInterval }, { requiredKeys: [] })
      .chain((task) => fc.constantFrom({ task }, { task, content: [] }, { task, resultType: 'complete' })),
  );
}

export const answerKindsMatch = defineProperty({
  name: 'normalize-mcp-answer-kinds-match-reference',
  description: 'an MCP answer of any kind (result, task handle, input-required, unknown resultType) is read as the reference reads it',
  requirements: ['TR-CONF-5', 'TR-NORM-22', 'TR-NORM-23', 'TR-NORM-24', 'TR-NORM-25'],
  groups: ['normalize-mcp'],
  arbitrary: (caps) => mcpAnswer(caps).map((value) => ({ source: 'mcp', value })),
  async check(input, ask) {
    const want = reference('normalize', input);
    if (!want.ok) throw new Error(`the reference answered normalize with error ${want.code}`);
    const got = await ask.ok('normalize', input);
    const d = firstDifference(want.output, got.output);
    if (d !== undefined) throw new Mismatch(`normalize output differs from the reference at ${d}`, want.output, got.output);
  },
});

export const normalizeProperties = [
  metaNeverRead,
  answerKindsMatch,
  binaryNeverCopied,
  neverFails,
  normalizeMatches('mcp'),
  normalizeMatches('langchain'),
  normalizeMatches('local'),
];
