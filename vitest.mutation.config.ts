// The vitest config for `npm run mutation` (StrykerJS): only the tests that run src/ in this process. The
// end-to-end and fault tests that spawn bin/ run the bundled dist/, which a mutant never reaches, so they
// would only cost time; they stay in `npm test` (vitest.config.ts).
import { defineConfig } from 'vitest/config';

export const IN_PROCESS = [
  'test/api/**/*.test.ts',
  'test/engine/**/*.test.ts',
  'test/dice/**/*.test.ts',
  'test/rules/**/*.test.ts',
  'test/store/**/*.test.ts',
  'test/model/**/*.test.ts',
  'test/cli/**/*.test.ts',
  'test/render/**/*.test.ts',
  'test/faults/**/*.test.ts',
];

export default defineConfig({
  test: {
    include: IN_PROCESS,
    // Tests that only spawn the built bin/ (they test dist/, not the mutated src/). Tests that spawn it inside
    // the other files skip themselves (MUTATION_RUN in test/helpers.ts).
    exclude: [
      'test/e2e/**',
      'test/faults/kill.test.ts',
      'test/faults/concurrency.test.ts',
      'test/faults/disk.test.ts',
      'test/faults/lock-files.test.ts',
      'test/faults/lock-race.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // BADZONE_MUTATION: the exhaustive suites sample (test/helpers.ts); BADZONE_FAULT_RUNS: the generated
    // argument and state suites run 40 cases instead of 400.
    env: { NO_COLOR: '1', FORCE_COLOR: '', BADZONE_MUTATION: '1', BADZONE_FAULT_RUNS: '40' },
  },
});
