// The markers events put on the battlefield (issue 22): adding one, where one is now, and what leaving play does to
// an event's markers. Positions come from ../rules/geometry.ts; the state keeps only tiles and numbers.
import { centerIn, layoutOf, whereabouts, type Layout, type Point } from '../rules/geometry.js';
import { clockVector, type Edge } from '../rules/orientation.js';
import type { InPlay, Marker, MarkerScatter, SessionState } from './state.js';

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
 * `marks`: the points a walk passed after every MARK_EVERY scatters (the views of a path's newest scatters start
 * from one, and a save keeps one in the file: pathMarks).
 */
interface Walked {
  n: number;
  at: Point;
  readonly marks: Map<number, Point>;
}
const REACHED = new WeakMap<Marker, Walked>();

/** A walk remembers where it was after every this many scatters. */
export const MARK_EVERY = 16;

/** Where a marker is now: from where it was put down (or moved to), each scatter since from where the last left it. */
export function markerAt(m: Marker, layout: Layout): Point {
  return pointAfter(m, m.scatters?.length ?? 0, layout);
}

/**
 * Where a marker was after its first `n` scatters (`n` at least `moved.after` when it was moved, at most its
 * scatters): walked from the nearest point remembered before it, and remembered.
 */
export function pointAfter(m: Marker, n: number, layout: Layout): Point {
  const sc = m.scatters ?? [];
  const from = m.moved?.after ?? 0;
  let memo = REACHED.get(m);
  const known = memo ? nearestKnown(memo, from, n) : undefined;
  let at: Point;
  let i: number;
  if (known) {
    at = known.at;
    i = known.n;
  } else {
    at = markerStart(m, layout);
    i = from;
  }
  if (!memo) {
    memo = { n: i, at, marks: new Map() };
    REACHED.set(m, memo);
  }
  // landing() step by step, the point kept as two numbers: a long Pillar's path makes no object per scatter.
  let x = at.x;
  let y = at.y;
  const first = i;
  for (; i < n; i++) {
    const v = clockVector(sc[i]![2], scatterTwelve(m, sc[i]!));
    x += sc[i]![1] * v.x;
    y += sc[i]![1] * v.y;
    if ((i + 1) % MARK_EVERY === 0) memo.marks.set(i + 1, { x, y });
  }
  if (i !== first) at = { x, y };
  if (n >= memo.n) {
    memo.n = n;
    memo.at = at;
  }
  return at;
}

/** The point remembered nearest before `n` (at or after `from`, where the walk starts), or undefined. */
function nearestKnown(memo: Walked, from: number, n: number): { readonly n: number; readonly at: Point } | undefined {
  if (memo.n >= from && memo.n <= n) {
    // The last point reached is the nearest unless a mark lies between it and n (a later walk went further).
    let best: { n: number; at: Point } = memo;
    const k = n - (n % MARK_EVERY);
    if (k > memo.n) {
      const at = memo.marks.get(k);
      if (at) best = { n: k, at };
    }
    return best;
  }
  for (let k = n - (n % MARK_EVERY); k >= from && k > 0; k -= MARK_EVERY) {
    const at = memo.marks.get(k);
    if (at) return { n: k, at };
  }
  return undefined;
}

/**
 * Where markerAt last found `m`: after its first `n` scatters, at `at` (exactly, not rounded); undefined when it
 * was not asked in this process. The map's view of a step's changes starts there (../api/map.ts, changedMarkers):
 * the End Phase has just walked a long Pillar's path.
 */
export function reachedPoint(m: Marker): { readonly n: number; readonly at: Point } | undefined {
  return REACHED.get(m);
}

/**
 * The point remembered nearest before `m`'s first `n` scatters (at or after a move), when one is: a view that lists
 * a long path's newest scatters walks from there (../api/map.ts markersView).
 */
export function knownPointBefore(m: Marker, n: number): { readonly n: number; readonly at: Point } | undefined {
  const memo = REACHED.get(m);
  return memo ? nearestKnown(memo, m.moved?.after ?? 0, n) : undefined;
}

/** A marker replaced by a copy with more scatters (and nothing else changed) starts from where the old one was. */
function carryReached(old: Marker, copy: Marker): void {
  const known = REACHED.get(old);
  // Its own marks: two copies of one marker (a step taken again from the same state) go on along different paths.
  if (known) REACHED.set(copy, { n: known.n, at: known.at, marks: new Map(known.marks) });
}

