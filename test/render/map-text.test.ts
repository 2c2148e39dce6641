// The battlefield on a terminal (src/render/map-text.ts): exact drawings of small boards, the 4x4 board of the
// issue within 80x24, larger boards scaled down or split (never wider or taller than asked, over random boards),
// ASCII output that is printable ASCII only, and hostile names shown escaped.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MapView, MarkerKind } from '../../src/api/types.js';
import { mapTextLines, renderMapText, type MapTextOptions } from '../../src/render/map-text.js';
import { markerLabel, placeWords } from '../../src/render/map-words.js';
import { visibleWidth } from '../../src/render/style.js';
import { board, fiveTiles, fourByFour, hostile, marker, place, sixBySix, small } from './map-fixtures.js';

const TERM: MapTextOptions = { width: 80, height: 24, ascii: false, color: false };
const ANSI = /\u001b\[[0-9;]*m/g;
/** Anything a terminal would act on (the colour codes badzone writes itself aside). */
const UNSAFE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

function allLines(t: { screens: string[][]; legend: string[] }): string[] {
  return [...t.screens.flat(), ...t.legend];
}

describe('the map on a terminal', () => {
  it('draws a 3x3 board in ASCII exactly: tile names, the compass, a casket scattered from A1 onto A2', () => {
    const t = renderMapText(small(), { ...TERM, ascii: true });
    expect(t.screens).toEqual([
      [
        'Battlefield, round 1',
        '+-------------+-------------+-------------+     12',
        '|A1           |A2           |A3           |   9 + 3',
        '|             |             |             |     6',
        "|             |    c1       |             |  12 o'clock: far edge",
        '|             |             |             |',
        '+-------------+-------------+-------------+  c  Loot Casket',
        '|B1           |B2           |B3           |',
        '|             |             |             |',
        '|             |             |             |',
        '|             |             |             |',
        '+-------------+-------------+-------------+',
        '|C1           |C2           |C3           |',
        '|             |             |             |',
        '|             |             |             |',
        '|             |             |             |',
        '+-------------+-------------+-------------+',
      ],
    ]);
    expect(t.legend).toEqual([
      "Markers (offsets from the tile's center, seen from the GM's seat):",
      `c1 Loot Casket, round 1: A2, 2" left of its center (from A1's center, 10" toward`,
      "    3 o'clock)",
    ]);
  });

  it('draws the 5-tile layout A1 A2 A3 B1 B2 as laid out, in box drawing, with a casket the GM moved', () => {
    const t = renderMapText(fiveTiles(), { ...TERM, width: 60, height: 16 });
    expect(t.screens[0]!.slice(1)).toEqual([
      '┌──────────┬──────────┬──────────┐     12',
      '│A1        │A2        │A3        │   9 + 3',
      '│          │          │          │     6',
      "│          │          │          │  12 o'clock: far edge",
      '│          │          │          │',
      '├──────────┼──────────┼──────────┘  c  Loot Casket',
      '│B1        │B2        │',
      '│          │          │',
      '│          │     c1   │',
      '│          │          │',
      '└──────────┴──────────┘',
    ]);
    expect(t.legend.join(' ').replace(/ {4}/g, '').split('seat): ')[1]).toBe(
      "c1 Loot Casket, round 1: B2, at its center, moved there by the GM (it had scattered from A3's center, 4″ toward 6 o'clock) Spawn points: without a tile: 1, 2 (number them on the table).",
    );
  });

  it('puts the compass where 12 o\u2019clock points on the drawing (row A at the top)', () => {
    const compass = (twelve: 'far' | 'right' | 'near' | 'left') =>
      renderMapText(board(1, 1, { twelve }), { ...TERM, ascii: true, width: 40 })
        .screens[0]!.slice(1, 5)
        .map((l) => l.slice(17));
    expect(compass('far')).toEqual(['   12', ' 9 + 3', '   6', "12 o'clock: far edge"]);
    expect(compass('right')).toEqual(['   9', ' 6 + 12', '   3', "12 o'clock: right edge"]);
    expect(compass('near')).toEqual(['   6', ' 3 + 9', '   12', "12 o'clock: near edge"]);
    expect(compass('left')).toEqual(['   3', '12 + 6', '   9', "12 o'clock: left edge"]);
  });

  it('fits the 4x4 board with 16 caskets and the Pillar in 80x24, every marker drawn, said in the legend', () => {
    const v = fourByFour();
    const t = renderMapText(v, TERM);
    expect(t.screens).toHaveLength(1);
    const map = t.screens[0]!;
    expect(map.length).toBeLessThanOrEqual(24);
    for (const l of allLines(t)) expect(visibleWidth(l)).toBeLessThanOrEqual(80);
    const text = map.join('\n');
    // Each marker on the table by its label, once; the carried one (c6) not on the map.
    for (const m of v.markers) {
      const label = `${m.kind === 'large-blast' ? 'b' : 'c'}${m.id}`;
      const count = text.match(new RegExp(`(?<!│)${label}(?!\\d)`, 'g'))?.length ?? 0;
      expect([label, count]).toEqual([label, m.carriedBy ? 0 : 1]);
    }
    // A1's casket went off the left-hand edge: drawn on that edge, said in words.
    expect(map.some((l) => l.startsWith('←c1'))).toBe(true);
    expect(t.legend.map((l) => l.trim()).join(' ')).toContain(
      `c1 Loot Casket, round 2: off the table, past the left-hand edge (6″ from the far edge): lost, not placed (from A1's`,
    );
    // D4 removed: hatched; C3 picked, not confirmed: marked; both said in words.
    expect(map.filter((l) => /│D4 *╱/.test(l) || /│[ ╱]*╱[ ╱]*│$/.test(l.slice(0, 57))).length).toBeGreaterThan(2);
    expect(text).toContain('C3?');
    expect(t.legend).toContain('Tiles removed (hatched): D4.');
    expect(t.legend).toContain('Picked, not confirmed by the GM (?): C3.');
    // The Pillar: its path, its blast, its every step in the legend.
    expect(text).toContain('·');
    expect(text).toContain('░');
    const pillar = t.legend.join(' ').replace(/ {4}/g, '');
    expect(pillar).toContain(
      "b17 Pillar of Flame, round 1 (in play): B2, 3.5″ right and 2″ toward the near edge of its center, blast radius 2.5″; path: B2's center, then round 1 9″ toward 2 o'clock, round 2 4″ toward 6 o'clock, round 3 6″ toward 9 o'clock, round 4 3″ toward 5 o'clock",
    );
    expect(pillar).toContain('Carried (not on the map): c6 Loot Casket, round 2: carried by Krag (Goliaths)');
    // Sites on their tiles, numbered; those without one listed.
    expect(text).toMatch(/\*1│/);
    expect(text).toMatch(/\*2!│/);
    expect(text).toMatch(/#1!│/);
    expect(pillar).toContain(
      'Spawn points: *1 A1, *2! C2 (used this round), *3 D3; without a tile: 4 (number them on the table).',
    );
    expect(pillar).toContain('Beast Lairs: %1! B4 (now a Monster Nest); without a tile: 2');
    expect(pillar).toContain('Large structures: #1! A3 (collapsed).');
  });

  it('on a 40-column terminal the 4x4 board is scaled down, the compass above it in as many words as fit', () => {
    const v = fourByFour();
    const t = renderMapText(v, { ...TERM, width: 40, ascii: true });
    expect(t.screens).toHaveLength(1);
    const map = t.screens[0]!;
    expect(map.slice(0, 3)).toEqual([
      'Battlefield, round 4, End Phase done',
      "Compass: 12 o'clock up (far edge)",
      '+--------+--------+--------+--------+',
    ]);
    expect(map.length).toBe(23);
    for (const l of allLines(t)) expect(l.length).toBeLessThanOrEqual(40);
    for (const m of v.markers.filter((m) => !m.carriedBy))
      expect(map.some((l) => new RegExp(`(?<![|])[cb]${m.id}(?![0-9])`).test(l))).toBe(true);
    // The key did not fit beside the map: it heads the legend.
    expect(t.legend[0]).toMatch(/^Key: c Loot Casket; b Large Blast; /);
  });

  it('labels markers in lowercase, so on the 4x4 board no label reads as a tile name (c3 is casket 3, C3 the tile)', () => {
    const v = fourByFour();
    const tiles = v.tiles.map((t) => t.name);
    const board = renderMapText(v, TERM).screens[0]!.join('\n');
    // No marker's label is a tile's name (caskets 1 to 16 include 1-4 and a casket, blast and tile share the letters B, C).
    for (const m of v.markers)
      expect([markerLabel(m), tiles.includes(markerLabel(m))]).toEqual([markerLabel(m), false]);
    // So each tile's name is on the drawn board once, in its corner, and nothing else there reads as it.
    for (const name of tiles) {
      const seen = board.match(new RegExp(`(?<![A-Za-z0-9])${name}(?![0-9])`, 'g'))?.length ?? 0;
      expect([name, seen]).toEqual([name, 1]);
    }
  });

  it('draws each label where its point is, scaled: a casket 2" right of A2\u2019s center is 2 columns right of it', () => {
    const v = board(1, 3);
    v.markers = [marker(v, { id: 7, kind: 'frag-mine', what: 'Frag Mine', round: 1, tile: 'A2' }, [[1, 2, 3]])];
    const t = renderMapText(v, { ...TERM, ascii: true });
    // 13 columns a tile: A2 runs from column 15 to 27, its center at 21; 2" right is 23.17, so column 23.
    const row = t.screens[0]!.find((l) => l.includes('m7'))!;
    expect(row.indexOf('m7')).toBe(23);
    expect(t.legend.join(' ').replace(/ {4}/g, '')).toContain(
      `m7 Frag Mine, round 1: A2, 2" right of its center (from A2's center, 2" toward 3 o'clock)`,
    );
  });

  it('fits the 6x6 board in 80x24 scaled down, and splits a 26x26 board into parts, never wrapping', () => {
    const six = renderMapText(sixBySix(), TERM);
    expect(six.screens).toHaveLength(1);
    expect(six.screens[0]!.length).toBeLessThanOrEqual(24);
    expect(six.screens[0]!.join('\n')).toContain('F6');
    const big = board(26, 26);
    const t = renderMapText(big, TERM);
    expect(t.screens.length).toBeGreaterThan(1);
    for (const s of t.screens) {
      expect(s.length).toBeLessThanOrEqual(24);
      for (const l of s) expect(visibleWidth(l)).toBeLessThanOrEqual(80);
    }
    // Every column number and row letter is shown in some part.
    const heads = t.screens.map((s) => s[2]!).join(' ');
    for (let c = 1; c <= 26; c++) expect(heads.split(/\s+/)).toContain(String(c));
    const rows = new Set(t.screens.flatMap((s) => s.map((l) => l[0])));
    for (const r of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') expect(rows.has(r)).toBe(true);
  });

  it('says offsets in words relative to the drawing, to the half inch', () => {
    const v = board(2, 2);
    expect(placeWords(place(v, 22.3, 4.9))).toBe('A2, 4.5″ right and 1″ toward the far edge of its center');
    expect(placeWords(place(v, 13, 20))).toBe('B2, 5″ left and 2″ toward the near edge of its center');
    expect(placeWords(place(v, 6, 6))).toBe('A1, at its center');
    expect(placeWords(place(v, 30, 6), '"')).toBe('off the table, past the right-hand edge (6" from the far edge)');
  });

  it('colour changes nothing but adds colour: the same text without its codes', () => {
    const plain = renderMapText(fourByFour(), TERM);
    const colour = renderMapText(fourByFour(), { ...TERM, color: true });
    expect(colour.screens[0]!.join('\n')).toMatch(ANSI);
    expect(colour.screens.map((s) => s.map((l) => l.replace(ANSI, '')))).toEqual(plain.screens);
    expect(colour.legend).toEqual(plain.legend);
  });

  it('hostile event, gang and fighter names are shown escaped, never sent to the terminal, in ASCII too', () => {
    for (const ascii of [false, true]) {
      const out = mapTextLines(hostile(), { ...TERM, ascii });
      const text = out.join('\n');
      expect(UNSAFE.exec(text)).toBeNull();
      expect(text).toContain('Evil\\x1b[2J\\x1b]0;pwned\\x07\\x9b31m\\u202eName\\x0d\\x0a');
      for (const l of out) expect(visibleWidth(l)).toBeLessThanOrEqual(80);
    }
  });
});

const KINDS: MarkerKind[] = ['loot-casket', 'smoke-marker', 'frag-mine', 'golden-casket', 'large-blast'];

/** A random board: any size up to 26x26, tiles removed or left out, markers scattered anywhere (off the table too). */
const boards = fc
  .record({
    rows: fc.integer({ min: 1, max: 26 }),
    cols: fc.integer({ min: 1, max: 26 }),
    twelve: fc.constantFrom('far', 'right', 'near', 'left' as const),
    gaps: fc.array(fc.nat(), { maxLength: 5 }),
    markers: fc.array(
      fc.record({
        tile: fc.nat(),
        kind: fc.constantFrom(...KINDS),
        steps: fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 })), {
          maxLength: 4,
        }),
        carried: fc.boolean(),
        name: fc.string({ maxLength: 40, unit: 'binary' }),
      }),
      { maxLength: 30 },
    ),
  })
  .map((b): MapView => {
    const v = board(b.rows, b.cols, { twelve: b.twelve });
    for (const g of b.gaps) if (v.tiles.length > 1) v.tiles.splice(g % v.tiles.length, 1);
    for (const g of b.gaps.slice(0, 2)) {
      const t = v.tiles[g % v.tiles.length]!;
      if (g % 2) t.state = 'removed';
      else t.unconfirmed = true;
    }
    v.markers = b.markers.map((m, i) =>
      marker(
        v,
        { id: i + 1, kind: m.kind, what: m.name, round: 1, tile: v.tiles[m.tile % v.tiles.length]!.name },
        m.steps.map(([d, h], k) => [k + 1, d, h]),
        {
          ...(m.kind === 'large-blast' ? { radius: 2.5 } : {}),
          ...(m.carried ? { carriedBy: { gang: m.name, fighter: null } } : {}),
        },
      ),
    );
    return v;
  });

describe('the map on any board (fast-check)', () => {
  it('no screen is taller or wider than asked, no legend line wider; ASCII output is printable ASCII', () => {
    fc.assert(
      fc.property(
        boards,
        fc.integer({ min: 40, max: 160 }),
        fc.integer({ min: 12, max: 60 }),
        fc.boolean(),
        (v, width, height, ascii) => {
          const t = renderMapText(v, { width, height, ascii, color: false });
          for (const s of t.screens) expect(s.length).toBeLessThanOrEqual(height);
          for (const l of allLines(t)) expect(visibleWidth(l)).toBeLessThanOrEqual(width);
          const text = allLines(t).join('\n');
          expect(UNSAFE.exec(text)).toBeNull();
          if (ascii) expect(/[^\n\x20-\x7e]/.exec(text)).toBeNull();
          // Every marker on the table is drawn, or the legend says it could not be.
          const legend = t.legend.join(' ');
          for (const m of v.markers) {
            if (m.carriedBy) continue;
            const label = new RegExp(`(^|[^0-9])[csmgb]${m.id}(?![0-9])`);
            const drawn = t.screens.some((s) => s.some((l) => label.test(l)));
            expect(drawn || legend.includes('not drawn: no room')).toBe(true);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
