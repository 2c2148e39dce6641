// The vitest config for `npm run mutation` (StrykerJS): only the tests that run src/ in this process. The
// end-to-end and fault tests that spawn bin/ run the bundled dist/, which a mutant never reaches, so they
// would only cost time; they stay in `npm test` (vitest.config.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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

/**
 * Stryker stops a mutant's run at its first failing test, and runs one file at a time: so the fast, focused
 * files go first (vitest's own order puts the slowest first). Folders in this order, then smaller files first.
 */
const ORDER = [
  'test/dice/',
  'test/engine/',
  'test/rules/',
  'test/store/',
  'test/model/',
  'test/api/',
  'test/cli/',
  'test/render/',
  'test/faults/',
];
const LAST = ['test/engine/properties.test.ts', 'test/engine/simulate.test.ts'];

class FocusedFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification): [number, number] => {
      const rel = path.relative(process.cwd(), f.moduleId).split(path.sep).join('/');
      const folder = ORDER.findIndex((p) => rel.startsWith(p));
      const last = LAST.includes(rel) ? 1 : 0;
      let size = 0;
      try {
        size = fs.statSync(f.moduleId).size;
      } catch {
        /* unknown: first */
      }
      return [(folder < 0 ? ORDER.length : folder) * 2 + last, size];
    };
    return [...files].sort((a, b) => {
      const [fa, sa] = rank(a);
      const [fb, sb] = rank(b);
      return fa - fb || sa - sb;
    });
  }
}

/**
 * BADZONE_MUTATION_TESTS=test/rules,test/model narrows a run to the folders that test the folder being mutated
 * (a mutant then pays for those files only, not for every in-process file that happens to run its code).
 */
const focus = (process.env.BADZONE_MUTATION_TESTS ?? '')
  .split(',')
  .map((f) => f.trim().replace(/\/+$/, ''))
  .filter((f) => f !== '');

export default defineConfig({
  test: {
    include: focus.length ? focus.map((f) => `${f}/**/*.test.ts`) : IN_PROCESS,
    // Tests that only spawn the built bin/ (they test dist/, not the mutated src/). Tests that spawn it inside
    // the other files skip themselves (MUTATION_RUN in test/helpers.ts).
    exclude: [
      'test/e2e/**',
      'test/faults/kill.test.ts',
      'test/faults/concurrency.test.ts',
      'test/faults/crash-safety.test.ts',
      'test/faults/disk.test.ts',
      'test/faults/lock-files.test.ts',
      'test/faults/lock-race.test.ts',
      'test/faults/io-errors.test.ts',
      'test/faults/hangup.test.ts',
      'test/faults/hygiene.test.ts',
      // Concurrent spawned commands through links (its in-process parts are in test/store).
      'test/faults/paths.test.ts',
    ],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    sequence: { sequencer: FocusedFirst },
    setupFiles: ['test/setup.ts'],
    // BADZONE_MUTATION: the exhaustive suites sample (test/helpers.ts); BADZONE_FAULT_RUNS: the generated
    // argument and state suites run 40 cases instead of 400.
    env: { NO_COLOR: '1', FORCE_COLOR: '', BADZONE_MUTATION: '1', BADZONE_FAULT_RUNS: '40' },
  },
});
