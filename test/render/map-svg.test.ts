// The battlefield as SVG (src/render/map-svg.ts) and on the page and report (src/render/page.ts): coordinates in
// inches to scale, the elements each board needs, styling by class only (the page's CSP allows no style
// attribute), ids unique per map, a title and a text equivalent, and hostile names escaped everywhere.
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { playersView } from '../../src/api/players-view.js';
import { mapFigure, mapLegendHtml, renderMapSvg } from '../../src/render/map-svg.js';
import { PAGE_CSS } from '../../src/render/page-assets.js';
import { renderPage } from '../../src/render/page.js';
import { load } from '../../src/store/session.js';
import { cliJson, tempDir } from '../helpers.js';
import { fiveTiles, fourByFour, hostile, HOSTILE, sixBySix, small } from './map-fixtures.js';

const count = (s: string, re: RegExp) => s.match(new RegExp(re.source, 'g'))?.length ?? 0;

/** Every attribute value of `name` on elements of class `cls`. */
function attrs(svg: string, cls: string, name: string): string[] {
  return [...svg.matchAll(new RegExp(`<[a-z]+ class="${cls}(?: [^"]*)?"[^>]*>`, 'g'))].map(
    (m) => new RegExp(` ${name}="([^"]*)"`).exec(m[0])?.[1] ?? '',
  );
}

