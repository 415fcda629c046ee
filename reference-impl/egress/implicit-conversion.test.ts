// TR-EGRESS-1: no implicit conversion of a result value shows run-only data. Canaries are planted in
// structured data, in artifact labels, cells and keys, and looked for in every conversion.
import { inspect, format } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bound } from '../bound/bound.ts';
import { ToolResult, BoundedToolResult } from '../tool-result.ts';

const CANARY = 'CANARY-b7e1-structured';
const ART = 'CANARY-c9d2-artifact';
const KEY = 'CANARY-a4f0-key';

function raw(): ToolResult {
  return ToolResult.text('visible content', {
    structured: { [KEY]: [CANARY, { deep: CANARY }] },
    artifacts: [
      { type: 'table', label: `${ART}-label`, data: { columns: [`${ART}-col`], rows: [[`${ART}-cell`]] } },
      { type: 'text', label: 'note', data: { text: `${ART}-text` } },
    ],
  });
}

function rawError(): ToolResult {
  return ToolResult.error('failed', { structured: { [KEY]: CANARY } });
}

/** Every implicit conversion JavaScript has for an object. */
function conversions(r: object): Record<string, string> {
  const logged: string[] = [];
  const original = console.log;
  console.log = (...args: unknown[]) => void logged.push(format(...args));
  try {
    console.log(r);
    console.log('%o %O %j %s', r, r, r, r);
  } finally {
    console.log = original;
  }
  return {
    String: String(r),
    template: `${r}`,
    concat: `${r}`,
    JSONstringify: JSON.stringify(r),
    JSONinArray: JSON.stringify([r, { r }]),
    inspect: inspect(r),
    inspectDeep: inspect(r, { depth: Infinity, showHidden: true, getters: true }),
    inspectNested: inspect({ wrapper: [r] }, { depth: Infinity }),
    format: format('%s %o %O %j', r, r, r, r),
    consoleLog: logged.join('\n'),
    toLocaleString: (r as { toLocaleString(): string }).toLocaleString(),
    objectKeys: JSON.stringify(Object.keys(r)),
    objectEntries: inspect(Object.entries(r), { depth: Infinity }),
    spread: inspect({ ...r }, { depth: Infinity }),
  };
}

function expectNoCanary(r: object): void {
  for (const [how, text] of Object.entries(conversions(r))) {
    for (const c of [CANARY, ART, KEY]) expect(text, `${how} shows ${c}`).not.toContain(c);
  }
}

describe('TR-EGRESS-1: implicit conversions show no run-only data', () => {
  it('TR-EGRESS-1: a raw ToolResult', () => {
    expectNoCanary(raw());
    expectNoCanary(rawError());
  });

  it('TR-EGRESS-1: a BoundedToolResult', () => {
    const b = bound(raw());
    expect(b.structured).toBeDefined(); // the canaries are really inside
    expect(JSON.stringify(b.toRecord())).toContain(CANARY);
    expect(JSON.stringify(b.toRecord())).toContain(ART);
    expectNoCanary(b);
    expectNoCanary(bound(rawError()));
  });

  it('TR-EGRESS-1: a bounded result whose artifacts became the marker', () => {
    const b = bound(ToolResult.text('x', { artifacts: [{ type: 'text', label: ART, data: { text: ART.repeat(10_000) } }] }));
    expect(b.warnings.map((w) => w.code)).toContain('artifacts.over_budget');
    expectNoCanary(b);
  });

  it('TR-EGRESS-1: conversions show the shape', () => {
    const b = bound(raw());
    expect(String(b)).toBe('[BoundedToolResult]');
    expect(String(raw())).toBe('[ToolResult]');
    expect(JSON.parse(JSON.stringify(b))).toMatchObject({ isError: false, hasStructured: true, artifactCount: 2 });
    expect(inspect(b)).toContain('BoundedToolResult');
  });

  it('TR-EGRESS-1: converting a raw result runs no code of its run-only data', () => {
    const trap = (): never => {
      throw new Error(CANARY);
    };
    const hostile = new Proxy([], { get: trap, has: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, getPrototypeOf: trap });
    const r = ToolResult.text('c', {
      structured: {
        get x(): string {
          return trap();
        },
      },
      artifacts: hostile,
    });
    expectNoCanary(r);
    expect(() => bound(r)).not.toThrow();
  });

  it('TR-EGRESS-1: neither class exposes run-only data as own enumerable properties', () => {
    const b = bound(raw());
    expect(Object.keys(b).sort()).toEqual(['content', 'isError']);
    expect(Object.keys(raw()).sort()).toEqual(['content', 'isError']);
    expect(b).toBeInstanceOf(BoundedToolResult);
  });
});
