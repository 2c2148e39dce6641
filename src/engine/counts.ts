// How much work the engine did, counted where it is done, so that a test can catch the usual cause of a slowdown
// (a long game's log checked twice, a command that replays what it need not) without timing anything
// (test/cli/work-counts.test.ts). For tests only: the library (src/api/index.ts) does not export it. A few integers
// bumped in place cost nothing measurable, and nothing in badzone reads them.
export const engineCounts = {
  /** Log entries checked by validateSession (./schema.ts): every command that reads a game checks its whole log. */
  logEntriesChecked: 0,
  /** Steps taken (./step.ts): one per command that changes the game; a replay (undo, verify, log) one per entry. */
  steps: 0,
  /**
   * Log records made from a file's packed entries (./schema.ts, packedRecord): every entry for a command that
   * changes the game (it writes the whole log back), none for `status` (it counts them, reads none).
   */
  logRecordsMade: 0,
};

/** Set every count back to 0 (before the command a test measures). */
export function resetEngineCounts(): void {
  engineCounts.logEntriesChecked = 0;
  engineCounts.steps = 0;
  engineCounts.logRecordsMade = 0;
}
