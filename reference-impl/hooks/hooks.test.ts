import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyConfig } from '../../test/support/fc-config.ts';
import { bound } from '../bound/index.ts';
import { CollectingLogger } from '../logger.ts';
import { plantedResult } from '../../conformance/properties/bounded-results.ts';
import { ToolResult } from '../tool-result.ts';
import { hookFromSpec, prefixOctets } from './hook-specs.ts';
import { transformToolResult, transformToolResultAsync, withContent, type ToolResultHook } from './index.ts';

const rich = bound(
  ToolResult.text('Found 2 invoices', {
    structured: { invoices: [{ id: 'INV-1' }, { id: 'INV-2' }] },
    artifacts: [{ type: 'table', label: 'Invoices', data: { columns: ['id'], rows: [['INV-1'], ['INV-2']] } }],
    warnings: ['structured.schema_mismatch'],
  }),
);

describe('transformToolResult', () => {
  it('TR-HOOK-1: each hook gets the whole bounded result', () => {
    const seen: unknown[] = [];
    transformToolResult(rich, [(r) => void seen.push(r.toRecord())]);
    expect(seen).toEqual([rich.toRecord()]);
  });

  it('TR-HOOK-2: a hook that returns nothing leaves the result unchanged', () => {
    expect(transformToolResult(rich, [() => undefined, hookFromSpec({ name: 'unchanged' })]).toRecord()).toEqual(rich.toRecord());
  });

  it('TR-HOOK-3: truncating or rewriting the text keeps structured data, artifacts and warnings', () => {
    const out = transformToolResult(rich, [(r) => withContent(r, r.content.slice(0, 5)), hookFromSpec({ name: 'append-text', text: '…' })]);
    expect(out.content).toBe('Found…');
    expect(out.structured).toEqual(rich.structured);
    expect(out.artifacts).toEqual(rich.artifacts);
    expect(out.warnings).toEqual(rich.warnings);
  });

  it('TR-HOOK-4: the result after each hook is bounded again with the same budgets', () => {
    const out = transformToolResult(rich, [hookFromSpec({ name: 'replace-text', text: 'z'.repeat(1000) })], { bound: { contentBudget: 300 } });
    expect(Buffer.byteLength(out.content)).toBeLessThanOrEqual(300);
    expect(out.warnings.map((w) => w.code)).toContain('content.truncated');
    const next = transformToolResult(rich, [() => ToolResult.text('ok', { structured: { n: 10n } })]);
    expect(next.hasStructured).toBe(false);
    expect(next.warnings.map((w) => w.code)).toEqual(['structured.schema_mismatch', 'structured.unencodable']);
  });

  it('TR-HOOK-5: a hook cannot remove the warnings recorded before it', () => {
    const out = transformToolResult(rich, [() => ToolResult.text('fresh')]);
    expect(out.toRecord()).toEqual({ content: 'fresh', isError: false, artifacts: [], warnings: [{ code: 'structured.schema_mismatch' }] });
  });

  it('TR-HOOK-6: a hook that throws leaves the pre-hook result with hook.failed, and later hooks still run', () => {
    const logger = new CollectingLogger();
    const out = transformToolResult(
      rich,
      [hookFromSpec({ name: 'append-text', text: '!' }), hookFromSpec({ name: 'throw' }), hookFromSpec({ name: 'append-text', text: '?' })],
      { logger },
    );
    expect(out.content).toBe('Found 2 invoices!?');
    expect(out.structured).toEqual(rich.structured);
    expect(out.warnings.map((w) => w.code)).toEqual(['hook.failed', 'structured.schema_mismatch']);
    expect(logger.lines).toEqual(['warn tool result hook failed; its change was not applied hook=1 warning=hook.failed']);
  });

  it('TR-HOOK-6: a hook that returns something that is not a result counts as failed', () => {
    const out = transformToolResult(rich, [hookFromSpec({ name: 'return-non-result' }), (() => Promise.resolve(undefined)) as never]);
    expect(out.content).toBe(rich.content);
    expect(out.warnings.map((w) => w.code)).toContain('hook.failed');
  });

  it('TR-HOOK-7, TR-LOG-4: nothing of a throwing hook reaches the log or an error, not even its message', () => {
    fc.assert(
      fc.property(plantedResult(), ({ canary, result }) => {
        const logger = new CollectingLogger();
        const hooks: ToolResultHook[] = [
          hookFromSpec({ name: 'throw' }),
          () => {
            throw new Error(canary);
          },
          () => {
            throw Object.assign(new Error('x'), { name: canary });
          },
        ];
        transformToolResult(result, hooks, { logger });
        expect(logger.lines.join('\n')).not.toContain(canary);
        expect(logger.lines).toHaveLength(3);
      }),
      propertyConfig(100),
    );
  });

  it('TR-HOOK-8: drop-structured and set-error change what they say and nothing else', () => {
    const dropped = transformToolResult(rich, [hookFromSpec({ name: 'drop-structured' })]);
    expect(dropped.hasStructured).toBe(false);
    expect(dropped.artifacts).toEqual(rich.artifacts);
    const failed = transformToolResult(rich, [hookFromSpec({ name: 'set-error', text: 'denied' })]);
    expect(failed.toRecord()).toEqual({
      content: 'denied',
      isError: true,
      structured: rich.structured,
      artifacts: [],
      warnings: [{ code: 'structured.schema_mismatch' }],
    });
  });

  it('TR-HOOK-8: truncate-text keeps at most n octets, cut on a code-point boundary, without a notice', () => {
    expect(prefixOctets('a😀b', 4)).toBe('a');
    expect(prefixOctets('a😀b', 5)).toBe('a😀');
    expect(transformToolResult(bound(ToolResult.text('€€€')), [hookFromSpec({ name: 'truncate-text', octets: 7 })]).content).toBe('€€');
  });

  it('the async pipeline gives what the sync one gives, and awaits promises', async () => {
    const hooks = [hookFromSpec({ name: 'append-text', text: '!' }), hookFromSpec({ name: 'throw' })];
    const sync = transformToolResult(rich, hooks);
    const asyncOut = await transformToolResultAsync(rich, [...hooks, async () => undefined]);
    expect(asyncOut.toRecord()).toEqual(sync.toRecord());
    const awaited = await transformToolResultAsync(rich, [async (r) => withContent(r, 'later')]);
    expect(awaited.content).toBe('later');
  });
});
