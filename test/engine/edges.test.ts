// Edges a mutation run found the suite blind to (issue 13). Each test names the change to the code it catches;
// each was checked by making that change and watching the test fail.
import { describe, expect, it } from 'vitest';
import {
  createGame,
  defaultSetup,
  scriptedDice,
  step,
  verify,
  type Action,
  type SessionState,
} from '../../src/engine/index.js';
import { compileBook } from '../../src/rules/book.js';
import type { EventTable } from '../../src/rules/types.js';
import { shippedTables } from '../../src/store/tables.js';
import { as, book, ownResults, play, start, type OwnEvent } from './arbitraries.js';

function customTable(events: OwnEvent[]): EventTable {
  return { name: 'Edge table', die: 'D64', results: ownResults(events) };
}

function ok(r: ReturnType<typeof step>): Extract<ReturnType<typeof step>, { ok: true }> {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r;
}

describe('GM fighter moves keep the rest of the roster (catches a move that empties the out list)', () => {
  const GANG = { name: 'Goliaths', battlefield: ['Krag', 'Brak', 'Gor'], reserve: ['Hak'] };

  it('bringing one fighter back from out, or moving another, leaves every other fighter where they were', () => {
    let s = start({ gangs: [GANG, { name: 'Eschers', battlefield: ['Ana'], reserve: [] }] });
    s = play(s, { type: 'fighter', name: 'Krag', to: 'out' }).state;
    s = play(s, { type: 'fighter', name: 'Brak', to: 'out' }).state;
    s = play(s, { type: 'fighter', name: 'Ana', to: 'out' }).state;
    expect(s.gangs.map((g) => g.out)).toEqual([['Krag', 'Brak'], ['Ana']]);
    s = play(s, { type: 'fighter', name: 'Krag', to: 'battlefield' }).state;
    expect(s.gangs[0]).toEqual({ name: 'Goliaths', battlefield: ['Gor', 'Krag'], reserve: ['Hak'], out: ['Brak'] });
    s = play(s, { type: 'fighter', name: 'Hak', to: 'battlefield' }).state;
    expect(s.gangs[0]).toEqual({ name: 'Goliaths', battlefield: ['Gor', 'Krag', 'Hak'], reserve: [], out: ['Brak'] });
    s = play(s, { type: 'fighter', name: 'Gor', to: 'reserve' }).state;
    expect(s.gangs[0]).toEqual({ name: 'Goliaths', battlefield: ['Krag', 'Hak'], reserve: ['Gor'], out: ['Brak'] });
    s = play(s, { type: 'fighter', name: 'Zed', gang: 'Goliaths', to: 'reserve' }).state;
    expect(s.gangs[0]).toEqual({
      name: 'Goliaths',
      battlefield: ['Krag', 'Hak'],
      reserve: ['Gor', 'Zed'],
      out: ['Brak'],
    });
    expect(s.gangs[1]).toEqual({ name: 'Eschers', battlefield: [], reserve: [], out: ['Ana'] });
  });

  it('Disappearance and Reinforcements move their fighters and leave those out of the game out', () => {
    let s = start({ gangs: [GANG] });
    s = play(s, { type: 'fighter', name: 'Brak', to: 'out' }).state;
    // Disappearance (61): a D6 for Krag and Gor on the battlefield; Krag rolls the 1.
    let r = play(s, { type: 'round' }, [61, 1, 4]);
    expect(r.state.gangs[0]).toEqual({
      name: 'Goliaths',
      battlefield: ['Gor'],
      reserve: ['Hak', 'Krag'],
      out: ['Brak'],
    });
    // Reinforcements (16) in round 2; its End Phase brings reserve fighter 2 of 2 (Krag) back.
    r = play(r.state, { type: 'round' }, [16]);
    r = play(r.state, { type: 'end' }, [2]);
    expect(r.state.gangs[0]).toEqual({
      name: 'Goliaths',
      battlefield: ['Gor', 'Krag'],
      reserve: ['Hak'],
      out: ['Brak'],
    });
  });
});

