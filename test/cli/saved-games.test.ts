// Games saved before new games rolled with ChaCha20: session files written by badzone at d682d61 (session
// schemaVersion 3, JSON contract 2, every seed a 32-bit integer for the Mersenne Twister), in
// test/engine/fixtures/session-v3-*.json, and the `report --format json` of each (report-v3-*.json). Each still
// verifies (`verify`; `verify --file` on its report; `--commitment` on the hidden-seed ones) and rolls, for its
// next round and End Phase, exactly the dice that badzone rolled for it then (pinned below, as d682d61 rolled them).
//   dice:     seed 2024, 3x3 grid, rosters, lairs, structures, a rolled Hazard, `place`, `fighter`, `visibility`,
//             `rename`, then undo, redo, undo, undo, redo: one step left to redo.
//   deck:     seed 1234, deck mode, a given Hazard and its turf owner; the End Phase of round 6 is open.
//   entered:  seed -77, dice entered with --dice and --end-dice (`_` placeholders among them), --occupied, and
//             the "enter my own dice" preference on.
//   custom:   seed 99, its own event table (Horde of Rats spawns D66 rats: two D6), placed by hand.
//   hidden:   `new --hidden-seed`, not revealed: its report holds no seed, so `verify --file` refuses it.
//   revealed: `new --hidden-seed --mode deck`, then `reveal`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, readSession } from '../helpers.js';

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'engine', 'fixtures');

interface Saved {
  name: string;
  /** Log entries and dice in the file. */
  entries: number;
  rolls: number;
  /** The commitment noted when the game started (hidden-seed games). */
  commitment?: string;
  /** The next commands, in order, and every die they roll ("D6 3"; a card drawn is "card 33"). */
  next: string[];
  dice: string[];
}

const GAMES: Saved[] = [
  { name: 'dice', entries: 21, rolls: 23, next: ['round', 'end'], dice: ['D64 47', 'D6 4'] },
  { name: 'deck', entries: 12, rolls: 17, next: ['end', 'round'], dice: ['D6 6', 'card 2', 'D2 2', 'D4 2'] },
  {
    name: 'entered',
    entries: 5,
    rolls: 12,
    next: ['end', 'round'],
    dice: [
      'D6 3',
      'D12 9',
      'D64 12',
      'D6 6',
      'D12 5',
      'D6 3',
      'D12 4',
      'D6 5',
      'D12 11',
      'D6 5',
      'D12 6',
      'D6 4',
      'D12 3',
    ],
  },
  {
    name: 'custom',
    entries: 8,
    rolls: 17,
    next: ['round', 'end'],
    dice: ['D64 39', 'D66 45', 'D4 4', 'D3 3', 'D4 1', 'D6 5'],
  },
  {
    name: 'hidden',
    entries: 10,
    rolls: 18,
    commitment: '0548c13ee664039190833df81a6418e52166c23afd5ed4cbd01581743bec5d2f',
    next: ['end', 'round', 'end'],
    dice: ['D64 36', 'D6 1'],
  },
  {
    name: 'revealed',
    entries: 7,
    rolls: 3,
    commitment: '8e6e3fe801c3e9d698d69472cef2ea5647934380b2f8d76e49e46260fc0f6282',
    next: ['round', 'end'],
    dice: ['card 39', 'D3 1', 'D4 4', 'D6 2'],
  },
];

/** A copy of a saved game (and its report) in a fresh folder: the fixtures themselves are never written. */
function copy(name: string): { dir: string; session: string; report: string } {
  const dir = tempDir('badzone-saved-');
  const session = path.join(dir, `${name}.json`);
  const report = path.join(dir, `report-${name}.json`);
  fs.copyFileSync(path.join(FIXTURES, `session-v3-${name}.json`), session);
  fs.copyFileSync(path.join(FIXTURES, `report-v3-${name}.json`), report);
  return { dir, session, report };
}

function diceOf(rolls: { die: number; value: number; card?: true; entered?: true }[]): string[] {
  return rolls.map((r) => `${r.card ? 'card' : `D${r.die}`} ${r.value}${r.entered ? ' entered' : ''}`);
}

async function json(args: string[], cwd: string, code = 0): Promise<Record<string, unknown>> {
  const r = await runCli([...args, '--json'], { cwd });
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(code);
  return JSON.parse(r.stdout || r.stderr) as Record<string, unknown>;
}

