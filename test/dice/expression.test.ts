// Dice expressions in the rules' own notation: what parses, what it means, and what is refused. The last block
// checks what the module's constants decide (the notation's pattern, its limits, the dice a table has) on the
// module loaded afresh inside each test: a module-level constant is evaluated once, when its module loads, and
// under `npm run mutation` a mutant is switched on only while the tests run, after that, so only a module loaded
// again inside a test shows a mutated constant (docs/development.md, Mutation testing).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  canTotal,
  d66,
  diceBounds,
  diceTotal,
  DiceSyntaxError,
  isD66,
  LIMITS,
  parseDice,
  physicalDieHint,
  rollDice,
  type DiceExpr,
} from '../../src/dice/expression.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const readData = (f: string): unknown => JSON.parse(fs.readFileSync(path.join(ROOT, 'data', f), 'utf8'));

const shape = (e: DiceExpr) => ({ count: e.count, sides: e.sides, add: e.add, multiply: e.multiply, text: e.text });

/** Every dice expression the event data names, found by walking the resolve steps (not through src/). */
function dataExpressions(): Array<string | number> {
  const out: Array<string | number> = [];
  const walk = (v: unknown, key: string | null): void => {
    if (Array.isArray(v)) v.forEach((x) => walk(x, null));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (
          ['count', 'distance', 'dice', 'scatterEach'].includes(k) &&
          (typeof x === 'string' || typeof x === 'number')
        )
          out.push(x);
        else walk(x, k);
      }
    }
    void key;
  };
  const events = readData('badzone-events.json') as { results: { resolve?: unknown }[] };
  for (const ev of events.results) walk(ev.resolve, 'resolve');
  return out;
}

