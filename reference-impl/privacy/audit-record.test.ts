import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyConfig } from '../../test/support/fc-config.ts';
import { bound } from '../bound/index.ts';
import { canonicalize } from '../canonical-json/index.ts';
import { assertSchema, boundedResult, plantedResult } from '../../conformance/properties/bounded-results.ts';
import { ToolResult } from '../tool-result.ts';
import { auditRecord as buildAuditRecord, effectivePrivacyLevel, hasSecretShape, MASK, type AuditRecord } from './index.ts';

// Every record a test here makes is checked against audit-record.schema.json (TR-PRIV-11).
const auditRecord = (...args: Parameters<typeof buildAuditRecord>): AuditRecord => {
  const record = buildAuditRecord(...args);
  assertSchema('audit-record', record);
  return record;
};

const sample = bound(
  ToolResult.text('Found 2 invoices for jane@example.com', {
    structured: { invoices: [{ id: 'INV-1', amount: 500 }], 'sk-ABCDEFGH12345678': 'Bearer abc.def', 'sk-ZZZZZZZZ87654321': 1 },
    artifacts: [
      { type: 'table', label: 'token sk-LABEL0123456789', data: { columns: ['id'], rows: [['INV-1']] } },
      { type: 'text', label: 'Note', data: { text: 'see https://u:pw@host.example/x' } },
    ],
  }),
);

describe('privacy levels', () => {
  it('TR-PRIV-1: the default is metadata', () => {
    expect(effectivePrivacyLevel([])).toBe('metadata');
    expect(effectivePrivacyLevel([undefined, undefined])).toBe('metadata');
    expect(auditRecord(sample, []).level).toBe('metadata');
  });

  it('TR-PRIV-2: where settings meet, the strictest wins', () => {
    const levels = ['none', 'metadata', 'redacted', 'full'] as const;
    for (const a of levels)
      for (const b of levels) {
        const want = levels[Math.min(levels.indexOf(a), levels.indexOf(b))];
        expect(effectivePrivacyLevel([a, b])).toBe(want);
        expect(effectivePrivacyLevel([b, undefined, a])).toBe(want);
      }
  });

  it('TR-PRIV-2: a setting that is not a level counts as none', () => {
    expect(effectivePrivacyLevel(['full', 'FULL'])).toBe('none');
    expect(effectivePrivacyLevel([42])).toBe('none');
  });
});

