// The markers events put on the battlefield, in the game's state (issue 22): Falling Crates' Loot Caskets, Vent
// Rupture's Smoke Markers, Mines Detected's Frag Mines, Treasure's golden casket and the Pillar of Flame's Large
// Blast with its path; the GM's marker action (clear, move, carry); undo, replay, verify and the schema-6 migration.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createGame, replay, step, undo, verify, type Action, type SessionState } from '../../src/engine/index.js';
import { loggedActions } from '../../src/engine/replay.js';
import { markerAt as at } from '../../src/engine/markers.js';
import { layoutOf } from '../../src/rules/geometry.js';
import type { Marker } from '../../src/engine/state.js';

const markerAt = (m: Marker) => at(m, layoutOf(['A1', 'A2', 'B1', 'B2']));
import { validateSession } from '../../src/engine/schema.js';
import { book, as, pillarAndTreasure, play, setupArb, start } from './arbitraries.js';
import type { StepResult } from '../../src/engine/index.js';

/** The refusal a step came back with (fails the test when it was applied). */
function refusal(r: StepResult): { code: string; facts: unknown } {
  if (r.ok || !('refusal' in r)) throw new Error(`not refused: ${JSON.stringify(r)}`);
  return r.refusal;
}

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

/** Round 1 draws Falling Crates (10) on A1 A2 B1 B2: 10" toward 3, 7" toward 9, 12" toward 6, 8" toward 12. */
function crates(s: SessionState = start()): SessionState {
  return play(s, { type: 'round' }, [10, 4, 3, 1, 9, 6, 6, 2, 12]).state;
}

/** The same, with the dice entered (logged with the action): undo, replay and verify give them again. */
function cratesEntered(): SessionState {
  return play(start(), { type: 'round', dice: [10, 4, 3, 1, 9, 6, 6, 2, 12] }).state;
}

