// The battlefield drawn on a terminal (issue 22): the tiles as boxes named as the game names them (letter = row,
// number = column), seen from the GM's seat (row A along the far edge, at the top; A1 at its left-hand corner),
// with a compass, and the markers events placed, each at its scaled position with a glyph and its number. A legend
// says each marker's tile and offset in inches from that tile's center, so the GM can place it with a tape.
// Formatting only: every position comes from the MapView (src/api/types.ts). Text from tables and rosters is made
// terminal-safe here (src/render/safe.ts), and with `ascii` every character is printable ASCII.
import type { MapView, MarkerKind } from '../api/types.js';
import { edgeAt, type Edge } from '../api/orientation.js';
import {
  MARKER_GLYPH,
  MARKER_NAME,
  SITE_GLYPH,
  SITE_WORDS,
  legendParts,
  mapTitle,
  markerLabel,
  nearestEdge,
  rowName,
  siteLabel,
  siteLists,
} from './map-words.js';
import { escapeChar, safeText } from './safe.js';
import { makeStyle, visibleWidth, wrap } from './style.js';

export interface MapTextOptions {
  /** Columns: no line is wider. */
  width: number;
  /** Rows a screen of the map may take (each of `screens`); the legend is paged apart. */
  height: number;
  /** Printable ASCII only (no box drawing). */
  ascii: boolean;
  /** Colour as well (never alone: every mark is a character too). */
  color: boolean;
}

export interface MapText {
  /**
   * The map: one screen when the board fits `width` x `height` (scaled down as far as tiles 4 columns by 1 row),
   * else the board split into parts, each a screen of its own headed by the tiles it shows. Never wrapped.
   */
  screens: string[][];
  /** The legend, to show below the map or page apart: the key, then each marker, carried ones, sites. */
  legend: string[];
}

/** What a cell holds: what may be drawn over it, and its colour. */
type Cell = 'empty' | 'border' | 'name' | 'hatch' | 'blast' | 'path' | 'marker' | 'live' | 'site';
/** What a label keeps a space from. */
const LABELS: ReadonlySet<Cell> = new Set(['name', 'marker', 'live', 'site']);
/** Background a label may cover. */
const UNDER: ReadonlySet<Cell> = new Set(['empty', 'hatch', 'blast', 'path']);

interface Chars {
  h: string;
  v: string;
  /** Junctions by mask: up 1, right 2, down 4, left 8. */
  j: string[];
  hatch: string;
  blast: string;
  path: string;
  inch: string;
  edge: Record<Edge, string>;
}

const BOX: Chars = {
  h: '─',
  v: '│',
  j: [' ', '╵', '╶', '└', '╷', '│', '┌', '├', '╴', '┘', '─', '┴', '┐', '┤', '┬', '┼'],
  hatch: '╱',
  blast: '░',
  path: '·',
  inch: '″',
  edge: { far: '↑', right: '→', near: '↓', left: '←' },
};

const ASCII: Chars = {
  h: '-',
  v: '|',
  j: [' ', '|', '-', '+', '|', '|', '+', '+', '-', '+', '-', '+', '+', '+', '+', '+'],
  hatch: '/',
  blast: ':',
  path: '.',
  inch: '"',
  edge: { far: '^', right: '>', near: 'v', left: '<' },
};

/** Text from a table or roster, made safe for the terminal (and ASCII when asked). */
export function safeMapText(s: string, ascii: boolean): string {
  const t = safeText(s);
  return ascii ? t.replace(/[^\x20-\x7e]/gu, escapeChar) : t;
}

/** The side panel (compass and key) beside the map, when the width leaves room for it. */
const SIDE = 24;
/** The largest tile drawn: 13 columns by 4 rows inside its box (about an inch a column, 2.4 inches a row). */
const MAX_CW = 13;
const MAX_CH = 4;
/**
 * The smallest: 4 columns by 1 row, the tiles named by row letters and column numbers outside the grid (a tile
 * 2 rows high or more carries its own name in its corner, and a row for markers). Below that the board is split.
 */
