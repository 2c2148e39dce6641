// The table's frame (src/rules/orientation.ts): a clock direction as a direction on the board, for each edge 12
// o'clock may point to. Exact numbers: the map (issue 22) places markers with them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clockVector, EDGES, edgeAt, isEdge } from '../../src/rules/orientation.js';

const H = Math.sqrt(3) / 2;

describe('clockVector: x along row A (toward higher columns), y away from row A', () => {
  it("with 12 o'clock to the far edge (row A): 12 is toward row A, 3 to the right, 6 toward the GM, 9 to the left", () => {
    expect(clockVector(12, 'far')).toEqual({ x: 0, y: -1 });
    expect(clockVector(3, 'far')).toEqual({ x: 1, y: 0 });
    expect(clockVector(6, 'far')).toEqual({ x: 0, y: 1 });
    expect(clockVector(9, 'far')).toEqual({ x: -1, y: 0 });
    expect(clockVector(1, 'far')).toEqual({ x: 0.5, y: -H });
    expect(clockVector(2, 'far')).toEqual({ x: H, y: -0.5 });
    expect(clockVector(4, 'far')).toEqual({ x: H, y: 0.5 });
    expect(clockVector(5, 'far')).toEqual({ x: 0.5, y: H });
    expect(clockVector(7, 'far')).toEqual({ x: -0.5, y: H });
    expect(clockVector(11, 'far')).toEqual({ x: -0.5, y: -H });
  });

  it('each other edge turns the whole clock: 12 points at that edge, the hours still go round clockwise', () => {
    expect(clockVector(12, 'right')).toEqual({ x: 1, y: 0 });
    expect(clockVector(3, 'right')).toEqual({ x: 0, y: 1 });
    expect(clockVector(12, 'near')).toEqual({ x: 0, y: 1 });
    expect(clockVector(3, 'near')).toEqual({ x: -1, y: 0 });
    expect(clockVector(12, 'left')).toEqual({ x: -1, y: 0 });
    expect(clockVector(3, 'left')).toEqual({ x: 0, y: -1 });
    expect(clockVector(1, 'left')).toEqual({ x: -H, y: -0.5 });
  });

  it('a casket at A1\'s centre (6", 6") scattered 10" toward 3 o\'clock lands at (16", 6")', () => {
    const v = clockVector(3, 'far');
    expect({ x: 6 + 10 * v.x, y: 6 + 10 * v.y }).toEqual({ x: 16, y: 6 });
  });

  it('every direction is a unit vector, a quarter turn of the same hour at the next edge clockwise', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.constantFrom(...EDGES), (h, twelve) => {
        const v = clockVector(h, twelve);
        expect(Math.hypot(v.x, v.y)).toBeCloseTo(1, 12);
        const next = EDGES[(EDGES.indexOf(twelve) + 1) % 4]!;
        // Turning the board's frame a quarter turn clockwise (seen from above, y down): (x, y) -> (-y, x).
        expect(clockVector(h, next)).toEqual(clockVector(((h + 2) % 12) + 1, twelve));
        const w = clockVector(h, next);
        expect(w.x).toBeCloseTo(-v.y, 12);
        expect(w.y).toBeCloseTo(v.x, 12);
      }),
    );
  });

  it('refuses what is not a clock direction', () => {
    for (const bad of [0, 13, 2.5, Number.NaN]) expect(() => clockVector(bad, 'far')).toThrow(RangeError);
  });
});

describe('edgeAt', () => {
  it("names the edge 12, 3, 6 and 9 o'clock point at; null between them", () => {
    expect([12, 3, 6, 9].map((h) => edgeAt(h, 'far'))).toEqual(['far', 'right', 'near', 'left']);
    expect([12, 3, 6, 9].map((h) => edgeAt(h, 'near'))).toEqual(['near', 'left', 'far', 'right']);
    expect([12, 3, 6, 9].map((h) => edgeAt(h, 'left'))).toEqual(['left', 'far', 'right', 'near']);
    for (const h of [1, 2, 4, 5, 7, 8, 10, 11]) expect(edgeAt(h, 'right')).toBeNull();
  });

  it('isEdge takes the four edges and nothing else', () => {
    expect(EDGES.every(isEdge)).toBe(true);
    for (const bad of ['Far', 'top', '', null, 12]) expect(isEdge(bad)).toBe(false);
  });
});
