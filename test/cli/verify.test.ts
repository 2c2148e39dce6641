// badzone verify counts the dice entered by hand apart from those rolled from the seed: a seed (and its commitment)
// vouches only for the dice badzone rolled, so neither `verify` nor `verify --commitment` says every roll came from
// the seed when some were typed in. The same count is in --json, the report (Markdown, HTML, JSON) and the players'
// page. A file edited to turn a rolled die into an entered one shows in the count.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderMain } from '../../src/render/page.js';
import { playersView } from '../../src/api/players-view.js';
import { load } from '../../src/store/session.js';
import { ROOT, cli, cliJson, runCli, tempDir, readSession } from '../helpers.js';

const FILE = 'badzone-session.json';
const dir = (): string => tempDir('badzone-verify-');
/** A hidden-seed game takes a fresh seed, never one given with --seed: this one is handed in as the fresh one. */
const HIDDEN = 'VERIFYSEED0';
const newHidden = (d: string): Promise<{ commitment: string }> =>
  cliJson({ cwd: d, seeds: [HIDDEN] }, 'new', '--hidden-seed');
const flat = (s: string) => s.replace(/\s+/g, ' ');
const edit = (d: string, f: (s: any) => void) => {
  const s = readSession(path.join(d, FILE));
  f(s);
  fs.writeFileSync(path.join(d, FILE), JSON.stringify(s));
};

describe('verify: dice from the seed and dice entered by hand', () => {
  it('--commitment with two dice entered: the count in text and --json, never "every die came from the committed seed"', async () => {
    const d = dir();
    const created = await newHidden(d);
    await cli(d, 'round', '--dice', '33'); // Static Storm, entered
    await cli(d, 'end', '--dice', '5'); // its discard check, entered
    await cli(d, 'round'); // its D64, rolled
    const json = JSON.parse(await cli(d, 'verify', '--commitment', created.commitment, '--json'));
    expect(json).toMatchObject({
      ok: true,
      entries: 4,
      rolls: 3,
      fromSeed: 1,
      entered: 2,
      commitmentChecked: { given: created.commitment, matches: true },
    });
    const text = flat(await cli(d, 'verify', '--commitment', created.commitment));
    expect(text).toContain(
      'all 4 log entries and the current state follow from the hidden seed and the dice entered by hand: 1 of the 3 dice came from the seed, 2 were entered by hand.',
    );
    expect(text).toContain(
      `The seed and salt hash to the commitment ${created.commitment}: the 1 die badzone rolled came from the committed seed; the 2 dice entered by hand did not.`,
    );
    expect(text).not.toMatch(/every (die|roll) came from the committed seed/);

    // The report (JSON, Markdown, HTML) and the players' page say how many were entered.
    const report = JSON.parse(await cli(d, 'report', '--json'));
    expect(report.view.dice).toEqual({ rolls: 3, entered: 2 });
    expect(report.check[0]).toContain(
      '2 of the 3 dice so far were entered by hand: they follow from what the GM typed, not from the seed; the other 1 was rolled from the seed.',
    );
    expect(await cli(d, 'report')).toContain('\n- Dice: 2 of 3 dice entered by hand\n');
    expect(await cli(d, 'report', '--format', 'html')).toContain(
      '<span class="label">Dice</span> 2 of 3 dice entered by hand</p>',
    );
    const { state, book } = load(path.join(d, FILE));
    const page = renderMain(playersView(path.join(d, FILE), state, book), { mode: 'live' });
    expect(page).toContain('<span class="label">Dice</span> 2 of 3 dice entered by hand</p>');
    expect(page).not.toContain(HIDDEN);
  });

  it('no die entered: every die came from the committed seed', async () => {
    const d = dir();
    const created = await newHidden(d);
    await cli(d, 'round');
    await cli(d, 'end');
    const json = JSON.parse(await cli(d, 'verify', '--commitment', created.commitment, '--json'));
    expect(json).toMatchObject({ ok: true, rolls: 1, fromSeed: 1, entered: 0 });
    const text = flat(await cli(d, 'verify', '--commitment', created.commitment));
    expect(text).toContain('all 3 log entries and 1 die follow from the hidden seed, and so does the current state.');
    expect(text).toContain(': every die came from the committed seed.');
    expect(await cli(d, 'report')).toContain('\n- Dice: 1 die, rolled by badzone\n');
  });

  it('a fixture whose rolled die is marked entered: counted as entered, and verify says the command entered no such die', async () => {
    const d = dir();
    fs.copyFileSync(path.join(ROOT, 'test', 'engine', 'fixtures', 'session-v2-dice.json'), path.join(d, FILE));
    const before = JSON.parse(await cli(d, 'verify', '--json'));
    expect(before).toMatchObject({ ok: true, rolls: 36, fromSeed: 24, entered: 12 });
    // Log entry 8 is a round whose D64 (30) badzone rolled.
    edit(d, (s) => {
      expect(s.log[8].rolls[0]).toEqual({ die: 64, value: 30, for: 'Event Phase: event table' });
      s.log[8].rolls[0].entered = true;
    });
    const r = await runCli(['verify', '--json'], { cwd: d });
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: false,
      rolls: 36,
      fromSeed: 23,
      entered: 13,
      seq: 8,
      problem:
        'log entry 8 (round, round 3), roll 1: the file marks Event Phase: event table (30) as entered by hand, but the command entered no die for it: the seed gives it',
    });
    const t = await runCli(['verify'], { cwd: d });
    expect(flat(t.stdout)).toContain('The file has 36 dice: 23 marked rolled by badzone, 13 entered by hand.');
  });

  it('an edit that also puts the die in its command and moves the dice position back verifies, and only the count shows it', async () => {
    const d = dir();
    await cli(d, 'new', '--seed', '5');
    await cli(d, 'round', '--dice', '25'); // Dome Quake, entered; rolls nothing more
    await cli(d, 'place', 'pillar-of-flame'); // its tile: a D4 from the seed (4)
    expect(JSON.parse(await cli(d, 'verify', '--json'))).toMatchObject({ ok: true, rolls: 2, fromSeed: 1, entered: 1 });
    edit(d, (s) => {
      const last = s.log[2];
      expect(last.rolls).toEqual([{ die: 4, value: 4, for: 'Pillar of Flame: tile (of A1 A2 B1 B2)' }]);
      last.action.dice = [4];
      last.rolls[0].entered = true;
      s.rng.uses = 0;
    });
    // As if the GM had typed the 4: a game verify cannot tell from one played so. The count tells.
    expect(JSON.parse(await cli(d, 'verify', '--json'))).toMatchObject({ ok: true, rolls: 2, fromSeed: 0, entered: 2 });
    expect(flat(await cli(d, 'verify'))).toContain('0 of the 2 dice came from the seed, 2 were entered by hand.');
    expect(await cli(d, 'report')).toContain('\n- Dice: 2 of 2 dice entered by hand\n');
  });
});
