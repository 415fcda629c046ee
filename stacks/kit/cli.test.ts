// The compliance command's usage errors: each is one line that says what to do, before anything runs.
import { describe, expect, it } from 'vitest';
import { parse, UsageError } from './cli.ts';
import { globMatches, mergeReports } from './merge.ts';
import type { ComplianceReport } from './report.ts';

const problem = (argv: string[]): string => {
  try {
    parse(argv);
  } catch (e) {
    if (e instanceof UsageError) return e.message;
    throw e;
  }
  return '';
};

describe('npm run compliance arguments', () => {
  it('names the known stacks and checks when given an unknown one', () => {
    expect(problem(['--stack', 'nope'])).toMatch(
      /unknown stack "nope"; give a row \(control-wire@openai-chat, …\), a stack \(control, control-py, ai-sdk, google-adk, google-genai, google-genai-py, langchain, langchain-py, mastra, openai-agents, openai-agents-py, pydantic-ai, strands\)/,
    );
    expect(problem(['--check', 'TR-STACK-x'])).toMatch(/unknown check "TR-STACK-x"; the checks are TR-STACK-1/);
  });

  it('refuses what cannot replay one case', () => {
    expect(problem(['--path', '1:0'])).toMatch(/exactly one --check/);
    expect(problem(['--check', 'TR-STACK-1', '--path', '1', '--vector', 'servers/plain-text'])).toMatch(/give one/);
    expect(problem(['--verify', '--stack', 'control'])).toMatch(/--verify checks the whole committed matrix/);
    expect(problem(['--all'])).toMatch(/--all goes with --verify/);
    expect(problem(['--runs', 'many'])).toMatch(/non-negative integer/);
    expect(problem(['--seed'])).toMatch(/needs a value/);
    expect(problem(['--frobnicate'])).toMatch(/unknown option/);
  });

  it('selects everything by default and narrows on request', () => {
    const all = parse([]);
    expect(all.narrowed).toBe(false);
    expect(all.stacks.length).toBeGreaterThan(5);
    const one = parse(['--stack', 'ai-sdk-generate@anthropic', '--check', 'TR-STACK-4', '--vector', 'servers/embedded-pdf']);
    expect([one.narrowed, one.stacks.map((s) => s.id), one.checks.map((c) => c.id)]).toEqual([true, ['ai-sdk-generate@anthropic'], ['TR-STACK-4']]);
    // A stack mode selects its rows at every provider; a stack, all its rows.
    expect(parse(['--stack', 'openai-agents-stream']).stacks.map((s) => s.id)).toEqual([
      'openai-agents-stream@openai-chat',
      'openai-agents-stream@openai-responses',
    ]);
    // Mastra: modes no-schema, schema, stream and toolresult (its integration's row), at 3 providers.
    expect(
      parse(['--stack', 'mastra'])
        .stacks.map((s) => s.id)
        .sort(),
    ).toEqual(
      ['no-schema', 'schema', 'stream', 'toolresult']
        .flatMap((m) => ['anthropic', 'bedrock-converse', 'gemini', 'openai-chat', 'openai-responses'].map((p) => `mastra-${m}@${p}`))
        .sort(),
    );
  });

  it('--rows selects rows by glob and refuses what would not merge', () => {
    const a = parse(['--rows', 'control-wire@*', '--rows', '*-toolresult@anthropic']);
    expect([a.narrowed, a.rows]).toEqual([false, ['control-wire@*', '*-toolresult@anthropic']]);
    expect(a.stacks.map((s) => s.id)).toContain('control-wire@openai-responses');
    expect(a.stacks.map((s) => s.id)).toContain('langchain-toolresult@anthropic');
    expect(a.stacks.every((s) => s.id.startsWith('control-wire@') || s.id.endsWith('-toolresult@anthropic'))).toBe(true);
    expect(problem(['--rows', 'nothing-*'])).toMatch(/matches no row/);
    expect(problem(['--rows', 'control-*', '--check', 'TR-STACK-1'])).toMatch(/--rows re-runs whole rows/);
    expect([globMatches('a-*@x', 'a-b@x'), globMatches('a-?@x', 'a-bb@x'), globMatches('a.b', 'axb')]).toEqual([true, false, false]);
  });

  it('a merge puts the fresh rows in place of their committed ones, in matrix order, and drops rows the kit no longer has', () => {
    const row = (id: string, version: string) => ({
      id,
      stack: id,
      mode: 'm',
      provider: 'p',
      name: id,
      version,
      runtime: 'r',
      setup: 's',
      control: false,
      adapter: 'a',
    });
    const cell = (stack: string, verdict: 'pass' | 'fail') => ({
      stack,
      check: 'TR-STACK-1',
      verdict,
      vectors: 1,
      generated: 1,
      evidence: [],
      model: { verdict: 'pass' as const },
    });
    const report = (ids: [string, string][], verdict: 'pass' | 'fail'): ComplianceReport => ({
      $schema: 'x',
      kit: { version: '1', seed: 1, runs: 1, vectors: [] },
      checks: [],
      stacks: ids.map(([id, v]) => row(id, v)),
      cells: ids.map(([id]) => cell(id, verdict)),
      figures: [],
      findings: [],
    });
    const committed = report(
      [
        ['a', '1'],
        ['b', '1'],
        ['gone', '1'],
        ['c', '1'],
      ],
      'pass',
    );
    const merged = mergeReports(
      committed,
      report(
        [
          ['c', '2'],
          ['a', '2'],
        ],
        'fail',
      ),
      ['a', 'b', 'c'],
    );
    expect(merged.stacks.map((s) => [s.id, s.version])).toEqual([
      ['a', '2'],
      ['b', '1'],
      ['c', '2'],
    ]);
    expect(merged.cells.map((c) => [c.stack, c.verdict])).toEqual([
      ['a', 'fail'],
      ['b', 'pass'],
      ['c', 'fail'],
    ]);
  });
});
