import { defineConfig } from 'vitest/config';

// The kit's cases as vitest tests, for StrykerJS (stryker.config.mjs): not part of `npm test`.
export default defineConfig({
  test: {
    include: ['mutation/*.mutation.ts'],
    pool: 'forks',
    testTimeout: 120_000,
  },
});
