// Properties and unit tests of the normalizers that vectors cannot express: any native value,
// hostile objects, canaries in every run-only place, pass-through of tool results, the base64 rule
// against atob. Vectors (conformance/vectors/normalize-*) pin the exact outputs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../codegen/schema-validator.ts';
import { propertyConfig } from '../../test/support/fc-config.ts';
import { bound, coerceString } from '../bound/index.ts';
import { BoundedToolResult, ToolResult } from '../tool-result.ts';
import { base64DecodedSize } from './base64-size.ts';
import { normalize, normalizeLangChain, normalizeLocal, normalizeMcp, type NormalizeSource } from './index.ts';

const validateRecord = loadSchemas().getSchema('https://toolresult.dev/schemas/v1/tool-result.schema.json')!;
const SOURCES: readonly NormalizeSource[] = ['mcp', 'langchain', 'local'];

const anyValue = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withTypedArray: true,
  withSparseArray: true,
  withUnicodeString: true,
});
const block = fc.oneof(
  anyValue,
  fc.record(
    {
      type: fc.constantFrom('text', 'image', 'audio', 'resource', 'resource_link', 'video'),
      text: anyValue,
      data: anyValue,
      resource: anyValue,
      uri: anyValue,
      name: anyValue,
      annotations: anyValue,
    },
    { requiredKeys: ['type'] },
  ),
);
const mcpLike = fc.record(
  { content: fc.oneof(fc.array(block, { maxLength: 6 }), anyValue), structuredContent: anyValue, isError: fc.oneof(fc.boolean(), anyValue), _meta: anyValue },
  { requiredKeys: [] },
);
const lcLike = fc.record(
  {
    content: fc.oneof(fc.string(), fc.array(block, { maxLength: 6 }), anyValue),
    status: fc.oneof(fc.constantFrom('success', 'error'), anyValue),
    artifact: fc.oneof(fc.array(block), anyValue),
  },
  { requiredKeys: [] },
);

function expectValidResult(r: unknown): void {
  expect(r).toBeInstanceOf(BoundedToolResult);
  const record = (r as BoundedToolResult).toRecord();
  expect(validateRecord(record), JSON.stringify(validateRecord.errors)).toBe(true);
}

describe('TR-NORM-2: normalizers never throw and always return a bounded result', () => {
  it('TR-NORM-2 TR-NORM-1: any value, for every source', () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, mcpLike, lcLike), fc.constantFrom(...SOURCES), (value, source) => {
        expectValidResult(normalize(source, value));
      }),
      propertyConfig(300),
    );
  });

  it('TR-NORM-2: an accessor is not read even when Object.prototype.value is polluted', () => {
    let ran = 0;
    const trap = (): string => {
      ran++;
      return 'LEAKED';
    };
    const content = [Object.defineProperty({ type: 'text' }, 'text', { get: trap, enumerable: true })];
    const outputSchema = Object.defineProperty({}, '$schema', { get: trap, enumerable: true });
    const contents: string[] = [];
    // Pollution breaks defineProperty for everyone (the test runner too): assert after cleaning up.
    Object.defineProperty(Object.prototype, 'value', { get: trap, configurable: true });
    try {
      for (const [source, value] of [
        ['mcp', { content, structuredContent: { a: 1 } }],
        ['langchain', { content }],
      ] as const) {
        contents.push(normalize(source, value, { outputSchema, schemaPolicy: 'warn' }).content);
      }
    } finally {
      delete (Object.prototype as { value?: unknown }).value;
    }
    expect(ran).toBe(0);
    expect(contents).toHaveLength(2);
    for (const c of contents) expect(c).not.toContain('LEAKED');
  });

  it('TR-NORM-2: getters, toJSON and proxy traps of the input are never run', () => {
    let ran = 0;
    const trap = (): never => {
      ran++;
      throw new Error('trap ran');
    };
    const hostile = new Proxy({}, { get: trap, getPrototypeOf: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, has: trap });
    const withGetter = Object.defineProperty({}, 'type', { get: trap, enumerable: true });
    const withToJson = { type: 'text', text: 'ok', toJSON: trap };
    const inputs: [NormalizeSource, unknown][] = [
      ['mcp', hostile],
      ['mcp', { content: [hostile, withGetter, withToJson], structuredContent: { a: withGetter, b: hostile } }],
      ['mcp', Object.defineProperty({}, 'content', { get: trap })],
      ['langchain', hostile],
      ['langchain', { content: [hostile, withGetter], artifact: [withGetter] }],
      ['langchain', { content: 'x', artifact: hostile }],
      ['local', hostile],
      ['local', { nested: hostile, g: withGetter }],
      ['local', new Proxy(() => 1, { apply: trap, get: trap, getPrototypeOf: trap })],
    ];
    for (const [source, value] of inputs) expectValidResult(normalize(source, value));
    expect(ran).toBe(0);
  });

  it('TR-NORM-2: a cycle and a 100,000-level nest in a content list', () => {
    const cyclic: Record<string, unknown> = { type: 'text', text: 'x' };
    cyclic.self = cyclic;
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    const r = normalizeMcp({ content: [cyclic, deep], structuredContent: { deep } });
    expect(r.content).toBe('x\n[unsupported block]');
    expect(r.warnings).toEqual([{ code: 'structured.too_deep' }]);
  });

  it('TR-NORM-1: invalid options throw a RangeError that names the option, not the value', () => {
    expect(() => normalizeMcp({ content: [] }, { schemaPolicy: 'SECRET-VALUE' as never })).toThrow(RangeError);
    try {
      normalizeMcp({ content: [] }, { schemaPolicy: 'SECRET-VALUE' as never });
    } catch (e) {
      expect((e as Error).message).toContain('schemaPolicy');
      expect((e as Error).message).not.toContain('SECRET-VALUE');
    }
    expect(() => normalizeLocal('x', { contentBudget: 12 })).toThrow(/contentBudget/);
    expect(() => normalize('other' as never, 'x')).toThrow(RangeError);
  });
});

