// src/engine/step.ts, lines 1-399, where a mutation run found the suite blind: the in-play view, the working copy a
// step makes (and the appendLog contract), createGame / setupNotes, step()'s limits, needs, errors and the action it
// stores, the End Phase probe (endPhaseNeeds), and apply() for new / discard / place / visibility.
import { describe, expect, it } from 'vitest';
import {
  Dice,
  createGame,
  defaultSetup,
  endPhaseNeeds,
  objectText,
  scriptedDice,
  setupNotes,
  step,
  type Ctx,
  type DiceSource,
  type SessionState,
  type StepResult,
} from '../../src/engine/index.js';
import { compileBook } from '../../src/rules/book.js';
import { LIMITS } from '../../src/rules/limits.js';
import type { BadzoneEvent, EventTable } from '../../src/rules/types.js';
import { validateEventTable } from '../../src/rules/validate.js';
import { shippedTables } from '../../src/store/tables.js';
import { LEVELS, as, book, play, refusal, start } from './arbitraries.js';

type Ok = Extract<StepResult, { ok: true }>;

function ok(r: StepResult): Ok {
  if (!r.ok) throw new Error(`refused: ${JSON.stringify(r)}`);
  return r;
}

const nameOf = (id: string): string => book.byId.get(id)!.name;

/** A one-event D64 table (validated like a table file), compiled with the shipped hazards and visibility. */
function oneEventBook(ev: Omit<BadzoneEvent, 'name' | 'range' | 'count' | 'effect' | 'gm'> & { name?: string }) {
  const raw = {
    name: 'One-event table',
    die: 'D64',
    results: [{ name: ev.id.toUpperCase(), range: [1, 64], count: 64, effect: '', gm: '', ...ev }],
  };
  const table: EventTable = validateEventTable(JSON.parse(JSON.stringify(raw)), 'test table');
  return { table, book: compileBook({ ...shippedTables(), events: table }) };
}

function ctxFor(s: SessionState, b = book): Ctx {
  return {
    s,
    book: b,
    dice: new Dice(scriptedDice([])),
    loud: true,
    notes: [],
    occupied: undefined,
    askOccupied: false,
    tally: null,
  };
}

/**
 * Dice mode, tiles A1 A2 B1 B2, no rosters. Round 1 draws Pillar of Flame (49) onto A1; its End Phase scatters it
 * once (3+6" toward 5 o'clock); round 2 draws Treasure (60) onto A2, worth (3+4)x10 = 70 credits.
 */
function pillarAndTreasure(): SessionState {
  let s = start();
  s = play(s, { type: 'round' }, [49, 1]).state;
  s = play(s, { type: 'end' }, [3, 5]).state;
  s = play(s, { type: 'round' }, [60, 2, 3, 4]).state;
  return s;
}

describe('the events in play: a tile and a worth are kept only when the event has them', () => {
  it('a tile and a worth are in the state only when the event has them', () => {
    let s = start();
    s = play(s, { type: 'round' }, [5]).state; // Critters Attack: no tile, no worth
    s = play(s, { type: 'place', eventId: 'pillar-of-flame' }, [3]).state; // B1, no worth
    const r = play(s, { type: 'place', eventId: 'treasure' }, [4, 6, 5]); // B2, (6+5)x10
    expect(r.state.inPlay).toStrictEqual([
      { eventId: 'critters-attack', sinceRound: 1, roll: 5 },
      { eventId: 'pillar-of-flame', sinceRound: 1, roll: 49, tile: 'B1' },
      { eventId: 'treasure', sinceRound: 1, roll: 60, tile: 'B2', worth: 110 },
    ]);
  });
});

describe('createGame and setupNotes', () => {
  it('a Nomadic hazard roll (10, no row in the Hazard Table) is noted by name as no hazard', () => {
    const s = createGame(defaultSetup(5, { hazard: 10 }), book, scriptedDice([]));
    expect(s.hazard).toEqual({ roll: 10, id: null, nomadic: true });
    const notes = setupNotes(s, book);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('Hazard 10');
    expect(notes[0]).toContain(book.hazards.nomadic.name);
  });

  it("a rolled hazard is the first log record's only roll", () => {
    const s = createGame(defaultSetup(5, { hazard: 'roll' }), book, scriptedDice([3]));
    expect(s.log).toEqual([
      { seq: 0, round: 0, action: { type: 'new' }, rolls: [{ die: 10, value: 3, for: 'Setup: Hazard Table (D10)' }] },
    ]);
  });
});

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

