// `badzone map` and `badzone marker` (issue 22): every marker events placed, where it landed in words and in
// inches, and the GM's clear / move / carry, in-process on temp folders with entered dice.
import { describe, expect, it } from 'vitest';
import { cli, cliJson, runCli, tempDir } from '../helpers.js';

/** A 2 x 2 game whose round 1 draws Falling Crates: from A1 10" toward 3, A2 7" toward 9, B1 12" toward 6, B2 8" toward 12. */
async function crates(): Promise<string> {
  const dir = tempDir();
  await cli(dir, 'new', '--seed', '7', '--hazard', 'none');
  await cli(dir, 'round', '--dice', '10,4,3,1,9,6,6,2,12');
  return dir;
}

describe('badzone map', () => {
  it('lists each marker: its number, what, round, tile and offset from its center, or off the table', async () => {
    const dir = await crates();
    const out = await cli(dir, 'map');
    // Not a terminal: 80 columns, ASCII, no height limit; the board drawn, then the legend.
    expect(out.split('\n').slice(0, 12)).toEqual([
      'Battlefield, round 1',
      '+-------------+-------------+     12',
      '|A1           |A2           |   9 + 3',
      '|             |             |     6',
      "|           c2|    c1       |  12 o'clock: far edge",
      '|             |      c4     |',
      '+-------------+-------------+  c  Loot Casket',
      '|B1           |B2           |  v  off the table',
      '|             |             |',
      '|             |             |',
      '|             |             |',
      '+------vc3----+-------------+',
    ]);
    const legend = out.replace(/\n {4}/g, ' ');
    expect(legend).toContain(
      'c1 Loot Casket, round 1: A2, 2" left of its center (from A1\'s center, 10" toward 3 o\'clock)\n',
    );
    expect(legend).toContain(
      'c2 Loot Casket, round 1: A1, 5" right of its center (from A2\'s center, 7" toward 9 o\'clock)\n',
    );
    expect(legend).toContain(
      'c3 Loot Casket, round 1: off the table, past the near edge (6" from the left-hand edge): lost, not placed (from B1\'s center, 12" toward 6 o\'clock)\n',
    );
    expect(legend).toContain(
      'c4 Loot Casket, round 1: A2, 4" toward the near edge of its center (from B2\'s center, 8" toward 12 o\'clock)\n',
    );
    expect(legend).toContain('Spawn points: without a tile: 1, 2, 3, 4 (number them on the table).');
    for (const l of out.split('\n')) expect(l.length).toBeLessThanOrEqual(80);
  });

  it("--json gives every position in inches from A1's outer corner, off-table ones drawn at the edge", async () => {
    const dir = await crates();
    const m = await cliJson(dir, 'map');
    expect(m).toMatchObject({ kind: 'map', round: 1, rows: 2, cols: 2, width: 24, height: 24 });
    expect(m.tiles.map((t: { name: string; center: unknown }) => [t.name, t.center])).toEqual([
      ['A1', { x: 6, y: 6 }],
      ['A2', { x: 18, y: 6 }],
      ['B1', { x: 6, y: 18 }],
      ['B2', { x: 18, y: 18 }],
    ]);
    expect(m.markers[0]).toEqual({
      id: 1,
      kind: 'loot-casket',
      eventId: 'falling-crates',
      what: 'Loot Casket',
      round: 1,
      origin: { x: 6, y: 6, tile: 'A1', offset: { x: 0, y: 0 } },
      scatters: [
        {
          round: 1,
          distance: 10,
          direction: 3,
          twelve: 'far',
          from: { x: 6, y: 6, tile: 'A1', offset: { x: 0, y: 0 } },
          to: { x: 16, y: 6, tile: 'A2', offset: { x: -2, y: 0 } },
        },
      ],
      at: { x: 16, y: 6, tile: 'A2', offset: { x: -2, y: 0 } },
      live: false,
    });
    expect(m.markers[2].at).toEqual({ x: 6, y: 30, tile: null, offTable: true, edge: 'near', drawAt: { x: 6, y: 24 } });
    // The round's own view and status carry them too.
    expect((await cliJson(dir, 'status')).markers).toEqual(m.markers);
  });
});

