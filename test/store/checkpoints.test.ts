// The session file's hash and undo checkpoints (src/store/session.ts): a file badzone wrote is read without checking
// its old log entries, and undo starts from its newest checkpoint; `verify` trusts neither and replays from the seed,
// so an edited file fails it even with its hash made to match again. No checkpoint holds the seed.
import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openGame } from '../../src/api/index.js';
import { loggedActions, replay, verify } from '../../src/engine/index.js';
import { LIMITS } from '../../src/rules/limits.js';
import { load, withHash } from '../../src/store/session.js';
import { cli, cliJson, longGame, runCli, tempDir } from '../helpers.js';

const FILE = 'badzone-session.json';
const raw = (d: string): any => JSON.parse(fs.readFileSync(path.join(d, FILE), 'utf8'));
/** Edit the file's JSON and write it back with its hash made to match again (a forged file). */
const forge = (d: string, f: (s: any) => void): void => {
  const { hash: _hash, ...s } = raw(d);
  f(s);
  fs.writeFileSync(path.join(d, FILE), withHash(s));
};

/** The hash as first written (stop 27): each pair of little-endian words xor-ed into two lanes, one pair a turn. */
function referenceHash(head: string): string {
  const bytes = Buffer.from(head, 'utf8');
  const n = bytes.length;
  const padded = Buffer.alloc(((n >> 3) + 1) * 8);
  bytes.copy(padded);
  let h = 0x811c9dc5 ^ n;
  let g = 0x050c5d1f;
  for (let i = 0; i + 8 <= padded.length; i += 8) {
    h = Math.imul(h ^ padded.readInt32LE(i), 0x01000193);
    g = Math.imul(g ^ padded.readInt32LE(i + 4), 0x01000193);
    h = (h << 7) | (h >>> 25);
    g = (g << 7) | (g >>> 25);
  }
  return `${(h >>> 0).toString(16).padStart(8, '0')}${(g >>> 0).toString(16).padStart(8, '0')}`;
}

describe('the hash of a session file', () => {
  it('is the one first written, for any text (multibyte, any length): a file written before stays trusted', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })), (o) => {
        const { log: _log, ...rest } = o;
        const text = withHash(rest);
        const at = text.lastIndexOf(',"hash":"') + ',"hash":"'.length;
        expect(text.slice(at)).toBe(`${referenceHash(text.slice(0, at))}"}\n`);
      }),
      { numRuns: 300 },
    );
  });

  it('with a log (schema 9), is of everything before the log, whose length in bytes comes just before it', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' })),
        fc.array(fc.string({ unit: 'binary' })),
        (o, log) => {
          const { log: _log, logBytes: _n, ...rest } = o;
          const text = withHash({ ...rest, log });
          const logJson = JSON.stringify(log);
          const tail = `"logBytes":${Buffer.byteLength(logJson)},"log":${logJson},"hash":"`;
          const at = text.lastIndexOf(tail);
          expect(at).toBeGreaterThan(0);
          expect(text[at - 1]).toBe(Object.keys(rest).length ? ',' : '{');
          const head = text.slice(0, at + tail.length - logJson.length - ',"hash":"'.length);
          expect(text.slice(at + tail.length)).toBe(`${referenceHash(head)}"}\n`);
          expect(JSON.parse(text)).toEqual({
            ...rest,
            logBytes: Buffer.byteLength(logJson),
            log,
            hash: expect.any(String),
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a game written by stop 27 reads as written by badzone (its checkpoints used), and one byte changed does not', () => {
    const fixture = path.join(import.meta.dirname, '..', 'engine', 'fixtures', 'session-v8-hash.json');
    const d = tempDir('badzone-hash-');
    const file = path.join(d, FILE);
    fs.copyFileSync(fixture, file);
    const l = load(file);
    expect(l.trusted).toBe(true);
    expect(l.checkpoints).toHaveLength(3);
    // The round number of the last entry, one digit changed: valid JSON, a valid game, not the hash's.
    const text = fs.readFileSync(fixture, 'utf8');
    fs.writeFileSync(file, text.replace('"round":3,', '"round":4,'));
    expect(fs.readFileSync(file, 'utf8')).not.toBe(text);
    expect(load(file).trusted).toBe(false);
  });
});

