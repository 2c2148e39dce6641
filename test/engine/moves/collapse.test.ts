// The `collapse` move (src/engine/moves/collapse.ts), a GM correction that is a step of the game: the right tile for
// the last unconfirmed Collapsed Section pick (`badzone collapse`), named or rolled among the free tiles; the state
// before left alone, undo bringing the pick back, and notes naming the event and the tiles.

import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, step, undo, verify, type SessionState } from '../../../src/engine/index.js';
import { validateSession } from '../../../src/engine/schema.js';
import { compileBook } from '../../../src/rules/book.js';
import type { EventTable } from '../../../src/rules/types.js';
import { shippedTables } from '../../../src/store/tables.js';
import { as, book, ok, play, refusal, start } from '../arbitraries.js';

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

// ---------------------------------------------------------------- collapse

const CS = 'collapsed section (impassable terrain)';

/** Round 1: Collapsed Section (57) with no occupied tiles given: badzone picks A2 of the four, unconfirmed. */
const unconfirmed = (s = start()) => play(s, { type: 'round' }, [57, 2]);

/**
 * Round 1: Collapsed Section with A1 occupied picks B1 of A2 B1 B2 (confirmed), leaving A1 A2 B2. Round 2: another,
 * with no occupied tiles: A1 of A1 A2 B2, unconfirmed, leaving A2 B2.
 */
function confirmedThenUnconfirmed(): SessionState {
  let s = play(start(), { type: 'round', occupied: ['A1'] }, [57, 2]).state;
  s = ok(step(s, { type: 'end' }, book)).state;
  s = play(s, { type: 'round' }, [57, 1]).state;
  expect(s.tilePicks.map((p) => [p.tile, p.confirmed])).toEqual([
    ['B1', true],
    ['A1', false],
  ]);
  expect(s.tiles).toEqual(['A2', 'B2']);
  return s;
}

/** The shipped rule book with Collapsed Section changed: `removeTile` off, or its id changed. */
function bookWith(edit: (t: EventTable) => void) {
  const t = structuredClone(shippedTables().events);
  edit(t);
  return compileBook({ ...shippedTables(), events: t });
}

const collapsedStep = (t: EventTable) =>
  t.results.find((e) => e.id === 'collapsed-section')!.resolve.onDraw[0] as { removeTile?: boolean };

const keepsTile = bookWith((t) => (collapsedStep(t).removeTile = false));

describe('collapse: which pick it corrects', () => {
  it('with every pick confirmed there is nothing to correct, however many picks there are', () => {
    let s = play(start(), { type: 'round', occupied: ['A1'] }, [57, 2]).state;
    s = ok(step(s, { type: 'end' }, book)).state;
    s = play(s, { type: 'round', occupied: ['A1'] }, [57, 1]).state;
    expect(s.tilePicks.map((p) => [p.tile, p.confirmed])).toEqual([
      ['B1', true],
      ['A2', true],
    ]);
    const ref = refusal(step(s, { type: 'collapse', tile: 'B2' }, book));
    expect(ref.message).toMatch(/no unconfirmed tile pick/);
    expect(refusal(step(s, { type: 'collapse', occupied: ['A1'] }, book)).message).toMatch(/no unconfirmed tile pick/);
  });

  it('the last unconfirmed one, after a confirmed pick: a tile an earlier pick removed is not in its pool', () => {
    const s = confirmedThenUnconfirmed();
    const ref = refusal(step(s, { type: 'collapse', tile: 'B1' }, book));
    expect(ref.usage).toBe(true);
    // The pool as it was before the unconfirmed pick: A1 is back, B1 (the confirmed pick) is not.
    expect(ref.message).toMatch(/^B1 is not a tile still on the battlefield\. Tiles: A1, A2, B2\.$/);
    const r = play(s, { type: 'collapse', tile: 'b2' });
    expect(r.state.tiles).toEqual(['A1', 'A2']);
    expect(r.state.tilePicks).toEqual([
      s.tilePicks[0],
      { ...s.tilePicks[1], tile: 'B2', confirmed: true, correctedFrom: 'A1' },
    ]);
    expect(as(r.report, 'collapse').tiles).toEqual(['A1', 'A2']);
  });

  it('--occupied rolls among the free tiles of that pool only', () => {
    const r = play(confirmedThenUnconfirmed(), { type: 'collapse', occupied: ['A2'] }, [2]);
    expect(r.record.rolls).toEqual([{ die: 2, value: 2, for: 'Collapsed Section: tile (of A1 B2)' }]);
    expect(as(r.report, 'collapse')).toMatchObject({
      from: 'A1',
      to: 'B2',
      rolledAmong: ['A1', 'B2'],
      tiles: ['A1', 'A2'],
    });
  });
});

