// The battlefield map's model (issue 22): the tiles as laid out, every marker with its origin, scatters and where it
// is now, and the numbered spawn points, lairs and structures. Computed from the state's compact markers with the
// geometry module; never from a replay (status, round and the page draw it at the same cost in round 1 and 1000).
import { clampToBoard, layoutOf, centerIn, whereabouts, type Layout, type Point } from '../rules/geometry.js';
import { clockVector } from '../rules/orientation.js';
import { markerRadius } from '../rules/markers.js';
import { knownPointBefore, markerStart, reachedPoint, scatterTwelve } from '../engine/markers.js';
import { mapSites } from './map-sites.js';
import type { Marker, SessionState } from '../engine/state.js';
import type { MapMarker, MapPlace, MapScatter, MapTile, MapView } from './types.js';

/** Inches to a thousandth: what a bot needs, without the float noise of sin 60° (-0 written as 0). */
function inches(v: number): number {
  return Math.round(v * 1000) / 1000 + 0;
}

/** Where a point lies on this game's battlefield, as the map gives it. */
export function mapPlace(p: Point, layout: Layout, tilesIn: readonly string[] | ReadonlySet<string>): MapPlace {
  const w = whereabouts(p, layout, tilesIn);
  const x = inches(p.x);
  const y = inches(p.y);
  if (w.tile !== null) return { x, y, tile: w.tile, offset: { x: inches(w.offset.x), y: inches(w.offset.y) } };
  if (!w.offTable) return { x, y, tile: null, overRemoved: w.removed };
  if (w.edge === null) return { x, y, tile: null, offTable: true };
  const d = clampToBoard(p, layout);
  return { x, y, tile: null, offTable: true, edge: w.edge, drawAt: { x: inches(d.x), y: inches(d.y) } };
}

/**
 * One marker on the map: where it was put down, each scatter from where the last left it, and where it is now.
 * `since`: list only the scatters from that one on (a step's view lists the scatters the step made, not a long
 * Pillar's whole path again each round).
 */
export function markerView(
  s: SessionState,
  m: Marker,
  layout: Layout = layoutOf(s.setup.tiles),
  tilesIn: ReadonlySet<string> = new Set(s.tiles),
  since = 0,
  known?: { readonly n: number; readonly at: Point },
  origins?: Map<string, MapPlace>,
): MapMarker {
  const place = (p: Point): MapPlace => mapPlace(p, layout, tilesIn);
  const start = centerIn(layout, m.tile);
  // Markers put down on the same tile start at the same place: placed once for all of them (`origins`, kept by
  // markersView: a long game's dozens of markers lie on a few tiles, and every status places them).
  let origin = origins?.get(m.tile);
  if (!origin) {
    origin = place(start);
    origins?.set(m.tile, origin);
  }
  const scatters: MapScatter[] = [];
  // Each point is placed once (a scatter's `from` is the `to` of the one before: a Pillar's path can be long), and
  // each landing is computed from the exact point, not the rounded one the view shows. `placed`: the current point,
  // placed, when it is (null after a move or a scatter not listed). The point is kept as two numbers, as landing()
  // computes it, so that the scatters not listed (a long Pillar's path before the newest, in `status`) make no
  // object to collect.
  let x = start.x;
  let y = start.y;
  let placed: MapPlace | null = origin;
  const list = m.scatters ?? [];
  let i0 = 0;
  // Where the marker was after its first n scatters, when known (markerAt found it) and not past those listed:
  // the walk starts there (the point is the one the walk would reach: markerAt takes the same steps).
  if (known && known.n > 0 && known.n <= since && known.n <= list.length && known.n >= (m.moved?.after ?? 0)) {
    ({ x, y } = known.at);
    placed = null;
    i0 = known.n;
  }
  for (let i = i0; i < list.length; i++) {
    const sc = list[i]!;
    if (m.moved && i === m.moved.after) {
      ({ x, y } = markerStart(m, layout));
      placed = null;
    }
    const twelve = scatterTwelve(m, sc);
    const v = clockVector(sc[2], twelve);
    const bx = x;
    const by = y;
    x += sc[1] * v.x;
    y += sc[1] * v.y;
    if (i < since) {
      placed = null;
      continue;
    }
    const from = placed ?? place({ x: bx, y: by });
    const to = place({ x, y });
    scatters.push({ round: sc[0], distance: sc[1], direction: sc[2], twelve, from, to });
    placed = to;
  }
  let p: Point = { x, y };
  if (m.moved && m.moved.after >= list.length) {
    p = markerStart(m, layout);
    placed = null;
  }
  const at = placed ?? place(p);
  const out: MapMarker = {
    id: m.id,
    kind: m.kind,
    eventId: m.eventId,
    what: m.what,
    round: m.round,
    origin,
    scatters,
    at,
    live: m.live === true,
  };
  const radius = markerRadius(m.kind);
  if (radius !== undefined) out.radius = radius;
  if (m.worth) out.worth = { ...m.worth };
  if (m.moved) out.moved = true;
  if (m.carriedBy) out.carriedBy = { ...m.carriedBy };
  return out;
}

