// The sink matrix of spec/05-sinks.md §5.1, one test per cell: for each sink, what of each channel
// reaches it and in what form. The result plants a distinct marker in every channel.
import { describe, expect, it } from 'vitest';
import { bound } from '../bound/index.ts';
import { toWireMessage } from '../egress/index.ts';
import { hookFromSpec } from '../hooks/index.ts';
import { InMemoryLedger, persist, restore } from '../ledger/index.ts';
import { CollectingLogger } from '../logger.ts';
import { auditRecord } from '../privacy/index.ts';
import { executeToolCall } from '../seam/index.ts';
import { ToolResult } from '../tool-result.ts';
import { liveEvent, suspendState } from './index.ts';
import { assertSchema } from '../../conformance/properties/bounded-results.ts';

const C = 'cnryCONTENT0000000001 mail bob@example.org';
const S = 'cnrySTRUCTURED0000002';
const A = 'cnryARTIFACT000000003';

const raw = () =>
  ToolResult.text(C, {
    structured: { [S]: [S, 1], note: 'key sk-STRUCTSECRET12345' },
    artifacts: [{ type: 'text', label: A, data: { text: `${A} https://u:pw@h.example/` } }],
    warnings: ['structured.schema_mismatch'],
  });
const r = bound(raw());

async function logLines(): Promise<string> {
  // Everything the implementation logs around one step: run, hooks (one throws), replay, audit, restore failure.
  const logger = new CollectingLogger();
  const ledger = new InMemoryLedger();
  const hooks = [hookFromSpec({ name: 'throw' }), hookFromSpec({ name: 'append-text', text: '.' })];
  await executeToolCall({ callId: 'm', run: raw }, { ledger, logger, hooks });
  await executeToolCall({ callId: 'm', run: raw }, { ledger, logger, hooks });
  return logger.lines.join('\n');
}

/** Every sink output of the matrix is checked against its schema as it is built. */
function checked<T>(stem: string, value: T): T {
  assertSchema(stem, value);
  return value;
}

type Sink = 'wire' | 'suspend' | 'live' | 'audit-none' | 'audit-metadata' | 'audit-redacted' | 'audit-full' | 'ledger';
const build: Record<Sink, () => unknown> = {
  wire: () => toWireMessage(r),
  suspend: () => checked('suspend-state', suspendState(r)),
  live: () => checked('live-event', liveEvent(r)),
  'audit-none': () => checked('audit-record', auditRecord(r, ['none'])),
  'audit-metadata': () => checked('audit-record', auditRecord(r, ['metadata'])),
  'audit-redacted': () => checked('audit-record', auditRecord(r, ['redacted'])),
  'audit-full': () => checked('audit-record', auditRecord(r, ['full'])),
  ledger: () => checked('ledger-entry', JSON.parse(persist(r))),
};
const text = (s: Sink): string => JSON.stringify(build[s]());
const summaryOf = (s: Sink) => (build[s]() as { summary: Record<string, unknown> }).summary;
const resultOf = (s: Sink) => (build[s]() as { result: Record<string, unknown> }).result;