describe('a session file as badzone writes it', () => {
  it('has its log packed, a hash of it all, and checkpoints that hold no seed (a ChaCha20 game)', async () => {
    const d = tempDir('badzone-hash-');
    await cli(d, 'new', '--seed', 'Checkpoint77');
    for (let i = 0; i < 3; i++) await cli(d, 'round');
    const text = fs.readFileSync(path.join(d, FILE), 'utf8');
    expect(text).toMatch(/,"hash":"[0-9a-f]{16}"}\n$/);
    const s = raw(d);
    expect(s.log[0]).toBe('0 - new');
    expect(s.log[1]).toMatch(/^1 64\.\d+\.0[.,\d]* round$/); // the event table's D64 first
    expect(s.purposes[0]).toBe('Event Phase: event table');
    expect(s.checkpoints).toHaveLength(3);
    expect(JSON.stringify(s.checkpoints)).not.toContain('Checkpoint77');
    expect(JSON.stringify(s.checkpoints)).not.toMatch(/"seed"|"setup":/);
    expect(load(path.join(d, FILE)).trusted).toBe(true);
  });

  it('a hidden seed is in no checkpoint, nor in the report or the players’ page that strip it', async () => {
    const d = tempDir('badzone-hash-');
    await cli({ cwd: d, seeds: ['HiddenCheck9'] }, 'new', '--hidden-seed');
    for (let i = 0; i < 3; i++) await cli(d, 'round');
    await cli(d, 'undo');
    const s = raw(d);
    expect(s.checkpoints.length).toBeGreaterThan(0);
    expect(JSON.stringify(s.checkpoints)).not.toContain('HiddenCheck9');
    expect(JSON.stringify(s.checkpoints)).not.toContain(s.setup.hiddenSeed.salt);
    const report = await cli(d, 'report', '--format', 'json');
    expect(report).not.toContain('HiddenCheck9');
    expect(report).not.toContain('checkpoints');
    expect(JSON.stringify(await cliJson(d, 'status', '--json'))).not.toContain('HiddenCheck9');
  });
});