const MIN_CW = 4;
const MIN_CH = 1;
/** The row letters' margin and the column numbers' line, when names are outside the tiles. */
const MARGIN = 2;

interface Fit {
  cw: number;
  ch: number;
  /** Names outside the grid (row letters to the left, column numbers above) instead of in each tile. */
  headers: boolean;
}

function fitIn(rows: number, cols: number, width: number, lines: number, minCh: number): Omit<Fit, 'headers'> | null {
  const cwMax = Math.floor((width - 1) / cols) - 1;
  const chMax = Math.floor((lines - 1) / rows) - 1;
  if (cwMax < MIN_CW || chMax < minCh) return null;
  const ch = Math.min(chMax, MAX_CH);
  // A character is about twice as tall as it is wide: keep tiles roughly square.
  const cw = Math.min(cwMax, MAX_CW, 3 * (ch + 1) - 1);
  return { cw, ch };
}

/** The largest tiles that fit: names in the tiles when they are 2 rows high, else outside the grid. */
function fit(rows: number, cols: number, width: number, lines: number): Fit | null {
  const inside = fitIn(rows, cols, width, lines, 2);
  if (inside) return { ...inside, headers: false };
  const outside = fitIn(rows, cols, width - MARGIN, lines - 1, MIN_CH);
  return outside ? { ...outside, headers: true } : null;
}

/** The width a fit takes. */
function gridWidth(cols: number, f: Fit): number {
  return cols * (f.cw + 1) + 1 + (f.headers ? MARGIN : 0);
}

/** The key: each glyph the map uses, in words. */
function keyEntries(view: MapView, ch: Chars): string[] {
  const kinds = new Set(view.markers.filter((m) => !m.carriedBy).map((m) => m.kind));
  const out: string[] = [];
  for (const k of Object.keys(MARKER_GLYPH) as MarkerKind[])
    if (kinds.has(k)) out.push(`${MARKER_GLYPH[k]}  ${MARKER_NAME[k]}`);
  const onMap = view.markers.filter((m) => !m.carriedBy);
  if (onMap.some((m) => m.radius !== undefined)) out.push(`${ch.blast}  blast, to scale`);
  if (onMap.some((m) => m.scatters.length > 1)) out.push(`${ch.path}  path`);
  const off = new Set(onMap.filter((m) => m.at.offTable).map((m) => ch.edge[m.at.edge ?? nearestEdge(m.at, view)]));
  if (off.size) out.push(`${[...off].join('')}  off the table`);
  for (const [k, list] of siteLists(view)) {
    if (!list.some((s) => s.tile !== null)) continue;
    out.push(`${SITE_GLYPH[k]}  ${SITE_WORDS[k].replace(/s$/, '').toLowerCase()}`);
  }
  if (siteLists(view).some(([, l]) => l.some((s) => s.tile !== null && (s.used || s.becomes || s.collapsed))))
    out.push('!  used/nest/collapsed');
  if (view.tiles.some((t) => t.state === 'removed')) out.push(`${ch.hatch}  tile removed`);
  if (view.tiles.some((t) => t.unconfirmed)) out.push('?  pick not confirmed');
  return out;
}

/** The compass: where each hour points on the drawing (row A at the top). */
function compass(twelve: Edge): string[] {
  const at: Record<Edge, string> = { far: '', right: '', near: '', left: '' };
  for (const h of [12, 3, 6, 9]) at[edgeAt(h, twelve)!] = String(h);
  return [`   ${at.far}`, `${at.left.padStart(2)} + ${at.right}`, `   ${at.near}`, `12 o'clock: ${twelve} edge`];
}

// ---------------------------------------------------------------------------------------------------------------
// Drawing

interface Canvas {
  chars: string[][];
  cells: Cell[][];
  /** The markers this part should show and had no room for, and those it shows. */
  unplaced: number[];
  placed: number[];
}

interface Part {
  r0: number;
  c0: number;
  rows: number;
  cols: number;
}

