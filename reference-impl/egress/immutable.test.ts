// A bounded result cannot change after bound() returned it (TR-EGRESS-6): the budgets the bounder
// checked are the budgets the sinks see.
import { describe, expect, it } from 'vitest';
import { ToolResult, bound } from '../index.ts';

describe('bounded results are immutable', () => {
  it('TR-EGRESS-6: later changes to the input do not reach the bounded result', () => {
    const structured = { invoices: [{ id: 'INV-1' }] };
    const rows = [['INV-1']];
    const artifacts = [{ type: 'table', label: 'Invoices', data: { columns: ['id'], rows } }];
    const b = bound(ToolResult.text('ok', { structured, artifacts }));
    structured.invoices.push({ id: 'x'.repeat(2_000_000) });
    rows.push(['y'.repeat(2_000_000)]);
    artifacts.length = 0;
    expect(b.structured).toEqual({ invoices: [{ id: 'INV-1' }] });
    expect(b.artifacts).toEqual([{ type: 'table', label: 'Invoices', data: { columns: ['id'], rows: [['INV-1']] } }]);
  });

  it('TR-EGRESS-6: what the accessors hand out is deeply frozen, so nobody can grow it past its budget', () => {
    const b = bound(ToolResult.text('ok', { structured: { a: [1, { b: 'c' }] }, artifacts: [{ type: 'text', label: 'L', data: { text: 't' } }] }));
    const s = b.structured as { a: [number, { b: string }] };
    const a = b.artifacts;
    for (const v of [s, s.a, s.a[1], a, a[0], a[0]!.data, b.warnings]) expect(Object.isFrozen(v)).toBe(true);
    expect(() => {
      (s.a[1] as { b: string }).b = 'changed';
    }).toThrow(TypeError);
    expect(() => (a as unknown[]).push({})).toThrow(TypeError);
    expect(b.structured).toEqual({ a: [1, { b: 'c' }] });
    // The record is a separate copy: changing it changes nothing inside the result.
    const rec = b.toRecord();
    (rec.structured as { a: unknown[] }).a.push(2);
    expect(b.structured).toEqual({ a: [1, { b: 'c' }] });
  });
});
