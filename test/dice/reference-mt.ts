// An independent reference for the seeded dice, used to check src/dice and the seeded deck shuffle.

/**
 * A reference MT19937 (Matsumoto & Nishimura's init_genrand + genrand_int32), written from the paper,
 * and the unbiased reduction random-js documents for integer(1, n): a bit mask when n is a power of two,
 * otherwise rejection of values at or above the largest multiple of n below 2^32, then modulo.
 */
export function referenceMt(seed: number): () => number {
  const mt = new Uint32Array(624);
  mt[0] = seed >>> 0;
  for (let i = 1; i < 624; i++) {
    const prev = mt[i - 1]! ^ (mt[i - 1]! >>> 30);
    mt[i] = Math.imul(1812433253, prev) + i; // 1812433253 * prev + i, modulo 2^32
  }
  let index = 624;
  return () => {
    if (index >= 624) {
      for (let i = 0; i < 624; i++) {
        const y = (mt[i]! & 0x80000000) | (mt[(i + 1) % 624]! & 0x7fffffff);
        mt[i] = mt[(i + 397) % 624]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      index = 0;
    }
    let y = mt[index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  };
}

export function referenceDie(next: () => number, sides: number): number {
  if ((sides & (sides - 1)) === 0) return (next() & (sides - 1)) + 1;
  const limit = sides * Math.floor(0x100000000 / sides);
  let v: number;
  do v = next();
  while (v >= limit);
  return (v % sides) + 1;
}