describe('verify ignores the hash and the checkpoints: a forged file fails it', () => {
  it('a roll edited, the hash made to match: the file opens as written, verify names the entry (exit 1)', async () => {
    const d = longGame(30);
    expect((await cliJson(d, 'verify', '--json')).ok).toBe(true);
    forge(d, (s) => {
      const [round, rolls, action] = s.log[12].split(' ');
      const first = rolls.split(',');
      const [die, value, ...rest] = first[0].split('.');
      first[0] = [die, (Number(value) % Number(die)) + 1, ...rest].join('.');
      s.log[12] = `${round} ${first.join(',')} ${action}`;
    });
    expect(load(path.join(d, FILE)).trusted).toBe(true);
    expect((await runCli(['status'], { cwd: d })).code).toBe(0);
    const r = await runCli(['verify', '--json'], { cwd: d });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, seq: 12 });
    expect(JSON.parse(r.stdout).problem).toMatch(/^log entry 12 \(round, round 12\), roll 1: /);
  });

  it('the state edited, the hash made to match: verify names the field (exit 1)', async () => {
    const d = longGame(30);
    forge(d, (s) => {
      s.visibility = { level: 'dark', sinceRound: 3, source: 'gm' };
    });
    const r = await runCli(['verify', '--json'], { cwd: d });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: false, seq: null });
    expect(JSON.parse(r.stdout).problem).toMatch(/^visibility in the file/);
  });

  it('a checkpoint edited, the hash made to match: undo restores what it says, and verify then fails (exit 1)', async () => {
    const d = longGame(30);
    forge(d, (s) => {
      const top = s.checkpoints[s.checkpoints.length - 1];
      top.fields.visibility = { '=': { level: 'dark', sinceRound: 3, source: 'gm' } };
    });
    expect((await runCli(['undo'], { cwd: d })).code).toBe(0);
    expect(raw(d).visibility.level).toBe('dark');
    const r = await runCli(['verify', '--json'], { cwd: d });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).problem).toMatch(/^visibility in the file/);
  });

  it('a scatter path is taken as written only while the hash matches: edited by hand, a bad scatter is refused (exit 4)', async () => {
    const d = tempDir('badzone-hash-');
    await cli(d, 'new', '--seed', '7', '--hazard', 'none');
    await cli(d, 'round');
    await cli(d, 'place', 'pillar-of-flame');
    for (let i = 0; i < 3; i++) {
      await cli(d, 'end'); // the Blast scatters
      await cli(d, 'round');
    }
    const s = raw(d);
    const pillar = s.inPlay.find((e: { eventId: string }) => e.eventId === 'pillar-of-flame');
    // Kept once (schema 9): the in-play entry names the live marker whose scatters they are.
    expect(pillar.scatters).toEqual({ marker: s.markers[0].id });
    expect(s.markers[0].scatters.length).toBeGreaterThan(1);
    const text = fs.readFileSync(path.join(d, FILE), 'utf8');
    expect(load(path.join(d, FILE)).state.inPlay.find((e) => e.eventId === 'pillar-of-flame')!.scatters).toEqual(
      s.markers[0].scatters,
    );
    for (const where of ['inPlay', 'markers'] as const) {
      const t = raw(d);
      const list =
        where === 'inPlay' ? t.inPlay.find((e: { eventId: string }) => e.eventId === 'pillar-of-flame') : t.markers[0];
      if (where === 'inPlay') list.scatters = structuredClone(t.markers[0].scatters);
      list.scatters[1] = [1, 2, 13]; // no 13 o'clock
      fs.writeFileSync(path.join(d, FILE), JSON.stringify(t));
      const r = await runCli(['status'], { cwd: d });
      expect(r.code, where).toBe(4);
      expect(r.stderr).toContain(`scatters[1][2]`);
      fs.writeFileSync(path.join(d, FILE), text);
    }
  });

  it('the hash edited: the file is read as edited by hand (checked in full), no checkpoint used or kept until an undo replays', async () => {
    const d = longGame(30);
    const s = raw(d);
    s.hash = '0000000000000000';
    fs.writeFileSync(path.join(d, FILE), JSON.stringify(s));
    expect(load(path.join(d, FILE)).trusted).toBe(false);
    expect(load(path.join(d, FILE)).checkpoints).toBeNull();
    expect((await cliJson(d, 'verify', '--json')).ok).toBe(true);
    // Its game may not follow from its log: a step keeps no checkpoint for it, so undo replays the log.
    expect((await runCli(['round'], { cwd: d })).code).toBe(0);
    expect(raw(d).checkpoints).toBeNull();
    expect((await runCli(['undo'], { cwd: d })).code).toBe(0);
    // The undo replayed the log, and kept the checkpoints of the game it made.
    expect(raw(d).checkpoints).toHaveLength(LIMITS.checkpoints);
    expect((await cliJson(d, 'verify', '--json')).ok).toBe(true);
  });
});

describe('undo and redo in any order', () => {
  it('leave the game each time equal to a replay of its log from the seed, as a model of the log says', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            { weight: 3, arbitrary: fc.constant('undo' as const) },
            { weight: 2, arbitrary: fc.constant('round' as const) },
            { weight: 1, arbitrary: fc.constant('end' as const) },
            { weight: 2, arbitrary: fc.constant('redo' as const) },
          ),
          { minLength: 1, maxLength: 30 },
        ),
        async (commands) => {
          const d = longGame(14);
          const file = path.join(d, FILE);
          const game = await openGame(file);
          // The model: the log's action types, and the redo list's.
          let log = load(file).state.log.map((r) => r.action.type as string);
          let redo: string[] = [];
          for (const c of commands) {
            const before = fs.readFileSync(file, 'utf8');
            try {
              if (c === 'round') await game.round();
              else if (c === 'end') await game.end();
              else if (c === 'undo') await game.undo();
              else await game.redo();
            } catch {
              expect(fs.readFileSync(file, 'utf8')).toBe(before); // a refusal changes nothing
              continue;
            }
            if (c === 'undo') redo = [...redo, log.pop()!];
            else if (c === 'redo') log = [...log, redo.pop()!];
            else {
              log = [...log, c];
              redo = [];
            }
            const l = load(file);
            expect(l.trusted).toBe(true);
            expect(l.state.log.map((r) => r.action.type)).toEqual(log);
            expect(l.state.redo.map((r) => r.action.type)).toEqual([...redo]);
            const replayed = replay(l.state.setup, loggedActions(l.state.log), l.book);
            expect(JSON.parse(JSON.stringify({ ...l.state, redo: [] }))).toEqual(
              JSON.parse(JSON.stringify({ ...replayed, redo: [] })),
            );
            expect(verify(load(file, { trust: false }).state, l.book)).toMatchObject({ ok: true });
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 120_000);
});
