// Command layer, the game: new, round, end, status, log, undo, verify, run in-process on temp folders.
// Expected dice come from a fresh seeded Rng and the table ranges written here, never from the code under test.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/dice/rng.js';
import { cli, runCli, tempDir, expandSession } from '../helpers.js';

/** Command output, or a session file with its log as objects (expandSession). */
const json = (s: string): any => expandSession(JSON.parse(s));
const FILE = 'badzone-session.json';
const bytes = (dir: string): string => fs.readFileSync(path.join(dir, FILE), 'utf8');

/** The D64 ranges of the events these tests meet (from the printed Badzone Table). */
function eventFor(roll: number): string {
  const ranges: [number, number, string][] = [
    [1, 3, 'power-outage'],
    [4, 6, 'critters-attack'],
    [7, 9, 'horde-of-rats'],
    [10, 12, 'falling-crates'],
    [13, 15, 'grid-overload'],
    [16, 18, 'reinforcements'],
    [19, 21, 'grid-fluctuation'],
    [22, 24, 'vent-rupture'],
    [25, 26, 'dome-quake'],
    [27, 28, 'howling-wind'],
    [29, 30, 'toxic-downpour'],
    [31, 32, 'gunk-downpour'],
    [33, 34, 'static-storm'],
    [35, 36, 'haunting-whispers'],
    [37, 38, 'collapsed-structure'],
    [39, 40, 'headhunters'],
    [41, 42, 'wyld-magic'],
    [43, 44, 'mines-detected'],
    [45, 46, 'gas-spill'],
    [47, 48, 'cold-snap'],
    [49, 50, 'pillar-of-flame'],
    [51, 52, 'rats-awaken'],
    [53, 54, 'zombies-awaken'],
    [55, 55, 'zombie-horde'],
    [56, 56, 'the-beast-awakens'],
    [57, 57, 'collapsed-section'],
    [58, 58, 'lightning-strikes'],
    [59, 59, 'genestealer-awakens'],
    [60, 60, 'treasure'],
    [61, 61, 'disappearance'],
    [62, 62, 'wild-snake-spill'],
    [63, 63, 'bounty-hunter'],
    [64, 64, 'sludge-jelly'],
  ];
  return ranges.find(([lo, hi]) => roll >= lo && roll <= hi)![2];
}

async function newGame(dir: string, ...extra: string[]): Promise<void> {
  await cli(dir, 'new', '--seed', '7', ...extra);
}

