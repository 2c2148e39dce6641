// The battlefield map in the terminal (issue 22). This file holds the legend: one line per marker, with its number,
// what it is, the round that placed it, and where it is (its tile and its offset in inches from that tile's center,
// or off the table at an edge). The grid drawing comes from src/render/map-text.ts and joins it here.
import type { MapData, MapMarker, MapPlace, MapView } from '../api/types.js';
import { EDGE_NAME } from './orientation.js';

/** Inches for a person: one decimal, none when whole (2", 6.9"). */
function inch(v: number): string {
  const r = Math.round(Math.abs(v) * 10) / 10;
  return `${Number.isInteger(r) ? r : r.toFixed(1)}"`;
}

/** An offset from a tile's center in words, seen from the GM's seat (row A along the far edge). */
function offsetWords(o: { x: number; y: number }): string {
  const parts: string[] = [];
  if (Math.round(o.x * 10) !== 0) parts.push(`${inch(o.x)} ${o.x > 0 ? 'right' : 'left'}`);
  if (Math.round(o.y * 10) !== 0)
    parts.push(`${inch(o.y)} ${o.y > 0 ? 'toward the near edge' : 'toward the far edge'}`);
  return parts.length === 0 ? 'at its center' : `${parts.join(', ')} of its center`;
}

/** Where a point lies, in words: "on A2, 2" left of its center", "off the table at the left-hand edge". */
export function placeWords(p: MapPlace): string {
  if (p.tile !== null) return `on ${p.tile}, ${offsetWords(p.offset ?? { x: 0, y: 0 })}`;
  if (p.overRemoved !== undefined) return `over ${p.overRemoved}, a tile removed from the battlefield`;
  if (p.edge !== undefined) return `off the table at ${EDGE_NAME[p.edge]}`;
  return 'off the table (no tile was laid there)';
}

/** A marker's kind in words, for the legend. */
function markerName(m: MapMarker): string {
  const size = m.radius !== undefined ? ` (${inch(m.radius * 2)} across)` : '';
  const worth = m.worth ? `, worth ${m.worth.value} ${m.worth.unit}` : '';
  return `${m.what}${size}${worth}`;
}

/** One legend line: "#3 Loot Casket, round 1, from A1: on A2, 2" left of its center". */
export function markerLine(m: MapMarker): string {
  const head = `#${m.id} ${markerName(m)}, round ${m.round}, from ${m.origin.tile ?? 'its tile'}`;
  const path = m.scatters.length > 1 ? ` (${m.scatters.length} scatters)` : '';
  if (m.carriedBy)
    return `${head}: carried by ${m.carriedBy.fighter === null ? m.carriedBy.gang : `${m.carriedBy.fighter} (${m.carriedBy.gang})`}`;
  const moved = m.moved ? ' (moved by the GM)' : '';
  return `${head}${path}: ${placeWords(m.at)}${moved}`;
}

/** The legend: one line per marker, or a line saying there is none. */
export function mapLegend(view: MapView): string[] {
  if (view.markers.length === 0) return ['No markers on the battlefield.'];
  return view.markers.map(markerLine);
}

/** The numbered sites the GM places by hand, listed beside the map (no positions given). */
function sitesLines(view: MapView): string[] {
  const out: string[] = [];
  if (view.spawnPoints.length > 0) {
    const used = view.spawnPoints.filter((s) => s.used).map((s) => s.number);
    out.push(
      `Spawn points: 1-${view.spawnPoints.length}${used.length ? ` (used this round: ${used.join(', ')})` : ''}`,
    );
  }
  if (view.lairs.length > 0)
    out.push(
      `Beast Lairs: ${view.lairs.map((l) => (l.becomes ? `${l.number} (now ${l.becomes})` : `${l.number}`)).join(', ')}`,
    );
  if (view.structures.length > 0)
    out.push(
      `Large structures: ${view.structures.map((s) => (s.collapsed ? `${s.number} (collapsed)` : `${s.number}`)).join(', ')}`,
    );
  return out;
}

/** The map in the terminal: for now its legend and the numbered sites (the grid drawing joins it from map-text.ts). */
export function renderMap(view: MapView | MapData): string[] {
  const removed = view.tiles.filter((t) => t.state === 'removed').map((t) => t.name);
  const unconfirmed = view.tiles.filter((t) => t.unconfirmed).map((t) => t.name);
  return [
    `Battlefield, round ${view.round}: ${view.tiles.length} tiles, ${view.width}" x ${view.height}"${removed.length ? `; removed: ${removed.join(', ')}` : ''}${unconfirmed.length ? `; unconfirmed pick: ${unconfirmed.join(', ')}` : ''}`,
    ...mapLegend(view),
    ...sitesLines(view),
  ];
}
