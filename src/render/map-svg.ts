// The battlefield as an inline SVG (issue 22), for the players' page and the HTML report: the tiles 12" square in a
// viewBox measured in inches (so every blast, scatter and offset is to scale), removed tiles hatched (a <pattern>),
// picks not confirmed outlined and said, each marker with its glyph and number, its scatters as arrows, the Pillar
// of Flame's path and its Large Blast, the numbered sites, and a compass. Written with the page's escaping template
// (./html.ts): a name is text wherever it goes. No style attribute and no <style> element: every look comes from
// classes in the page's style sheet (./page-assets.ts), so the page's Content-Security-Policy stays as it is; the
// only presentation attributes are references to this SVG's own pattern and arrowhead (fill, marker-end).
// A text equivalent (the legend as a list, mapLegendHtml) goes beside it, and the SVG names it (aria-describedby).
import type { MapMarker, MapPoint, MapView } from '../api/types.js';
import { edgeAt, type Edge } from '../api/orientation.js';
import { html, raw, type Html } from './html.js';
import { liveList, type LiveList } from './live-list.js';
import {
  MARKER_GLYPH,
  MARKER_NAME,
  legendParts,
  mapTitle,
  markerLabel,
  nearestEdge,
  siteLabel,
  siteLists,
  type SiteKind,
} from './map-words.js';

export interface MapSvgOptions {
  /** Prefix of the ids inside (title, pattern, arrowhead) and of the legend's: unique within the page. */
  id: string;
  /** The accessible name; by default "Map of the battlefield, round N: ...". */
  title?: string;
  /** The id of the text equivalent (mapLegendHtml's list) when the page carries it. */
  describedBy?: string;
  /** On the live page: the markers go in a group sent item by item (../serve/live.ts), put in `lists`. */
  lists?: LiveList[];
}

/** The margin around the board, in inches: room for markers off the table and, above, the compass. */
const MARGIN = 3;
const TOP = 6;
/** How far outside its edge a marker that left the table is drawn. */
const OUT = 1.6;

/** A coordinate, rounded to a thousandth of an inch. */
function n(x: number): number {
  // A number, not its text: the template writes a number as it is, where text is escaped first (a long game's map
  // has a thousand coordinates).
  return Math.round(x * 1000) / 1000;
}

const OUTWARD: Record<Edge, MapPoint> = {
  far: { x: 0, y: -1 },
  near: { x: 0, y: 1 },
  left: { x: -1, y: 0 },
  right: { x: 1, y: 0 },
};

/** Where a marker is drawn: at its point, or just outside the edge it went past. */
function drawnAt(m: MapMarker, view: MapView): MapPoint {
  if (!m.at.offTable) return m.at;
  const o = OUTWARD[m.at.edge ?? nearestEdge(m.at, view)];
  // From the point on the edge it is drawn at (drawAt), not from its landing point, which may be far beyond the
  // margin the viewBox leaves (a casket 12" past the near edge was drawn out of the picture).
  const p = m.at.drawAt ?? m.at;
  return { x: p.x + o.x * OUT, y: p.y + o.y * OUT };
}

function shape(m: MapMarker, p: MapPoint): Html {
  const x = p.x;
  const y = p.y;
  const cls = `map-marker map-${m.kind}${m.live ? ' map-live' : ''}`;
  switch (m.kind) {
    case 'smoke-marker':
    case 'large-blast':
      return html`<circle class="${cls}" cx="${n(x)}" cy="${n(y)}" r="0.7"/>`;
    case 'frag-mine':
      return html`<polygon class="${cls}" points="${n(x)},${n(y - 0.8)} ${n(x + 0.8)},${n(y)} ${n(x)},${n(y + 0.8)} ${n(x - 0.8)},${n(y)}"/>`;
    default:
      return html`<rect class="${cls}" x="${n(x - 0.6)}" y="${n(y - 0.6)}" width="1.2" height="1.2"/>`;
  }
}

function arrow(a: MapPoint, b: MapPoint, cls: string, arrowId: string): Html | null {
  const d = Math.hypot(b.x - a.x, b.y - a.y);
  if (d < 0.01) return null;
  return html`<line class="${cls}" x1="${n(a.x)}" y1="${n(a.y)}" x2="${n(b.x)}" y2="${n(b.y)}" marker-end="url(#${arrowId})"/>`;
}