describe('badzone new', () => {
  it('new --seed 7 --json: a game at round 0, phase setup, saved in the folder', async () => {
    const dir = tempDir();
    const r = await runCli(['new', '--seed', '7', '--json'], { cwd: dir });
    expect(r.code).toBe(0);
    const d = json(r.stdout);
    expect(d).toMatchObject({
      round: 0,
      phase: 'setup',
      mode: 'dice',
      seed: '7',
      generator: 'mt19937',
      inPlay: [],
      hazard: null,
      backup: null,
    });
    expect(d.session).toBe(path.join(dir, FILE));
    const file = json(bytes(dir));
    expect(file).toMatchObject({
      schemaVersion: 9,
      manualDice: false,
      story: { title: null, date: null, scenario: null, result: null },
      redo: [],
      objects: [],
      rng: { seed: 7, uses: 0 },
      round: 0,
      phase: 'setup',
      tiles: ['A1', 'A2', 'B1', 'B2'],
    });
  });

  it('without --seed, the seed is fresh from the OS, printed and stored', async () => {
    const dir = tempDir();
    const r = await runCli(['new'], { cwd: dir, seeds: [424242] });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('424242');
    expect(json(bytes(dir)).setup.seed).toBe(424242);
  });

  it('refuses to overwrite a game without --force (exit 1, file unchanged); --force keeps a backup beside it', async () => {
    const dir = tempDir();
    await newGame(dir);
    await runCli(['round'], { cwd: dir });
    const before = bytes(dir);
    const r = await runCli(['new', '--seed', '8'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--force');
    expect(bytes(dir)).toBe(before);

    const f = await runCli(['new', '--seed', '8', '--force', '--json'], { cwd: dir });
    expect(f.code).toBe(0);
    const d = json(f.stdout);
    expect(d.backup).toEqual(expect.any(String));
    expect(path.dirname(d.backup)).toBe(dir);
    expect(fs.readFileSync(d.backup, 'utf8')).toBe(before);
    expect(json(bytes(dir)).setup.seed).toBe(8);
    expect(json(bytes(dir)).round).toBe(0);
  });

  it('bad values exit 2 and save nothing', async () => {
    const dir = tempDir();
    for (const args of [
      ['--seed', 'a-b'],
      ['--seed', '1.5'],
      ['--seed', '4294967296'],
      ['--mode', 'cards'],
      ['--grid', '0x3'],
      ['--grid', 'big'],
      ['--tiles', '2', '--grid', '2x2'],
      ['--spawn-points', '0'],
      ['--hazard', '11'],
      ['--gang', 'no colon here'],
      ['--gang', 'A: x, x'],
      ['--nope'],
    ]) {
      const r = await runCli(['new', ...args], { cwd: dir });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).not.toContain('    at ');
      expect(fs.existsSync(path.join(dir, FILE))).toBe(false);
    }
  });

  it('--grid, --hazard N, --mode deck and rosters are kept in the setup', async () => {
    const dir = tempDir();
    const r = await runCli(
      [
        'new',
        '--seed',
        '1',
        '--grid',
        '2x3',
        '--hazard',
        '4',
        '--mode',
        'deck',
        '--gang',
        'Goliaths: Krag, Brute',
        '--reserve',
        'Goliaths: Mauler',
        '--json',
      ],
      { cwd: dir },
    );
    expect(r.code).toBe(0);
    const s = await runCli(['status', '--json'], { cwd: dir });
    const d = json(s.stdout);
    expect(d).toMatchObject({
      round: 0,
      phase: 'setup',
      mode: 'deck',
      seed: '1',
      tiles: ['A1', 'A2', 'A3', 'B1', 'B2', 'B3'],
    });
    expect(d.hazard).toMatchObject({ roll: 4, nomadic: false, id: 'security-turrets', name: 'Security Turrets' });
    expect(d.gangs).toEqual([{ name: 'Goliaths', battlefield: ['Krag', 'Brute'], reserve: ['Mauler'], out: [] }]);
    expect(d.deck).toEqual({ drawPile: 64, discardPile: 0 });
  });
});

describe('badzone round / end: pinned rolls and the JSON contract', () => {
  it('new --seed 7 then round --json: the exact D64 roll and event, in the documented shape', async () => {
    const dir = tempDir();
    await newGame(dir);
    const rng = new Rng({ seed: 7, uses: 0 });
    const d64 = rng.die(64);
    const id = eventFor(d64);
    const r = await runCli(['round', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const d = json(r.stdout);
    expect(d.round).toBe(1);
    expect(d.endPhase).toBeNull();
    expect(d.eventPhase.draws).toEqual([{ roll: d64, eventId: id, outcome: expect.stringMatching(/^(once|placed)$/) }]);
    expect(d.eventPhase.reshuffled).toBe(false);
    expect(d.eventPhase.resolved.length).toBeGreaterThanOrEqual(1);
    for (const res of d.eventPhase.resolved) {
      expect(res).toMatchObject({
        eventId: expect.any(String),
        source: expect.stringMatching(/^(new|in-play)$/),
        rolls: expect.any(Array),
        text: expect.any(String),
      });
    }
    expect(d.eventPhase.resolved.at(-1)).toMatchObject({ eventId: id, source: 'new' });
    // Seed 7 draws 48: Cold Snap, persistent, discarded on 4+ (fixed here so a change in the stream is noticed).
    expect(d64).toBe(48);
    expect(id).toBe('cold-snap');
    expect(d.eventPhase.draws[0].outcome).toBe('placed');
    expect(d.inPlay).toEqual([{ eventId: 'cold-snap', name: 'Cold Snap', sinceRound: 1, discardOn: 4 }]);
    expect(d.visibility).toMatchObject({ level: 'normal', name: 'Normal' });
    expect(json(bytes(dir)).rng).toEqual({ seed: 7, uses: rng.uses });
  });

  it('end --json: the discard check with the next die of the stream; a second end is refused (1)', async () => {
    const dir = tempDir();
    await newGame(dir);
    await runCli(['round'], { cwd: dir });
    const rng = new Rng({ seed: 7, uses: 0 });
    rng.die(64);
    const d6 = rng.die(6);
    const r = await runCli(['end', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const d = json(r.stdout);
    expect(d.round).toBe(1);
    expect(d.checks).toEqual([{ eventId: 'cold-snap', name: 'Cold Snap', roll: d6, discardOn: 4, discarded: d6 >= 4 }]);
    expect(d.triggers).toEqual([]);
    expect(d.inPlay).toEqual(d6 >= 4 ? [] : [{ eventId: 'cold-snap', name: 'Cold Snap', sinceRound: 1, discardOn: 4 }]);

    const before = bytes(dir);
    const again = await runCli(['end'], { cwd: dir });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('badzone round');
    expect(bytes(dir)).toBe(before);

    const s = await runCli(['status', '--json'], { cwd: dir });
    expect(json(s.stdout).phase).toBe('end');

    // The next round: its endPhase is null because `end` already resolved it.
    const next = await runCli(['round', '--json'], { cwd: dir });
    const n = json(next.stdout);
    expect(n.round).toBe(2);
    expect(n.endPhase).toBeNull();
    expect(n.eventPhase.draws[0].roll).toBe(rng.die(64));
  });

  it('round without end resolves the open End Phase first and reports it', async () => {
    const dir = tempDir();
    await newGame(dir);
    await runCli(['round'], { cwd: dir });
    const rng = new Rng({ seed: 7, uses: 0 });
    rng.die(64);
    const d6 = rng.die(6);
    const r = await runCli(['round', '--json'], { cwd: dir });
    const d = json(r.stdout);
    expect(d.round).toBe(2);
    expect(d.endPhase).toMatchObject({
      round: 1,
      checks: [{ eventId: 'cold-snap', roll: d6, discardOn: 4, discarded: d6 >= 4 }],
    });
    expect(d.eventPhase.draws[0].roll).toBe(rng.die(64));
    const t = await runCli(['round'], { cwd: dir });
    expect(t.stdout).toContain('End Phase of round 2');
  });

  it('end before round 1 is refused (exit 1) and status says phase setup', async () => {
    const dir = tempDir();
    await newGame(dir);
    const before = bytes(dir);
    const r = await runCli(['end'], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('badzone round');
    expect(bytes(dir)).toBe(before);
    const s = await runCli(['status', '--json'], { cwd: dir });
    const d = json(s.stdout);
    expect(Object.keys(d)).toEqual(
      expect.arrayContaining(['round', 'phase', 'mode', 'seed', 'inPlay', 'visibility', 'hazard', 'tiles']),
    );
    expect(d).toMatchObject({
      round: 0,
      phase: 'setup',
      mode: 'dice',
      seed: '7',
      inPlay: [],
      hazard: null,
      tiles: ['A1', 'A2', 'B1', 'B2'],
    });
    const t = await runCli(['status'], { cwd: dir });
    expect(t.code).toBe(0);
    expect(t.stdout).toMatch(/set ?up/i);
  });

  it('round in an empty folder starts a game with the defaults, says so and where, and plays round 1', async () => {
    const dir = tempDir();
    const r = await runCli(['round'], { cwd: dir, seeds: [7] });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/new/i);
    expect(r.stdout).toContain(path.join(dir, FILE));
    expect(r.stdout).toContain('Cold Snap');
    const again = tempDir();
    const j = await runCli(['round', '--json'], { cwd: again, seeds: [7] });
    const d = json(j.stdout);
    expect(d).toMatchObject({
      kind: 'round',
      schema: 3,
      startedNew: true,
      seed: '7',
      commitment: null,
      phase: 'round',
    });
    expect(d.eventPhase.draws[0]).toEqual({ roll: 48, eventId: 'cold-snap', outcome: 'placed' });
    expect(json(bytes(again)).setup).toMatchObject({
      seed: 7,
      mode: 'dice',
      tiles: ['A1', 'A2', 'B1', 'B2'],
      spawnPoints: 4,
    });
  });

  it('deck mode: the draw is a card from the shuffled deck and the deck shrinks', async () => {
    const dir = tempDir();
    await newGame(dir, '--mode', 'deck');
    const top = json(bytes(dir)).deck.drawPile[0];
    const r = await runCli(['round', '--json'], { cwd: dir });
    const d = json(r.stdout);
    expect(d.eventPhase.draws[0].roll).toBe(top);
    expect(d.eventPhase.draws[0].eventId).toBe(eventFor(top));
    const s = json((await runCli(['status', '--json'], { cwd: dir })).stdout);
    expect(s.deck.drawPile).toBe(63);
  });
});

describe('physical dice: --dice, --manual, --occupied', () => {
  it('--dice 99 for a D64 is out of range: exit 2, file byte-for-byte unchanged', async () => {
    const dir = tempDir();
    await newGame(dir);
    const before = bytes(dir);
    const r = await runCli(['round', '--dice', '99'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('D64');
    expect(bytes(dir)).toBe(before);
    for (const bad of ['0', '-3', 'x', '4.5', '1,,abc']) {
      const b = await runCli(['round', '--dice', bad], { cwd: dir });
      expect(b.code, bad).toBe(2);
      expect(bytes(dir)).toBe(before);
    }
  });

  it('--dice with more values than the step needs: exit 2, nothing saved', async () => {
    const dir = tempDir();
    await newGame(dir);
    const before = bytes(dir);
    // 33 = Static Storm: placed, no rolls of its own; one die needed, two given.
    const r = await runCli(['round', '--dice', '33,4'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/nothing was saved/i);
    expect(bytes(dir)).toBe(before);
  });

  it('--dice 57 draws Collapsed Section; with --occupied only the free tile can go', async () => {
    const dir = tempDir();
    await newGame(dir);
    const r = await runCli(['round', '--dice', '57', '--occupied', 'a1,A2,B1', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const d = json(r.stdout);
    expect(d.eventPhase.draws).toEqual([{ roll: 57, eventId: 'collapsed-section', outcome: 'once' }]);
    expect(d.inPlay).toEqual([]);
    expect(JSON.stringify(d.eventPhase.resolved[0])).toContain('B2');
    const s = json((await runCli(['status', '--json'], { cwd: dir })).stdout);
    expect(s.tiles).toEqual(['A1', 'A2', 'B1']);
    expect(s.tilesRemoved).toEqual(['B2']);
    // Only one tile was free: no die was needed for the pick, and nothing was rolled.
    expect(json(bytes(dir)).rng.uses).toBe(0);
  });

  it('--occupied naming a tile the game does not have is a usage error', async () => {
    const dir = tempDir();
    await newGame(dir);
    const before = bytes(dir);
    const r = await runCli(['round', '--occupied', 'Z9'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('Z9');
    expect(bytes(dir)).toBe(before);
  });

  it('--occupied is checked against the default tiles when round starts a new game', async () => {
    const dir = tempDir();
    const r = await runCli(['round', '--occupied', 'Z9'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('A1, A2, B1, B2');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('answers given on the terminal are refused when the game changed meanwhile (another command ran)', async () => {
    const dir = tempDir();
    await newGame(dir);
    const prompter = {
      checkbox: async () => {
        expect((await runCli(['place', 'static-storm'], { cwd: dir })).code).toBe(0);
        return ['A1'];
      },
    };
    const r = await runCli(['round', '--dice', '57'], { cwd: dir, stdinIsTTY: true, prompter: prompter as never });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/changed/);
    expect(json(bytes(dir)).log.map((e: { action: { type: string } }) => e.action.type)).toEqual(['new', 'place']);

    // The same when there was no game while answering and another command created one.
    const empty = tempDir();
    const creating = {
      checkbox: async () => {
        expect((await runCli(['new', '--seed', '1'], { cwd: empty })).code).toBe(0);
        return ['A1'];
      },
    };
    const c = await runCli(['round', '--dice', '57'], {
      cwd: empty,
      stdinIsTTY: true,
      prompter: creating as never,
      seeds: [2],
    });
    expect(c.code).toBe(1);
    expect(c.stderr).toMatch(/changed/);
    expect(json(bytes(empty))).toMatchObject({ round: 0, setup: { seed: 1 } });
  });

  it('fewer --dice than needed: the rest are rolled by the tool; the log marks the entered ones', async () => {
    const dir = tempDir();
    await newGame(dir);
    const r = await runCli(['round', '--dice', '57', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout).eventPhase.draws[0]).toEqual({ roll: 57, eventId: 'collapsed-section', outcome: 'once' });
    const log = json((await runCli(['log', '--json', '--round', '1'], { cwd: dir })).stdout);
    const rolls = log.entries[0].rolls;
    // The D64 was entered; the tile (a D4 among four tiles) is the first die of the seeded stream.
    expect(rolls[0]).toMatchObject({ die: 64, value: 57, entered: true });
    expect(rolls[1]).toMatchObject({ die: 4, value: new Rng({ seed: 7, uses: 0 }).die(4) });
    expect(rolls[1].entered).toBeUndefined();
    expect(log.entries[0].action).toMatchObject({ type: 'round', dice: [57] });
    const text = await runCli(['log'], { cwd: dir });
    const d64Line = text.stdout.split('\n').find((l) => l.includes('D64 57'));
    const d4Line = text.stdout.split('\n').find((l) => /D4 +\d/.test(l));
    expect(d64Line).toMatch(/entered/);
    expect(d4Line).toBeDefined();
    expect(d4Line).not.toMatch(/entered/);
    // Without --occupied (and no terminal to ask) the pick is marked unconfirmed, with how to correct it.
    expect(json(r.stdout).eventPhase.resolved[0].outcomes[0]).toMatchObject({
      unconfirmed: true,
      candidates: ['A1', 'A2', 'B1', 'B2'],
    });
    expect(JSON.stringify(json(r.stdout).eventPhase.resolved)).toMatch(
      /Unconfirmed: nobody said which tiles hold player models/,
    );
  });

  it('end --dice enters the discard roll', async () => {
    const dir = tempDir();
    await newGame(dir);
    await runCli(['round'], { cwd: dir }); // Cold Snap, 4+
    const kept = await runCli(['end', '--dice', '3', '--json'], { cwd: dir });
    expect(json(kept.stdout).checks).toEqual([
      { eventId: 'cold-snap', name: 'Cold Snap', roll: 3, discardOn: 4, discarded: false },
    ]);
    await runCli(['undo'], { cwd: dir });
    const gone = await runCli(['end', '--dice', '4', '--json'], { cwd: dir });
    expect(json(gone.stdout).checks[0]).toMatchObject({ roll: 4, discarded: true });
    expect(json(gone.stdout).inPlay).toEqual([]);
    await runCli(['undo'], { cwd: dir });
    expect((await runCli(['end', '--dice', '7'], { cwd: dir })).code).toBe(2);
  });

  it('--manual without a terminal exits 2 and saves nothing', async () => {
    const dir = tempDir();
    await newGame(dir);
    const before = bytes(dir);
    const r = await runCli(['round', '--manual'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--dice');
    expect(bytes(dir)).toBe(before);
    expect((await runCli(['end', '--manual'], { cwd: dir })).code).toBe(2);
  });

  it('round --manual on a terminal asks for each die, naming what it is for', async () => {
    const dir = tempDir();
    await newGame(dir);
    await runCli(['round'], { cwd: dir }); // Cold Snap in play: the End Phase needs a D6, then the Event Phase a D64
    const asked: string[] = [];
    const answers = ['2', '33'];
    const prompter = {
      input: async (message: string, opts?: { validate?: (v: string) => true | string }) => {
        asked.push(message);
        const a = answers.shift()!;
        expect(opts?.validate?.(a)).toBe(true);
        expect(opts?.validate?.('0')).not.toBe(true);
        return a;
      },
      select: async () => {
        throw new Error('no select expected');
      },
      checkbox: async () => {
        throw new Error('no checkbox expected');
      },
      confirm: async () => true,
    };
    const r = await runCli(['round', '--manual', '--json'], {
      cwd: dir,
      stdinIsTTY: true,
      prompter: prompter as never,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatch(/Cold Snap/);
    expect(asked[0]).toMatch(/D6/);
    expect(asked[1]).toMatch(/Event/);
    expect(asked[1]).toMatch(/D64/);
    const d = json(r.stdout);
    expect(d.endPhase.checks).toEqual([
      { eventId: 'cold-snap', name: 'Cold Snap', roll: 2, discardOn: 4, discarded: false },
    ]);
    expect(d.eventPhase.draws).toEqual([{ roll: 33, eventId: 'static-storm', outcome: 'placed' }]);
    const log = json((await runCli(['log', '--json', '--round', '2'], { cwd: dir })).stdout);
    expect(log.entries[0].rolls.map((x: { value: number; entered?: boolean }) => [x.value, x.entered])).toEqual([
      [2, true],
      [33, true],
    ]);
  });

  it('on a terminal, Collapsed Section asks which tiles hold models', async () => {
    const dir = tempDir();
    await newGame(dir);
    const asked: string[] = [];
    const prompter = {
      checkbox: async (message: string, choices: { value: string }[]) => {
        asked.push(message);
        expect(choices.map((c) => c.value)).toEqual(['A1', 'A2', 'B1', 'B2']);
        return ['A1', 'B1', 'B2'];
      },
      input: async () => {
        throw new Error('no dice prompt without --manual');
      },
      select: async () => {
        throw new Error('no select expected');
      },
      confirm: async () => true,
    };
    const r = await runCli(['round', '--dice', '57', '--json'], {
      cwd: dir,
      stdinIsTTY: true,
      prompter: prompter as never,
    });
    expect(r.code, r.stderr).toBe(0);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/Collapsed Section/);
    expect(asked[0]).toMatch(/tiles/);
    expect(json((await runCli(['status', '--json'], { cwd: dir })).stdout).tiles).toEqual(['A1', 'B1', 'B2']);
    // --no-input never prompts: the prompter above would be called, and it is not.
    const other = tempDir();
    await newGame(other);
    const n = await runCli(['round', '--dice', '57', '--no-input'], {
      cwd: other,
      stdinIsTTY: true,
      prompter: prompter as never,
    });
    expect(n.code).toBe(0);
    expect(asked).toHaveLength(1);
  });
});

describe('log, undo, verify', () => {
  it('log --round N lists only that round; log shows every roll with what it was for', async () => {
    const dir = tempDir();
    await newGame(dir);
    for (let i = 0; i < 3; i++) expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
    const all = json((await runCli(['log', '--json'], { cwd: dir })).stdout);
    expect(all.entries.map((e: { round: number }) => e.round)).toEqual([0, 1, 2, 3]);
    const two = json((await runCli(['log', '--json', '--round', '2'], { cwd: dir })).stdout);
    expect(two.round).toBe(2);
    expect(two.entries).toHaveLength(1);
    expect(two.entries[0]).toEqual(all.entries[2]);
    for (const e of all.entries.slice(1)) for (const roll of e.rolls) expect(roll.for).toEqual(expect.any(String));
    const txt = await runCli(['log', '--round', '2'], { cwd: dir });
    expect(txt.stdout).toContain('round 2');
    expect(txt.stdout).not.toMatch(/#1 round 1/);
    expect((await runCli(['log', '--round', 'x'], { cwd: dir })).code).toBe(2);
    expect((await runCli(['log', '--round', '-1'], { cwd: dir })).code).toBe(2);
  });

  it('log tells what happened in words, text and --json, replayed from the seed: the file keeps only the rolls', async () => {
    const dir = tempDir();
    await newGame(dir, '--hazard', '6');
    expect((await runCli(['round', '--dice', '5'], { cwd: dir })).code).toBe(0); // Critters Attack: persistent, discarded on 3+
    expect((await runCli(['end', '--dice', '2'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['round', '--dice', '33'], { cwd: dir })).code).toBe(0); // Static Storm
    const expected = [
      ['Hazard 6: Barren'],
      ['Round 1: Event Phase', 'Drew Critters Attack (5): Persistent, placed in play'],
      ['End Phase: Critters Attack discard check 2 (needs 3+): stays in play'],
      ['Round 2: Event Phase', 'Drew Static Storm (33): Persistent, placed in play'],
    ];
    const file = json(bytes(dir));
    expect(file.log).toHaveLength(4);
    for (const e of file.log) expect(Object.keys(e).sort()).toEqual(['action', 'rolls', 'round', 'seq']);
    expect(bytes(dir)).not.toMatch(/Barren|placed in play|stays in play/);

    const all = json((await runCli(['log', '--json'], { cwd: dir })).stdout);
    expect(all.entries.map((e: { notes: string[] }) => e.notes)).toEqual(expected);
    const one = json((await runCli(['log', '--json', '--round', '1'], { cwd: dir })).stdout);
    expect(one.entries.map((e: { seq: number; notes: string[] }) => [e.seq, e.notes])).toEqual([
      [1, expected[1]],
      [2, expected[2]],
    ]);

    const txt = await runCli(['log'], { cwd: dir });
    expect(txt.code).toBe(0);
    const lines = txt.stdout.split('\n').map((l) => l.trim());
    for (const n of expected.flat()) expect(lines).toContain(`- ${n}`);
    // Each entry's words come right after its rolls, before the next entry.
    const at = (l: string) => lines.indexOf(l);
    expect(at('#1 round 1: round')).toBeLessThan(at('- Drew Critters Attack (5): Persistent, placed in play'));
    expect(at('- Drew Critters Attack (5): Persistent, placed in play')).toBeLessThan(at('#2 round 1: end'));
    expect(at('#2 round 1: end')).toBeLessThan(
      at('- End Phase: Critters Attack discard check 2 (needs 3+): stays in play'),
    );
  });

  it('log of a deck game says the deck was shuffled', async () => {
    const dir = tempDir();
    await newGame(dir, '--mode', 'deck');
    const d = json((await runCli(['log', '--json'], { cwd: dir })).stdout);
    expect(d.entries).toHaveLength(1);
    expect(d.entries[0].notes).toEqual(['The 64-card deck was shuffled.']);
  });

  it('log of a file whose log no longer replays: the entries from there on have no words, and log still prints', async () => {
    const dir = tempDir();
    await newGame(dir);
    await runCli(['round', '--dice', '5'], { cwd: dir });
    await runCli(['end', '--dice', '2'], { cwd: dir });
    const s = json(bytes(dir));
    // A discard of an event that was never in play cannot be replayed.
    s.log.splice(2, 0, { seq: 2, round: 1, action: { type: 'discard', eventId: 'static-storm' }, rolls: [] });
    s.log.forEach((r: { seq: number }, i: number) => (r.seq = i));
    fs.writeFileSync(path.join(dir, FILE), JSON.stringify(s));
    const r = await runCli(['log', '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(json(r.stdout).entries.map((e: { notes: string[] }) => e.notes)).toEqual([
      [],
      ['Round 1: Event Phase', 'Drew Critters Attack (5): Persistent, placed in play'],
      [],
      [],
    ]);
    expect((await runCli(['log'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['verify', '--json'], { cwd: dir })).code).toBe(1);
  });

  it('undo says what comes back: the same dice when badzone rolled them, the entered ones only through redo', async () => {
    const dir = tempDir();
    await newGame(dir);
    await runCli(['round', '--dice', '37'], { cwd: dir });
    const entered = await runCli(['undo'], { cwd: dir });
    expect(entered.code).toBe(0);
    expect(entered.stdout.replace(/\s+/g, ' ')).toMatch(
      /Now: before round 1\. `badzone redo` re-applies it with the dice you entered; played afresh, the step rolls them instead\./,
    );
    expect(entered.stdout).not.toMatch(/round 0/);
    await runCli(['round'], { cwd: dir });
    const rolled = await runCli(['undo'], { cwd: dir });
    expect(rolled.stdout.replace(/\s+/g, ' ')).toMatch(
      /Now: before round 1\. Played again, the step rolls the same dice\./,
    );
  });

  it('undo steps back to the state right after new, then refuses; redoing gives the same rolls', async () => {
    const dir = tempDir();
    await newGame(dir);
    const afterNew = json(bytes(dir));
    const r1 = json((await runCli(['round', '--json'], { cwd: dir })).stdout);
    const e1 = json((await runCli(['end', '--json'], { cwd: dir })).stdout);
    await runCli(['visibility', 'set', 'dark'], { cwd: dir });
    const r2 = json((await runCli(['round', '--json'], { cwd: dir })).stdout);

    const u = await runCli(['undo', '--json'], { cwd: dir });
    expect(u.code).toBe(0);
    expect(json(u.stdout)).toMatchObject({
      round: 1,
      phase: 'end',
      undone: { action: { type: 'round' } },
      remaining: 3,
    });
    // Re-running the undone command gives the same rolls.
    const again = json((await runCli(['round', '--json'], { cwd: dir })).stdout);
    expect(again.eventPhase).toEqual(r2.eventPhase);
    expect(again.inPlay).toEqual(r2.inPlay);
    await runCli(['undo'], { cwd: dir });

    expect((await runCli(['undo'], { cwd: dir })).code).toBe(0); // visibility
    expect(json((await runCli(['status', '--json'], { cwd: dir })).stdout).visibility.level).toBe('normal');
    expect((await runCli(['undo'], { cwd: dir })).code).toBe(0); // end
    expect(json((await runCli(['end', '--json'], { cwd: dir })).stdout).checks).toEqual(e1.checks);
    await runCli(['undo'], { cwd: dir });
    expect((await runCli(['undo'], { cwd: dir })).code).toBe(0); // round
    // The state right after new, with the undone steps kept for redo.
    expect({ ...json(bytes(dir)), redo: [] }).toEqual(afterNew);
    const before = bytes(dir);
    const no = await runCli(['undo'], { cwd: dir });
    expect(no.code).toBe(1);
    expect(no.stderr).toMatch(/nothing to undo/i);
    expect(bytes(dir)).toBe(before);
    expect(json((await runCli(['round', '--json'], { cwd: dir })).stdout).eventPhase).toEqual(r1.eventPhase);
  });

  it('verify passes on a played game and names the hand-edited entry (exit 1)', async () => {
    const dir = tempDir();
    await newGame(dir);
    for (let i = 0; i < 3; i++) await runCli(['round'], { cwd: dir });
    const ok = await runCli(['verify', '--json'], { cwd: dir });
    expect(ok.code).toBe(0);
    expect(json(ok.stdout)).toMatchObject({ ok: true, entries: 4, problem: null });
    expect((await runCli(['verify'], { cwd: dir })).stdout).toMatch(/OK/);

    const s = json(bytes(dir));
    const roll = s.log[2].rolls[0];
    roll.value = (roll.value % 64) + 1;
    fs.writeFileSync(path.join(dir, FILE), JSON.stringify(s));
    const before = bytes(dir);
    const bad = await runCli(['verify'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stdout + bad.stderr).toMatch(/log entry 2/);
    const bj = json((await runCli(['verify', '--json'], { cwd: dir })).stdout);
    expect(bj).toMatchObject({ ok: false, seq: 2 });
    expect(bytes(dir)).toBe(before);
  });

  it('verify finds a hand-edited state (not in the log)', async () => {
    const dir = tempDir();
    await newGame(dir);
    await runCli(['round'], { cwd: dir });
    const s = json(bytes(dir));
    s.round = 5;
    fs.writeFileSync(path.join(dir, FILE), JSON.stringify(s));
    const bad = await runCli(['verify', '--json'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(json(bad.stdout).problem).toMatch(/round/);
  });
});
