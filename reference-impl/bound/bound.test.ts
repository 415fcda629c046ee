import { describe, expect, it } from 'vitest';
import { loadSchemas } from '../../codegen/schema-validator.ts';
import { type BoundedToolResult, ToolResult } from '../tool-result.ts';
import { bound } from './bound.ts';
import { markerText } from './marker.ts';

const ajv = loadSchemas();
const validateRecord = ajv.getSchema('https://toolresult.dev/schemas/v1/tool-result.schema.json')!;
const codes = (b: BoundedToolResult) => b.warnings.map((w) => w.code);
const table = { type: 'table', label: 'T', data: { columns: ['a', 'b'], rows: [['1', '2']] } };

function deep(depth: number): unknown {
  let v: unknown = null;
  for (let i = 0; i < depth; i++) v = { k: v };
  return v;
}

describe('bound', () => {
  it('TR-BOUND-0: never throws for hostile run-only data, and runs none of its code', () => {
    let ran = 0;
    const trap = (): never => {
      ran++;
      throw new Error('ran');
    };
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    const hostile: unknown[] = [
      deep(100_000),
      cyclic,
      {
        get x(): never {
          return trap();
        },
      },
      new Proxy({}, { get: trap, ownKeys: trap, getPrototypeOf: trap, has: trap, getOwnPropertyDescriptor: trap }),
      new Proxy([], { get: trap, ownKeys: trap, getPrototypeOf: trap, has: trap, getOwnPropertyDescriptor: trap }),
      revoked.proxy,
      { toJSON: trap },
      Object.defineProperty([1], 0, { get: trap }),
      [1n, Symbol('s'), () => 1, undefined, NaN],
    ];
    for (const v of hostile) {
      for (const r of [ToolResult.text('c', { structured: v, artifacts: v }), ToolResult.error('c', { structured: v, artifacts: v } as object)]) {
        const b = bound(r);
        expect(validateRecord(b.toRecord()), ajv.errorsText(validateRecord.errors)).toBe(true);
      }
    }
    expect(ran).toBe(0);
    // Not a result at all, from an untyped caller.
    for (const junk of [null, undefined, 42, 'text', {}, revoked.proxy]) {
      expect(() => bound(junk as unknown as ToolResult)).not.toThrow();
    }
  });

  it('TR-BOUND-4: non-string content becomes "" without calling a conversion on it', () => {
    let ran = 0;
    const sneaky = {
      toString: () => {
        ran++;
        return 'leak';
      },
      valueOf: () => {
        ran++;
        return 1;
      },
      [Symbol.toPrimitive]: () => {
        ran++;
        return 'leak';
      },
    };
    for (const c of [sneaky, 42, null, undefined, ['a']]) {
      const b = bound(ToolResult.text(c as unknown as string));
      expect(b.content).toBe('');
      expect(codes(b)).toEqual(['content.not_text']);
    }
    expect(ran).toBe(0);
  });

  it('TR-BOUND-10: the marker is exactly one text artifact with the pinned text', () => {
    const cases: [unknown, string, string][] = [
      [[{ type: 'text', label: 'x', data: { text: 'y'.repeat(50_000) } }], 'artifacts.over_budget', 'exceeded 50000 bytes'],
      [[{ type: 'text', label: 'x', data: { text: NaN } }], 'artifacts.unencodable', 'could not be encoded'],
      [[{ type: 'text', label: 'x', data: { text: 'y', d: deep(70) } }], 'artifacts.too_deep', 'nested deeper than 64 levels'],
      [[{ type: 'text', label: 'x', data: { text: 1 } }], 'artifacts.invalid_shape', 'did not match their artifact types'],
    ];
    for (const [artifacts, code, text] of cases) {
      const b = bound(ToolResult.text('c', { artifacts }));
      expect(b.artifacts).toEqual([{ type: 'text', label: 'Artifacts omitted', data: { text } }]);
      expect(codes(b)).toEqual([code]);
    }
    expect(markerText('over_budget', 50_000)).toBe('exceeded 50000 bytes');
  });

  it('TR-BOUND-9: valid lists pass whole, coerced', () => {
    const b = bound(ToolResult.text('c', { artifacts: [table, { type: 'text', label: 'l\uD800', data: { text: '' } }] }));
    expect(b.artifacts).toEqual([table, { type: 'text', label: 'l\uFFFD', data: { text: '' } }]);
    expect(codes(b)).toEqual([]);
  });

  it('TR-BOUND-11: structured is kept when ok, left out with a warning otherwise, the rest untouched', () => {
    const ok = bound(ToolResult.text('c', { structured: { a: [1, 'x'] }, artifacts: [table] }));
    expect(ok.structured).toEqual({ a: [1, 'x'] });
    expect(ok.toRecord()).toHaveProperty('structured');
    const nul = bound(ToolResult.text('c', { structured: null }));
    expect(nul.toRecord()).toHaveProperty('structured', null);
    const dropped = bound(ToolResult.text('c', { structured: 'x'.repeat(400), artifacts: [table] }), { structuredBudget: 256 });
    expect(dropped.toRecord()).not.toHaveProperty('structured');
    expect(dropped.hasStructured).toBe(false);
    expect(dropped.artifacts).toEqual([table]);
    expect(dropped.content).toBe('c');
    expect(codes(dropped)).toEqual(['structured.over_budget']);
  });

  it('TR-BOUND-12: an error result outputs no artifacts and records that it dropped some', () => {
    const b = bound(ToolResult.error('e', { artifacts: [table] } as object));
    expect(b.artifacts).toEqual([]);
    expect(codes(b)).toEqual(['artifacts.dropped_on_error']);
    expect(codes(bound(ToolResult.error('e', { artifacts: [] } as object)))).toEqual([]);
    expect(bound(ToolResult.text('e')).artifacts).toEqual([]);
  });

  it('TR-BOUND-13: keeps the input warnings and merges its own, sorted, without duplicates', () => {
    const r = ToolResult.text('x'.repeat(300), {
      structured: NaN,
      warnings: ['structured.schema_mismatch', 'content.truncated', 'hook.failed', 'content.truncated'],
    });
    expect(codes(bound(r, { contentBudget: 256 }))).toEqual(['content.truncated', 'hook.failed', 'structured.schema_mismatch', 'structured.unencodable']);
    const junk = ToolResult.text('x', { warnings: ['not.a.code', 7] as never });
    expect(codes(bound(junk))).toEqual([]);
  });

  it('TR-BOUND-14: idempotent and deterministic', () => {
    const make = () => ToolResult.text(`${'é'.repeat(400)}\uD800`, { structured: { k: [-0, 'v\uDC00'] }, artifacts: [table, table] });
    const opts = { contentBudget: 300, artifactsBudget: 256 };
    const once = bound(make(), opts);
    expect(bound(once, opts).toRecord()).toEqual(once.toRecord());
    expect(bound(make(), opts).toRecord()).toEqual(once.toRecord());
    const r = once.toRecord();
    const rebuilt = ToolResult.text(r.content, { structured: r.structured, artifacts: r.artifacts, warnings: r.warnings.map((w) => w.code) });
    expect(bound(rebuilt, opts).toRecord()).toEqual(r);
  });

  it('TR-BOUND-15: the output validates against tool-result.schema.json', () => {
    const b = bound(ToolResult.text('c', { structured: { a: 1 }, artifacts: [table] }));
    expect(validateRecord(b.toRecord()), ajv.errorsText(validateRecord.errors)).toBe(true);
  });

  it('TR-MODEL-10: invalid options throw a RangeError naming the option, before anything is bounded', () => {
    const bad: [object, string][] = [
      [{ contentBudget: 255 }, 'contentBudget'],
      [{ artifactsBudget: 1_073_741_825 }, 'artifactsBudget'],
      [{ structuredBudget: 300.5 }, 'structuredBudget'],
      [{ contentBudget: '300' }, 'contentBudget'],
      [{ contentBudget: NaN }, 'contentBudget'],
      [{ budget: 300 }, 'budget'],
    ];
    for (const [options, name] of bad) {
      expect(() => bound(ToolResult.text('c'), options as never)).toThrow(RangeError);
      expect(() => bound(ToolResult.text('c'), options as never)).toThrow(name);
    }
    expect(() => bound(ToolResult.text('c'), { contentBudget: 256, artifactsBudget: 1_073_741_824 })).not.toThrow();
    expect(() => bound(ToolResult.text('c'), undefined)).not.toThrow();
  });

  it('TR-BOUND-17: only the boolean true makes an error result, and isError is never converted', () => {
    let read = 0;
    const withGetter = {
      content: 'a',
      get isError(): unknown {
        read++;
        return true;
      },
    };
    for (const isError of ['true', 1, {}, [true]]) expect(bound({ content: 'a', isError } as never).isError).toBe(false);
    expect(bound(withGetter as never).isError).toBe(false);
    expect(read).toBe(0);
    expect(bound(ToolResult.error('a')).isError).toBe(true);
    expect(bound(ToolResult.text('a')).isError).toBe(false);
  });
});
