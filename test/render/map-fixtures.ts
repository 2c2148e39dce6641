// Hand-made maps (src/api/types.ts MapView) for the map renderers' tests: boards of 3x3, 4x4 and 6x6 tiles, a
// 5-tile layout, and markers placed the way the engine places them (a tile's center, then each scatter from where
// the last left it). The geometry here is written out by hand, independently of the engine's, so the renderers are
// tested on the contract alone.
import type { MapMarker, MapPlace, MapScatter, MapSite, MapTile, MapView, MarkerKind } from '../../src/api/types.js';
import type { Edge } from '../../src/api/orientation.js';

const ROWS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export function tileName(row: number, col: number): string {
  return `${ROWS[row]}${col + 1}`;
}

/** A board of rows x cols tiles; `only` keeps the named tiles (a layout that is not a full rectangle). */
export function board(rows: number, cols: number, opts: { only?: string[]; twelve?: Edge } = {}): MapView {
  const tiles: MapTile[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const name = tileName(r, c);
      if (opts.only && !opts.only.includes(name)) continue;
      tiles.push({ name, row: r, col: c, center: { x: 12 * c + 6, y: 12 * r + 6 }, state: 'in' });
    }
  return {
    round: 1,
    phase: 'round',
    rows,
    cols,
    width: 12 * cols,
    height: 12 * rows,
    tiles,
    orientation: { twelve: opts.twelve ?? 'far' },
    markers: [],
    spawnPoints: [],
    lairs: [],
    structures: [],
  };
}

/** Where a point lies on `view`: its tile and offset, or off the table (clamped to the edge it crossed). */
export function place(view: MapView, x: number, y: number): MapPlace {
  const r = (n: number) => Math.round(n * 1e9) / 1e9;
  x = r(x);
  y = r(y);
  let edge: Edge | undefined;
  if (y < 0) edge = 'far';
  else if (y > view.height) edge = 'near';
  else if (x < 0) edge = 'left';
  else if (x > view.width) edge = 'right';
  if (edge) {
    return {
      x: Math.min(view.width, Math.max(0, x)),
      y: Math.min(view.height, Math.max(0, y)),
      tile: null,
      offTable: true,
      edge,
    };
  }
  const t = view.tiles.find((t) => t.state === 'in' && Math.abs(x - t.center.x) <= 6 && Math.abs(y - t.center.y) <= 6);
  if (!t) return { x, y, tile: null };
  return { x, y, tile: t.name, offset: { x: r(x - t.center.x), y: r(y - t.center.y) } };
}

const H = Math.sqrt(3) / 2;
const SIN = [0, 0.5, H, 1, H, 0.5, 0, -0.5, -H, -1, -H, -0.5];
const EDGES: Edge[] = ['far', 'right', 'near', 'left'];

/** A clock direction as a board vector (12 o'clock toward `twelve`), written out again for the fixtures. */
function clock(direction: number, twelve: Edge): { x: number; y: number } {
  const k = ((direction % 12) + 3 * EDGES.indexOf(twelve)) % 12;
  return { x: SIN[k]!, y: SIN[(k + 9) % 12]! };
}

export function center(view: MapView, tile: string): MapPlace {
  const t = view.tiles.find((t) => t.name === tile)!;
  return { x: t.center.x, y: t.center.y, tile, offset: { x: 0, y: 0 } };
}

/** A marker put at `tile`'s center and scattered by each [round, distance, direction] in turn. */
export function marker(
  view: MapView,
  m: { id: number; kind: MarkerKind; what: string; round: number; eventId?: string; tile: string; live?: boolean },
  scatters: [number, number, number][] = [],
  extra: Partial<MapMarker> = {},
): MapMarker {
  const origin = center(view, m.tile);
  let at: MapPlace = origin;
  const list: MapScatter[] = [];
  // Once off the table, the raw point goes on (the engine scatters a Pillar from where it truly is); the places
  // are clamped only for drawing.
  let raw = { x: origin.x, y: origin.y };
  for (const [round, distance, direction] of scatters) {
    const v = clock(direction, view.orientation.twelve);
    const next = { x: raw.x + distance * v.x, y: raw.y + distance * v.y };
    const to = place(view, next.x, next.y);
    list.push({ round, distance, direction, twelve: view.orientation.twelve, from: at, to });
    at = to;
    raw = next;
  }
  return {
    id: m.id,
    kind: m.kind,
    eventId: m.eventId ?? m.kind,
    what: m.what,
    round: m.round,
    origin,
    scatters: list,
    at,
    live: m.live ?? false,
    ...extra,
  };
}

export function sites(tiles: (string | null)[], extra: Partial<MapSite>[] = []): MapSite[] {
  return tiles.map((tile, i) => ({ number: i + 1, tile, ...(extra[i] ?? {}) }));
}

/** A 3x3 board: one casket scattered 10" toward 3 o'clock from A1's center, to (16, 6) on A2. */
export function small(): MapView {
  const v = board(3, 3);
  v.markers = [
    marker(v, { id: 1, kind: 'loot-casket', what: 'Loot Casket', round: 1, tile: 'A1', eventId: 'falling-crates' }, [
      [1, 10, 3],
    ]),
  ];
  return v;
}

/** Falling Crates' 16 scatters on a 4x4 board, one per tile (row by row): [distance, direction]. */
export const CRATES: [number, number][] = [
  [8, 9], // A1: off the table at the left-hand edge
  [4, 3],
  [6, 6],
  [2, 12],
  [5, 1],
  [3, 4],
  [7, 7],
  [9, 10],
  [1, 5],
  [4, 8],
  [10, 2],
  [3, 11],
  [6, 12],
  [2, 3],
  [5, 6],
  [8, 9],
];

