// `badzone play` on real terminals of a given size (tmux): the round card fits 80x24 with the menu under it,
// lines never overflow at 60, 80 or 120 columns, keys typed ahead never answer a prompt, and Escape backs out.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, runBin, tempDir, readSession } from '../helpers.js';
import { hasTmux, openScreen, sleep, until, type Screen } from './tmux.js';

const built = fs.existsSync(path.join(ROOT, 'dist', 'badzone.js'));
const FILE = 'badzone-session.json';
const open: Screen[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});

/** Seed 3 with Horde of Rats and Static Storm in play, a Hazard (Bog) and its turf owner: round 1 draws Mines Detected. */
function game(): string {
  const dir = tempDir();
  const ok = (args: string[]) => expect(runBin(args, { cwd: dir }).code).toBe(0);
  ok([
    'new',
    '--seed',
    '3',
    '--gang',
    'Goliaths: Krag, Brute, Mauler',
    '--gang',
    'Eschers: Vex, Nyx',
    '--hazard',
    '3',
    '--turf-owner',
    'Goliaths',
    '--structures',
    '2',
  ]);
  ok(['place', 'horde-of-rats']);
  ok(['place', 'static-storm']);
  return dir;
}

function screen(dir: string, args: string[], cols: number, rows: number): Screen {
  const s = openScreen(dir, args, cols, rows);
  open.push(s);
  return s;
}

