// How much work each command does on a long game, counted (src/store/counts.ts, src/engine/counts.ts), not timed:
// the usual causes of a slowdown (the session file read or parsed twice, a whole log checked again, a replay where
// one step would do) double a count, and a doubled count fails here. The figures are today's, exact: a command
// that needs more work on purpose changes them here, and says why in its commit.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlayersViewBuilder } from '../../src/api/players-view.js';
import { engineCounts, resetEngineCounts } from '../../src/engine/counts.js';
import { createGame, defaultSetup, step } from '../../src/engine/index.js';
import { resetStoreCounts, storeCounts } from '../../src/store/counts.js';
import { serialize } from '../../src/store/session.js';
import { shippedBook } from '../../src/store/tables.js';
import { cli, tempDir } from '../helpers.js';

const ROUNDS = 200;
/** The setup entry, then a `round` and an `end` for each round. */
const LOG = 1 + 2 * ROUNDS;

/** A game of ROUNDS rounds, each with its End Phase, written by the engine itself (fast: no command per step). */
function longGameText(): string {
  const book = shippedBook();
  let s = createGame(defaultSetup(20261202), book);
  for (let i = 0; i < ROUNDS; i++)
    for (const type of ['round', 'end'] as const) {
      const r = step(s, { type }, book);
      if (!r.ok) throw new Error(`${type} refused while building the game`);
      s = r.state;
    }
  expect(s.log).toHaveLength(LOG);
  return serialize(s);
}

let text = '';
beforeAll(() => {
  text = longGameText();
});

/** A folder holding the long game. */
function longGame(): string {
  const dir = tempDir('badzone-counts-');
  fs.writeFileSync(path.join(dir, 'badzone-session.json'), text);
  return dir;
}

function counts() {
  return { ...storeCounts, ...engineCounts };
}

/** What `work` counted. */
async function countedBy(work: () => unknown) {
  resetStoreCounts();
  resetEngineCounts();
  await work();
  return counts();
}

/** What running `args` in `dir` counted. */
function counted(dir: string, ...args: string[]) {
  return countedBy(() => cli(dir, ...args));
}

describe(`the work a command does on a ${ROUNDS}-round game (${LOG} log entries)`, () => {
  it('status reads and parses the file once, checks each log entry once, and steps nothing', async () => {
    const dir = longGame();
    const once = { sessionReads: 1, sessionParses: 1, sessionWrites: 0, logEntriesChecked: LOG, steps: 0 };
    expect(await counted(dir, 'status')).toEqual(once);
    expect(await counted(dir, 'status', '--json')).toEqual(once);
  });

  it('round reads, parses and writes once, checks each log entry once, and takes one step (no replay)', async () => {
    const dir = longGame();
    expect(await counted(dir, 'round')).toEqual({
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 1,
      logEntriesChecked: LOG,
      steps: 1,
    });
  });

  it('end reads, parses and writes once, and takes one step', async () => {
    const dir = longGame();
    await cli(dir, 'round');
    expect(await counted(dir, 'end')).toEqual({
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 1,
      logEntriesChecked: LOG + 1,
      steps: 1,
    });
  });

  it('undo reads, parses and writes once, and replays the log but its last entry, once', async () => {
    const dir = longGame();
    expect(await counted(dir, 'undo')).toEqual({
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 1,
      logEntriesChecked: LOG,
      // Every entry after the setup, less the one undone.
      steps: LOG - 2,
    });
  });

  it("the players' page re-reads the file once per update and steps only the new entry", async () => {
    const dir = longGame();
    const file = path.join(dir, 'badzone-session.json');
    const page = new PlayersViewBuilder();
    // The first view replays the whole history once.
    expect(await countedBy(() => page.read(file))).toEqual({
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 0,
      logEntriesChecked: LOG,
      steps: LOG - 1,
    });
    await cli(dir, 'round');
    expect(await countedBy(() => page.read(file))).toEqual({
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 0,
      logEntriesChecked: LOG + 1,
      steps: 1,
    });
  });
});
