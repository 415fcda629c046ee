// Every case of the conformance kit as one vitest test, against the reference in process: the tests
// StrykerJS runs for each mutant of reference-impl/ (stryker.config.mjs; `npm run mutation`). One
// test per case, so per-test coverage runs only the cases that reach a mutant. A test's name is the
// case ID and its requirements, which mutation/report.ts maps back to requirement IDs.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, expect, it } from 'vitest';
import type { KitCase } from '../conformance/core/case.ts';
import type { HelloOutput } from '../conformance/protocol/messages.ts';
import type { InProcessAdapter, KitChecks } from './in-process.ts';
import { buildOracle, ORACLE_ENV } from './oracle.ts';

interface Oracle extends KitChecks {
  vectorCases(dir: string): KitCase[];
  allProperties: readonly KitCase[];
  skipReason(c: KitCase, hello: HelloOutput): string | undefined;
  DEFAULT_SEED: number;
  DEFAULT_TIMEOUT_MS: number;
}

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
// Under Stryker the bundle was built from the unmutated sources before the run (mutation/run.ts);
// run alone (a check that every case passes in process), it is built here.
const oracleFile = process.env[ORACLE_ENV] ?? buildOracle();
const kit = (await import(pathToFileURL(oracleFile).href)) as Oracle;

const cases = [...kit.vectorCases(join(ROOT, 'conformance', 'vectors')), ...kit.allProperties];

// The reference (what Stryker mutates) is loaded in a hook, not by a static import: a mutant of code
// that runs when a module loads (a constant, a table) may throw there, and a test file that fails to
// import has no tests, which Stryker would count as a survivor. Here every case fails instead. A hook
// also runs outside any test, so what the import reaches counts as static coverage (every case runs).
let loaded: Promise<{ adapter: InProcessAdapter; hello: HelloOutput }>;
beforeAll(async () => {
  loaded = import('./in-process.ts').then(({ InProcessAdapter }) => {
    const adapter = new InProcessAdapter(kit);
    return { adapter, hello: adapter.hello() };
  });
  await loaded.catch(() => undefined);
});

for (const c of cases) {
  it(`${c.id} [${c.requirements.join(' ')}]`, async (t) => {
    const { adapter, hello } = await loaded;
    if (kit.skipReason(c, hello) !== undefined) return t.skip();
    // No shrinking: a mutant needs one failing input, not the smallest.
    const outcome = await c.run({
      adapter,
      hello,
      seed: kit.DEFAULT_SEED,
      runs: undefined,
      timeoutMs: kit.DEFAULT_TIMEOUT_MS,
      path: undefined,
      noShrink: true,
    });
    expect(outcome.passed ? 'passed' : outcome.reason).toBe('passed');
  });
}
