// Checking what a caller hands the library: typed values, each checked again here (a JavaScript caller has no
// compiler), with errors that say which option is wrong. The command line parses its flags into these values first.
import { UsageError, type ErrorDetail } from '../errors.js';
import { why } from './codes.js';
import type { RuleBook } from '../rules/book.js';
import { findEvent, suggestEvents } from '../rules/book.js';
import { editDistance } from '../rules/names.js';
import { echo, enteredDiceProblem, LIMITS, occupiedProblem, type LimitProblem } from '../rules/limits.js';
import { parseSeed, SeedError, type Seed } from '../dice/rng.js';

/** A whole number within bounds, or a usage error naming the option. */
/**
 * A seed given to the library: a number (a 32-bit integer) or whole-number text is a Mersenne Twister seed;
 * other text (letters and digits) keys ChaCha20. `what` names the option in the message.
 */
export function seedOption(value: unknown, what = 'seed'): Seed {
  try {
    return parseSeed(value);
  } catch (e) {
    if (e instanceof SeedError)
      throw new UsageError(`${what} ${e.problem}.`, why('bad-seed', { option: what, problem: e.problem }));
    throw e;
  }
}

export function wholeNumber(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value))
    throw new UsageError(
      `${name} takes a whole number, not ${echo(JSON.stringify(value) ?? String(value))}.`,
      why('bad-option', { option: name, given: value }),
    );
  if (value < min || value > max)
    throw new UsageError(
      `${name} must be from ${min} to ${max}, not ${value}.`,
      why('out-of-range', { option: name, min, max, given: value }),
    );
  return value;
}

/**
 * Dice results the GM rolled, in the order badzone asks for them: at most 1000, each a whole number from 1 to 9999
 * (checked against its die by the step), or null: a placeholder, "badzone rolls this one".
 */
export function diceValues(value: unknown, name: string): (number | null)[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    throw new UsageError(
      `${name} is a list of die results, like [37, 4, 2] (null for one badzone rolls).`,
      why('bad-option', { option: name, given: value }),
    );
  const tooMany = enteredDiceProblem(value.length);
  if (tooMany) throw new UsageError(`${tooMany.text}.`, pastLimit(tooMany));
  return value.map((v, i) => {
    if (v === null) return null;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 9999) {
      throw new UsageError(
        `${name} value ${i + 1} (${echo(JSON.stringify(v) ?? String(v))}) is not a die result; give whole numbers like [37, 4, 2] (null for one badzone rolls).`,
        why('bad-option', { option: `${name}[${i}]`, given: v }),
      );
    }
    return v;
  });
}

/** Tile names ("a1" is A1), checked against the tiles of the game; a tile named twice counts once. */
export function tileNames(value: unknown, known: readonly string[], name: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((t) => typeof t !== 'string'))
    throw new UsageError(
      `${name} is a list of tile names, like ["A1", "B2"].`,
      why('bad-option', { option: name, given: value }),
    );
  const typed = (value as string[]).map((t) => t.trim().toUpperCase()).filter((t) => t !== '');
  const tooMany = occupiedProblem(typed);
  if (tooMany) throw new UsageError(`${tooMany.text[0]!.toUpperCase()}${tooMany.text.slice(1)}.`, pastLimit(tooMany));
  const tiles = [...new Set(typed)];
  const bad = tiles.filter((t) => !known.includes(t));
  if (bad.length)
    throw new UsageError(
      `${name} name tiles this game does not have: ${listed(bad)}. Tiles: ${listed(known)}.`,
      why('unknown-tiles', { tiles: bad, known: [...known] }),
    );
  return tiles;
}

/** A limit passed by what the caller gave (../rules/limits.ts says which). */
export function pastLimit(p: LimitProblem): ErrorDetail {
  return why('input-past-limit', { limit: p.limit, max: LIMITS[p.limit] });
}

/** A list of names for a message: the first 20, each cut, and how many more. */
function listed(xs: readonly string[]): string {
  const shown = xs
    .slice(0, 20)
    .map((x) => echo(x, 12))
    .join(', ');
  return xs.length > 20 ? `${shown} and ${xs.length - 20} more` : shown;
}

/**
 * An event by id, D64 number or name; a usage error with the likely ones when none matches. With `unique`
 * (looking an event up, never changing the game), a query that only one event contains is that event
 * (`events show haunting`); commands that act on the game keep asking for the exact one.
 */
export function eventArg(book: RuleBook, query: string | number, opts: { unique?: boolean } = {}): string {
  const q = String(query);
  const ev = findEvent(book, q);
  if (ev) return ev.id;
  if (opts.unique) {
    const only = suggestEvents(book, q);
    if (only.length === 1) return only[0]!.id;
  }
  let near: { id: string }[] = suggestEvents(book, q);
  if (near.length === 0) near = closeEvents(book, q);
  throw new UsageError(
    `No event matches "${echo(q)}".${near.length ? ` Did you mean: ${near.map((e) => e.id).join(', ')}?` : ''}`,
    why('no-event-matches', { query: q, near: near.map((e) => e.id) }),
  );
}

/** Events whose id or name is a small typo away from the query ("colld-snap" -> cold-snap). */
function closeEvents(book: RuleBook, query: string): { id: string }[] {
  const q = query.trim().toLowerCase();
  if (q.length < 3 || q.length > 60) return [];
  const slug = q.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const limit = Math.max(1, Math.floor(slug.length / 4));
  return book.events.results
    .map((e) => ({ id: e.id, d: Math.min(editDistance(slug, e.id), editDistance(q, e.name.toLowerCase())) }))
    .filter((x) => x.d <= limit)
    .sort((a, b) => a.d - b.d)
    .slice(0, 3);
}
