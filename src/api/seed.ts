// Fresh seeds from the operating system, and the commitment to a hidden seed. node:crypto is loaded on first use
// only: most commands never need it, and start-up counts.
import { createRequire } from 'node:module';

let req: NodeJS.Require | null = null;
function crypto(): typeof import('node:crypto') {
  req ??= createRequire(import.meta.url);
  return req('node:crypto') as typeof import('node:crypto');
}

/** A fresh 32-bit seed. */
export function osRandomSeed(): number {
  return crypto().randomInt(-2147483648, 2147483647);
}

/** A fresh salt: 16 random bytes as 32 hex digits. */
export function freshSalt(): string {
  return crypto().randomBytes(16).toString('hex');
}

/** What is hashed for a commitment: the seed in decimal, a colon, the salt ("-12345:9f3c..."). */
export function committedText(seed: number, salt: string): string {
  return `${seed}:${salt}`;
}

/** The commitment to a seed: SHA-256 of "SEED:SALT", as 64 hex digits (`printf '%s' SEED:SALT | sha256sum`). */
export function commitmentOf(seed: number, salt: string): string {
  return crypto().createHash('sha256').update(committedText(seed, salt), 'utf8').digest('hex');
}
