// Dice expressions in the rules' own notation: D6, D2+1, D3+3, D6+6, 2D6x10 (or 2D6×10, 2D6*10), D64, 3.
// Hand-written: the grammar the tables need is one line, and the dice-notation libraries on npm
// either reject an uppercase D or cost a second of start-up (see ../shared/STACK.md).

import { LIMITS as L } from '../rules/limits.js';

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
}

/** The dice limits (defined with every other limit in ../rules/limits.ts). */
export const LIMITS = { maxLength: L.diceLength, maxCount: L.diceCount, maxSides: L.diceSides, maxConstant: L.diceConstant } as const;

export class DiceSyntaxError extends Error {
  override name = 'DiceSyntaxError';
}

const PATTERN = /^(\d{0,7})D(\d{1,7})(?:([+-])(\d{1,7}))?(?:[X×*](\d{1,7}))?$/;

/** Parse a dice expression; throws DiceSyntaxError with a sentence saying what is wrong. */
export function parseDice(input: string | number): DiceExpr {
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
  if (Math.abs(add) > LIMITS.maxConstant || multiply < 1 || multiply > LIMITS.maxConstant) {
    throw new DiceSyntaxError(`"${raw}": modifiers must be at most ${LIMITS.maxConstant}`);
  }
  const text = `${count === 1 ? '' : count}D${sides}${add > 0 ? `+${add}` : add < 0 ? `${add}` : ''}${multiply !== 1 ? `x${multiply}` : ''}`;
  return { count, sides, add, multiply, text };
}

/** The smallest and largest totals an expression can give. */
export function diceBounds(e: DiceExpr): [number, number] {
  return [(e.count + e.add) * e.multiply, (e.count * e.sides + e.add) * e.multiply];
}

/** Combine the faces rolled into the expression's total. */
export function diceTotal(e: DiceExpr, faces: readonly number[]): number {
  let sum = e.add;
  for (const f of faces) sum += f;
  return sum * e.multiply;
}

/** Dice a table usually has (a D2 and D3 are read off a D6; a D64 is the table's own roll). */
const PHYSICAL = [2, 3, 4, 6, 8, 10, 12, 20, 64, 100];

/** How to roll a DN with physical dice when there is no such die: the next larger die, again above N. */
export function physicalDieHint(sides: number): string {
  if (PHYSICAL.includes(sides)) return '';
  const next = PHYSICAL.find((n) => n > sides);
  return next === undefined ? '' : ` (no D${sides}? roll a D${next} and roll again on ${sides + 1} or more)`;
}
