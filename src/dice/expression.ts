// Dice expressions in the rules' own notation: D6, D2+1, D3+3, D6+6, 2D6x10 (or 2D6×10, 2D6*10), D64, D66, 3.
// A D66 is Necromunda's: two D6 read as tens and units (11..66), never a 66-sided die.
// Hand-written: the grammar the tables need is one line, and the dice-notation libraries on npm
// either reject an uppercase D or cost a second of start-up (see ../shared/STACK.md).

import { DICE_LIMITS as L } from './limits.js';

export interface DiceExpr {
  /** Number of dice (0 for a constant). */
  count: number;
  /** Sides of each die (0 for a constant). */
  sides: number;
  /** Added after summing (may be negative). */
  add: number;
  /** Multiplied last (1 when absent). */
  multiply: number;
  /** Canonical text, e.g. "2D6x10". */
  text: string;
  /** Each die is a D66: two D6 read as tens and units (sides is 66, a face is 11..66 with both digits 1-6). */
  tensUnits?: true;
}

export interface ParseOptions {
  /** Read "D66" as one 66-sided die, as badzone did before schema 3 (old games replay as they were rolled). */
  legacyD66?: boolean;
}

/** The dice limits (./limits.ts; ../rules/limits.ts lists them with every other limit). */
export const LIMITS = {
  maxLength: L.diceLength,
  maxCount: L.diceCount,
  maxSides: L.diceSides,
  maxConstant: L.diceConstant,
} as const;

export class DiceSyntaxError extends Error {
  override name = 'DiceSyntaxError';
}

const PATTERN = /^(\d{0,7})D(\d{1,7})(?:([+-])(\d{1,7}))?(?:[X×*](\d{1,7}))?$/;

/** Parse a dice expression; throws DiceSyntaxError with a sentence saying what is wrong. */
export function parseDice(input: string | number, opts: ParseOptions = {}): DiceExpr {
  if (typeof input === 'number') {
    if (!Number.isInteger(input) || input < 0 || input > LIMITS.maxConstant) {
      throw new DiceSyntaxError(`a fixed count must be a whole number from 0 to ${LIMITS.maxConstant}, not ${input}`);
    }
    return { count: 0, sides: 0, add: input, multiply: 1, text: String(input) };
  }
  const raw = String(input);
  if (raw.length > LIMITS.maxLength) {
    throw new DiceSyntaxError(`dice expression is too long (${raw.length} characters; at most ${LIMITS.maxLength})`);
  }
  const s = raw.replace(/\s+/g, '').toUpperCase();
  if (/^\d{1,5}$/.test(s)) return parseDice(Number(s));
  const m = PATTERN.exec(s);
  if (!m) {
    throw new DiceSyntaxError(`"${raw}" is not a dice expression; write it like D6, D2+1, D6+6 or 2D6x10`);
  }
  const count = m[1] === '' ? 1 : Number(m[1]);
  const sides = Number(m[2]);
  const add = m[4] === undefined ? 0 : (m[3] === '-' ? -1 : 1) * Number(m[4]);
  const multiply = m[5] === undefined ? 1 : Number(m[5]);
  if (count < 1 || count > LIMITS.maxCount) {
    throw new DiceSyntaxError(`"${raw}": the number of dice must be from 1 to ${LIMITS.maxCount}`);
  }
  if (sides < 2 || sides > LIMITS.maxSides) {
    throw new DiceSyntaxError(`"${raw}": a die must have from 2 to ${LIMITS.maxSides} sides`);
  }
  if (Math.abs(add) > LIMITS.maxConstant) {
    throw new DiceSyntaxError(`"${raw}": the number added or taken away must be at most ${LIMITS.maxConstant}`);
  }
  // x0 is refused rather than read: every total would be 0 whatever the dice show (dice rolled for nothing, and
  // in a table an event that never does anything), and no rule multiplies by 0; it is a slip for x10 or no x.
  if (multiply === 0) {
    throw new DiceSyntaxError(
      `"${raw}": a multiplier of 0 would make every total 0 whatever the dice show; multiply by 1 to ${LIMITS.maxConstant}, or leave out the x`,
    );
  }
  if (multiply > LIMITS.maxConstant) {
    throw new DiceSyntaxError(`"${raw}": the multiplier must be from 1 to ${LIMITS.maxConstant}`);
  }
  const text = `${count === 1 ? '' : count}D${sides}${add > 0 ? `+${add}` : add < 0 ? `${add}` : ''}${multiply !== 1 ? `x${multiply}` : ''}`;
  const e: DiceExpr = { count, sides, add, multiply, text };
  if (sides === 66 && opts.legacyD66 !== true) e.tensUnits = true;
  return e;
}

