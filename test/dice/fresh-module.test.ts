// What the dice modules' constants decide (the notation's pattern, the dice a table has), checked on modules
// loaded afresh inside each test. A module-level constant is evaluated once, when its module loads; under
// `npm run mutation` a mutant is switched on only while the tests run, after that, so only a module loaded again
// inside a test shows a mutated constant (docs/development.md, Mutation testing).
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Expression = typeof import('../../src/dice/expression.js');
let dice: Expression;
beforeEach(async () => {
  vi.resetModules();
  dice = await import('../../src/dice/expression.js');
});

describe('the dice notation, freshly loaded', () => {
  it('is anchored at both ends: nothing before or after an expression', () => {
    for (const s of ['XD6', 'DD6', '2D6X', 'D6+1Q', 'D6D6', '+D6', 'D6 ABC'])
      expect(() => dice.parseDice(s), s).toThrow(dice.DiceSyntaxError);
  });

  it('reads counts, sides, modifiers and multipliers of several digits', () => {
    expect(dice.parseDice('12D20+15x10')).toMatchObject({
      count: 12,
      sides: 20,
      add: 15,
      multiply: 10,
      text: '12D20+15x10',
    });
    expect(dice.parseDice('D100-25')).toMatchObject({ count: 1, sides: 100, add: -25 });
    expect(dice.parseDice('3D6×100')).toMatchObject({ count: 3, sides: 6, multiply: 100 });
    expect(dice.parseDice('2d6*10')).toMatchObject({ count: 2, sides: 6, multiply: 10 });
    expect(dice.parseDice(' 2 D 6 + 1 ')).toMatchObject({ count: 2, sides: 6, add: 1 });
  });

  it('the limits: an expression of exactly the longest length parses, one more character does not', () => {
    const longest = `${' '.repeat(dice.LIMITS.maxLength - 4)}D6+1`;
    expect(longest).toHaveLength(dice.LIMITS.maxLength);
    expect(dice.parseDice(longest).add).toBe(1);
    expect(() => dice.parseDice(`${longest} `)).toThrow(/too long/);
    expect(dice.LIMITS).toEqual({ maxLength: 24, maxCount: 100, maxSides: 1000, maxConstant: 10000 });
  });

  it('the dice a table has need no hint; any other die names the next larger one', () => {
    for (const n of [2, 3, 4, 6, 8, 10, 12, 20, 100]) expect(dice.physicalDieHint(n), `D${n}`).toBe('');
    // The table's own D64 and Necromunda's D66 say how to roll them with dice a table has.
    expect(dice.physicalDieHint(64)).toMatch(/two D8/);
    expect(dice.physicalDieHint(66)).toMatch(/D6/);
    expect(dice.physicalDieHint(5)).toBe(' (no D5? roll a D6 and roll again on 6 or more)');
    expect(dice.physicalDieHint(13)).toBe(' (no D13? roll a D20 and roll again on 14 or more)');
    expect(dice.physicalDieHint(65)).toBe(' (no D65? roll a D100 and roll again on 66 or more)');
    expect(dice.physicalDieHint(101)).toBe('');
  });

  it('errors are DiceSyntaxErrors by name, and say which value is wrong', () => {
    let e: unknown;
    try {
      dice.parseDice(2.5);
    } catch (x) {
      e = x;
    }
    expect(e).toBeInstanceOf(dice.DiceSyntaxError);
    expect((e as Error).name).toBe('DiceSyntaxError');
    expect((e as Error).message).toBe('a fixed count must be a whole number from 0 to 10000, not 2.5');
  });
});
