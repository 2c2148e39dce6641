// The Event Phase and End Phase as a GM reads them: NO_COLOR snapshots of a pinned-seed round, and colour that
// never carries meaning alone (the coloured output, colour removed, says exactly what NO_COLOR output says).
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers.js';
import { GANGS, ok } from './scenario.js';

/** Seed 1; four events placed; round 1 rolls 33 (Static Storm, already in play) then 49 (Pillar of Flame). */
async function pinnedGame(): Promise<string> {
  const dir = tempDir();
  await ok(
    ['new', '--seed', '1', ...GANGS, '--lairs', '2', '--structures', '3', '--hazard', '3', '--turf-owner', 'Goliaths'],
    { cwd: dir },
  );
  for (const e of ['horde-of-rats', 'static-storm', 'headhunters', 'wyld-magic']) await ok(['place', e], { cwd: dir });
  return dir;
}

const ANSI = /\u001b\[[0-9;]*m/g;
/** The Unicode marks used with colour, and their ASCII stand-ins without. */
const MARKS: [RegExp, string][] = [
  [/━/g, '='],
  [/┃/g, '|'],
  [/»/g, '>'],
  [/•/g, '-'],
  [/→/g, '->'],
];

describe('round and End Phase rendering', () => {
  it('renders a pinned-seed Event Phase and End Phase (NO_COLOR)', async () => {
    const dir = await pinnedGame();
    const round = await ok(['round', '--dice', '33,49'], { cwd: dir });
    expect(round).toMatchInlineSnapshot(`
      "== Round 1: Event Phase, before Priority =======================================
        D64 33 Static Storm is already in play: discarded, drawn again.
      NEW EVENT  Pillar of Flame  (D64 49)  Persistent, no discard roll
        | Randomly select a tile and place a Large Blast in the center. It scatters
        | D6+6" each End Phase. Any model touched by the Blast suffers a S3, AP-1, D1
        | hit with the Blaze trait.
        | > Tile A2: Large Blast
        | Note: Roaming Horrors are not affected by the Badzone Event Table.
      Apply now (oldest first; discard roll):
        Horde of Rats: > 3 Underhive Rats at spawn point 1
        Static Storm 4+, still in force: Las, Plasma: Unstable, Shock; vehicles stall
        Headhunters 4+: in the End Phase, D3 Hive Scum at a random spawn point
        Wyld Magic 3+: > Goliaths: Gorgon; Eschers: Nyx - each becomes a Psyker, as if
          they had consumed Ghast
        Pillar of Flame, NEW, on A2: see the new event above
      Visibility: Normal (unlimited)
      Home Turf Ploy: Goliaths may enact Easy Target (Bog) now.
      Next: \`badzone end\` in the End Phase, then \`badzone round\` for the next round.
      "
    `);
    const end = await ok(['end'], { cwd: dir });
    expect(end).toMatchInlineSnapshot(`
      "== End Phase of round 1 ========================================================
      End-Phase effects:
        Headhunters
          > 2 Hive Scum with Autoguns at spawn point 4
        Pillar of Flame
          > The Large Blast scatters 12" toward 12 o'clock (scatter 1 since it was
            placed on A2)
          -> Its center has left the table (past the far edge): discard Pillar of
            Flame.
          Discard it with \`badzone discard pillar-of-flame\`.
      Discard rolls (D6), in play order:
        Static Storm  D6 1  needs 4+  stays in play
        Headhunters   D6 3  needs 4+  stays in play
        Wyld Magic    D6 4  needs 3+  DISCARDED
      Scatters: 12 o'clock = far edge (row A), 3 = right, 6 = near, 9 = left
      In play now: Horde of Rats, Static Storm, Headhunters, Pillar of Flame
      Psykers: Gorgon (Goliaths), Nyx (Eschers)
      Next: \`badzone round\` starts the next round.
      "
    `);
  });

  it('renders an End Phase resolved by `round` before the next Event Phase, a Once event, and a reduced visibility', async () => {
    const dir = await pinnedGame();
    await ok(['round', '--dice', '33,49'], { cwd: dir });
    // 2: Power Outage (Once) - visibility Pitch Black.
    const out = await ok(['round', '--end-dice', '1,1,1,1,1,1,1', '--dice', '2'], { cwd: dir });
    expect(out).toMatchInlineSnapshot(`
      "== End Phase of round 1 (resolved now) =========================================
      End-Phase effects:
        Headhunters
          > 1 Hive Scum with Autoguns at spawn point 1
        Pillar of Flame
          > The Large Blast scatters 7" toward 1 o'clock (scatter 1 since it was
            placed on A2)
          -> Its center has left the table (past the far edge): discard Pillar of
            Flame.
          Discard it with \`badzone discard pillar-of-flame\`.
      Discard rolls (D6), in play order:
        Static Storm  D6 1  needs 4+  stays in play
        Headhunters   D6 1  needs 4+  stays in play
        Wyld Magic    D6 1  needs 3+  stays in play

      == Round 2: Event Phase, before Priority =======================================
      NEW EVENT  Power Outage  (D64 2)  Once
        | Visibility is reduced to 3". All machinery and powered terrain immediately
        | stop functioning.
        | > Visibility is now Pitch Black (3"): the rules' 3" counts as Pitch Black,
        |   so Grid Overload ends it
      Apply now (oldest first; discard roll):
        Horde of Rats: > 3 Underhive Rats at spawn point 4
        Static Storm 4+, still in force: Las, Plasma: Unstable, Shock; vehicles stall
        Headhunters 4+: in the End Phase, D3 Hive Scum at a random spawn point
        Wyld Magic 3+: > Goliaths: Brute; Eschers: Lyra - each becomes a Psyker, as if
          they had consumed Ghast
        Pillar of Flame, scattered from A2: models touched: S3, AP-1, D1 Blaze hit
        Wyld Magic's Psykers: Gorgon (Goliaths), Nyx (Eschers)
      Scatters: 12 o'clock = far edge (row A), 3 = right, 6 = near, 9 = left
      Visibility: Pitch Black (3") since round 2. Visibility is reduced to 3".
      Home Turf Ploy: Goliaths may enact Easy Target (Bog) now.
      Next: \`badzone end\` in the End Phase, then \`badzone round\` for the next round.
      "
    `);
  });

  it('says the same with colour as without: colour only underlines words and marks', async () => {
    const env = { FORCE_COLOR: '1', NO_COLOR: '' };
    {
      const a = await pinnedGame();
      const b = await pinnedGame();
      const plain = [
        await ok(['round', '--dice', '33,49'], { cwd: a }),
        await ok(['end'], { cwd: a }),
        await ok(['status'], { cwd: a }),
      ];
      const coloured = [
        await ok(['round', '--dice', '33,49'], { cwd: b, env }),
        await ok(['end'], { cwd: b, env }),
        await ok(['status'], { cwd: b, env }),
      ];
      for (let i = 0; i < plain.length; i++) {
        expect(coloured[i]).toMatch(ANSI);
        expect(plain[i]).not.toMatch(/\u001b/);
        let stripped = coloured[i]!.replace(ANSI, '');
        for (const [re, to] of MARKS) stripped = stripped.replace(re, to);
        expect(stripped.replaceAll(b, '<dir>')).toBe(plain[i]!.replaceAll(a, '<dir>'));
      }
    }
  });

  it('marks the meaning in words: Once/Persistent, NEW, DISCARDED / stays in play, and the tool mark before its own rolls', async () => {
    const dir = await pinnedGame();
    const round = await ok(['round', '--dice', '33,49'], { cwd: dir });
    expect(round).toMatch(/^NEW EVENT {2}Pillar of Flame {2}\(D64 49\) {2}Persistent, no discard roll$/m);
    expect(round).toMatch(/^ {2}\| > Tile [AB][12]: Large Blast$/m);
    expect(round).toMatch(/^ {2}Pillar of Flame, NEW, on [AB][12]: see the new event above$/m);
    const end = await ok(['end'], { cwd: dir });
    expect(end).toMatch(/DISCARDED/);
    expect(end).toMatch(/stays in play/);
    // No word is said twice in a row, as in "Pitch Black (3"), Pitch Black".
    const dark = await runCli(['visibility', 'set', 'pitch-black'], { cwd: dir });
    expect(dark.stdout).toMatch(/^Visibility: Pitch Black \(3"\) \(set by the GM\)$/m);
    expect(dark.stdout).not.toMatch(/Pitch Black.*Pitch Black \(/);
  });
});
