// mapSites (src/api/map-sites.ts): the spawn points, Beast Lairs and large structures as the map draws them, from
// the state alone. Pinned dice: Headhunters (D64 39) spawns in the End Phase, Horde of Rats (7) in each Event
// Phase, Collapsed Structure (37) takes a structure, Rats Awaken (51) turns a lair into a nest.
import { describe, expect, it } from 'vitest';
import { mapSites } from '../../src/api/map-sites.js';
import { step, type Action, type Outcome, type SessionState } from '../../src/engine/index.js';
import { book, ok, start } from '../engine/arbitraries.js';

const play = (s: SessionState, a: Action): SessionState => ok(step(s, a, book)).state;
const used = (s: SessionState): number[] => mapSites(s).spawnPoints.flatMap((x) => (x.used ? [x.number] : []));

describe('mapSites', () => {
  it('numbers each with its tile (null when not given); no sitesAt: every tile null, nothing counted: no lairs', () => {
    expect(mapSites(start({ spawnPoints: 2 }))).toEqual({
      spawnPoints: [
        { number: 1, tile: null },
        { number: 2, tile: null },
      ],
      lairs: [],
      structures: [],
    });
    const s = start({ spawnPoints: 2, lairs: 1, structures: 2, spawnAt: ['B2', 'B2'], structuresAt: ['A1', 'A2'] });
    expect(mapSites(s)).toEqual({
      spawnPoints: [
        { number: 1, tile: 'B2' },
        { number: 2, tile: 'B2' },
      ],
      lairs: [{ number: 1, tile: null, becomes: null }],
      structures: [
        { number: 1, tile: 'A1' },
        { number: 2, tile: 'A2' },
      ],
    });
  });

  it('highlights the spawn points used this round only (its Event and End Phases), a nest and a collapsed structure', () => {
    let s = start({ spawnPoints: 4, lairs: 2, structures: 2, spawnAt: ['A1', 'A2', 'B1', 'B2'] });
    s = play(s, { type: 'round', dice: [39] });
    expect(used(s)).toEqual([]);
    // Round 1's End Phase: Headhunters' Hive Scum at spawn point 3.
    s = play(s, { type: 'end', dice: [2, 3, 1] });
    expect(used(s)).toEqual([3]);
    // Round 2: Horde of Rats at spawn point 2; round 1's spawn is no longer this round's.
    s = play(s, { type: 'round', dice: [7, 1, 2] });
    expect(used(s)).toEqual([2]);
    // Round 3, resolving round 2's open End Phase first (Headhunters at 4): only the Event Phase's spawn (Horde at 1)
    // is round 3's. Collapsed Structure takes structure 2.
    s = play(s, { type: 'round', endDice: [1, 4, 1], dice: [37, 2, 2, 1] });
    expect(
      s.log
        .at(-1)!
        .rolls.filter((r) => r.for.endsWith(': spawn point'))
        .map((r) => r.value),
    ).toEqual([4, 1]);
    expect(used(s)).toEqual([1]);
    expect(mapSites(s).structures).toEqual([
      { number: 1, tile: null },
      { number: 2, tile: null, collapsed: true },
    ]);
    // Round 3's End Phase (Headhunters at 1 again, then discarded), round 4: Rats Awaken takes lair 1, Horde at 3.
    s = play(s, { type: 'end', dice: [1, 1, 6] });
    expect(used(s)).toEqual([1]);
    s = play(s, { type: 'round', dice: [51, 1, 1, 3] });
    expect(used(s)).toEqual([3]);
    expect(mapSites(s).lairs).toEqual([
      { number: 1, tile: null, becomes: 'Monster Nest (Underhive Rats)' },
      { number: 2, tile: null, becomes: null },
    ]);
    expect(mapSites(s).spawnPoints[2]).toEqual({ number: 3, tile: 'B1', used: true });
  });

  it("takes the round's spawns from the outcomes when the caller has them", () => {
    const s = start({ spawnPoints: 3 });
    const spawn = (spawnPoint: number): Outcome => ({
      kind: 'spawn',
      creature: 'rats',
      what: 'Underhive Rats',
      count: 2,
      spawnPoint,
      text: '',
    });
    expect(mapSites(s, [spawn(3), spawn(1)]).spawnPoints).toEqual([
      { number: 1, tile: null, used: true },
      { number: 2, tile: null },
      { number: 3, tile: null, used: true },
    ]);
  });
});
