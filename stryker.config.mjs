// Mutation testing of the reference through the conformance kit (issue 42): StrykerJS mutates
// reference-impl/, and the tests it runs for each mutant are the kit's cases (vectors and properties),
// one vitest test each, against the reference's op handlers in process (mutation/kit.mutation.ts).
// Run it with `npm run mutation` (mutation/run.ts), which first bundles the kit's own side, the
// differential oracle included, from the unmutated sources. Survivors the kit cannot kill are in
// mutation/survivors.json, each with its reason.

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  // Per test: each mutant runs only the cases that reach it.
  coverageAnalysis: 'perTest',
  mutate: [
    'reference-impl/**/*.ts',
    '!reference-impl/**/*.test.ts',
    // The ledger stores (memory and durable) and what only they use (claims, leases, the interrupted
    // entry): the kit's ledger ops are persist and restore of one entry, no store; the ledger suite
    // (ledger-kit, `npm run test:ledger`) checks the stores' contract. The call's key (scope and
    // fingerprint) is the seam's and the stores': no kit op computes it.
    '!reference-impl/ledger/{memory-ledger,sqlite,sqlite-open,sqlite-layout,postgres,postgres-layout,store,claim,interrupted,call-key}.ts',
    // keylessPointer, the location the integrations write in their log lines: no kit op calls it.
    '!reference-impl/sinks/log-location.ts',
    // Test fixtures (an MCP server for the normalizer's tests), not the library.
    '!reference-impl/normalize/fixtures/**',
    // The seam (executeTool) and the artifact renderer: the integrations' and the inspector's, not
    // behind any kit op, so every mutant there would be "no coverage", not a finding.
    '!reference-impl/seam/**',
    '!reference-impl/render/**',
  ],
  // Only what the cases need goes into each sandbox (node_modules is linked, not copied); not
  // tsconfig.json, which Stryker would rewrite through the compiler API TypeScript 7 lacks.
  ignorePatterns: [
    '/*',
    '!/reference-impl',
    '!/conformance',
    '!/reference-adapter',
    '!/mutation',
    '!/schemas',
    '!/generated',
    '!/codegen',
    '!/spec',
    '!/package.json',
    '!/vitest.mutation.config.ts',
  ],
  // TypeScript 7 (the repository's compiler) has no compiler API for @stryker-mutator/typescript-checker:
  // no checker; a mutant that would not type-check runs as JavaScript like any other.
  concurrency: 2,
  timeoutMS: 10_000,
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  incrementalFile: '.tmp/stryker-incremental.json',
  tempDirName: '.stryker-tmp',
  cleanTempDir: true,
};
