// Issue 9, section 5: names on the terminal. A control character (Unicode Cc: C0 with the line break, DEL, C1)
// in a name is refused where the name is typed (exit 2, the character shown escaped); format characters
// (zero-width, joiners, bidi overrides) and blank-looking letters (U+3164) are accepted but every text output
// shows them escaped, so look-alike names are told apart; a game 0.1.0 stored with control characters in its
// names still opens and shows them escaped; and a line break in a name never forges an output line.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir, type CliResult, readSession } from '../helpers.js';
import { ENTER, scripted } from '../cli/scripted-prompter.js';
import { FILE, expectClean, sameSnapshot, snapshot } from './fixtures.js';

const OLD = path.join(path.dirname(new URL(import.meta.url).pathname), 'old-games', 'control-characters.json');

const dir = (): string => tempDir('badzone-names-');

/** Characters a terminal would act on or that hide: Cc (line break included), Cf, line/paragraph separators, Hangul fillers. */
const RAW = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/u;

function noRawText(r: CliResult, label: string): void {
  // Only the line breaks between badzone's own lines; none inside a name.
  for (const [stream, text] of [
    ['stdout', r.stdout],
    ['stderr', r.stderr],
  ] as const) {
    for (const line of text.split('\n'))
      expect(RAW.exec(line)?.[0], `${label} ${stream}: ${JSON.stringify(line.slice(0, 120))}`).toBeUndefined();
  }
}

describe('a control character in a typed name is refused (exit 2), shown escaped', () => {
  const cases: [string, string[], string][] = [
    ['a line break in a gang name (new --gang)', ['new', '--gang', 'Goliaths\nOK verify: Krag'], '\\x0a'],
    ['an escape in a fighter name (new --gang)', ['new', '--gang', 'Goliaths: Krag\u001b[2J'], '\\x1b'],
    ['a bell in a reserve fighter (new --reserve)', ['new', '--reserve', 'Eschers: Ly\u0007ra'], '\\x07'],
    ['a carriage return in the turf owner', ['new', '--turf-owner', 'Own\rer'], '\\x0d'],
    ['DEL in a gang name', ['new', '--gang', 'Gol\u007fiaths: Krag'], '\\x7f'],
    ['a C1 control (NEL) in a fighter name', ['new', '--gang', 'Goliaths: Kr\u0085ag'], '\\x85'],
    ['a tab in a fighter name', ['new', '--gang', 'Goliaths: Kr\tag'], '\\x09'],
  ];
  it.each(cases)('%s', async (_, args, shown) => {
    const d = dir();
    const r = await runCli(args, { cwd: d });
    expectClean(r, args.join(' '));
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toContain(shown);
    expect(r.stderr).toMatch(/control character/);
    noRawText(r, args[1]!);
    expect(fs.existsSync(path.join(d, FILE))).toBe(false);
  });

  it('a new fighter or a new gang by `fighter`', async () => {
    const d = dir();
    expect((await runCli(['new', '--seed', '1', '--gang', 'Goliaths: Krag'], { cwd: d })).code).toBe(0);
    const before = snapshot(d);
    for (const [args, shown] of [
      [['fighter', 'Vex\r\nDONE', 'battlefield', '--gang', 'Goliaths'], '\\x0d'],
      [['fighter', 'Vex', 'battlefield', '--gang', 'Esch\u0085ers'], '\\x85'],
    ] as const) {
      const r = await runCli([...args], { cwd: d });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(shown);
      noRawText(r, args.join(' '));
    }
    expect(sameSnapshot(before, snapshot(d))).toBe(true);
  });
});