describe.each(GAMES)('a game saved at d682d61: $name', (g) => {
  it('verifies, and its report verifies', async () => {
    const { dir, session, report } = copy(g.name);
    const before = fs.readFileSync(session, 'utf8');
    expect(await json(['verify', '--session', session], dir)).toMatchObject({
      ok: true,
      entries: g.entries,
      rolls: g.rolls,
      problem: null,
    });
    if (g.commitment) {
      expect(await json(['verify', '--session', session, '--commitment', g.commitment], dir)).toMatchObject({
        ok: true,
        commitmentChecked: { given: g.commitment, matches: true },
      });
    }
    if (g.name === 'hidden') {
      // Made while the seed was hidden: the report holds no seed to replay from.
      const r = await runCli(['verify', '--file', report], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/report made while the game's seed was hidden/);
    } else {
      expect(await json(['verify', '--file', report], dir)).toMatchObject({
        ok: true,
        entries: g.entries,
        rolls: g.rolls,
        problem: null,
      });
      if (g.commitment)
        expect(await json(['verify', '--file', report, '--commitment', g.commitment], dir)).toMatchObject({
          ok: true,
          commitmentChecked: { matches: true },
        });
    }
    expect(fs.readFileSync(session, 'utf8')).toBe(before);
  });

  it(`rolls the same dice for its next ${g.next.join(' and ')}`, async () => {
    const { dir, session } = copy(g.name);
    const had = (readSession(session) as { log: unknown[] }).log.length;
    for (const cmd of g.next) await json([cmd, '--session', session], dir);
    const log = (readSession(session) as { log: { rolls: Parameters<typeof diceOf>[0] }[] }).log;
    expect(log.length).toBe(had + g.next.length);
    expect(log.slice(had).flatMap((r) => diceOf(r.rolls))).toEqual(g.dice);
    expect(await json(['verify', '--session', session], dir)).toMatchObject({ ok: true });
  });
});

describe('a saved game with a step undone', () => {
  it("redo re-applies it with the dice it rolled before, which are the next round's", async () => {
    const { dir, session } = copy('dice');
    const r = await json(['redo', '--session', session], dir);
    expect(r).toMatchObject({ redoable: 0, redone: { seq: 21, round: 9 } });
    expect(diceOf((r.redone as { rolls: Parameters<typeof diceOf>[0] }).rolls)).toEqual(GAMES[0]!.dice.slice(0, 1));
  });
});

// A game saved at b7a626a (session schemaVersion 4, before the table's orientation was kept): seed 4242, 2x2 grid,
// 2 Beast Lairs, 2 large structures, the Goliaths; the Pillar of Flame placed by hand, then round 1 (End Phase open).
describe('a game saved at schema 4: the default orientation', () => {
  it("opens with 12 o'clock to the far edge, says so on its first scatter, and verifies", async () => {
    const dir = tempDir('badzone-saved-');
    const session = path.join(dir, 'v4.json');
    fs.copyFileSync(path.join(FIXTURES, 'session-v4-dice.json'), session);
    const s = await json(['status', '--session', session], dir);
    expect(s.references).toEqual({
      orientation: { twelve: 'far' },
      spawnPoints: [{ number: 1 }, { number: 2 }, { number: 3 }, { number: 4 }],
      lairs: [
        { number: 1, name: 'Beast Lair 1', becomes: null },
        { number: 2, name: 'Beast Lair 2', becomes: null },
      ],
      structures: [
        { number: 1, name: 'Large structure 1', standing: true },
        { number: 2, name: 'Large structure 2', standing: true },
      ],
    });
    expect(await json(['verify', '--session', session], dir)).toMatchObject({ ok: true, entries: 3, rolls: 2 });
    // Its first End Phase scatters the Pillar for the first time in the game (the dice badzone rolled then).
    const end = await runCli(['end', '--session', session], { cwd: dir });
    expect(end.code).toBe(0);
    expect(end.stdout).toContain('The Large Blast scatters 8" toward 10 o\'clock (scatter 1 since it was\n');
    expect(end.stdout.match(/^Scatters: /gm)).toEqual(['Scatters: ']);
    expect(end.stdout).toContain("Scatters: 12 o'clock = far edge (row A), 3 = right, 6 = near, 9 = left\n");
    const saved = readSession(session);
    expect(saved).toMatchObject({
      schemaVersion: 9,
      orientation: { twelve: 'far' },
      story: { title: null, date: null, scenario: null, result: null },
    });
    // Migrated through schema 6: its markers replayed from the log (the Pillar's Large Blast and its first scatter).
    expect(saved.markers.map((m: { kind: string; scatters?: unknown[] }) => [m.kind, m.scatters?.length])).toEqual([
      ['large-blast', 1],
    ]);
    expect(saved.setup.orientation).toEqual({ twelve: 'far' });
    expect(await json(['verify', '--session', session], dir)).toMatchObject({ ok: true, entries: 4 });
  });
});
