// The markers events put on the battlefield (issue 22): which kind each placement is, and what is drawn to scale.
// The kinds are codes; the edge says them in words. Read off the steps of a table, so a group's own table's
// placements are markers too (of kind 'marker' when they are none of the shipped ones).
import type { Step } from './types.js';

/** The kinds of marker the map draws. 'marker': a placement of a group's own table that is none of the others. */
export type MarkerKind = 'loot-casket' | 'smoke-marker' | 'frag-mine' | 'golden-casket' | 'large-blast' | 'marker';

/** The shipped tables' placements, by what their steps call them. */
const KINDS: Readonly<Record<string, MarkerKind>> = {
  'Loot Casket': 'loot-casket',
  'Smoke Marker': 'smoke-marker',
  'Frag Mine': 'frag-mine',
  'golden Loot Casket': 'golden-casket',
  'Large Blast': 'large-blast',
};

/** The kind of a marker called `what` by its step. */
export function markerKind(what: string): MarkerKind {
  return KINDS[what] ?? 'marker';
}

/**
 * A Large Blast template is 5" across; a Small Blast 3". A Frag Mine is drawn with the Small Blast its frag
 * profile has (Blast (3"), a reading: docs/rulings.md). Markers drawn as a point have none.
 */
const RADIUS: Partial<Record<MarkerKind, number>> = { 'large-blast': 2.5, 'frag-mine': 1.5 };

/** The radius, in inches, of what a marker of this kind is drawn as to scale, or undefined for a point. */
export function markerRadius(kind: MarkerKind): number | undefined {
  return RADIUS[kind];
}

/**
 * Whether a tile pick puts a marker on its tile: not when it removes the tile (Collapsed Section), nor when what
 * it places is a number of other things at its center (Mines Detected's Frag Mines are the markers, not the pick).
 */
export function pickPlacesMarker(step: Extract<Step, { kind: 'pickTile' }>): boolean {
  return step.removeTile !== true && step.place === undefined;
}