describe('placements become markers', () => {
  it("Falling Crates: a Loot Casket from each tile's center, numbered, with the round and where 12 o'clock pointed", () => {
    const s = crates();
    const casket = (id: number, tile: string, distance: number, direction: number) => ({
      id,
      kind: 'loot-casket',
      eventId: 'falling-crates',
      what: 'Loot Casket',
      round: 1,
      tile,
      twelve: 'far',
      scatters: [[1, distance, direction]],
    });
    expect(s.markers).toEqual([
      casket(1, 'A1', 10, 3),
      casket(2, 'A2', 7, 9),
      casket(3, 'B1', 12, 6),
      casket(4, 'B2', 8, 12),
    ]);
    expect(s.markersPlaced).toBe(4);
    expect(s.markers.map(markerAt)).toEqual([
      { x: 16, y: 6 },
      { x: 11, y: 6 },
      { x: 6, y: 30 },
      { x: 18, y: 10 },
    ]);
  });

  it('a later orientation step moves no marker already placed; the next placement uses the new one', () => {
    let s = crates();
    s = play(s, { type: 'orientation', twelve: 'right' }).state;
    expect(s.markers.every((m) => m.twelve === 'far')).toBe(true);
    expect(markerAt(s.markers[0]!)).toEqual({ x: 16, y: 6 });
    s = play(s, { type: 'end' }).state;
    s = play(s, { type: 'round' }, [22, 1, 3, 1, 3, 1, 3, 1, 3]).state; // Vent Rupture: 7" toward 3 from each tile
    const smoke = s.markers.filter((m) => m.kind === 'smoke-marker');
    expect(smoke.map((m) => [m.id, m.tile, m.twelve, m.round])).toEqual([
      [5, 'A1', 'right', 2],
      [6, 'A2', 'right', 2],
      [7, 'B1', 'right', 2],
      [8, 'B2', 'right', 2],
    ]);
    // 3 o'clock with 12 toward the right edge points toward the GM (away from row A).
    expect(markerAt(smoke[0]!)).toEqual({ x: 6, y: 13 });
  });

  it("Mines Detected: its Frag Mines from the picked tile's center, each with its scatter", () => {
    const s = play(start(), { type: 'round' }, [43, 2, 1, 1, 3, 2, 6]).state; // A2; D3+1 = 2 mines: 4" toward 3, 5" toward 6
    expect(s.markers).toEqual([
      {
        id: 1,
        kind: 'frag-mine',
        eventId: 'mines-detected',
        what: 'Frag Mine',
        round: 1,
        tile: 'A2',
        twelve: 'far',
        scatters: [[1, 4, 3]],
      },
      {
        id: 2,
        kind: 'frag-mine',
        eventId: 'mines-detected',
        what: 'Frag Mine',
        round: 1,
        tile: 'A2',
        twelve: 'far',
        scatters: [[1, 5, 6]],
      },
    ]);
  });

  it('Collapsed Section places no marker', () => {
    expect(play(start(), { type: 'round' }, [57, 2]).state.markers).toEqual([]);
  });

  it("Treasure's golden casket and the Pillar's Large Blast: live while their events are in play", () => {
    const s = pillarAndTreasure();
    expect(s.markers).toEqual([
      {
        id: 1,
        kind: 'large-blast',
        eventId: 'pillar-of-flame',
        what: 'Large Blast',
        round: 1,
        tile: 'A1',
        twelve: 'far',
        live: true,
        scatters: [[1, 9, 5]],
      },
      {
        id: 2,
        kind: 'golden-casket',
        eventId: 'treasure',
        what: 'golden Loot Casket',
        round: 2,
        tile: 'A2',
        twelve: 'far',
        worth: { value: 70, unit: 'credits' },
        live: true,
      },
    ]);
    // The Pillar's path goes on with every End Phase, each scatter from where the last left it.
    const e = play(s, { type: 'end' }, [6, 3, 5]).state; // 12" toward 3; Treasure's discard check 5: discarded
    expect(e.markers[0]!.scatters).toEqual([
      [1, 9, 5],
      [2, 12, 3],
    ]);
    expect(markerAt(e.markers[0]!).x).toBeCloseTo(6 + 4.5 + 12, 12);
    // Treasure discarded: its casket stays (no longer live); discarding it again takes the casket off.
    expect(e.markers[1]).toEqual({
      id: 2,
      kind: 'golden-casket',
      eventId: 'treasure',
      what: 'golden Loot Casket',
      round: 2,
      tile: 'A2',
      twelve: 'far',
      worth: { value: 70, unit: 'credits' },
    });
    const gone = play(e, { type: 'discard', eventId: 'treasure' }).state;
    expect(gone.markers.map((m) => m.id)).toEqual([1]);
    // The Pillar discarded: its Large Blast leaves with it.
    expect(play(gone, { type: 'discard', eventId: 'pillar-of-flame' }).state.markers).toEqual([]);
  });

  it('Once markers stay after their event is gone, round after round', () => {
    let s = crates();
    s = play(s, { type: 'end' }).state;
    s = play(s, { type: 'round' }, [25]).state;
    expect(s.markers.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it("the End Phase says when the Blast's center has left the table, and past which edge", () => {
    let s = play(start(), { type: 'place', eventId: 'pillar-of-flame' }, [1]).state; // A1
    s = play(s, { type: 'round' }, [25]).state;
    const e = play(s, { type: 'end' }, [2, 9]); // 8" toward 9 o'clock from (6, 6): (-2, 6)
    expect(as(e.report, 'end').triggers[0]!.outcomes[0]).toMatchObject({
      kind: 'scatter',
      leftTable: { edge: 'left' },
    });
    s = play(start(), { type: 'place', eventId: 'pillar-of-flame' }, [1]).state;
    s = play(s, { type: 'round' }, [25]).state;
    const o = as(play(s, { type: 'end' }, [1, 3]).report, 'end').triggers[0]!.outcomes[0]!; // 7" toward 3: on A2
    expect(o).not.toHaveProperty('leftTable');
  });
});

describe("the GM's marker action", () => {
  it('clears one marker, then all of them, numbers never reused', () => {
    let s = crates();
    s = play(s, { type: 'marker', op: 'clear', marker: 2 }).state;
    expect(s.markers.map((m) => m.id)).toEqual([1, 3, 4]);
    s = play(s, { type: 'marker', op: 'clear', marker: 'all' }).state;
    expect(s.markers).toEqual([]);
    s = play(s, { type: 'end' }).state;
    s = play(s, { type: 'round' }, [43, 1, 1, 1, 3, 1, 3]).state;
    expect(s.markers.map((m) => m.id)).toEqual([5, 6]);
  });

  it("moves one to a tile's center; a Pillar moved scatters from there on", () => {
    let s = pillarAndTreasure();
    s = play(s, { type: 'marker', op: 'move', marker: 1, tile: 'b2' }).state;
    expect(s.markers[0]!.moved).toEqual({ tile: 'B2', after: 1 });
    expect(markerAt(s.markers[0]!)).toEqual({ x: 18, y: 18 });
    s = play(s, { type: 'end' }, [1, 9, 1]).state; // 7" toward 9 from B2's center
    expect(markerAt(s.markers[0]!)).toEqual({ x: 11, y: 18 });
  });

  it('says who carries a casket: a gang and fighter of the rosters, or any names when the game has none', () => {
    const roster = start({ gangs: [{ name: 'Goliaths', battlefield: ['Krag'], reserve: [] }] });
    let s = crates(roster);
    s = play(s, { type: 'marker', op: 'carry', marker: 3, gang: 'goliaths', fighter: 'krag' }).state;
    expect(s.markers[2]!.carriedBy).toEqual({ gang: 'Goliaths', fighter: 'Krag' });
    // Moved back onto the table, nobody carries it.
    s = play(s, { type: 'marker', op: 'move', marker: 3, tile: 'A1' }).state;
    expect(s.markers[2]!.carriedBy).toBeUndefined();
    expect(refusal(step(s, { type: 'marker', op: 'carry', marker: 3, gang: 'Eschers' }, book)).code).toBe(
      'no-such-gang',
    );
    expect(
      refusal(step(s, { type: 'marker', op: 'carry', marker: 3, gang: 'Goliaths', fighter: 'Zed' }, book)).code,
    ).toBe('no-such-fighter');
    const free = play(crates(), { type: 'marker', op: 'carry', marker: 1, gang: 'Eschers' }).state;
    expect(free.markers[0]!.carriedBy).toEqual({ gang: 'Eschers', fighter: null });
  });

  it('refuses a marker not on the battlefield, clearing none, and a tile not still on it', () => {
    const s = crates();
    expect(refusal(step(s, { type: 'marker', op: 'clear', marker: 9 }, book))).toMatchObject({
      code: 'no-such-marker',
      facts: { marker: 9, markers: [1, 2, 3, 4] },
    });
    expect(refusal(step(start(), { type: 'marker', op: 'clear', marker: 'all' }, book)).code).toBe('no-markers');
    expect(refusal(step(s, { type: 'marker', op: 'move', marker: 1, tile: 'C9' }, book)).code).toBe('not-a-tile-left');
  });
});

describe('undo, replay, verify and the session file', () => {
  it('undo takes back exactly the markers of the step undone', () => {
    const s = cratesEntered();
    const cleared = play(s, { type: 'marker', op: 'clear', marker: 'all' }).state;
    expect(json(undo(cleared, book)!.state.markers)).toEqual(json(s.markers));
    expect(undo(s, book)!.state.markers).toEqual([]);
  });

  it('verify fails a hand-edited marker, and names it', () => {
    const s = cratesEntered();
    expect(verify(s, book).ok).toBe(true);
    const edited = structuredClone(s);
    edited.markers[1] = { ...edited.markers[1]!, tile: 'B2' };
    const v = verify(edited, book);
    expect(v.ok).toBe(false);
    expect(v.problem).toMatch(/^markers in the file \(\[1\]\.tile = "B2"\) does not follow from the log/);
  });

  it('a schema-5 file gets its markers from its log, once, and the session file checks them', () => {
    let s = play(start(), { type: 'round', dice: [49, 1] }).state;
    s = play(s, { type: 'end', dice: [3, 5] }).state;
    s = play(s, { type: 'round', dice: [60, 2, 3, 4] }).state;
    s = play(s, { type: 'marker', op: 'clear', marker: 2 }).state;
    s = play(s, { type: 'end', dice: [1, 3, 1] }).state;
    const v5 = json(s) as Record<string, unknown>;
    v5.schemaVersion = 5;
    delete v5.markers;
    delete v5.markersPlaced;
    const loaded = validateSession(v5, () => book);
    expect(loaded.migratedFrom).toBe(5);
    expect(json(loaded.state.markers)).toEqual(json(s.markers));
    expect(loaded.state.markers.map((m) => [m.id, m.scatters?.length])).toEqual([[1, 2]]);
    expect(loaded.state.markersPlaced).toBe(2);
    const bad = json(s) as { markers: { tile: string; id: number }[] };
    bad.markers[0]!.tile = 'Q7';
    expect(() => validateSession(bad, () => book)).toThrow(/markers\[0\]\.tile/);
    const past = json(s) as { markers: { id: number }[] };
    past.markers[0]!.id = 3;
    expect(() => validateSession(past, () => book)).toThrow(/numbered past/);
    const hour = json(s) as { markers: { scatters: unknown[][] }[] };
    hour.markers[0]!.scatters[1] = [2, 9, 13];
    expect(() => validateSession(hour, () => book)).toThrow(/markers\[0\]\.scatters\[1\]\[2\]/);
    hour.markers[0]!.scatters[1] = [2, 9, 3, 'up'];
    expect(() => validateSession(hour, () => book)).toThrow(/markers\[0\]\.scatters\[1\]\[3\]/);
  });

  it("properties: undo removes exactly the markers of the undone step; a replayed game has the live game's markers", () => {
    const actionArb: fc.Arbitrary<Action | 'marker'> = fc.oneof(
      { weight: 5, arbitrary: fc.constant<Action>({ type: 'round' }) },
      { weight: 3, arbitrary: fc.constant<Action>({ type: 'end' }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Action>(
          { type: 'place', eventId: 'pillar-of-flame' },
          { type: 'place', eventId: 'treasure' },
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom<Action>(
          { type: 'orientation', twelve: 'right' },
          { type: 'orientation', twelve: 'far' },
        ),
      },
      { weight: 2, arbitrary: fc.constant<'marker'>('marker') },
    );
    fc.assert(
      fc.property(
        setupArb,
        fc.array(fc.tuple(actionArb, fc.nat(), fc.constantFrom('clear', 'move', 'all')), { maxLength: 25 }),
        (setup, plan) => {
          let s = createGame(setup, book);
          for (const [a, n, op] of plan) {
            let action: Action;
            if (a === 'marker') {
              const m = s.markers[n % Math.max(1, s.markers.length)];
              if (!m) continue;
              action =
                op === 'all'
                  ? { type: 'marker', op: 'clear', marker: 'all' }
                  : op === 'clear'
                    ? { type: 'marker', op: 'clear', marker: m.id }
                    : { type: 'marker', op: 'move', marker: m.id, tile: s.tiles[n % s.tiles.length] ?? 'A1' };
            } else action = a;
            const r = step(s, action, book);
            if (!r.ok) continue;
            const u = undo(r.state, book)!;
            expect(json(u.state.markers)).toEqual(json(s.markers));
            expect(u.state.markersPlaced).toBe(s.markersPlaced);
            s = r.state;
          }
          expect(json(replay(s.setup, loggedActions(s.log), book).markers)).toEqual(json(s.markers));
          expect(verify(s, book).ok).toBe(true);
          // The file as the loader reads it back has the same markers, field for field in the same order (verify
          // compares them as JSON text).
          const back = validateSession(json(s), () => book).state;
          expect(JSON.stringify(back.markers)).toBe(JSON.stringify(s.markers));
          expect(verify(back, book).ok).toBe(true);
        },
      ),
      { numRuns: 60, seed: 2201 },
    );
  });
});
