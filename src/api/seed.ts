// Fresh seeds from the operating system, for a new game or a roll with no seed given.
import { createRequire } from 'node:module';

let req: NodeJS.Require | null = null;

/** A fresh 32-bit seed (node:crypto is loaded on first use only: most commands never need one, and start-up counts). */
export function osRandomSeed(): number {
  req ??= createRequire(import.meta.url);
  return (req('node:crypto') as typeof import('node:crypto')).randomInt(-2147483648, 2147483647);
}