function draw(view: MapView, part: Part, f: Fit, ch: Chars, ascii: boolean): Canvas {
  const pw = f.cw + 1;
  const ph = f.ch + 1;
  const W = part.cols * pw + 1;
  const H = part.rows * ph + 1;
  const chars = Array.from({ length: H }, () => Array<string>(W).fill(' '));
  const cells = Array.from({ length: H }, () => Array<Cell>(W).fill('empty'));
  const set = (l: number, c: number, s: string, k: Cell) => {
    if (l < 0 || l >= H || c < 0 || c >= W) return;
    chars[l]![c] = s;
    cells[l]![c] = k;
  };
  const tile = new Map(view.tiles.map((t) => [`${t.row},${t.col}`, t]));
  const has = (r: number, c: number) =>
    r >= part.r0 && r < part.r0 + part.rows && c >= part.c0 && c < part.c0 + part.cols && tile.has(`${r},${c}`);
  // Edges: a tile's box; junctions from the segments meeting there.
  const hEdge = (r: number, c: number) => has(r, c) || has(r - 1, c);
  const vEdge = (r: number, c: number) => has(r, c) || has(r, c - 1);
  for (let r = 0; r <= part.rows; r++)
    for (let c = 0; c <= part.cols; c++) {
      const R = r + part.r0;
      const C = c + part.c0;
      const mask =
        (vEdge(R - 1, C) ? 1 : 0) | (hEdge(R, C) ? 2 : 0) | (vEdge(R, C) ? 4 : 0) | (hEdge(R, C - 1) ? 8 : 0);
      if (mask) set(r * ph, c * pw, ch.j[mask]!, 'border');
      if (c < part.cols && hEdge(R, C)) for (let i = 1; i < pw; i++) set(r * ph, c * pw + i, ch.h, 'border');
      if (r < part.rows && vEdge(R, C)) for (let i = 1; i < ph; i++) set(r * ph + i, c * pw, ch.v, 'border');
    }
  // Tiles: removed ones hatched, names in the top left-hand corner ("C3?" for a pick not confirmed).
  for (const t of view.tiles) {
    if (!has(t.row, t.col)) continue;
    const l0 = (t.row - part.r0) * ph;
    const c0 = (t.col - part.c0) * pw;
    if (t.state === 'removed')
      for (let l = 1; l < ph; l++)
        for (let c = 1; c < pw; c++) if ((c0 + c + l0 + l) % 3 === 0) set(l0 + l, c0 + c, ch.hatch, 'hatch');
    const name = `${f.headers ? '' : safeMapText(t.name, ascii)}${t.unconfirmed ? '?' : ''}`;
    [...name].slice(0, f.cw).forEach((x, i) => {
      set(l0 + 1, c0 + 1 + i, x, 'name');
    });
  }
  // Positions: inches to cells of this part.
  const x0 = part.c0 * 12;
  const y0 = part.r0 * 12;
  const inPart = (p: { x: number; y: number }) =>
    p.x >= x0 && p.x <= x0 + part.cols * 12 && p.y >= y0 && p.y <= y0 + part.rows * 12;
  const colAt = (x: number) => ((x - x0) / 12) * pw;
  const lineAt = (y: number) => ((y - y0) / 12) * ph;
  /** The cell for a point on the table, off the tiles' borders (a point on a border goes to the side it leans to). */
  const cellOf = (p: { x: number; y: number; tile?: string | null }): [number, number] => {
    // Toward its tile's center when the place names one (a point on the line between two tiles is on one of them).
    const t = p.tile ? view.tiles.find((t) => t.name === p.tile) : undefined;
    const fx = colAt(t ? p.x + Math.sign(t.center.x - p.x) * 1e-6 : p.x);
    const fy = lineAt(t ? p.y + Math.sign(t.center.y - p.y) * 1e-6 : p.y);
    let c = Math.round(fx);
    let l = Math.round(fy);
    if (c % pw === 0) c = Math.min(W - 2, Math.max(1, fx >= c ? c + 1 : c - 1));
    if (l % ph === 0) l = Math.min(H - 2, Math.max(1, fy >= l ? l + 1 : l - 1));
    return [l, c];
  };
  const onMap = view.markers.filter((m) => !m.carriedBy);
  // Blasts to scale: the cells whose middle is within the radius.
  for (const m of onMap) {
    if (m.radius === undefined || m.at.offTable) continue;
    for (let l = 1; l < H - 1; l++)
      for (let c = 1; c < W - 1; c++) {
        if (cells[l]![c] !== 'empty') continue;
        const x = x0 + (c / pw) * 12;
        const y = y0 + (l / ph) * 12;
        if (Math.hypot(x - m.at.x, y - m.at.y) <= m.radius) set(l, c, ch.blast, 'blast');
      }
  }
  // Paths of markers that scattered more than once (the Pillar of Flame), a dot every half inch.
  for (const m of onMap) {
    if (m.scatters.length < 2) continue;
    const pts = [m.origin, ...m.scatters.map((s) => s.to)];
    for (let i = 1; i < pts.length; i++) {
      const a = pts[i - 1]!;
      const b = pts[i]!;
      const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) * 2));
      for (let k = 0; k <= n; k++) {
        const p = { x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n };
        if (!inPart(p)) continue;
        const [l, c] = cellOf(p);
        if (cells[l]![c] === 'empty' || cells[l]![c] === 'blast' || cells[l]![c] === 'hatch')
          set(l, c, ch.path, 'path');
      }
    }
  }
  // Labels: each as near its point as a free run of cells allows.
  const put = (text: string, l: number, c: number, kind: Cell, overBorder: boolean): boolean => {
    const s = [...text];
    // A label is kept a space apart from another label or a tile's name, so "c4 c11" never reads "c4c11".
    const apart = (L: number, C: number) => C < 0 || C >= W || !LABELS.has(cells[L]![C]!);
    const free = (L: number, C: number) => {
      if (L < 0 || L >= H || C < 0 || C + s.length > W) return false;
      if (!apart(L, C - 1) || !apart(L, C + s.length)) return false;
      for (let i = 0; i < s.length; i++) {
        const k = cells[L]![C + i]!;
        if (!(UNDER.has(k) || (overBorder && k === 'border'))) return false;
      }
      return true;
    };
    const R = Math.max(pw, 2 * ph);
    let best: [number, number, number] | null = null;
    for (let dl = -R; dl <= R; dl++)
      for (let C = c - s.length - R; C <= c + R; C++) {
        const L = l + dl;
        // Distance of the run from the point: 0 when the run covers it.
        const dc = c < C ? C - c : c > C + s.length - 1 ? c - (C + s.length - 1) : 0;
        const score = 2 * Math.abs(dl) + dc + (C === c ? 0 : 0.5);
        if ((best === null || score < best[0]) && free(L, C)) best = [score, L, C];
      }
    if (!best) return false;
    for (let i = 0; i < s.length; i++) set(best[1], best[2] + i, s[i]!, kind);
    return true;
  };
  const unplaced: number[] = [];
  const placed: number[] = [];
  for (const m of onMap) {
    // Off the table past an edge: drawn where it crossed the board's edge (drawAt), in the part holding that point.
    if (!inPart(m.at.drawAt ?? m.at)) continue;
    const label = markerLabel(m);
    const kind: Cell = m.live ? 'live' : 'marker';
    if (m.at.offTable) {
      const edge = m.at.edge ?? nearestEdge(m.at, view);
      const l = Math.min(H - 1, Math.max(0, Math.round(lineAt(m.at.y))));
      const c = Math.min(W - 1, Math.max(0, Math.round(colAt(m.at.x))));
      const text = edge === 'right' ? `${label}${ch.edge.right}` : `${ch.edge[edge]}${label}`;
      (put(text, l, edge === 'right' ? c - [...text].length + 1 : c, kind, true) ? placed : unplaced).push(m.id);
    } else {
      const [l, c] = cellOf(m.at);
      (put(label, l, c, kind, false) ? placed : unplaced).push(m.id);
    }
  }
  // Sites with a tile: in the tile's bottom right-hand corner.
  for (const [k, list] of siteLists(view))
    for (const s of list) {
      if (s.tile === null) continue;
      const t = view.tiles.find((t) => t.name === s.tile);
      if (!t || !has(t.row, t.col)) continue;
      const label = siteLabel(k, s);
      put(label, (t.row - part.r0 + 1) * ph - 1, (t.col - part.c0 + 1) * pw - label.length, 'site', false);
    }
  if (f.headers) {
    // Row letters in a margin on the left, column numbers on a line above.
    const pad = (k: Cell) => Array<Cell>(MARGIN).fill(k);
    chars.forEach((row, l) => {
      const r = l % ph === 1 && l < H - 1 ? safeMapText(rowName(part.r0 + (l - 1) / ph), ascii) : '';
      row.unshift(...[...r.padEnd(MARGIN).slice(0, MARGIN)]);
      cells[l]!.unshift(...pad(r ? 'name' : 'empty'));
    });
    const top = Array<string>(W + MARGIN).fill(' ');
    for (let c = 0; c < part.cols; c++) {
      const n = String(part.c0 + c + 1);
      const at = MARGIN + c * pw + 1 + Math.floor((f.cw - n.length) / 2);
      [...n].forEach((x, i) => {
        top[at + i] = x;
      });
    }
    chars.unshift(top);
    cells.unshift(Array<Cell>(W + MARGIN).fill('name'));
  }
  return { chars, cells, unplaced, placed };
}

