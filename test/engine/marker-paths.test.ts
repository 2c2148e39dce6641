// Where a marker's long path has got to (src/engine/markers.ts): the points a walk remembers (every MARK_EVERY
// scatters), the ones a session file keeps (pathMarks) and takes back, and verify's check of them. Whatever is
// remembered, a point is the one a walk from where the marker was put down reaches, to the last bit.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MARK_EVERY,
  PATH_TAIL,
  markerAt,
  pathMarks,
  pathMarksProblem,
  pointAfter,
  takePathMarks,
} from '../../src/engine/markers.js';
import { layoutOf, type Layout, type Point } from '../../src/rules/geometry.js';
import { clockVector, EDGES, type Edge } from '../../src/rules/orientation.js';
import type { Marker, MarkerScatter, SessionState } from '../../src/engine/state.js';

const TILES = ['A1', 'A2', 'B1', 'B2'];
const layout: Layout = layoutOf(TILES);

/** The walk written out again: from the tile's center (or the tile it was moved to), one scatter at a time. */
function walked(m: Marker, n: number): Point {
  const center = (tile: string): Point => {
    const [row, col] = [tile.charCodeAt(0) - 65, Number(tile.slice(1)) - 1];
    return { x: (col + 0.5) * 12, y: (row + 0.5) * 12 };
  };
  let p = center(m.moved?.tile ?? m.tile);
  for (let i = m.moved?.after ?? 0; i < n; i++) {
    const sc = m.scatters![i]!;
    const v = clockVector(sc[2], sc[3] ?? m.twelve);
    p = { x: p.x + sc[1] * v.x, y: p.y + sc[1] * v.y };
  }
  return p;
}

const scatterArb: fc.Arbitrary<MarkerScatter> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.nat(999), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 12 })) },
  {
    weight: 1,
    arbitrary: fc.tuple(
      fc.nat(999),
      fc.integer({ min: 0, max: 12 }),
      fc.integer({ min: 1, max: 12 }),
      fc.constantFrom<Edge>(...EDGES),
    ),
  },
);

/** The Pillar of Flame's live Large Blast, put down at `tile`'s center, not scattered yet. */
function blast(tile: string, twelve: Edge): Marker {
  return {
    id: 1,
    kind: 'large-blast',
    eventId: 'pillar-of-flame',
    what: 'Large Blast',
    round: 1,
    tile,
    twelve,
    live: true,
  };
}

/** A Pillar's Large Blast with a path of up to 200 scatters, sometimes moved by the GM part of the way along. */
const markerArb: fc.Arbitrary<Marker> = fc
  .record({
    tile: fc.constantFrom(...TILES),
    twelve: fc.constantFrom<Edge>(...EDGES),
    scatters: fc.array(scatterArb, { maxLength: 200 }),
    moved: fc.option(fc.record({ tile: fc.constantFrom(...TILES), at: fc.double({ min: 0, max: 1, noNaN: true }) }), {
      nil: undefined,
    }),
  })
  .map(({ tile, twelve, scatters, moved }) => {
    const m = blast(tile, twelve);
    if (scatters.length) m.scatters = scatters;
    if (moved) m.moved = { tile: moved.tile, after: Math.floor(moved.at * scatters.length) };
    return m;
  });

/** The same marker as a new object: nothing remembered for it. */
const fresh = (m: Marker): Marker => ({ ...m });

const gameWith = (markers: Marker[]): SessionState =>
  ({ setup: { tiles: TILES }, tiles: TILES, markers }) as unknown as SessionState;

