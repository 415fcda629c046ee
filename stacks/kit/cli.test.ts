// The compliance command's usage errors: each is one line that says what to do, before anything runs.
import { describe, expect, it } from 'vitest';
import { parse, UsageError } from './cli.ts';

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
      /unknown stack "nope"; give a row \(control-wire@openai-chat, …\), a stack \(control, control-py, ai-sdk, google-adk, langchain, langchain-py, mastra, openai-agents, openai-agents-py, pydantic-ai\)/,
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
      ['no-schema', 'schema', 'stream', 'toolresult'].flatMap((m) => ['anthropic', 'openai-chat', 'openai-responses'].map((p) => `mastra-${m}@${p}`)).sort(),
    );
  });
});