/**
 * Every marker on the battlefield, oldest first. `last`: list at most that many of each marker's scatters, the
 * newest (`status` lists the one that put it where it is: a Pillar in play for a long game has scattered every
 * round, and its whole path is the map's, not every status's).
 */
export function markersView(s: SessionState, last = Number.POSITIVE_INFINITY): MapMarker[] {
  const layout = layoutOf(s.setup.tiles);
  const tilesIn = new Set(s.tiles);
  const origins = new Map<string, MapPlace>();
  return s.markers.map((m) => {
    const since = Math.max(0, (m.scatters?.length ?? 0) - last);
    // A long path's newest scatters are walked from the point remembered nearest before them (a trusted file keeps
    // one: ../engine/markers.ts pathMarks), not from where it was put down.
    return markerView(s, m, layout, tilesIn, since, since > 0 ? knownPointBefore(m, since) : undefined, origins);
  });
}

/**
 * The markers a step placed or changed. A step replaces a marker it changes and shares the others with the state
 * before it (../engine/working.ts), so a marker object not in the state before is new or changed.
 */
export function changedMarkers(before: SessionState, after: SessionState): MapMarker[] {
  const was = new Set(before.markers);
  const changed = after.markers.filter((m) => !was.has(m));
  if (changed.length === 0) return [];
  const layout = layoutOf(after.setup.tiles);
  const tilesIn = new Set(after.tiles);
  // A marker that only scattered again (a Pillar in the End Phase) lists the new scatters, not its whole path.
  const olds = new Map(before.markers.map((m) => [m.id, m]));
  return changed.map((m) => {
    const old = olds.get(m.id);
    const same = old !== undefined && old.moved === m.moved && old.carriedBy === m.carriedBy;
    const since = same ? (old.scatters?.length ?? 0) : 0;
    // The End Phase found where the old one was (markerAt): the new scatters are walked from there.
    return markerView(after, m, layout, tilesIn, since, same ? reachedPoint(old) : undefined);
  });
}

/**
 * The map as the players' live page draws it: each marker's path cut to its newest `last` scatters (a Pillar in
 * play for a long game has scattered every round), its `origin` where the first listed started and `earlier` the
 * number left out. Only those are placed: a 1000-round game's Pillar costs the page ten places, not a thousand
 * (render/map-words.ts recentPaths cuts a whole map the same way).
 */
export function recentMapView(s: SessionState, last: number): MapView {
  const view = mapView(s, last);
  // markersView lists the state's markers in their order.
  view.markers = view.markers.map((m, i) => {
    const total = s.markers[i]!.scatters?.length ?? 0;
    return total > m.scatters.length && m.scatters.length > 0
      ? { ...m, origin: m.scatters[0]!.from, earlier: total - m.scatters.length }
      : m;
  });
  return view;
}

/** The whole map: the tiles as laid out (removed ones and unconfirmed picks marked), markers and numbered sites. */
export function mapView(s: SessionState, last = Number.POSITIVE_INFINITY): MapView {
  const layout = layoutOf(s.setup.tiles);
  const unconfirmed = new Set(s.tilePicks.filter((t) => !t.confirmed && t.tile !== null).map((t) => t.tile));
  const tiles: MapTile[] = s.setup.tiles.map((name) => {
    const p = layout.places.get(name)!;
    const t: MapTile = {
      name,
      row: p.row,
      col: p.col,
      center: centerIn(layout, name),
      state: s.tiles.includes(name) ? 'in' : 'removed',
    };
    if (unconfirmed.has(name)) t.unconfirmed = true;
    return t;
  });
  const { spawnPoints, lairs, structures } = mapSites(s);
  return {
    round: s.round,
    phase: s.phase,
    rows: layout.rows,
    cols: layout.cols,
    width: layout.width,
    height: layout.height,
    tiles,
    orientation: { ...s.orientation },
    markers: markersView(s, last),
    spawnPoints,
    lairs,
    structures,
  };
}
