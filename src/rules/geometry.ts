// The battlefield's geometry (issue 22): tile names to grid places and centers, clock scatters to landing points,
// which tile a point lies on (and how far from its center), off-table detection and a marker's path. Pure numbers,
// in inches from tile A1's outer corner: x along row A (toward higher column numbers), y away from row A (toward
// later rows). A tile is 12" square, so A1's center is (6, 6). Written by hand: a few lines of arithmetic over
// ./orientation.ts's clock vectors, which no geometry library would make shorter (docs/development.md).
import { clockVector, EDGES, type Edge } from './orientation.js';

/** A tile's side, in inches. */
export const TILE_INCHES = 12;

export interface Point {
  x: number;
  y: number;
}

/** A tile's place in the grid: 0-based row (A = 0) and column (1 = 0). */
export interface GridPlace {
  row: number;
  col: number;
}

/** A tile's place in the grid, from its name (row letters, then the column number: "A1", "C12", "AB3"), or null. */
export function tileRowCol(name: string): GridPlace | null {
  // /^([A-Z]+)([1-9][0-9]*)$/ read by hand: a regular expression is compiled when first used, and again when used a
  // second time, in every process (about 30 us of `status`, which reads a few tile names).
  let row = 0;
  let i = 0;
  // Letters count A..Z, AA..ZZ, ... (bijective base 26, as tileName writes them).
  for (; i < name.length && name.charCodeAt(i) >= 65 && name.charCodeAt(i) <= 90; i++)
    row = row * 26 + (name.charCodeAt(i) - 64);
  // Then digits, the first not 0.
  if (i === 0 || i === name.length || name.charCodeAt(i) === 48) return null;
  for (let j = i; j < name.length; j++) if (name.charCodeAt(j) < 48 || name.charCodeAt(j) > 57) return null;
  return { row: row - 1, col: Number(name.slice(i)) - 1 };
}

/** The tile at a grid place ("A1" for row 0, column 0; rows after Z are AA, AB, ...): how games name their tiles. */
export function tileName(row: number, col: number): string {
  let s = '';
  let n = row;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return `${s}${col + 1}`;
}

/** A tile's center. Throws a RangeError for a name that is not a tile's. */
export function tileCenter(name: string): Point {
  const p = tileRowCol(name);
  if (!p) throw new RangeError(`"${name}" is not a tile name`);
  return { x: (p.col + 0.5) * TILE_INCHES, y: (p.row + 0.5) * TILE_INCHES };
}

/**
 * The battlefield as laid out at setup: the grid that holds its tiles, in tiles and inches, the tiles laid, and each
 * tile's place in the grid (and the tile at each place).
 */
export interface Layout {
  rows: number;
  cols: number;
  width: number;
  height: number;
  laid: readonly string[];
  /** The same tiles, as a set. */
  laidSet: ReadonlySet<string>;
  places: ReadonlyMap<string, GridPlace>;
  /** The tile at each place, keyed by placeKey(row, col). */
  names: ReadonlyMap<number, string>;
}

/**
 * The layout of a game's tiles (all of them, as set up: a 5-tile layout's grid is 2 x 3 with B3 not laid). Tiles
 * named by their place (A1, B3) lie there; a game whose tiles bear other names (an older file, a test) has them laid
 * in order in near-square rows, as `--tiles N` lays them.
 */
/** A grid place as one number (a map key without a string built per lookup: a long path asks for many). */
function placeKey(row: number, col: number): number {
  return row * 65_536 + col;
}

export function layoutOf(tiles: readonly string[]): Layout {
  // The same tiles give the same layout, and nothing changes one (its maps and sets are read-only): it is made once
  // per list of tiles, not for every marker placed or scatter checked (a long game's page update asked for it
  // dozens of times, each a pass over the tile names with a regular expression).
  const key = tiles.join('\u0000');
  const known = LAYOUTS.get(key);
  if (known) return known;
  const made = makeLayout(Object.freeze([...tiles]));
  if (LAYOUTS.size >= 32) LAYOUTS.clear();
  LAYOUTS.set(key, made);
  return made;
}

const LAYOUTS = new Map<string, Layout>();

function makeLayout(tiles: readonly string[]): Layout {
  const places = new Map<string, GridPlace>();
  const names = new Map<number, string>();
  let byName = true;
  for (const t of tiles) {
    const p = tileRowCol(t);
    if (!p || names.has(placeKey(p.row, p.col))) {
      byName = false;
      break;
    }
    places.set(t, p);
    names.set(placeKey(p.row, p.col), t);
  }
  if (!byName) {
    places.clear();
    names.clear();
    const cols = Math.max(1, Math.ceil(Math.sqrt(tiles.length)));
    tiles.forEach((t, i) => {
      if (places.has(t)) return;
      const p = { row: Math.floor(i / cols), col: i % cols };
      places.set(t, p);
      names.set(placeKey(p.row, p.col), t);
    });
  }
  let rows = 0;
  let cols = 0;
  for (const p of places.values()) {
    rows = Math.max(rows, p.row + 1);
    cols = Math.max(cols, p.col + 1);
  }
  return {
    rows,
    cols,
    width: cols * TILE_INCHES,
    height: rows * TILE_INCHES,
    laid: tiles,
    laidSet: new Set(tiles),
    places,
    names,
  };
}

