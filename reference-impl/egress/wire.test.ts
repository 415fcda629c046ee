import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../codegen/schema-validator.ts';
import { bound } from '../bound/bound.ts';
import { BoundedToolResult, ToolResult } from '../tool-result.ts';
import { toWireMessage } from './wire.ts';

const CANARY = 'CANARY-5d1e-wire';
const ajv = loadSchemas();
const validateWire = ajv.getSchema('https://toolresult.dev/schemas/v1/wire-message.schema.json')!;

function result(): ToolResult {
  return ToolResult.text('hello', {
    structured: { secret: CANARY },
    artifacts: [{ type: 'text', label: CANARY, data: { text: CANARY } }],
  });
}

describe('toWireMessage', () => {
  it('TR-EGRESS-3: exactly content and isError, valid against wire-message.schema.json', () => {
    const m = toWireMessage(bound(result()));
    expect(m).toEqual({ content: 'hello', isError: false });
    expect(Object.keys(m).sort()).toEqual(['content', 'isError']);
    expect(validateWire(m), ajv.errorsText(validateWire.errors)).toBe(true);
    expect(JSON.stringify(m)).not.toContain(CANARY);
  });

  it('TR-EGRESS-3: the content is the bounded content, byte for byte', () => {
    const b = bound(ToolResult.error(`${'é'.repeat(1000)}\uD800`, { structured: CANARY }), { contentBudget: 300 });
    const m = toWireMessage(b);
    expect(m.content).toBe(b.content);
    expect(m.isError).toBe(true);
    expect(Buffer.byteLength(m.content)).toBeLessThanOrEqual(300);
  });

  it('TR-EGRESS-2: refuses anything but a bounded result, quoting nothing of it', () => {
    const forged = Object.create(BoundedToolResult.prototype, {
      content: { value: CANARY, enumerable: true },
      isError: { value: false, enumerable: true },
    });
    const candidates: unknown[] = [result(), { content: CANARY, isError: false }, forged, null, undefined, CANARY, bound(result()).toRecord()];
    for (const c of candidates) {
      let error: unknown;
      try {
        toWireMessage(c as BoundedToolResult);
      } catch (e) {
        error = e;
      }
      expect(error, `accepted ${typeof c}`).toBeInstanceOf(TypeError);
      expect(String((error as Error).message)).not.toContain(CANARY);
      expect(String((error as Error).stack)).not.toContain(CANARY);
    }
  });

  it('TR-EGRESS-4: reads no run-only channel (their getters are made to throw)', () => {
    const b = bound(result());
    const proto = BoundedToolResult.prototype;
    const saved = ['structured', 'artifacts', 'warnings'].map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)!] as const);
    const savedToRecord = Object.getOwnPropertyDescriptor(proto, 'toRecord')!;
    const boom = (): never => {
      throw new Error('the wire read a run-only channel');
    };
    try {
      for (const [name] of saved) Object.defineProperty(proto, name, { get: boom, configurable: true });
      Object.defineProperty(proto, 'toRecord', { value: boom, configurable: true, writable: true });
      expect(toWireMessage(b)).toEqual({ content: 'hello', isError: false });
    } finally {
      for (const [name, d] of saved) Object.defineProperty(proto, name, d);
      Object.defineProperty(proto, 'toRecord', savedToRecord);
    }
  });

  it('TR-EGRESS-4: the egress source names no run-only channel', () => {
    const dir = __dirname;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
      const code = readFileSync(join(dir, file), 'utf8')
        .replace(/\/\/.*$/gm, '')
        .replace(/\/\*[\s\S]*?\*\//g, '');
      expect(code, file).not.toMatch(/\.(structured|artifacts|warnings|toRecord)\b/);
      expect(code, file).not.toMatch(/readRawRunOnly/);
    }
  });

  it('TR-EGRESS-5: errors of the bounder and the wire carry no run-only data', () => {
    try {
      bound(result(), { contentBudget: 1 });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RangeError);
      expect((e as Error).message).toContain('contentBudget');
      expect((e as Error).message).not.toContain(CANARY);
    }
    try {
      toWireMessage(result() as unknown as BoundedToolResult);
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).not.toContain(CANARY);
    }
  });
});
