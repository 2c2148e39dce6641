// The markers events put on the battlefield (issue 22): adding one, where one is now, and what leaving play does to
// an event's markers. Positions come from ../rules/geometry.ts; the state keeps only tiles and numbers.
import { centerIn, layoutOf, whereabouts, type Layout, type Point } from '../rules/geometry.js';
import { clockVector, type Edge } from '../rules/orientation.js';
import type { Marker, MarkerScatter, SessionState } from './state.js';

/**
 * A marker with its fields in one order, the order the session loader (./schema.ts) writes them in: `verify`
 * compares the file's markers with the replay's as JSON text.
 */
export function canonical(m: Marker): Marker {
  const out: Marker = {
    id: m.id,
    kind: m.kind,
    eventId: m.eventId,
    what: m.what,
    round: m.round,
    tile: m.tile,
    twelve: m.twelve,
  };
  if (m.scatters) out.scatters = m.scatters;
  if (m.worth) out.worth = m.worth;
  if (m.live) out.live = true;
  if (m.moved) out.moved = m.moved;
  if (m.carriedBy) out.carriedBy = m.carriedBy;
  return out;
}

/** Number a new marker and put it on the battlefield. */
export function addMarker(s: SessionState, m: Omit<Marker, 'id'>): Marker {
  s.markersPlaced += 1;
  const marker = canonical({ id: s.markersPlaced, ...m });
  s.markers.push(marker);
  return marker;
}

/** Where 12 o'clock pointed for one of a marker's scatters. */
export function scatterTwelve(m: Marker, sc: MarkerScatter): Edge {
  return sc[3] ?? m.twelve;
}

/** Where a marker starts from: its tile's center, or the one the GM moved it to. */
export function markerStart(m: Marker, layout: Layout): Point {
  return centerIn(layout, m.moved?.tile ?? m.tile);
}

/**
 * Where a marker was after its first `n` scatters, remembered per marker object (a memo, not state: the same
 * numbers give the same point). A Pillar of Flame never discarded scatters every End Phase of a long game, and the
 * End Phase asks where it is each time: from the last point remembered, that costs one scatter, not the whole path.
 */
const REACHED = new WeakMap<Marker, { n: number; at: Point }>();

/** Where a marker is now: from where it was put down (or moved to), each scatter since from where the last left it. */
export function markerAt(m: Marker, layout: Layout): Point {
  const sc = m.scatters ?? [];
  const from = m.moved?.after ?? 0;
  const known = REACHED.get(m);
  let at: Point;
  let i: number;
  if (known && known.n >= from && known.n <= sc.length) {
    at = known.at;
    i = known.n;
  } else {
    at = markerStart(m, layout);
    i = from;
  }
  // landing() step by step, the point kept as two numbers: a long Pillar's path makes no object per scatter.
  let x = at.x;
  let y = at.y;
  const first = i;
  for (; i < sc.length; i++) {
    const v = clockVector(sc[i]![2], scatterTwelve(m, sc[i]!));
    x += sc[i]![1] * v.x;
    y += sc[i]![1] * v.y;
  }
  if (i !== first) at = { x, y };
  REACHED.set(m, { n: sc.length, at });
  return at;
}

/**
 * Where markerAt last found `m`: after its first `n` scatters, at `at` (exactly, not rounded); undefined when it
 * was not asked in this process. The map's view of a step's changes starts there (../api/map.ts, changedMarkers):
 * the End Phase has just walked a long Pillar's path.
 */
export function reachedPoint(m: Marker): { readonly n: number; readonly at: Point } | undefined {
  return REACHED.get(m);
}

/** A marker replaced by a copy with more scatters (and nothing else changed) starts from where the old one was. */
function carryReached(old: Marker, copy: Marker): void {
  const known = REACHED.get(old);
  if (known) REACHED.set(copy, known);
}

/**
 * Whether a marker's center has left the table (../rules/geometry.ts whereabouts: beyond the layout's edges, or over
 * a place where no tile was laid), and past which edge (null: over such a place). Null while it is on the table.
 */
export function leftTable(s: SessionState, m: Marker): { edge: Edge | null } | null {
  // (layoutOf is a pass over the tiles: 676 at most, small beside the rest of an End Phase.)
  const layout = layoutOf(s.setup.tiles);
  const w = whereabouts(markerAt(m, layout), layout, s.tiles);
  return w.offTable ? { edge: w.edge } : null;
}

/** The live marker of an event in play (the one its scatters move), or undefined. */
export function liveMarker(s: SessionState, eventId: string): Marker | undefined {
  for (let i = s.markers.length - 1; i >= 0; i--) {
    const m = s.markers[i]!;
    if (m.live && m.eventId === eventId) return m;
  }
  return undefined;
}

/** Replace a marker by a copy with one more scatter (states share the markers they did not change: ./working.ts). */
export function addScatter(s: SessionState, m: Marker, mark: MarkerScatter): Marker {
  // Where it was before this scatter, found now (remembered for `m`): the map's view of the step's changes
  // (../api/map.ts changedMarkers) lists the new scatter from there, and the copy goes on from there too.
  markerAt(m, layoutOf(s.setup.tiles));
  const copy = canonical({ ...m, scatters: [...(m.scatters ?? []), mark] });
  carryReached(m, copy);
  const i = s.markers.lastIndexOf(m);
  if (i >= 0) s.markers[i] = copy;
  return copy;
}

/**
 * An event leaves play: its live markers stay on the battlefield when what it placed stays (Treasure's casket, no
 * longer live), and leave with it otherwise (the Pillar of Flame's Large Blast).
 */
export function markersLeavePlay(s: SessionState, eventId: string, stays: boolean): void {
  if (!s.markers.some((m) => m.live && m.eventId === eventId)) return;
  s.markers = stays
    ? s.markers.map((m) => {
        if (!(m.live && m.eventId === eventId)) return m;
        const { live: _live, ...rest } = m;
        return canonical(rest);
      })
    : s.markers.filter((m) => !(m.live && m.eventId === eventId));
}

/** What an event left on the battlefield is taken off (a discarded Treasure's casket): its marker goes with it. */
export function markerOfObjectGone(s: SessionState, eventId: string, round: number): void {
  const i = s.markers.findIndex((m) => !m.live && m.eventId === eventId && m.round === round);
  if (i >= 0) s.markers.splice(i, 1);
}