describe('the map as SVG', () => {
  it('measures in inches: a 3x3 board with margins, a casket scattered 10" from A1\u2019s center to (16, 6)', () => {
    const svg = renderMapSvg(small(), { id: 'm' });
    expect(svg).toMatch(
      /^<svg class="map" xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="-3 -6 42 45" role="img" aria-labelledby="m-title">/,
    );
    expect(svg).toContain(
      '<title id="m-title">Map of the battlefield, round 1: 9 tiles (row A at the top, the far edge), 1 marker on the table</title>',
    );
    expect(attrs(svg, 'map-tile', 'x')).toEqual(['0', '12', '24', '0', '12', '24', '0', '12', '24']);
    expect(attrs(svg, 'map-tile', 'y')).toEqual(['0', '0', '0', '12', '12', '12', '24', '24', '24']);
    expect(svg).toContain('<line class="map-scatter" x1="6" y1="6" x2="16" y2="6" marker-end="url(#m-arrow)"/>');
    expect(svg).toContain('<rect class="map-marker map-loot-casket" x="15.4" y="5.4" width="1.2" height="1.2"/>');
    expect(svg).toContain('<text class="map-label" x="16.9" y="5.3">c1</text>');
  });

  it('draws the 4x4 board: 16 tiles, D4 hatched, C3 outlined, 15 caskets and the Pillar\u2019s 4-step path and 5" blast', () => {
    const v = fourByFour();
    const svg = renderMapSvg(v, { id: 'b' });
    expect(count(svg, /<rect class="map-tile[ "]/)).toBe(16);
    expect(count(svg, /<rect class="map-hatch" /)).toBe(1);
    expect(svg).toContain('<rect class="map-hatch" x="36" y="36" width="12" height="12" fill="url(#b-hatch)"/>');
    expect(svg).toContain('<pattern id="b-hatch"');
    expect(count(svg, /<rect class="map-unconfirmed" /)).toBe(1);
    expect(svg).toContain('>C3?</text><text class="map-note" x="24.6" y="27.1">not confirmed</text>');
    expect(svg).toContain('>removed</text>');
    // 16 markers on the table (c6 is carried): 15 caskets with one scatter each, the Pillar with four.
    expect(count(svg, /class="map-marker /)).toBe(16);
    expect(count(svg, /class="map-scatter"/)).toBe(15);
    expect(count(svg, /class="map-path"/)).toBe(4);
    expect(svg).not.toContain('>c6<');
    // The Large Blast, to scale, around where the Pillar is now.
    const pillar = v.markers.find((m) => m.id === 17)!;
    expect(attrs(svg, 'map-blast', 'r')).toEqual(['2.5']);
    expect(attrs(svg, 'map-blast', 'cx')).toEqual([String(Math.round(pillar.at.x * 1000) / 1000)]);
    // Its path goes through each End Phase's landing point in turn.
    const ends = attrs(svg, 'map-path', 'x2').map(Number);
    expect(ends).toEqual(pillar.scatters.map((s) => Math.round(s.to.x * 1000) / 1000));
    // c1 went off the left-hand edge: drawn 1.6" outside it, level with where it crossed.
    expect(svg).toContain('<rect class="map-marker map-loot-casket" x="-2.2" y="5.4" width="1.2" height="1.2"/>');
    // Sites on their tiles: spawn points 1-3, the lair (now a nest), the collapsed structure.
    expect(count(svg, /<text class="map-site /)).toBe(5);
    expect(svg).toContain('class="map-site map-structure map-collapsed" x="35.5" y="11.4">#1!</text>');
    expect(svg).toContain('class="map-site map-spawn map-used" x="23.5" y="35.4">*2!</text>');
  });

  it('lays out what is there: the 5-tile layout has 5 tiles; a 6x6 board with 12 o\u2019clock to the right', () => {
    const five = renderMapSvg(fiveTiles(), { id: 'f' });
    expect(count(five, /<rect class="map-tile[ "]/)).toBe(5);
    expect(five).toContain('viewBox="-3 -6 42 33"');
    const six = renderMapSvg(sixBySix(), { id: 's' });
    expect(count(six, /<rect class="map-tile[ "]/)).toBe(36);
    expect(six).toContain('>12 o\u2019clock: the right edge</text>');
    // The hour 12 sits right of the compass' center, 3 below it.
    expect(six).toContain('<text class="map-hour map-twelve" x="4.05" y="-2.6">12</text>');
    expect(six).toContain('<text class="map-hour" x="2.6" y="-1.25">3</text>');
    // A Frag Mine with a radius: its blast to scale.
    expect(attrs(six, 'map-blast', 'r')).toEqual(['2']);
  });

  it('is styled by class only: no style attribute or element, and every class it uses is in the page\u2019s style sheet', () => {
    const svg = renderMapSvg(fourByFour(), { id: 'x' }) + renderMapSvg(sixBySix(), { id: 'y' });
    expect(svg).not.toMatch(/ style=|<style/);
    const used = new Set([...svg.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')));
    // Groups are structure only.
    for (const c of ['map-t', 'map-m', 'map-off', 'map-live', 'map-loot-casket', 'map-golden-casket']) used.delete(c);
    used.delete('map-spawn');
    used.delete('map-lair');
    used.delete('map-structure');
    used.delete('map-nest');
    used.delete('map-compass');
    for (const c of used) expect([c, PAGE_CSS.includes(`.${c}`)]).toEqual([c, true]);
    expect(PAGE_CSS).toContain('.map-compass');
  });

  it('keeps ids unique per map, so the report can carry one per round', () => {
    const page = mapFigure(fourByFour(), 'map-round-1').text + mapFigure(fourByFour(), 'map-round-2').text;
    const ids = [...page.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids.length).toBe(8);
    expect(new Set(ids).size).toBe(ids.length);
    for (const ref of page.matchAll(/(?:url\(#|aria-(?:labelledby|describedby)=")([^")]+)/g))
      expect(ids).toContain(ref[1]);
  });

  it('has a text equivalent: the legend as a list, named by the SVG', () => {
    const fig = mapFigure(fourByFour(), 'map').text;
    expect(fig).toContain('aria-describedby="map-legend"');
    expect(fig).toContain('<div class="map-legend" id="map-legend">');
    expect(count(fig, /<li>c\d+ Loot Casket/)).toBe(16);
    expect(fig).toContain(
      '<li>c1 Loot Casket, round 2: off the table, past the left-hand edge (6\u2033 from the far edge): lost, not placed (from A1&#39;s center, 8\u2033 toward 9 o&#39;clock)</li>',
    );
    expect(fig).toContain(
      '<p>Carried (not on the map):</p><ul class="map-list"><li>c6 Loot Casket, round 2: carried by Krag (Goliaths)</li></ul>',
    );
    expect(fig).toContain('<li>Tiles removed (hatched): D4.</li>');
  });

  it('hostile event, gang and fighter names are escaped in the SVG and its legend: no markup, no control character', () => {
    const fig = mapFigure(hostile(), 'h').text;
    expect(fig).not.toContain('<script');
    expect(fig).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(fig).toContain('&quot;&#39;&amp;amp;');
    // As the page escapes names (src/render/html.ts): a line break is a space in HTML, every other control shown.
    expect(fig).toContain('Evil\\x1b[2J\\x1b]0;pwned\\x07\\x9b31m\\u202eName\\x0d\n');
    expect(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/.test(fig)).toBe(false);
    // On the map a marker is labelled by its glyph and number, never by a name; the names are in the legend.
    expect([...fig.matchAll(/class="map-label"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual(['c1', 's2', 'm3', 'g4']);
    expect(mapLegendHtml(hostile(), 'l').text).toContain(
      `${HOSTILE.long}, round 1: C1, at its center, worth 20 &lt;script&gt;`,
    );
  });
});

describe('a marker off the table, as the library gives it', () => {
  it('is drawn just outside the edge it crossed, inside the picture, however far past it landed; once moved, its old scatter ends at that edge', async () => {
    const dir = tempDir('badzone-map-off-');
    await cliJson(dir, 'new', '--seed', '7', '--hazard', 'none');
    // Falling Crates on 2 x 2: casket 3 from B1's center (6, 18), 12" toward 6 o'clock: lands at (6, 30).
    await cliJson(dir, 'round', '--dice', '10,4,3,1,9,6,6,2,12');
    const view = await cliJson(dir, 'map');
    expect(view.markers[2].at).toMatchObject({ x: 6, y: 30, offTable: true, edge: 'near', drawAt: { x: 6, y: 24 } });
    const svg = renderMapSvg(view, { id: 'm' });
    // The board is 24" deep and the viewBox ends 3" below it; the casket is drawn 1.6" past the edge (its square's
    // corner 0.6" above that), and its arrow ends there too.
    expect(svg).toContain('viewBox="-3 -6 30 33"');
    expect(svg).toContain('<rect class="map-marker map-loot-casket" x="5.4" y="25" width="1.2" height="1.2"/>');
    expect(svg).toContain('<line class="map-scatter" x1="6" y1="18" x2="6" y2="25.6" marker-end="url(#m-arrow)"/>');
    // Moved by the GM to B2's center: drawn there, and the scatter it had made ends at the edge it crossed.
    await cliJson(dir, 'marker', 'move', '3', 'b2');
    const moved = renderMapSvg(await cliJson(dir, 'map'), { id: 'm' });
    expect(moved).toContain('<rect class="map-marker map-loot-casket" x="17.4" y="17.4" width="1.2" height="1.2"/>');
    expect(moved).toContain('<line class="map-scatter" x1="6" y1="18" x2="6" y2="24" marker-end="url(#m-arrow)"/>');
  });
});

describe('the map on the page and in the report', () => {
  async function game() {
    const dir = tempDir('badzone-map-page-');
    await cliJson(dir, 'new', '--seed', '2', '--grid', '4x4');
    await cliJson(dir, 'round');
    await cliJson(dir, 'end');
    await cliJson(dir, 'round');
    const file = path.join(dir, 'badzone-session.json');
    const { state, book } = load(file);
    return playersView(file, state, book);
  }

  it('the players\u2019 page draws the map in the battlefield section when given one, and not otherwise', async () => {
    const v = await game();
    const page = renderPage(v, { mode: 'live', map: fourByFour() });
    const section = page.slice(page.indexOf('<section class="table"'));
    expect(section.slice(0, section.indexOf('</section>'))).toContain('<figure class="map-figure"><svg class="map"');
    expect(count(page, /<svg class="map"/)).toBe(1);
    expect(renderPage(v, { mode: 'live' })).not.toContain('map-figure');
  });

  it('the live page draws and lists a long path\u2019s newest 10 scatters, saying how many there were; the report draws them all', async () => {
    const v = await game();
    const map = fourByFour();
    const pillar = map.markers.find((m) => m.id === 17)!;
    // Fourteen End Phases: each scatter goes 1" right of where the last left it.
    const start = pillar.scatters[0]!.from;
    pillar.scatters = Array.from({ length: 14 }, (_, i) => ({
      ...pillar.scatters[0]!,
      round: i + 1,
      from: { ...start, x: start.x + i },
      to: { ...start, x: start.x + i + 1 },
    }));
    pillar.at = pillar.scatters[13]!.to;
    const page = renderPage(v, { mode: 'live', map });
    const svg = page.slice(page.indexOf('<svg class="map"'), page.indexOf('</svg>'));
    expect(count(svg, /class="map-path"/)).toBe(10);
    // Its newest ten, from where the fifth left it: rounds 5 to 13 labelled (the last is the marker's own label).
    expect(attrs(svg, 'map-path', 'x1').map(Number)).toEqual(
      Array.from({ length: 10 }, (_, i) => Math.round((start.x + 4 + i) * 1000) / 1000),
    );
    expect([...svg.matchAll(/class="map-step"[^>]*>r(\d+)</g)].map((m) => Number(m[1]))).toEqual([
      5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
    expect(page).toContain('path, its last 10 of 14 scatters (every one is in the battle report): from ');
    // The whole map, as the report draws it: all fourteen.
    expect(count(renderMapSvg(map, { id: 'r' }), /class="map-path"/)).toBe(14);
    expect(mapLegendHtml(map, 'r').text).not.toContain('its last');
  });

  it('the report draws each round\u2019s map in that round\u2019s history', async () => {
    const v = await game();
    const r2 = { ...fourByFour(), round: 2 };
    const r1 = { ...small(), round: 1 };
    const extras = {
      setup: {
        mode: 'dice' as const,
        tiles: [],
        spawnPoints: 4,
        gangs: [],
        lairs: null,
        structures: null,
        table: 't',
        turfOwner: null,
      },
      seed: '2',
      commitment: null,
      check: { jsonName: 'x.json', commitment: null, hidden: false, dice: { rolls: 0, entered: 0 } },
      version: '0',
      maps: [
        { round: 1, map: r1 },
        { round: 2, map: r2 },
      ],
    };
    const page = renderPage(v, { mode: 'report', report: extras });
    const rounds = page.split('<li class="hround">').slice(1);
    const of = (n: number) => rounds.find((r) => r.startsWith(`<h3>Round ${n}</h3>`))!;
    expect(of(2)).toContain(
      '<h4>The battlefield at the end of round 2</h4><figure class="map-figure"><svg class="map"',
    );
    expect(of(2)).toContain('aria-labelledby="map-round-2-title"');
    expect(of(1)).toContain('aria-labelledby="map-round-1-title"');
    expect(count(page, /<svg class="map"/)).toBe(2);
    // The report's own CSP allows its inline style sheet only; the map adds no style of its own.
    expect(page).not.toMatch(/ style="/);
  });
});