describe('TR-NORM-3: text-only results stay exactly what they were', () => {
  it('TR-NORM-3 TR-NORM-14: MCP text blocks give their joined text and nothing else', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { maxLength: 8 }), (texts) => {
        const r = normalizeMcp({ content: texts.map((text) => ({ type: 'text', text })) });
        expect(r.toRecord()).toStrictEqual({ content: coerceString(texts.join('\n')), isError: false, artifacts: [], warnings: [] });
      }),
      propertyConfig(),
    );
  });

  it('TR-NORM-3 TR-NORM-60: a local string tool gives that string and nothing else', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => {
        expect(normalizeLocal(s).toRecord()).toStrictEqual({ content: coerceString(s), isError: false, artifacts: [], warnings: [] });
        expect(normalizeLangChain({ content: s }).toRecord()).toStrictEqual({ content: coerceString(s), isError: false, artifacts: [], warnings: [] });
      }),
      propertyConfig(),
    );
  });
});

describe('TR-NORM-4: no run-only byte reaches content', () => {
  // Upper case and a dash: no type-name echo (TR-NORM-41) can carry it either.
  const canary = fc.stringMatching(/^[0-9A-F]{12}$/).map((h) => `CNRY-${h}`);
  const safeText = fc.string({ maxLength: 12 }).filter((s) => !s.includes('CNRY'));

  function runOnlyBlock(c: string): fc.Arbitrary<unknown> {
    const data = Buffer.from(`bytes ${c} bytes`).toString('base64');
    const userOnly = { annotations: { audience: ['user'] } };
    return fc.constantFrom<unknown>(
      { type: 'image', data, mimeType: `image/${c}` },
      { type: 'audio', data, mimeType: 'audio/wav', _meta: { c } },
      { type: 'resource', resource: { uri: `file:///${c}`, blob: data, mimeType: c } },
      { type: 'resource', resource: { uri: `file:///${c}`, text: `text ${c}` }, ...userOnly },
      { type: 'resource_link', uri: `https://x/${c}`, name: c, title: c, description: c, mimeType: c },
      { type: 'text', text: `for the user ${c}`, ...userOnly },
      { type: 'text', text: `for nobody ${c}`, annotations: { audience: [] } },
      { type: `${c}`, text: c },
      { type: 'video', data, text: c },
      { type: 'image', data: `not base64 ${c}!` },
    );
  }

  it('TR-NORM-4 TR-NORM-10 TR-NORM-17 TR-NORM-21: canaries in binary data, user-only blocks, links and _meta stay out of content', () => {
    fc.assert(
      fc.property(
        canary,
        fc.boolean(),
        canary.chain((c) =>
          fc
            .array(
              fc.oneof(
                runOnlyBlock(c),
                safeText.map((text) => ({ type: 'text', text })),
              ),
              { maxLength: 8 },
            )
            .map((blocks) => [c, blocks] as const),
        ),
        (_unused, isError, [c, blocks]) => {
          const r = normalizeMcp({ content: blocks, isError, _meta: { trace: c } });
          const encoded = Buffer.from(`bytes ${c} bytes`).toString('base64');
          expect(r.content).not.toContain(c);
          expect(r.content).not.toContain(encoded);
          expect(JSON.stringify(r.toRecord())).not.toContain(encoded); // binary data goes nowhere at all
        },
      ),
      propertyConfig(),
    );
  });

  it('TR-NORM-4 TR-NORM-53: LangChain artifact entries and data: URLs stay out of content', () => {
    fc.assert(
      fc.property(canary, (c) => {
        const data = Buffer.from(`bytes ${c}`).toString('base64');
        const r = normalizeLangChain({
          content: [
            { type: 'text', text: 'ok' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${data}` } },
            { type: 'audio', data, mime_type: 'audio/wav' },
          ],
          artifact: [
            { type: 'mcp_meta', data: { c } },
            { type: 'resource', resource: { uri: `file:///${c}`, text: c } },
            { type: 'file', source_type: 'base64', data, mime_type: 'application/pdf' },
          ],
        });
        expect(r.content).toBe('ok\n[image_url block omitted]\n[audio block omitted]');
        expect(JSON.stringify(r.toRecord())).not.toContain(data);
      }),
      propertyConfig(),
    );
  });
});

describe('TR-NORM-10: decoded size of base64 data', () => {
  it('TR-NORM-10: agrees with atob on whether data is base64 and on its decoded length', () => {
    const chars = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=', ' ', '\n', '\t', '-', '_', 'é');
    const encoded = fc.uint8Array({ maxLength: 40 }).chain((bytes) => {
      const full = Buffer.from(bytes).toString('base64');
      return fc.constantFrom(full, full.replace(/=+$/, ''), full.replace(/(.{4})/g, '$1\n'));
    });
    fc.assert(
      fc.property(
        fc.oneof(
          encoded,
          fc.array(chars, { maxLength: 24 }).map((a) => a.join('')),
        ),
        (s) => {
          let expected: number | undefined;
          try {
            expected = atob(s).length;
          } catch {
            expected = undefined;
          }
          expect(base64DecodedSize(s)).toBe(expected);
        },
      ),
      propertyConfig(500),
    );
  });
});

describe('TR-NORM-10: native byte arrays', () => {
  it('TR-NORM-10 TR-NORM-51: a LangChain block holding a Uint8Array counts its length and copies nothing', () => {
    const bytes = new TextEncoder().encode('raw bytes CNRY-NATIVE');
    const r = normalizeLangChain({ content: [{ type: 'image', mimeType: 'image/png', data: bytes }] });
    expect(r.content).toBe('[image block omitted]');
    expect(r.artifacts[0]).toEqual({
      type: 'table',
      label: 'Content references',
      data: { columns: ['block', 'kind', 'mimeType', 'size', 'uri'], rows: [['content[0]', 'image', 'image/png', String(bytes.byteLength), '']] },
    });
    expect(JSON.stringify(r.toRecord())).not.toContain('CNRY-NATIVE');
  });
});

describe('TR-NORM-62: tool results pass through', () => {
  it('TR-NORM-62: a ToolResult comes back as the bounder makes it, a bounded one unchanged', () => {
    const raw = ToolResult.text('Found 2', {
      structured: { count: 2 },
      artifacts: [{ type: 'table', label: 'Invoices', data: { columns: ['id'], rows: [['INV-1'], ['INV-2']] } }],
      warnings: ['structured.invalid'],
    });
    const normalized = normalizeLocal(raw);
    expect(normalized.toRecord()).toEqual(bound(raw).toRecord());
    expect(normalizeLocal(normalized).toRecord()).toEqual(normalized.toRecord());
    const failed = normalizeLocal(ToolResult.error('boom', { structured: { code: 'E' } }), { contentBudget: 256 });
    expect(failed.toRecord()).toEqual({ content: 'boom', isError: true, structured: { code: 'E' }, artifacts: [], warnings: [] });
  });

  it('TR-NORM-62 TR-NORM-63: only real tool results pass; a look-alike object is JSON data', () => {
    const lookAlike = { content: 'x', isError: false };
    const r = normalizeLocal(lookAlike);
    expect(r.structured).toEqual(lookAlike);
    expect(r.content).toBe('{"content":"x","isError":false}');
  });
});
