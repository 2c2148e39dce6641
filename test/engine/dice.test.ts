// The dice a step rolls (src/engine/dice.ts), Dice directly: the defaults, the per-step limit on dice for each kind
// of die, which entered die is next (and that rolling from the source uses none), placeholders, a shuffle that
// leaves the pile it was given alone, and scripted dice that refuse to run out or to show a face the die does not
// have.

import { describe, expect, it } from 'vitest';

import { BadEntry, Dice, NeedDie, scriptedDice, TooManyRolls } from '../../src/engine/index.js';

function caught(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('defaults', () => {
  it('no entered dice and rolling when out: the source rolls, no entered die is used, the rolls are recorded', () => {
    const d = new Dice(scriptedDice([4, 2]));
    expect(d.roll(6, 'a')).toBe(4);
    expect(d.roll(3, 'b')).toBe(2);
    expect(d.enteredUsed).toBe(0);
    expect(d.enteredGiven).toBe(0);
    expect(d.rolls).toEqual([
      { die: 6, value: 4, for: 'a' },
      { die: 3, value: 2, for: 'b' },
    ]);
  });

  it('a die asked for says which list it is for: "dice" unless a list was chosen', () => {
    const need = caught(() => new Dice(scriptedDice([]), [], 'ask').roll(6, 'Dome Quake: how many')) as NeedDie;
    expect(need).toBeInstanceOf(NeedDie);
    expect(need).toMatchObject({ sides: 6, purpose: 'Dome Quake: how many', index: 0, list: 'dice', d66: false });
    expect(new NeedDie(6, 'x', 0).list).toBe('dice');
    const d = new Dice(scriptedDice([]), [3], 'ask');
    d.useList('endDice', []);
    expect((caught(() => d.roll(6, 'x')) as NeedDie).list).toBe('endDice');
  });
});

describe('the limit on dice per step counts every kind of die, and stops at one more than the limit', () => {
  it.each<[string, (d: Dice, i: number) => unknown]>([
    ['a die', (d) => d.roll(6, 'r')],
    ['a D66', (d) => d.rollD66('r')],
    ['a card', (d) => d.card([5, 9], 'r')],
  ])('%s', (_kind, use) => {
    const d = new Dice(scriptedDice(Array(20).fill(1)), [], 'roll', false, 3);
    for (let i = 0; i < 3; i++) use(d, i);
    const e = caught(() => use(d, 3));
    expect(e).toBeInstanceOf(TooManyRolls);
    expect((e as TooManyRolls).purpose).toBe('r');
    expect(d.rolls).toHaveLength(3);
  });
});

describe('entered dice', () => {
  it('rolling from the source past the entered dice uses no entry: each kind of die', () => {
    const d = new Dice(scriptedDice([2, 3, 4, 5]), [6]);
    expect(d.roll(6, 'a')).toBe(6);
    expect(d.enteredUsed).toBe(1);
    expect(d.roll(6, 'b')).toBe(2);
    expect(d.enteredUsed).toBe(1);
    expect(d.rollD66('c')).toBe(34);
    expect(d.enteredUsed).toBe(1);
    expect(d.card([7, 8], 'd')).toBe(7);
    expect(d.enteredUsed).toBe(1);
    expect(d.rolls!.map((r) => r.entered ?? false)).toEqual([true, false, false, false]);
  });

  it('a placeholder in the entered D66s is rolled by the source even when badzone asks for the dice left', () => {
    const d = new Dice(scriptedDice([5, 2]), [null, 41], 'ask');
    expect(d.rollD66('worth')).toBe(52);
    expect(d.enteredUsed).toBe(1);
    expect(d.rollD66('worth')).toBe(41);
    expect(d.rolls).toEqual([
      { die: 66, value: 52, for: 'worth', d66: true },
      { die: 66, value: 41, for: 'worth', d66: true, entered: true },
    ]);
    const need = caught(() => d.rollD66('worth')) as NeedDie;
    expect(need).toMatchObject({ sides: 66, index: 2, d66: true });
  });

  it('an entered D66 that is not one names the die and what it was for', () => {
    const e = caught(() => new Dice(scriptedDice([]), [17]).rollD66('Treasure: worth')) as BadEntry;
    expect(e).toBeInstanceOf(BadEntry);
    expect(e.message).toMatch(/^die 1 you entered \(17\) is not a D66 result/);
    expect(e.message).toContain('Treasure: worth');
  });

  it('trailing placeholders are not dice that must be used; earlier ones are', () => {
    expect(new Dice(scriptedDice([]), [3, null, null]).enteredGiven).toBe(1);
    expect(new Dice(scriptedDice([]), [null, 4, null]).enteredGiven).toBe(2);
    expect(new Dice(scriptedDice([]), [null, null]).enteredGiven).toBe(0);
  });
});

describe('shuffle', () => {
  it('returns a new order and leaves the pile it was given as it was', () => {
    const pile = [1, 2, 3, 4];
    const d = new Dice(scriptedDice([1, 1, 1]));
    const out = d.shuffle(pile);
    expect(pile).toEqual([1, 2, 3, 4]);
    expect(out).not.toBe(pile);
    expect(out).toEqual([2, 3, 4, 1]);
    expect([...out].sort()).toEqual(pile);
  });
});

describe('scriptedDice', () => {
  it('throws once its values are used up, naming how many it had and the die wanted', () => {
    const s = scriptedDice([3]);
    expect(s.die(6)).toBe(3);
    expect(s.left()).toBe(0);
    expect(() => s.die(4)).toThrow('scripted dice ran out after 1 dice (wanted a D4)');
  });

  it('throws on a value the die does not have, naming the value and the die', () => {
    expect(() => scriptedDice([7]).die(6)).toThrow('scripted die 1 is 7, not a D6 result');
    expect(() => scriptedDice([0]).die(6)).toThrow('scripted die 1 is 0, not a D6 result');
    expect(scriptedDice([6]).die(6)).toBe(6);
    expect(scriptedDice([1]).die(6)).toBe(1);
  });
});
