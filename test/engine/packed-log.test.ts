// src/engine/packed-log.ts: counting a log's dice off the packed text of a file's entries, without decoding them.
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DiceTally } from '../../src/engine/packed-log.js';
import { countDice, type LogRecord } from '../../src/engine/state.js';
import { engineCounts, resetEngineCounts } from '../../src/engine/counts.js';
import { load, serialize } from '../../src/store/session.js';
import { cli, tempDir } from '../helpers.js';

/** A log's dice counted once, by a tally that has counted nothing before. */
const countLogDice = (log: readonly LogRecord[]) => new DiceTally().count(log);

const FILE = 'badzone-session.json';

describe('DiceTally, once', () => {
  it('counts what countDice counts, entered dice included, and decodes no entry of a file badzone wrote', async () => {
    const d = tempDir('badzone-dice-');
    await cli(d, 'new', '--seed', '7', '--gang', 'Goliaths: Krag, Brute', '--gang', 'Eschers: Vex');
    await cli(d, 'round', '--dice', '48'); // Cold Snap
    await cli(d, 'end', '--dice', '5'); // its discard check
    await cli(d, 'round');
    await cli(d, 'place', 'treasure', '--dice', '1,2,3');
    const loaded = load(path.join(d, FILE));
    expect(loaded.trusted).toBe(true);
    resetEngineCounts();
    const fast = countLogDice(loaded.state.log);
    expect(engineCounts.logEntriesChecked).toBe(0); // no entry's rolls decoded
    const slow = countDice(loaded.state.log);
    expect(engineCounts.logEntriesChecked).toBe(loaded.state.log.length);
    expect(fast).toEqual(slow);
    expect(fast.entered).toBeGreaterThanOrEqual(5);
    expect(fast.rolls).toBeGreaterThan(fast.entered);
  });

  it('equals countDice on any log, packed by the store and read back lazily, or as objects', async () => {
    const d = tempDir('badzone-dice-');
    await cli(d, 'new', '--seed', '7');
    const file = path.join(d, FILE);
    const base = load(file).state;
    const roll = fc.record({ die: fc.integer({ min: 2, max: 1000 }), entered: fc.boolean(), card: fc.boolean() });
    fc.assert(
      fc.property(fc.array(fc.array(roll, { maxLength: 12 }), { maxLength: 20 }), (entries) => {
        const log: LogRecord[] = [{ ...base.log[0]! }];
        entries.forEach((rolls, k) =>
          log.push({
            seq: k + 1,
            round: k + 1,
            action: { type: 'round' },
            rolls: rolls.map((r, j) => ({
              die: r.die,
              value: 1 + (j % r.die),
              for: `purpose ${j % 3}`,
              ...(r.entered ? { entered: true } : {}),
              ...(r.card ? { card: true } : {}),
            })),
          }),
        );
        const objects = countDice(log);
        expect(countLogDice(log)).toEqual(objects);
        fs.writeFileSync(file, serialize({ ...base, log }));
        const read = load(file);
        expect(read.trusted).toBe(true);
        expect(countLogDice(read.state.log)).toEqual(objects);
      }),
      { numRuns: 60 },
    );
  });
});

describe('DiceTally (the players’ page counts the dice of each version of a game)', () => {
  it('counts each version as countDice does, through rounds, entered dice, undo and redo, reusing what it counted', async () => {
    const d = tempDir('badzone-tally-');
    const file = path.join(d, FILE);
    const tally = new DiceTally();
    const check = () => {
      const log = load(file).state.log;
      expect(tally.count(log)).toEqual(countDice(log));
    };
    await cli(d, 'new', '--seed', '11', '--gang', 'Goliaths: Krag, Brute');
    check();
    for (const args of [
      ['round'],
      ['end'],
      ['round', '--dice', '48'],
      ['end', '--dice', '5'],
      ['undo'],
      ['undo'],
      ['redo'],
      ['end', '--dice', '2'],
      ['round'],
      ['place', 'treasure', '--dice', '1,2,3'],
      // Counted only after the next step: the same place in the log now holds other dice (3 entered, then none).
      ['undo', 'unchecked'],
      ['place', 'treasure'],
    ]) {
      await cli(d, ...args.filter((a) => a !== 'unchecked'));
      if (!args.includes('unchecked')) check();
    }
    // A log of records of its own (not read from a file), then the file again.
    const own = load(file).state.log.map((r) => ({ ...r, rolls: [...r.rolls] }));
    expect(tally.count(own)).toEqual(countDice(own));
    check();
  });
});
