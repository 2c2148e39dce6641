// The reducer (src/engine/step.ts): the limits a new step keeps and a replay skips, what it reports when it needs a
// die, a thrown dice source, the action it stores in the log (entered dice trimmed to those used), the working copy
// it changes (the state it was given left alone, unless the caller owns it: appendLog), and the dispatch to the
// moves (a "new" action has no move: a game starts with createGame).

import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, scriptedDice, step, type DiceSource } from '../../src/engine/index.js';
import { LIMITS } from '../../src/rules/limits.js';
import { as, book, nameOf, ok, oneEventBook, pillarAndTreasure, play, refusal, start } from './arbitraries.js';

describe('step: limits, needs and errors', () => {
  const LONG = 'A1234567890'; // 11 characters: longer than any tile name

  it('limits refuse a typed --occupied past the tile-name limit; a replay (limits off) plays it', () => {
    const s = start();
    const action = { type: 'round' as const, occupied: ['A1', LONG] };
    const no = refusal(step(s, action, book, { source: scriptedDice([5]) }));
    expect(no.usage).toBe(true);
    expect(no.message).toContain(LONG);
    expect(no.message).toContain('limit: tile name');
    const r = ok(step(s, action, book, { source: scriptedDice([5]), limits: false }));
    expect(r.state.round).toBe(1);
    expect(r.state.inPlay.map((p) => p.eventId)).toEqual(['critters-attack']);
    expect(r.record.action).toEqual(action);
  });

  it('asking for a die reports exactly the die: no cards for a D64 roll, the draw pile for a card', () => {
    const dice = step(start(), { type: 'round' }, book, { whenOut: 'ask' });
    expect(dice).toStrictEqual({
      ok: false,
      needs: { kind: 'die', sides: 64, for: 'Event Phase: event table', index: 0 },
    });
    const deck = start({ mode: 'deck' });
    const card = step(deck, { type: 'round' }, book, { whenOut: 'ask' });
    expect(card).toStrictEqual({
      ok: false,
      needs: { kind: 'die', sides: 64, for: 'Event Phase: card drawn', index: 0, cards: deck.deck!.drawPile },
    });
  });

  it('a failing dice source is an error, not a refusal', () => {
    const broken: DiceSource = {
      die: () => {
        throw new Error('dice source broke');
      },
      state: () => ({ seed: 1, uses: 0 }),
    };
    expect(() => step(start(), { type: 'round' }, book, { source: broken })).toThrow('dice source broke');
  });

  it('a step that would roll more dice than one command may is refused (not a usage error), naming the limit and the roll', () => {
    // A valid table (it fits a one-tile battlefield) whose event scatters 20D6" per tile, eight times, on 676 tiles:
    // 8 x 676 x 21 dice is more than one command may roll.
    const { book: heavy } = oneEventBook({
      id: 'smoke-storm',
      timing: 'persistent',
      discardOn: null,
      resolve: {
        onDraw: Array.from({ length: 8 }, () => ({ kind: 'scatterEachTile', distance: '20D6', what: 'Smoke Marker' })),
        eachEventPhase: [],
        endPhase: [],
      },
    } as never);
    const tiles: string[] = [];
    for (const row of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') for (let c = 1; c <= 26; c++) tiles.push(`${row}${c}`);
    const s = createGame(defaultSetup(9, { tiles }), heavy, scriptedDice([]));
    const r = step(s, { type: 'place', eventId: 'smoke-storm' }, heavy);
    const no = refusal(r);
    expect(no.usage).toBe(false);
    expect(no.message).toContain('limit: rolls per step');
    expect(no.message).toContain(LIMITS.rollsPerStep.toLocaleString('en-US'));
    expect(no.message).toContain('SMOKE-STORM: Smoke Marker on');
  });
});

describe('step: the action it stores', () => {
  it('an empty dice list that nothing used is not stored at all', () => {
    const s = play(start(), { type: 'round' }, [25]).state; // Dome Quake: nothing in play, the End Phase rolls nothing
    const r = ok(step(s, { type: 'end', dice: [] }, book, { source: scriptedDice([]) }));
    expect(r.record.action).toStrictEqual({ type: 'end' });
    const placeholders = ok(step(s, { type: 'end', dice: [null, null] }, book, { source: scriptedDice([]) }));
    expect(placeholders.record.action).toStrictEqual({ type: 'end' });
  });

  it('End-Phase dice are stored as far as the End Phase used them, trailing placeholders dropped', () => {
    const s = play(start(), { type: 'round' }, [5]).state; // Critters Attack: discard check (3+) in the End Phase
    const r = ok(step(s, { type: 'round', endDice: [2, null, null], dice: [25] }, book, { source: scriptedDice([]) }));
    expect(r.record.action).toStrictEqual({ type: 'round', endDice: [2], dice: [25] });
    expect(as(r.report, 'round').endPhase!.checks).toEqual([
      { eventId: 'critters-attack', name: nameOf('critters-attack'), roll: 2, discardOn: 3, discarded: false },
    ]);
    // Given but unused (the End Phase needed none): kept empty, so the replay still says so.
    const none = play(start(), { type: 'round' }, [25]).state;
    const e = ok(step(none, { type: 'round', endDice: [], dice: [25] }, book, { source: scriptedDice([]) }));
    expect(e.record.action).toStrictEqual({ type: 'round', endDice: [], dice: [25] });
  });

  it('an action without dice is stored exactly as given', () => {
    const r = play(start(), { type: 'visibility', level: 'dark' });
    expect(r.record).toStrictEqual({ seq: 1, round: 0, action: { type: 'visibility', level: 'dark' }, rolls: [] });
  });
});

describe('step: appendLog (the caller owns the state) and the state before a step', () => {
  it('without appendLog (or with it false) the state before the step is left exactly as it was', () => {
    const s = pillarAndTreasure();
    const before = structuredClone(s);
    for (const appendLog of [undefined, false]) {
      // The End Phase scatters the blast a second time and discards Treasure (6 on its 2+), leaving the casket.
      const r = ok(step(s, { type: 'end' }, book, { source: scriptedDice([2, 7, 6]), appendLog }));
      expect(r.state.inPlay[0]!.scatters).toEqual([
        [1, 9, 5],
        [2, 8, 7],
      ]);
      expect(r.state.objects).toEqual([
        {
          eventId: 'treasure',
          what: 'golden Loot Casket',
          tile: 'A2',
          sinceRound: 2,
          worth: { value: 70, unit: 'credits' },
        },
      ]);
      expect(r.state.log).toHaveLength(before.log.length + 1);
      expect(s).toStrictEqual(before);
    }
  });

  it("with appendLog the caller's log and lists grow in place (a long replay stays linear)", () => {
    const s = pillarAndTreasure();
    const r = ok(step(s, { type: 'end' }, book, { source: scriptedDice([2, 7, 6]), appendLog: true }));
    expect(r.state.log).toBe(s.log);
    expect(s.log).toHaveLength(5);
    expect(s.log[4]).toBe(r.record);
    expect(r.state.objects).toBe(s.objects);
    expect(r.state.tilePicks).toBe(s.tilePicks);
    expect(r.state.inPlay[0]!.scatters).toBe(s.inPlay[0]!.scatters);
    expect(s.objects).toHaveLength(1);
    expect(s.inPlay[0]!.scatters).toHaveLength(2);
  });
});

describe('step: each action goes to its move', () => {
  it('a "new" action is refused: a game starts with createGame', () => {
    const s = start();
    for (const limits of [true, false]) {
      const no = refusal(step(s, { type: 'new' }, book, { limits }));
      expect(no.usage).toBe(false);
      expect(no.message).toContain('createGame');
    }
  });
});
