// badzone play, driven by a scripted prompter: a whole loop, physical dice, Escape, Ctrl-C and resuming, no terminal.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, readSession, expandSession } from '../helpers.js';
import { shippedBook } from '../../src/store/tables.js';
import { verify } from '../../src/engine/verify.js';
import type { SessionState } from '../../src/engine/state.js';
import { ENTER, scripted } from './scripted-prompter.js';
import fc from 'fast-check';
import { textParts } from '../../src/cli/commands/play.js';

const SESSION = 'badzone-session.json';
const state = (dir: string): SessionState => readSession(path.join(dir, SESSION));
const NEW = [
  'new',
  '--seed',
  '4242',
  '--gang',
  'Goliaths: Krag, Brute',
  '--reserve',
  'Goliaths: Mauler',
  '--gang',
  'Eschers: Vex, Nyx',
  '--lairs',
  '2',
  '--structures',
  '2',
  '--hazard',
  '3',
];
const MENU = /What next\?/;
const tty = (dir: string, prompter: ReturnType<typeof scripted>, extra: Record<string, unknown> = {}) => ({
  cwd: dir,
  stdinIsTTY: true,
  prompter,
  ...extra,
});

/** The texts in this order in `out`. */
function inOrder(out: string, order: string[]): void {
  let at = 0;
  for (const o of order) {
    const i = out.indexOf(o, at);
    expect(i, `"${o}" after position ${at}`).toBeGreaterThanOrEqual(at);
    at = i;
  }
}

