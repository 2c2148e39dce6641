// The engine's view of randomness: a source of single dice (the seeded Rng, or a scripted list in tests),
// fed first by the dice the GM entered, and a record of every die with what it was for.
import type { RngState } from '../dice/rng.js';
import type { DiceExpr } from '../dice/expression.js';
import { diceTotal, physicalDieHint } from '../dice/expression.js';
import type { Roll } from './state.js';

/** Anything that can roll one die of N sides. The seeded Rng satisfies it; tests script it. */
export interface DiceSource {
  die(sides: number): number;
  state(): RngState;
}

/** A die the engine needs and the GM has not entered yet (manual entry). Caught by `step`. */
export class NeedDie {
  constructor(
    readonly sides: number,
    readonly purpose: string,
    readonly index: number,
    readonly cards?: number[],
  ) {}
}

/** An entered die that does not fit (out of range, or not a card in the draw pile). Caught by `step`. */
export class BadEntry {
  constructor(readonly message: string) {}
}

/** More dice than one step may roll (LIMITS.rollsPerStep). Caught by `step`, which refuses the step. */
export class TooManyRolls {
  constructor(readonly purpose: string) {}
}

export type Purpose = string | (() => string);

export class Dice {
  /** Rolls made, in order; null in quiet mode (simulation). */
  readonly rolls: Roll[] | null;
  private nextEntered = 0;
  private made = 0;

  constructor(
    readonly source: DiceSource,
    private readonly entered: readonly number[] = [],
    private readonly whenOut: 'roll' | 'ask' = 'roll',
    quiet = false,
    /** The most dice this step may roll: one more throws TooManyRolls at once, before it costs time or memory. */
    private readonly maxRolls = Infinity,
  ) {
    this.rolls = quiet ? null : [];
  }

  get enteredUsed(): number {
    return this.nextEntered;
  }

  get enteredGiven(): number {
    return this.entered.length;
  }

  /** One die, from the GM's entered dice while any are left, else from the source. */
  roll(sides: number, purpose: Purpose): number {
    if (++this.made > this.maxRolls) throw new TooManyRolls(text(purpose));
    let value: number;
    let entered = false;
    if (this.nextEntered < this.entered.length) {
      value = this.entered[this.nextEntered]!;
      if (!Number.isInteger(value) || value < 1 || value > sides) {
        throw new BadEntry(
          `die ${this.nextEntered + 1} you entered (${value}) is not a D${sides} result${physicalDieHint(sides)}; it is for: ${text(purpose)}`,
        );
      }
      this.nextEntered++;
      entered = true;
    } else if (this.whenOut === 'ask') {
      throw new NeedDie(sides, text(purpose), this.nextEntered);
    } else {
      value = this.source.die(sides);
    }
    if (this.rolls) {
      const r: Roll = { die: sides, value, for: text(purpose) };
      if (entered) r.entered = true;
      this.rolls.push(r);
    }
    return value;
  }

  /** Pick one of `n` things (1-based); no die is needed when there is only one. */
  pick(n: number, purpose: Purpose): number {
    if (n <= 1) return n;
    return this.roll(n, purpose);
  }

  /** Draw a card: an entered value must be one of the cards in the draw pile; otherwise the top card. */
  card(drawPile: readonly number[], purpose: Purpose): number {
    if (++this.made > this.maxRolls) throw new TooManyRolls(text(purpose));
    let value: number;
    let entered = false;
    if (this.nextEntered < this.entered.length) {
      value = this.entered[this.nextEntered]!;
      if (!drawPile.includes(value)) {
        throw new BadEntry(
          `card ${value} you entered is not in the draw pile (${drawPile.length} cards left); enter a card still in the deck`,
        );
      }
      this.nextEntered++;
      entered = true;
    } else if (this.whenOut === 'ask') {
      throw new NeedDie(64, text(purpose), this.nextEntered, [...drawPile]);
    } else {
      value = drawPile[0]!;
    }
    if (this.rolls) {
      const r: Roll = { die: 64, value, for: text(purpose), card: true };
      if (entered) r.entered = true;
      this.rolls.push(r);
    }
    return value;
  }

  /** Roll a dice expression; returns the total and the faces. */
  expr(e: DiceExpr, purpose: Purpose): { total: number; faces: number[] } {
    const faces: number[] = [];
    for (let i = 0; i < e.count; i++) {
      faces.push(this.roll(e.sides, e.count > 1 ? () => `${text(purpose)} (die ${i + 1} of ${e.count})` : purpose));
    }
    return { total: diceTotal(e, faces), faces };
  }

  /** Fisher-Yates with the source's own dice: a shuffle is never entered by hand. */
  shuffle<T>(items: T[]): T[] {
    const a = items.slice();
    for (let i = a.length - 1; i > 0; i--) {
      const j = this.source.die(i + 1) - 1;
      const t = a[i]!;
      a[i] = a[j]!;
      a[j] = t;
    }
    return a;
  }
}

function text(p: Purpose): string {
  return typeof p === 'function' ? p() : p;
}

/** A dice source that returns scripted values, for tests. Throws when it runs out or a value does not fit. */
export function scriptedDice(values: readonly number[], seed = 0): DiceSource & { left(): number } {
  let i = 0;
  return {
    die(sides: number): number {
      if (i >= values.length) throw new Error(`scripted dice ran out after ${values.length} dice (wanted a D${sides})`);
      const v = values[i++]!;
      if (v < 1 || v > sides) throw new Error(`scripted die ${i} is ${v}, not a D${sides} result`);
      return v;
    },
    state: () => ({ seed, uses: i }),
    left: () => values.length - i,
  };
}
