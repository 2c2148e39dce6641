// `badzone play` at 80x24 in a real terminal (tmux) on big boards and with long texts: the round header, the new
// event and the start of "Apply now" stay on screen above the menu when Falling Crates or Vent Rupture scatters a
// marker from each of 16 or 36 tiles with three events in play; long texts come a screen at a time, so no line
// scrolls off before it was on screen.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, runBin, tempDir, readSession } from '../helpers.js';
import { hasTmux, openScreen, until, type Screen } from './tmux.js';

const built = fs.existsSync(path.join(ROOT, 'dist', 'badzone.js'));
const FILE = 'badzone-session.json';
const open: Screen[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

/** `badzone ARGS` on an 80x24 terminal, closed after the test. */
const screen = (dir: string, args: string[]): Screen => open[open.push(openScreen(dir, args, 80, 24)) - 1]!;

/** Seed 5 on a GRID board, a Hazard (Bog) for the Goliaths, and three events in play. */
function game(grid: string): string {
  const dir = tempDir();
  const ok = (args: string[]) => expect(runBin(args, { cwd: dir }).code).toBe(0);
  ok([
    ...`new --seed 5 --grid ${grid} --hazard 3 --turf-owner Goliaths`.split(' '),
    ...['--gang', 'Goliaths: Krag, Brute', '--gang', 'Eschers: Vex, Nyx'],
  ]);
  for (const e of ['toxic-downpour', 'horde-of-rats', 'static-storm']) ok(['place', e]);
  return dir;
}

/** Each tile's scatter as the card shows it (`A1 9" to 3`), from the dice in the game's last log entry. */
function scatters(dir: string, what: string): string[] {
  const s = readSession(path.join(dir, FILE)) as {
    log: { rolls: { value: number; for: string }[] }[];
  };
  const rolls = s.log.at(-1)!.rolls;
  const cells: string[] = [];
  for (const [i, r] of rolls.entries()) {
    const m = new RegExp(`: ${what} on (\\w+): scatter distance \\(D6\\+6"\\)$`).exec(r.for);
    if (!m) continue;
    const dir12 = rolls[i + 1]!;
    expect(dir12.for).toMatch(new RegExp(`${what} on ${m[1]}: scatter direction$`));
    cells.push(`${m[1]} ${r.value + 6}" to ${dir12.value}`);
  }
  return cells;
}

const MENU = [
  '? Round 1 (your own dice). What next?',
  'End Phase',
  'Fighters: out of action, back, reserve, add...',
  'Events: discard, place, rules; visibility...',
  'Battlefield map, status, Hazard, rules, log...',
  'Dice: roll any; let badzone roll again...',
  'Undo the last step',
  'Quit (the game is saved)',
];

const PART = /Show the next part\? \(Y\/n\)\s*$/;

const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

/** Enter at each "Show the next part?" until `end` shows; the screen at each question and at the end. */
function readParts(s: Screen, end: RegExp): string[][] {
  const screens: string[][] = [];
  for (;;) {
    const at = s.waitFor(new RegExp(`${PART.source}|${end.source}`));
    screens.push(s.capture());
    if (!PART.test(at)) return screens;
    // The question answered: the next part's question may already stand in its place when the screen is looked at
    // again (then the screen still ends with a part question, another one), so wait for the last line to change.
    const asked = lastLine(at);
    s.keys('Enter');
    until(() => lastLine(s.capture().join('\n')) !== asked, 'the next part');
  }
}

/** The lines printed between the row matching `from` and the last row matching `to`, less the part questions. */
function printed(s: Screen, from: RegExp, to: RegExp): string[] {
  const all = s.history().split('\n');
  const a = all.findIndex((l) => from.test(l));
  const b = all.length - 1 - [...all].reverse().findIndex((l) => to.test(l));
  return all.slice(a + 1, b).filter((l) => l.trim() !== '' && !/Show the next part\?/.test(l));
}

describe.skipIf(!hasTmux || !built)('badzone play at 80x24 on big boards, and long texts', { timeout: 180_000 }, () => {
  it.each([
    ['4x4', 10, 'Falling Crates', 'Loot Casket'],
    ['4x4', 22, 'Vent Rupture', 'Smoke Marker'],
    ['6x6', 10, 'Falling Crates', 'Loot Casket'],
    ['6x6', 22, 'Vent Rupture', 'Smoke Marker'],
  ] as const)(
    '%s, D64 %i (%s) with three events in play: the header, the new event and Apply now stay above the menu',
    (grid, roll, name, what) => {
      const dir = game(grid);
      const s = screen(dir, ['play', '--manual']);
      s.waitFor(/Ready to play \(your own dice\)\. What next\?/);
      s.keys('Enter');
      s.waitFor(/enter your D64/);
      s.type(String(roll));
      s.keys('Enter');
      s.waitFor(new RegExp(`${what} on A1: scatter distance`));
      s.type('r');
      s.waitFor(/Round 1 \(your own dice\)\. What next\?[\s\S]*Quit/);
      const rows = s.capture();
      expect(rows).toHaveLength(24);
      expect(rows.filter((r) => [...r].length > 80)).toEqual([]);
      const cells = scatters(dir, what);
      expect(cells).toHaveLength(grid === '4x4' ? 16 : 36);
      // The round's header, the new event and its rules text.
      const top = rows.findIndex((r) => r.startsWith('== Round 1: Event Phase'));
      expect(top, rows.join('\n')).toBeGreaterThanOrEqual(0);
      expect(rows[top + 1]).toBe(`NEW EVENT  ${name}  (D64 ${roll})  Once`);
      expect(rows[top + 2]).toBe(`  | On each tile, place a ${what} at the center, then scatter it D6+6".`);
      let at = top + 3;
      if (grid === '4x4') {
        // Every tile's scatter, several to a line.
        expect(rows[at]).toBe(`  | > A ${what} at each tile's center, scattered (inches to o'clock):`);
        const packed: string[] = [];
        while (rows[++at]!.startsWith('  |   ')) packed.push(rows[at]!);
        expect(packed).toHaveLength(3);
        expect(packed.flatMap((l) => l.slice(6).split(/ {2,}/))).toEqual(cells);
      } else {
        // 36 scatters would push the card off: one line says where they are.
        expect(rows[at++]).toBe(`  | > 36 ${what}s, one per tile: Events > "This round's card in full"`);
      }
      // Apply now: the three events in play, oldest first, each on one line.
      expect(rows.slice(at, at + 4)).toEqual([
        'Apply now (oldest first; discard roll):',
        '  Toxic Downpour 2+: each fighter not under cover: test as if hit by Rad-phage',
        expect.stringMatching(/^ {2}Horde of Rats: > \d Underhive Rats at spawn point \d$/),
        '  Static Storm 4+, still in force: Las, Plasma: Unstable, Shock; vehicles stall',
      ]);
      // The whole menu under the card.
      expect(rows.slice(-MENU.length).map((r) => r.replace(/^[❯>]?\s*/, ''))).toEqual(MENU);
      if (grid === '6x6') {
        // Events > This round's card in full: every tile's scatter, a screen at a time.
        s.keys('Down', 'Down', 'Enter');
        s.waitFor(/\? Events \(Escape: back\)[\s\S]*Back/);
        s.keys('Down', 'Down', 'Down', 'Enter');
        const screens = readParts(s, /Round 1 \(your own dice\)\. What next\?[\s\S]*Quit/);
        expect(screens.length).toBeGreaterThan(1);
        expect(screens[0]!.some((r) => r.startsWith('== Round 1: Event Phase'))).toBe(true);
        const seen = screens.flatMap((rows) =>
          rows.filter((r) => r.startsWith('  |   ')).flatMap((l) => l.slice(6).split(/ {2,}/)),
        );
        expect([...new Set(seen)]).toEqual(cells);
      }
      s.type('q');
      s.keys('Enter');
      until(() => s.exited(), 'play to quit');
      expect(s.exitCode()).toBe(0);
    },
  );

  it('Events > "Rules of the events in play" comes in parts: every line of it is on screen before the next part', () => {
    const dir = game('4x4');
    for (const e of ['headhunters', 'lightning-strikes', 'pillar-of-flame'])
      expect(runBin(['place', e], { cwd: dir }).code).toBe(0);
    const s = screen(dir, ['play']);
    readParts(s, /Ready to play\. What next\?[\s\S]*Quit/); // the status, six events long, comes in parts too
    s.keys('Down', 'Down', 'Enter');
    s.waitFor(/Rules of the events in play/);
    s.keys('Down', 'Down', 'Enter');
    const screens = readParts(s, /Ready to play\. What next\?[\s\S]*Quit/);
    expect(screens.length).toBeGreaterThan(2);
    expect(screens[0]!.join('\n')).toMatch(/Part 1 of \d shown\. Show the next part\? \(Y\/n\)$/);
    const text = printed(s, /Events \(Escape: back\) Rules of the events in play/, /^\? Ready to play\. What next\?/);
    expect(text).toContain('Rules of the events in play (oldest first)');
    expect(text.length).toBeGreaterThan(40);
    const seen = new Set(screens.flat());
    expect(text.filter((l) => !seen.has(l))).toEqual([]);
    s.type('q');
    s.keys('Enter');
    until(() => s.exited(), 'play to quit');
  });

  it('the setup summary with the rolled Hazard comes in parts: the Hazard is on screen before the clarifications', () => {
    const dir = tempDir();
    const s = screen(dir, ['play', '--seed', '7']);
    for (const [question, keys] of [
      [/rows x columns/, ['Enter']],
      [/How many spawn points/, ['Enter']],
      [/First gang's name/, ['Enter']],
      [/How many Beast Lairs/, ['Enter']],
      [/How many large structures/, ['Enter']],
      [/Where do the spawn points stand/, ['Enter']],
      [/which edge does 12 o'clock point to/, ['Enter']],
      [/roll a D64 each round, or draw/, ['Enter']],
      [/The Hazard/, ['Down', 'Enter']], // Roll it now (D10)
      [/Whose Home Turf/, ['Enter']],
    ] as const) {
      s.waitFor(question);
      s.keys(...keys);
    }
    const screens = readParts(s, /Ready to play\. What next\?[\s\S]*Quit/);
    expect(screens.length).toBeGreaterThan(1);
    const hazard = readSession(path.join(dir, FILE)).hazard as { roll: number };
    const first = screens[0]!.join('\n');
    expect(first).toMatch(new RegExp(`^Hazard: .+ \\(D10 ${hazard.roll}\\)\\. `, 'm'));
    expect(first).toMatch(/^Seed 7, /m);
    const text = printed(s, /Escape goes back a question, with its answer kept\./, /^\? Ready to play\. What next\?/);
    expect(text.some((l) => /Roaming Horrors/.test(l))).toBe(true);
    const seen = new Set(screens.flat());
    expect(text.filter((l) => !seen.has(l))).toEqual([]);
    s.type('q');
    s.keys('Enter');
    until(() => s.exited(), 'play to quit');
  });
});