describe('badzone play', () => {
  it('refuses without a terminal (exit 2) and never asks anything', async () => {
    const dir = tempDir();
    const p = scripted([]);
    const r = await runCli(['play'], { cwd: dir, stdinIsTTY: false, prompter: p });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/needs a terminal/);
    expect(r.stderr).toMatch(/badzone round/);
    expect(p.asked).toEqual([]);
    expect(fs.readdirSync(dir)).toEqual([]);
    // CI=true counts as no terminal too.
    const ci = await runCli(['play'], { cwd: dir, stdinIsTTY: true, prompter: p, env: { CI: 'true' } });
    expect(ci.code).toBe(2);
  });

  it('plays three rounds with a place, a discard and an undo; the file equals the same game played command by command', async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    const p = scripted([
      { select: /Ready to play/, value: ENTER }, // Start round 1 is the default
      { select: /Round 1\. What next/, value: ENTER }, // End Phase is the default mid-round
      { select: /Round 1 is over/, value: ENTER }, // Next round
      { select: /Round 2\. What next/, value: 'events' },
      { select: /^Events/, value: 'place' },
      { select: /Place which event/, value: 'static-storm' },
      { select: /Round 2\. What next/, value: 'events' },
      { select: /^Events/, value: 'discard' },
      { select: /Discard which event/, value: 'static-storm' },
      { select: /Round 2\. What next/, value: 'undo' },
      // No is the default: Enter does not undo.
      { confirm: /Undo "discard static-storm"/, value: ENTER },
      { select: /Round 2\. What next/, value: 'undo' },
      { confirm: /Undo "discard static-storm"/, value: true },
      { select: /Round 2\. What next/, value: 'next' },
      { select: /Round 2 is over/, value: 'info' },
      { select: /Show what/, value: 'status' },
      { select: /Round 2 is over/, value: 'next' },
      { select: /Round 3\. What next/, value: 'info' },
      { select: /Show what/, value: 'log' },
      { select: /Round 3\. What next/, value: 'next' },
      { select: /Round 3 is over/, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(p.left()).toBe(0);
    const s = state(dir);
    expect({ round: s.round, phase: s.phase }).toEqual({ round: 3, phase: 'end' });
    expect(s.log.map((e) => e.action.type)).toEqual(['new', 'round', 'end', 'round', 'place', 'end', 'round', 'end']);
    expect(verify(s, shippedBook()).ok).toBe(true);
    expect(p.defaults.filter(([k]) => k.startsWith('confirm: Undo')).map(([, v]) => v)).toEqual([false, false]);

    inOrder(r.stdout, [
      'Round 1: Event Phase',
      'End Phase of round 1',
      'Round 2: Event Phase',
      'Static Storm placed in play',
      'Static Storm DISCARDED by the GM',
      'Undone: #5 discard static-storm',
      'End Phase of round 2',
      'Round 2: over (End Phase resolved)',
      'Round 3: Event Phase',
      'Log of',
      'End Phase of round 3',
      'continues from here',
    ]);
    // Said once, not "Round 2: round 2 over".
    expect(r.stdout).not.toMatch(/Round (\d+): round \1/);
    // Inside play, the menu says what comes next: no "Next: `badzone ...`" hints, and no shell command at all:
    // what a text would send to a shell (`badzone redo` after an undo) is named as its menu item.
    // (The last words, after play has stopped, do name the shell command that continues the game.)
    const shown = r.stdout.slice(0, r.stdout.lastIndexOf('The game is saved'));
    expect(shown).not.toMatch(/Next: `badzone/);
    expect(shown).not.toMatch(/`badzone /);
    expect(shown.replace(/\s+/g, ' ')).toMatch(/Redo re-applies it/);

    // Play has no second implementation: the same commands give the same file, byte for byte.
    const other = tempDir();
    for (const args of [NEW, ['round'], ['end'], ['round'], ['place', 'static-storm'], ['end'], ['round'], ['end']])
      expect((await runCli(args, { cwd: other })).code).toBe(0);
    expect(fs.readFileSync(path.join(dir, SESSION), 'utf8')).toBe(fs.readFileSync(path.join(other, SESSION), 'utf8'));
  });

  it('a game changed by another command while the menu waits: nothing is done, the menu comes back as it is now', async () => {
    const dir = tempDir();
    const other = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    expect((await runCli(NEW, { cwd: other })).code).toBe(0);
    expect((await runCli(['round'], { cwd: other })).code).toBe(0);
    const advanced = fs.readFileSync(path.join(other, SESSION), 'utf8');
    const p = scripted([
      // While the menu is open, a second window plays round 1 (its file is copied in), then Enter picks Start round 1.
      {
        select: /Ready to play/,
        value: () => {
          fs.writeFileSync(path.join(dir, SESSION), advanced);
          return 'next';
        },
      },
      { select: /Round 1\. What next/, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.code).toBe(0);
    expect(r.stderr.replace(/\s+/g, ' ')).toMatch(
      /The game changed while this menu was open \(another window or command\): it is now round 1, End Phase not yet resolved\. Nothing was done; here is the menu again\./,
    );
    expect(fs.readFileSync(path.join(dir, SESSION), 'utf8')).toBe(advanced);
    expect(p.left()).toBe(0);
  });

  it('a short main menu, the next step highlighted; no undo right after new, no discard with nothing in play', async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    const p = scripted([
      { select: /Ready to play/, value: 'events' },
      { select: /^Events/, value: '\u0000back' },
      { select: /Ready to play/, value: 'quit' },
    ]);
    expect((await runCli(['play'], tty(dir, p))).code).toBe(0);
    const offered = p.menus[0]!.map((c) => c.value);
    expect(offered).toEqual(['next', 'fighters', 'events', 'info', 'dice', 'quit']);
    expect(p.menus[0]![0]!.name).toBe('Start round 1');
    expect(p.defaults[0]).toEqual(['select: Ready to play. What next?', 'next']);
    expect(p.menus[1]!.map((c) => c.value)).toEqual([
      'place',
      'lookup',
      'visibility',
      'orientation',
      'sites',
      '\u0000back',
    ]);
    // At most 8 lines of menu under the round card on a 24-row terminal.
    expect(offered.length).toBeLessThanOrEqual(8);
  });

  it('physical dice: one round with my own dice, each named; then the whole game with them (toggle)', async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    const p = scripted([
      { select: /Ready to play/, value: 'dice' },
      { select: /^Dice/, value: 'own-dice' },
      { input: /Event Phase: event table: enter your D64/, value: '65', invalid: /from 1 to 64/ },
      { input: /Event Phase: event table: enter your D64/, value: '33' }, // Static Storm, persistent, no rolls of its own
      { select: /Round 1\. What next/, value: 'dice' },
      { select: /^Dice/, value: 'own-dice' },
      { input: /Static Storm discard check \(4\+\): enter your D6/, value: '3' },
      { select: /Round 1 is over/, value: 'dice' },
      { select: /^Dice/, value: 'dice-mode' },
      { select: /Round 1 is over \(your own dice\)/, value: 'next' },
      { input: /enter your D64/, value: '34' }, // Static Storm again: already in play, drawn again
      { input: /enter your D64/, value: '2' }, // Power Outage: Once, sets visibility
      { select: /Round 2 \(your own dice\)/, value: 'next' },
      { input: /Static Storm discard check/, value: '4' },
      { select: /Round 2 is over/, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(p.left()).toBe(0);
    const s = state(dir);
    const rolls = s.log.slice(1).map((e) => e.rolls.map((x) => [x.die, x.value, x.entered === true]));
    expect(rolls).toEqual([
      [[64, 33, true]],
      [[6, 3, true]],
      [
        [64, 34, true],
        [64, 2, true],
      ],
      [[6, 4, true]],
    ]);
    expect(s.inPlay).toEqual([]);
    expect(s.visibility.level).toBe('pitch-black');
    expect(r.stdout).toMatch(/Static Storm\s+D6 3\s+needs 4\+\s+stays in play/);
    expect(r.stdout).toMatch(/D64 34 Static Storm is already in play: discarded, drawn again/);
    expect(r.stdout).toMatch(/Static Storm\s+D6 4\s+needs 4\+\s+DISCARDED/);
    expect(r.stdout).toMatch(/From now on badzone asks for your own dice/);
    // In manual mode there is no "this once with my own dice".
    const diceMenus = p.menus.filter((m) => m.some((c) => c.value === 'dice-mode')).map((m) => m.map((c) => c.value));
    expect(diceMenus[0]).toContain('own-dice');
    // The choice is kept in the session: a later `badzone play` (or a command on a terminal) still asks.
    expect(s.manualDice).toBe(true);
    const again = scripted([
      { select: /Round 2 is over \(your own dice\)/, value: 'next' },
      { input: /enter your D64/, value: '25' },
      { select: /Round 3 \(your own dice\)/, value: 'dice' },
      { select: /^Dice/, value: 'dice-mode' },
      { select: /Round 3\. What next/, value: 'quit' },
    ]);
    const r2 = await runCli(['play'], tty(dir, again));
    expect(r2.code).toBe(0);
    expect(again.left()).toBe(0);
    expect(state(dir).manualDice).toBe(false);
  });

  it('--manual asks for every die from the start', async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    const p = scripted([
      { select: /Ready to play \(your own dice\)/, value: 'next' },
      { input: /enter your D64/, value: '64' },
      { select: /Round 1/, value: 'dice' },
      { select: /^Dice/, value: '\u0000back' },
      { select: /Round 1/, value: 'quit' },
    ]);
    expect((await runCli(['play', '--manual'], tty(dir, p))).code).toBe(0);
    expect(state(dir).inPlay.map((e) => e.eventId)).toEqual(['sludge-jelly']);
    expect(p.menus[2]!.map((c) => c.value)).toEqual(['roll', 'dice-mode', '\u0000back']);
  });

  it('Escape backs out of any sub-menu or question to the menu, changing nothing; at the menu itself it does nothing', async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    const before = fs.readFileSync(path.join(dir, SESSION), 'utf8');
    const p = scripted([
      { back: /Ready to play/ },
      { select: /Ready to play/, value: 'events' },
      { back: /^Events/ },
      { select: /Ready to play/, value: 'events' },
      { select: /^Events/, value: 'place' },
      { back: /Place which event/ },
      { select: /Ready to play/, value: 'fighters' },
      { select: /^Fighters/, value: 'out' },
      { back: /Who is Out of Action/ },
      { select: /Ready to play/, value: 'dice' },
      { select: /^Dice/, value: 'roll' },
      { back: /Dice to roll/ },
      // Escape while entering the dice of a step: the step is not made.
      { select: /Ready to play/, value: 'dice' },
      { select: /^Dice/, value: 'own-dice' },
      { back: /enter your D64/ },
      { select: /Ready to play/, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(p.left()).toBe(0);
    expect(fs.readFileSync(path.join(dir, SESSION), 'utf8')).toBe(before);
  });

  it('rosters: Out of Action, back to the battlefield, to the reserve, add a fighter and a gang; status lists who is out', async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    const p = scripted([
      { select: MENU, value: 'fighters' },
      { select: /^Fighters/, value: 'out' },
      { select: /Who is Out of Action/, value: '["Goliaths","Krag"]' },
      { select: MENU, value: 'fighters' },
      { select: /^Fighters/, value: 'reserve' },
      { select: /Who goes to the reserve/, value: '["Eschers","Vex"]' },
      { select: MENU, value: 'fighters' },
      { select: /^Fighters/, value: 'return' },
      { select: /Who comes back/, value: '["Goliaths","Mauler"]' },
      { select: MENU, value: 'fighters' },
      { select: /^Fighters/, value: 'add' },
      { select: /Which gang/, value: 'Eschers' },
      { input: /Eschers: the new fighter's name/, value: 'Nyx', invalid: /already a fighter called Nyx/ },
      { input: /Eschers: the new fighter's name/, value: 'Lyra' },
      { select: /Where is Lyra/, value: 'reserve' },
      { select: MENU, value: 'fighters' },
      { select: /^Fighters/, value: 'add' },
      { select: /Which gang/, value: '\u0000new-gang' },
      { input: /new gang's name/, value: 'Goliaths', invalid: /already in this game/ },
      { input: /new gang's name/, value: 'Cawdor' },
      { input: /Cawdor: the new fighter's name/, value: 'Ash' },
      { select: /Where is Ash/, value: 'battlefield' },
      { select: MENU, value: 'info' },
      { select: /Show what/, value: 'status' },
      { select: MENU, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(p.left()).toBe(0);
    const s = state(dir);
    expect(s.gangs).toEqual([
      { name: 'Goliaths', battlefield: ['Brute', 'Mauler'], reserve: [], out: ['Krag'] },
      { name: 'Eschers', battlefield: ['Nyx'], reserve: ['Vex', 'Lyra'], out: [] },
      { name: 'Cawdor', battlefield: ['Ash'], reserve: [], out: [] },
    ]);
    expect(s.log.map((e) => e.action.type)).toEqual(['new', 'fighter', 'fighter', 'fighter', 'fighter', 'fighter']);
    expect(verify(s, shippedBook()).ok).toBe(true);
    expect(r.stdout).toMatch(/Goliaths: Brute, Mauler \| out of action: Krag/);
    // And the plain status command says the same.
    expect((await runCli(['status'], { cwd: dir })).stdout).toMatch(/out of action: Krag/);
  });

  it("Ctrl-C mid-round leaves a valid session; play resumes with the current round's event card", async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    const first = scripted([
      { select: /Ready to play/, value: 'dice' },
      { select: /^Dice/, value: 'own-dice' },
      { input: /enter your D64/, value: '47' }, // Cold Snap: discarded on 4+
      { select: /Round 1\. What next/, value: 'dice' },
      { select: /^Dice/, value: 'own-dice' },
      { cancel: /Cold Snap discard check/ },
    ]);
    const a = await runCli(['play'], tty(dir, first));
    expect(a.code).toBe(1);
    expect(a.stdout).toMatch(/Stopped\. Everything shown above is saved/);
    expect(a.stdout.replace(/\s+/g, ' ')).toMatch(/round 1, End Phase not yet resolved/);
    let s = state(dir);
    expect({ round: s.round, phase: s.phase, inPlay: s.inPlay.map((e) => e.eventId), entries: s.log.length }).toEqual({
      round: 1,
      phase: 'round',
      inPlay: ['cold-snap'],
      entries: 2,
    });
    expect(verify(s, shippedBook()).ok).toBe(true);
    expect((await runCli(['verify'], { cwd: dir })).code).toBe(0);

    // Ctrl-C at the menu itself loses nothing either.
    const atMenu = scripted([{ cancel: /Round 1\. What next/ }]);
    expect((await runCli(['play'], tty(dir, atMenu))).code).toBe(1);
    expect(state(dir).log.length).toBe(2);

    // Resuming mid-round shows this round's event card (the same card `round` showed), then the menu.
    const second = scripted([
      { select: /Round 1\. What next/, value: 'dice' },
      { select: /^Dice/, value: 'own-dice' },
      { input: /Cold Snap discard check/, value: '5' },
      { select: /Round 1 is over/, value: 'quit' },
    ]);
    const b = await runCli(['play'], tty(dir, second));
    expect(b.code).toBe(0);
    expect(b.stdout).toMatch(/Round 1: Event Phase/);
    expect(b.stdout).toMatch(/NEW EVENT {2}Cold Snap {2}\(D64 47\)/);
    const card = a.stdout.slice(a.stdout.indexOf('NEW EVENT'), a.stdout.indexOf('Home Turf Ploy'));
    expect(b.stdout).toContain(card);
    expect(b.stdout.indexOf('NEW EVENT')).toBeLessThan(b.stdout.indexOf('End Phase of round 1'));
    expect(b.stdout).toMatch(/Cold Snap\s+D6 5\s+needs 4\+\s+DISCARDED/);
    s = state(dir);
    expect({ round: s.round, phase: s.phase, inPlay: s.inPlay }).toEqual({ round: 1, phase: 'end', inPlay: [] });
    expect(verify(s, shippedBook()).ok).toBe(true);
  });

  it('with no game: the setup wizard, then the menu; --session is honoured, and asked about first', async () => {
    const dir = tempDir();
    // A --session in a folder that does not exist is refused before any question.
    const none = scripted([]);
    const missing = await runCli(['play', '--session', 'games/one.json'], tty(dir, none));
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/folder .* does not exist/);
    expect(none.asked).toEqual([]);
    fs.mkdirSync(path.join(dir, 'games'));
    const p = scripted([
      { confirm: /There is no game at .*one\.json\. Set up a new game there\?/, value: true },
      { input: /rows x columns/, value: '1x3' },
      { input: /spawn points/, value: ENTER },
      { input: /First gang's name/, value: ENTER },
      { input: /Beast Lairs/, value: ENTER },
      { input: /large structures/, value: ENTER },
      { input: /Where do the spawn points stand/, value: ENTER },
      { select: /12 o'clock/, value: ENTER },
      { select: /D64.*deck/, value: 'deck' },
      { select: /Hazard/, value: ENTER },
      { select: /Ready to play/, value: 'quit' },
    ]);
    const r = await runCli(['play', '--session', 'games/one.json'], tty(dir, p, { seeds: [99] }));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.replace(/ \\\n\s+/g, ' ')).toMatch(
      /badzone new --seed 99 --mode deck --grid 1x3 .*--session games\/one\.json/,
    );
    const s: SessionState = readSession(path.join(dir, 'games', 'one.json'));
    expect(s.setup).toMatchObject({ seed: 99, mode: 'deck', tiles: ['A1', 'A2', 'A3'] });
    expect(fs.existsSync(path.join(dir, SESSION))).toBe(false);
    expect(p.defaults[0]![1]).toBe(false);
  });

  it('a mistyped --session: asks first (No by default), suggests the similar file, writes nothing when declined', async () => {
    const dir = tempDir();
    expect((await runCli([...NEW, '--session', 'campaign-game.json'], { cwd: dir })).code).toBe(0);
    const p = scripted([
      { confirm: /There is no game at .*campain-game\.json \(did you mean .*campaign-game\.json\?\)/, value: ENTER },
    ]);
    const r = await runCli(['play', '--session', 'campain-game.json'], tty(dir, p));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/No game was set up; nothing was written/);
    expect(r.stdout).not.toMatch(/saved/);
    expect(fs.readdirSync(dir).sort()).toEqual(['campaign-game.json']);
    // The folder's own default session needs no question: the wizard starts at once.
    const q = scripted([{ cancel: /rows x columns/ }]);
    expect((await runCli(['play'], tty(dir, q))).code).toBe(1);
    expect(q.asked[0]).toMatch(/^input: Battlefield tiles/);
  });

  it('Ctrl-C in the setup wizard says that nothing was written (and nothing was)', async () => {
    const dir = tempDir();
    const p = scripted([
      { input: /rows x columns/, value: ENTER },
      { input: /spawn points/, value: ENTER },
      { cancel: /First gang's name/ },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/Stopped before the game was set up: nothing was written/);
    expect(r.stdout).not.toMatch(/is saved|Everything shown above is saved/);
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("Events > Table: which edge 12 o'clock points to, offered with the game's edge first, a logged step", async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    const p = scripted([
      { select: MENU, value: 'events' },
      { select: /^Events/, value: 'orientation' },
      { select: /12 o'clock points to/, value: 'left' },
      { select: MENU, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(p.menus[2]!.map((c) => c.name)).toEqual([
      'The far edge (toward row A)',
      'The right-hand edge (toward the last column)',
      "The near edge (the GM's side)",
      'The left-hand edge (toward column 1)',
      'Back',
    ]);
    expect(p.defaults[2]).toEqual([expect.stringMatching(/12 o'clock points to/), 'far']);
    expect(r.stdout.replace(/\s+/g, ' ')).toContain(
      "12 o'clock points to the left-hand edge (toward column 1), 3 o'clock to the far edge. It pointed to the far edge before",
    );
    expect(state(dir).orientation).toEqual({ twelve: 'left' });
    expect(state(dir).log.map((e) => e.action.type)).toEqual(['new', 'orientation']);
  });

  it('Events > Table: where the spawn points, lairs and structures stand, checked as typed, a logged step', async () => {
    const dir = tempDir();
    expect((await runCli([...NEW, '--spawn-at', 'A1,A2,B1,B2'], { cwd: dir })).code).toBe(0);
    const p = scripted([
      { select: MENU, value: 'events' },
      { select: /^Events/, value: 'sites' },
      { input: /Where do the spawn points stand/, value: 'A1,A1', invalid: /^2 tiles were given for 4 spawn points/ },
      { input: /Where do the spawn points stand/, value: ENTER },
      { input: /Where do the Beast Lairs stand/, value: 'b2,Q7', invalid: /name tiles this game does not have: Q7\./ },
      { input: /Where do the Beast Lairs stand/, value: 'b2,B2' },
      { input: /Where do the large structures stand/, value: ENTER },
      { select: MENU, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(p.left()).toBe(0);
    // The spawn points kept as they were (Enter), the lairs set, the structures left without tiles (Enter).
    expect(r.stdout).toContain('Spawn points: 1 at A1, 2 at A2, 3 at B1, 4 at B2\nBeast Lairs: 1 at B2, 2 at B2\n');
    expect(state(dir).sitesAt).toEqual({ spawnAt: ['A1', 'A2', 'B1', 'B2'], lairsAt: ['B2', 'B2'] });
    expect(state(dir).log.map((e) => e.action)).toEqual([{ type: 'new' }, { type: 'sites', lairsAt: ['B2', 'B2'] }]);
  });

  it('rolls any dice expression (refusing a bad one), sets visibility, shows the Hazard, the rules in full and any event', async () => {
    const dir = tempDir();
    expect((await runCli([...NEW, '--turf-owner', 'Goliaths'], { cwd: dir })).code).toBe(0);
    const p = scripted([
      { select: MENU, value: 'dice' },
      { select: /^Dice/, value: 'roll' },
      { input: /Dice to roll/, value: 'D0', invalid: /./ },
      { input: /Dice to roll/, value: '2D6x10' },
      { select: MENU, value: 'events' },
      { select: /^Events/, value: 'visibility' },
      { select: /Set the visibility/, value: 'dark' },
      { select: MENU, value: 'events' },
      { select: /^Events/, value: 'place' },
      { select: /Place which event/, value: 'pillar-of-flame' },
      { select: MENU, value: 'info' },
      { select: /Show what/, value: 'hazard' },
      { select: MENU, value: 'events' },
      { select: /^Events/, value: 'rules' },
      { select: MENU, value: 'events' },
      { select: /^Events/, value: 'lookup' },
      { select: /Which event/, value: 'headhunters' },
      { select: MENU, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p, { seeds: [5] }));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/2D6x10: \d+ \(dice \d\+\d\)/);
    expect(state(dir).visibility).toEqual({ level: 'dark', sinceRound: 0, source: 'gm' });
    // The table-side roll is not part of the game: only the visibility change and the placing were logged.
    expect(state(dir).log.map((e) => e.action.type)).toEqual(['new', 'visibility', 'place']);
    // The Hazard item: the rule, and the ploy with when it may be used.
    expect(r.stdout).toMatch(/Hazard: Bog \(D10 3\)\. Any area of the Battlefield/);
    expect(r.stdout).toMatch(/Home Turf Ploy for Goliaths, at the start of any Round: Easy Target\./);
    // The rules in full are the table's rules, with no shell command in them.
    expect(r.stdout).toMatch(/Rules of the events in play/);
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/When the Blast leaves the table, discard Pillar of Flame by hand\./);
    expect(r.stdout).not.toMatch(/run `badzone discard/);
    expect(r.stdout).toMatch(/Headhunters {2}Persistent/);
  });
});

describe('badzone play: redo, rename, and the right tile for a Collapsed Section', () => {
  it('Redo appears once a step is undone and re-applies it with the same rolls; a new step clears it', async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
    const before = fs.readFileSync(path.join(dir, SESSION), 'utf8');
    const p = scripted([
      { select: MENU, value: 'undo' },
      { confirm: /Undo round 1's Event Phase/, value: true },
      { select: MENU, value: 'redo' },
      { select: MENU, value: 'undo' },
      { confirm: /Undo round 1's Event Phase/, value: true },
      { select: /Ready to play/, value: 'next' },
      { select: MENU, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const values = p.menus.map((m) => m.map((c) => c.value));
    // Before the undo: no Redo; after it: Redo; after the redo: none; after a new step: none.
    expect(values[0]).not.toContain('redo');
    expect(values[1]).toContain('redo');
    expect(values[2]).not.toContain('redo');
    expect(values[3]).toContain('redo');
    expect(values[4]).not.toContain('redo');
    // The redone round was the same round (same rolls); the round played again after the undo is the same too.
    const s = state(dir);
    expect(s.log.map((e) => e.action.type)).toEqual(['new', 'round']);
    expect(JSON.stringify(s.log)).toBe(JSON.stringify(expandSession(JSON.parse(before)).log));
  });

  it('renames a fighter and a gang from the Fighters menu (logged steps)', async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    const p = scripted([
      { select: MENU, value: 'fighters' },
      { select: /^Fighters/, value: 'rename' },
      { select: /Rename whom/, value: '["Goliaths","Krag"]' },
      { input: /Krag \(Goliaths\): the new name/, value: 'Brute', invalid: /already taken in Goliaths/ },
      { input: /Krag \(Goliaths\): the new name/, value: 'Krag the Mighty' },
      { select: MENU, value: 'fighters' },
      { select: /^Fighters/, value: 'rename' },
      { select: /Rename whom/, value: '[null,"Eschers"]' },
      { input: /The gang Eschers: the new name/, value: 'Eschers of the Sump' },
      { select: MENU, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = state(dir);
    expect(s.gangs.map((g) => [g.name, g.battlefield])).toEqual([
      ['Goliaths', ['Krag the Mighty', 'Brute']],
      ['Eschers of the Sump', ['Vex', 'Nyx']],
    ]);
    expect(s.log.map((e) => e.action.type)).toEqual(['new', 'rename', 'rename']);
    expect(verify(s, shippedBook()).ok).toBe(true);
  });

  it('records the right tile for a Collapsed Section badzone picked without knowing where models stand', async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    // A script's round: no terminal, no --occupied: the pick is unconfirmed.
    expect((await runCli(['round', '--dice', '57'], { cwd: dir })).code).toBe(0);
    const picked = state(dir).tilePicks.at(-1)!;
    expect(picked.confirmed).toBe(false);
    const right = picked.among.find((t) => t !== picked.tile)!;
    const p = scripted([
      { select: MENU, value: 'events' },
      { select: /^Events/, value: 'collapse' },
      { select: new RegExp(`badzone picked ${picked.tile} among .*Which tile collapsed`), value: right },
      { select: MENU, value: 'events' },
      { select: /^Events/, value: '\u0000back' },
      { select: MENU, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const s = state(dir);
    expect(s.tilePicks.at(-1)).toMatchObject({ tile: right, confirmed: true, correctedFrom: picked.tile });
    expect(s.tiles).toContain(picked.tile);
    expect(s.tiles).not.toContain(right);
    expect(s.log.map((e) => e.action.type)).toEqual(['new', 'round', 'collapse']);
    // The resumed round's card names the menu item, not `badzone collapse`.
    const shown = r.stdout.slice(0, r.stdout.lastIndexOf('The game is saved')).replace(/[\s|]+/g, ' ');
    expect(shown).toMatch(/Events > Collapsed Section: record the right tile/);
    expect(shown).not.toMatch(/`badzone /);
    // Once recorded, the item is gone.
    expect(p.menus[1]!.map((c) => c.value)).toContain('collapse');
    expect(p.menus[4]!.map((c) => c.value)).not.toContain('collapse');
  });
});

describe('badzone play: a long text in parts', () => {
  it('each part but the last fits the screen less two rows, the last leaves room for the menu, none is lost', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 400 }),
        fc.integer({ min: 12, max: 80 }),
        fc.integer({ min: 1, max: 10 }),
        (n, rows, menuRows) => {
          const lines = Array.from({ length: n }, (_, i) => `line ${i}`);
          const last = rows - 1 - menuRows;
          const parts = textParts(lines, rows, last);
          expect(parts.flat()).toEqual(lines);
          expect(parts.at(-1)!.length).toBeLessThanOrEqual(last);
          for (const p of parts.slice(0, -1)) {
            expect(p.length).toBeLessThanOrEqual(rows - 2);
            expect(p.length).toBeGreaterThan(0);
          }
        },
      ),
    );
    // 60 lines on 24 rows with an 8-row menu: 22, 22, then 8 and 8 (no part of a line or two).
    expect(textParts(Array.from({ length: 60 }, String), 24, 15).map((p) => p.length)).toEqual([22, 22, 8, 8]);
  });
});

describe('badzone play: the battle report details', () => {
  it('Status... > Battle report sets the title and clears the date, kept in the game and not logged', async () => {
    const dir = tempDir();
    expect((await runCli([...NEW, '--date', '14 March'], { cwd: dir })).code).toBe(0);
    const log = state(dir).log;
    const p = scripted([
      { select: MENU, value: 'info' },
      { select: /Show what/, value: 'story' },
      { select: /Set which\?/, value: 'title' },
      // Refused as the flags are: a control character.
      { input: /^Title/, value: 'The Sump\u001b[2J Run', invalid: /contains an escape/ },
      { input: /^Title/, value: '  The Sump Run  ' },
      { select: MENU, value: 'info' },
      { select: /Show what/, value: 'story' },
      { select: /Set which\?/, value: 'date' },
      { input: /^Date/, value: '' },
      { select: MENU, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(p.left()).toBe(0);
    // The second visit offers the fields with what they hold now.
    expect(p.menus.filter((m) => m.some((c) => c.value === 'title'))[1]!.map((c) => c.name)).toEqual([
      'Title: The Sump Run',
      'Date: 14 March',
      'Scenario: (not given)',
      'Result: (not given)',
      'Back',
    ]);
    const s = state(dir);
    expect(s.story).toEqual({ title: 'The Sump Run', date: null, scenario: null, result: null });
    expect(s.log).toEqual(log);
    inOrder(r.stdout, ['Battle report details, saved in the game', 'Title: The Sump Run']);
  });
});

describe('the battlefield in play (issue 22)', () => {
  it("shows the map's legend, moves a marker and hands one to a fighter; a Blast off the table is offered for discard first", async () => {
    const dir = tempDir();
    expect((await runCli(NEW, { cwd: dir })).code).toBe(0);
    // Round 1 draws Falling Crates (entered dice); then the Pillar of Flame on A1 scatters 8" toward 9: off the table.
    expect((await runCli(['round', '--dice', '10,4,3,1,9,6,6,2,12'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['place', 'pillar-of-flame', '--dice', '1'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['end', '--dice', '2,9'], { cwd: dir })).code).toBe(0);
    const p = scripted([
      { select: /Round 1 is over/, value: 'info' },
      { select: /Show what/, value: 'map' },
      { select: /Round 1 is over/, value: 'events' },
      { select: /^Events/, value: 'markers' },
      { select: /Which marker/, value: '3' },
      { select: /Marker 3/, value: 'move' },
      { select: /To the center of which tile/, value: 'B2' },
      { select: /Round 1 is over/, value: 'events' },
      { select: /^Events/, value: 'markers' },
      { select: /Which marker/, value: '1' },
      { select: /Marker 1/, value: 'carry' },
      { select: /Which gang carries it/, value: 'Goliaths' },
      { select: /Which fighter/, value: 'Krag' },
      { select: /Round 1 is over/, value: 'events' },
      { select: /^Events/, value: 'left-table' },
      { select: /Round 1 is over/, value: 'quit' },
    ]);
    const r = await runCli(['play'], tty(dir, p));
    expect(r.stderr).toBe('');
    expect(p.left()).toBe(0);
    expect(r.stdout).toContain('c1 Loot Casket, round 1: A2, 2" left of its center');
    // The discard offered first in Events while the Blast is off the table, and gone after it.
    const events = p.menus.filter((m) => m.some((c) => c.value === 'place'));
    expect(events[0]![0]).toEqual({
      name: 'Discard Pillar of Flame: its Large Blast has left the table',
      value: 'left-table',
    });
    const s = state(dir);
    expect(s.markers.find((m) => m.id === 3)!.moved).toEqual({ tile: 'B2', after: 1 });
    expect(s.markers.find((m) => m.id === 1)!.carriedBy).toEqual({ gang: 'Goliaths', fighter: 'Krag' });
    expect(s.inPlay).toEqual([]);
    expect(s.markers.map((m) => m.kind)).toEqual(['loot-casket', 'loot-casket', 'loot-casket', 'loot-casket']);
    expect(verify(s, shippedBook()).ok).toBe(true);
  });
});
