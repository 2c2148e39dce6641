// The engine's view of randomness: a source of single dice (the seeded Rng, or a scripted list in tests),
// fed first by the dice the GM entered, and a record of every die with what it was for.
import type { RngState, Seed } from '../dice/rng.js';
import type { DiceExpr } from '../dice/expression.js';
import { d66, isD66, physicalDieHint } from '../dice/expression.js';
import type { RefusalFacts } from './refusals.js';
import type { EnteredDie, Roll } from './state.js';

/** Which of an action's lists of entered dice a die comes from: `dice`, or `endDice` (a `round`'s open End Phase). */
export type DiceList = 'dice' | 'endDice';

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
    readonly list: DiceList = 'dice',
    readonly d66 = false,
    /** What each result picks, in order (result 1 is the first): a random fighter's die names the roster. */
    readonly among?: readonly string[],
  ) {}
}

/** An entered die that does not fit (out of range, or not a card in the draw pile). Caught by `step`. */
export class BadEntry {
  constructor(
    readonly message: string,
    readonly facts: RefusalFacts['bad-entered-die'],
  ) {}
}

/** More dice than one step may roll (LIMITS.rollsPerStep). Caught by `step`, which refuses the step. */
export class TooManyRolls {
  constructor(readonly purpose: string) {}
}

export type Purpose = string | (() => string);

export class Dice {
  /** Rolls made, in order; null in quiet mode (simulation). */
  readonly rolls: Roll[] | null;
  private entered: readonly EnteredDie[];
  private nextEntered = 0;
  private list: DiceList = 'dice';
  private made = 0;

  constructor(
    readonly source: DiceSource,
    entered: readonly EnteredDie[] = [],
    private readonly whenOut: 'roll' | 'ask' = 'roll',
    quiet = false,
    /** The most dice this step may roll: one more throws TooManyRolls at once, before it costs time or memory. */
    private readonly maxRolls = Infinity,
  ) {
    this.entered = entered;
    this.rolls = quiet ? null : [];
  }

  /** Take the GM's dice from another list from here on (a `round`'s Event Phase after its open End Phase). */
  useList(list: DiceList, entered: readonly EnteredDie[]): void {
    this.list = list;
    this.entered = entered;
    this.nextEntered = 0;
  }

  /** Entries of the current list used so far (placeholders included). */
  get enteredUsed(): number {
    return this.nextEntered;
  }

  /** Entries of the current list that must be used: all but trailing placeholders (they ask for nothing). */
  get enteredGiven(): number {
    let n = this.entered.length;
    while (n > 0 && this.entered[n - 1] === null) n--;
    return n;
  }

  /** The next entry of the current list: a value, null (a placeholder: roll it), or undefined (none left). */
  private next(): EnteredDie | undefined {
    if (this.nextEntered >= this.entered.length) return undefined;
    return this.entered[this.nextEntered];
  }

  /** The facts of an entered die that does not fit: which list, which entry (from 1), the value and its die. */
  private badFacts(value: number, die: number, card: boolean, purpose: string): RefusalFacts['bad-entered-die'] {
    return { list: this.list, index: this.nextEntered + 1, value, die, card, for: purpose };
  }

  private which(): string {
    return `${this.list === 'endDice' ? 'End-Phase die' : 'die'} ${this.nextEntered + 1} you entered`;
  }

  private record(r: Roll, entered: boolean): void {
    if (!this.rolls) return;
    if (entered) r.entered = true;
    this.rolls.push(r);
  }

  /** One die, from the GM's entered dice while any are left (a placeholder rolls), else from the source. */
  roll(sides: number, purpose: Purpose, among?: readonly string[]): number {
    if (++this.made > this.maxRolls) throw new TooManyRolls(text(purpose));
    const e = this.next();
    let value: number;
    if (typeof e === 'number') {
      if (!Number.isInteger(e) || e < 1 || e > sides) {
        const p = text(purpose);
        throw new BadEntry(
          `${this.which()} (${e}) is not a D${sides} result${physicalDieHint(sides, p)}; it is for: ${p}`,
          this.badFacts(e, sides, false, p),
        );
      }
      value = e;
    } else if (e === undefined && this.whenOut === 'ask') {
      throw new NeedDie(sides, text(purpose), this.nextEntered, undefined, this.list, false, among);
    } else value = this.source.die(sides);
    if (e !== undefined) this.nextEntered++;
    if (this.rolls) this.record({ die: sides, value, for: text(purpose) }, typeof e === 'number');
    return value;
  }

  /** A D66: two D6 read as tens and units. Entered as one value (two digits, each 1-6: 36). */
  rollD66(purpose: Purpose): number {
    if (++this.made > this.maxRolls) throw new TooManyRolls(text(purpose));
    const e = this.next();
    let value: number;
    if (typeof e === 'number') {
      if (!isD66(e)) {
        const p = text(purpose);
        throw new BadEntry(
          `${this.which()} (${e}) is not a D66 result${physicalDieHint(66)}; it is for: ${p}`,
          this.badFacts(e, 66, false, p),
        );
      }
      value = e;
    } else if (e === undefined && this.whenOut === 'ask') {
      throw new NeedDie(66, text(purpose), this.nextEntered, undefined, this.list, true);
    } else value = d66(this.source.die(6), this.source.die(6));
    if (e !== undefined) this.nextEntered++;
    if (this.rolls) this.record({ die: 66, value, for: text(purpose), d66: true }, typeof e === 'number');
    return value;
  }

  /**
   * Pick one of `n` things (1-based); no die is needed when there is only one. `among`, when given, names the n
   * things in order: a die asked of the GM says which result is which (the purpose stays as it is).
   */
  pick(n: number, purpose: Purpose, among?: readonly string[]): number {
    if (n <= 1) return n;
    return this.roll(n, purpose, among);
  }

  /** Draw a card: an entered value must be one of the cards in the draw pile; otherwise (or a placeholder) the top card. */
  card(drawPile: readonly number[], purpose: Purpose): number {
    if (++this.made > this.maxRolls) throw new TooManyRolls(text(purpose));
    const e = this.next();
    let value: number;
    if (typeof e === 'number') {
      if (!drawPile.includes(e)) {
        throw new BadEntry(
          `card ${e} you entered is not in the draw pile (${drawPile.length} cards left); enter a card still in the deck`,
          this.badFacts(e, 64, true, text(purpose)),
        );
      }
      value = e;
    } else if (e === undefined && this.whenOut === 'ask') {
      throw new NeedDie(64, text(purpose), this.nextEntered, [...drawPile], this.list);
    } else value = drawPile[0]!;
    if (e !== undefined) this.nextEntered++;
    if (this.rolls) this.record({ die: 64, value, for: text(purpose), card: true }, typeof e === 'number');
    return value;
  }

  /** Roll a dice expression: its total (each die is recorded, a D66's face as 11..66). */
  expr(e: DiceExpr, purpose: Purpose): number {
    let sum = e.add;
    for (let i = 0; i < e.count; i++) {
      const p = e.count > 1 && this.rolls ? () => `${text(purpose)} (die ${i + 1} of ${e.count})` : purpose;
      sum += e.tensUnits ? this.rollD66(p) : this.roll(e.sides, p);
    }
    return sum * e.multiply;
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
export function scriptedDice(values: readonly number[], seed: Seed = 0): DiceSource & { left(): number } {
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
