// The battlefield's geometry (src/rules/geometry.ts): tile centers, landing points, the tile under a point and its
// offset, off-table detection and a path of scatters. Exact numbers, in inches from A1's outer corner.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampToBoard,
  edgeCrossed,
  landing,
  layoutOf,
  scatterPath,
  tileAt,
  tileCenter,
  tileName,
  tileRowCol,
  whereabouts,
} from '../../src/rules/geometry.js';
import { countTiles, gridTiles } from '../../src/engine/state.js';
import { EDGES } from '../../src/rules/orientation.js';

const H = Math.sqrt(3) / 2;
const FOUR = gridTiles(4, 4);
const FIVE = countTiles(5); // A1 A2 A3 B1 B2

describe('tiles: names, grid places and centers', () => {
  it('reads a name as its row and column, and back', () => {
    expect(tileRowCol('A1')).toEqual({ row: 0, col: 0 });
    expect(tileRowCol('C12')).toEqual({ row: 2, col: 11 });
    expect(tileRowCol('Z26')).toEqual({ row: 25, col: 25 });
    expect(tileRowCol('AB3')).toEqual({ row: 27, col: 2 });
    expect(tileRowCol('a1')).toBeNull();
    expect(tileRowCol('A0')).toBeNull();
    // Row letters A-Z, then a column 1 or more without a leading 0, and nothing else.
    for (const bad of ['', 'A', '1', 'A01', 'A1a', 'A1 ', ' A1', 'A-1', 'A1.5', 'Å1', 'A\u0661', '1A', 'A1\n'])
      expect(tileRowCol(bad), JSON.stringify(bad)).toBeNull();
    expect(tileRowCol('ZZ999')).toEqual({ row: 701, col: 998 });
    expect(tileName(0, 0)).toBe('A1');
    expect(tileName(27, 2)).toBe('AB3');
    for (const t of gridTiles(26, 26)) {
      const p = tileRowCol(t)!;
      expect(tileName(p.row, p.col)).toBe(t);
    }
  });

  it("puts each tile's center 12\" on from the last, A1's at (6, 6)", () => {
    expect(tileCenter('A1')).toEqual({ x: 6, y: 6 });
    expect(tileCenter('A2')).toEqual({ x: 18, y: 6 });
    expect(tileCenter('B1')).toEqual({ x: 6, y: 18 });
    expect(tileCenter('D4')).toEqual({ x: 42, y: 42 });
    expect(() => tileCenter('nowhere')).toThrow(RangeError);
  });

  it('lays a 5-tile battlefield out on a 2 x 3 grid, 36" by 24"', () => {
    expect(layoutOf(FIVE)).toMatchObject({ rows: 2, cols: 3, width: 36, height: 24 });
    expect(layoutOf(FOUR)).toMatchObject({ rows: 4, cols: 4, width: 48, height: 48 });
  });
});

describe('landing points', () => {
  it('a casket at A1\'s center scattered 10" toward 3 o\'clock lands at (16, 6), on A2, 2" left of its center', () => {
    const p = landing(tileCenter('A1'), 10, 3, 'far');
    expect(p).toEqual({ x: 16, y: 6 });
    expect(tileAt(p, FOUR)).toEqual({ tile: 'A2', offset: { x: -2, y: 0 } });
  });

  it("one scattered 8\" toward 9 o'clock from A1's center lands off the table at the left edge", () => {
    const p = landing(tileCenter('A1'), 8, 9, 'far');
    expect(p).toEqual({ x: -2, y: 6 });
    expect(tileAt(p, FOUR)).toBeNull();
    expect(edgeCrossed(p, layoutOf(FOUR))).toBe('left');
    expect(whereabouts(p, layoutOf(FOUR), FOUR)).toEqual({ tile: null, offTable: true, edge: 'left' });
    expect(clampToBoard(p, layoutOf(FOUR))).toEqual({ x: 0, y: 6 });
  });

  it("turns with the table: 12 o'clock to the right edge makes 3 o'clock point toward the GM", () => {
    expect(landing({ x: 18, y: 18 }, 7, 3, 'right')).toEqual({ x: 18, y: 25 });
    expect(landing({ x: 18, y: 18 }, 7, 12, 'near')).toEqual({ x: 18, y: 25 });
    expect(landing({ x: 18, y: 18 }, 7, 12, 'left')).toEqual({ x: 11, y: 18 });
  });

  it("between the hours: 8\" toward 2 o'clock from B2's center", () => {
    const p = landing(tileCenter('B2'), 8, 2, 'far');
    expect(p.x).toBeCloseTo(18 + 8 * H, 12);
    expect(p.y).toBe(14);
    expect(tileAt(p, FOUR)!.tile).toBe('B3');
  });
});

