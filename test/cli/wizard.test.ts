// The setup wizard: `badzone new` with no setup flags on a terminal. It must make exactly the game the
// equivalent flags make, print that command line, and never prompt with flags or without a terminal.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, expandSession } from '../helpers.js';
import { ENTER, scripted, type Answer } from './scripted-prompter.js';

const SESSION = 'badzone-session.json';
const read = (dir: string): string => fs.readFileSync(path.join(dir, SESSION), 'utf8');

/** The wizard's questions answered for a 3x2 board, three gangs (one with only reserves), deck, Hazard 4. */
const FULL: Answer[] = [
  { input: /rows x columns/, value: '3x2' },
  { input: /spawn points/, value: '6' },
  { input: /First gang's name/, value: 'Goliaths' },
  { input: /^Goliaths: fighters on the battlefield/, value: 'Krag, Brute' },
  { input: /^Goliaths: fighters in reserve/, value: 'Mauler' },
  { input: /Gang 2's name/, value: 'Eschers' },
  { input: /^Eschers: fighters on the battlefield/, value: ENTER },
  { input: /^Eschers: fighters in reserve/, value: 'Lyra, Nyx' },
  { confirm: /^Eschers has no fighters on the battlefield \(only Lyra, Nyx in reserve\)\. Make it so\?/, value: true },
  { input: /Gang 3's name/, value: 'Orlocks' },
  { input: /^Orlocks: fighters on the battlefield/, value: 'Ash' },
  { input: /^Orlocks: fighters in reserve/, value: ENTER },
  { input: /Gang 4's name/, value: ENTER },
  { input: /Beast Lairs/, value: '2' },
  { input: /large structures/, value: '3' },
  { input: /Where do the spawn points stand/, value: 'A1,A2,B1,B2,C1,C2' },
  { input: /Where do the Beast Lairs stand/, value: 'c2, c2' },
  { input: /Where do the large structures stand/, value: ENTER },
  { select: /12 o'clock/, value: 'right' },
  { select: /D64.*deck/, value: 'deck' },
  { select: /Hazard/, value: 'own' },
  { input: /D10 roll/, value: '4' },
  { select: /Home Turf/, value: 'Eschers' },
];

/** Enter at every question after the gangs: no lairs or structures counted, dice, no Hazard. */
const DEFAULTS_AFTER_GANGS: Answer[] = [
  { input: /Beast Lairs/, value: ENTER },
  { input: /large structures/, value: ENTER },
  { input: /Where do the spawn points stand/, value: ENTER },
  { select: /12 o'clock/, value: ENTER },
  { select: /D64.*deck/, value: ENTER },
  { select: /Hazard/, value: ENTER },
];

const FULL_FLAGS = [
  '--seed',
  '777',
  '--mode',
  'deck',
  '--grid',
  '3x2',
  '--spawn-points',
  '6',
  '--gang',
  'Goliaths: Krag, Brute',
  '--reserve',
  'Goliaths: Mauler',
  '--gang',
  'Eschers:',
  '--reserve',
  'Eschers: Lyra, Nyx',
  '--gang',
  'Orlocks: Ash',
  '--lairs',
  '2',
  '--structures',
  '3',
  '--hazard',
  '4',
  '--turf-owner',
  'Eschers',
  '--twelve',
  'right',
  '--spawn-at',
  'A1,A2,B1,B2,C1,C2',
  '--lairs-at',
  'C2,C2',
];

/** The "same game without prompts" command line from `new`'s output, split into arguments by bash itself. */
function printedCommand(stdout: string, name = ['badzone']): string[] {
  const at = stdout.indexOf('The same game without prompts:');
  expect(at).toBeGreaterThanOrEqual(0);
  const rest = stdout.slice(at).split('\n').slice(1);
  const lines: string[] = [];
  for (const l of rest) {
    lines.push(l);
    if (!l.endsWith('\\')) break;
  }
  const cmd = lines.join('\n');
  const r = spawnSync('bash', ['-c', 'eval "set -- $1"; printf "%s\\0" "$@"', 'bash', cmd], { encoding: 'utf8' });
  expect(r.status).toBe(0);
  const args = r.stdout.split('\0').filter((a) => a !== '');
  expect(args.slice(0, name.length + 1)).toEqual([...name, 'new']);
  return args.slice(name.length + 1);
}

describe('setup wizard', () => {
  it('makes exactly the game the equivalent flags make (same seed), and prints a command line that does too', async () => {
    const byWizard = tempDir();
    const p = scripted(FULL);
    const w = await runCli(['new'], { cwd: byWizard, stdinIsTTY: true, prompter: p, seeds: [777] });
    expect(w.stderr).toBe('');
    expect(w.code).toBe(0);
    expect(p.left()).toBe(0);

    const byFlags = tempDir();
    const f = await runCli(['new', ...FULL_FLAGS], { cwd: byFlags, stdinIsTTY: true, prompter: scripted([]) });
    expect(f.code).toBe(0);
    expect(read(byWizard)).toBe(read(byFlags));

    const setup = JSON.parse(read(byWizard)).setup;
    expect(setup).toMatchObject({
      seed: 777,
      mode: 'deck',
      tiles: ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'],
      spawnPoints: 6,
      gangs: [
        { name: 'Goliaths', battlefield: ['Krag', 'Brute'], reserve: ['Mauler'] },
        { name: 'Eschers', battlefield: [], reserve: ['Lyra', 'Nyx'] },
        { name: 'Orlocks', battlefield: ['Ash'], reserve: [] },
      ],
      turfOwner: 'Eschers',
      lairs: 2,
      structures: 3,
      hazard: 4,
      orientation: { twelve: 'right' },
      spawnAt: ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'],
      lairsAt: ['C2', 'C2'],
    });
    expect(setup.structuresAt).toBeUndefined();

    // The command line it printed makes the same game too (gang order included).
    const printed = tempDir();
    const args = printedCommand(w.stdout);
    expect(args).toContain('--seed');
    const c = await runCli(['new', ...args], { cwd: printed });
    expect(c.code).toBe(0);
    expect(read(printed)).toBe(read(byWizard));
  });

  it('names the command as the person runs it, laid out to fit: each line within the width, a shell reads it whole', async () => {
    const dir = tempDir();
    const node = "node '/home/gm/my games/badzone/bin/badzone.js'";
    const w = await runCli(['new'], {
      cwd: dir,
      stdinIsTTY: true,
      prompter: scripted(FULL),
      seeds: [777],
      argv0: node,
      columns: 80,
    });
    expect(w.code).toBe(0);
    const at = w.stdout.indexOf('The same game without prompts:');
    expect(
      w.stdout
        .slice(at)
        .split('\n')
        .filter((l) => l.length > 80),
    ).toEqual([]);
    const args = printedCommand(w.stdout, ['node', '/home/gm/my games/badzone/bin/badzone.js']);
    const again = tempDir();
    expect((await runCli(['new', ...args], { cwd: again })).code).toBe(0);
    expect(read(again)).toBe(read(dir));
  });

  it('takes the defaults on Enter: the game `badzone new --no-input` makes', async () => {
    const a = tempDir();
    const p = scripted([
      { input: /rows x columns/, value: ENTER },
      { input: /spawn points/, value: ENTER },
      { input: /First gang's name/, value: ENTER },
      ...DEFAULTS_AFTER_GANGS,
    ]);
    expect((await runCli(['new'], { cwd: a, stdinIsTTY: true, prompter: p, seeds: [31] })).code).toBe(0);
    expect(p.left()).toBe(0);
    const b = tempDir();
    expect(
      (await runCli(['new', '--no-input'], { cwd: b, stdinIsTTY: true, prompter: scripted([]), seeds: [31] })).code,
    ).toBe(0);
    expect(read(a)).toBe(read(b));
    expect(JSON.parse(read(a)).setup).toMatchObject({
      tiles: ['A1', 'A2', 'B1', 'B2'],
      spawnPoints: 4,
      gangs: [],
      lairs: null,
      structures: null,
      hazard: null,
      mode: 'dice',
    });
  });

  it('Escape back to a roster question keeps the earlier roster as its default, like any other answer', async () => {
    const dir = tempDir();
    const p = scripted([
      { input: /rows x columns/, value: ENTER },
      { input: /spawn points/, value: ENTER },
      { input: /First gang's name/, value: 'Goliaths' },
      { input: /^Goliaths: fighters on the battlefield/, value: 'Krag, Brute' },
      { input: /^Goliaths: fighters in reserve/, value: 'Grub' },
      { back: /Gang 2's name/ },
      { back: /^Goliaths: fighters in reserve/ },
      { back: /^Goliaths: fighters on the battlefield/ },
      // Every answer comes back: the name, the fighters on the battlefield, the reserve; Enter takes each.
      { input: /First gang's name/, value: ENTER },
      { input: /^Goliaths: fighters on the battlefield/, value: ENTER },
      { input: /^Goliaths: fighters in reserve/, value: ENTER },
      { input: /Gang 2's name/, value: ENTER },
      ...DEFAULTS_AFTER_GANGS,
    ]);
    expect((await runCli(['new'], { cwd: dir, stdinIsTTY: true, prompter: p, seeds: [5] })).code).toBe(0);
    expect(p.left()).toBe(0);
    expect(JSON.parse(read(dir)).setup.gangs).toEqual([
      { name: 'Goliaths', battlefield: ['Krag', 'Brute'], reserve: ['Grub'] },
    ]);
  });

  it('a gang with no fighters on the battlefield is said back and made only on a Yes (No by default: back to its fighters)', async () => {
    const dir = tempDir();
    const p = scripted([
      { input: /rows x columns/, value: ENTER },
      { input: /spawn points/, value: ENTER },
      { input: /First gang's name/, value: 'Eschers' },
      { input: /^Eschers: fighters on the battlefield/, value: ENTER },
      { input: /^Eschers: fighters in reserve/, value: 'Lyra, Nyx' },
      // Enter: No, back to its fighters on the battlefield (the reserve kept).
      { confirm: /^Eschers has no fighters on the battlefield \(only Lyra, Nyx in reserve\)/, value: ENTER },
      { input: /^Eschers: fighters on the battlefield/, value: ENTER },
      { input: /^Eschers: fighters in reserve/, value: ENTER },
      // Escape at the question: back to the reserve.
      { back: /^Eschers has no fighters on the battlefield/ },
      { input: /^Eschers: fighters in reserve/, value: ENTER },
      { confirm: /^Eschers has no fighters on the battlefield/, value: true },
      { input: /Gang 2's name/, value: 'Orlocks' },
      { input: /^Orlocks: fighters on the battlefield/, value: ENTER },
      { input: /^Orlocks: fighters in reserve/, value: ENTER },
      { confirm: /^Orlocks has no fighters on the battlefield \(no fighters in reserve either\)/, value: true },
      { input: /Gang 3's name/, value: ENTER },
      ...DEFAULTS_AFTER_GANGS,
    ]);
    expect((await runCli(['new'], { cwd: dir, stdinIsTTY: true, prompter: p, seeds: [5] })).code).toBe(0);
    expect(p.left()).toBe(0);
    expect(p.defaults.filter(([q]) => q.startsWith('confirm:')).map(([, d]) => d)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(JSON.parse(read(dir)).setup.gangs).toEqual([
      { name: 'Eschers', battlefield: [], reserve: ['Lyra', 'Nyx'] },
      { name: 'Orlocks', battlefield: [], reserve: [] },
    ]);
  });

  it("refuses bad answers with the flags' own messages and asks again", async () => {
    const dir = tempDir();
    const p = scripted([
      { input: /rows x columns/, value: '0x3', invalid: /from 1 to 26/ },
      { input: /rows x columns/, value: 'big', invalid: /rows x columns like 2x2/ },
      { input: /rows x columns/, value: '1x2' },
      { input: /spawn points/, value: 'many', invalid: /whole number/ },
      { input: /spawn points/, value: '0', invalid: /from 1 to 100/ },
      { input: /spawn points/, value: '2' },
      { input: /First gang's name/, value: 'A: B', invalid: /cannot contain ":"/ },
      { input: /First gang's name/, value: 'Cawdor' },
      { input: /^Cawdor: fighters on the battlefield/, value: 'Ezra, Ezra', invalid: /twice/ },
      { input: /^Cawdor: fighters on the battlefield/, value: 'Ezra' },
      { input: /^Cawdor: fighters in reserve/, value: 'Ezra', invalid: /already on the battlefield/ },
      { input: /^Cawdor: fighters in reserve/, value: ENTER },
      { input: /Gang 2's name/, value: 'Cawdor', invalid: /already in this game/ },
      { input: /Gang 2's name/, value: ENTER },
      {
        input: /Beast Lairs/,
        value: '-1',
        invalid: /^Enter a whole number of Beast Lairs from 0 to 100, or nothing \(not counted\)\.$/,
      },
      { input: /Beast Lairs/, value: 'two', invalid: /^Enter a whole number of Beast Lairs from 0 to 100/ },
      { input: /Beast Lairs/, value: ENTER },
      { input: /large structures/, value: '101', invalid: /from 0 to 100/ },
      { input: /large structures/, value: '1' },
      { input: /Where do the spawn points stand/, value: 'A1,Z9', invalid: /tiles this game does not have: Z9/ },
      { input: /Where do the spawn points stand/, value: 'A1', invalid: /^1 tile was given for 2 spawn points/ },
      { input: /Where do the spawn points stand/, value: 'a2 A2' },
      { input: /Where do the large structures stand/, value: 'none' },
      { select: /12 o'clock/, value: ENTER },
      { select: /D64.*deck/, value: 'dice' },
      { select: /Hazard/, value: 'own' },
      { input: /D10 roll/, value: '11', invalid: /from 1 to 10/ },
      { input: /D10 roll/, value: '10' },
      { select: /Home Turf/, value: ENTER },
    ]);
    const r = await runCli(['new'], { cwd: dir, stdinIsTTY: true, prompter: p, seeds: [5] });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(p.left()).toBe(0);
    const s = JSON.parse(read(dir));
    expect(s.setup).toMatchObject({
      tiles: ['A1', 'A2'],
      spawnPoints: 2,
      gangs: [{ name: 'Cawdor', battlefield: ['Ezra'], reserve: [] }],
      lairs: null,
      structures: 1,
      hazard: 10,
      turfOwner: null,
      spawnAt: ['A2', 'A2'],
    });
    expect(s.setup.structuresAt).toBeUndefined();
    expect(s.hazard).toEqual({ roll: 10, id: null, nomadic: true });
  });

  it('asks whose Home Turf it is by name when no gangs were given', async () => {
    const dir = tempDir();
    const p = scripted([
      { input: /rows x columns/, value: ENTER },
      { input: /spawn points/, value: ENTER },
      { input: /First gang's name/, value: ENTER },
      { input: /Beast Lairs/, value: ENTER },
      { input: /large structures/, value: ENTER },
      { input: /Where do the spawn points stand/, value: ENTER },
      { select: /12 o'clock/, value: ENTER },
      { select: /D64.*deck/, value: ENTER },
      { select: /Hazard/, value: 'roll' },
      { input: /Home Turf/, value: 'Delaque' },
    ]);
    expect((await runCli(['new'], { cwd: dir, stdinIsTTY: true, prompter: p, seeds: [9] })).code).toBe(0);
    const s = expandSession(JSON.parse(read(dir)));
    expect(s.setup).toMatchObject({ hazard: 'roll', turfOwner: 'Delaque' });
    // The D10 was rolled from the seed at setup and logged with what it was for.
    expect(s.log[0].rolls).toEqual([{ die: 10, value: s.hazard.roll, for: 'Setup: Hazard Table (D10)' }]);
  });

  it('never prompts with any setup flag, with --no-input or --json, or without a terminal', async () => {
    const cases: { args: string[]; tty: boolean }[] = [
      { args: ['new', '--seed', '3'], tty: true },
      { args: ['new', '--grid', '3x3'], tty: true },
      { args: ['new', '--gang', 'A: b'], tty: true },
      { args: ['new', '--hazard', 'none'], tty: true },
      { args: ['new', '--twelve', 'near'], tty: true },
      { args: ['new', '--spawn-at', 'A1,A2,B1,B2'], tty: true },
      { args: ['new', '--no-input'], tty: true },
      { args: ['new', '--json'], tty: true },
      { args: ['new'], tty: false },
    ];
    for (const c of cases) {
      const dir = tempDir();
      const p = scripted([]);
      const r = await runCli(c.args, { cwd: dir, stdinIsTTY: c.tty, prompter: p });
      expect({ args: c.args, code: r.code, asked: p.asked }).toEqual({ args: c.args, code: 0, asked: [] });
      expect(fs.existsSync(path.join(dir, SESSION))).toBe(true);
    }
  });

  it('with a game already there: asks before replacing it; No keeps it untouched, Yes keeps a backup', async () => {
    const dir = tempDir();
    expect((await runCli(['new', '--seed', '1'], { cwd: dir })).code).toBe(0);
    const before = read(dir);
    const no = await runCli(['new'], {
      cwd: dir,
      stdinIsTTY: true,
      prompter: scripted([{ confirm: /already exists.*Replace/, value: false }]),
    });
    expect(no.code).toBe(1);
    expect(no.stderr).toMatch(/Kept the game/);
    expect(read(dir)).toBe(before);

    const yes = await runCli(['new'], {
      cwd: dir,
      stdinIsTTY: true,
      seeds: [2],
      prompter: scripted([
        { confirm: /already exists.*Replace/, value: true },
        ...FULL.slice(0, 2),
        { input: /First gang's name/, value: ENTER },
        ...FULL.slice(13, 20),
        { select: /Hazard/, value: 'none' },
      ]),
    });
    expect(yes.stderr).toBe('');
    expect(yes.code).toBe(0);
    expect(JSON.parse(read(dir)).setup.seed).toBe(2);
    const backups = fs.readdirSync(dir).filter((f) => f !== SESSION);
    expect(backups).toHaveLength(1);
    expect(fs.readFileSync(path.join(dir, backups[0]!), 'utf8')).toBe(before);
    expect(yes.stdout).toMatch(/--force/);
  });

  it('Ctrl-C in the wizard creates nothing', async () => {
    const dir = tempDir();
    const r = await runCli(['new'], {
      cwd: dir,
      stdinIsTTY: true,
      prompter: scripted([FULL[0]!, { cancel: /spawn points/ }]),
    });
    expect(r.code).toBe(1);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('setup wizard with a story', () => {
  it('new --title --scenario on a terminal still asks the setup, keeps them, and prints them in the command line', async () => {
    const dir = tempDir();
    const p = scripted([...FULL]);
    const w = await runCli(['new', '--title', 'The Sump Run', '--scenario', 'Looters'], {
      cwd: dir,
      stdinIsTTY: true,
      prompter: p,
      seeds: [777],
    });
    expect(w.stderr).toBe('');
    expect(w.code).toBe(0);
    expect(p.left()).toBe(0);
    expect(JSON.parse(read(dir)).story).toEqual({
      title: 'The Sump Run',
      date: null,
      scenario: 'Looters',
      result: null,
    });
    const args = printedCommand(w.stdout);
    expect(args.slice(-4)).toEqual(['--title', 'The Sump Run', '--scenario', 'Looters']);
    const again = tempDir();
    expect((await runCli(['new', ...args], { cwd: again })).code).toBe(0);
    expect(read(again)).toBe(read(dir));
  });
});
