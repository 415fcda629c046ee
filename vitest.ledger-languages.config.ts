// `npm run test:ledger-languages`: the ledger suite against the PHP (SQLite, PostgreSQL), Python
// PostgreSQL and Go (SQLite, PostgreSQL) stores, and every language on one store (mixed-language.test.ts), one file after
// another; a part of its own beside `npm run test:ledger` in npm test's side-by-side phase, so the
// two lanes share the work. Each file starts worker processes and its own PostgreSQL cluster.
import { defineConfig } from 'vitest/config';

export const LEDGER_LANGUAGE_TESTS = [
  'conformance/ledger-suite/php-ledger.test.ts',
  'conformance/ledger-suite/python-postgres-ledger.test.ts',
  'conformance/ledger-suite/mixed-language.test.ts',
  'conformance/ledger-suite/go-ledger.test.ts',
];

export default defineConfig({
  test: {
    include: LEDGER_LANGUAGE_TESTS,
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
