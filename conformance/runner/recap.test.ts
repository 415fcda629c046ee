// The end of a failing run as an implementer meets it: one report per unimplemented op, a recap by
// reason right before the summary line, --fail-fast / --max-failures, and a failure reason that
// names a string the handshake's string model excludes.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './args.ts';
import { runConformance } from './run.ts';
import { reasonKey, recapLines } from './recap.ts';
import { outsideStringModel, stringModelNote } from './string-model.ts';
import { loadSchemas } from '../../codegen/schema-validator.ts';
import { REPORT_SCHEMA_ID } from './reports.ts';
import type { CaseResult } from '../core/case.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const unknownOp = [process.execPath, join(HERE, 'test-adapters', 'unknown-op.mjs')];

async function run(argv: string[]): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const args = parseArgs(argv);
  if (args.command !== 'conformance') throw new Error('parse');
  const code = await runConformance(args, { out: (l) => out.push(l), err: () => {} });
  return { code, out };
}

describe('recap', () => {
  it('groups failures by reason, numbers aside, most frequent first, each with one replay', () => {
    expect(reasonKey('content of 312 octets fits budget 500\nmore')).toBe('content of N octets fits budget N');
    const fail = (id: string, reason: string): CaseResult => ({
      id,
      requirements: [],
      status: 'fail',
      durationMs: 0,
      failure: { reason },
      replay: `replay ${id}`,
    });
    const lines = recapLines([
      fail('a', 'output differs at /result/artifacts/0'),
      fail('b', 'answered error x'),
      fail('c', 'output differs at /result/artifacts/3'),
      { id: 'd', requirements: [], status: 'pass', durationMs: 0 },
    ]);
    expect(lines).toEqual([
      'recap: 3 failures, 2 distinct reasons:',
      '     2 × output differs at /result/artifacts/N',
      '         e.g. replay a',
      '     1 × answered error x',
      '         e.g. replay b',
    ]);
    expect(recapLines([{ id: 'd', requirements: [], status: 'pass', durationMs: 0 }])).toEqual([]);
  });

  it('TR-CONF-22, TR-CONF-12: an unimplemented op is reported once per op, and the recap ends the run before the summary', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kit-recap-'));
    const { code, out } = await run(['--only', 'vector/bound', '--only', 'TR-BOUND-8', '--report-json', join(dir, 'r.json'), '--', ...unknownOp]);
    expect(code).toBe(1);
    const text = out.join('\n');
    const blocks = [...text.matchAll(/^FAIL (\S+)/gm)];
    expect(blocks).toHaveLength(3);
    for (const op of ['coerce', 'measure', 'bound']) expect(text).toContain(`  reason: the adapter does not implement op ${op} (answered adapter.unknown_op)`);
    const recap = out.findIndex((l) => l.startsWith('recap: '));
    expect(out[recap]).toMatch(/^recap: \d+ failures, 3 distinct reasons:$/);
    expect(out.slice(recap + 1, -1)).toHaveLength(6);
    expect(out.at(-1)).toMatch(/^0 passed, \d+ failed(, \d+ skipped)?$/);
    // The JSON report carries the versions and validates against its published schema.
    const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
    const validate = loadSchemas().getSchema(REPORT_SCHEMA_ID)!;
    expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
    expect(report.kitVersion).toMatch(/^\d+\.\d+\.\d+/);
    expect(report.specVersion).toBe(report.kitVersion);
    expect(report.cases.filter((c: CaseResult) => c.failure?.unimplementedOp === 'measure').length).toBeGreaterThan(1);
  });

  it('TR-CONF-22: --fail-fast stops at the first failure and counts the rest as not run', async () => {
    const { code, out } = await run(['--fail-fast', '--only', 'vector/bound', '--', ...unknownOp]);
    expect(code).toBe(1);
    expect(out.filter((l) => l.startsWith('FAIL '))).toHaveLength(1);
    expect(out.join('\n')).toMatch(/^stopped after 1 failure \(--max-failures 1\): \d+ cases not run, counted as skipped$/m);
    expect(out.at(-2)).toMatch(/^ {9}e\.g\. /);
    expect(out.at(-1)).toMatch(/^0 passed, 1 failed, \d+ skipped$/);
  });

  it('refuses a pattern that selects nothing, wherever it stands beside another', async () => {
    await expect(run(['--only', 'vector/bound', '--only', 'TR-NOPE-*'])).rejects.toThrow(/--only "TR-NOPE-\*" matches no case/);
    await expect(run(['--only', 'TR-NORM-*', '--only', 'vectors/bound'])).rejects.toThrow(/--only "vectors\/bound" matches no case/);
    await expect(run(['--skip', 'nothing/like/this'])).rejects.toThrow(/--skip "nothing\/like\/this" matches no case/);
  });

  it('names a string outside the handshake’s string model in the failure reason', () => {
    const bytes = { stringModel: 'bytes' } as const;
    expect(outsideStringModel({ result: { content: 'a\ud800b' } }, bytes)).toBe('/result/content');
    expect(outsideStringModel({ value: { $tr: 'utf16', units: [0x41, 0xdc00] } }, bytes)).toBe('/value');
    expect(outsideStringModel({ value: { $tr: 'utf16', units: [0xd83d, 0xde00] } }, bytes)).toBeUndefined();
    expect(outsideStringModel({ value: '😀', k: { '\udfff': 1 } }, bytes)).toBe('/k/\udfff');
    expect(outsideStringModel({ result: { content: 'a\ud800b' } }, { stringModel: 'utf16' })).toBeUndefined();
    expect(stringModelNote(['\ud800'], bytes)).toMatch(/string model "bytes" excludes .*a defect of the kit/);
  });
});