describe('collapse: the tiles the GM names', () => {
  it('a tile is trimmed and upper-cased', () => {
    const r = play(unconfirmed().state, { type: 'collapse', tile: ' b2 ' });
    expect(as(r.report, 'collapse')).toMatchObject({ from: 'A2', to: 'B2' });
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B1']);
  });

  it('--occupied tiles are trimmed and upper-cased before the roll', () => {
    const r = play(unconfirmed().state, { type: 'collapse', occupied: [' b1', 'a1 '] }, [2]);
    expect(r.record.rolls).toEqual([{ die: 2, value: 2, for: 'Collapsed Section: tile (of A2 B2)' }]);
    expect(as(r.report, 'collapse')).toMatchObject({ to: 'B2', rolledAmong: ['A2', 'B2'] });
  });

  it("--occupied tiles the game does not have: each is named (upper-cased), then the game's tiles", () => {
    const ref = refusal(step(unconfirmed().state, { type: 'collapse', occupied: ['z1 ', 'A1', 'y2'] }, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toContain('Z1, Y2.');
    expect(ref.message).toContain('Tiles: A1, A2, B1, B2.');
  });
});

describe('collapse: the state before is not changed, and undo brings the unconfirmed pick back', () => {
  it("correcting leaves the earlier state's picks and tiles as they were", () => {
    // Dice entered, as a GM would: undo replays the log, and the entered dice with it.
    const before = play(start(), { type: 'round', dice: [57, 2] }).state;
    const snapshot = json(before);
    const r = play(before, { type: 'collapse', tile: 'B2' });
    expect(r.state.tilePicks[0]).toMatchObject({ tile: 'B2', confirmed: true, correctedFrom: 'A2' });
    expect(json(before)).toEqual(snapshot);
    expect(before.tilePicks[0]).toEqual({
      eventId: 'collapsed-section',
      what: CS,
      round: 1,
      tile: 'A2',
      among: ['A1', 'A2', 'B1', 'B2'],
      confirmed: false,
      removesTile: true,
    });
    const u = undo(r.state, book)!;
    expect(u.state.tilePicks).toEqual(before.tilePicks);
    expect(u.state.tiles).toEqual(['A1', 'B1', 'B2']);
    expect(verify(r.state, book)).toMatchObject({ ok: true });
  });
});

describe('collapse: the note names the event and the tiles', () => {
  it('naming the tile badzone picked: confirmed, naming the event and the tile', () => {
    const r = play(unconfirmed().state, { type: 'collapse', tile: 'A2' });
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(/confirmed Collapsed Section's tile A2$/);
    expect(r.notes[0]).not.toContain('instead');
  });

  it('every tile holds models: no tile is picked, and the one first picked is back in play', () => {
    const r = play(unconfirmed().state, { type: 'collapse', occupied: ['A1', 'A2', 'B1', 'B2'] });
    expect(as(r.report, 'collapse')).toMatchObject({
      from: 'A2',
      to: null,
      rolledAmong: [],
      tiles: ['A1', 'A2', 'B1', 'B2'],
    });
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toContain('Collapsed Section');
    expect(r.notes[0]).toContain('no tile is picked');
    expect(r.notes[0]).toMatch(/; A2 is back in play$/);
    expect(r.notes[0]).not.toContain('null');
  });

  it('a pick whose event is no longer in the table is named by its id', () => {
    const renamed = bookWith((t) => (t.results.find((e) => e.id === 'collapsed-section')!.id = 'collapsed-ground'));
    const r = ok(step(unconfirmed().state, { type: 'collapse', tile: 'B2' }, renamed));
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(/^GM corrected collapsed-section: B2 instead of A2/);
  });
});

describe('collapse of a pick that removes no tile (a custom table: avoidOccupied without removeTile)', () => {
  const game = () => {
    const s = createGame(defaultSetup(777), keepsTile);
    const r = ok(step(s, { type: 'round', dice: [57, 2] }, keepsTile));
    expect(r.state.tilePicks).toEqual([
      {
        eventId: 'collapsed-section',
        what: CS,
        round: 1,
        tile: 'A2',
        among: ['A1', 'A2', 'B1', 'B2'],
        confirmed: false,
        removesTile: false,
      },
    ]);
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B1', 'B2']);
    return r.state;
  };

  it('another tile: the tile pool is unchanged, and the note says nothing of tiles leaving or coming back', () => {
    const r = ok(step(game(), { type: 'collapse', tile: 'B2' }, keepsTile));
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(r.state.tilePicks[0]).toMatchObject({
      tile: 'B2',
      confirmed: true,
      correctedFrom: 'A2',
      removesTile: false,
    });
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(/Collapsed Section: B2 instead of A2$/);
  });

  it('every tile occupied: no tile is picked, the pool is unchanged, and nothing is "back in play"', () => {
    const r = ok(step(game(), { type: 'collapse', occupied: ['A1', 'A2', 'B1', 'B2'] }, keepsTile));
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B1', 'B2']);
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(/no tile is picked$/);
  });
});

describe('collapse of an unconfirmed pick with no tile (a hand-edited session file: the schema takes it)', () => {
  it('the named tile leaves the pool; the note says it replaces "no tile", and nothing comes back', () => {
    // Every tile occupied in round 1: no tile picked (a confirmed pick); the file is then edited to unconfirm it.
    const edited = json(
      play(start(), { type: 'round', occupied: ['A1', 'A2', 'B1', 'B2'] }, [57]).state,
    ) as SessionState;
    expect(edited.tilePicks).toEqual([
      { eventId: 'collapsed-section', what: CS, round: 1, tile: null, among: [], confirmed: true, removesTile: true },
    ]);
    edited.tilePicks[0]!.confirmed = false;
    const s = validateSession(edited, () => book).state;
    const r = ok(step(s, { type: 'collapse', tile: 'B2' }, book));
    expect(r.state.tiles).toEqual(['A1', 'A2', 'B1']);
    expect(as(r.report, 'collapse')).toMatchObject({ from: null, to: 'B2' });
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toContain('B2 instead of no tile');
    expect(r.notes[0]).toMatch(/\(B2 leaves the tile pool\)$/);
  });
});