function paint(cv: Canvas, color: boolean): string[] {
  const c = makeStyle(color, 80).c;
  const COLOR: Partial<Record<Cell, (s: string) => string>> = {
    border: (s) => c.dim(s),
    hatch: (s) => c.dim(s),
    path: (s) => c.yellow(s),
    blast: (s) => c.red(s),
    marker: (s) => c.cyan.bold(s),
    live: (s) => c.yellow.bold(s),
    site: (s) => c.magenta(s),
    name: (s) => c.bold(s),
  };
  return cv.chars.map((row, l) => {
    let out = '';
    let run = '';
    let kind: Cell | null = null;
    const flush = () => {
      if (run) out += kind && COLOR[kind] ? COLOR[kind]!(run) : run;
      run = '';
    };
    row.forEach((x, i) => {
      const k = cv.cells[l]![i]!;
      if (k !== kind) {
        flush();
        kind = k;
      }
      run += x;
    });
    flush();
    return out.replace(/\s+$/, '');
  });
}

function title(view: MapView, part?: string): string {
  return `${mapTitle(view)}${part ? ` (${part})` : ''}`;
}

/** Put the side panel's lines to the right of the map's. */
function beside(map: string[], side: string[], at: number): string[] {
  const n = Math.max(map.length, side.length);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = map[i] ?? '';
    const s = side[i];
    out.push(s ? `${m}${' '.repeat(Math.max(0, at - visibleWidth(m)))}${s}` : m);
  }
  return out;
}

