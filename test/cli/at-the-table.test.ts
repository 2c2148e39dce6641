// Issue 10 through the command line (in-process, on temporary folders): --end-dice, `_` placeholders and blank
// answers, D66 and the physical-dice help, the dice preference, redo across commands, rename, the Collapsed
// Section correction, and what status shows of the casket, the Psykers and the Pillar's path.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isD66 } from '../../src/dice/expression.js';
import { runCli, tempDir, expandSession } from '../helpers.js';
import { scripted } from './scripted-prompter.js';

const FILE = 'badzone-session.json';
const dir = (): string => tempDir('badzone-table-');
/** Command output, or a session file with its log as objects (expandSession). */
const json = (s: string): any => expandSession(JSON.parse(s));
const bytes = (d: string) => fs.readFileSync(path.join(d, FILE), 'utf8');

async function ok(args: string[], d: string, extra: Parameters<typeof runCli>[1] = {}) {
  const r = await runCli(args, { cwd: d, ...extra });
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r;
}

describe('round --end-dice: a die typed for the new round never goes into the last End Phase', () => {
  it('refuses --dice while an End Phase that needs dice is open (exit 2, nothing saved), naming its rolls', async () => {
    const d = dir();
    await ok(['new', '--seed', '7'], d);
    await ok(['round', '--dice', '60,2,3,4'], d); // Treasure on A2, worth 70; its End Phase needs a D6
    const before = bytes(d);
    const r = await runCli(['round', '--dice', '33'], { cwd: d });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /The End Phase of round 1 is still open, and it needs this roll first: End Phase: Treasure discard check \(2\+\) \(D6\)\. Give it with --end-dice/,
    );
    expect(bytes(d)).toBe(before);
    const j = await runCli(['round', '--dice', '33', '--json'], { cwd: d });
    expect(json(j.stderr).error).toMatchObject({ code: 2, kind: 'usage' });
  });

  it('`round --end-dice 5 --dice 33` does both; the log keeps the two lists apart; verify agrees', async () => {
    const d = dir();
    await ok(['new', '--seed', '7'], d);
    await ok(['round', '--dice', '60,2,3,4'], d);
    const r = json((await ok(['round', '--end-dice', '5', '--dice', '33', '--json'], d)).stdout);
    expect(r.endPhase.checks[0]).toMatchObject({ eventId: 'treasure', roll: 5, discarded: true });
    expect(r.eventPhase.draws[0]).toEqual({ roll: 33, eventId: 'static-storm', outcome: 'placed' });
    const log = json((await ok(['log', '--json', '--round', '2'], d)).stdout);
    expect(log.entries[0].action).toEqual({ type: 'round', dice: [33], endDice: [5] });
    expect(log.entries[0].rolls.map((x: { value: number; entered?: true }) => [x.value, x.entered === true])).toEqual([
      [5, true],
      [33, true],
    ]);
    expect(json((await ok(['verify', '--json'], d)).stdout).ok).toBe(true);
    // With the End Phase resolved by `end`, --end-dice has nothing to go to.
    await ok(['end', '--dice', '1'], d);
    const none = await runCli(['round', '--end-dice', '3'], { cwd: d });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(
      /End-Phase dice were entered, but there is no open End Phase \(the End Phase of round 2 is already resolved\)\. Give the new round's dice with --dice\./,
    );
  });
});

