// The table's own references, through the command line: where the tiles lie and where 12 o'clock points (set at
// setup, changed later with `badzone orientation`, said once on the card of the game's first scatter), and the
// spawn points, Beast Lairs and large structures the GM numbers on the table (said at setup, listed in `status`).
import { describe, expect, it } from 'vitest';
import { cli, cliJson, runCli, tempDir } from '../helpers.js';

const SCATTERS = /^Scatters: /gm;

describe("setup: how to lay the tiles, where 12 o'clock points, what to number", () => {
  it("by default: row A along the far edge, A1 at its left, 12 o'clock toward row A; spawn points numbered", async () => {
    const d = tempDir();
    const out = await cli(d, 'new', '--seed', '7');
    expect(out).toContain(
      "Lay the tiles: row A along the far edge, A1 at its left-hand corner, columns\n  numbered to the right (seen from the GM's seat); 12 o'clock points to the far\n  edge (toward row A), 3 o'clock to the right-hand edge.\n",
    );
    expect(out).toContain(
      'Number on the table: the spawn points 1-4: events name them by number. (Beast\n  Lairs and large structures not counted: number them too if there are any.)\n',
    );
    // The default is not repeated on the command line that makes the same game.
    expect(out).not.toMatch(/--twelve/);
    expect((await cliJson(d, 'status')).references).toEqual({
      orientation: { twelve: 'far' },
      spawnPoints: [{ number: 1 }, { number: 2 }, { number: 3 }, { number: 4 }],
      lairs: null,
      structures: null,
    });
  });

  it('--twelve left, with lairs and structures counted: each said, kept in the game and on the command line', async () => {
    const d = tempDir();
    const out = await cli(
      d,
      'new',
      '--seed',
      '7',
      '--grid',
      '3x3',
      '--lairs',
      '2',
      '--structures',
      '3',
      '--twelve',
      'left',
    );
    expect(out).toContain("12 o'clock points to the\n  left-hand edge (toward column 1), 3 o'clock to the far edge.");
    expect(out).toContain(
      'Number on the table: the spawn points 1-4, the Beast Lairs 1-2, the large\n  structures 1-3: events name them by number.\n',
    );
    expect(out).toMatch(/--hazard none --twelve left\n/);
    const made = await cliJson(tempDir(), 'new', '--seed', '7', '--twelve', 'left');
    expect(made.setup.orientation).toEqual({ twelve: 'left' });
  });

  it('an edge that is not one of the four is a usage error, and no game is made', async () => {
    const d = tempDir();
    const r = await runCli(['new', '--seed', '7', '--twelve', 'up'], { cwd: d });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--twelve.*'up' is invalid\. Allowed choices are far, right, near, left/);
    expect((await runCli(['status'], { cwd: d })).code).toBe(3);
  });
});

describe('status: the references by number, a nest and a collapsed structure said so', () => {
  it('Rats Awaken turns Beast Lair 1 into a nest, Collapsed Structure takes large structure 2', async () => {
    const d = tempDir();
    await cli(d, 'new', '--seed', '7', '--lairs', '2', '--structures', '3', '--spawn-points', '3');
    // D64 51 is Rats Awaken: the D2 picks Beast Lair 1. D64 37 is Collapsed Structure: the D3 picks structure 2.
    await cli(d, 'round', '--dice', '51,1');
    await cli(d, 'end');
    await cli(d, 'round', '--dice', '37,2');
    const s = await cliJson(d, 'status');
    expect(s.references).toEqual({
      orientation: { twelve: 'far' },
      spawnPoints: [{ number: 1 }, { number: 2 }, { number: 3 }],
      lairs: [
        { number: 1, name: 'Beast Lair 1', becomes: 'Monster Nest (Underhive Rats)' },
        { number: 2, name: 'Beast Lair 2', becomes: null },
      ],
      structures: [
        { number: 1, name: 'Large structure 1', standing: true },
        { number: 2, name: 'Large structure 2', standing: false },
        { number: 3, name: 'Large structure 3', standing: true },
      ],
    });
    expect(await cli(d, 'status')).toContain(
      "Battlefield: tiles A1 A2 B1 B2 (row A far, A1 far left); 12 o'clock: the far\n  edge; spawn points 1-3; Beast Lairs 1 -> Monster Nest (Underhive Rats), 2;\n  large structures 1, 2 (collapsed), 3\n",
    );
  });
});