describe('audit record', () => {
  it('TR-PRIV-3: none holds the level and nothing of the result', () => {
    expect(auditRecord(sample, ['none'])).toEqual({ version: 1, level: 'none' });
  });

  it('TR-PRIV-4: metadata holds the pinned summary and no content bytes', () => {
    const r = auditRecord(sample, ['metadata']);
    expect(r).toEqual({
      version: 1,
      level: 'metadata',
      summary: {
        isError: false,
        contentOctets: Buffer.byteLength(sample.content),
        hasStructured: true,
        structuredOctets: Buffer.byteLength(JSON.stringify(sample.structured)),
        artifactCount: 2,
        artifactsOctets: Buffer.byteLength(JSON.stringify(sample.artifacts)),
        artifactTypes: ['table', 'text'],
        warnings: [],
      },
    });
  });

  it('TR-PRIV-4: the summary leaves structuredOctets out when there is no structured value', () => {
    const r = auditRecord(bound(ToolResult.error('boom')), ['metadata']) as Extract<AuditRecord, { level: 'metadata' }>;
    expect(r.summary.hasStructured).toBe(false);
    expect('structuredOctets' in r.summary).toBe(false);
    expect(r.summary.isError).toBe(true);
  });

  it('TR-PRIV-4, TR-PRIV-5: summary lengths are exact, and every value is a number, a boolean or from a closed set', () => {
    fc.assert(
      fc.property(boundedResult(), ({ result }) => {
        const r = auditRecord(result, ['metadata']) as Extract<AuditRecord, { level: 'metadata' }>;
        assertSchema('audit-record', r);
        // The lengths are those of the JCS text, computed here independently of the bounder's measure.
        expect(r.summary.artifactsOctets).toBe(Buffer.byteLength(canonicalize(result.artifacts as never)));
        if (result.hasStructured) expect(r.summary.structuredOctets).toBe(Buffer.byteLength(canonicalize(result.structured ?? null)));
        expect(r.summary.contentOctets).toBe(Buffer.byteLength(result.content));
        for (const v of Object.values(r.summary)) {
          if (Array.isArray(v)) for (const s of v) expect(['table', 'text', ...result.warnings.map((w) => w.code)]).toContain(s);
          else expect(['number', 'boolean']).toContain(typeof v);
        }
      }),
      propertyConfig(150),
    );
  });

  it('TR-PRIV-6, TR-PRIV-12: full holds the bounded result verbatim, with the metadata summary', () => {
    const r = auditRecord(sample, ['full']) as Extract<AuditRecord, { level: 'full' }>;
    expect(r.result).toEqual(sample.toRecord());
    expect(r.summary).toEqual((auditRecord(sample, []) as Extract<AuditRecord, { level: 'metadata' }>).summary);
  });

  it('TR-PRIV-7: redacted keeps the shape and passes content, leaves, keys, type and label through the redactor', () => {
    const r = auditRecord(sample, ['redacted', 'full']) as Extract<AuditRecord, { level: 'redacted' }>;
    expect(r.result.content).toBe('Found 2 invoices for ***');
    expect(r.result.structured).toEqual({ invoices: [{ id: 'INV-1', amount: 500 }], [MASK]: 'Bearer ***', [`${MASK}#2`]: 1 });
    expect(r.result.artifacts).toEqual([
      { type: 'table', label: 'token ***', data: { columns: ['id'], rows: [['INV-1']] } },
      { type: 'text', label: 'Note', data: { text: 'see https://***@host.example/x' } },
    ]);
  });

  it('TR-PRIV-7: a pluggable redactor sees type and label too', () => {
    const r = auditRecord(sample, ['redacted'], { redactor: (s) => s.toUpperCase() }) as Extract<AuditRecord, { level: 'redacted' }>;
    expect(r.result.artifacts.map((a) => a.type)).toEqual(['TABLE', 'TEXT']);
    expect(r.result.artifacts[1]!.label).toBe('NOTE');
    expect(Object.keys(r.result.structured as object).sort()).toEqual(['INVOICES', 'SK-ABCDEFGH12345678', 'SK-ZZZZZZZZ87654321']);
    assertSchema('audit-record', r);
  });

  it('TR-PRIV-9: keys that collide after redaction get #2, #3 in the order of the original keys', () => {
    const result = bound(ToolResult.text('x', { structured: { b: 1, a: 2, c: 3, 'X#2': 4 } }));
    const r = auditRecord(result, ['redacted'], { redactor: (s) => (s.length === 1 ? 'X' : s) }) as Extract<AuditRecord, { level: 'redacted' }>;
    // Original order by code units is X#2, a, b, c: X#2 keeps X#2, a takes X, b finds X and X#2
    // taken and takes X#3, c takes X#4.
    expect(r.result.structured).toEqual({ 'X#2': 4, X: 2, 'X#3': 1, 'X#4': 3 });
  });

  it('TR-PRIV-10: a redactor that throws or returns a non-string gives the mask', () => {
    const thrower = auditRecord(sample, ['redacted'], {
      redactor: () => {
        throw new Error('no');
      },
    }) as Extract<AuditRecord, { level: 'redacted' }>;
    expect(thrower.result.content).toBe(MASK);
    const bad = auditRecord(sample, ['redacted'], { redactor: () => 7 as never }) as Extract<AuditRecord, { level: 'redacted' }>;
    expect(bad.result.artifacts[0]!.label).toBe(MASK);
    const illFormed = auditRecord(sample, ['redacted'], { redactor: () => '\ud800' }) as Extract<AuditRecord, { level: 'redacted' }>;
    expect(illFormed.result.content).toBe(MASK);
  });

  it('TR-PRIV-8: at redacted, no leaf or key with an unmasked secret shape survives', () => {
    const secret = fc.constantFrom('sk-', 'ghp_', 'Bearer ', 'https://', 'u:p@', '@', '.io', '.com', 'abcdefgh12', '-', ' ', 'x');
    const leaf = fc.array(secret, { maxLength: 12 }).map((a) => a.join(''));
    fc.assert(
      fc.property(leaf, leaf, leaf, leaf, (a, b, c, d) => {
        const result = bound(ToolResult.text(a, { structured: { [b]: [c, { [d]: a }] }, artifacts: [{ type: 'text', label: b, data: { text: c } }] }));
        const r = auditRecord(result, ['redacted']) as Extract<AuditRecord, { level: 'redacted' }>;
        assertSchema('audit-record', r);
        const strings: string[] = [];
        const walk = (v: unknown): void => {
          if (typeof v === 'string') strings.push(v);
          else if (v !== null && typeof v === 'object')
            for (const [k, x] of Object.entries(v)) {
              strings.push(k);
              walk(x);
            }
        };
        walk(r.result);
        for (const s of strings) expect(hasSecretShape(s.replace(/#\d+$/, ''))).toBe(false);
      }),
      propertyConfig(500),
    );
  });

  it('TR-PRIV-11: records at every level validate against audit-record.schema.json', () => {
    fc.assert(
      fc.property(boundedResult(), fc.constantFrom('none', 'metadata', 'redacted', 'full'), ({ result }, level) => {
        assertSchema('audit-record', auditRecord(result, [level]));
      }),
      propertyConfig(200),
    );
  });

  it('TR-PRIV-4: no canary from structured data or artifacts reaches a none or metadata record', () => {
    fc.assert(
      fc.property(plantedResult(), ({ canary, result }) => {
        for (const level of ['none', 'metadata']) expect(JSON.stringify(auditRecord(result, [level]))).not.toContain(canary);
      }),
      propertyConfig(200),
    );
  });

  it('TR-SINK-6: refuses anything but a bounded result, quoting nothing of it', () => {
    expect(() => auditRecord(ToolResult.text('secret') as never, ['full'])).toThrow(/^auditRecord accepts only a BoundedToolResult$/);
  });
});