describe('endPhaseNeeds: the open End Phase, probed on a copy with every die a 1', () => {
  it("lists the dice in order and leaves the game (a scattered blast's path included) untouched", () => {
    let s = pillarAndTreasure();
    s = play(s, { type: 'end' }, [2, 7, 1]).state; // Treasure stays (1 on its 2+)
    s = play(s, { type: 'round' }, [25]).state;
    const before = structuredClone(s);
    const pillar = `${nameOf('pillar-of-flame')}: Large Blast`;
    expect(endPhaseNeeds(ctxFor(s))).toStrictEqual([
      { die: 6, value: 1, for: `${pillar}: scatter distance (D6+6")` },
      { die: 12, value: 1, for: `${pillar}: scatter direction` },
      { die: 6, value: 1, for: `End Phase: ${nameOf('treasure')} discard check (2+)` },
    ]);
    expect(s).toStrictEqual(before);
    // A round typed with dice for its Event Phase only is refused, naming the three rolls, and changes nothing.
    const no = refusal(step(s, { type: 'round', dice: [5] }, book, { source: scriptedDice([]) }));
    expect(no.usage).toBe(true);
    expect(no.message).toContain(`round ${s.round}`);
    expect(no.message).toContain(`${pillar}: scatter distance (D6+6")`);
    expect(no.message).toContain(`${pillar}: scatter direction (D12)`);
    expect(no.message).toContain(`End Phase: ${nameOf('treasure')} discard check (2+) (D6)`);
    expect(s).toStrictEqual(before);
  });

  it('follows the 1s through (one mine to scatter) and keeps none of its tile pick', () => {
    // Each End Phase: pick a tile (among all: nobody said which hold models, so the pick is recorded unconfirmed)
    // and place D3 mines, each scattering D3"; then the discard check (2+).
    const { book: mines } = oneEventBook({
      id: 'mine-layer',
      timing: 'persistent',
      discardOn: 2,
      resolve: {
        onDraw: [],
        eachEventPhase: [],
        endPhase: [
          {
            kind: 'pickTile',
            what: 'Frag Mines',
            avoidOccupied: true,
            place: { count: 'D3', what: 'Frag Mine', scatterEach: 'D3' },
          },
        ],
      },
    } as never);
    let s = createGame(defaultSetup(4), mines, scriptedDice([]));
    s = ok(step(s, { type: 'round' }, mines, { source: scriptedDice([9]) })).state;
    const before = structuredClone(s);
    expect(endPhaseNeeds(ctxFor(s, mines))).toStrictEqual([
      { die: 4, value: 1, for: 'MINE-LAYER: tile (of A1 A2 B1 B2)' },
      { die: 3, value: 1, for: 'MINE-LAYER: how many Frag Mines (D3)' },
      { die: 3, value: 1, for: 'MINE-LAYER: Frag Mine 1: scatter distance (D3")' },
      { die: 12, value: 1, for: 'MINE-LAYER: Frag Mine 1: scatter direction' },
      { die: 6, value: 1, for: 'End Phase: MINE-LAYER discard check (2+)' },
    ]);
    expect(s).toStrictEqual(before);
    expect(s.tilePicks).toEqual([]);
    // The End Phase itself records the one pick.
    const end = ok(step(s, { type: 'end' }, mines, { source: scriptedDice([3, 2, 1, 1, 1, 1, 4]) }));
    expect(end.state.inPlay).toEqual([]); // 4 on its 2+: discarded
    expect(end.state.tilePicks).toEqual([
      {
        eventId: 'mine-layer',
        what: 'Frag Mines',
        round: 1,
        tile: 'B1',
        among: ['A1', 'A2', 'B1', 'B2'],
        confirmed: false,
        removesTile: false,
      },
    ]);
  });
});