describe("badzone orientation: where 12 o'clock points, changed as a step of the game", () => {
  it('shows it; changes it (logged, undone, redone); the edge it already points to changes nothing', async () => {
    const d = tempDir();
    await cli(d, 'new', '--seed', '7');
    expect(await cliJson(d, 'orientation')).toMatchObject({
      kind: 'orientation',
      orientation: { twelve: 'far' },
      from: null,
      changed: false,
    });
    const set = await cli(d, 'orientation', 'right');
    expect(set).toBe(
      "Table: row A along the far edge, A1 at its left-hand corner, columns numbered to\n  the right (seen from the GM's seat); 12 o'clock points to the right-hand edge\n  (toward the last column), 3 o'clock to the near edge. It pointed to the far\n  edge before; scatters already on the table stay where they landed.\n",
    );
    const log = await cliJson(d, 'log');
    expect(log.entries.at(-1)).toMatchObject({ action: { type: 'orientation', twelve: 'right' }, rolls: [] });
    expect((await cliJson(d, 'status')).references.orientation).toEqual({ twelve: 'right' });
    // Already so: nothing logged.
    expect(await cliJson(d, 'orientation', 'right')).toMatchObject({ from: null, changed: false });
    expect((await cliJson(d, 'log')).entries).toHaveLength(2);
    expect((await cliJson(d, 'undo')).undone.action).toEqual({ type: 'orientation', twelve: 'right' });
    expect((await cliJson(d, 'orientation')).orientation).toEqual({ twelve: 'far' });
    await cli(d, 'redo');
    expect((await cliJson(d, 'orientation')).orientation).toEqual({ twelve: 'right' });
    expect((await cliJson(d, 'verify')).ok).toBe(true);
    const bad = await runCli(['orientation', 'up'], { cwd: d });
    expect(bad.code).toBe(2);
  });
});

describe("the game's first scatter says where 12 o'clock points, once", () => {
  it('the End Phase that first scatters the Pillar says it; later scatters do not', async () => {
    const d = tempDir();
    await cli(d, 'new', '--seed', '7');
    await cli(d, 'place', 'pillar-of-flame');
    const round1 = await cliJson(d, 'round');
    expect(round1.firstScatter).toBeNull();
    const end1 = await cli(d, 'end');
    expect(end1.match(SCATTERS)).toHaveLength(1);
    expect(end1).toContain("Scatters: 12 o'clock = far edge (row A), 3 = right, 6 = near, 9 = left\n");
    // The same step's view, as JSON: undo it and end again (the same dice).
    await cli(d, 'undo');
    expect((await cliJson(d, 'end')).firstScatter).toEqual({ twelve: 'far' });
    // Round 2's End Phase, resolved by round 3: the Pillar scatters again, and nothing is said.
    await cli(d, 'round');
    const round3 = await cli(d, 'round');
    expect(round3).toMatch(/The Large Blast scatters \d+" toward \d+ o'clock/);
    expect(round3).not.toMatch(SCATTERS);
    expect((await cliJson(d, 'end')).firstScatter).toBeNull();
  });

  it("on a round's card (Falling Crates), with 12 o'clock to the right-hand edge", async () => {
    const d = tempDir();
    await cli(d, 'new', '--seed', '7', '--twelve', 'right');
    // D64 10 is Falling Crates: a Loot Casket scatters from each tile's centre.
    const out = await cli(d, 'round', '--dice', '10');
    expect(out.match(/A1 \d+" to \d+\b/g)).toHaveLength(1);
    expect(out.match(SCATTERS)).toHaveLength(1);
    expect(out).toContain("Scatters: 12 o'clock = right edge, 3 = near, 6 = left, 9 = far (row A)\n");
    await cli(d, 'end');
    expect((await cliJson(d, 'round', '--dice', '10')).firstScatter).toBeNull();
  });
});