describe('the points a walk remembers', () => {
  it('are the walk from the start, whatever was asked before and in whatever order', () => {
    fc.assert(
      fc.property(markerArb, fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 8 }), (m, asks) => {
        const from = m.moved?.after ?? 0;
        const len = m.scatters?.length ?? 0;
        const at = (f: number): number => from + Math.floor(f * (len - from));
        for (const f of asks) expect(pointAfter(m, at(f), layout)).toEqual(walked(m, at(f)));
        expect(markerAt(m, layout)).toEqual(walked(m, len));
        // And again, now that the end is remembered: every earlier point still as walked.
        for (const f of asks) expect(pointAfter(m, at(f), layout)).toEqual(walked(m, at(f)));
      }),
      { numRuns: 150 },
    );
  });

  it('a file keeps one per long path, MARK_EVERY apart and PATH_TAIL before its newest, and takes it back as walked', () => {
    fc.assert(
      fc.property(fc.array(markerArb, { minLength: 1, maxLength: 3 }), (list) => {
        const markers = list.map((m, i) => ({ ...m, id: i + 1 }));
        const marks = pathMarks(gameWith(markers));
        for (const [id, n, x, y] of marks) {
          const m = markers[id - 1]!;
          expect(n % MARK_EVERY).toBe(0);
          expect(n).toBeLessThanOrEqual(m.scatters!.length - PATH_TAIL);
          expect(n).toBeGreaterThan(m.scatters!.length - PATH_TAIL - MARK_EVERY);
          expect(n).toBeGreaterThan(m.moved?.after ?? 0);
          expect({ x, y }).toEqual(walked(m, n));
        }
        // Every marker with PATH_TAIL + MARK_EVERY scatters since it was put down or moved has one.
        const long = markers.filter((m) => (m.scatters?.length ?? 0) - (m.moved?.after ?? 0) >= PATH_TAIL + MARK_EVERY);
        expect(marks.map((k) => k[0]).sort()).toEqual(long.map((m) => m.id).sort());
        // Read back into new marker objects (as a file is), every point is the walk's.
        const again = markers.map(fresh);
        const game = gameWith(again);
        takePathMarks(game, JSON.parse(JSON.stringify(marks)));
        expect(pathMarksProblem(game, marks)).toBeNull();
        for (const m of again) {
          const len = m.scatters?.length ?? 0;
          expect(markerAt(m, layout)).toEqual(walked(m, len));
          if (len > 0 && len - 1 >= (m.moved?.after ?? 0))
            expect(pointAfter(m, len - 1, layout)).toEqual(walked(m, len - 1));
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe("a file's pathMarks", () => {
  /** A path of 100 scatters of 3" toward 3 o'clock, from A1's center (6, 6). */
  const straight = (): Marker => ({
    ...blast('A1', 'far'),
    id: 7,
    scatters: Array.from({ length: 100 }, (_, i): MarkerScatter => [i + 1, 3, 3]),
  });

  it('holds where the path was after 80 of its 100 scatters (the last multiple of 16 at least 16 before its end)', () => {
    expect(pathMarks(gameWith([straight()]))).toEqual([[7, 80, 6 + 240, 6]]);
    expect(pathMarks(gameWith([{ ...straight(), scatters: straight().scatters!.slice(0, 31) }]))).toEqual([]);
    expect(pathMarks(gameWith([{ ...straight(), scatters: straight().scatters!.slice(0, 32) }]))).toEqual([
      [7, 16, 6 + 48, 6],
    ]);
  });

  it('is taken as it is (a cache: the file was as badzone wrote it), and verify finds a wrong one', () => {
    const m = straight();
    const game = gameWith([m]);
    const wrong = [[7, 80, 0, 0]];
    expect(pathMarksProblem(game, wrong)).toBe(
      'pathMarks: marker 7 was not at (0, 0) after 80 scatters, but at (246, 6): a path would be drawn from the wrong place',
    );
    takePathMarks(game, wrong);
    expect(markerAt(m, layout)).toEqual({ x: 60, y: 0 }); // from the point taken: 20 scatters of 3"
  });

  it('ignores what is not a point of a path: another marker, past its end, not a multiple of 16, before a move, not numbers', () => {
    const bad = [
      [8, 80, 0, 0],
      [7, 112, 0, 0],
      [7, 81, 0, 0],
      [7, 0, 0, 0],
      [7, 80, '0', 0],
      [7, 80, 0, Number.NaN],
      [7, 80, 0],
      'x',
    ];
    const m = straight();
    const game = gameWith([m]);
    expect(pathMarksProblem(game, bad)).toBeNull();
    takePathMarks(game, bad);
    expect(markerAt(m, layout)).toEqual({ x: 306, y: 6 });
    const moved = { ...straight(), moved: { tile: 'B2', after: 90 } };
    const game2 = gameWith([moved]);
    expect(pathMarksProblem(game2, [[7, 80, 0, 0]])).toBeNull();
    takePathMarks(game2, [[7, 80, 0, 0]]);
    expect(markerAt(moved, layout)).toEqual({ x: 18 + 30, y: 18 });
    for (const v of [null, {}, 'pathMarks', 3]) expect(pathMarksProblem(gameWith([straight()]), v)).toBeNull();
  });
});
