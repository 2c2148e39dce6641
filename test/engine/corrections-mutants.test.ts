// GM corrections (src/engine/corrections.ts) as step() applies them: renaming a gang or a fighter, and recording
// the right tile for an unconfirmed Collapsed Section pick (`badzone collapse`). Written against the mutants a
// mutation run left alive: each test asserts the state the GM is left with, whether a refusal is a usage error,
// and that its message names the gang, fighter, tile or limit it is about.
import { describe, expect, it } from 'vitest';
import { compileBook } from '../../src/rules/book.js';
import type { EventTable } from '../../src/rules/types.js';
import { shippedTables } from '../../src/store/tables.js';
import { validateSession } from '../../src/engine/schema.js';
import {
  createGame,
  defaultSetup,
  step,
  undo,
  verify,
  type GangSetup,
  type SessionState,
  type StepResult,
} from '../../src/engine/index.js';
import { as, book, play, start } from './arbitraries.js';

const json = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

function refusal(r: StepResult): { usage: boolean; message: string } {
  if (r.ok || !('refusal' in r)) throw new Error(`expected a refusal, got ${JSON.stringify(r).slice(0, 300)}`);
  return r.refusal;
}

const GOLIATHS: GangSetup = { name: 'Goliaths', battlefield: ['Krag', 'Gor'], reserve: ['Ulf'] };
const ESCHERS: GangSetup = { name: 'Eschers', battlefield: ['Ana', 'Bea'], reserve: ['Cyd'] };

/** Goliaths (Krag out of action, Gor on the battlefield, Ulf in reserve) and Eschers (Ana, Bea; Cyd in reserve). */
function roster(): SessionState {
  return play(start({ gangs: [GOLIATHS, ESCHERS] }), { type: 'fighter', name: 'Krag', to: 'out' }).state;
}

/** Wyld Magic makes Ana (round 1) and then Bea (round 2) the Eschers' Psykers; Gor is the Goliaths' (no die: alone). */
function twoPsykers(): SessionState {
  let s = play(roster(), { type: 'place', eventId: 'wyld-magic' }).state;
  s = play(s, { type: 'round' }, [25, 1]).state;
  s = ok(step(s, { type: 'end' }, book)).state;
  return play(s, { type: 'round' }, [25, 2]).state;
}

function ok(r: StepResult): Extract<StepResult, { ok: true }> {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r;
}

const who = (s: SessionState): string[] => s.conditions.map((c) => `${c.condition}: ${c.fighter} (${c.gang})`);