/** From the Beast Lairs question on, Enter takes each default; then quit `play` at its first menu. */
function finishWizard(s: Screen): void {
  for (const [question, answer] of [
    [/How many Beast Lairs/, 'Enter'],
    [/How many large structures/, 'Enter'],
    [/Where do the spawn points stand/, 'Enter'],
    [/which edge does 12 o'clock point to/, 'Enter'],
    [/roll a D64 each round, or draw/, 'Enter'],
    [/The Hazard/, 'Enter'],
  ] as const) {
    s.waitFor(question);
    s.keys(answer);
  }
  // The setup summary comes a screen at a time: Enter shows each next part.
  for (;;) {
    const at = s.waitFor(/Show the next part\? \(Y\/n\)\s*$|Ready to play\. What next\?/);
    if (/Ready to play\. What next\?/.test(at)) break;
    s.keys('Enter');
    until(() => !/Show the next part\? \(Y\/n\)\s*$/.test(s.capture().join('\n')), 'the next part');
  }
  s.type('q');
  s.keys('Enter');
  until(() => s.exited(), 'play to quit');
}

const phase = (dir: string) => readSession(path.join(dir, FILE)) as { round: number; phase: string; log: unknown[] };

describe.skipIf(!hasTmux || !built)('badzone play on a terminal of a given size', { timeout: 180_000 }, () => {
  it('80x24: after starting a round the screen shows the new event, its rules text and picks, and the whole menu; no Hazard text, no line over 80', () => {
    const dir = game();
    const s = screen(dir, ['play'], 80, 24);
    s.waitFor(/Ready to play\. What next\?/);
    s.keys('Enter');
    const shown = s.waitFor(/Round 1\. What next\?[\s\S]*Quit/);
    const rows = s.capture();
    expect(rows.length).toBe(24);
    // The new event, with its rules text and badzone's picks.
    expect(shown).toMatch(/^NEW EVENT {2}Mines Detected {2}\(D64 43\) {2}Once$/m);
    expect(shown).toMatch(/^ {2}\| Select a random tile\. Place D3\+1 Frag Mines at its center, then scatter each$/m);
    expect(shown).toMatch(/^ {2}\| > Tile [AB][12]: Frag Mines; \d Frag Mines at its center, scattered #1/m);
    // What to apply now, each event in play with its discard roll; the visibility, the ploy usable now.
    expect(shown).toMatch(
      /^Apply now \(oldest first; discard roll\):\n {2}Horde of Rats: > \d Underhive Rats at spawn point \d\n {2}Static Storm 4\+, still in force: Las, Plasma: Unstable, Shock; vehicles stall$/m,
    );
    expect(shown).toMatch(/^Visibility: Normal \(unlimited\)$/m);
    expect(shown).toMatch(/^Home Turf Ploy: Goliaths may enact Easy Target \(Bog\) now\.$/m);
    // The menu, all of it, under the card.
    const menu = rows.slice(rows.findIndex((r) => /Round 1\. What next\?/.test(r)));
    expect(menu.map((r) => r.replace(/^[❯>]?\s*/, ''))).toEqual([
      '? Round 1. What next?',
      'End Phase',
      'Fighters: out of action, back, reserve, add...',
      'Events: discard, place, rules; visibility...',
      'Battlefield map, status, Hazard, rules, log...',
      'Dice: my own dice for a step; roll any...',
      'Undo the last step',
      'Quit (the game is saved)',
    ]);
    // No Hazard rules text (it was shown at setup and is a menu item), no line over 80 columns.
    expect(shown).not.toMatch(/Any area of the Battlefield/);
    expect(s.joined().filter((l) => [...l].length > 80)).toEqual([]);
    s.type('q');
    s.keys('Enter');
    until(() => s.exited(), 'play to quit');
    expect(s.exitCode()).toBe(0);
  });

  for (const cols of [60, 120]) {
    it(`${cols} columns: no line wider than the terminal, and the heading's bar is as wide as it`, () => {
      const dir = game();
      const s = screen(dir, ['play'], cols, 40);
      s.waitFor(/Ready to play\. What next\?/);
      s.keys('Enter');
      s.waitFor(/Round 1\. What next\?/);
      const rows = s.joined();
      expect(rows.filter((l) => [...l].length > cols)).toEqual([]);
      const bar = rows.find((l) => l.startsWith('== Round 1: Event Phase'));
      expect(bar, rows.join('\n')).toBeDefined();
      expect([...bar!].length).toBe(cols);
      expect(rows.join('\n')).toMatch(/NEW EVENT {2}Mines Detected/);
      s.type('q');
      s.keys('Enter');
      until(() => s.exited(), 'play to quit');
    });
  }

  it('two Enters pressed together after starting a round leave its End Phase unplayed', () => {
    const dir = game();
    const s = screen(dir, ['play'], 80, 24);
    s.waitFor(/Ready to play\. What next\?/);
    // A double press: the second Enter 30 ms after the first, while the round is being drawn.
    s.keys('Enter');
    sleep(30);
    s.keys('Enter');
    s.waitFor(/Round 1\. What next\?[\s\S]*Quit/);
    // Give a slipped key every chance to act.
    const settle = Date.now() + 1000;
    until(() => Date.now() > settle, 'a second');
    expect(s.history()).not.toMatch(/End Phase of round 1/);
    expect(phase(dir)).toMatchObject({ round: 1, phase: 'round' });
    // Enter, pressed deliberately once the menu is there, does move the game on.
    s.keys('Enter');
    s.waitFor(/Round 1 is over\. What next\?/);
    expect(phase(dir)).toMatchObject({ round: 1, phase: 'end' });
    s.type('q');
    s.keys('Enter');
    until(() => s.exited(), 'play to quit');
  });

  it('Escape backs out of a sub-menu to the menu (erasing it) and of a question to the one before, changing nothing', () => {
    const dir = game();
    const before = fs.readFileSync(path.join(dir, FILE), 'utf8');
    const s = screen(dir, ['play'], 80, 24);
    s.waitFor(/Ready to play\. What next\?/);
    s.type('e'); // jumps to "Events: ..."
    s.keys('Enter');
    s.waitFor(/Events \(Escape: back\)/);
    s.keys('Escape');
    s.waitFor(/Ready to play\. What next\?\n[\s\S]*Quit/);
    until(() => !/Events \(Escape: back\)/.test(s.capture().join('\n')), 'the sub-menu to be erased');
    // A question: Dice > Roll dice, then Escape at the expression.
    s.type('d');
    s.keys('Enter');
    s.waitFor(/^\? Dice \(Escape: back\)/m);
    s.keys('Enter'); // "Start round 1 with my own dice (this once)"
    s.waitFor(/enter your D64/);
    s.keys('Escape');
    s.waitFor(/Ready to play\. What next\?\n[\s\S]*Quit/);
    s.type('q');
    s.keys('Enter');
    until(() => s.exited(), 'play to quit');
    expect(s.exitCode()).toBe(0);
    expect(fs.readFileSync(path.join(dir, FILE), 'utf8')).toBe(before);
  });

  it('manual dice at 80x24: the fighters are listed, the D64 is typed as two D8, b goes back one die and r rolls the rest, each one key', () => {
    const dir = tempDir();
    const ok = (args: string[]) => expect(runBin(args, { cwd: dir }).code).toBe(0);
    ok(['new', '--seed', '1', '--gang', 'Goliaths: Krag, Brute, Mauler', '--gang', 'Eschers: Vex, Nyx']);
    ok(['place', 'wyld-magic']);
    const s = screen(dir, ['round', '--manual'], 80, 24);
    // The prompts are broken between words within 79 columns, each line after a question's first indented two
    // spaces: joined back with one space each, the words read whole (a break inside a word would not match).
    const unwrapped = () =>
      s
        .capture()
        .reduce((t, row, i) => (i === 0 ? row : row.startsWith('  ') ? `${t} ${row.slice(2)}` : `${t}\n${row}`), '');
    const waitFor = (re: RegExp) => {
      try {
        until(() => re.test(unwrapped()), `the screen to match ${re}`);
      } catch (e) {
        throw new Error(`${(e as Error).message}:\n${unwrapped()}`);
      }
    };
    waitFor(/enter your D64 \(roll two D8 and type both as they fell/);
    s.type('5 6'); // (5 - 1) x 8 + 6 = 38: Collapsed Structure
    s.keys('Enter');
    waitFor(/\? Wyld Magic: fighter of Goliaths: enter your D3 \(1 Krag, 2 Brute, 3 Mauler\)/);
    s.type('2');
    s.keys('Enter');
    waitFor(/\? Wyld Magic: fighter of Eschers: enter your D2 \(1 Vex, 2 Nyx\)[\s\S]*b: back one die\)\s*$/);
    s.type('b'); // no Enter: back to the Goliaths' die
    waitFor(/\n\? Wyld Magic: fighter of Goliaths: enter your D3 .*b: back one die\)\s*$/);
    s.type('3');
    s.keys('Enter');
    waitFor(/\? Wyld Magic: fighter of Eschers/);
    s.type('r'); // no Enter: badzone rolls the Eschers' die
    waitFor(/badzone rolls the rest of this step\n[\s\S]*Round 1: Event Phase/);
    until(() => s.exited(), 'round to finish');
    expect(s.exitCode()).toBe(0);
    const e = readSession(path.join(dir, FILE)).log[2];
    expect(e.action).toEqual({ type: 'round', dice: [38, 3] });
    expect(e.rolls.map((r: { for: string; entered?: true }) => [r.for, r.entered === true])).toEqual([
      ['Event Phase: event table', true],
      ['Wyld Magic: fighter of Goliaths', true],
      ['Wyld Magic: fighter of Eschers', false],
    ]);
  });

  it('the setup wizard erases each answered question, and Escape back to a roster shows it as the default', () => {
    const dir = tempDir();
    const s = screen(dir, ['play'], 80, 24);
    s.waitFor(/rows x columns/);
    s.type('3x3');
    s.keys('Enter');
    s.waitFor(/How many spawn points\?/);
    // The answered question is gone from the screen, the next one in its place under the wizard's first line.
    expect(s.capture().filter((r) => r !== '')).toEqual([
      'Setting up a new game. Enter takes the answer in parentheses (Backspace clears',
      'it, Tab edits it); Escape goes back a question, with its answer kept.',
      expect.stringMatching(/^\? How many spawn points\? \(4\)$/),
    ]);
    s.keys('Enter');
    s.waitFor(/First gang's name/);
    s.type('Goliaths');
    s.keys('Enter');
    s.waitFor(/Goliaths: fighters on the battlefield/);
    s.type('Krag, Brute');
    s.keys('Enter');
    s.waitFor(/Goliaths: fighters in reserve/);
    s.keys('Escape');
    s.waitFor(/^\? Goliaths: fighters on the battlefield \(comma-separated\): \(Krag, Brute\)$/m);
    expect(s.history()).not.toMatch(/rows x columns|How many spawn points|First gang's name/);
    s.keys('Enter');
    s.waitFor(/Goliaths: fighters in reserve/);
    s.keys('Enter');
    s.waitFor(/Gang 2's name/);
    s.keys('Enter');
    finishWizard(s);
    const st = readSession(path.join(dir, FILE)) as { setup: { gangs: unknown[] } };
    expect(st.setup.gangs).toEqual([{ name: 'Goliaths', battlefield: ['Krag', 'Brute'], reserve: [] }]);
  });

  it('Escape in the setup wizard goes back a question, keeping the answer as the default', () => {
    const dir = tempDir();
    const s = screen(dir, ['play'], 80, 24);
    s.waitFor(/rows x columns/);
    s.type('3x3');
    s.keys('Enter');
    s.waitFor(/How many spawn points\?/);
    s.keys('Escape');
    s.waitFor(/rows x columns[^\n]*\(3x3\)\s*$/);
    s.keys('Enter');
    s.waitFor(/How many spawn points\?/);
    s.keys('Enter');
    s.waitFor(/First gang's name/);
    s.keys('Enter');
    finishWizard(s);
    const st = readSession(path.join(dir, FILE)) as { setup: { tiles: string[] } };
    expect(st.setup.tiles).toHaveLength(9);
  });
});

describe.skipIf(!hasTmux || !built)('badzone serve on an 80x24 terminal', { timeout: 60_000 }, () => {
  it('--host 0.0.0.0: the whole QR code and the address under it stay on screen', () => {
    const dir = game();
    const s = screen(dir, ['serve', '--host', '0.0.0.0'], 80, 24);
    s.waitFor(/Ctrl-C stops it\./);
    const rows = s.capture();
    const all = s.history().split('\n');
    const qr = (r: string) => /^ {2}[\u2580\u2584\u2588 ]+$/.test(r) && r.trim() !== '';
    // The address printed above the code has scrolled off; every row of the code and the address under it have not.
    expect(rows.some((r) => /^ {2}http:/.test(r))).toBe(false);
    expect(rows.filter(qr)).toEqual(all.filter(qr));
    const url = /^ {2}(http:\/\/\S+)$/m.exec(s.history())![1];
    const under = rows.findIndex((r) => r.startsWith('Or type it: '));
    expect(rows[under]).toBe(`Or type it: ${url}`);
    expect(qr(rows[under - 1]!)).toBe(true);
    s.keys('C-c');
    until(() => s.exited(), 'serve to stop');
    expect(s.exitCode()).toBe(0);
  });
});

if (!hasTmux) console.log('skipped the tmux screen tests: tmux is not installed (.ci/run installs it)');
