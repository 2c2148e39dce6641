// How often the session file was read, parsed and written, counted where it is done, so that a test can catch a
// command that reads its game twice (the usual cause of a slowdown on a long game) without timing anything
// (test/cli/work-counts.test.ts). For tests only: the library (src/api/index.ts) does not export it. Three
// integers bumped in place cost nothing measurable, and nothing in badzone reads them.
export const storeCounts = {
  /** Session files (or battle reports, for `verify --file`) read from disk. */
  sessionReads: 0,
  /** Session texts parsed as JSON and checked (src/engine/schema.ts). */
  sessionParses: 0,
  /** Session files written (each a temp file, its fsync and a rename). */
  sessionWrites: 0,
};

/** Set every count back to 0 (before the command a test measures). */
export function resetStoreCounts(): void {
  storeCounts.sessionReads = 0;
  storeCounts.sessionParses = 0;
  storeCounts.sessionWrites = 0;
}