describe('the tile under a point', () => {
  it('gives the tile and the offset from its center', () => {
    expect(tileAt({ x: 30, y: 40 }, FOUR)).toEqual({ tile: 'D3', offset: { x: 0, y: -2 } });
    expect(tileAt({ x: 47.5, y: 0.5 }, FOUR)).toEqual({ tile: 'A4', offset: { x: 5.5, y: -5.5 } });
  });

  it('puts a point on the line between tiles on the higher one, and on the outer edge on the board', () => {
    expect(tileAt({ x: 12, y: 6 }, FOUR)!.tile).toBe('A2');
    expect(tileAt({ x: 12, y: 12 }, FOUR)!.tile).toBe('B2');
    expect(tileAt({ x: 0, y: 0 }, FOUR)).toEqual({ tile: 'A1', offset: { x: -6, y: -6 } });
    expect(tileAt({ x: 48, y: 48 }, FOUR)).toEqual({ tile: 'D4', offset: { x: 6, y: 6 } });
    expect(tileAt({ x: 48.001, y: 48 }, FOUR)).toBeNull();
    // Far off the table is off it, however far (no grid place is read past the grid).
    expect(tileAt({ x: 12 * 65_536, y: 0 }, FOUR)).toBeNull();
    expect(tileAt({ x: 6, y: 1e9 }, FOUR)).toBeNull();
    // A2 removed: the line between A1 and A2 is A1's.
    expect(tileAt({ x: 12, y: 6 }, ['A1', 'A3'])!.tile).toBe('A1');
  });

  it('a point over B3 of a 5-tile layout (A1 A2 A3 B1 B2) is off the battlefield, not at any edge', () => {
    const layout = layoutOf(FIVE);
    const p = tileCenter('B3');
    expect(tileAt(p, FIVE)).toBeNull();
    expect(edgeCrossed(p, layout)).toBeNull();
    expect(whereabouts(p, layout, FIVE)).toEqual({ tile: null, offTable: true, edge: null });
    expect(whereabouts({ x: 20, y: 20 }, layout, FIVE)).toEqual({
      tile: 'B2',
      offset: { x: 2, y: 2 },
      offTable: false,
    });
  });

  it('a point over a tile removed since setup is on the table but on no tile', () => {
    const layout = layoutOf(FOUR);
    const left = FOUR.filter((t) => t !== 'B2');
    expect(whereabouts({ x: 20, y: 20 }, layout, left)).toEqual({ tile: null, offTable: false, removed: 'B2' });
  });

  it('past a corner, names the edge it is furthest beyond', () => {
    const layout = layoutOf(FOUR);
    expect(edgeCrossed({ x: -1, y: -3 }, layout)).toBe('far');
    expect(edgeCrossed({ x: 52, y: 49 }, layout)).toBe('right');
    expect(edgeCrossed({ x: 47, y: 50 }, layout)).toBe('near');
    expect(edgeCrossed({ x: -2, y: -2 }, layout)).toBe('far');
    expect(clampToBoard({ x: 52, y: -9 }, layout)).toEqual({ x: 48, y: 0 });
  });
});

describe("the Pillar of Flame's path", () => {
  it('accumulates each scatter from where the one before left it', () => {
    const path = scatterPath(tileCenter('B2'), [
      { distance: 9, direction: 3, twelve: 'far' },
      { distance: 7, direction: 6, twelve: 'far' },
      // The GM turned the table: 12 o'clock now points to the left edge, so 3 o'clock points to the far edge.
      { distance: 12, direction: 3, twelve: 'left' },
    ]);
    expect(path).toEqual([
      { x: 18, y: 18 },
      { x: 27, y: 18 },
      { x: 27, y: 25 },
      { x: 27, y: 13 },
    ]);
    expect(scatterPath({ x: 1, y: 2 }, [])).toEqual([{ x: 1, y: 2 }]);
  });
});

describe('properties', () => {
  const scatter = fc.record({
    distance: fc.integer({ min: 0, max: 1000 }),
    direction: fc.integer({ min: 1, max: 12 }),
    twelve: fc.constantFrom(...EDGES),
  });
  const point = fc.record({
    x: fc.double({ min: -200, max: 200, noNaN: true }),
    y: fc.double({ min: -200, max: 200, noNaN: true }),
  });

  it('every landing point is exactly its distance from its origin', () => {
    fc.assert(
      fc.property(point, scatter, (o, s) => {
        const p = landing(o, s.distance, s.direction, s.twelve);
        expect(Math.abs(Math.hypot(p.x - o.x, p.y - o.y) - s.distance)).toBeLessThanOrEqual(1e-9);
      }),
    );
  });

  it('a path has one point per scatter after its origin, each its distance from the one before', () => {
    fc.assert(
      fc.property(point, fc.array(scatter, { maxLength: 30 }), (o, ss) => {
        const path = scatterPath(o, ss);
        expect(path).toHaveLength(ss.length + 1);
        ss.forEach((s, i) => {
          const d = Math.hypot(path[i + 1]!.x - path[i]!.x, path[i + 1]!.y - path[i]!.y);
          expect(Math.abs(d - s.distance)).toBeLessThanOrEqual(1e-9);
        });
      }),
    );
  });

  it('a point is on a tile exactly when it is within the grid and over a tile laid, and the offset leads back to it', () => {
    const layout = layoutOf(FIVE);
    fc.assert(
      fc.property(point, (p) => {
        const w = whereabouts(p, layout, FIVE);
        if (w.tile !== null) {
          const c = tileCenter(w.tile);
          expect(c.x + w.offset.x).toBeCloseTo(p.x, 9);
          expect(c.y + w.offset.y).toBeCloseTo(p.y, 9);
          expect(Math.abs(w.offset.x)).toBeLessThanOrEqual(6);
          expect(Math.abs(w.offset.y)).toBeLessThanOrEqual(6);
        }
        const inside = p.x >= 0 && p.x <= 36 && p.y >= 0 && p.y <= 24;
        expect(w.offTable && w.edge !== null).toBe(!inside);
        const c = clampToBoard(p, layout);
        expect(edgeCrossed(c, layout)).toBeNull();
      }),
    );
  });
});

describe('layoutOf, asked again', () => {
  it('gives the layout it made for the same tiles, unchanged when the list it was given changes after', () => {
    const tiles = ['A1', 'A2', 'B1', 'B2'];
    const a = layoutOf(tiles);
    expect(layoutOf([...tiles])).toBe(a);
    tiles.push('B3');
    expect(a.laid).toEqual(['A1', 'A2', 'B1', 'B2']);
    const b = layoutOf(tiles);
    expect(b).not.toBe(a);
    expect(b.cols).toBe(3);
    expect(a.cols).toBe(2);
  });
});