describe('apply: new, discard, place, visibility', () => {
  it('a "new" action is refused: a game starts with createGame', () => {
    const s = start();
    for (const limits of [true, false]) {
      const no = refusal(step(s, { type: 'new' }, book, { limits }));
      expect(no.usage).toBe(false);
      expect(no.message).toContain('createGame');
    }
  });

  it('discarding an event the table does not have is refused, naming it', () => {
    const no = refusal(step(start(), { type: 'discard', eventId: 'no-such-event' }, book));
    expect(no.usage).toBe(false);
    expect(no.message).toContain('no-such-event');
  });

  it('discarding an event in play notes it and what it leaves; one that leaves nothing has no stays', () => {
    let s = pillarAndTreasure();
    s = play(s, { type: 'place', eventId: 'critters-attack' }).state;
    const t = play(s, { type: 'discard', eventId: 'treasure' });
    const casket = {
      eventId: 'treasure',
      what: 'golden Loot Casket',
      tile: 'A2',
      sinceRound: 2,
      worth: { value: 70, unit: 'credits' },
    };
    const tr = as(t.report, 'discard');
    expect(tr.stays).toEqual([casket]);
    expect(t.notes).toHaveLength(1);
    expect(t.notes[0]).toContain(nameOf('treasure'));
    expect(t.notes[0]).toContain(objectText(casket));
    expect(t.state.objects).toEqual([casket]);
    const c = play(t.state, { type: 'discard', eventId: 'critters-attack' });
    expect(c.report).toStrictEqual({
      kind: 'discard',
      eventId: 'critters-attack',
      name: nameOf('critters-attack'),
    });
    expect(c.notes).toHaveLength(1);
    expect(c.notes[0]).toMatch(new RegExp(`${nameOf('critters-attack')}$`));
    expect(c.state.inPlay.map((p) => p.eventId)).toEqual(['pillar-of-flame']);
    expect(c.state.objects).toEqual([casket]);
  });

  it('an event that would leave two things is refused when its table is read: it keeps one tile, so both would stay on the last', () => {
    // Before this was refused, a Crate picked on A1 and a Banner on B2 were both left on B2 when it was discarded.
    const twoPicks = () =>
      oneEventBook({
        id: 'supply-drop',
        timing: 'persistent',
        discardOn: null,
        resolve: {
          onDraw: [
            { kind: 'pickTile', what: 'Crate', staysAfterDiscard: true },
            { kind: 'pickTile', what: 'Banner', staysAfterDiscard: true },
          ],
          eachEventPhase: [],
          endPhase: [],
        },
      } as never);
    expect(twoPicks).toThrow(/results\[0\]\.resolve\.onDraw\[1\].*second pickTile step in "SUPPLY-DROP"/);
  });

  it("discarding an event not in play leaves another event's object on the battlefield", () => {
    let s = pillarAndTreasure();
    s = play(s, { type: 'discard', eventId: 'treasure' }).state;
    const before = structuredClone(s);
    const no = refusal(step(s, { type: 'discard', eventId: 'critters-attack' }, book));
    expect(no.message).toContain(nameOf('critters-attack'));
    expect(s).toStrictEqual(before);
    // Its own object is what a discard of the event takes away.
    const r = play(s, { type: 'discard', eventId: 'treasure' });
    expect(r.state.objects).toEqual([]);
  });

  it('placing an unknown event, a Once event, or one already in play is refused, naming it', () => {
    const s = play(start(), { type: 'round' }, [5]).state;
    const unknown = refusal(step(s, { type: 'place', eventId: 'no-such-event' }, book));
    expect(unknown.usage).toBe(true);
    expect(unknown.message).toContain('no-such-event');
    const once = refusal(step(s, { type: 'place', eventId: 'power-outage' }, book));
    expect(once.usage).toBe(false);
    expect(once.message).toContain(nameOf('power-outage'));
    const twice = refusal(step(s, { type: 'place', eventId: 'critters-attack' }, book));
    expect(twice.usage).toBe(false);
    expect(twice.message).toContain(nameOf('critters-attack'));
  });

  it('placing an event reports it with its outcomes and what is in play', () => {
    const r = play(start(), { type: 'place', eventId: 'howling-wind' });
    expect(r.report).toStrictEqual({
      kind: 'place',
      eventId: 'howling-wind',
      name: nameOf('howling-wind'),
      outcomes: [],
    });
    expect(r.state.inPlay).toEqual([{ eventId: 'howling-wind', sinceRound: 0, roll: 27 }]);
  });

  it('an unknown visibility level is refused as a usage error naming it and every level, and changes nothing', () => {
    const s = start();
    const before = structuredClone(s);
    const no = refusal(step(s, { type: 'visibility', level: 'murky' }, book));
    expect(no.usage).toBe(true);
    expect(no.message).toContain('"murky"');
    expect(LEVELS.length).toBeGreaterThan(1);
    for (const id of LEVELS) expect(no.message).toMatch(new RegExp(`(?<![\\w-])${id}(?![\\w-])`));
    expect(s).toStrictEqual(before);
  });
});