describe('placeholders and blank answers: badzone rolls that one', () => {
  it("an empty --dice or --end-dice (a script's unset variable) is refused, exit 2, nothing saved", async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '5'], { cwd: dir })).code).toBe(0);
    const file = path.join(dir, 'badzone-session.json');
    const before = fs.readFileSync(file, 'utf8');
    for (const args of [
      ['round', '--dice', ''],
      ['round', '--dice', ' , '],
      ['round', '--end-dice', ''],
    ]) {
      const r = await runCli(args, { cwd: dir });
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`${args[1]} was given no dice`));
      expect(fs.readFileSync(file, 'utf8')).toBe(before);
    }
    expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
    const end = await runCli(['end', '--dice', ''], { cwd: dir });
    expect(end.code).toBe(2);
    expect(end.stderr).toMatch(
      /--dice was given no dice\. Give them \(--dice 4, `_` for one badzone rolls\), or leave --dice out/,
    );
  });

  it('`--dice 7,_,3`: the D2 is rolled, the others entered; the log says which', async () => {
    const d = dir();
    await ok(['new', '--seed', '7'], d);
    await ok(['round', '--dice', '7,_,3'], d);
    const e = json((await ok(['log', '--json', '--round', '1'], d)).stdout).entries[0];
    expect(e.action).toEqual({ type: 'round', dice: [7, null, 3] });
    expect(e.rolls.map((x: { die: number; entered?: true }) => [x.die, x.entered === true])).toEqual([
      [64, true],
      [2, false],
      [4, true],
    ]);
    const text = (await ok(['log', '--round', '1'], d)).stdout;
    expect(text.split('\n').filter((l) => /entered/.test(l))).toHaveLength(2);
    expect(json((await ok(['verify', '--json'], d)).stdout).ok).toBe(true);
    const bad = await runCli(['round', '--dice', '7,x'], { cwd: d });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--dice value 2 \("x"\) is not a die result.*`_` for one badzone should roll/);
  });

  it('a blank answer at a manual prompt is rolled by badzone; the prompts say how to roll the D64 with two D8', async () => {
    const d = dir();
    await ok(['new', '--seed', '7'], d);
    const prompter = scripted([
      {
        input:
          /^Event Phase: event table: enter your D64 \(roll two D8 and type both as they fell, e\.g\. 5 8 or 5,8 \(that is 40\); or type the result, 1-64\) \(blank: badzone rolls it; r: badzone rolls the rest of this step\)$/,
        value: '7',
      },
      {
        input:
          /^Horde of Rats: how many Underhive Rats \(D2\+1\): enter your D2 \(no D2\? roll a D6: 1-3 is 1, 4-6 is 2\) \(blank: badzone rolls it; r: badzone rolls the rest of this step; b: back one die\)$/,
        value: '',
      },
      { input: /^Horde of Rats: spawn point: enter your D4/, value: '9', invalid: /from 1 to 4, or leave it blank/ },
      { input: /^Horde of Rats: spawn point: enter your D4/, value: '2' },
    ]);
    await ok(['round', '--manual'], d, { stdinIsTTY: true, prompter });
    expect(prompter.left()).toBe(0);
    const e = json((await ok(['log', '--json', '--round', '1'], d)).stdout).entries[0];
    expect(e.action).toEqual({ type: 'round', dice: [7, null, 2] });
    expect(e.rolls.map((x: { entered?: true }) => x.entered === true)).toEqual([true, false, true]);
  });

  it("a random fighter's prompt lists the roster, numbered; the purpose logged is the same as with --dice, and verify agrees", async () => {
    const setup = ['new', '--seed', '1', '--gang', 'Goliaths: Krag, Brute, Mauler', '--gang', 'Eschers: Vex, Nyx'];
    const d = dir();
    await ok(setup, d);
    await ok(['place', 'wyld-magic'], d);
    const prompter = scripted([
      { input: /enter your D64/, value: '38' },
      {
        input:
          /^Wyld Magic: fighter of Goliaths: enter your D3 \(1 Krag, 2 Brute, 3 Mauler\) \(no D3\? roll a D6 and halve it, rounding up: 1-2 is 1, 3-4 is 2, 5-6 is 3\) \(blank: badzone rolls it; r: badzone rolls the rest of this step; b: back one die\)$/,
        value: '2',
      },
      { input: /^Wyld Magic: fighter of Eschers: enter your D2 \(1 Vex, 2 Nyx\) \(no D2\?/, value: '1' },
    ]);
    await ok(['round', '--manual'], d, { stdinIsTTY: true, prompter });
    expect(prompter.left()).toBe(0);
    // The same dice given with --dice in a twin game: the same log, byte for byte (the purposes included).
    const twin = dir();
    await ok(setup, twin);
    await ok(['place', 'wyld-magic'], twin);
    await ok(['round', '--dice', '38,2,1'], twin);
    const rolls = (g: string) => json(bytes(g)).log[2].rolls;
    expect(rolls(d).map((r: { for: string }) => r.for)).toEqual([
      'Event Phase: event table',
      'Wyld Magic: fighter of Goliaths',
      'Wyld Magic: fighter of Eschers',
    ]);
    expect(rolls(d)).toEqual(rolls(twin));
    expect(json((await ok(['status', '--json'], d)).stdout).psykers).toEqual(
      json((await ok(['status', '--json'], twin)).stdout).psykers,
    );
    expect(json((await ok(['verify', '--json'], d)).stdout).ok).toBe(true);
    await ok(['undo'], d);
    expect(json((await ok(['redo', '--json'], d)).stdout).kind).toBe('redo');
    expect(bytes(d)).toBe(bytes(twin));
  });

  it('the D64 may be typed as the two D8 as they fell (5 8 or 5,8 is 40); 58 stays 58; a D8 over 8 is refused', async () => {
    const d = dir();
    await ok(['new', '--seed', '7'], d);
    const round = async (answer: string) => {
      const p = scripted([
        { input: /enter your D64/, value: '9 1', invalid: /Each D8 is 1-8: type the two as they fell \(e\.g\. 5 8\)/ },
        { input: /enter your D64 \(roll two D8 and type both as they fell, e\.g\. 5 8 or 5,8/, value: answer },
        { input: /./, value: 'r' },
      ]);
      await ok(['round', '--manual', '--json'], d, { stdinIsTTY: true, prompter: p });
      await ok(['undo'], d);
      return json(bytes(d)).redo[0].action.dice[0] as number;
    };
    expect(await round('5 8')).toBe(40);
    expect(await round('5,8')).toBe(40);
    expect(await round(' 3 ,  5 ')).toBe(21);
    expect(await round('5/8')).toBe(40);
    expect(await round('58')).toBe(58);
  });

  it('deck mode draws cards: two numbers are not a card', async () => {
    const d = dir();
    await ok(['new', '--seed', '7', '--mode', 'deck'], d);
    const p = scripted([
      {
        input: /which card did you draw\?/,
        value: '5 8',
        invalid: /Enter a whole number from 1 to 64, or leave it blank for badzone to draw/,
      },
      {
        input:
          /which card did you draw\? \(1-64, 64 left in the deck; blank: badzone draws; r: badzone rolls the rest of this step\)$/,
        value: '40',
      },
      { input: /./, value: 'r' },
    ]);
    await ok(['round', '--manual'], d, { stdinIsTTY: true, prompter: p });
    expect(json(bytes(d)).log[1].action.dice[0]).toBe(40);
  });

  it('a D2 answer out of range says how to roll a D2 with a D6; r rolls the rest, b goes back a die (not from the first)', async () => {
    const d = dir();
    await ok(['new', '--seed', '7'], d);
    const p = scripted([
      { input: /event table: enter your D64/, value: 'b', invalid: /first die of this step: there is none before it/ },
      { input: /event table: enter your D64/, value: '7' }, // Horde of Rats
      {
        input: /Underhive Rats \(D2\+1\): enter your D2/,
        value: '5',
        invalid: /from 1 to 2 \(no D2\? roll a D6: 1-3 is 1, 4-6 is 2\)/,
      },
      { input: /Underhive Rats \(D2\+1\): enter your D2/, value: 'B' },
      { input: /event table: enter your D64/, value: '8' }, // Horde of Rats too, asked again
      { input: /Underhive Rats \(D2\+1\): enter your D2/, value: '2' },
      { input: /spawn point: enter your D4/, value: 'r' },
    ]);
    await ok(['round', '--manual'], d, { stdinIsTTY: true, prompter: p });
    expect(p.left()).toBe(0);
    const e = json(bytes(d)).log[1];
    expect(e.action).toEqual({ type: 'round', dice: [8, 2] });
    expect(e.rolls.map((r: { entered?: true }) => r.entered === true)).toEqual([true, true, false]);
  });

  it("a scatter direction prompt says how to read a scatter dice, and where the game's 12 o'clock points", async () => {
    const d = dir();
    await ok(['new', '--seed', '7', '--twelve', 'right'], d);
    await ok(['place', 'pillar-of-flame', '--dice', '3'], d);
    await ok(['round', '--dice', '25'], d);
    const prompter = scripted([
      { input: /Large Blast: scatter distance \(D6\+6"\): enter your D6/, value: '4' },
      {
        input:
          /Large Blast: scatter direction: enter your D12 \(a scatter dice: type the clock number the arrow points nearest; re-roll a hit, or roll a D12; 12 o'clock: the right-hand edge\)/,
        value: '11',
      },
    ]);
    const r = json((await ok(['end', '--manual', '--json'], d, { stdinIsTTY: true, prompter })).stdout);
    expect(r.triggers[0].outcomes[0]).toMatchObject({ distance: 10, direction: 11 });
  });
});

describe('D66 and physical dice in the help', () => {
  it('`badzone roll D66` gives two D6 read as tens and units', async () => {
    const r = json((await ok(['roll', 'D66', '--times', '200', '--seed', '5', '--json'], dir())).stdout);
    expect(r.expression).toBe('D66');
    for (const x of r.results) {
      expect(isD66(x.total)).toBe(true);
      expect(x.dice).toEqual([x.total]);
    }
    expect(new Set(r.results.map((x: { total: number }) => x.total)).size).toBeGreaterThan(25);
  });

  it('--help says how to roll the D64 and a D66 and read a scatter dice; every line fits 80 columns', async () => {
    const round = (await ok(['round', '--help'], dir())).stdout;
    expect(round).toMatch(/D64: roll two D8 and type \(first - 1\) x 8 \+ second/);
    expect(round).toMatch(/D66: two D6 read as tens and units; type both digits \(36\)/);
    expect(round).toMatch(
      /with a scatter dice, type the clock\s+number the arrow points nearest; re-roll a hit\. 12 o'clock points to the\s+table edge set at setup \(default: the far edge, toward row A\)/,
    );
    expect(round).toMatch(/--end-dice <list>/);
    expect((await ok(['roll', '--help'], dir())).stdout).toMatch(/A D66 is two D6 read as tens and units/);
    for (const args of [
      ['--help'],
      ['round', '--help'],
      ['end', '--help'],
      ['place', '--help'],
      ['redo', '--help'],
      ['rename', '--help'],
      ['collapse', '--help'],
      ['dice', '--help'],
      ['roll', '--help'],
    ]) {
      const r = await ok(args, dir());
      for (const line of r.stdout.split('\n'))
        expect(line.length, `${args.join(' ')}: ${line}`).toBeLessThanOrEqual(80);
    }
  });
});

describe('the dice preference is kept in the session', () => {
  it('`badzone dice manual` holds for later commands on a terminal; without one, badzone rolls; `dice rolled` switches back', async () => {
    const d = dir();
    await ok(['new', '--seed', '7'], d);
    expect(json((await ok(['dice', '--json'], d)).stdout)).toMatchObject({
      kind: 'dice',
      manualDice: false,
      changed: false,
    });
    expect(json((await ok(['dice', 'manual', '--json'], d)).stdout)).toMatchObject({ manualDice: true, changed: true });
    expect(json((await ok(['status', '--json'], d)).stdout).manualDice).toBe(true);
    expect((await ok(['status'], d)).stdout).toMatch(/Dice: your own/);
    // A later command on a terminal asks, without --manual.
    const prompter = scripted([{ input: /Event Phase: event table: enter your D64/, value: '25' }]);
    await ok(['round'], d, { stdinIsTTY: true, prompter });
    expect(prompter.left()).toBe(0);
    // Without a terminal it never prompts: the dice are rolled.
    await ok(['round'], d);
    await ok(['dice', 'rolled'], d);
    expect(json(bytes(d)).manualDice).toBe(false);
    const bad = await runCli(['dice', 'sometimes'], { cwd: d });
    expect(bad.code).toBe(2);
  });
});

describe('redo, across separate commands', () => {
  it('re-applies what undo took back, with the same rolls and entered dice; a new step clears it', async () => {
    const d = dir();
    await ok(['new', '--seed', '7'], d);
    await ok(['round', '--dice', '7,_,3'], d);
    const after = bytes(d);
    const u = json((await ok(['undo', '--json'], d)).stdout);
    expect(u.redoable).toBe(1);
    expect(json((await ok(['status', '--json'], d)).stdout).redoable).toBe(1);
    const r = json((await ok(['redo', '--json'], d)).stdout);
    expect(r).toMatchObject({
      kind: 'redo',
      redone: { seq: 1, action: { type: 'round', dice: [7, null, 3] } },
      redoable: 0,
      round: 1,
    });
    expect(json(bytes(d))).toEqual(json(after));
    const none = await runCli(['redo'], { cwd: d });
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/Nothing to redo/);
    await ok(['undo'], d);
    await ok(['visibility', 'set', 'dark'], d);
    expect((await runCli(['redo'], { cwd: d })).code).toBe(1);
    expect((await ok(['undo'], d)).stdout).toMatch(/badzone redo/);
  });
});

describe('rename', () => {
  it('renames a fighter and a gang (logged, undone like any step); refuses unknown names and clashes', async () => {
    const d = dir();
    await ok(['new', '--seed', '7', '--gang', 'Goliaths: Krag, Brak', '--gang', 'Eschers: Ana'], d);
    const f = json((await ok(['rename', 'fighter', 'krag', 'Krag the Red', '--json'], d)).stdout);
    expect(f).toMatchObject({ kind: 'rename', what: 'fighter', gang: 'Goliaths', from: 'Krag', to: 'Krag the Red' });
    expect((await ok(['rename', 'gang', 'Eschers', 'Blades'], d)).stdout).toMatch(
      /Renamed: the gang Eschers is now Blades/,
    );
    expect(
      json((await ok(['status', '--json'], d)).stdout).gangs.map((g: { name: string; battlefield: string[] }) => [
        g.name,
        g.battlefield,
      ]),
    ).toEqual([
      ['Goliaths', ['Krag the Red', 'Brak']],
      ['Blades', ['Ana']],
    ]);
    const unknown = await runCli(['rename', 'fighter', 'Krug', 'X'], { cwd: d });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/No gang has a fighter called Krug/);
    const clash = await runCli(['rename', 'gang', 'Goliaths', 'blades'], { cwd: d });
    expect(clash.code).toBe(2);
    expect((await runCli(['rename', 'team', 'a', 'b'], { cwd: d })).code).toBe(2);
    await ok(['undo'], d);
    expect(json(bytes(d)).gangs[1].name).toBe('Eschers');
  });
});

describe('Collapsed Section with no occupied tiles known', () => {
  it('marks the pick unconfirmed (exit 0), and `badzone collapse TILE` records the right one; the log keeps both', async () => {
    const d = dir();
    await ok(['new', '--seed', '7'], d);
    const r = json((await ok(['round', '--dice', '57,2', '--json'], d)).stdout);
    expect(r.eventPhase.resolved[0].outcomes[0]).toMatchObject({
      tile: 'A2',
      unconfirmed: true,
      candidates: ['A1', 'A2', 'B1', 'B2'],
    });
    expect(r.battlefield.tilePicks[0]).toMatchObject({ tile: 'A2', confirmed: false });
    expect((await ok(['status'], d)).stdout).toMatch(
      /Unconfirmed: collapsed section \(impassable terrain\) on A2 \(round 1\)/,
    );
    const c = json((await ok(['collapse', 'b2', '--json'], d)).stdout);
    expect(c).toMatchObject({ kind: 'collapse', from: 'A2', to: 'B2', tiles: ['A1', 'A2', 'B1'] });
    const st = (await ok(['status'], d)).stdout;
    expect(st).toMatch(/Collapsed: B2 \(round 1, recorded by the GM instead of A2\)/);
    expect(st).not.toMatch(/Unconfirmed/);
    expect(
      json((await ok(['log', '--json'], d)).stdout).entries.map((e: { action: { type: string } }) => e.action),
    ).toEqual([{ type: 'new' }, { type: 'round', dice: [57, 2] }, { type: 'collapse', tile: 'B2' }]);
    expect(json((await ok(['verify', '--json'], d)).stdout).ok).toBe(true);
    const again = await runCli(['collapse', 'B1'], { cwd: d });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/no unconfirmed tile pick/);
  });

  it('`collapse --occupied` rolls among the free tiles (your own die with --dice); no argument is a usage error', async () => {
    const d = dir();
    await ok(['new', '--seed', '7'], d);
    await ok(['round', '--dice', '57,2'], d);
    expect((await runCli(['collapse'], { cwd: d })).code).toBe(2);
    expect((await runCli(['collapse', 'B1', '--dice', '1'], { cwd: d })).code).toBe(2);
    const c = json((await ok(['collapse', '--occupied', 'A1,B1', '--dice', '2', '--json'], d)).stdout);
    expect(c).toMatchObject({ rolledAmong: ['A2', 'B2'], to: 'B2', rolls: [{ die: 2, value: 2, entered: true }] });
  });
});

