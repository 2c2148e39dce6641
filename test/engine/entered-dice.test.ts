// Physical dice: results the GM entered (`action.dice`) are used first, checked against their die,
// marked as entered; too many is a usage refusal; too few are completed by the tool's own dice.
import { describe, expect, it } from 'vitest';
import { createGame, defaultSetup, replay, scriptedDice, step } from '../../src/engine/index.js';
import { as, book, play, refusal, start } from './arbitraries.js';

describe('entered dice', () => {
  it('are used first, in the order the engine asks, and marked entered: true', () => {
    const r = play(start(), { type: 'round', dice: [7, 2, 3] });
    expect(r.record.rolls).toEqual([
      { die: 64, value: 7, for: 'Event Phase: event table', entered: true },
      { die: 2, value: 2, for: 'Horde of Rats: how many Underhive Rats (D2+1)', entered: true },
      { die: 4, value: 3, for: 'Horde of Rats: spawn point', entered: true },
    ]);
    expect(r.record.action).toEqual({ type: 'round', dice: [7, 2, 3] });
    expect(as(r.report, 'round').eventPhase.resolved[0]!.outcomes[0]).toMatchObject({ count: 3, spawnPoint: 3 });
  });

  it('do not move the seeded dice', () => {
    const s = createGame(defaultSetup(99), book);
    const r = step(s, { type: 'round', dice: [7, 2, 3] }, book);
    expect(r.ok && r.state.rng).toEqual({ seed: 99, uses: 0 });
  });

  it('fewer than needed: the rest are rolled by the tool and not marked', () => {
    const r = play(start(), { type: 'round', dice: [7] }, [1, 4]);
    expect(r.record.rolls.map((x) => [x.value, x.entered ?? false])).toEqual([
      [7, true],
      [1, false],
      [4, false],
    ]);
  });

  it.each<[string, number[], RegExp]>([
    [
      'a D64 of 65',
      [65],
      /die 1 you entered \(65\) is not a D64 result \(roll two D8: \(first - 1\) x 8 \+ second, e\.g\. 3 then 5 is 21; type the result, 1-64\); it is for: Event Phase: event table/,
    ],
    ['a D64 of 0', [0], /die 1 you entered \(0\) is not a D64 result/],
    ['a fraction', [7.5], /is not a D64 result/],
    [
      'a D2 of 3',
      [7, 3],
      /die 2 you entered \(3\) is not a D2 result \(no D2\? roll a D6: 1-3 is 1, 4-6 is 2\); it is for: Horde of Rats: how many Underhive Rats \(D2\+1\)/,
    ],
    ['a D4 spawn point of 5', [7, 1, 5], /die 3 you entered \(5\) is not a D4 result/],
  ])('out of range (%s): a usage refusal naming the die and its purpose', (_n, dice, msg) => {
    const ref = refusal(step(start(), { type: 'round', dice }, book, { source: scriptedDice([1, 1, 1]) }));
    expect(ref.usage).toBe(true);
    expect(ref.message).toMatch(msg);
  });

  it('more than needed: a usage refusal, nothing applied', () => {
    const s = start();
    const ref = refusal(step(s, { type: 'round', dice: [25, 1] }, book));
    expect(ref).toEqual({
      code: 'dice-unused',
      facts: { given: 2, needed: 1 },
      usage: true,
      message: '2 dice were entered but this step needed only 1; nothing was saved. Enter just the dice it asks for.',
    });
    const e = play(s, { type: 'round' }, [25]).state;
    expect(refusal(step(e, { type: 'end', dice: [3] }, book)).usage).toBe(true);
    expect(refusal(step(e, { type: 'place', eventId: 'sludge-jelly', dice: [1] }, book)).usage).toBe(true);
  });

  it('entered dice for the End Phase checks', () => {
    let s = play(start(), { type: 'round' }, [4]).state; // Critters Attack, 3+
    const e = play(s, { type: 'end', dice: [3] });
    expect(as(e.report, 'end').checks[0]).toMatchObject({ roll: 3, discarded: true });
    expect(e.record.rolls[0]!.entered).toBe(true);
    s = play(start(), { type: 'round' }, [4]).state;
    expect(refusal(step(s, { type: 'end', dice: [7] }, book)).message).toMatch(
      /not a D6 result; it is for: End Phase: Critters Attack discard check/,
    );
  });

  it('entered dice for a placed event (Treasure: tile and worth)', () => {
    const r = play(start(), { type: 'place', eventId: 'treasure', dice: [4, 6, 5] });
    expect(r.state.inPlay[0]).toEqual({ eventId: 'treasure', sinceRound: 0, roll: 60, tile: 'B2', worth: 110 });
  });

  it('whenOut ask: needs the next die, with its size, index and purpose', () => {
    const s = start();
    expect(step(s, { type: 'round' }, book, { whenOut: 'ask' })).toEqual({
      ok: false,
      needs: { kind: 'die', sides: 64, for: 'Event Phase: event table', index: 0 },
    });
    expect(step(s, { type: 'round', dice: [7] }, book, { whenOut: 'ask' })).toEqual({
      ok: false,
      needs: { kind: 'die', sides: 2, for: 'Horde of Rats: how many Underhive Rats (D2+1)', index: 1 },
    });
    expect(step(s, { type: 'round', dice: [7, 1] }, book, { whenOut: 'ask' })).toEqual({
      ok: false,
      needs: { kind: 'die', sides: 4, for: 'Horde of Rats: spawn point', index: 2 },
    });
    const done = step(s, { type: 'round', dice: [7, 1, 4] }, book, { whenOut: 'ask' });
    expect(done.ok).toBe(true);
  });

  it('asking die by die gives the same game as entering them all at once, and replays the same', () => {
    const setup = defaultSetup(4242, { gangs: [{ name: 'G', battlefield: ['a', 'b', 'c'], reserve: [] }] });
    const s = createGame(setup, book);
    const faces = [61, 1, 2, 1]; // Disappearance: a, b, c
    let dice: number[] = [];
    let r = step(s, { type: 'round', dice }, book, { whenOut: 'ask' });
    let asked = 0;
    while (!r.ok && 'needs' in r && r.needs.kind === 'die') {
      expect(r.needs.index).toBe(dice.length);
      dice = [...dice, faces[dice.length]!];
      r = step(s, { type: 'round', dice }, book, { whenOut: 'ask' });
      asked++;
    }
    expect(asked).toBe(4);
    if (!r.ok) throw new Error('not done');
    expect(r.state.gangs[0]).toEqual({ name: 'G', battlefield: ['b'], reserve: ['a', 'c'], out: [] });
    expect(replay(setup, [{ type: 'round', dice: faces }], book)).toEqual(r.state);
  });
});
