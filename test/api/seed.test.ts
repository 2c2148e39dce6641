// src/api/seed.ts: fresh seeds (128 bits from the operating system, in RFC 4648 base32) and what a commitment hashes.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { base32, commitmentOf, committedText, FRESH_SEED_BYTES, osRandomSeed } from '../../src/api/seed.js';
import { isChaChaSeed, parseSeed } from '../../src/dice/rng.js';

describe('base32', () => {
  it("gives RFC 4648's test vectors (section 10), without the padding", () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['f', 'MY'],
      ['fo', 'MZXQ'],
      ['foo', 'MZXW6'],
      ['foob', 'MZXW6YQ'],
      ['fooba', 'MZXW6YTB'],
      ['foobar', 'MZXW6YTBOI'],
    ];
    for (const [text, want] of vectors) expect(base32(Buffer.from(text))).toBe(want);
  });

  it('every bit counts: all ones, all zeros, and one bit set anywhere in 16 bytes', () => {
    expect(base32(new Uint8Array(16).fill(255))).toBe(`${'7'.repeat(25)}4`); // 125 bits of ones, then 111 and two 0 bits: 28
    expect(base32(new Uint8Array(16))).toBe('A'.repeat(26));
    const seen = new Set<string>();
    for (let bit = 0; bit < 128; bit++) {
      const b = new Uint8Array(16);
      b[bit >> 3] = 0x80 >> (bit & 7);
      seen.add(base32(b));
    }
    expect(seen.size).toBe(128);
  });
});

describe('a fresh seed', () => {
  it('is 16 bytes from the operating system: 26 characters of A-Z and 2-7, a ChaCha20 seed, never the same twice', () => {
    const seeds = Array.from({ length: 200 }, () => osRandomSeed());
    for (const s of seeds) {
      expect(s).toMatch(/^[A-Z2-7]{26}$/);
      expect(isChaChaSeed(s)).toBe(true);
      expect(parseSeed(s)).toBe(s);
    }
    expect(new Set(seeds).size).toBe(200);
    expect(FRESH_SEED_BYTES).toBe(16);
  });

  it("is drawn again in the (1 in 10^19) case that base32 gave digits alone, a whole number: the Twister's", () => {
    // 16 bytes of ones: every 5 bits are 31 ("7"), the last 3 bits and the padding 28 ("4").
    const digits = Buffer.alloc(16, 0xff);
    expect(base32(digits)).toMatch(/^\d+$/);
    const draws = [digits, Buffer.alloc(16, 1)];
    const asked: number[] = [];
    const s = osRandomSeed((n) => (asked.push(n), draws.shift()!));
    expect(asked).toEqual([16, 16]);
    expect(s).toBe(base32(Buffer.alloc(16, 1)));
  });
});

describe('what a commitment hashes', () => {
  const salt = '0123456789abcdef0123456789abcdef';
  it('"chacha20:SEED:SALT" for a ChaCha20 seed, "SEED:SALT" for a Twister seed as before', () => {
    expect(committedText('Dust', salt)).toBe(`chacha20:Dust:${salt}`);
    expect(committedText(-42, salt)).toBe(`-42:${salt}`);
    expect(commitmentOf('Dust', salt)).toBe(createHash('sha256').update(`chacha20:Dust:${salt}`).digest('hex'));
    expect(commitmentOf(-42, salt)).toBe(createHash('sha256').update(`-42:${salt}`).digest('hex'));
  });
});