describe('badzone marker', () => {
  it('moves one to a tile center, says who carries one, clears one or all; each a step undo takes back', async () => {
    const dir = await crates();
    const moved = await cliJson(dir, 'marker', 'move', 'C3', 'b2'); // its label on the map, in either case (c2 below)
    expect(moved).toMatchObject({ kind: 'marker', op: 'move', left: 4 });
    expect(moved.markers[0]).toMatchObject({ id: 3, moved: true, at: { x: 18, y: 18, tile: 'B2' } });
    const carried = await cli(dir, 'marker', 'carry', '1', '--gang', 'Goliaths', '--fighter', 'Krag');
    expect(carried).toContain('Carried: c1 Loot Casket, round 1: carried by Krag (Goliaths)\n');
    // A carried casket is off the battlefield, in a fighter's hands: not counted as left on it.
    expect(carried).toContain('3 markers left on the battlefield.');
    expect(await cli(dir, 'marker', 'clear', 'c2')).toContain('2 markers left on the battlefield.');
    await cli(dir, 'undo');
    expect((await cliJson(dir, 'map')).markers.map((x: { id: number }) => x.id)).toEqual([1, 2, 3, 4]);
    expect((await cliJson(dir, 'marker', 'clear', 'all')).left).toBe(0);
    const none = await runCli(['marker', 'clear', 'all', '--session', `${dir}/badzone-session.json`], { cwd: dir });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('There are no markers on the battlefield; nothing changed.');
  });

  it('refuses a number not on the map and a tile not on the battlefield (exit 2), and bad arguments', async () => {
    const dir = await crates();
    const no = await runCli(['marker', 'clear', '9'], { cwd: dir });
    expect(no.code).toBe(2);
    expect(no.stderr).toContain('There is no marker 9. Markers (on the battlefield or carried): 1, 2, 3, 4.');
    const tile = await runCli(['marker', 'move', '1', 'C3'], { cwd: dir });
    expect(tile.code).toBe(2);
    expect(tile.stderr).toContain('C3 is not a tile still on the battlefield.');
    expect((await runCli(['marker', 'move', 'all', 'A1'], { cwd: dir })).code).toBe(2);
    expect((await runCli(['marker', 'move', '1'], { cwd: dir })).code).toBe(2);
    expect((await runCli(['marker', 'carry', '1'], { cwd: dir })).code).toBe(2);
  });
});

describe("the Pillar of Flame's Blast off the table", () => {
  it('the End Phase says its center has left the table, past which edge, and how to discard it', async () => {
    const dir = tempDir();
    await cli(dir, 'new', '--seed', '7', '--hazard', 'none');
    await cli(dir, 'place', 'pillar-of-flame', '--dice', '1'); // A1
    await cli(dir, 'round', '--dice', '25');
    const out = await cli(dir, 'end', '--dice', '2,9'); // 8" toward 9 o'clock from (6, 6): (-2, 6)
    expect(out).toMatch(/Its center has left the table \(past the left-hand edge\): discard Pillar\s+of Flame\./);
    expect(out).toContain('`badzone discard pillar-of-flame`');
    const end = await cliJson(dir, 'status');
    expect(end.markers[0]).toMatchObject({ kind: 'large-blast', radius: 2.5, live: true, at: { offTable: true } });
    await cli(dir, 'discard', 'pillar-of-flame');
    expect((await cliJson(dir, 'map')).markers).toEqual([]);
  });
});

describe("a step's own markers", () => {
  it("the End Phase lists the Pillar's new scatter from where the last one left it; the map keeps the whole path", async () => {
    const dir = tempDir();
    await cli(dir, 'new', '--seed', '7', '--hazard', 'none');
    await cli(dir, 'place', 'pillar-of-flame', '--dice', '1'); // A1
    await cli(dir, 'round', '--dice', '25');
    const first = await cliJson(dir, 'end', '--dice', '1,3'); // 7" toward 3 o'clock: (13, 6), on A2
    expect(first.markers[0].scatters).toHaveLength(1);
    await cli(dir, 'round', '--dice', '25');
    const second = await cliJson(dir, 'end', '--dice', '1,6'); // 7" toward 6 o'clock: (13, 13), on B2
    expect(second.markers[0].scatters).toEqual([
      {
        round: 2,
        distance: 7,
        direction: 6,
        twelve: 'far',
        from: { x: 13, y: 6, tile: 'A2', offset: { x: -5, y: 0 } },
        to: { x: 13, y: 13, tile: 'B2', offset: { x: -5, y: -5 } },
      },
    ]);
    expect(second.markers[0].at).toEqual({ x: 13, y: 13, tile: 'B2', offset: { x: -5, y: -5 } });
    const map = await cliJson(dir, 'map');
    expect(map.markers[0].scatters.map((x: { round: number }) => x.round)).toEqual([1, 2]);
    expect(map.markers[0].at).toEqual(second.markers[0].at);
    // status gives each marker with the scatter that put it where it is: a long game's Pillar is not its whole path.
    const status = await cliJson(dir, 'status');
    expect(status.markers[0].scatters).toEqual(second.markers[0].scatters);
    expect(status.markers[0].at).toEqual(map.markers[0].at);
    expect(status.markers[0].origin).toEqual(map.markers[0].origin);
  });
});