/** A tile's center in a layout. Throws a RangeError for a tile the layout does not have. */
export function centerIn(layout: Layout, name: string): Point {
  const p = layout.places.get(name);
  if (!p) throw new RangeError(`"${name}" is not a tile of this battlefield`);
  return { x: (p.col + 0.5) * TILE_INCHES, y: (p.row + 0.5) * TILE_INCHES };
}

/** Where a scatter from `origin` lands: `distance` inches toward the clock `direction`, 12 o'clock toward `twelve`. */
export function landing(origin: Point, distance: number, direction: number, twelve: Edge): Point {
  const v = clockVector(direction, twelve);
  return { x: origin.x + distance * v.x, y: origin.y + distance * v.y };
}

/** One scatter of a path: how far, toward which clock number, and where 12 o'clock pointed when it was rolled. */
export interface PathScatter {
  distance: number;
  direction: number;
  twelve: Edge;
}

/**
 * A marker's path: where it was put down, then where each scatter left it, each from where the one before left it
 * (the Pillar of Flame's Large Blast scatters once per End Phase). The first point is the origin.
 */
export function scatterPath(origin: Point, scatters: readonly PathScatter[]): Point[] {
  const out: Point[] = [origin];
  let at = origin;
  for (const s of scatters) {
    at = landing(at, s.distance, s.direction, s.twelve);
    out.push(at);
  }
  return out;
}

/**
 * The tile among `tiles` (the ones still on the battlefield) under a point, and the point's offset from that tile's
 * center; null when none is. A point on the line between two tiles lies on the one with the higher row or column
 * when that one is on the battlefield, else on the other; a point on the board's outer edge is on the board.
 */
export function tileAt(
  p: Point,
  tiles: readonly string[] | ReadonlySet<string>,
  layout: Layout = layoutOf([...tiles]),
): { tile: string; offset: Point } | null {
  const on = tiles instanceof Set ? tiles : new Set(tiles);
  if (p.x < 0 || p.y < 0) return null;
  const row = Math.floor(p.y / TILE_INCHES);
  const col = Math.floor(p.x / TILE_INCHES);
  // Beyond the grid (its outer edge, on the line after its last row or column, still counts).
  if (row > layout.rows || col > layout.cols) return null;
  // On a line between tiles, the higher row or column first, then the lower (at most four places to look at).
  const rowLine = row > 0 && p.y % TILE_INCHES === 0;
  const colLine = col > 0 && p.x % TILE_INCHES === 0;
  for (let r = row; r >= (rowLine ? row - 1 : row); r--)
    for (let c = col; c >= (colLine ? col - 1 : col); c--) {
      const name = layout.names.get(placeKey(r, c));
      if (name === undefined || !on.has(name)) continue;
      const center = centerIn(layout, name);
      return { tile: name, offset: { x: p.x - center.x, y: p.y - center.y } };
    }
  return null;
}

/**
 * The edge of the layout's grid a point lies beyond, or null when it lies within the grid (on its edge counts as
 * within). Past a corner, the edge it is furthest beyond; an equal distance past two, the first of them clockwise
 * from the far edge (far, right, near, left).
 */
export function edgeCrossed(p: Point, layout: Layout): Edge | null {
  // How far past each edge, in EDGES's order (far, right, near, left); the farthest wins, the first on a tie.
  let best: Edge | null = null;
  let most = 0;
  for (let i = 0; i < 4; i++) {
    const past = i === 0 ? -p.y : i === 1 ? p.x - layout.width : i === 2 ? p.y - layout.height : -p.x;
    if (past > 0 && (best === null || past > most)) {
      best = EDGES[i]!;
      most = past;
    }
  }
  return best;
}

/** A point moved onto the layout's grid (where a marker off the table is drawn: at the edge it crossed). */
export function clampToBoard(p: Point, layout: Layout): Point {
  return { x: Math.min(Math.max(p.x, 0), layout.width), y: Math.min(Math.max(p.y, 0), layout.height) };
}

/**
 * Where a point lies on a game's battlefield. On a tile still on the battlefield: that tile and the offset from its
 * center. Over a tile laid out at setup and since removed (Collapsed Section): no tile, but on the table. Beyond
 * the grid's edges (`edge`), or over a place of the grid where no tile was laid (a 5-tile layout's B3, `edge`
 * null): off the table.
 */
export type Whereabouts =
  | { tile: string; offset: Point; offTable: false }
  | { tile: null; offTable: false; removed: string }
  | { tile: null; offTable: true; edge: Edge | null };

export function whereabouts(p: Point, layout: Layout, tilesIn: readonly string[] | ReadonlySet<string>): Whereabouts {
  const on = tileAt(p, tilesIn, layout);
  if (on) return { tile: on.tile, offset: on.offset, offTable: false };
  const edge = edgeCrossed(p, layout);
  if (edge) return { tile: null, offTable: true, edge };
  const laid = tileAt(p, layout.laidSet, layout);
  if (laid) return { tile: null, offTable: false, removed: laid.tile };
  return { tile: null, offTable: true, edge: null };
}