function clipTo(s: string, n: number): string {
  return [...s].slice(0, n).join('');
}

/** The map of `view` for a terminal, and its legend (see MapText). */
export function renderMapText(view: MapView, opts: MapTextOptions): MapText {
  const { width, height, ascii, color } = opts;
  const ch = ascii ? ASCII : BOX;
  const rows = Math.max(1, view.rows);
  const cols = Math.max(1, view.cols);
  const key = keyEntries(view, ch);
  const comp = compass(view.orientation.twelve);
  const screens: string[][] = [];
  let legendKey: string[] = key;
  const unplaced = new Set<number>();
  const shown = new Set<number>();
  const drawn = (p: Part, f: Fit): string[] => {
    const cv = draw(view, p, f, ch, ascii);
    for (const id of cv.unplaced) unplaced.add(id);
    for (const id of cv.placed) shown.add(id);
    return paint(cv, color);
  };
  const whole: Part = { r0: 0, c0: 0, rows, cols };
  const compassText = compassLine(view.orientation.twelve, width);
  // 1: the compass and key beside the map; 2: the compass above it; 3: the board split into parts.
  const withSide = fit(rows, cols, width - SIDE, height - 1);
  const plain = withSide ? null : fit(rows, cols, width, height - 2);
  if (withSide) {
    const map = drawn(whole, withSide);
    const gridW = gridWidth(cols, withSide);
    const room = Math.max(0, map.length - comp.length - 1);
    const side = [...comp, '', ...key.slice(0, room)].map((s) => clipTo(s, width - gridW - 2));
    legendKey = key.slice(room);
    screens.push([clipTo(title(view), width), ...beside(map, side, gridW + 2)]);
  } else if (plain) {
    screens.push([clipTo(title(view), width), compassText, ...drawn(whole, plain)]);
  } else {
    // Split: as many tiles as fit a screen at the smallest scale, in parts row by row.
    const f: Fit = { cw: MIN_CW, ch: MIN_CH, headers: true };
    const perCols = Math.max(1, Math.floor((width - MARGIN - 1) / (MIN_CW + 1)));
    const perRows = Math.max(1, Math.floor((height - 4) / (MIN_CH + 1)));
    const parts: Part[] = [];
    for (let r0 = 0; r0 < rows; r0 += perRows)
      for (let c0 = 0; c0 < cols; c0 += perCols)
        parts.push({ r0, c0, rows: Math.min(perRows, rows - r0), cols: Math.min(perCols, cols - c0) });
    parts.forEach((p, i) => {
      const what = `part ${i + 1} of ${parts.length}: rows ${rowName(p.r0)}-${rowName(p.r0 + p.rows - 1)}, columns ${p.c0 + 1}-${p.c0 + p.cols}`;
      screens.push([clipTo(title(view, what), width), compassText, ...drawn(p, f)]);
    });
  }
  for (const id of shown) unplaced.delete(id);
  return { screens, legend: legend(view, legendKey, ch, ascii, width, unplaced) };
}

