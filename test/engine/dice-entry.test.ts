// The GM's own dice (issue 10, points 1-3): a `round` keeps the open End Phase's dice (endDice) apart from the
// new Event Phase's (dice); a placeholder (null, typed `_` or a blank answer) lets badzone roll that one; a D66
// is two D6 read as tens and units, entered as two digits.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileBook } from '../../src/rules/book.js';
import { shippedTables } from '../../src/store/tables.js';
import type { EventTable } from '../../src/rules/types.js';
import {
  createGame,
  defaultSetup,
  replay,
  scriptedDice,
  step,
  verify,
  type Action,
  type EnteredDie,
  type SessionState,
} from '../../src/engine/index.js';
import { as, book, bySides, highest, play, refusal, start } from './arbitraries.js';

/** Treasure in play on A2 (worth 70), round 1 under way (Dome Quake): its End Phase needs one D6. */
function endPhaseOpen(): SessionState {
  const s = play(start(), { type: 'place', eventId: 'treasure' }, [2, 3, 4]).state;
  return play(s, { type: 'round' }, [25]).state;
}

describe('round with an open End Phase: endDice and dice', () => {
  it('dice given without endDice are refused (usage), naming the rolls the End Phase needs first; nothing changes', () => {
    const s = endPhaseOpen();
    const before = JSON.stringify(s);
    const ref = refusal(step(s, { type: 'round', dice: [33] }, book));
    expect(ref).toEqual({
      code: 'end-phase-open',
      facts: { round: 1, rolls: ['End Phase: Treasure discard check (2+) (D6)'] },
      usage: true,
      message:
        'The End Phase of round 1 is still open, and it needs this roll first: End Phase: Treasure discard check (2+) (D6).',
    });
    // How to give the dice (--end-dice, --dice, `badzone end`) is the command line's to say, not the engine's.
    expect(ref.message).not.toMatch(/--[a-z]/);
    expect(ref.message).not.toMatch(/badzone/);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('names every roll, in order, with its die, when the End Phase needs several', () => {
    let s = play(start(), { type: 'place', eventId: 'pillar-of-flame' }, [3]).state;
    s = play(s, { type: 'place', eventId: 'static-storm' }).state;
    s = play(s, { type: 'round' }, [25]).state;
    const ref = refusal(step(s, { type: 'round', dice: [5, 33] }, book));
    expect(ref).toEqual({
      code: 'end-phase-open',
      facts: {
        round: 1,
        rolls: [
          'Pillar of Flame: Large Blast: scatter distance (D6+6")',
          'Pillar of Flame: Large Blast: scatter direction (D12)',
          'End Phase: Static Storm discard check (4+) (D6)',
        ],
      },
      usage: true,
      message:
        'The End Phase of round 1 is still open, and it needs these 3 rolls first: Pillar of Flame: Large Blast: scatter distance (D6+6"); Pillar of Flame: Large Blast: scatter direction (D12); End Phase: Static Storm discard check (4+) (D6).',
    });
    expect(ref.message).not.toMatch(/--[a-z]/);
  });

  it('endDice go to the End Phase and dice to the new Event Phase, each marked entered; the action keeps both', () => {
    const r = play(endPhaseOpen(), { type: 'round', endDice: [1], dice: [33] });
    expect(r.record.rolls).toEqual([
      { die: 6, value: 1, for: 'End Phase: Treasure discard check (2+)', entered: true },
      { die: 64, value: 33, for: 'Event Phase: event table', entered: true },
    ]);
    expect(r.record.action).toEqual({ type: 'round', endDice: [1], dice: [33] });
    const rep = as(r.report, 'round');
    expect(rep.endPhase!.checks[0]).toMatchObject({ eventId: 'treasure', roll: 1, discarded: false });
    expect(rep.eventPhase.draws).toEqual([{ roll: 33, eventId: 'static-storm', outcome: 'placed' }]);
  });

  it('fewer endDice than the End Phase needs: badzone rolls the rest of the End Phase, then the Event Phase takes dice', () => {
    let s = play(start(), { type: 'place', eventId: 'treasure' }, [2, 3, 4]).state;
    s = play(s, { type: 'place', eventId: 'static-storm' }).state;
    s = play(s, { type: 'round' }, [25]).state;
    const r = play(s, { type: 'round', endDice: [1], dice: [25] }, [6]);
    expect(r.record.rolls.map((x) => [x.for, x.value, x.entered ?? false])).toEqual([
      ['End Phase: Treasure discard check (2+)', 1, true],
      ['End Phase: Static Storm discard check (4+)', 6, false],
      ['Event Phase: event table', 25, true],
    ]);
  });

  it('more endDice than the End Phase needs are refused (usage)', () => {
    const ref = refusal(step(endPhaseOpen(), { type: 'round', endDice: [1, 2], dice: [33] }, book));
    expect(ref).toEqual({
      code: 'end-dice-unused',
      facts: { given: 2, needed: 1 },
      usage: true,
      message:
        '2 End-Phase dice were entered but the End Phase needed only 1; nothing was saved. Enter just the dice it asks for.',
    });
    expect(ref.message).not.toMatch(/--[a-z]/);
  });

  it('endDice when no End Phase is open are refused (usage): before round 1, and after `end`', () => {
    const before = refusal(step(start(), { type: 'round', endDice: [3] }, book));
    expect(before).toEqual({
      code: 'no-open-end-phase',
      facts: { round: 0, phase: 'setup' },
      usage: true,
      message: 'End-Phase dice were entered, but there is no open End Phase (no round has been played yet).',
    });
    expect(before.message).not.toMatch(/--[a-z]/);
    const ended = play(endPhaseOpen(), { type: 'end' }, [1]).state;
    const after = refusal(step(ended, { type: 'round', endDice: [3], dice: [33] }, book));
    expect(after).toEqual({
      code: 'no-open-end-phase',
      facts: { round: 1, phase: 'end' },
      usage: true,
      message:
        'End-Phase dice were entered, but there is no open End Phase (the End Phase of round 1 is already resolved).',
    });
    expect(after.message).not.toMatch(/--[a-z]/);
  });

  it('an End Phase that needs no dice takes none: the dice go to the new round', () => {
    const s = play(start(), { type: 'round' }, [25]).state; // Dome Quake: nothing in play
    const r = play(s, { type: 'round', dice: [33] });
    expect(r.record.rolls).toEqual([{ die: 64, value: 33, for: 'Event Phase: event table', entered: true }]);
  });

  it('placeholders alone assign no die to anything, so they are not refused: badzone rolls both phases', () => {
    const r = play(endPhaseOpen(), { type: 'round', dice: [null] }, [4, 33]);
    expect(r.record.rolls.map((x) => [x.for, x.value, x.entered ?? false])).toEqual([
      ['End Phase: Treasure discard check (2+)', 4, false],
      ['Event Phase: event table', 33, false],
    ]);
  });

  it("asking for dice one by one (manual): the End Phase's come first, from the endDice list", () => {
    const s = endPhaseOpen();
    expect(step(s, { type: 'round' }, book, { whenOut: 'ask' })).toEqual({
      ok: false,
      needs: { kind: 'die', sides: 6, for: 'End Phase: Treasure discard check (2+)', index: 0, list: 'endDice' },
    });
    expect(step(s, { type: 'round', endDice: [3] }, book, { whenOut: 'ask' })).toEqual({
      ok: false,
      needs: { kind: 'die', sides: 64, for: 'Event Phase: event table', index: 0 },
    });
    // An End-Phase die out of range is named as one.
    expect(refusal(step(s, { type: 'round', endDice: [7] }, book)).message).toBe(
      'End-Phase die 1 you entered (7) is not a D6 result; it is for: End Phase: Treasure discard check (2+)',
    );
  });
});

describe('placeholders: badzone rolls that one', () => {
  it('a null among entered dice is rolled by badzone and not marked entered; the action keeps it', () => {
    const r = play(start(), { type: 'round', dice: [null, 2, 3] }, [7]);
    expect(r.record.rolls).toEqual([
      { die: 64, value: 7, for: 'Event Phase: event table' },
      { die: 2, value: 2, for: 'Horde of Rats: how many Underhive Rats (D2+1)', entered: true },
      { die: 4, value: 3, for: 'Horde of Rats: spawn point', entered: true },
    ]);
    expect(r.record.action).toEqual({ type: 'round', dice: [null, 2, 3] });
  });

  it('trailing placeholders the step never reached are dropped from the action (it replays the same)', () => {
    const r = play(start(), { type: 'round', dice: [25, null, null] });
    expect(r.record.action).toEqual({ type: 'round', dice: [25] });
    const all = play(start(), { type: 'round', dice: [null, null] }, [25]);
    expect(all.record.action).toEqual({ type: 'round', dice: [null] });
  });

  it('in deck mode a placeholder draws the top card', () => {
    const s = start({ mode: 'deck' });
    expect(s.deck!.drawPile.slice(0, 2)).toEqual([1, 2]);
    const r = step(s, { type: 'round', dice: [null] }, book, { source: highest() });
    expect(r.ok && r.record.rolls[0]).toEqual({ die: 64, value: 1, for: 'Event Phase: card drawn', card: true });
  });

  it('any accepted list of entered dice and placeholders replays and verifies exactly (property)', () => {
    const setup = defaultSetup(4242, {
      gangs: [{ name: 'Goliaths', battlefield: ['Krag', 'Brak'], reserve: ['Gor'] }],
      lairs: 1,
      structures: 1,
    });
    const entry = fc.oneof(
      { weight: 2, arbitrary: fc.constant(null) },
      { weight: 5, arbitrary: fc.integer({ min: 1, max: 2 }) },
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 64 }) },
    );
    const cmd = fc.record({
      end: fc.boolean(),
      dice: fc.array(entry, { maxLength: 4 }),
      endDice: fc.option(fc.array(entry, { maxLength: 3 })),
    });
    let accepted = 0;
    let placeholders = 0;
    fc.assert(
      fc.property(fc.array(cmd, { minLength: 1, maxLength: 12 }), (cmds) => {
        let s = createGame(setup, book);
        for (const c of cmds) {
          const action: Action = c.end
            ? { type: 'end', dice: c.dice }
            : { type: 'round', dice: c.dice, ...(c.endDice ? { endDice: c.endDice } : {}) };
          const r = step(s, action, book);
          if (!r.ok) continue;
          accepted++;
          const stored = r.record.action as { dice?: EnteredDie[]; endDice?: EnteredDie[] };
          const entries = [...(stored.dice ?? []), ...(stored.endDice ?? [])];
          placeholders += entries.filter((d) => d === null).length;
          // Every value entered and used is a roll marked entered; each placeholder is a roll badzone made.
          expect(r.record.rolls.filter((x) => x.entered).length).toBe(entries.filter((d) => d !== null).length);
          s = r.state;
        }
        const again = replay(
          setup,
          s.log.slice(1).map((x) => x.action),
          book,
        );
        expect(JSON.stringify(again)).toBe(JSON.stringify(s));
        expect(verify(s, book)).toMatchObject({ ok: true, problem: null });
      }),
      { numRuns: 150, seed: 10 },
    );
    expect(accepted).toBeGreaterThan(100);
    expect(placeholders).toBeGreaterThan(20);
  });
});