/**
 * The points a session file keeps for its long paths (a cache, read only from a file whose hash matches:
 * ../store/session.ts): for each marker whose path has at least PATH_TAIL + MARK_EVERY scatters since it was put
 * down or moved, where it was after the last multiple of MARK_EVERY scatters at least PATH_TAIL before its newest,
 * as [marker id, scatters, x, y]. A command on a long game walks the newest scatters from there, not its whole path.
 */
export function pathMarks(s: SessionState): [id: number, n: number, x: number, y: number][] {
  const out: [number, number, number, number][] = [];
  let layout: Layout | undefined;
  for (const m of s.markers) {
    const len = m.scatters?.length ?? 0;
    const from = m.moved?.after ?? 0;
    const k = len - PATH_TAIL - ((len - PATH_TAIL) % MARK_EVERY);
    if (len < PATH_TAIL + MARK_EVERY || k <= from) continue;
    const known = REACHED.get(m)?.marks.get(k);
    const at = known ?? pointAfter(m, k, (layout ??= layoutOf(s.setup.tiles)));
    out.push([m.id, k, at.x, at.y]);
  }
  return out;
}

/** The newest scatters of a path that a file's mark leaves to be walked (the live page lists 10). */
export const PATH_TAIL = 16;

/** The marks of a file's `pathMarks` that could be taken: a marker's, a multiple of MARK_EVERY within its path. */
function* usableMarks(
  s: SessionState,
  v: unknown,
): Generator<{ m: Marker; n: number; x: number; y: number }, void, undefined> {
  if (!Array.isArray(v)) return;
  const byId = new Map(s.markers.map((m) => [m.id, m]));
  for (const e of v) {
    if (!Array.isArray(e) || e.length !== 4) continue;
    const [id, n, x, y] = e as unknown[];
    const m = byId.get(id as number);
    if (!m || typeof n !== 'number' || typeof x !== 'number' || typeof y !== 'number') continue;
    if (!Number.isInteger(n) || n <= 0 || n % MARK_EVERY !== 0 || !Number.isFinite(x) || !Number.isFinite(y)) continue;
    if (n > (m.scatters?.length ?? 0) || n < (m.moved?.after ?? 0)) continue;
    yield { m, n, x, y };
  }
}

/**
 * Take the points a trusted file kept (pathMarks) as remembered: any that is not a marker's, not a multiple of
 * MARK_EVERY, not within its path after a move or not two finite numbers is left out (the walk is then longer).
 */
export function takePathMarks(s: SessionState, v: unknown): void {
  for (const { m, n, x, y } of usableMarks(s, v))
    if (!REACHED.has(m)) REACHED.set(m, { n, at: { x, y }, marks: new Map([[n, { x, y }]]) });
}

/**
 * What is wrong with a file's `pathMarks` (`verify`, which takes none of them): the first point that a command on
 * the file, had its hash matched, would have started a path from and that is not where the path leads. Null when
 * none is (a point no command would take is no problem).
 */
export function pathMarksProblem(s: SessionState, v: unknown): string | null {
  let layout: Layout | undefined;
  for (const { m, n, x, y } of usableMarks(s, v)) {
    // A copy of the marker: nothing remembered for it, so the walk starts where it was put down (or moved to).
    const at = pointAfter({ ...m }, n, (layout ??= layoutOf(s.setup.tiles)));
    if (at.x !== x || at.y !== y)
      return `pathMarks: marker ${m.id} was not at (${x}, ${y}) after ${n} scatters, but at (${at.x}, ${at.y}): a path would be drawn from the wrong place`;
  }
  return null;
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

/**
 * The live marker whose scatters are an in-play entry's (each scatter its first three numbers), when there is one:
 * the session file then keeps them once, with the marker (schema 9, ../store/session.ts).
 */
export function pathOwner(s: SessionState, p: InPlay): Marker | undefined {
  const a = p.scatters;
  if (!a?.length) return undefined;
  const m = liveMarker(s, p.eventId);
  const b = m?.scatters;
  if (!b || b.length !== a.length) return undefined;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x[0] !== y[0] || x[1] !== y[1] || x[2] !== y[2]) return undefined;
  }
  return m;
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
