// A Mersenne Twister game resumed from the generator state a session file kept (src/dice/rng.ts twisterState,
// takeTwisterState) instead of discarding every word from the seed: the same words, checked against the
// independent reference (test/dice/reference-mt.ts), wherever in a refresh the position lies.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetTwisterStates, Rng, takeTwisterState, TWISTER_WORDS, twisterState } from '../../src/dice/rng.js';
import { referenceMt } from './reference-mt.js';

afterEach(() => forgetTwisterStates());

/** The next `n` 32-bit words of the Twister of `seed` after `uses`, as the reference makes them (signed). */
function referenceWords(seed: number, uses: number, n: number): number[] {
  const next = referenceMt(seed);
  for (let i = 0; i < uses; i++) next();
  return Array.from({ length: n }, () => next() | 0);
}

/** The next `n` words an Rng at the position draws (a D2^32 through random-js is one word: integer(-2^31, 2^31-1)). */
function words(seed: number, uses: number, n: number): number[] {
  const r = new Rng({ seed, uses });
  const out = Array.from({ length: n }, () => r.integer(-2147483648, 2147483647));
  expect(r.uses).toBe(uses + n);
  return out;
}

describe("the Twister's state kept by a session file", () => {
  it('is known after a roll past the first 624 words, and gives the words the seed gives, from the same refresh on', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2147483648, max: 2147483647 }),
        fc.integer({ min: TWISTER_WORDS + 1, max: 3000 }),
        fc.integer({ min: 0, max: 1400 }),
        (seed, at, later) => {
          forgetTwisterStates();
          expect(twisterState({ seed, uses: at })).toBeUndefined(); // nothing made yet
          const r = new Rng({ seed, uses: at - 1 });
          r.integer(-2147483648, 2147483647);
          const state = twisterState({ seed, uses: at });
          expect(state).toHaveLength(TWISTER_WORDS);
          forgetTwisterStates();
          takeTwisterState({ seed, uses: at }, state!);
          // From the kept state: the position itself, a later one in the same refresh, one some refreshes on.
          for (const uses of [at, at + (later % 5), at + later])
            expect(words(seed, uses, 5)).toEqual(referenceWords(seed, uses, 5));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('is not used for an earlier refresh, another seed, a ChaCha20 seed or a position in the first 624 words', () => {
    const seed = 7;
    new Rng({ seed, uses: 2000 }).die(6);
    const state = twisterState({ seed, uses: 2001 })!;
    expect(twisterState({ seed, uses: 2001 + TWISTER_WORDS })).toBeUndefined();
    expect(twisterState({ seed: 8, uses: 2001 })).toBeUndefined();
    expect(twisterState({ seed: 'Dust7', uses: 2001 })).toBeUndefined();
    expect(twisterState({ seed, uses: TWISTER_WORDS })).toBeUndefined();
    forgetTwisterStates();
    // A wrong state, kept for position 2001: a position before its refresh still comes from the seed.
    takeTwisterState({ seed, uses: 2001 }, new Int32Array(TWISTER_WORDS).fill(1));
    expect(words(seed, 1200, 3)).toEqual(referenceWords(seed, 1200, 3));
    expect(words(8, 2001, 3)).toEqual(referenceWords(8, 2001, 3));
    // ...and one in its refresh comes from it: the state is trusted as a file whose hash matched gave it.
    expect(words(seed, 2001, 3)).not.toEqual(referenceWords(seed, 2001, 3));
    forgetTwisterStates();
    takeTwisterState({ seed, uses: 2001 }, state);
    expect(words(seed, 2001, 3)).toEqual(referenceWords(seed, 2001, 3));
    takeTwisterState({ seed, uses: 2001 }, new Int32Array(5)); // not a state: ignored
    expect(words(seed, 2001, 3)).toEqual(referenceWords(seed, 2001, 3));
  });
});