describe('renaming a fighter', () => {
  it('the two Psykers of one gang: only the renamed one changes name, in the roster and in the conditions', () => {
    const s = twoPsykers();
    expect(who(s)).toEqual(['Psyker: Gor (Goliaths)', 'Psyker: Ana (Eschers)', 'Psyker: Bea (Eschers)']);
    const r = play(s, { type: 'rename', fighter: 'Bea', to: 'Beatrix' });
    expect(who(r.state)).toEqual(['Psyker: Gor (Goliaths)', 'Psyker: Ana (Eschers)', 'Psyker: Beatrix (Eschers)']);
    expect(r.state.gangs).toEqual([
      { name: 'Goliaths', battlefield: ['Gor'], reserve: ['Ulf'], out: ['Krag'] },
      { name: 'Eschers', battlefield: ['Ana', 'Beatrix'], reserve: ['Cyd'], out: [] },
    ]);
    // The state before the rename is untouched.
    expect(who(s)).toEqual(['Psyker: Gor (Goliaths)', 'Psyker: Ana (Eschers)', 'Psyker: Bea (Eschers)']);
    expect(s.gangs[1]!.battlefield).toEqual(['Ana', 'Bea']);
  });

  it('the new name is trimmed; a fighter out of action keeps their place in the out list', () => {
    const r = play(roster(), { type: 'rename', fighter: 'krag', to: '  Krag the Bold  ' });
    expect(as(r.report, 'rename')).toEqual({
      kind: 'rename',
      what: 'fighter',
      gang: 'Goliaths',
      from: 'Krag',
      to: 'Krag the Bold',
    });
    expect(r.state.gangs[0]).toEqual({
      name: 'Goliaths',
      battlefield: ['Gor'],
      reserve: ['Ulf'],
      out: ['Krag the Bold'],
    });
    expect(r.state.gangs[1]).toEqual({ name: 'Eschers', battlefield: ['Ana', 'Bea'], reserve: ['Cyd'], out: [] });
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toContain('Krag the Bold');
    expect(r.notes[0]).not.toContain('  ');
  });

  it("changing only the case of a fighter's name is a rename, not a clash with the fighter themself", () => {
    const r = play(roster(), { type: 'rename', fighter: 'Ana', to: 'ANA' });
    expect(as(r.report, 'rename')).toMatchObject({ from: 'Ana', to: 'ANA' });
    expect(r.state.gangs[1]!.battlefield).toEqual(['ANA', 'Bea']);
  });

  it('a name of exactly 200 characters is taken', () => {
    const long = 'x'.repeat(200);
    const r = play(roster(), { type: 'rename', fighter: 'Cyd', to: long });
    expect(r.state.gangs[1]!.reserve).toEqual([long]);
  });

  it('two gangs with a fighter of that name: a usage refusal naming both gangs', () => {
    const s = start({
      gangs: [
        { name: 'Goliaths', battlefield: ['Gor'], reserve: [] },
        { name: 'Eschers', battlefield: ['Gor'], reserve: [] },
      ],
    });
    const ref = refusal(step(s, { type: 'rename', fighter: 'gor', to: 'X' }, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toContain('Goliaths, Eschers');
    expect(ref.message).toContain('--gang');
  });

  it('an unknown fighter of a named gang: the near name is looked for in that gang only', () => {
    const inGang = refusal(step(roster(), { type: 'rename', fighter: 'Bee', gang: 'Eschers', to: 'X' }, book));
    expect(inGang.usage).toBe(true);
    expect(inGang.message).toMatch(/^Eschers has no fighter called Bee\. Did you mean Bea\?$/);
    // Gor is a Goliath: no suggestion when the Eschers are named.
    const other = refusal(step(roster(), { type: 'rename', fighter: 'Gar', gang: 'Eschers', to: 'X' }, book));
    expect(other.message).toMatch(/^Eschers has no fighter called Gar\.$/);
  });

  it('several near names are all offered, joined by "or"; with none the message stops after the fighter', () => {
    const s = start({ gangs: [{ name: 'Eschers', battlefield: ['Ana', 'Ann'], reserve: [] }] });
    const two = refusal(step(s, { type: 'rename', fighter: 'Anb', to: 'X' }, book));
    expect(two.usage).toBe(true);
    expect(two.message).toMatch(/Did you mean Ana or Ann\?$/);
    const none = refusal(step(s, { type: 'rename', fighter: 'Zorro', to: 'X' }, book));
    expect(none.usage).toBe(true);
    expect(none.message).toMatch(/^No gang has a fighter called Zorro\.$/);
  });
});

describe('renaming a gang', () => {
  it("moves the gang's conditions to the new name, keeps its fighters, leaves the other gang alone, and says so", () => {
    const s = twoPsykers();
    const r = play(s, { type: 'rename', gang: 'eschers', to: ' Blades ' });
    expect(as(r.report, 'rename')).toEqual({
      kind: 'rename',
      what: 'gang',
      gang: 'Blades',
      from: 'Eschers',
      to: 'Blades',
    });
    expect(r.state.gangs).toEqual([
      { name: 'Goliaths', battlefield: ['Gor'], reserve: ['Ulf'], out: ['Krag'] },
      { name: 'Blades', battlefield: ['Ana', 'Bea'], reserve: ['Cyd'], out: [] },
    ]);
    expect(who(r.state)).toEqual(['Psyker: Gor (Goliaths)', 'Psyker: Ana (Blades)', 'Psyker: Bea (Blades)']);
    expect(r.notes).toHaveLength(1);
    expect(r.notes[0]).toMatch(/gang Eschers to Blades$/);
    expect(s.gangs[1]!.name).toBe('Eschers');
  });

  it("changing only the case of a gang's name is a rename, not a clash with the gang itself", () => {
    const r = play(roster(), { type: 'rename', gang: 'Eschers', to: 'ESCHERS' });
    expect(r.state.gangs.map((g) => g.name)).toEqual(['Goliaths', 'ESCHERS']);
  });

  it('the same name: refused (not a usage error), naming the gang; nothing changes', () => {
    const s = roster();
    const ref = refusal(step(s, { type: 'rename', gang: 'eschers', to: 'Eschers' }, book));
    expect(ref.usage).toBe(false);
    expect(ref.message).toContain('Eschers');
    expect(ref.message).toContain('nothing changed');
  });

  it('an unknown gang with no near name: no suggestion, and the message lists the gangs', () => {
    const ref = refusal(step(roster(), { type: 'rename', gang: 'Orlocks', to: 'X' }, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toMatch(/^No gang is called Orlocks\. Gangs: Goliaths, Eschers\.$/);
  });

  it('an unknown gang with two near names offers both', () => {
    const s = start({
      gangs: [
        { name: 'Reds', battlefield: [], reserve: [] },
        { name: 'Rods', battlefield: [], reserve: [] },
      ],
    });
    const ref = refusal(step(s, { type: 'rename', gang: 'Rads', to: 'X' }, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toContain('Did you mean Reds or Rods?');
    expect(ref.message).toContain('Gangs: Reds, Rods.');
  });

  it('a game with no rosters: the message says there are no gangs', () => {
    const ref = refusal(step(start(), { type: 'rename', gang: 'Goliaths', to: 'X' }, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toMatch(/Goliaths\. Gangs: none\.$/);
  });

  it('neither a fighter nor a gang: a usage refusal asking which', () => {
    const ref = refusal(step(roster(), { type: 'rename', to: 'X' }, book));
    expect(ref.usage).toBe(true);
    expect(ref.message).toMatch(/fighter or gang/);
  });
});

describe("the new name's length, checked by the correction itself (a log replayed without the limits)", () => {
  // step's own limits refuse these first on a new step; with `limits: false` (replay, verify, undo) the
  // correction still refuses a name it cannot store.
  it.each<[string, string]>([
    ['empty after trimming', '   '],
    ['the empty string', ''],
    ['201 characters', 'y'.repeat(201)],
  ])('refuses a name %s (usage), naming the limit of 200', (_n, to) => {
    const ref = refusal(step(roster(), { type: 'rename', fighter: 'Ana', to }, book, { limits: false }));
    expect(ref.usage).toBe(true);
    expect(ref.message).toContain('200');
  });

  it('takes 200 characters, and a name padded past 200 that trims to fewer', () => {
    const r = ok(
      step(roster(), { type: 'rename', fighter: 'Ana', to: ` ${'z'.repeat(200)} ` }, book, { limits: false }),
    );
    expect(r.state.gangs[1]!.battlefield).toEqual(['z'.repeat(200), 'Bea']);
  });
});

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
