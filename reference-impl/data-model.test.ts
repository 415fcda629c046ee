// The data model's rules (spec/02-data-model.md), checked on the reference implementation and the
// schemas together.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../codegen/schema-validator.ts';
import { propertyConfig } from '../test/support/fc-config.ts';
import { ToolResult, bound, toWireMessage } from './index.ts';

const ajv = loadSchemas();
const toolResultSchema = ajv.getSchema('https://toolresult.dev/schemas/v1/tool-result.schema.json')!;
const table = { type: 'table', label: 'Invoices', data: { columns: ['id'], rows: [['INV-1']] } };

describe('data model', () => {
  it('TR-MODEL-1: a result has exactly one provider-facing string, and nothing appends run-only data to it', () => {
    const r = ToolResult.text('Found 1 invoice', { structured: { id: 'CANARY-S' }, artifacts: [table] });
    expect(Object.keys(r)).toEqual(['content', 'isError']);
    const b = bound(r);
    expect(Object.keys(b)).toEqual(['content', 'isError']);
    expect(b.content).toBe('Found 1 invoice');
    expect(toWireMessage(b)).toEqual({ content: 'Found 1 invoice', isError: false });
    const strings = Object.values(toWireMessage(b)).filter((v) => typeof v === 'string');
    expect(strings).toHaveLength(1);
  });

  it('TR-MODEL-2: an error result carries no artifacts, by constructor, by schema and by the bounder', () => {
    const r = ToolResult.error('failed', { artifacts: [table] } as never);
    const rec = bound(r).toRecord();
    expect(rec.artifacts).toEqual([]);
    expect(rec.warnings).toEqual([{ code: 'artifacts.dropped_on_error' }]);
    expect(toolResultSchema({ ...rec, artifacts: [table] })).toBe(false);
    expect(toolResultSchema(rec)).toBe(true);
  });

  it('TR-MODEL-3: an error result keeps the structured data a server reported with it', () => {
    const rec = bound(ToolResult.error('Invoice not found', { structured: { code: 'not_found', id: 'INV-9' } })).toRecord();
    expect(rec).toEqual({ content: 'Invoice not found', isError: true, structured: { code: 'not_found', id: 'INV-9' }, artifacts: [], warnings: [] });
    expect(toolResultSchema(rec)).toBe(true);
  });

  it('TR-MODEL-4: structured may be any JSON value, and null is present while undefined is absent', () => {
    for (const v of [null, 0, 'x', true, [1, 'a'], { a: null }]) {
      const rec = bound(ToolResult.text('', { structured: v })).toRecord();
      expect('structured' in rec).toBe(true);
      expect(rec.structured).toEqual(v);
    }
    const absent = bound(ToolResult.text('', { structured: undefined })).toRecord();
    expect('structured' in absent).toBe(false);
    expect(JSON.parse(JSON.stringify(bound(ToolResult.text('', { structured: null })).toRecord()))).toHaveProperty('structured', null);
  });

  it('TR-MODEL-5: the bounder lets through only known types of exactly their shape, rows as long as the columns', () => {
    const bad = [
      { type: 'table', label: 'x', data: { columns: ['a', 'b'], rows: [['1']] } },
      { type: 'tree', label: 'x', data: { text: 'y' } },
      { type: 'text', label: 'x', data: { text: 'y', extra: 1 } },
      { type: 'text', label: 'x', data: { text: 'y' }, html: '<b>' },
    ];
    for (const a of bad) {
      const rec = bound(ToolResult.text('ok', { artifacts: [table, a] })).toRecord();
      expect(rec.artifacts).toEqual([{ type: 'text', label: 'Artifacts omitted', data: { text: 'did not match their artifact types' } }]);
      expect(rec.warnings).toEqual([{ code: 'artifacts.invalid_shape' }]);
    }
    expect(bound(ToolResult.text('ok', { artifacts: [table] })).toRecord().artifacts).toEqual([table]);
  });

  it('TR-MODEL-8, TR-MODEL-9: warnings are bare codes, sorted, without duplicates, and carry no input bytes', () => {
    const canary = 'CANARY-W-7f3a';
    const arbResult = fc.record({
      content: fc.oneof(fc.string(), fc.constant(canary.repeat(100))),
      structured: fc.oneof(fc.constant(undefined), fc.constant({ [canary]: Number.NaN }), fc.constant({ k: canary.repeat(5000) }), fc.jsonValue()),
      artifacts: fc.oneof(fc.constant(undefined), fc.constant([{ type: canary, label: canary, data: {} }]), fc.constant([table])),
      warnings: fc.subarray(['structured.invalid', 'content.truncated', 'hook.failed'] as const),
      error: fc.boolean(),
    });
    fc.assert(
      fc.property(arbResult, (r) => {
        const input = r.error
          ? ToolResult.error(r.content, { structured: r.structured, warnings: [...r.warnings, ...r.warnings] })
          : ToolResult.text(r.content, { structured: r.structured, artifacts: r.artifacts, warnings: [...r.warnings].reverse() });
        const ws = bound(input, { contentBudget: 256, structuredBudget: 4096 }).warnings;
        for (const w of ws) expect(Object.keys(w)).toEqual(['code']);
        const codes = ws.map((w) => w.code);
        expect(codes).toEqual([...new Set(codes)].sort());
        for (const c of r.warnings) expect(codes).toContain(c);
        expect(JSON.stringify(ws)).not.toContain('CANARY');
      }),
      propertyConfig(300),
    );
  });

  it('TR-MODEL-10: budgets outside 256..1073741824 are rejected with an error naming the option', () => {
    const r = ToolResult.text('x');
    for (const [name, value] of [
      ['contentBudget', 255],
      ['artifactsBudget', 1073741825],
      ['structuredBudget', 1000.5],
      ['contentBudget', Number.NaN],
    ] as const) {
      expect(() => bound(r, { [name]: value })).toThrow(new RegExp(name));
    }
    expect(() => bound(r, { contentBudget: 256, artifactsBudget: 1073741824 })).not.toThrow();
  });
});
