import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyConfig } from '../../test/support/fc-config.ts';
import { bound } from '../bound/index.ts';
import { assertSchema, boundedResult, plantedResult } from '../../conformance/properties/bounded-results.ts';
import { ToolResult } from '../tool-result.ts';
import { InMemoryLedger, LedgerError, persist, restore } from './index.ts';
import { taskEntry, taskOfEntry } from './task-entry.ts';

function errorOf(f: () => unknown): LedgerError {
  try {
    f();
  } catch (e) {
    if (e instanceof LedgerError) return e;
    throw e;
  }
  throw new Error('expected a LedgerError');
}

const sample = bound(
  ToolResult.text('Found 2', { structured: { b: [1, 0.5, -0, 1e-7], a: null }, artifacts: [{ type: 'text', label: 'L', data: { text: 'é' } }] }),
);

describe('persist', () => {
  it('TR-REPLAY-1: writes a versioned entry that validates against ledger-entry.schema.json', () => {
    const entry = JSON.parse(persist(sample));
    expect(entry.version).toBe(1);
    assertSchema('ledger-entry', entry);
  });

  it('TR-REPLAY-2: writes RFC 8785 canonical JSON', () => {
    expect(persist(sample)).toBe(
      '{"result":{"artifacts":[{"data":{"text":"é"},"label":"L","type":"text"}],"content":"Found 2","isError":false,"structured":{"a":null,"b":[1,0.5,0,1e-7]},"warnings":[]},"version":1}',
    );
  });

  it('TR-REPLAY-2: is byte-stable: equal results give equal bytes, whatever order members were built in', () => {
    fc.assert(
      fc.property(boundedResult(), ({ result, options }) => {
        const entry = persist(result);
        expect(persist(bound(result, options as never))).toBe(entry);
        expect(persist(restore(entry, options as never))).toBe(entry);
        assertSchema('ledger-entry', JSON.parse(entry));
      }),
      propertyConfig(300),
    );
  });

  it('TR-SINK-6: refuses anything but a bounded result', () => {
    expect(() => persist(ToolResult.text('x') as never)).toThrow(TypeError);
  });
});

