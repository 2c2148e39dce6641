// The only importer of random-js, and the only code that knows the generators behind the dice. A game's whole
// dice position is { seed, uses }, and the seed's type says which generator rolls:
//   - a string keys ChaCha20 (RFC 8439), a cryptographic generator: nobody can work out the rolls to come from
//     the rolls already made. New games get one (a fresh 128-bit seed in base32, ../api/seed.ts).
//   - a number (a 32-bit integer) seeds the Mersenne Twister (MT19937) that every game used before: about 624
//     outputs, or a search of its 2^32 seeds, foretell the rest. Kept so that `--seed 42` and every existing
//     game replay as they always did.
// Every generator is built by one function, `engineAt` (through `new Rng(position)`); random-js turns its 32-bit
// words into unbiased dice, whichever generator it is.
//
// ChaCha20's dice, so that anyone can re-derive them (docs/json.md, "The dice"): the key is the SHA-256 of the
// UTF-8 text "badzone/chacha20/v1:" followed by the seed; the nonce is 12 zero bytes; the block counter starts at
// 0. Word i of the stream (i = 0, 1, ...) is bytes 4i..4i+3 of the keystream (the encryption of zero bytes) read
// as a little-endian 32-bit integer. random-js makes each die from those words (a D64 is the low 6 bits of one
// word; a D6 is word % 6 + 1 for the words below 6 x floor(2^32 / 6), the others being skipped). `uses` counts
// the words drawn, so resuming is O(1): start the cipher at block floor(uses / 16) and skip uses % 16 words.
//
// node:crypto is loaded on first use only, when a ChaCha20 game rolls: most commands (status) never roll.
import { createRequire } from 'node:module';
import { MersenneTwister19937, Random, type Engine } from 'random-js';
import { DICE_LIMITS as LIMITS, SEED_CHARACTERS, echo } from './limits.js';

/** A game's seed: a number (a 32-bit integer) for the Mersenne Twister, a string for ChaCha20. */
export type Seed = number | string;

/** The generator a seed rolls with, as the session file and the JSON contract name it. */
export type Generator = 'mt19937' | 'chacha20';

export interface RngState {
  /** A 32-bit signed integer (the Mersenne Twister) or 1 to LIMITS.seedLength letters and digits (ChaCha20). */
  seed: Seed;
  /** How many 32-bit words the generator has produced. */
  uses: number;
}

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

export function isInt32(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= INT32_MIN && n <= INT32_MAX;
}

/** Text that keys ChaCha20: letters and digits, at most LIMITS.seedLength, and not a whole number (the Twister's). */
export function isChaChaSeed(s: unknown): s is string {
  return typeof s === 'string' && s.length <= LIMITS.seedLength && SEED_CHARACTERS.test(s) && !/^\d+$/.test(s);
}

/** Which generator a seed rolls with. */
export function generatorOf(seed: Seed): Generator {
  return typeof seed === 'number' ? 'mt19937' : 'chacha20';
}

/** A seed that is neither a 32-bit whole number nor letters and digits; `problem` completes "the seed ...". */
export class SeedError extends Error {
  override name = 'SeedError';
  constructor(readonly problem: string) {
    super(`the seed ${problem}`);
  }
}

const WHOLE = /^[-+]?\d+$/;

/**
 * A seed as a person or a caller gives it. A number, or text that is a whole number ("42", "-7"), is the Mersenne
 * Twister's and must be a 32-bit integer; any other text keys ChaCha20 and must be 1 to LIMITS.seedLength
 * letters and digits (as typed: "Dust" and "dust" are different seeds). Throws SeedError.
 */
export function parseSeed(input: unknown): Seed {
  const range = `from ${INT32_MIN} to ${INT32_MAX}`;
  if (typeof input === 'number') {
    if (!Number.isSafeInteger(input) || !isInt32(input))
      throw new SeedError(`must be a whole number ${range} (or letters and digits), not ${input}`);
    return input;
  }
  if (typeof input !== 'string') throw new SeedError(`is a whole number or letters and digits, not ${typeof input}`);
  const t = input.trim();
  if (WHOLE.test(t)) {
    const n = Number(t);
    if (!isInt32(n)) throw new SeedError(`must be ${range} when it is a whole number, not ${echo(t)}`);
    return n;
  }
  if (t.length > LIMITS.seedLength || !SEED_CHARACTERS.test(t)) {
    throw new SeedError(
      `is a whole number ${range}, or 1 to ${LIMITS.seedLength} letters (A-Z, a-z) and digits with no spaces or other signs, not "${echo(t)}"`,
    );
  }
  return t;
}