describe("Treasure's golden casket, carried", () => {
  it('status, its JSON and the Markdown report say who carries it, in play and after, not the tile it was placed on', async () => {
    const dir = tempDir();
    await cli(dir, 'new', '--seed', '7', '--hazard', 'none', '--gang', 'Eschers:Vex,Mira');
    await cli(dir, 'place', 'treasure', '--dice', '1,2,3'); // A1, worth 50
    expect(await cli(dir, 'status')).toMatch(/since round 0, placed on A1, worth/);
    const id = (await cliJson(dir, 'map')).markers.find((m: { kind: string }) => m.kind === 'golden-casket').id;
    await cli(dir, 'marker', 'carry', String(id), '--gang', 'Eschers', '--fighter', 'Vex');
    // In play: the event's line says who carries it.
    expect((await cli(dir, 'status')).replace(/\s+/g, ' ')).toMatch(/since round 0, carried by Vex \(Eschers\), worth/);
    expect((await cliJson(dir, 'status')).inPlay[0]).toMatchObject({
      tile: 'A1',
      carriedBy: { gang: 'Eschers', fighter: 'Vex' },
    });
    expect(await cli(dir, 'report')).toMatch(/- Treasure: carried by Vex \(Eschers\); worth 50 credits/);
    // Discarded: what it left on the battlefield says so too.
    await cli(dir, 'discard', 'treasure');
    expect((await cli(dir, 'status')).replace(/\s+/g, ' ')).toMatch(
      /On the battlefield: golden Loot Casket, carried by Vex \(Eschers\) \(round 0\)/,
    );
    const st = await cliJson(dir, 'status');
    expect(st.battlefield.objects[0]).toMatchObject({ tile: 'A1', carriedBy: { gang: 'Eschers', fighter: 'Vex' } });
    expect(await cli(dir, 'report')).toMatch(
      /golden Loot Casket \(left by Treasure, round 0\) carried by Vex \(Eschers\)/,
    );
  });
});

describe('a casket that landed off the table', () => {
  it('is lost: the legend and the report say so, and the JSON report marks it offTable', async () => {
    const dir = await crates(); // c3: B1's center, 12" toward 6 o'clock: past the near edge
    expect((await cli(dir, 'map')).replace(/\n {4}/g, ' ')).toContain(
      'c3 Loot Casket, round 1: off the table, past the near edge (6" from the left-hand edge): lost, not placed',
    );
    const md = await cli(dir, 'report');
    expect(md).toContain('c3 Loot Casket (round 1): lost: it landed off the table');
    const json = JSON.parse(await cli(dir, 'report', '--format', 'json'));
    expect(json.caskets.map((c: { id: number; offTable: boolean }) => [c.id, c.offTable])).toEqual([
      [1, false],
      [2, false],
      [3, true],
      [4, false],
    ]);
  });
});

describe('a casket carried by a gang, no fighter named', () => {
  it('is said the same way in the legend, status and the report: a fighter of that gang', async () => {
    const dir = tempDir();
    await cli(dir, 'new', '--seed', '7', '--hazard', 'none', '--gang', 'Eschers:Vex,Mira');
    await cli(dir, 'place', 'treasure', '--dice', '1,2,3');
    const id = (await cliJson(dir, 'map')).markers.find((m: { kind: string }) => m.kind === 'golden-casket').id;
    expect((await cli(dir, 'marker', 'carry', String(id), '--gang', 'Eschers')).replace(/\s+/g, ' ')).toContain(
      'carried by a fighter of Eschers',
    );
    expect((await cli(dir, 'status')).replace(/\s+/g, ' ')).toContain('carried by a fighter of Eschers, worth');
    const md = await cli(dir, 'report');
    expect(md).toContain('- Treasure: carried by a fighter of Eschers; worth 50 credits');
    expect(md).toMatch(/golden Loot Casket \(round 0, worth 50 credits\): held by a fighter of Eschers/);
  });
});
