// Edges of src/engine/resolve.ts a hand-made mutation pass found the engine tests blind to. Each test names the
// change to the code it catches; each was checked by making that change and watching the test fail.
import { describe, expect, it } from 'vitest';
import {
  createGame,
  defaultSetup,
  scriptedDice,
  step,
  type SessionState,
  type StepResult,
} from '../../src/engine/index.js';
import { compileBook, type RuleBook } from '../../src/rules/book.js';
import type { EventTable } from '../../src/rules/types.js';
import { validateEventTable } from '../../src/rules/validate.js';
import { shippedTables } from '../../src/store/tables.js';
import { as, book, ownResults, play, start, type OwnEvent } from './arbitraries.js';

type Ok = Extract<StepResult, { ok: true }>;

/** A group's own D64 table (validated like a table file): each event given by id, range, timing and steps. */
function ownBook(events: OwnEvent[]) {
  const raw = { name: 'Own table', die: 'D64', results: ownResults(events) };
  const table: EventTable = validateEventTable(JSON.parse(JSON.stringify(raw)), 'own table');
  return { table, book: compileBook({ ...shippedTables(), events: table }) };
}

/** One step on an own table with exactly these scripted dice (all of them used). */
function run(s: SessionState, b: RuleBook, action: Parameters<typeof step>[1], dice: number[]): Ok {
  const source = scriptedDice(dice, s.setup.seed);
  const r = step(s, action, b, { source });
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  expect(source.left()).toBe(0);
  return r;
}

const CS = 'collapsed section (impassable terrain)';

describe('Collapsed Section when no tile can be picked', () => {
  it('with every tile gone: no die, no tile, and a confirmed empty pick (catches confirmed: false when no tiles are left)', () => {
    // One tile: Collapsed Section removes it with no die to roll.
    let r = play(start({ tiles: ['A1'] }), { type: 'round' }, [57]);
    expect(r.state.tiles).toEqual([]);
    expect(r.state.tilePicks).toEqual([
      {
        eventId: 'collapsed-section',
        what: CS,
        round: 1,
        tile: 'A1',
        among: ['A1'],
        confirmed: false,
        removesTile: true,
      },
    ]);
    // Round 2: drawn again, nobody said which tiles hold models, but there is nothing to pick among: nothing to confirm.
    r = play(r.state, { type: 'round' }, [57]);
    const res = as(r.report, 'round').eventPhase.resolved[0]!;
    expect(res.rolls.map((x) => x.die)).toEqual([]);
    expect(res.outcomes).toHaveLength(1);
    expect(res.outcomes[0]).toMatchObject({ kind: 'pickTile', tile: null, removed: false });
    expect(res.outcomes[0]).not.toHaveProperty('unconfirmed');
    expect(res.outcomes[0]!.text).toContain('no tiles are left');
    expect(r.state.tilePicks[1]).toEqual({
      eventId: 'collapsed-section',
      what: CS,
      round: 2,
      tile: null,
      among: [],
      confirmed: true,
      removesTile: true,
    });
    // Interactive use does not ask for the occupied tiles when there are none left.
    const asked = step(r.state, { type: 'round' }, book, {
      askOccupied: true,
      source: { die: () => 57, state: () => ({ seed: 1, uses: 0 }) },
    });
    expect(asked.ok).toBe(true);
  });

  it('with every tile left holding models: no die, no tile, and the report says why (catches the two reasons swapped)', () => {
    const r = play(start({ tiles: ['A1', 'A2'] }), { type: 'round', occupied: ['A1', 'A2'] }, [57]);
    const o = as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]!;
    expect(o).toMatchObject({ kind: 'pickTile', tile: null, removed: false });
    expect(o.text).toContain('every tile left holds player models');
    expect(o.text).not.toContain('no tiles are left');
    expect(r.state.tiles).toEqual(['A1', 'A2']);
    expect(r.state.tilePicks).toEqual([
      { eventId: 'collapsed-section', what: CS, round: 1, tile: null, among: [], confirmed: true, removesTile: true },
    ]);
  });
});

