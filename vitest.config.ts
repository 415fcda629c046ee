import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { LEDGER_TESTS } from './vitest.ledger.config.ts';

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/**
 * The files that run for tens of seconds each (kit runs against adapters, Chromium, cargo), with
 * their times alone on 2 cores. They start before the rest: vitest orders files by the durations of
 * its last run, and where it has none (a fresh clone, CI) by file size, which would leave these short
 * files to run at the end while the other workers idle. The mutants (five kit runs at a time, more
 * than a core) start beside the implementations' kit runs (one at a time, each request given 30 s),
 * not beside Chromium.
 */
export const LONG_FIRST = [
  'conformance/mutants/mutants.test.ts', // 70 s: every mutant, five kit runs at a time
  'test/implementations.test.ts', // 55 s: four whole kit runs, one after another
  'site/site.browser.test.ts', // 65 s: 190 pages in Chromium
  'test/types/rust.test.ts', // 45 s: cargo builds serde, one job
  'test/types/kotlin.test.ts', // 37 s of CPU: one run of the Kotlin compiler, most of it the JVM warming up
  'conformance/runner/run.test.ts', // 28 s
  'conformance/runner/process.test.ts', // 15 s
  'scripts/generate-types.test.ts', // 14 s
  'test/implementations-profile.test.ts', // 14 s
  'conformance/runner/cli.test.ts', // 9 s
  'inspector/inspector.browser.test.ts', // 25 s: four pages in Chromium
  'inspector/inspector.test.ts', // 12 s: a 100,000-call ledger written and paged
];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification): number => {
      const i = LONG_FIRST.indexOf(relative(ROOT, f.moduleId).split('\\').join('/'));
      return i < 0 ? LONG_FIRST.length : i;
    };
    return sorted
      .map((f, i) => ({ f, i }))
      .sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // The ledger stores' tests start worker processes and a PostgreSQL server: they run after this
    // run, not beside it (`npm run test:ledger`, vitest.ledger.config.ts; scripts/run-tests.ts), so
    // that their processes do not starve the adapters of the conformance runs here.
    // .stryker-tmp: a mutation run's sandboxes (npm run mutation), copies of this tree.
    exclude: ['**/node_modules/**', 'implementations/**', '.stryker-tmp/**', ...LEDGER_TESTS],
    // The agent stacks' packages (stacks/npm, scripts/stack-packages.ts), installed when missing: the
    // matrix and the integrations' tests load them.
    globalSetup: ['./scripts/stack-packages.setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One worker per core. Vitest's default is one less (one worker on 2 cores), which left a core
    // idle: a test file mostly waits on one process at a time (an adapter, Chromium, cargo, tsc).
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongFirst },
  },
});
