// The battlefield map in the terminal (issue 22): `badzone map`'s text (the board drawn to the terminal's size by
// map-text.ts, then its legend) and one marker's line (`badzone marker`, play's Markers menu). Every word of a
// marker and a place comes from map-words.ts, the one legend the terminal, `play` and the page share.
import type { MapData, MapMarker } from '../api/types.js';
import { mapTextLines, safeMapText } from './map-text.js';
import { markerEntry } from './map-words.js';
import type { Style } from './style.js';

/** No height limit (output that is not a terminal's screen): the board is drawn at its largest, never split by rows. */
const ANY_HEIGHT = 10_000;

/** One marker in words, as the legend says it: "c3 Loot Casket, round 1: A2, 2″ left of its center (from ...)". */
export function markerLine(m: MapMarker, ascii: boolean): string {
  return markerEntry(m, { say: (s) => safeMapText(s, ascii), inch: ascii ? '"' : '″' });
}

/**
 * `badzone map`: the board as wide as the style's width and, when `st.rows` is given (a terminal), as tall as its
 * rows (split into parts when it does not fit), ASCII when the style is, colour only as an extra; then the legend.
 */
export function renderMap(view: MapData, st: Style): string[] {
  return mapTextLines(view, { width: st.width, height: st.rows ?? ANY_HEIGHT, ascii: st.ascii, color: st.color });
}
