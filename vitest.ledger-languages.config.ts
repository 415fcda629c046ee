// `npm run test:ledger-languages`: the ledger suite against the PHP (SQLite, PostgreSQL), Python
// PostgreSQL and Go (SQLite, PostgreSQL) stores, and every language on one store (mixed-language.test.ts), one file after
// another; a part of its own beside `npm run test:ledger` in npm test's side-by-side phase, so the
// two lanes share the work. Each file starts worker processes and its own PostgreSQL cluster.
import { defineConfig } from 'vitest/config';

export const LEDGER_LANGUAGE_TESTS = [
  'ledger-kit/php-ledger.test.ts',
  'ledger-kit/python-postgres-ledger.test.ts',
  'ledger-kit/mixed-language.test.ts',
  'ledger-kit/go-ledger.test.ts',
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
