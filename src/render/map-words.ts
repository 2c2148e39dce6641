// The battlefield map in words (issue 22), shared by its terminal and SVG forms: each marker's glyph and number,
// where it is (its tile and its offset in inches from that tile's center, or the edge it went past), how it got
// there, and the numbered spawn points, lairs and structures. Offsets are said relative to the drawing, seen from
// the GM's seat: "right" (toward higher column numbers), "left", "toward row A" (the far edge, the top of the map)
// and "away from row A", to the half inch. Formatting only; `say` makes text from tables and rosters safe for
// where it goes (terminal escapes, or nothing for HTML, whose template escapes).
import type { MapMarker, MapPlace, MapSite, MapView, MarkerKind } from '../api/types.js';
import type { Edge } from '../api/orientation.js';
import { EDGE_NAME } from './orientation.js';

/** A marker's glyph on the map, before its number ("c12": lowercase, so a label never reads as a tile's name, C12). */
export const MARKER_GLYPH: Record<MarkerKind, string> = {
  'loot-casket': 'c',
  'smoke-marker': 's',
  'frag-mine': 'm',
  'golden-casket': 'g',
  'large-blast': 'b',
  /** A group's own table placing something of its own: its `what` says what. */
  marker: 'x',
};

/** What each kind is, for the key (codes made words here, like the rest of the human output). */
export const MARKER_NAME: Record<MarkerKind, string> = {
  'loot-casket': 'Loot Casket',
  'smoke-marker': 'Smoke Marker',
  'frag-mine': 'Frag Mine',
  'golden-casket': 'Golden Casket',
  'large-blast': 'Large Blast',
  marker: 'Marker',
};

export type SiteKind = 'spawn' | 'lair' | 'structure';
export const SITE_GLYPH: Record<SiteKind, string> = { spawn: '*', lair: '%', structure: '#' };
export const SITE_WORDS: Record<SiteKind, string> = {
  spawn: 'Spawn points',
  lair: 'Beast Lairs',
  structure: 'Large structures',
};

export const rowName = (r: number): string => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[r] ?? String(r + 1);

export function markerLabel(m: MapMarker): string {
  return `${MARKER_GLYPH[m.kind]}${m.id}`;
}

/** A site's label: glyph, number, and "!" when it changed (a spawn used this round, a lair now a nest, a structure collapsed). */
export function siteLabel(kind: SiteKind, s: MapSite): string {
  return `${SITE_GLYPH[kind]}${s.number}${s.used || s.becomes || s.collapsed ? '!' : ''}`;
}

export function siteLists(view: MapView): [SiteKind, MapSite[]][] {
  return [
    ['spawn', view.spawnPoints],
    ['lair', view.lairs],
    ['structure', view.structures],
  ];
}

/** A number of inches, to the half inch ("4", "4.5"). */
export function inches(n: number): string {
  return String(Math.round(Math.abs(n) * 2) / 2);
}

export function nearestEdge(p: MapPlace, view: MapView): Edge {
  const d: [Edge, number][] = [
    ['far', p.y],
    ['near', view.height - p.y],
    ['left', p.x],
    ['right', view.width - p.x],
  ];
  return d.sort((a, b) => a[1] - b[1])[0]![0];
}

/**
 * Where a point lies, in words, as the GM reads it at the table: "A2, 2″ left of its center", "B2, 5″ left and 2″
 * toward the near edge of its center" (the edges seen from the GM's seat; row A is along the far edge), "off the
 * table, past the left-hand edge". The one wording of a place for the terminal, `play` and the page.
 */
export function placeWords(p: MapPlace, inch = '″'): string {
  if (p.tile !== null && p.offset) {
    const parts: string[] = [];
    const dx = inches(p.offset.x);
    const dy = inches(p.offset.y);
    if (dx !== '0') parts.push(`${dx}${inch} ${p.offset.x > 0 ? 'right' : 'left'}`);
    if (dy !== '0') parts.push(`${dy}${inch} ${p.offset.y > 0 ? 'toward the near edge' : 'toward the far edge'}`);
    return `${p.tile}, ${parts.length ? `${parts.join(' and ')} of its center` : 'at its center'}`;
  }
  if (p.overRemoved !== undefined) return `over ${p.overRemoved}, a tile removed from the battlefield`;
  if (p.offTable && p.edge !== undefined) {
    // Where it crossed, along that edge, for a group that puts it there (docs/rulings.md).
    const d = p.drawAt ?? p;
    const along =
      p.edge === 'far' || p.edge === 'near'
        ? `${inches(d.x)}${inch} from the left-hand edge`
        : `${inches(d.y)}${inch} from the far edge`;
    return `off the table, past ${EDGE_NAME[p.edge]} (${along})`;
  }
  if (p.offTable) return 'off the table (no tile was laid there)';
  return `on no tile, ${inches(p.x)}${inch} from the left-hand edge and ${inches(p.y)}${inch} from the far edge`;
}

function startWords(p: MapPlace): string {
  return p.tile ? `${p.tile}'s center` : 'where it was put';
}

export interface Say {
  /** Text from a table or roster, made safe for where it goes. */
  say: (s: string) => string;
  /** The inch mark (″, or " in ASCII). */
  inch: string;
}

/** One marker's legend entry: "c2 Loot Casket, round 2: A2, 4″ right (from A2's center, 4″ toward 3 o'clock)". */
/** Who carries a marker, in the legend's words: "Krag (Goliaths)", or "a fighter of Goliaths" when none was named. */
export function holderWords(
  c: { gang: string; fighter: string | null },
  say: (s: string) => string = (s) => s,
): string {
  return c.fighter === null ? `a fighter of ${say(c.gang)}` : `${say(c.fighter)} (${say(c.gang)})`;
}

