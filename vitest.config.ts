import { defineConfig } from 'vitest/config';
import { LEDGER_TESTS } from './vitest.ledger.config.ts';

export default defineConfig({
  test: {
    include: ['**/*.test.ts'],
    // The ledger stores' tests start worker processes and a PostgreSQL server: they run on their own,
    // after this run (`npm run test:ledger`, vitest.ledger.config.ts), so that their processes do
    // not starve the adapters of the conformance runs here.
    exclude: ['node_modules/**', 'implementations/**', ...LEDGER_TESTS],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