describe('sink matrix', () => {
  describe('provider wire (TR-SINK-1)', () => {
    it('TR-SINK-1: content and isError verbatim', () => expect(build.wire()).toEqual({ content: C, isError: false }));
    it('TR-SINK-1: no structured data', () => expect(text('wire')).not.toContain(S));
    it('TR-SINK-1: no artifacts', () => expect(text('wire')).not.toContain(A));
    it('TR-SINK-1: no warnings', () => expect(text('wire')).not.toContain('schema_mismatch'));
  });

  describe('suspend state (TR-SINK-2)', () => {
    it('TR-SINK-2: content and isError verbatim, schema-valid', () => {
      expect(build.suspend()).toEqual({ content: C, isError: false });
      assertSchema('suspend-state', build.suspend());
    });
    it('TR-SINK-2: no structured data', () => expect(text('suspend')).not.toContain(S));
    it('TR-SINK-2: no artifacts', () => expect(text('suspend')).not.toContain(A));
    it('TR-SINK-2: no warnings', () => expect(text('suspend')).not.toContain('schema_mismatch'));
  });

  describe('live inspector stream (TR-SINK-3)', () => {
    it('TR-SINK-3: every channel verbatim, schema-valid', () => {
      expect(build.live()).toEqual({ kind: 'tool_result', result: r.toRecord() });
      assertSchema('live-event', build.live());
    });
    it('TR-SINK-3: content verbatim', () => expect(resultOf('live').content).toBe(C));
    it('TR-SINK-3: isError verbatim', () => expect(resultOf('live').isError).toBe(false));
    it('TR-SINK-3: structured verbatim', () => expect(resultOf('live').structured).toEqual(r.structured));
    it('TR-SINK-3: artifacts verbatim', () => expect(resultOf('live').artifacts).toEqual(r.artifacts));
    it('TR-SINK-3: warnings verbatim', () => expect(resultOf('live').warnings).toEqual([{ code: 'structured.schema_mismatch' }]));
  });

  describe('audit record at none (TR-PRIV-3)', () => {
    it('TR-SINK-4, TR-PRIV-3: no content, isError, structured, artifacts or warnings', () => {
      expect(build['audit-none']()).toEqual({ version: 1, level: 'none' });
      for (const marker of [C, S, A, 'isError', 'schema_mismatch']) expect(text('audit-none')).not.toContain(marker);
    });
  });

  describe('audit record at metadata (TR-PRIV-4)', () => {
    it('TR-SINK-4, TR-PRIV-4: content as its octet length only', () => {
      expect(text('audit-metadata')).not.toContain('cnryCONTENT');
      expect(summaryOf('audit-metadata').contentOctets).toBe(Buffer.byteLength(C));
    });
    it('TR-PRIV-4: isError verbatim', () => expect(summaryOf('audit-metadata').isError).toBe(false));
    it('TR-PRIV-4: structured as presence and JCS length only', () => {
      expect(text('audit-metadata')).not.toContain(S);
      expect(summaryOf('audit-metadata')).toMatchObject({ hasStructured: true, structuredOctets: Buffer.byteLength(JSON.stringify(r.structured)) });
    });
    it('TR-PRIV-4: artifacts as count, JCS length and types only', () => {
      expect(text('audit-metadata')).not.toContain(A);
      expect(summaryOf('audit-metadata')).toMatchObject({
        artifactCount: 1,
        artifactsOctets: Buffer.byteLength(JSON.stringify(r.artifacts)),
        artifactTypes: ['text'],
      });
    });
    it('TR-PRIV-4: warnings as codes', () => expect(summaryOf('audit-metadata').warnings).toEqual(['structured.schema_mismatch']));
  });

  describe('audit record at redacted (TR-PRIV-7)', () => {
    it('TR-PRIV-7: content redacted', () => expect(resultOf('audit-redacted').content).toBe('cnryCONTENT0000000001 mail ***'));
    it('TR-PRIV-7: isError verbatim', () => expect(resultOf('audit-redacted').isError).toBe(false));
    it('TR-PRIV-7: structured redacted, keys included', () => expect(resultOf('audit-redacted').structured).toEqual({ [S]: [S, 1], note: 'key ***' }));
    it('TR-PRIV-7: artifacts redacted, type and label included', () =>
      expect(resultOf('audit-redacted').artifacts).toEqual([{ type: 'text', label: A, data: { text: `${A} https://***@h.example/` } }]));
    it('TR-PRIV-7: warnings as codes', () => expect(resultOf('audit-redacted').warnings).toEqual([{ code: 'structured.schema_mismatch' }]));
  });

  describe('audit record at full (TR-PRIV-6)', () => {
    it('TR-PRIV-6: every channel verbatim', () => {
      expect(resultOf('audit-full')).toEqual(r.toRecord());
      assertSchema('audit-record', build['audit-full']());
    });
    it('TR-PRIV-6: content verbatim', () => expect(resultOf('audit-full').content).toBe(C));
    it('TR-PRIV-6: structured verbatim', () => expect(resultOf('audit-full').structured).toEqual(r.structured));
    it('TR-PRIV-6: artifacts verbatim', () => expect(resultOf('audit-full').artifacts).toEqual(r.artifacts));
  });

  describe('builders (TR-SINK-6)', () => {
    it('TR-SINK-6: live and suspend refuse anything but a bounded result, naming only themselves', () => {
      const fake = raw();
      expect(() => liveEvent(fake as never)).toThrow(/^liveEvent accepts only a BoundedToolResult$/);
      expect(() => suspendState({ content: C, isError: false } as never)).toThrow(/^suspendState accepts only a BoundedToolResult$/);
      expect(() => suspendState(Object.create(r) as never)).toThrow(TypeError);
    });
  });

  describe('replay ledger (TR-SINK-5)', () => {
    it('TR-SINK-5: every channel verbatim, and it restores to the equal result', () => {
      expect(resultOf('ledger')).toEqual(r.toRecord());
      expect(restore(persist(r)).toRecord()).toEqual(r.toRecord());
      assertSchema('ledger-entry', build.ledger());
    });
  });

  describe('logs, traces and error messages (TR-LOG-1, TR-LOG-2)', () => {
    it('TR-LOG-1: no structured bytes', async () => expect(await logLines()).not.toContain(S));
    it('TR-LOG-1: no artifact bytes', async () => expect(await logLines()).not.toContain(A));
    it('TR-LOG-2: no content bytes', async () => expect(await logLines()).not.toContain('cnryCONTENT'));
    it('TR-LOG-2: isError and warning codes may appear', async () => {
      const lines = await logLines();
      expect(lines).toMatch(/isError=false/);
      expect(lines).toMatch(/hook\.failed/);
    });
  });
});
