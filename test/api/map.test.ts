// The map's model of a step's changes (src/api/map.ts changedMarkers): a marker that scattered again is listed from
// where the End Phase found it (engine/markers.ts reachedPoint), not walked again from where it was put down. The
// view must be the one a walk from the start gives, to the last digit.
import { describe, expect, it } from 'vitest';
import { changedMarkers, mapView, markerView, recentMapView } from '../../src/api/map.js';
import { createGame, defaultSetup, step } from '../../src/engine/index.js';
import { reachedPoint } from '../../src/engine/markers.js';
import type { SessionState } from '../../src/engine/state.js';
import { layoutOf } from '../../src/rules/geometry.js';
import { recentPaths } from '../../src/render/map-words.js';
import { shippedBook } from '../../src/store/tables.js';

describe('the markers a step changed', () => {
  it('a Pillar scattered again is listed from where the End Phase found it, as a walk from its start lists it', () => {
    const book = shippedBook();
    // Seed 20261130 draws the Pillar of Flame in round 33; it scatters every End Phase after.
    let s: SessionState = createGame(defaultSetup(20261130), book);
    let fromMemo = 0;
    for (let round = 1; round <= 80; round++) {
      const r = step(s, { type: 'round' }, book);
      if (!r.ok) throw new Error('round refused');
      const before = s;
      const after = r.state;
      const olds = new Map(before.markers.map((m) => [m.id, m]));
      const layout = layoutOf(after.setup.tiles);
      const tilesIn = new Set(after.tiles);
      const changed = changedMarkers(before, after);
      const was = new Set(before.markers);
      const expected = after.markers
        .filter((m) => !was.has(m))
        .map((m) => {
          const old = olds.get(m.id);
          const since = old && old.moved === m.moved && old.carriedBy === m.carriedBy ? (old.scatters?.length ?? 0) : 0;
          if (old && (reachedPoint(old)?.n ?? 0) > 0) fromMemo++;
          return markerView(after, m, layout, tilesIn, since);
        });
      expect(changed).toEqual(expected);
      s = after;
    }
    expect(fromMemo).toBeGreaterThan(20);
  });
});

describe("the live page's map", () => {
  it('lists the newest scatters of each marker as the whole map cut to them does, round after round', () => {
    const book = shippedBook();
    let s: SessionState = createGame(defaultSetup(20261130), book);
    let cut = 0;
    for (let round = 1; round <= 70; round++) {
      const r = step(s, { type: 'round' }, book);
      if (!r.ok) throw new Error('round refused');
      s = r.state;
      for (const last of [1, 3, 10]) {
        const recent = recentMapView(s, last);
        expect(recent).toEqual(recentPaths(mapView(s), last));
        cut += recent.markers.filter((m) => m.earlier !== undefined).length;
      }
    }
    expect(cut).toBeGreaterThan(50);
  });
});