function markerSvg(m: MapMarker, view: MapView, arrowId: string): Html {
  const at = drawnAt(m, view);
  const steps = [m.origin, ...m.scatters.map((s) => s.to)];
  // The points each scatter went through, the last one drawn where the marker is drawn (outside the edge it left by).
  // A point off the table that is not where the marker is drawn (a moved marker's old landing) is drawn at the edge
  // it crossed (drawAt), inside the picture.
  const pts = steps.map((p, i) => (i === steps.length - 1 && !m.moved ? at : (p.drawAt ?? p)));
  const path = m.scatters.length > 1;
  const lines = pts.slice(1).map((p, i) => arrow(pts[i]!, p, path ? 'map-path' : 'map-scatter', arrowId));
  const label = markerLabel(m);
  return html`<g class="map-m${m.at.offTable ? ' map-off' : ''}">${
    m.scatters.length ? html`<circle class="map-origin" cx="${n(m.origin.x)}" cy="${n(m.origin.y)}" r="0.3"/>` : null
  }${lines}${path ? m.scatters.map((s, i) => (i < m.scatters.length - 1 ? html`<text class="map-step" x="${n(s.to.x + 0.5)}" y="${n(s.to.y - 0.4)}">${`r${s.round}`}</text>` : null)) : null}${
    m.radius !== undefined && !m.at.offTable
      ? html`<circle class="map-blast" cx="${n(m.at.x)}" cy="${n(m.at.y)}" r="${n(m.radius)}"/>`
      : null
  }${shape(m, at)}<text class="map-label" x="${n(at.x + 0.9)}" y="${n(at.y - 0.7)}">${label}</text></g>`;
}

function compassSvg(twelve: Edge): Html {
  const cx = 2.6;
  const cy = -TOP / 2;
  const pos: Record<Edge, MapPoint> = {
    far: { x: cx, y: cy - 1.35 },
    near: { x: cx, y: cy + 1.35 },
    left: { x: cx - 1.45, y: cy },
    right: { x: cx + 1.45, y: cy },
  };
  const tip = { x: cx + OUTWARD[twelve].x * 0.7, y: cy + OUTWARD[twelve].y * 0.7 };
  return html`<g class="map-compass"><circle cx="${n(cx)}" cy="${n(cy)}" r="2.2"/><line x1="${n(cx)}" y1="${n(cy)}" x2="${n(tip.x)}" y2="${n(tip.y)}"/>${[
    12, 3, 6, 9,
  ].map((h) => {
    const p = pos[edgeAt(h, twelve)!];
    return html`<text class="map-hour${h === 12 ? ' map-twelve' : ''}" x="${n(p.x)}" y="${n(p.y + 0.4)}">${String(h)}</text>`;
  })}<text class="map-compass-note" x="${n(cx + 3)}" y="${n(cy + 0.4)}">${`12 o\u2019clock: the ${twelve} edge${twelve === 'far' ? ' (row A)' : ''}`}</text></g>`;
}

/** The accessible name: what the map is, in a sentence. */
export function mapSvgTitle(view: MapView): string {
  const on = view.markers.filter((m) => !m.carriedBy).length;
  const removed = view.tiles.filter((t) => t.state === 'removed').length;
  return `Map of the ${mapTitle(view).replace(/^Battlefield/, 'battlefield')}: ${view.tiles.length} tile${view.tiles.length === 1 ? '' : 's'} (row A at the top, the far edge)${removed ? `, ${removed} removed` : ''}, ${on} marker${on === 1 ? '' : 's'} on the table`;
}

/** The map as an SVG element (a string), to put inline in the page. */
export function renderMapSvg(view: MapView, opts: MapSvgOptions): string {
  return mapSvg(view, opts).text;
}

