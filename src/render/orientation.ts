// The table's frame in words: which edge is which, seen from the GM's seat, and where 12 o'clock points. Said at
// setup, in `status`, on the card of the game's first scatter and at each scatter-direction prompt.
import { EDGES, edgeAt, type Edge } from '../api/orientation.js';

/** An edge in a few words, seen from the GM's seat. */
export const EDGE_NAME: Record<Edge, string> = {
  far: 'the far edge',
  right: 'the right-hand edge',
  near: 'the near edge',
  left: 'the left-hand edge',
};

/** The same, with what lies along it (tiles: row A along the far edge, A1 at its left-hand corner). */
export const EDGE_WORDS: Record<Edge, string> = {
  far: 'the far edge (toward row A)',
  right: 'the right-hand edge (toward the last column)',
  near: "the near edge (the GM's side)",
  left: 'the left-hand edge (toward column 1)',
};

/** "12 o'clock points to the far edge (toward row A), 3 o'clock to the right-hand edge" */
function clockText(twelve: Edge): string {
  return `12 o'clock points to ${EDGE_WORDS[twelve]}, 3 o'clock to ${EDGE_NAME[edgeAt(3, twelve)!]}`;
}

/** In one short line, for a round's card: "12 o'clock = far edge (row A), 3 = right, 6 = near, 9 = left" */
export function clockShort(twelve: Edge): string {
  const at = (h: number, edge = '') => {
    const e = edgeAt(h, twelve)!;
    return `${e}${edge}${e === 'far' ? ' (row A)' : ''}`;
  };
  return `12 o'clock = ${at(12, ' edge')}, 3 = ${at(3)}, 6 = ${at(6)}, 9 = ${at(9)}`;
}

/** How the tiles lie, and where 12 o'clock points: said at setup and in `status`. */
export function tableFrame(twelve: Edge): string {
  return `row A along the far edge, A1 at its left-hand corner, columns numbered to the right (seen from the GM's seat); ${clockText(twelve)}.`;
}

/** The four edges as menu choices: "The far edge (toward row A)", ... (the setup wizard and `play`). */
export function edgeChoices(): { name: string; value: Edge }[] {
  return EDGES.map((e) => ({ name: `${EDGE_WORDS[e][0]!.toUpperCase()}${EDGE_WORDS[e].slice(1)}`, value: e }));
}