/**
 * A marker as a page draws it when only its newest scatters are shown (`recentPaths`): `earlier` scatters before
 * them are left out, and its `origin` is where the first one shown started.
 */
export interface RecentMarker extends MapMarker {
  earlier?: number;
}

/**
 * The map with each marker's path cut to its newest `last` scatters (a Pillar of Flame in play for a long game has
 * scattered every round: the live page draws where it went lately, and the battle report the whole path).
 */
export function recentPaths(view: MapView, last: number): MapView {
  if (!view.markers.some((m) => m.scatters.length > last)) return view;
  return {
    ...view,
    markers: view.markers.map((m): RecentMarker => {
      if (m.scatters.length <= last) return m;
      const scatters = m.scatters.slice(-last);
      return { ...m, origin: scatters[0]!.from, scatters, earlier: m.scatters.length - last };
    }),
  };
}

export function markerEntry(m: RecentMarker, w: Say): string {
  const { say, inch } = w;
  const head = `${markerLabel(m)} ${say(m.what)}, round ${m.round}${m.live ? ' (in play)' : ''}`;
  const worth = m.worth ? `, worth ${m.worth.value} ${say(m.worth.unit)}` : '';
  const radius = m.radius !== undefined ? `, blast radius ${inches(m.radius)}${inch}` : '';
  if (m.carriedBy) {
    return `${head}: carried by ${holderWords(m.carriedBy, say)}${worth}`;
  }
  const step = (s: { distance: number; direction: number }) => `${s.distance}${inch} toward ${s.direction} o'clock`;
  let how: string;
  if (m.scatters.length === 0) how = m.moved ? '' : ' (not scattered)';
  else if (m.scatters.length === 1)
    how = ` (${m.moved ? 'it had scattered ' : ''}from ${startWords(m.origin)}, ${step(m.scatters[0]!)})`;
  else if (m.earlier)
    how = `; ${m.moved ? 'its path before' : 'path'}, its last ${m.scatters.length} of ${m.scatters.length + m.earlier} scatters (every one is in the battle report): from ${placeWords(m.origin, inch)}, then ${m.scatters.map((s) => `round ${s.round} ${step(s)}`).join(', ')}`;
  else
    how = `; ${m.moved ? 'its path before' : 'path'}: ${startWords(m.origin)}, then ${m.scatters.map((s) => `round ${s.round} ${step(s)}`).join(', ')}`;
  const moved = m.moved ? ', moved there by the GM' : '';
  // A casket, Smoke Marker or mine off the table is lost (docs/rulings.md); a Pillar's Blast may come back.
  const lost = m.at.offTable && !m.live ? ': lost, not placed' : '';
  return `${head}: ${placeWords(m.at, inch)}${lost}${moved}${worth}${radius}${how}`;
}

function siteState(s: MapSite, say: (s: string) => string): string {
  if (s.used) return ' (used this round)';
  if (s.becomes) return ` (now a ${say(s.becomes)})`;
  if (s.collapsed) return ' (collapsed)';
  return '';
}

export interface LegendParts {
  /** How offsets are said. */
  heading: string;
  /** Markers on the table, with their ids. */
  markers: { id: number; text: string }[];
  /** Markers carried by a fighter: not on the map. */
  carried: string[];
  /** Tiles removed and picks not confirmed; each spawn point, lair and structure list. */
  notes: string[];
}

/** Offsets are said seen from the GM's seat: left and right, toward the far edge (row A's side) or the near one. */
export const OFFSET_WORDS = "offsets from the tile's center, seen from the GM's seat";

/** The legend's entries in words. */
export function legendParts(view: MapView, w: Say): LegendParts {
  const notes: string[] = [];
  const removed = view.tiles.filter((t) => t.state === 'removed').map((t) => w.say(t.name));
  if (removed.length) notes.push(`Tiles removed (hatched): ${removed.join(', ')}.`);
  const unconfirmed = view.tiles.filter((t) => t.unconfirmed).map((t) => w.say(t.name));
  if (unconfirmed.length) notes.push(`Picked, not confirmed by the GM (?): ${unconfirmed.join(', ')}.`);
  for (const [k, list] of siteLists(view)) {
    if (!list.length) continue;
    const placed = list
      .filter((s) => s.tile !== null)
      .map((s) => `${siteLabel(k, s)} ${w.say(s.tile!)}${siteState(s, w.say)}`);
    const loose = list.filter((s) => s.tile === null).map((s) => `${s.number}${siteState(s, w.say)}`);
    const parts = [
      ...(placed.length ? [placed.join(', ')] : []),
      ...(loose.length ? [`without a tile: ${loose.join(', ')} (number them on the table)`] : []),
    ];
    notes.push(`${SITE_WORDS[k]}: ${parts.join('; ')}.`);
  }
  return {
    heading: OFFSET_WORDS,
    markers: view.markers.filter((m) => !m.carriedBy).map((m) => ({ id: m.id, text: markerEntry(m, w) })),
    carried: view.markers.filter((m) => m.carriedBy).map((m) => markerEntry(m, w)),
    notes,
  };
}

/** "Battlefield, round 4, End Phase done". */
export function mapTitle(view: MapView): string {
  const phase = view.phase === 'end' ? ', End Phase done' : view.phase === 'setup' ? ', setup' : '';
  return `Battlefield${view.round ? `, round ${view.round}${phase}` : ''}`;
}