describe('format characters are accepted and shown escaped in text, exact in JSON', () => {
  const names: [string, string, string][] = [
    ['a zero-width space', 'Br\u200bute', 'Br\\u200bute'],
    ['a zero-width joiner', 'Kr\u200dag', 'Kr\\u200dag'],
    ['a Hangul filler (a blank-looking letter)', '\u3164', '\\u3164'],
    ['a right-to-left override', 'Vex\u202e', 'Vex\\u202e'],
  ];
  it.each(names)('%s', async (_, name, shown) => {
    const d = dir();
    const made = await runCli(['new', '--seed', '1', '--gang', `Goliaths: ${name}, Krag`], { cwd: d });
    expect(made.code, made.stderr).toBe(0);
    noRawText(made, 'new');
    const st = await runCli(['status'], { cwd: d });
    expect(st.code).toBe(0);
    expect(st.stdout).toContain(shown);
    noRawText(st, 'status');
    const js = await runCli(['status', '--json'], { cwd: d });
    noRawText(js, 'status --json');
    expect(JSON.parse(js.stdout).gangs[0].battlefield).toEqual([name, 'Krag']);
    // The look-alike is told apart: "Krag" and "Kr\u200dag" are two fighters, and each is shown as it is.
    const mv = await runCli(['fighter', name, 'reserve'], { cwd: d });
    expect(mv.code, mv.stderr).toBe(0);
    expect(mv.stdout).toContain(shown);
    noRawText(mv, 'fighter');
  });
});

describe('a game 0.1.0 stored with control characters in its names', () => {
  it('opens; every command shows the names escaped; a line break never forges a line', async () => {
    const d = dir();
    fs.copyFileSync(OLD, path.join(d, FILE));
    const seen: string[] = [];
    for (const args of [
      ['status'],
      ['log'],
      ['verify'],
      ['round', '--dice', '19'], // Reinforcements: picks a fighter in each gang
      ['end'],
      ['fighter', 'Vex\r\nDONE', 'reserve'], // a stored name may still be typed to move its fighter
      ['fighter', 'Nobody', 'out', '--gang', 'Goliaths\nOK verify'], // a new fighter for a gang stored with a line break
      ['status'],
      ['undo'],
      ['verify'],
    ]) {
      const r = await runCli(args, { cwd: d });
      expectClean(r, args.join(' '));
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      noRawText(r, args.join(' '));
      for (const line of (r.stdout + r.stderr).split('\n')) {
        // The forged line would start with "OK verify" (or "DONE"); the name's own text stays on its line, escaped.
        expect(line, `${args.join(' ')}: a forged line`).not.toMatch(/^\s*(OK verify|DONE)/);
      }
      seen.push(r.stdout + r.stderr);
    }
    const all = seen.join('\n');
    expect(all).toContain('Goliaths\\x0aOK verify');
    expect(all).toContain('Vex\\x0d\\x0aDONE');
    expect(all).toContain('Esch\\x85ers');
    expect(all).toContain('Krag\\x1b[2J');
    expect(all).toContain('Br\\u200bute');
    // JSON keeps them exactly.
    const js = JSON.parse((await runCli(['status', '--json'], { cwd: d })).stdout);
    expect(js.gangs.map((g: { name: string }) => g.name)).toEqual(['Goliaths\nOK verify', 'Esch\u0085ers']);
  });
});

describe('the setup wizard', () => {
  it('asks again for a name with a control character, showing why', async () => {
    const d = dir();
    const p = scripted([
      { input: /rows x columns/, value: ENTER },
      { input: /spawn points/, value: ENTER },
      {
        input: /First gang's name/,
        value: 'Goliaths\nOK verify',
        invalid: /line break \(\\x0a\); a name may not contain control characters/,
      },
      { input: /First gang's name/, value: 'Goliaths' },
      { input: /^Goliaths: fighters on the battlefield/, value: 'Kr\u001bag', invalid: /control character|\\x1b/ },
      { input: /^Goliaths: fighters on the battlefield/, value: 'Krag' },
      { input: /^Goliaths: fighters in reserve/, value: ENTER },
      { input: /Gang 2's name/, value: 'x'.repeat(201), invalid: /200 characters/ },
      { input: /Gang 2's name/, value: ENTER },
      { input: /Beast Lairs/, value: ENTER },
      { input: /large structures/, value: ENTER },
      { input: /Where do the spawn points stand/, value: ENTER },
      { select: /12 o'clock/, value: ENTER },
      { select: /D64.*deck/, value: ENTER },
      { select: /Hazard/, value: ENTER },
    ]);
    const r = await runCli(['new'], { cwd: d, stdinIsTTY: true, prompter: p, seeds: [5] });
    expect(r.code, r.stderr).toBe(0);
    expect(p.left()).toBe(0);
    expect(readSession(path.join(d, FILE)).setup.gangs).toEqual([
      { name: 'Goliaths', battlefield: ['Krag'], reserve: [] },
    ]);
  });
});
