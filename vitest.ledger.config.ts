// `npm run test:ledger`: the durable ledger stores (SQLite, PostgreSQL, Python's SQLite, Go's SQLite and PostgreSQL) and the
// kit's ledger suite, one file after another: each starts worker processes, and two of them a
// throwaway PostgreSQL cluster. TOOLRESULT_LEDGER_FULL=1 makes the many-calls race 10,000 calls.
import { configDefaults, defineConfig } from 'vitest/config';
import { LEDGER_LANGUAGE_TESTS } from './vitest.ledger-languages.config.ts';

export const LEDGER_TESTS = ['reference-impl/ledger/stores.test.ts', 'ledger-kit/**/*.test.ts', 'inspector/inspector-postgres.test.ts'];

export default defineConfig({
  test: {
    include: LEDGER_TESTS,
    // Their own part: `npm run test:ledger-languages` (vitest.ledger-languages.config.ts).
    exclude: [...configDefaults.exclude, ...LEDGER_LANGUAGE_TESTS],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
