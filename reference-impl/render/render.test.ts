import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../codegen/schema-validator.ts';
import { viewArtifact } from './artifact-view.ts';
import { escapeHtml, renderArtifactHtml } from './html.ts';

const envelope = loadSchemas().getSchema('https://toolresult.dev/schemas/v1/artifact-envelope.schema.json')!;

describe('consumers of artifacts', () => {
  it('TR-MODEL-6: an artifact of a type the consumer does not know renders with the fallback, without failing', () => {
    const future = { type: 'key_value', label: 'Settings', data: { pairs: [['a', 'b']] } };
    expect(envelope(future)).toBe(true);
    const v = viewArtifact(future);
    expect(v).toEqual({ kind: 'fallback', label: 'Settings', type: 'key_value', json: JSON.stringify(future.data, null, 2) });
    expect(renderArtifactHtml(future)).toContain('artifact-unknown');
  });

  it('TR-MODEL-6: malformed or masked artifacts fall back too, and nothing throws', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const odd = [
      null,
      7,
      'x',
      [],
      { type: 'table', label: 'T', data: { columns: ['a'], rows: [['1', '2']] } },
      { type: '***', label: '***', data: cyclic },
      { type: 'text', label: 1, data: { text: 2 } },
    ];
    for (const a of odd) {
      expect(() => renderArtifactHtml(a)).not.toThrow();
      expect(viewArtifact(a).kind).toBe('fallback');
    }
  });

  it('TR-MODEL-6: known types render as themselves', () => {
    expect(viewArtifact({ type: 'table', label: 'L', data: { columns: ['a'], rows: [['1']] } }).kind).toBe('table');
    expect(viewArtifact({ type: 'text', label: 'L', data: { text: 'hi' } })).toEqual({ kind: 'text', label: 'L', text: 'hi' });
  });

  it('TR-MODEL-7: every artifact string is rendered as inert text', () => {
    const evil = '<img src=x onerror="alert(1)">&\'';
    const artifacts = [
      { type: 'table', label: evil, data: { columns: [evil], rows: [[evil]] } },
      { type: 'text', label: evil, data: { text: evil } },
      { type: evil, label: evil, data: { [evil]: evil } },
    ];
    for (const a of artifacts) {
      const html = renderArtifactHtml(a);
      expect(html).not.toContain('<img');
      expect(html).not.toMatch(/onerror="/);
      expect(html).toContain(escapeHtml(evil));
    }
  });
});