// --- ChaCha20 --------------------------------------------------------------------------------------------------

/** The key's domain: a key made for the dice is made for nothing else. */
export const CHACHA_KEY_PREFIX = 'badzone/chacha20/v1:';
/** Words in one ChaCha20 block (64 bytes). */
const BLOCK_WORDS = 16;
/**
 * Words read from the cipher at a time: 1024 words (4 KB, 64 blocks). A round needs a few words and pays about
 * 2 µs for the block; a simulation reads through them (`npm run bench`, docs/development.md).
 */
export const READ_WORDS = 1024;
const ZEROS = new Uint8Array(READ_WORDS * 4);

let req: NodeJS.Require | null = null;
function crypto(): typeof import('node:crypto') {
  req ??= createRequire(import.meta.url);
  return req('node:crypto') as typeof import('node:crypto');
}

const NO_NONCE = new Uint8Array(12);

/** The ChaCha20 key of a seed: the SHA-256 of "badzone/chacha20/v1:" and the seed, in UTF-8. */
function keyOf(seed: string): Uint8Array {
  return crypto()
    .createHash('sha256')
    .update(CHACHA_KEY_PREFIX + seed)
    .digest(); // a string is hashed as UTF-8
}

/**
 * ChaCha20's keystream as random-js's Engine, from word `uses` on: next() is the next 32-bit word (signed), read
 * 4 KB at a time. Exported for the RFC 8439 vectors (test/dice/chacha20.test.ts); the dice get theirs from engineAt.
 */
export class ChaCha20 implements Engine {
  private readonly cipher: import('node:crypto').Cipher;
  private readonly words = new Int32Array(READ_WORDS);
  /** The stream position of words[0]. */
  private start: number;
  private at: number;

  constructor(key: Uint8Array, uses: number, nonce: Uint8Array = NO_NONCE) {
    const block = Math.floor(uses / BLOCK_WORDS);
    // Node's IV is the 32-bit block counter (little-endian) and then the 12-byte nonce.
    const iv = Buffer.alloc(16);
    iv.writeUInt32LE(block, 0);
    iv.set(nonce, 4);
    this.cipher = crypto().createCipheriv('chacha20', key, iv);
    this.start = block * BLOCK_WORDS - READ_WORDS;
    this.at = READ_WORDS;
    this.refill();
    this.at = uses - this.start;
  }

  private refill(): void {
    const bytes = this.cipher.update(ZEROS);
    const w = this.words;
    const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let i = 0; i < READ_WORDS; i++) w[i] = v.getInt32(i * 4, true);
    this.start += READ_WORDS;
    this.at = 0;
  }

  next(): number {
    if (this.at === READ_WORDS) this.refill();
    return this.words[this.at++]!;
  }

  /** Words drawn since the start of the stream. */
  get uses(): number {
    return this.start + this.at;
  }
}

// --- The Mersenne Twister's state, kept by a session file --------------------------------------------------------

/** Words in the Twister's state: it makes them anew (a "refresh") each time it has handed out as many. */
export const TWISTER_WORDS = 624;

/** How many refreshes the Twister has made after `uses` words: its state then holds words uses-624.. onwards. */
function refreshes(uses: number): number {
  return Math.ceil(uses / TWISTER_WORDS);
}

/**
 * A Twister's state known in this process, by seed: its words after `refreshes(uses)` refreshes, taken from a session
 * file (takeTwisterState) or made by this process's last Twister of that seed (`live`). Resuming a 1000-round game
 * (7,956 words) by discarding made 13 refreshes in a cold process, about 10 million instructions of every `round`:
 * from a known state it makes none.
 */
const FILED = new Map<number, { uses: number; words: Int32Array }>();
const LIVE = new Map<number, MersenneTwister19937>();

/** random-js's Twister as it is at run time: its state, the index of its next word and its count (fields it keeps private). */
interface TwisterInside {
  data: Int32Array;
  index: number;
  uses: number;
}

/**
 * A Twister just seeded with `seed`, brought to `uses`: from a known state of the same or an earlier refresh when
 * there is one, else by discarding.
 */
