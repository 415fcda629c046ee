import { describe, expect, it } from 'vitest';
import { DEFAULT_SEED, UsageError, parseArgs } from './args.ts';

describe('parseArgs', () => {
  it('defaults to the conformance command against the bundled reference', () => {
    const a = parseArgs([]);
    expect(a).toMatchObject({ command: 'conformance', seed: DEFAULT_SEED, adapter: undefined, only: [], skip: [] });
  });

  it('takes repeatable patterns, files and the adapter command after --', () => {
    const a = parseArgs([
      'conformance',
      '--only',
      'vector/**',
      '--only=TR-LOG-1',
      '--skip',
      'x',
      '--known-failing',
      'k.txt',
      '--seed',
      '-5',
      '--runs',
      '10',
      '--timeout',
      '50',
      '-v',
      '--',
      'python3',
      'a.py',
      '--flag',
    ]);
    expect(a).toMatchObject({
      only: ['vector/**', 'TR-LOG-1'],
      skip: ['x'],
      knownFailing: ['k.txt'],
      seed: -5,
      runs: 10,
      timeoutMs: 50,
      verbose: true,
      adapter: ['python3', 'a.py', '--flag'],
    });
  });

  it('takes --fail-fast and --max-failures N', () => {
    expect(parseArgs([])).toMatchObject({ maxFailures: undefined });
    expect(parseArgs(['--fail-fast'])).toMatchObject({ maxFailures: 1 });
    expect(parseArgs(['--max-failures', '5'])).toMatchObject({ maxFailures: 5 });
    expect(() => parseArgs(['--max-failures', '0'])).toThrow(/--max-failures must be an integer >= 1/);
  });

  it('parses --runs-scale, and leaves it out when not given', () => {
    expect(parseArgs(['conformance', '--runs-scale', '10'])).toMatchObject({ runs: undefined, runsScale: 10 });
    expect(parseArgs(['conformance'])).not.toHaveProperty('runsScale');
  });

  it('parses the vectors command', () => {
    expect(parseArgs(['vectors', '--out', 'd'])).toEqual({ command: 'vectors', out: 'd' });
  });

  it.each([
    [['--bogus'], /unknown option "--bogus"/],
    [['--seed'], /--seed needs a value/],
    [['--runs', '0'], /--runs must be an integer >= 1/],
    [['--runs-scale', '0'], /--runs-scale must be an integer from 1 to 1000, got 0/],
    [['--runs', '5', '--runs-scale', '10'], /--runs and --runs-scale exclude each other/],
    [['--timeout', 'soon'], /--timeout needs an integer/],
    [['--path', '1:2'], /--path replays one property/],
    [['--path', 'x', '--only', 'p'], /--path takes a fast-check path/],
    [['vectors'], /vectors needs --out DIR/],
    [['--'], /nothing after --/],
    [['--out', 'd'], /--out belongs to the vectors command/],
    [['python3', 'my_adapter.py'], /^unexpected argument "python3": the adapter command goes after --/],
    [['vector/bound'], /^unexpected argument "vector\/bound": .*npm run conformance -- --only vector\/bound -- python3 my_adapter.py/],
  ])('TR-CONF-10: rejects %j with a clear usage error', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