/** The shipped table with Treasure worth a D66 (and rats counting D66): a group's own table that uses it. */
function d66Table(): EventTable {
  const t = structuredClone(shippedTables().events);
  for (const e of t.results) {
    if (e.id === 'treasure')
      e.resolve.onDraw[0] = { kind: 'pickTile', what: 'golden Loot Casket', worth: { dice: 'D66', unit: 'credits' } };
  }
  return t;
}

describe('D66 in a table', () => {
  const d66Book = compileBook({ ...shippedTables(), events: d66Table() });
  const legacyBook = compileBook({ ...shippedTables(), events: d66Table() }, { legacyD66: true });
  const s0 = createGame(defaultSetup(5, { table: d66Table() }), d66Book);

  it('is rolled as two D6, tens then units, and logged as one D66 roll', () => {
    const src = bySides({ 4: 1, 6: 3 });
    const r = step(s0, { type: 'place', eventId: 'treasure' }, d66Book, { source: src });
    if (!r.ok) throw new Error('refused');
    expect(src.calls).toEqual([4, 6, 6]);
    expect(r.record.rolls[1]).toEqual({ die: 66, value: 33, for: 'Treasure: worth (D66 credits)', d66: true });
    expect(r.state.inPlay[0]).toMatchObject({ tile: 'A1', worth: 33 });
  });

  it('is entered as two digits, each 1-6 (36); anything else is refused naming how to read it', () => {
    const r = step(s0, { type: 'place', eventId: 'treasure', dice: [1, 36] }, d66Book);
    expect(r.ok && r.record.rolls[1]).toEqual({
      die: 66,
      value: 36,
      for: 'Treasure: worth (D66 credits)',
      d66: true,
      entered: true,
    });
    for (const bad of [37, 60, 7, 67]) {
      expect(refusal(step(s0, { type: 'place', eventId: 'treasure', dice: [1, bad] }, d66Book))).toEqual({
        code: 'bad-entered-die',
        facts: { list: 'dice', index: 2, value: bad, die: 66, card: false, for: 'Treasure: worth (D66 credits)' },
        usage: true,
        message: `die 2 you entered (${bad}) is not a D66 result (roll two D6: the first is the tens, the second the units; type both digits, e.g. 36); it is for: Treasure: worth (D66 credits)`,
      });
    }
    expect(step(s0, { type: 'place', eventId: 'treasure', dice: [1] }, d66Book, { whenOut: 'ask' })).toEqual({
      ok: false,
      needs: { kind: 'die', sides: 66, for: 'Treasure: worth (D66 credits)', index: 1, d66: true },
    });
  });

  it('a game started before schema 3 keeps the old meaning: one 66-sided die', () => {
    const src = bySides({ 4: 1, 66: 60 });
    const r = step(s0, { type: 'place', eventId: 'treasure' }, legacyBook, { source: src });
    expect(src.calls).toEqual([4, 66]);
    expect(r.ok && r.record.rolls[1]).toEqual({ die: 66, value: 60, for: 'Treasure: worth (D66 credits)' });
  });

  it('scripted dice: a D66 asks the source for two D6', () => {
    const r = step(s0, { type: 'place', eventId: 'treasure' }, d66Book, { source: scriptedDice([2, 6, 1]) });
    expect(r.ok && r.state.inPlay[0]!.worth).toBe(61);
  });
});