/** The lowest face of one of the expression's dice (11 for a D66). */
function lowFace(e: DiceExpr): number {
  return e.tensUnits ? 11 : 1;
}

/** The smallest and largest totals an expression can give. */
export function diceBounds(e: DiceExpr): [number, number] {
  return [(e.count * lowFace(e) + e.add) * e.multiply, (e.count * e.sides + e.add) * e.multiply];
}

/** Whether `n` is a face of a D66: two digits, each 1-6 (11..16, 21..26, ..., 61..66). */
export function isD66(n: number): boolean {
  return Number.isInteger(n) && n >= 11 && n <= 66 && n % 10 >= 1 && n % 10 <= 6;
}

/** Whether an expression can total `n` (a D66's totals skip 17-20, 27-30, ...). */
export function canTotal(e: DiceExpr, n: number): boolean {
  const [lo, hi] = diceBounds(e);
  if (n < lo || n > hi) return false;
  if (e.count === 0 || !e.tensUnits || e.count > 1) return n % e.multiply === 0;
  return n % e.multiply === 0 && isD66(n / e.multiply - e.add);
}

/** One D66 from two D6 rolls: the first is the tens, the second the units. */
export function d66(tens: number, units: number): number {
  return tens * 10 + units;
}

/** Roll an expression with a source of single dice: the total and each die's face (a D66's face is 11..66). */
export function rollDice(e: DiceExpr, die: (sides: number) => number): { total: number; faces: number[] } {
  const faces: number[] = [];
  for (let i = 0; i < e.count; i++) faces.push(e.tensUnits ? d66(die(6), die(6)) : die(e.sides));
  return { total: diceTotal(e, faces), faces };
}

/** Combine the faces rolled into the expression's total. */
export function diceTotal(e: DiceExpr, faces: readonly number[]): number {
  let sum = e.add;
  for (const f of faces) sum += f;
  return sum * e.multiply;
}

/** A D64 from two D8 as they fell: (first - 1) x 8 + second (5 then 8 is 40). */
export function d64FromD8(first: number, second: number): number {
  return (first - 1) * 8 + second;
}

/** Dice a table usually has (a D2 and D3 are read off a D6: D2_HINT, D3_HINT). */
const PHYSICAL = [2, 3, 4, 6, 8, 10, 12, 20, 100];

/** How to roll the D64 with physical dice (shown in --help and docs/commands.md). */
export const D64_HINT = 'roll two D8: (first - 1) x 8 + second, e.g. 3 then 5 is 21; type the result, 1-64';
/** The D64 at a prompt, which also takes the two D8 as they fell (`5 8` is 40). */
export const D64_PROMPT_HINT =
  'roll two D8 and type both as they fell, e.g. 5 8 or 5,8 (that is 40); or type the result, 1-64';
/** How to read a D2 off a D6. */
export const D2_HINT = 'no D2? roll a D6: 1-3 is 1, 4-6 is 2';
/** How to read a D3 off a D6. */
export const D3_HINT = 'no D3? roll a D6 and halve it, rounding up: 1-2 is 1, 3-4 is 2, 5-6 is 3';
/** How to read a D66. */
export const D66_HINT = 'roll two D6: the first is the tens, the second the units; type both digits, e.g. 36';
/** How to read a scatter dice as a D12 clock direction (12 o'clock: the table edge agreed at setup). */
export const SCATTER_HINT = 'a scatter dice: type the clock number the arrow points nearest; re-roll a hit';

/**
 * How to roll a die with physical dice, in brackets, or '' for a die a table has. `purpose` tells a scatter
 * direction (a D12 read off a scatter dice) from any other D12; `twelve` says, for it, where 12 o'clock points
 * ("12 o'clock: the far edge"). A D2 and a D3 are read off a D6; a D64 is two D8; a D66 two D6; a DN with no such
 * die is the next larger die, rolled again above N.
 */
export function physicalDieHint(sides: number, purpose = '', twelve?: string): string {
  if (sides === 12 && /scatter direction/.test(purpose))
    return ` (${SCATTER_HINT}, or roll a D12${twelve ? `; ${twelve}` : ''})`;
  if (sides === 2) return ` (${D2_HINT})`;
  if (sides === 3) return ` (${D3_HINT})`;
  if (sides === 64) return ` (${D64_HINT})`;
  if (sides === 66) return ` (${D66_HINT})`;
  if (PHYSICAL.includes(sides)) return '';
  const next = PHYSICAL.find((n) => n > sides);
  return next === undefined ? '' : ` (no D${sides}? roll a D${next} and roll again on ${sides + 1} or more)`;
}