describe('restore', () => {
  it('TR-REPLAY-3: restore(persist(r)) equals r for every bounded r, failures included', () => {
    fc.assert(
      fc.property(boundedResult(), ({ result, options }) => {
        const back = restore(persist(result), options as never);
        expect(back.toRecord()).toEqual(result.toRecord());
        expect(back.hasStructured).toBe(result.hasStructured);
        expect(back.isError).toBe(result.isError);
      }),
      propertyConfig(300),
    );
  });

  it('TR-REPLAY-3: keeps structured null apart from absent structured', () => {
    const withNull = bound(ToolResult.error('failed', { structured: null }));
    const back = restore(persist(withNull));
    expect(back.hasStructured).toBe(true);
    expect(back.structured).toBeNull();
    expect(back.isError).toBe(true);
    expect(restore(persist(bound(ToolResult.text('x')))).hasStructured).toBe(false);
  });

  it('TR-REPLAY-4: a legacy entry (a JSON string) restores as text only', () => {
    const back = restore('"plain old text"');
    expect(back.toRecord()).toEqual({ content: 'plain old text', isError: false, artifacts: [], warnings: [] });
  });

  it('TR-REPLAY-4: raw text that is not JSON is malformed, not legacy', () => {
    expect(errorOf(() => restore('plain old text')).code).toBe('ledger.malformed');
  });

  it('TR-REPLAY-5: an unknown version gives ledger.unknown_version', () => {
    expect(errorOf(() => restore('{"version":2,"result":{}}')).code).toBe('ledger.unknown_version');
    expect(errorOf(() => restore('{"version":7}')).code).toBe('ledger.unknown_version');
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['a number', '42'],
    ['an array', '[]'],
    ['no version', '{"result":{"content":"","isError":false,"artifacts":[],"warnings":[]}}'],
    ['a string version', '{"version":"1","result":{"content":"","isError":false,"artifacts":[],"warnings":[]}}'],
    ['a duplicate member', '{"version":1,"version":1,"result":{"content":"","isError":false,"artifacts":[],"warnings":[]}}'],
    ['an extra member', '{"version":1,"extra":0,"result":{"content":"","isError":false,"artifacts":[],"warnings":[]}}'],
    ['no result', '{"version":1}'],
    ['content not a string', '{"version":1,"result":{"content":1,"isError":false,"artifacts":[],"warnings":[]}}'],
    ['a missing channel', '{"version":1,"result":{"content":"","isError":false,"artifacts":[]}}'],
    ['an unknown channel', '{"version":1,"result":{"content":"","isError":false,"artifacts":[],"warnings":[],"text":""}}'],
    ['a warning with data', '{"version":1,"result":{"content":"","isError":false,"artifacts":[],"warnings":[{"code":"content.truncated","at":"/a"}]}}'],
    ['too deep', `{"version":1,"result":${'['.repeat(200)}${']'.repeat(200)}}`],
    [
      'structured 65 levels deep',
      `{"version":1,"result":{"content":"","isError":false,"structured":${'['.repeat(65)}${']'.repeat(65)},"artifacts":[],"warnings":[]}}`,
    ],
  ])('TR-REPLAY-6: %s gives ledger.malformed', (_what, entry) => {
    const e = errorOf(() => restore(entry));
    expect(e.code).toBe('ledger.malformed');
  });

  it.each([
    ['content over its budget', `{"version":1,"result":{"content":"${'x'.repeat(50_001)}","isError":false,"artifacts":[],"warnings":[]}}`],
    ['a lone surrogate escape', '{"version":1,"result":{"content":"\\ud800","isError":false,"artifacts":[],"warnings":[]}}'],
    [
      'unsorted warnings',
      '{"version":1,"result":{"content":"","isError":false,"artifacts":[],"warnings":[{"code":"hook.failed"},{"code":"content.truncated"}]}}',
    ],
    ['an unknown warning code', '{"version":1,"result":{"content":"","isError":false,"artifacts":[],"warnings":[{"code":"secret.leaked"}]}}'],
    ['artifacts on an error', '{"version":1,"result":{"content":"","isError":true,"artifacts":[{"type":"text","label":"","data":{"text":""}}],"warnings":[]}}'],
    ['a misshapen artifact', '{"version":1,"result":{"content":"","isError":false,"artifacts":[{"type":"chart","label":"","data":{}}],"warnings":[]}}'],
    [
      'a ragged table',
      '{"version":1,"result":{"content":"","isError":false,"artifacts":[{"type":"table","label":"","data":{"columns":["a"],"rows":[["1","2"]]}}],"warnings":[]}}',
    ],
    ['a number beyond 2^53', '{"version":1,"result":{"content":"","isError":false,"structured":9007199254740993,"artifacts":[],"warnings":[]}}'],
    ['a non-finite number', '{"version":1,"result":{"content":"","isError":false,"structured":1e400,"artifacts":[],"warnings":[]}}'],
  ])('TR-REPLAY-7: %s gives ledger.not_bounded, never a partial result', (_what, entry) => {
    expect(errorOf(() => restore(entry)).code).toBe('ledger.not_bounded');
  });

  it('TR-REPLAY-7: checks the budgets it is given', () => {
    const big = bound(ToolResult.text('y'.repeat(3000)), { contentBudget: 4000 });
    const entry = persist(big);
    expect(restore(entry, { contentBudget: 4000 }).content).toBe(big.content);
    expect(errorOf(() => restore(entry, { contentBudget: 2000 })).code).toBe('ledger.not_bounded');
  });

  it('TR-LOG-2: a ledger error message holds no byte of the entry', () => {
    fc.assert(
      fc.property(plantedResult(), fc.integer({ min: 0, max: 5 }), ({ canary, result }, how) => {
        const good = persist(result);
        const bad = [
          good.slice(0, good.length - 1),
          good.replace('"version":1', '"version":3'),
          good.replace('"version":1', `"version":1,"${canary}":1`),
          good.replace('"warnings":[', `"warnings":[{"code":"${canary}"}`),
          `"${canary}`,
          good.replace('"content":"', '"content":"\\udfff'),
        ][how]!;
        let message = '';
        try {
          restore(bad);
        } catch (e) {
          message = `${(e as Error).message} ${String(e)} ${(e as Error).stack ?? ''}`;
        }
        expect(message).not.toContain(canary);
      }),
      propertyConfig(150),
    );
  });
});

describe('a task recorded with a claim (TR-REPLAY-42, TR-REPLAY-44)', () => {
  it('the column octets are canonical JSON; only those exact octets read back as a task', () => {
    const id = 'tâche "1" \\ \u2028 ☃';
    const text = taskEntry(id);
    expect(text).toBe(`{"task":{"taskId":${JSON.stringify(id)}}}`);
    expect(taskOfEntry(Buffer.from(text))).toBe(id);
    for (const other of [
      ` ${text}`,
      '{"task":{"taskId":"a"},"x":1}',
      '{"task":{"taskId":""}}',
      '{"task":{"taskId":"a","b":2}}',
      '{"task":{"taskId":"\\u0061"}}',
      'null',
      '',
    ]) {
      expect(taskOfEntry(Buffer.from(other)), other).toBeUndefined();
    }
    expect(taskOfEntry(text), 'a string (SQLite TEXT) is no task').toBeUndefined();
    expect(taskOfEntry(Buffer.from([0x7b, 0xff]))).toBeUndefined();
  });

  it('the in-memory ledger keeps the task of a live claim and refuses IDs a store cannot keep, quoting none', () => {
    const l = new InMemoryLedger();
    const c = l.claim('c1');
    if (c.status !== 'claimed') throw new Error('expected a claim');
    expect(c.task).toBeUndefined();
    for (const bad of ['', 'a\u0000secret', '\ud800secret', 'x'.repeat(1025)]) {
      let err: unknown;
      try {
        c.recordTask(bad);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(TypeError);
      expect((err as Error).message).not.toContain('secret');
    }
    c.recordTask('t-1');
    expect(l.task('c1')).toBe('t-1');
    c.finish(persist(bound(ToolResult.text('done'))));
    expect(l.task('c1')).toBeUndefined();
    expect(() => c.recordTask('t-2')).toThrow(/settled/);
  });
});
