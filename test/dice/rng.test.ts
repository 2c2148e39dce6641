// The seeded dice: pinned results, a position ({ seed, uses }) that resumes the identical stream,
// and an independent MT19937 reference so the pins are not just the code agreeing with itself.
import { describe, expect, it } from 'vitest';
import { INT32_MAX, INT32_MIN, isInt32, Rng, toInt32 } from '../../src/dice/rng.js';
import { referenceDie, referenceMt } from './reference-mt.js';

function rolls(rng: Rng, sides: number, n: number): number[] {
  return Array.from({ length: n }, () => rng.die(sides));
}

describe('reference MT19937', () => {
  it('matches the published first outputs (seed 5489, and seed 42 as numpy gives them)', () => {
    const a = referenceMt(5489);
    expect([a(), a(), a()]).toEqual([3499211612, 581869302, 3890346734]);
    const b = referenceMt(42);
    expect([b(), b(), b(), b(), b()]).toEqual([1608637542, 3421126067, 4083286876, 787846414, 3143890026]);
  });
});

describe('Rng: pinned seeds give pinned results', () => {
  it('seed 42: the first twelve D6', () => {
    const r = new Rng({ seed: 42, uses: 0 });
    expect(rolls(r, 6, 12)).toEqual([1, 6, 5, 5, 1, 6, 5, 3, 5, 6, 5, 5]);
    expect(r.uses).toBe(12);
    expect(r.state()).toEqual({ seed: 42, uses: 12 });
  });

  it('seed -7: the first eight D64 (a negative seed is a valid int32)', () => {
    const r = new Rng({ seed: -7, uses: 0 });
    expect(rolls(r, 64, 8)).toEqual([61, 62, 21, 52, 25, 34, 53, 35]);
  });

  it('seed INT32_MAX: the first eight D10', () => {
    const r = new Rng({ seed: INT32_MAX, uses: 0 });
    expect(rolls(r, 10, 8)).toEqual([2, 5, 10, 3, 4, 1, 5, 7]);
  });

  it('seed 42 resumed at uses 1000: five D6', () => {
    const r = new Rng({ seed: 42, uses: 1000 });
    expect(rolls(r, 6, 5)).toEqual([6, 1, 1, 5, 1]);
    expect(r.uses).toBe(1005);
  });

  it('seed 0: integer(1, 12) six times', () => {
    const r = new Rng({ seed: 0, uses: 0 });
    expect(Array.from({ length: 6 }, () => r.integer(1, 12))).toEqual([9, 4, 6, 1, 8, 4]);
  });

  it.each([
    [42, 6],
    [-7, 64],
    [INT32_MIN, 3],
    [123456789, 12],
    [0, 2],
    [99, 10],
  ])('seed %i, D%i: 2000 dice agree with the reference MT19937 and its use count', (seed, sides) => {
    const r = new Rng({ seed, uses: 0 });
    const next = referenceMt(seed);
    let used = 0;
    const counted = () => {
      used++;
      return next();
    };
    for (let i = 0; i < 2000; i++) expect(r.die(sides)).toBe(referenceDie(counted, sides));
    expect(r.uses).toBe(used);
  });

  // On both generators: a whole-number seed rolls with the Mersenne Twister, a text seed with ChaCha20.
  it.each([2024, 'Faces'])(
    'every die stays in 1..sides, and each face of the dice up to a D64 turns up (seed %s)',
    (seed) => {
      const r = new Rng({ seed, uses: 0 });
      for (const sides of [2, 3, 4, 6, 10, 12, 64, 1000]) {
        const seen = new Set<number>();
        for (let i = 0; i < 3000; i++) {
          const v = r.die(sides);
          expect(Number.isInteger(v) && v >= 1 && v <= sides).toBe(true);
          seen.add(v);
        }
        if (sides <= 64) expect(seen.size).toBe(sides);
      }
    },
  );
});

describe('Rng: { seed, uses } resumes the identical stream', () => {
  const ks = [0, 1, 2, 5, 100, 311, 622, 623, 624, 625, 626, 1247, 1248, 1249, 1250, 5000];

  it.each(ks)('saved after %i dice and restored in a new Rng, the next 1500 dice are the same', (k) => {
    const a = new Rng({ seed: 8675309, uses: 0 });
    // Mixed dice so that rejection sampling makes uses differ from the number of dice.
    const sides = [6, 64, 3, 10, 12, 2];
    for (let i = 0; i < k; i++) a.die(sides[i % sides.length]!);
    const saved = JSON.parse(JSON.stringify(a.state())) as { seed: number; uses: number };
    expect(saved.seed).toBe(8675309);
    const b = new Rng(saved);
    expect(b.uses).toBe(saved.uses);
    for (let i = 0; i < 1500; i++) {
      const s = sides[(i * 7) % sides.length]!;
      expect(b.die(s)).toBe(a.die(s));
    }
    expect(b.state()).toEqual(a.state());
  });

  it('uses counts engine words (at least one per die), not dice', () => {
    const r = new Rng({ seed: 5, uses: 0 });
    for (let i = 0; i < 1000; i++) r.die(6);
    expect(r.uses).toBeGreaterThanOrEqual(1000);
    const ref = referenceMt(5);
    let used = 0;
    for (let i = 0; i < 1000; i++)
      referenceDie(() => {
        used++;
        return ref();
      }, 6);
    expect(r.uses).toBe(used);
  });

  it('resuming at any use count equals discarding that many reference words', () => {
    for (const uses of [0, 1, 623, 624, 625, 1871, 1872, 10_000]) {
      const ref = referenceMt(-123);
      for (let i = 0; i < uses; i++) ref();
      const r = new Rng({ seed: -123, uses });
      expect(rolls(r, 64, 20)).toEqual(Array.from({ length: 20 }, () => referenceDie(ref, 64)));
    }
  });

  it('refuses a seed that is not an int32 and a negative or fractional use count', () => {
    expect(() => new Rng({ seed: INT32_MAX + 1, uses: 0 })).toThrow(RangeError);
    expect(() => new Rng({ seed: 1.5, uses: 0 })).toThrow(RangeError);
    expect(() => new Rng({ seed: Number.NaN, uses: 0 })).toThrow(RangeError);
    expect(() => new Rng({ seed: 1, uses: -1 })).toThrow(RangeError);
    expect(() => new Rng({ seed: 1, uses: 0.5 })).toThrow(RangeError);
    expect(() => new Rng({ seed: 1, uses: Number.MAX_SAFE_INTEGER + 2 })).toThrow(RangeError);
    // The message names the value at fault.
    expect(() => new Rng({ seed: INT32_MIN - 1, uses: 0 })).toThrow(
      `seed must be a 32-bit integer, not ${INT32_MIN - 1}`,
    );
    expect(() => new Rng({ seed: 3, uses: -4 })).toThrow('uses must be a non-negative integer, not -4');
    expect(new Rng({ seed: INT32_MIN, uses: 0 }).seed).toBe(INT32_MIN);
  });
});

describe('int32 helpers', () => {
  it('isInt32 and toInt32', () => {
    expect(isInt32(INT32_MIN)).toBe(true);
    expect(isInt32(INT32_MAX)).toBe(true);
    expect(isInt32(INT32_MAX + 1)).toBe(false);
    expect(isInt32(INT32_MIN - 1)).toBe(false);
    expect(isInt32(0.5)).toBe(false);
    expect(isInt32('1')).toBe(false);
    expect(toInt32(0xffffffff)).toBe(-1);
    expect(toInt32(2 ** 31)).toBe(INT32_MIN);
    expect(toInt32(12345)).toBe(12345);
  });
});