/**
 * The 4x4 board the issue asks for: 16 Loot Caskets from a Falling Crates in round 2 (A1's lands off the table at
 * the left-hand edge), a Pillar of Flame placed on B2 in round 1 and scattered in the End Phases of rounds 1 to 4
 * (a 4-step path, radius 2.5), tile D4 removed by a Collapsed Section and C3 picked but not confirmed, spawn
 * points on tiles (the second used this round) and one without a tile, a lair turned nest and a collapsed
 * structure. One casket is carried.
 */
export function fourByFour(): MapView {
  const v = board(4, 4);
  v.round = 4;
  v.phase = 'end';
  const d4 = v.tiles.find((t) => t.name === 'D4')!;
  d4.state = 'removed';
  v.tiles.find((t) => t.name === 'C3')!.unconfirmed = true;
  v.markers = v.tiles.map((t, i) =>
    marker(
      v,
      { id: i + 1, kind: 'loot-casket', what: 'Loot Casket', round: 2, tile: t.name, eventId: 'falling-crates' },
      [[2, CRATES[i]![0], CRATES[i]![1]]],
    ),
  );
  // The casket that fell on D4 stays where it landed (the tile went later); one is carried.
  v.markers[5] = { ...v.markers[5]!, carriedBy: { gang: 'Goliaths', fighter: 'Krag' } };
  v.markers.push(
    marker(
      v,
      {
        id: 17,
        kind: 'large-blast',
        what: 'Pillar of Flame',
        round: 1,
        tile: 'B2',
        eventId: 'pillar-of-flame',
        live: true,
      },
      [
        [1, 9, 2],
        [2, 4, 6],
        [3, 6, 9],
        [4, 3, 5],
      ],
      { radius: 2.5 },
    ),
  );
  v.spawnPoints = sites(['A1', 'C2', 'D3', null], [{}, { used: true }]);
  v.lairs = sites(['B4', null], [{ becomes: 'Monster Nest' }]);
  v.structures = sites(['A3'], [{ collapsed: true }]);
  return v;
}

/** A 6x6 board with a few markers of every kind, 12 o'clock to the right-hand edge. */
export function sixBySix(): MapView {
  const v = board(6, 6, { twelve: 'right' });
  v.round = 3;
  v.markers = [
    marker(v, { id: 1, kind: 'smoke-marker', what: 'Smoke Marker', round: 1, tile: 'C3' }, [[1, 5, 3]]),
    marker(v, { id: 2, kind: 'frag-mine', what: 'Frag Mine', round: 2, tile: 'F6' }, [], { radius: 2 }),
    marker(v, { id: 3, kind: 'golden-casket', what: 'Golden Casket', round: 3, tile: 'A6' }, [], {
      worth: { value: 50, unit: 'credits' },
    }),
    marker(v, { id: 4, kind: 'loot-casket', what: 'Loot Casket', round: 3, tile: 'F1' }, [[3, 9, 6]]),
  ];
  return v;
}

/** The 5-tile layout A1 A2 A3 B1 B2, with one casket on B2 moved there by the GM. */
export function fiveTiles(): MapView {
  const v = board(2, 3, { only: ['A1', 'A2', 'A3', 'B1', 'B2'] });
  v.markers = [
    marker(v, { id: 1, kind: 'loot-casket', what: 'Loot Casket', round: 1, tile: 'A3' }, [[1, 4, 6]], {
      moved: true,
      at: center(v, 'B2'),
    }),
  ];
  v.spawnPoints = sites([null, null]);
  return v;
}

export const HOSTILE = {
  script: '<script>alert(1)</script>',
  quotes: `"'&amp;`,
  ansi: 'Evil\u001b[2J\u001b]0;pwned\u0007\u009b31m\u202eName\r\n',
  long: 'The Extraordinarily Long-Named Casket Of The Underhive Depths Beyond The Sump '.repeat(3).trim(),
};

/** A 3x3 board whose event `what`, gang and fighter names are hostile. */
export function hostile(): MapView {
  const v = board(3, 3);
  v.markers = [
    marker(v, { id: 1, kind: 'loot-casket', what: HOSTILE.script, round: 1, tile: 'A1' }, [[1, 3, 3]]),
    marker(v, { id: 2, kind: 'smoke-marker', what: HOSTILE.quotes, round: 1, tile: 'B2' }, [[1, 4, 7]]),
    marker(v, { id: 3, kind: 'frag-mine', what: HOSTILE.ansi, round: 1, tile: 'C3' }),
    marker(v, { id: 4, kind: 'golden-casket', what: HOSTILE.long, round: 1, tile: 'C1' }, [], {
      worth: { value: 20, unit: HOSTILE.script },
    }),
    marker(v, { id: 5, kind: 'loot-casket', what: 'Loot Casket', round: 1, tile: 'A3' }, [], {
      carriedBy: { gang: HOSTILE.ansi, fighter: HOSTILE.script },
    }),
    marker(v, { id: 6, kind: 'loot-casket', what: 'Loot Casket', round: 1, tile: 'A2' }, [], {
      carriedBy: { gang: HOSTILE.long, fighter: HOSTILE.quotes },
    }),
  ];
  v.lairs = sites(['B1'], [{ becomes: HOSTILE.script }]);
  return v;
}
