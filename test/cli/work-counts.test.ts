// How much work each command does on a long game, counted (src/store/counts.ts, src/engine/counts.ts), not timed:
// the usual causes of a slowdown (the session file read or parsed twice, a whole log checked again, a replay where
// one step would do) double a count, and a doubled count fails here. The figures are today's, exact: a command
// that needs more work on purpose changes them here, and says why in its commit.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { PlayersViewBuilder } from '../../src/api/players-view.js';
import { engineCounts, resetEngineCounts } from '../../src/engine/counts.js';
import { resetStoreCounts, storeCounts } from '../../src/store/counts.js';
import { LIMITS } from '../../src/rules/limits.js';
import { cli, playedText, readSession, tempDir } from '../helpers.js';

const ROUNDS = 200;
/** The setup entry, then a `round` and an `end` for each round. */
const LOG = 1 + 2 * ROUNDS;

/**
 * A game of ROUNDS rounds, each with its End Phase, as badzone writes it (its log packed, its hash, and the undo
 * checkpoints of its last steps), made by the engine itself (fast: no command per step).
 */
function longGameText(): string {
  const text = playedText(
    Array.from({ length: 2 * ROUNDS }, (_, i) => ({ type: i % 2 === 0 ? 'round' : 'end' }) as const),
    20261202,
  );
  expect(JSON.parse(text).log).toHaveLength(LOG);
  return text;
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
  it('status reads and parses the file once, and checks no log entry (the file is as badzone wrote it)', async () => {
    const dir = longGame();
    // It makes one record of the log's entries: the first, checked to be the game's setup.
    const once = {
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 0,
      logEntriesChecked: 0,
      steps: 0,
      logRecordsMade: 1,
    };
    expect(await counted(dir, 'status')).toEqual(once);
    expect(await counted(dir, 'status', '--json')).toEqual(once);
  });

  it('status on a file edited by hand (its hash no longer matches) checks each log entry once', async () => {
    const dir = longGame();
    const file = path.join(dir, 'badzone-session.json');
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), manualDice: true }));
    expect(await counted(dir, 'status')).toEqual({
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 0,
      logEntriesChecked: LOG,
      steps: 0,
      logRecordsMade: LOG,
    });
  });

  it('round reads, parses and writes once, checks no old entry, and takes one step (no replay)', async () => {
    const dir = longGame();
    expect(await counted(dir, 'round')).toEqual({
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 1,
      logEntriesChecked: 0,
      steps: 1,
      // It writes the whole log back, each old entry as the line it was read from: records of the first entry
      // (checked to be the setup) and the last (the step's own reading), no others.
      logRecordsMade: 2,
    });
  });

  it("end reads, parses and writes once, reads the rolls of its round's entry, and takes one step", async () => {
    const dir = longGame();
    await cli(dir, 'round');
    expect(await counted(dir, 'end')).toEqual({
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 1,
      // The round's spawn points used so far (src/api/map-sites.ts): the rolls of this round's entries.
      logEntriesChecked: 2,
      steps: 1,
      logRecordsMade: 3,
    });
  });

  it(`undo starts from a checkpoint ${LIMITS.checkpoints} times in a row, then replays once and keeps as many again`, async () => {
    const dir = longGame();
    // Each reads the rolls of the entry it undoes (it shows them), and steps nothing.
    const fromCheckpoint = { sessionReads: 1, sessionParses: 1, sessionWrites: 1, logEntriesChecked: 1, steps: 0 };
    for (let i = 0; i < LIMITS.checkpoints; i++)
      expect(await counted(dir, 'undo')).toEqual({ ...fromCheckpoint, logRecordsMade: LOG - i });
    const left = LOG - LIMITS.checkpoints;
    expect(await counted(dir, 'undo')).toEqual({
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 1,
      logEntriesChecked: 1,
      // Every entry after the setup, less the one undone.
      steps: left - 2,
      logRecordsMade: left,
    });
    expect(await counted(dir, 'undo')).toEqual({ ...fromCheckpoint, logRecordsMade: left - 1 });
    expect(readSession(path.join(dir, 'badzone-session.json')).log).toHaveLength(left - 2);
  });

  it('undo of a file without checkpoints (edited by hand) replays the log but its last entry, once', async () => {
    const dir = longGame();
    const file = path.join(dir, 'badzone-session.json');
    fs.writeFileSync(file, JSON.stringify({ ...JSON.parse(fs.readFileSync(file, 'utf8')), manualDice: true }));
    expect(await counted(dir, 'undo')).toEqual({
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 1,
      logEntriesChecked: LOG,
      steps: LOG - 2,
      logRecordsMade: LOG,
    });
  });

  it("the players' page re-reads the file once per update and steps and decodes only the new entry", async () => {
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
      logRecordsMade: LOG,
    });
    await cli(dir, 'round');
    // The old entries are compared and their dice counted by their packed text: only the new one's rolls are read.
    expect(await countedBy(() => page.read(file))).toEqual({
      sessionReads: 1,
      sessionParses: 1,
      sessionWrites: 0,
      logEntriesChecked: 1,
      steps: 1,
      // It reads as status does: records of the first entry, the new one and the one before it (the replay
      // carries on from it), no others: the rest are compared by their text.
      logRecordsMade: 3,
    });
  });
});
