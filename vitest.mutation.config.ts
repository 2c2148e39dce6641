// The vitest config for `npm run mutation` (StrykerJS): only the tests that run src/ in this process. The
// end-to-end and fault tests that spawn bin/ run the bundled dist/, which a mutant never reaches, so they
// would only cost time; they stay in `npm test` (vitest.config.ts).
import { defineConfig } from 'vitest/config';

export const IN_PROCESS = [
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
    // Tests that spawn the built bin/ (they test dist/, not the mutated src/).
    exclude: ['test/e2e/**', 'test/faults/kill.test.ts', 'test/faults/concurrency.test.ts', 'test/faults/disk.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    env: { NO_COLOR: '1', FORCE_COLOR: '', BADZONE_MUTATION: '1' },
  },
});