describe('status shows what the rules left on the table', () => {
  it("Treasure's casket after its discard, the Psykers, and where the Pillar is after each scatter", async () => {
    const d = dir();
    await ok(['new', '--seed', '7', '--gang', 'Goliaths: Krag, Brak'], d);
    await ok(['place', 'wyld-magic'], d);
    await ok(['place', 'pillar-of-flame', '--dice', '3'], d); // B1
    await ok(['place', 'treasure', '--dice', '1,2,3'], d); // A1, worth 50
    await ok(['round', '--dice', '25,1'], d); // Dome Quake; Wyld Magic picks Krag
    const end = json((await ok(['end', '--dice', '3,7,1,2', '--json'], d)).stdout); // 9" toward 7; Wyld Magic stays; Treasure discarded
    expect(end.checks.find((c: { eventId: string }) => c.eventId === 'treasure')).toMatchObject({
      discarded: true,
      stays: [{ what: 'golden Loot Casket', tile: 'A1', worth: { value: 50, unit: 'credits' } }],
    });
    const st = json((await ok(['status', '--json'], d)).stdout);
    expect(st.battlefield.objects).toEqual([
      {
        eventId: 'treasure',
        what: 'golden Loot Casket',
        tile: 'A1',
        sinceRound: 0,
        worth: { value: 50, unit: 'credits' },
      },
    ]);
    expect(st.battlefield.conditions).toEqual([
      { condition: 'Psyker', gang: 'Goliaths', fighter: 'Krag', eventId: 'wyld-magic', sinceRound: 1, lasts: 'game' },
    ]);
    expect(st.inPlay.find((p: { eventId: string }) => p.eventId === 'pillar-of-flame')).toMatchObject({
      tile: 'B1',
      scattered: true,
      scatters: [{ round: 1, distance: 9, direction: 7 }],
    });
    const text = (await ok(['status'], d)).stdout.replace(/\s+/g, ' ');
    expect(text).toMatch(
      /On the battlefield: golden Loot Casket, placed on A1 \(round 0\), worth 50 credits to whoever holds it when the game ends\./,
    );
    expect(text).toMatch(/Psykers: Krag \(Goliaths\)/);
    expect(text).toMatch(/placed on B1 \(scattered 9" toward 7 o'clock\)/);
    // The casket leaves the table with `discard treasure`.
    const gone = json((await ok(['discard', 'treasure', '--json'], d)).stdout);
    expect(gone.removed).toMatchObject({ what: 'golden Loot Casket' });
    expect(json((await ok(['status', '--json'], d)).stdout).battlefield.objects).toEqual([]);
  });
});
