// Fresh seeds from the operating system, and the commitment to a hidden seed. node:crypto is loaded on first use
// only: most commands never need it, and start-up counts.
import { createRequire } from 'node:module';
import type { Seed } from '../dice/rng.js';

let req: NodeJS.Require | null = null;
function crypto(): typeof import('node:crypto') {
  req ??= createRequire(import.meta.url);
  return req('node:crypto') as typeof import('node:crypto');
}

/** RFC 4648's base32 alphabet: letters and the digits 2-7, nothing a shell, Markdown or a URL changes. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * Bytes in RFC 4648 base32, without padding ("foobar" is MZXW6YTBOI). Written by hand (docs/development.md): ten
 * lines, encoding only, checked against the RFC's vectors; a package would cost a dependency and start-up.
 */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = ((value << 8) | b) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Bits of a fresh seed: 16 bytes, 26 base32 characters. */
export const FRESH_SEED_BYTES = 16;

/**
 * A fresh seed for ChaCha20: 128 bits from the operating system, in base32 (26 characters). Base32 of 16 random
 * bytes is all digits (a whole number, the Twister's) with a chance of (6/32)^26, about 1e-19: drawn again then.
 */
export function osRandomSeed(random: (n: number) => Uint8Array = (n) => crypto().randomBytes(n)): string {
  for (;;) {
    const s = base32(random(FRESH_SEED_BYTES));
    if (!/^\d+$/.test(s)) return s;
  }
}

/** A fresh salt: 16 random bytes as 32 hex digits. */
export function freshSalt(): string {
  return crypto().randomBytes(16).toString('hex');
}

/**
 * What is hashed for a commitment: the generator, the seed and the salt, with colons ("chacha20:SEED:SALT"), so
 * that a seed cannot be replayed under another generator. A Mersenne Twister seed (a game started before the
 * generator was marked) hashes "SEED:SALT", as it always did: its seed is a whole number and a ChaCha20 seed never
 * is, so the two forms never meet.
 */
export function committedText(seed: Seed, salt: string): string {
  return typeof seed === 'number' ? `${seed}:${salt}` : `chacha20:${seed}:${salt}`;
}

/** The commitment to a seed: SHA-256 of committedText, as 64 hex digits (`printf '%s' chacha20:SEED:SALT | sha256sum`). */
export function commitmentOf(seed: Seed, salt: string): string {
  return crypto().createHash('sha256').update(committedText(seed, salt), 'utf8').digest('hex');
}
