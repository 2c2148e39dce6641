// A file as badzone wrote it (its hash matches) gives a log whose records are made when first read
// (src/engine/packed-log.ts lazyLog). It must be the same log as a full read gives (one that checks every entry),
// in every way a caller can look at it, and through a step that extends it; the file written back must be the
// same too. A file edited by hand is still read and checked in full.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gameStatus } from '../../src/api/read.js';
import { statusView } from '../../src/api/views.js';
import { engineCounts, resetEngineCounts } from '../../src/engine/counts.js';
import { InvalidFileError } from '../../src/errors.js';
import { load, serialize, withHash } from '../../src/store/session.js';
import { step } from '../../src/engine/index.js';
import { longGame, runCli } from '../helpers.js';

const FILE = 'badzone-session.json';

describe('a log read lazily', () => {
  it('has the same log as a full read, however it is looked at, and makes a record only when one is read', () => {
    const file = path.join(longGame(40), FILE);
    const full = load(file, { trust: false });
    resetEngineCounts();
    const read = load(file);
    expect(engineCounts.logRecordsMade).toBe(1); // the first entry: checked to be the game's setup
    const log = read.state.log;
    expect(Array.isArray(log)).toBe(true);
    expect(log).toHaveLength(full.state.log.length);
    expect(log[7]!.round).toBe(full.state.log[7]!.round);
    expect(engineCounts.logRecordsMade).toBe(2);
    expect(log[7]).toBe(log[7]); // made once
    expect(read.state).toEqual(full.state);
    expect([...log]).toEqual(full.state.log);
    expect(log.slice(3, 9)).toEqual(full.state.log.slice(3, 9));
    expect(log.map((r) => r.seq)).toEqual(full.state.log.map((_, i) => i));
    expect(JSON.stringify(log)).toBe(JSON.stringify(full.state.log));
    expect(log.at(-1)).toEqual(full.state.log.at(-1));
    expect(Object.keys(log)).toEqual(Object.keys(full.state.log));
    expect(log[log.length]).toBeUndefined();
    expect(engineCounts.logRecordsMade).toBe(full.state.log.length);
  });

  it('status shows the same as from a full read, and makes no record but the first', () => {
    const file = path.join(longGame(40), FILE);
    const full = load(file, { trust: false });
    resetEngineCounts();
    const shown = gameStatus(file, { full: true });
    expect(engineCounts.logRecordsMade).toBe(1);
    expect(shown).toMatchObject(statusView(file, full.state, full.book));
  });

  it('a file edited by hand is read in full: a broken entry is found', () => {
    const file = path.join(longGame(40), FILE);
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    json.log[20] = '20 - {"type":"no-such-step"}';
    fs.writeFileSync(file, JSON.stringify(json));
    expect(() => load(file)).toThrow(InvalidFileError);
    expect(() => load(file)).toThrow(/log\[20\]/);
  });

  it('a step extends it lazily: the same game and the same file as from a full read, and the old log unchanged', () => {
    const file = path.join(longGame(40), FILE);
    const full = load(file, { trust: false });
    const read = load(file);
    const book = read.book;
    resetEngineCounts();
    const a = step(read.state, { type: 'round' }, book);
    const b = step(full.state, { type: 'round' }, full.book);
    if (!a.ok || !b.ok) throw new Error('round refused');
    expect(a.state.log).toHaveLength(read.state.log.length + 1);
    expect(read.state.log).toHaveLength(full.state.log.length);
    expect(serialize(a.state, [])).toBe(serialize(b.state, []));
    // Nothing but the step's own reading made a record of an old entry.
    expect(engineCounts.logRecordsMade).toBeLessThan(5);
    expect(a.state).toEqual(b.state);
    expect(a.state.log[3]).toBe(read.state.log[3]); // one record for an entry, whichever log it is read through
    expect(() => {
      (a.state.log as unknown as Record<number, unknown>)[3] = b.state.log[3];
    }).toThrow(/never replaced/);
  });
});

describe('a file whose hash was made to match over a broken entry', () => {
  it('is refused as an invalid file (exit 4) when the entry is read, never an internal error; verify names it', async () => {
    const dir = longGame(3);
    const file = path.join(dir, FILE);
    const { hash: _hash, ...json } = JSON.parse(fs.readFileSync(file, 'utf8'));
    json.log[1] = '1 x.y round';
    fs.writeFileSync(file, withHash(json));
    expect(load(file).trusted).toBe(true);
    const log = await runCli(['log'], { cwd: dir });
    expect(log.code).toBe(4);
    expect(log.stderr).toContain('log[1].rolls[0]');
    expect(log.stderr).not.toMatch(/internal error/);
    const asJson = await runCli(['log', '--json'], { cwd: dir });
    expect(asJson.code).toBe(4);
    expect(JSON.parse(asJson.stdout || asJson.stderr).error.kind).toBe('invalid');
    const verify = await runCli(['verify'], { cwd: dir });
    expect(verify.code).toBe(4);
  });
});