describe('a scatter step with no tile picked before it (an own table)', () => {
  const own = ownBook([
    { id: 'flare', range: [1, 32], timing: 'once', onDraw: [{ kind: 'scatter', distance: 'D6', what: 'Flare' }] },
    {
      id: 'drift',
      range: [33, 64],
      timing: 'persistent',
      eachEventPhase: [{ kind: 'scatter', distance: 'D6', what: 'Gas Cloud' }],
    },
  ]);
  const s0 = createGame(defaultSetup(3, { table: own.table }), own.book);

  it('a Once event scatters from nowhere: no scatter number, nothing kept (catches scatterNo set when 0)', () => {
    const r = run(s0, own.book, { type: 'round' }, [5, 4, 9]);
    const res = as(r.report, 'round').eventPhase.resolved[0]!;
    expect(res.rolls.map((x) => [x.die, x.value, x.for])).toEqual([
      [6, 4, 'FLARE: Flare: scatter distance (D6")'],
      [12, 9, 'FLARE: Flare: scatter direction'],
    ]);
    expect(res.outcomes).toEqual([
      {
        kind: 'scatter',
        what: 'Flare',
        from: null,
        distance: 4,
        direction: 9,
        text: 'The Flare scatters 4" toward 9 o\'clock',
      },
    ]);
    expect(r.state.inPlay).toEqual([]);
  });

  it('a persistent event with no tile step still scatters each Event Phase, numbered (catches "no tile" read as "no tile was left")', () => {
    let r = run(s0, own.book, { type: 'round' }, [40, 2, 3]);
    let res = as(r.report, 'round').eventPhase.resolved[0]!;
    expect(res.rolls.map((x) => x.value)).toEqual([2, 3]);
    expect(r.record.rolls.map((x) => x.value)).toEqual([40, 2, 3]);
    expect(res.outcomes).toEqual([
      {
        kind: 'scatter',
        what: 'Gas Cloud',
        from: null,
        distance: 2,
        direction: 3,
        scatterNo: 1,
        text: 'The Gas Cloud scatters 2" toward 3 o\'clock',
      },
    ]);
    expect(r.state.inPlay).toEqual([{ eventId: 'drift', sinceRound: 1, roll: 40, scatters: [[1, 2, 3]] }]);
    r = run(r.state, own.book, { type: 'round' }, [1, 3, 5, 6, 12]); // Flare's once-scatter (3" toward 5), then the cloud again
    res = as(r.report, 'round').eventPhase.resolved[1]!;
    expect(res.outcomes[0]).toMatchObject({ from: null, distance: 6, direction: 12, scatterNo: 2 });
    expect(r.state.inPlay[0]!.scatters).toEqual([
      [1, 2, 3],
      [2, 6, 12],
    ]);
  });
});

describe('a fighter pick that moves a fighter to where they already are (an own table)', () => {
  it('is no move: the roster keeps its order and the pick says moved: false (catches moved whenever moveTo is set)', () => {
    const own = ownBook([
      {
        id: 'muster',
        range: [1, 64],
        timing: 'once',
        onDraw: [{ kind: 'pickFighter', from: 'battlefield', moveTo: 'battlefield', what: 'is mustered' }],
      },
    ]);
    const s0 = createGame(
      defaultSetup(3, {
        table: own.table,
        gangs: [{ name: 'Goliaths', battlefield: ['Krag', 'Brak', 'Gor'], reserve: ['Hak'] }],
      }),
      own.book,
    );
    const r = run(s0, own.book, { type: 'round' }, [9, 1]);
    const res = as(r.report, 'round').eventPhase.resolved[0]!;
    expect(res.rolls.map((x) => [x.die, x.value, x.for])).toEqual([[3, 1, 'MUSTER: fighter of Goliaths']]);
    expect(res.outcomes[0]).toMatchObject({
      kind: 'pickFighter',
      picks: [{ gang: 'Goliaths', fighter: 'Krag', moved: false }],
    });
    expect(r.state.gangs).toEqual([
      { name: 'Goliaths', battlefield: ['Krag', 'Brak', 'Gor'], reserve: ['Hak'], out: [] },
    ]);
  });
});

// Caught before only indirectly (a version 1 fixture's rolls); pinned here directly: emptying the tile or the
// "scatter direction" in a roll's purpose fails it.
describe('Falling Crates: each roll says which tile it is for', () => {
  it('a D6+6 distance (two dice read as one) and a D12 direction per tile, in tile order', () => {
    const r = play(start({ tiles: ['A1', 'B1'] }), { type: 'round' }, [10, 1, 2, 6, 4]);
    expect(r.record.rolls.map((x) => [x.die, x.value, x.for])).toEqual([
      [64, 10, 'Event Phase: event table'],
      [6, 1, 'Falling Crates: Loot Casket on A1: scatter distance (D6+6")'],
      [12, 2, 'Falling Crates: Loot Casket on A1: scatter direction'],
      [6, 6, 'Falling Crates: Loot Casket on B1: scatter distance (D6+6")'],
      [12, 4, 'Falling Crates: Loot Casket on B1: scatter direction'],
    ]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({
      scatters: [
        { tile: 'A1', distance: 7, direction: 2 },
        { tile: 'B1', distance: 12, direction: 4 },
      ],
    });
  });
});
