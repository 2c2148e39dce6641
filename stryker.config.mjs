// `npm run mutation`: StrykerJS over the code whose behaviour the tests pin. Not part of `npm test` or CI.
// `npm run mutation` (scripts/mutation.mjs) runs one folder at a time, each narrowed to its tests (docs/development.md).
// Incremental: a re-run only tests mutants whose code or covering tests changed since the last run.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  coverageAnalysis: 'perTest',
  mutate: ['src/engine/**/*.ts', 'src/rules/**/*.ts', 'src/dice/**/*.ts', 'src/store/**/*.ts'],
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  // scripts/mutation.mjs gives each folder's run its own report folder.
  htmlReporter: { fileName: `${process.env.BADZONE_MUTATION_REPORT ?? 'reports/mutation'}/index.html` },
  jsonReporter: { fileName: `${process.env.BADZONE_MUTATION_REPORT ?? 'reports/mutation'}/mutation.json` },
  tempDirName: '.stryker-tmp',
  // Not copied into a run's sandbox: reports, and the sandboxes of another run going on beside it.
  ignorePatterns: ['/reports', '/.stryker-tmp*', '/coverage'],
  cleanTempDir: 'always',
  timeoutMS: 10_000,
  thresholds: { high: 95, low: 90, break: null },
  // Most of src/ also runs at import time (the shipped tables are compiled when a test file loads), so nearly
  // every mutant is "static" as well as covered by tests: with ignoreStatic, those run only the tests that reach
  // them (with the mutant active while the tests run), instead of the whole suite each. Mutants reached only at
  // import time (module-level constants) are then reported as Ignored; docs/development.md lists them.
  ignoreStatic: true,
};