function resumeTwister(mt: MersenneTwister19937, seed: number, uses: number): MersenneTwister19937 {
  const known = FILED.get(seed);
  const r = refreshes(uses);
  const inside = mt as unknown as TwisterInside;
  if (
    known &&
    uses > 0 &&
    refreshes(known.uses) <= r &&
    inside.data instanceof Int32Array &&
    inside.data.length === TWISTER_WORDS
  ) {
    const k = refreshes(known.uses);
    inside.data.set(known.words);
    // After k refreshes the state holds words 624(k-1) .. 624k-1: the next is `index` into it.
    if (uses <= TWISTER_WORDS * k) {
      inside.index = uses - TWISTER_WORDS * (k - 1);
      inside.uses = uses;
    } else {
      inside.index = TWISTER_WORDS;
      inside.uses = TWISTER_WORDS * k;
      mt.discard(uses - TWISTER_WORDS * k);
    }
  } else mt.discard(uses); // discard(0) does nothing
  LIVE.set(seed, mt);
  return mt;
}

/**
 * The Twister's state at a dice position, when this process knows it without making it (its last Twister of that
 * seed has made as many refreshes, or a file gave it): for the session file to keep (../store/session.ts). Its
 * words after `refreshes(uses)` refreshes; undefined for a ChaCha20 seed, before the first 624 words (one refresh
 * from the seed costs little), or when it is not known.
 */
export function twisterState(state: RngState): Int32Array | undefined {
  if (typeof state.seed !== 'number' || state.uses <= TWISTER_WORDS) return undefined;
  const r = refreshes(state.uses);
  const live = LIVE.get(state.seed) as unknown as TwisterInside | undefined;
  if (live && live.data instanceof Int32Array && live.uses > 0 && refreshes(live.uses) === r) return live.data.slice();
  const known = FILED.get(state.seed);
  if (known && refreshes(known.uses) === r) return known.words.slice();
  return undefined;
}

/**
 * A state a session file kept for its dice position (twisterState, read back): the next Twister of this seed starts
 * from it. Only from a file whose hash matches: a state edited by hand would give other dice than the seed's
 * (`verify`, which replays from the seed and takes none, would find them).
 */
export function takeTwisterState(state: RngState, words: Int32Array): void {
  if (typeof state.seed !== 'number' || state.uses <= TWISTER_WORDS || words.length !== TWISTER_WORDS) return;
  FILED.set(state.seed, { uses: state.uses, words: words.slice() });
}

/** Forget every Twister state this process knows (for tests). */
export function forgetTwisterStates(): void {
  FILED.clear();
  LIVE.clear();
}

/**
 * The one function that builds a generator: at a dice position, for the dice of a game, `roll`, `hazard roll`,
 * `simulate` and the players' page alike. A Twister is resumed from a state this process knows (a file's), else by
 * discarding `uses` words (about 7 ms a million); ChaCha20 starts at the right block.
 */
function engineAt(state: RngState): { engine: Engine; uses: () => number } {
  if (typeof state.seed === 'number') {
    const mt = resumeTwister(MersenneTwister19937.seed(state.seed), state.seed, state.uses);
    return { engine: mt, uses: () => mt.getUseCount() };
  }
  const chacha = new ChaCha20(keyOf(state.seed), state.uses);
  return { engine: chacha, uses: () => chacha.uses };
}

/** A resumable random source. */
export class Rng {
  private readonly random: Random;
  private readonly count: () => number;
  readonly seed: Seed;

  constructor(state: RngState) {
    if (typeof state.seed !== 'string' && !isInt32(state.seed))
      throw new RangeError(`seed must be a 32-bit integer, not ${state.seed}`);
    if (typeof state.seed === 'string' && !isChaChaSeed(state.seed))
      throw new RangeError(
        `seed must be 1 to ${LIMITS.seedLength} letters and digits (not digits alone), not ${JSON.stringify(state.seed)}`,
      );
    if (!Number.isSafeInteger(state.uses) || state.uses < 0)
      throw new RangeError(`uses must be a non-negative integer, not ${state.uses}`);
    this.seed = state.seed;
    const { engine, uses } = engineAt(state);
    this.count = uses;
    this.random = new Random(engine);
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
    return this.count();
  }

  state(): RngState {
    return { seed: this.seed, uses: this.uses };
  }
}

/** A fresh seed drawn from a caller-supplied 32-bit value (the CLI passes OS randomness). */
export function toInt32(n: number): number {
  return n | 0;
}
