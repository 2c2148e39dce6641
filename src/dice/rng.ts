// The only importer of random-js. A Mersenne Twister whose whole position is { seed, uses }:
// MersenneTwister19937.seed(seed).discard(uses) resumes the identical stream in a later process.
import { MersenneTwister19937, Random } from 'random-js';

export interface RngState {
  /** A 32-bit signed integer. */
  seed: number;
  /** How many 32-bit words the engine has produced (its use count). */
  uses: number;
}

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

export function isInt32(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;
}

/** A resumable random source. */
export class Rng {
  private readonly engine: MersenneTwister19937;
  private readonly random: Random;
  readonly seed: number;

  constructor(state: RngState) {
    if (!isInt32(state.seed)) throw new RangeError(`seed must be a 32-bit integer, not ${state.seed}`);
    if (!Number.isSafeInteger(state.uses) || state.uses < 0) throw new RangeError(`uses must be a non-negative integer, not ${state.uses}`);
    this.seed = state.seed;
    this.engine = MersenneTwister19937.seed(state.seed);
    if (state.uses > 0) this.engine.discard(state.uses);
    this.random = new Random(this.engine);
  }

  /** One die of `sides` faces, 1..sides, unbiased. */
  die(sides: number): number {
    return this.random.die(sides);
  }

  /** A whole number from min to max inclusive. */
  integer(min: number, max: number): number {
    return this.random.integer(min, max);
  }

  get uses(): number {
    return this.engine.getUseCount();
  }

  state(): RngState {
    return { seed: this.seed, uses: this.uses };
  }
}

/** A fresh seed drawn from a caller-supplied 32-bit value (the CLI passes OS randomness). */
export function toInt32(n: number): number {
  return n | 0;
}
