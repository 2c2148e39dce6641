// Where the spawn points, Beast Lairs and large structures stand, through the command line: `new --spawn-at`,
// `--lairs-at`, `--structures-at` (checked against the layout and the counts, or setting the count), `status`
// listing each with its tile, and `badzone sites` showing or changing them as a logged step.
import { describe, expect, it } from 'vitest';
import { cli, cliJson, runCli, tempDir } from '../helpers.js';

describe('new --spawn-at, --lairs-at, --structures-at', () => {
  it('kept in the setup (a list without its count sets it), said by status, and on the same-game command line', async () => {
    const d = tempDir();
    const out = await cli(
      d,
      'new',
      '--seed',
      '7',
      '--grid',
      '2x2',
      '--spawn-at',
      'a1, B2 b2',
      '--lairs-at',
      'A2',
      '--structures',
      '2',
      '--structures-at',
      'A1,B1',
    );
    expect(out).toContain(
      'Number on the table: the spawn points 1 at A1, 2 at B2, 3 at B2, the Beast Lairs\n  1 at A2, the large structures 1 at A1, 2 at B1: events name them by number.\n',
    );
    expect(out).toContain(
      '--spawn-points 3 --lairs 1 \\\n    --structures 2 --hazard none --spawn-at A1,B2,B2 --lairs-at A2 \\\n    --structures-at A1,B1\n',
    );
    const s = await cliJson(d, 'status');
    expect(s.references).toEqual({
      orientation: { twelve: 'far' },
      spawnPoints: [
        { number: 1, tile: 'A1' },
        { number: 2, tile: 'B2' },
        { number: 3, tile: 'B2' },
      ],
      lairs: [{ number: 1, name: 'Beast Lair 1', becomes: null, tile: 'A2' }],
      structures: [
        { number: 1, name: 'Large structure 1', standing: true, tile: 'A1' },
        { number: 2, name: 'Large structure 2', standing: true, tile: 'B1' },
      ],
    });
    expect(await cli(d, 'status')).toContain(
      "Battlefield: tiles A1 A2 B1 B2 (row A far, A1 far left); 12 o'clock: the far\n  edge; spawn points 1 at A1, 2 at B2, 3 at B2; Beast Lairs 1 at A2; large\n  structures 1 at A1, 2 at B1\n",
    );
  });

  it.each<[string, string[], RegExp]>([
    [
      'a list that does not match its count',
      ['--spawn-points', '4', '--spawn-at', 'A1,A2'],
      /^badzone: 2 tiles were given for 4 spawn points: give one tile for each, in number order \(several may share a tile\)\.\n$/,
    ],
    [
      'a tile the layout does not have',
      ['--lairs-at', 'A1,C3'],
      /^badzone: The tiles given for the Beast Lairs name tiles this game does not have: C3\. Tiles: A1, A2, B1, B2\.\n$/,
    ],
    [
      'an empty list',
      ['--structures-at', ' , '],
      /^badzone: --structures-at takes tiles, one for each in number order/,
    ],
    [
      'more than 100 spawn points',
      ['--spawn-at', Array(101).fill('A1').join(',')],
      /^badzone: Spawn points must be from 1 to 100 \(limit: spawn points\)\.\n$/,
    ],
  ])('refuses %s: exit 2, no game made', async (_what, flags, message) => {
    const d = tempDir();
    const r = await runCli(['new', '--seed', '7', ...flags], { cwd: d });
    expect(r.stderr).toMatch(message);
    expect(r.code).toBe(2);
    expect((await runCli(['status'], { cwd: d })).code).toBe(3);
  });
});

describe('badzone sites', () => {
  it('shows them; sets them as a logged step (undone, redone, verified); the same again logs nothing', async () => {
    const d = tempDir();
    await cli(d, 'new', '--seed', '7', '--spawn-points', '3', '--lairs', '2');
    expect(await cliJson(d, 'sites')).toMatchObject({
      kind: 'sites',
      spawnPoints: [
        { number: 1, tile: null },
        { number: 2, tile: null },
        { number: 3, tile: null },
      ],
      lairs: [
        { number: 1, tile: null, becomes: null },
        { number: 2, tile: null, becomes: null },
      ],
      structures: [],
      changed: [],
      from: null,
    });
    expect(await cli(d, 'sites', '--spawn-at', 'B1,b1,A2', '--lairs-at', 'A1 A1')).toBe(
      'Spawn points: 1 at B1, 2 at B1, 3 at A2\nBeast Lairs: 1 at A1, 2 at A1\n',
    );
    const log = await cliJson(d, 'log');
    expect(log.entries.at(-1)).toMatchObject({
      action: { type: 'sites', spawnAt: ['B1', 'B1', 'A2'], lairsAt: ['A1', 'A1'] },
      rolls: [],
      notes: [
        'GM said where the spawn points stand: 1 B1, 2 B1, 3 A2',
        'GM said where the Beast Lairs stand: 1 A1, 2 A1',
      ],
    });
    expect(await cli(d, 'log')).toContain('#1 round 0: sites --spawn-at B1,B1,A2 --lairs-at A1,A1\n');
    // Already so: shown, nothing logged, exit 0.
    expect(await cliJson(d, 'sites', '--lairs-at', 'A1,A1')).toMatchObject({ changed: [], from: null });
    expect((await cliJson(d, 'log')).entries).toHaveLength(2);
    // none takes a list back.
    const back = await cliJson(d, 'sites', '--spawn-at', 'none');
    expect(back).toMatchObject({ changed: ['spawnAt'], from: { spawnAt: ['B1', 'B1', 'A2'], lairsAt: ['A1', 'A1'] } });
    expect(back.spawnPoints[0]).toEqual({ number: 1, tile: null });
    expect((await cliJson(d, 'undo')).undone.action).toEqual({ type: 'sites', spawnAt: null });
    expect((await cliJson(d, 'sites')).spawnPoints[2]).toEqual({ number: 3, tile: 'A2' });
    await cli(d, 'redo');
    expect((await cliJson(d, 'sites')).spawnPoints[2]).toEqual({ number: 3, tile: null });
    expect((await cliJson(d, 'verify')).ok).toBe(true);
  });

  it('refuses what the game does not have, with the exit code of a usage error, and changes nothing', async () => {
    const d = tempDir();
    await cli(d, 'new', '--seed', '7');
    const never = await runCli(['sites', '--structures-at', 'A1'], { cwd: d });
    expect(never.code).toBe(2);
    expect(never.stderr).toBe(
      'badzone: The large structures were not counted at setup, so there are none to place on tiles. They are counted when the game is set up (`badzone new --structures N`).\n',
    );
    const json = await runCli(['sites', '--spawn-at', 'A1,A1,A1,Z9', '--json'], { cwd: d });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr).error).toMatchObject({ code: 2, kind: 'usage' });
    expect((await cliJson(d, 'log')).entries).toHaveLength(1);
  });

  it('help gives examples', async () => {
    const r = await runCli(['sites', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('$ badzone sites --spawn-at A1,C3,D2,B4');
  });
});
