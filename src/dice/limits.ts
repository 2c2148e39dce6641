// The limits the dice keep (dice expressions, seeds), and the two text helpers their messages use. Defined here
// because src/dice is the lowest floor and imports nothing of badzone; ../rules/limits.ts takes these into LIMITS,
// the one table of every limit (docs/json.md lists it), and hands echo and count on to everything above.

export const DICE_LIMITS = {
  /** Characters in a dice expression typed anywhere (`badzone roll`, a table). */
  diceLength: 24,
  /** Dice in one expression of `badzone roll`. */
  diceCount: 100,
  /** Sides of a die. */
  diceSides: 1000,
  /** A dice expression's constant (`+k`, `xk`, a fixed count). */
  diceConstant: 10_000,
  /** Characters of a seed that keys ChaCha20 (a fresh one is 26: 128 bits in base32). */
  seedLength: 64,
  /** Characters of a typed argument quoted back in an error message. */
  echo: 60,
} as const;

/**
 * The characters of a seed that keys ChaCha20: ASCII letters and digits, nothing a shell, Markdown or a URL would
 * change (a fresh seed is base32: A-Z and 2-7). A seed of digits alone is a whole number: the Mersenne Twister's.
 */
export const SEED_CHARACTERS = /^[A-Za-z0-9]+$/;

/** Numbers in messages: 100,000 rather than 100000. */
export function count(n: number): string {
  return n.toLocaleString('en-US');
}

/**
 * A typed argument, cut for an error message: at most LIMITS.echo characters, then "..." and the full length.
 * The one helper every message that quotes what the user typed goes through, so a 100,000-character argument
 * never fills the terminal. Never splits a surrogate pair.
 */
export function echo(text: string, max: number = DICE_LIMITS.echo): string {
  const s = String(text);
  if (s.length <= max) return s;
  let end = max - 1;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${s.slice(0, end)}... (${count(s.length)} characters)`;
}