describe('parseDice: the rules notation', () => {
  it.each<[string, { count: number; sides: number; add: number; multiply: number; text: string }]>([
    ['D6', { count: 1, sides: 6, add: 0, multiply: 1, text: 'D6' }],
    ['D2+1', { count: 1, sides: 2, add: 1, multiply: 1, text: 'D2+1' }],
    ['D3+1', { count: 1, sides: 3, add: 1, multiply: 1, text: 'D3+1' }],
    ['D3+3', { count: 1, sides: 3, add: 3, multiply: 1, text: 'D3+3' }],
    ['D6+6', { count: 1, sides: 6, add: 6, multiply: 1, text: 'D6+6' }],
    ['D64', { count: 1, sides: 64, add: 0, multiply: 1, text: 'D64' }],
    ['D3', { count: 1, sides: 3, add: 0, multiply: 1, text: 'D3' }],
    ['D10', { count: 1, sides: 10, add: 0, multiply: 1, text: 'D10' }],
    ['D12', { count: 1, sides: 12, add: 0, multiply: 1, text: 'D12' }],
    ['2D6×10', { count: 2, sides: 6, add: 0, multiply: 10, text: '2D6x10' }],
    ['2D6*10', { count: 2, sides: 6, add: 0, multiply: 10, text: '2D6x10' }],
    ['2d6x10', { count: 2, sides: 6, add: 0, multiply: 10, text: '2D6x10' }],
    ['2D6X10', { count: 2, sides: 6, add: 0, multiply: 10, text: '2D6x10' }],
    ['d6+6', { count: 1, sides: 6, add: 6, multiply: 1, text: 'D6+6' }],
    ['d64', { count: 1, sides: 64, add: 0, multiply: 1, text: 'D64' }],
    [' D6 + 6 ', { count: 1, sides: 6, add: 6, multiply: 1, text: 'D6+6' }],
    ['1D6', { count: 1, sides: 6, add: 0, multiply: 1, text: 'D6' }],
    ['3D6-2', { count: 3, sides: 6, add: -2, multiply: 1, text: '3D6-2' }],
    ['D6+0', { count: 1, sides: 6, add: 0, multiply: 1, text: 'D6' }],
    ['2D6+1x10', { count: 2, sides: 6, add: 1, multiply: 10, text: '2D6+1x10' }],
  ])('%s', (input, expected) => {
    expect(shape(parseDice(input))).toEqual(expected);
  });

  it('the canonical text parses back to the same expression', () => {
    for (const s of ['D6', 'd2+1', '2D6×10', '3d6-2', '2D6+1*10', '100D1000']) {
      const e = parseDice(s);
      expect(shape(parseDice(e.text))).toEqual(shape(e));
    }
  });

  it('a bare number is a fixed count (no dice), as text or as a number', () => {
    expect(shape(parseDice('6'))).toEqual({ count: 0, sides: 0, add: 6, multiply: 1, text: '6' });
    expect(shape(parseDice(1))).toEqual({ count: 0, sides: 0, add: 1, multiply: 1, text: '1' });
    expect(shape(parseDice(0))).toEqual({ count: 0, sides: 0, add: 0, multiply: 1, text: '0' });
    expect(diceBounds(parseDice('6'))).toEqual([6, 6]);
    expect(diceTotal(parseDice(1), [])).toBe(1);
  });

  it('every dice expression in data/badzone-events.json parses, with the meaning the rules give it', () => {
    const found = dataExpressions();
    // The rules name these: D2+1 rats/zombies, D6+6 scatters, D3+1 mines scattering D3+3, D3 Hive Scum,
    // 2D6×10 credits, D6 per fighter, and fixed single spawns.
    expect(new Set(found.map(String))).toEqual(new Set(['D2+1', 'D6+6', 'D3+1', 'D3+3', 'D3', '2D6x10', 'D6', '1']));
    const meaning: Record<string, [number, number]> = {
      'D2+1': [2, 3],
      'D6+6': [7, 12],
      'D3+1': [2, 4],
      'D3+3': [4, 6],
      D3: [1, 3],
      '2D6x10': [20, 120],
      D6: [1, 6],
      '1': [1, 1],
    };
    for (const d of found) expect(diceBounds(parseDice(d))).toEqual(meaning[String(d)]);
  });

  it('the visibility table die in data/visibility.json parses and its results cover it', () => {
    const vis = readData('visibility.json') as { die: string; results: { range: [number, number] }[] };
    const [lo, hi] = diceBounds(parseDice(vis.die));
    expect([lo, hi]).toEqual([1, 6]);
    const covered = vis.results.flatMap((r) =>
      Array.from({ length: r.range[1] - r.range[0] + 1 }, (_, i) => r.range[0] + i),
    );
    expect(covered.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('diceTotal and diceBounds', () => {
  it('adds the faces, then the modifier, then multiplies', () => {
    expect(diceTotal(parseDice('2D6x10'), [3, 4])).toBe(70);
    expect(diceTotal(parseDice('D2+1'), [2])).toBe(3);
    expect(diceTotal(parseDice('D6+6'), [1])).toBe(7);
    expect(diceTotal(parseDice('3D6-2'), [1, 1, 1])).toBe(1);
    expect(diceTotal(parseDice('2D6+1x10'), [6, 6])).toBe(130);
  });

  it.each<[string, [number, number]]>([
    ['D6', [1, 6]],
    ['D64', [1, 64]],
    ['D2+1', [2, 3]],
    ['D3+3', [4, 6]],
    ['2D6x10', [20, 120]],
    ['3D6-2', [1, 16]],
    ['100D1000', [100, 100000]],
  ])('bounds of %s', (s, b) => {
    expect(diceBounds(parseDice(s))).toEqual(b);
  });

  it('the bounds are the totals of all-ones and all-max faces', () => {
    for (const s of ['D6', '2D6x10', 'D3+1', '4D10-3', '2D12*3']) {
      const e = parseDice(s);
      expect(diceBounds(e)).toEqual([diceTotal(e, Array(e.count).fill(1)), diceTotal(e, Array(e.count).fill(e.sides))]);
    }
  });
});

describe('parseDice refuses what is not a dice expression', () => {
  it.each([
    'D0',
    'D1',
    'D-6',
    '1000000D1000000',
    'D',
    'D6+',
    'D6x',
    'abc',
    '',
    '   ',
    '0D6',
    '101D6',
    'D1001',
    'D6+99999',
    '2D6x0',
    '2D6x10001',
    '+6',
    '-6',
    '6D',
    'D6.5',
    '1.5',
    'D6+1+1',
    'D6 D6',
    'DD6',
    '2D6/2',
    'D６',
    '1'.repeat(LIMITS.maxLength + 1),
    `D6${' '.repeat(LIMITS.maxLength)}`,
    `D${'6'.repeat(30)}`,
  ])('%j', (s) => {
    let err: unknown;
    try {
      parseDice(s);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DiceSyntaxError);
    expect((err as Error).message.length).toBeGreaterThan(10);
    // One sentence of plain text; no stack-ish noise, and long input is not echoed in full.
    expect((err as Error).message).not.toMatch(/\n/);
    expect((err as Error).message.length).toBeLessThan(200);
  });

  it('says which part is wrong: a multiplier of 0 (every total would be 0), one too large, or too much added', () => {
    expect(() => parseDice('D6x0')).toThrow(
      new DiceSyntaxError(
        '"D6x0": a multiplier of 0 would make every total 0 whatever the dice show; multiply by 1 to 10000, or leave out the x',
      ),
    );
    expect(() => parseDice('2d6*0')).toThrow(/^"2d6\*0": a multiplier of 0 would make every total 0/);
    expect(() => parseDice('D6x10001')).toThrow(
      new DiceSyntaxError('"D6x10001": the multiplier must be from 1 to 10000'),
    );
    expect(() => parseDice('D6-10001')).toThrow(
      new DiceSyntaxError('"D6-10001": the number added or taken away must be at most 10000'),
    );
    expect(parseDice('D6x1')).toMatchObject({ multiply: 1, text: 'D6' });
  });

  it.each([-1, 1.5, Number.NaN, Infinity, LIMITS.maxConstant + 1])('the number %d', (n) => {
    expect(() => parseDice(n)).toThrow(DiceSyntaxError);
  });

  it('says what is wrong', () => {
    expect(() => parseDice('D0')).toThrow(/from 2 to 1000 sides/);
    expect(() => parseDice('101D6')).toThrow(/from 1 to 100/);
    expect(() => parseDice('abc')).toThrow(/"abc" is not a dice expression/);
    expect(() => parseDice('D6'.padEnd(40, '+'))).toThrow(/too long/);
  });

  it('accepts the limits themselves', () => {
    expect(parseDice(`${LIMITS.maxCount}D${LIMITS.maxSides}`).count).toBe(LIMITS.maxCount);
    expect(parseDice('D2').sides).toBe(2);
    expect(parseDice(String(LIMITS.maxConstant)).add).toBe(LIMITS.maxConstant);
    expect(parseDice('D6+10000').add).toBe(10000);
    expect(parseDice('D6-10000').add).toBe(-10000);
  });
});

describe('physicalDieHint', () => {
  it('says how to roll a die nobody owns, and nothing for the dice a table has', () => {
    expect(physicalDieHint(5)).toBe(' (no D5? roll a D6 and roll again on 6 or more)');
    expect(physicalDieHint(7)).toBe(' (no D7? roll a D8 and roll again on 8 or more)');
    expect(physicalDieHint(9)).toBe(' (no D9? roll a D10 and roll again on 10 or more)');
    for (const n of [4, 6, 8, 10, 12, 20, 100]) expect(physicalDieHint(n)).toBe('');
  });

  it('says how to read a D2 and a D3 off a D6', () => {
    expect(physicalDieHint(2)).toBe(' (no D2? roll a D6: 1-3 is 1, 4-6 is 2)');
    expect(physicalDieHint(3)).toBe(' (no D3? roll a D6 and halve it, rounding up: 1-2 is 1, 3-4 is 2, 5-6 is 3)');
  });

  it('says how to roll the D64 with two D8, how to read a D66, and a scatter dice as a clock number', () => {
    expect(physicalDieHint(64)).toBe(
      ' (roll two D8: (first - 1) x 8 + second, e.g. 3 then 5 is 21; type the result, 1-64)',
    );
    expect(physicalDieHint(66)).toBe(
      ' (roll two D6: the first is the tens, the second the units; type both digits, e.g. 36)',
    );
    expect(physicalDieHint(12, 'Pillar of Flame: Large Blast: scatter direction')).toBe(
      ' (a scatter dice: type the clock number the arrow points nearest; re-roll a hit, or roll a D12)',
    );
    // Where the game's 12 o'clock points, when the caller knows it.
    expect(physicalDieHint(12, 'Pillar of Flame: Large Blast: scatter direction', "12 o'clock: the far edge")).toBe(
      " (a scatter dice: type the clock number the arrow points nearest; re-roll a hit, or roll a D12; 12 o'clock: the far edge)",
    );
    // Any other D12 (a pick among twelve tiles) is a plain D12.
    expect(physicalDieHint(12, 'Treasure: tile (of A1 A2 A3 A4 B1 B2 B3 B4 C1 C2 C3 C4)')).toBe('');
    expect(physicalDieHint(33)).toBe(' (no D33? roll a D100 and roll again on 34 or more)');
  });
  it('the D64 recipe reaches every result exactly once: (first - 1) x 8 + second over two D8', () => {
    const seen: number[] = [];
    for (let a = 1; a <= 8; a++) for (let b = 1; b <= 8; b++) seen.push((a - 1) * 8 + b);
    expect(seen.sort((x, y) => x - y)).toEqual(Array.from({ length: 64 }, (_, i) => i + 1));
  });
});

describe('D66: two D6 read as tens and units', () => {
  it('parses as tens and units (11..66), unless a game from before schema 3 asks for the old 66-sided die', () => {
    expect(parseDice('D66')).toEqual({ count: 1, sides: 66, add: 0, multiply: 1, text: 'D66', tensUnits: true });
    expect(diceBounds(parseDice('D66'))).toEqual([11, 66]);
    expect(diceBounds(parseDice('2D66+1x10'))).toEqual([230, 1330]);
    expect(parseDice('D66', { legacyD66: true })).toEqual({ count: 1, sides: 66, add: 0, multiply: 1, text: 'D66' });
    expect(diceBounds(parseDice('D66', { legacyD66: true }))).toEqual([1, 66]);
    // Other dice are not touched by the option.
    expect(parseDice('D64', { legacyD66: true })).toEqual(parseDice('D64'));
    expect(parseDice('D64').tensUnits).toBeUndefined();
  });

  it('its faces are the 36 two-digit numbers with digits 1-6, each from one (tens, units) pair', () => {
    const faces: number[] = [];
    for (let t = 1; t <= 6; t++) for (let u = 1; u <= 6; u++) faces.push(d66(t, u));
    expect(faces.filter(isD66)).toEqual(faces);
    expect(new Set(faces).size).toBe(36);
    for (let n = 0; n <= 70; n++) expect(isD66(n)).toBe(faces.includes(n));
    expect([36, 11, 66, 61, 16].every(isD66)).toBe(true);
    expect([10, 17, 20, 60, 67, 3, 6.5].some(isD66)).toBe(false);
  });

  it('rollDice reads two D6 as tens then units; canTotal skips the totals a D66 cannot give', () => {
    const asked: number[] = [];
    const script = [3, 6, 1, 2];
    const r = rollDice(parseDice('2D66'), (sides) => {
      asked.push(sides);
      return script.shift()!;
    });
    expect(asked).toEqual([6, 6, 6, 6]);
    expect(r).toEqual({ total: 36 + 12, faces: [36, 12] });
    const e = parseDice('D66x10');
    expect([110, 360, 660].every((n) => canTotal(e, n))).toBe(true);
    expect([100, 170, 365, 670].some((n) => canTotal(e, n))).toBe(false);
    expect(canTotal(parseDice('D6+1'), 7)).toBe(true);
    expect(canTotal(parseDice('D6+1'), 8)).toBe(false);
  });
});

describe('the dice notation, freshly loaded', () => {
  type Expression = typeof import('../../src/dice/expression.js');
  let dice: Expression;
  beforeEach(async () => {
    vi.resetModules();
    dice = await import('../../src/dice/expression.js');
  });

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
    for (const n of [4, 6, 8, 10, 12, 20, 100]) expect(dice.physicalDieHint(n), `D${n}`).toBe('');
    // A D2 and a D3 are read off a D6.
    expect(dice.physicalDieHint(2)).toMatch(/roll a D6: 1-3 is 1, 4-6 is 2/);
    expect(dice.physicalDieHint(3)).toMatch(/roll a D6 and halve it, rounding up/);
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
