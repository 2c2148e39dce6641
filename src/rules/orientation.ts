// The table's own frame: where the tiles lie and which way 12 o'clock points. Tiles are laid out one way, seen from
// the GM's seat: row A along the far edge, A1 at its left-hand corner, column numbers growing to the right (and
// later rows toward the GM). 12 o'clock points to one of the four edges of that layout, agreed at setup; the
// other hours follow clockwise, seen from above. Pure: the map (issue 22) and the texts both draw from it.

/** An edge of the battlefield, seen from the GM's seat: far (row A's), right (the last column's), near, left (column 1's). */
export type Edge = 'far' | 'right' | 'near' | 'left';

/** The edges clockwise from the far one (the order the clock goes round, seen from above). */
export const EDGES: readonly Edge[] = ['far', 'right', 'near', 'left'];

/** Where 12 o'clock points. */
export interface Orientation {
  twelve: Edge;
}

/** The default: 12 o'clock points to the far edge, toward row A. */
export const DEFAULT_ORIENTATION: Orientation = { twelve: 'far' };

export function isEdge(v: unknown): v is Edge {
  return typeof v === 'string' && (EDGES as readonly string[]).includes(v);
}

/** sin(30k°) for k = 0..11, exact where it can be (0, ±1/2, ±1), so that 3 o'clock is exactly (1, 0). */
const H = Math.sqrt(3) / 2;
const SIN = [0, 0.5, H, 1, H, 0.5, 0, -0.5, -H, -1, -H, -0.5] as const;

/**
 * The board direction of a clock direction (1-12) as a unit vector in the board's frame: x along row A (toward
 * higher column numbers), y away from row A (toward later rows). With 12 o'clock to the far edge, 12 is (0, -1),
 * 3 is (1, 0), 6 is (0, 1) and 9 is (-1, 0).
 */
export function clockVector(direction: number, twelve: Edge): Readonly<{ x: number; y: number }> {
  if (!Number.isInteger(direction) || direction < 1 || direction > 12)
    throw new RangeError(`a clock direction is a whole number from 1 to 12, not ${direction}`);
  // Hours clockwise from the far edge: 12 o'clock itself is 3 hours on when it points to the right edge.
  return CLOCK[((direction % 12) + 3 * EDGES.indexOf(twelve)) % 12]!;
}

/**
 * The twelve unit vectors, made once and frozen: a long-lived Pillar's path is hundreds of scatters, and each new
 * vector was garbage for a `status` to collect. Bearing b = 30k° clockwise from "toward row A" (0, -1):
 * (sin b, -cos b), and -cos b = sin(b - 90°).
 */
const CLOCK: readonly Readonly<{ x: number; y: number }>[] = SIN.map((_, k) =>
  Object.freeze({ x: SIN[k]!, y: SIN[(k + 9) % 12]! }),
);

/** The edge a clock direction points straight at (12, 3, 6 or 9 o'clock), or null for the hours between. */
export function edgeAt(direction: number, twelve: Edge): Edge | null {
  if (direction % 3 !== 0) return null;
  return EDGES[((direction % 12) / 3 + EDGES.indexOf(twelve)) % 4]!;
}