/**
 * The compass in one line, as much of it as the width takes: "Compass: 12 up (far edge), 3 right, 6 down, 9 left",
 * or "Compass: 12 o'clock up (far edge)" (the other hours follow clockwise), or "12 o'clock: up".
 */
function compassLine(twelve: Edge, width: number): string {
  const word: Record<Edge, string> = { far: 'up', right: 'right', near: 'down', left: 'left' };
  const all = [12, 3, 6, 9]
    .map((h) => `${h} ${word[edgeAt(h, twelve)!]}${h === 12 ? ` (${twelve} edge)` : ''}`)
    .join(', ');
  const lines = [
    `Compass: ${all}`,
    `Compass: 12 o'clock ${word[twelve]} (${twelve} edge)`,
    `12 o'clock: ${word[twelve]}`,
  ];
  return clipTo(lines.find((l) => l.length <= width) ?? lines.at(-1)!, width);
}

function legend(
  view: MapView,
  key: string[],
  ch: Chars,
  ascii: boolean,
  width: number,
  unplaced: ReadonlySet<number>,
): string[] {
  const out: string[] = [];
  const add = (s: string) => out.push(...wrap(s, width, '    ', ''));
  const parts = legendParts(view, { say: (s) => safeMapText(s, ascii), inch: ch.inch });
  if (key.length) add(`Key: ${key.map((k) => k.replace(/ {2}/, ' ')).join('; ')}.`);
  if (parts.markers.length) {
    add(`Markers (${parts.heading}):`);
    for (const m of parts.markers) add(`${m.text}${unplaced.has(m.id) ? ' (not drawn: no room on the map)' : ''}`);
  } else if (!parts.carried.length) add('No markers on the table.');
  if (parts.carried.length) {
    add('Carried (not on the map):');
    for (const m of parts.carried) add(m);
  }
  for (const n of parts.notes) add(n);
  return out;
}

/** The map and its legend as lines, one after the other (for output that is not paged). */
export function mapTextLines(view: MapView, opts: MapTextOptions): string[] {
  const t = renderMapText(view, opts);
  return [...t.screens.flatMap((s, i) => (i ? ['', ...s] : s)), '', ...t.legend];
}