describe('Collapsed Structure with no structure left standing (catches "undefined collapses")', () => {
  it('picks nothing, rolls nothing and changes nothing', () => {
    let r = play(start({ structures: 1 }), { type: 'round' }, [37]); // one structure: no die
    expect(r.state.structures).toEqual([]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({
      kind: 'pickStructure',
      structure: 'Large structure 1',
    });
    r = play(r.state, { type: 'round' }, [38]);
    const res = as(r.report, 'round').eventPhase.resolved[0]!;
    expect(res.eventId).toBe('collapsed-structure');
    expect(res.outcomes).toHaveLength(1);
    expect(res.outcomes[0]!.kind).toBe('pickStructure');
    expect((res.outcomes[0] as { structure: string | null }).structure).toBeNull();
    expect(res.outcomes[0]!.text).not.toMatch(/undefined|null/);
    expect(res.rolls).toEqual([]);
    expect(r.state.structures).toEqual([]);
    // None counted at setup is the same.
    const none = play(start({ structures: 0 }), { type: 'round' }, [37]);
    expect(
      (as(none.report, 'round').eventPhase.resolved[0]!.outcomes[0] as { structure: string | null }).structure,
    ).toBeNull();
  });
});

describe('every event of a table already in play (tables of 3 and more; catches the check inverted or dropped)', () => {
  for (const n of [3, 4, 7]) {
    it(`${n} Persistent events: drawn one by one, then no new event and no die rolled for one`, () => {
      const cut = (i: number) => Math.floor((64 * i) / n);
      const table = customTable(
        Array.from({ length: n }, (_, i) => ({
          id: `p${i + 1}`,
          range: [cut(i) + 1, cut(i + 1)] as [number, number],
          timing: 'persistent' as const,
        })),
      );
      const custom = compileBook({ ...shippedTables(), events: table });
      for (const mode of ['dice', 'deck'] as const) {
        let s = createGame(
          defaultSetup(11, { mode, table }),
          custom,
          scriptedDice(mode === 'deck' ? Array.from({ length: 63 }, () => 1) : []),
        );
        // Draw event i in round i (in deck mode, the top card; arrange the pile so the events come in order).
        if (s.deck) s.deck.drawPile = Array.from({ length: 64 }, (_, k) => k + 1);
        for (let i = 0; i < n; i++) {
          const draw = s.deck ? [] : [cut(i) + 1];
          if (s.deck) s.deck.drawPile = [cut(i) + 1, ...s.deck.drawPile.filter((c) => c !== cut(i) + 1)];
          const r = ok(step(s, { type: 'round' }, custom, { source: scriptedDice(draw) }));
          expect(as(r.report, 'round').eventPhase.draws).toEqual([
            { roll: cut(i) + 1, eventId: `p${i + 1}`, outcome: 'placed' },
          ]);
          expect(as(r.report, 'round').eventPhase.noNewEvent).toBeNull();
          s = r.state;
        }
        const r = ok(step(s, { type: 'round' }, custom, { source: scriptedDice([]) }));
        const ep = as(r.report, 'round').eventPhase;
        expect(ep.noNewEvent).toBe('every event of the table is already in play');
        expect(ep.draws).toEqual([]);
        expect(r.record.rolls).toEqual([]);
        expect(ep.resolved.map((x) => x.eventId)).toEqual(table.results.map((e) => e.id));
        expect(r.state.inPlay.map((p) => p.eventId)).toEqual(table.results.map((e) => e.id));
      }
    });
  }

  it('a table with a Once event never stops drawing because its Persistent events are all in play', () => {
    const table = customTable([
      { id: 'a', range: [1, 30], timing: 'persistent' },
      { id: 'b', range: [31, 60], timing: 'persistent' },
      { id: 'o', range: [61, 64], timing: 'once' },
    ]);
    const custom = compileBook({ ...shippedTables(), events: table });
    let s = createGame(defaultSetup(3, { table }), custom);
    s = ok(step(s, { type: 'round' }, custom, { source: scriptedDice([1]) })).state;
    s = ok(step(s, { type: 'round' }, custom, { source: scriptedDice([31]) })).state;
    const r = ok(step(s, { type: 'round' }, custom, { source: scriptedDice([2, 32, 64]) }));
    expect(as(r.report, 'round').eventPhase.draws.map((d) => d.outcome)).toEqual(['duplicate', 'duplicate', 'once']);
    expect(as(r.report, 'round').eventPhase.noNewEvent).toBeNull();
  });
});

describe('the 256-draw bound on duplicates (catches the bound moved or dropped)', () => {
  const table = customTable([
    { id: 'a', range: [1, 21], timing: 'persistent' },
    { id: 'b', range: [22, 42], timing: 'persistent' },
    { id: 'c', range: [43, 63], timing: 'persistent' },
    { id: 'rare', range: [64, 64], timing: 'once' },
  ]);
  const custom = compileBook({ ...shippedTables(), events: table });
  function allInPlay(): SessionState {
    let s = createGame(defaultSetup(9, { table }), custom);
    for (const d of [1, 22, 43]) s = ok(step(s, { type: 'round' }, custom, { source: scriptedDice([d]) })).state;
    expect(s.inPlay.map((p) => p.eventId)).toEqual(['a', 'b', 'c']);
    return s;
  }

  it('256 duplicates in a row: exactly 256 D64 rolls, all recorded, then no new event', () => {
    const dups = Array.from({ length: 300 }, (_, i) => 1 + (i % 63));
    const src = scriptedDice(dups);
    const r = ok(step(allInPlay(), { type: 'round' }, custom, { source: src }));
    const ep = as(r.report, 'round').eventPhase;
    expect(ep.draws).toHaveLength(256);
    expect(ep.draws.every((d) => d.outcome === 'duplicate')).toBe(true);
    expect(ep.noNewEvent).toMatch(/^256 /);
    expect(r.record.rolls.map((x) => x.value)).toEqual(dups.slice(0, 256));
    expect(src.left()).toBe(300 - 256);
    expect(r.state.rng.uses).toBe(256);
  });

  it('255 duplicates and then the Once event: it is drawn (the bound is not reached)', () => {
    const dice = [...Array.from({ length: 255 }, (_, i) => 1 + (i % 63)), 64];
    const r = ok(step(allInPlay(), { type: 'round' }, custom, { source: scriptedDice(dice) }));
    const ep = as(r.report, 'round').eventPhase;
    expect(ep.draws).toHaveLength(256);
    expect(ep.draws[255]).toEqual({ roll: 64, eventId: 'rare', outcome: 'once' });
    expect(ep.noNewEvent).toBeNull();
  });
});

describe('an empty deck and an empty discard pile (catches the check dropped)', () => {
  // No valid session reaches this (the 64 cards are always somewhere, and every in-play event holds one), so
  // the state is made by hand: the engine must still not crash or invent a card.
  it('draws nothing, rolls nothing, and still resolves the events in play', () => {
    let s = start({ mode: 'deck' });
    s = play(s, { type: 'place', eventId: 'sludge-jelly' }).state;
    s = structuredClone(s);
    s.deck = { drawPile: [], discardPile: [] };
    const r = ok(step(s, { type: 'round' }, book, { source: scriptedDice([]) }));
    const ep = as(r.report, 'round').eventPhase;
    expect(ep.noNewEvent).toBe('the deck and the discard pile are empty');
    expect(ep.draws).toEqual([]);
    expect(ep.reshuffled).toBe(false);
    expect(ep.resolved.map((x) => x.eventId)).toEqual(['sludge-jelly']);
    expect(r.state.deck).toEqual({ drawPile: [], discardPile: [] });
    expect(r.record.rolls).toEqual([]);
  });

  it('an empty draw pile with one card discarded: that card is reshuffled (no die for one card) and drawn', () => {
    const s = structuredClone(start({ mode: 'deck' }));
    s.deck = { drawPile: [], discardPile: [25] };
    const r = ok(step(s, { type: 'round' }, book, { source: scriptedDice([]) }));
    const ep = as(r.report, 'round').eventPhase;
    expect(ep.reshuffled).toBe(true);
    expect(ep.draws).toEqual([{ roll: 25, eventId: 'dome-quake', outcome: 'once' }]);
    expect(r.state.deck).toEqual({ drawPile: [], discardPile: [25] });
  });
});

describe('verify compares every roll of an entry (catches rolls added or missing at the end, or a die size changed)', () => {
  const SETUP = defaultSetup(4711, {
    gangs: [{ name: 'G', battlefield: ['a', 'b', 'c'], reserve: ['d'] }],
    lairs: 2,
    structures: 2,
    hazard: 'roll',
  });
  const ACTIONS: Action[] = [
    { type: 'round' },
    { type: 'end' },
    { type: 'round', dice: [7] },
    { type: 'round' },
    { type: 'end' },
    { type: 'round' },
  ];
  let good = createGame(SETUP, book);
  for (const a of ACTIONS) good = ok(step(good, a, book)).state;
  const edit = (f: (s: SessionState) => void): SessionState => {
    const s = structuredClone(good);
    f(s);
    return s;
  };

  it('the game verifies as played', () => {
    expect(verify(good, book).ok).toBe(true);
    expect(good.log.filter((r) => r.rolls.length > 0).length).toBeGreaterThanOrEqual(5);
  });

  it.each(good.log.map((_, seq) => seq))(
    'log entry %i: a roll added at the end, the last roll removed, a die size changed',
    (seq) => {
      const n = good.log[seq]!.rolls.length;
      const added = verify(
        edit((s) =>
          s.log[seq]!.rolls.push(
            n > 0 ? { ...s.log[seq]!.rolls[n - 1]! } : { die: 6, value: 1, for: 'End Phase: anything' },
          ),
        ),
        book,
      );
      expect(added).toMatchObject({ ok: false, seq });
      expect(added.problem).toContain(`roll ${n + 1}`);
      if (n === 0) return;
      const removed = verify(
        edit((s) => s.log[seq]!.rolls.pop()),
        book,
      );
      expect(removed).toMatchObject({ ok: false, seq });
      expect(removed.problem).toContain(`roll ${n}`);
      // A bigger die with the same value: the value still fits, only the size differs.
      const resized = verify(
        edit((s) => (s.log[seq]!.rolls[n - 1]!.die += 1)),
        book,
      );
      expect(resized).toMatchObject({ ok: false, seq });
      expect(resized.problem).toContain(`roll ${n}`);
    },
  );

  it('an entered die marked as rolled, a rolled die marked as entered, on every entry with rolls', () => {
    const entered = good.log.findIndex((r) => r.rolls.some((x) => x.entered));
    expect(entered).toBe(3);
    expect(
      verify(
        edit((s) => delete s.log[entered]!.rolls[0]!.entered),
        book,
      ),
    ).toMatchObject({ ok: false, seq: entered });
    let tried = 0;
    for (let seq = 0; seq < good.log.length; seq++) {
      const i = good.log[seq]!.rolls.findIndex((x) => !x.entered);
      if (i < 0) continue;
      tried++;
      expect(
        verify(
          edit((s) => (s.log[seq]!.rolls[i]!.entered = true)),
          book,
        ),
      ).toMatchObject({ ok: false, seq });
    }
    expect(tried).toBeGreaterThanOrEqual(4);
  });
});

describe("Grid Overload's instruction (catches it shown after Grid Overload removed Pitch Black)", () => {
  it('after removing Pitch Black the card has no instruction; with no Pitch Black the outcome carries it', () => {
    let s = play(start(), { type: 'round' }, [1]).state; // Power Outage: Pitch Black
    let r = play(s, { type: 'round' }, [13]);
    let res = as(r.report, 'round').eventPhase.resolved[0]!;
    expect(res.eventId).toBe('grid-overload');
    expect(r.state.visibility.level).toBe('normal');
    expect(res.text).toBe('');
    // With visibility not Pitch Black the outcome itself is the instruction, so the card does not repeat it.
    s = r.state;
    r = play(s, { type: 'round' }, [14]);
    res = as(r.report, 'round').eventPhase.resolved[0]!;
    expect(res.outcomes[0]).toMatchObject({ kind: 'visibility', changed: false });
    expect(res.outcomes[0]!.text).toContain(
      book.byId.get('grid-overload')!.resolve.onDraw[0]!.kind === 'visibilityClearPitchBlack' ? 'Initiative test' : '',
    );
    expect(res.text).toBe('');
    // Another event's instruction is shown beside its own outcomes.
    r = play(s, { type: 'round' }, [2]);
    expect(as(r.report, 'round').eventPhase.resolved[0]!.text).toBe(book.byId.get('power-outage')!.gm);
  });
});