function mapSvg(view: MapView, opts: MapSvgOptions): Html {
  const id = opts.id;
  const hatch = `${id}-hatch`;
  const arrowId = `${id}-arrow`;
  const W = view.width;
  const H = view.height;
  const tiles = view.tiles.map((t) => {
    const x = t.col * 12;
    const y = t.row * 12;
    return html`<g class="map-t"><rect class="map-tile${t.state === 'removed' ? ' map-removed' : ''}" x="${x}" y="${y}" width="12" height="12"/>${
      t.state === 'removed'
        ? html`<rect class="map-hatch" x="${x}" y="${y}" width="12" height="12" fill="url(#${hatch})"/>`
        : null
    }${t.unconfirmed ? html`<rect class="map-unconfirmed" x="${x + 0.4}" y="${y + 0.4}" width="11.2" height="11.2"/>` : null}<text class="map-tile-name" x="${x + 0.6}" y="${y + 1.7}">${t.name}${t.unconfirmed ? '?' : ''}</text>${
      t.state === 'removed'
        ? html`<text class="map-note" x="${x + 0.6}" y="${y + 3.1}">removed</text>`
        : t.unconfirmed
          ? html`<text class="map-note" x="${x + 0.6}" y="${y + 3.1}">not confirmed</text>`
          : null
    }</g>`;
  });
  const sites: Html[] = [];
  const perTile = new Map<string, number>();
  for (const [k, list] of siteLists(view))
    for (const s of list) {
      const t = s.tile === null ? undefined : view.tiles.find((t) => t.name === s.tile);
      if (!t) continue;
      const i = perTile.get(t.name) ?? 0;
      perTile.set(t.name, i + 1);
      sites.push(
        html`<text class="${siteClass(k, s)}" x="${n(t.col * 12 + 11.5)}" y="${n(t.row * 12 + 11.4 - i * 1.5)}">${siteLabel(k, s)}</text>`,
      );
    }
  const onMap = view.markers.filter((m) => !m.carriedBy);
  const drawn = onMap.map((m) => markerSvg(m, view, arrowId).text);
  const markers = opts.lists ? liveList('g', 'map-markers', `${id}-markers`, drawn, opts.lists) : raw(drawn.join(''));
  const title = opts.title ?? mapSvgTitle(view);
  const described = opts.describedBy ? html` aria-describedby="${opts.describedBy}"` : null;
  return html`<svg class="map" xmlns="http://www.w3.org/2000/svg" viewBox="${n(-MARGIN)} ${n(-TOP)} ${n(W + 2 * MARGIN)} ${n(H + TOP + MARGIN)}" role="img" aria-labelledby="${id}-title"${described}><title id="${id}-title">${title}</title><defs><pattern id="${hatch}" width="1.5" height="1.5" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line class="map-hatch-line" x1="0" y1="0" x2="0" y2="1.5"/></pattern><marker id="${arrowId}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path class="map-arrowhead" d="M0,0 L10,5 L0,10 z"/></marker></defs><rect class="map-table" x="${n(-MARGIN)}" y="${n(-TOP)}" width="${n(W + 2 * MARGIN)}" height="${n(H + TOP + MARGIN)}"/>${tiles}${sites}${markers}${compassSvg(view.orientation.twelve)}</svg>`;
}

function siteClass(k: SiteKind, s: { used?: true; becomes?: string | null; collapsed?: true }): string {
  return `map-site map-${k}${s.used ? ' map-used' : ''}${s.becomes ? ' map-nest' : ''}${s.collapsed ? ' map-collapsed' : ''}`;
}

/**
 * The map's text equivalent: the legend as a list (visible, and named by the SVG's aria-describedby). `lists`: on
 * the live page, the markers' list is sent item by item.
 */
export function mapLegendHtml(view: MapView, id: string, lists?: LiveList[]): Html {
  const p = legendParts(view, { say: (s) => s, inch: '\u2033' });
  const kinds = [...new Set(view.markers.filter((m) => !m.carriedBy).map((m) => m.kind))];
  return html`<div class="map-legend" id="${id}"><p class="map-key">${kinds.length ? html`Markers by their letter and number (${kinds.map((k, i) => html`${i ? ', ' : ''}${MARKER_GLYPH[k]} ${MARKER_NAME[k]}`)}); ${p.heading}.` : 'No markers on the table.'}</p>${
    p.markers.length
      ? lists
        ? liveList(
            'ol',
            'map-list',
            `${id}-markers`,
            p.markers.map((m) => html`<li>${m.text}</li>`.text),
            lists,
          )
        : html`<ol class="map-list">${p.markers.map((m) => html`<li>${m.text}</li>`)}</ol>`
      : null
  }${p.carried.length ? html`<p>Carried (not on the map):</p><ul class="map-list">${p.carried.map((c) => html`<li>${c}</li>`)}</ul>` : null}${
    p.notes.length ? html`<ul class="map-notes">${p.notes.map((x) => html`<li>${x}</li>`)}</ul>` : null
  }</div>`;
}

/** The map with its text equivalent, as the page and the report show it (`lists`: the live page's, as above). */
export function mapFigure(view: MapView, id: string, title?: string, lists?: LiveList[]): Html {
  const legendId = `${id}-legend`;
  return html`<figure class="map-figure">${mapSvg(view, { id, describedBy: legendId, ...(title ? { title } : {}), ...(lists ? { lists } : {}) })}<figcaption>${mapLegendHtml(view, legendId, lists)}</figcaption></figure>`;
}
