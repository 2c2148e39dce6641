// Helpers shared by the commands: parsing flag values, finding the session, and the prompts that answer what a
// library call needs (the library never prompts; it asks these callbacks).
import { UsageError } from '../errors.js';
import type { Ask } from '../api/commit.js';
import type { Game } from '../api/game.js';
import { isD66, physicalDieHint } from '../dice/expression.js';
import { sessionPath } from '../store/session.js';
import { echo, enteredDiceProblem, occupiedProblem } from '../rules/limits.js';
import type { IO } from './io.js';

export interface SessionOpts {
  session?: string;
}

export function fileOf(opts: SessionOpts, io: IO): string {
  return sessionPath(opts.session, io.env, io.cwd);
}

/** A whole number within bounds, or a usage error naming the flag. */
export function intArg(value: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const t = String(value).trim();
  if (!/^[-+]?\d+$/.test(t)) throw new UsageError(`${flag} takes a whole number, not "${echo(value)}".`);
  const n = Number(t);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be from ${min} to ${max}, not ${echo(t)}.`);
  return n;
}

/**
 * "37,_, 2" -> [37, null, 2]: each a whole number from 1 to 1000 (checked against its die later), or `_` for a die
 * badzone rolls itself. Repeated flags add up.
 */
export function diceList(value: string | string[] | undefined, flag = '--dice'): (number | null)[] | undefined {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value.join(',') : String(value))
    .split(/[\s,]+/)
    .filter((p) => p !== '');
  const tooMany = enteredDiceProblem(parts.length);
  if (tooMany) throw new UsageError(`${tooMany}.`);
  return parts.map((p, i) => {
    if (p === '_') return null;
    if (!/^\d{1,4}$/.test(p) || Number(p) < 1) throw new UsageError(`${flag} value ${i + 1} ("${echo(p)}") is not a die result; give whole numbers like ${flag} 37,4,2 (\`_\` for one badzone should roll).`);
    return Number(p);
  });
}

/** "A1,B2" -> ["A1","B2"] (the library checks them against the tiles of the game, and a tile named twice counts once). */
export function tileList(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const tiles = (Array.isArray(value) ? value.join(',') : String(value))
    .split(/[\s,]+/)
    .filter((p) => p !== '')
    .map((t) => t.toUpperCase());
  const tooMany = occupiedProblem(tiles);
  if (tooMany) throw new UsageError(`${tooMany}.`);
  return tiles;
}

/** Whether prompts may be shown: stdin is a terminal and the user did not say --no-input. */
export function interactive(io: IO, opts: { input?: boolean }): boolean {
  return opts.input !== false && io.stdinIsTTY && io.env.CI !== 'true' && io.env.BADZONE_NO_INPUT === undefined;
}

/**
 * The library's Ask, answered on the terminal: the tiles that hold player models whenever prompts are allowed, and
 * each die with --manual. Without a terminal nothing is asked (and --manual is a usage error).
 */
export function askFor(io: IO, opts: { manual?: boolean; input?: boolean }): Ask | undefined {
  const manual = opts.manual === true;
  if (!interactive(io, opts)) {
    if (manual) throw new UsageError('--manual asks for each die on a terminal, and there is none here. Give the dice with --dice instead.');
    return undefined;
  }
  const ask: Ask = {
    occupied: async (need) =>
      (await io.prompter()).checkbox(
        'Collapsed Section: which tiles hold player models? (space to mark, enter when done)',
        need.tiles.map((t) => ({ name: t, value: t })),
      ),
  };
  if (manual) {
    ask.die = async (need) => {
      const cards = need.cards;
      const answer = await (await io.prompter()).input(
        cards
          ? `${need.for}: which card did you draw? (1-64, ${cards.length} left in the deck; blank: badzone draws)`
          : `${need.for}: enter your D${need.sides}${physicalDieHint(need.sides, need.for)} (blank: badzone rolls it)`,
        {
          validate: (v: string) => {
            if (v.trim() === '') return true;
            const n = Number(v.trim());
            if (need.d66 && !isD66(n)) return 'Enter two digits, each 1-6 (tens, then units), e.g. 36; or leave it blank for badzone to roll it.';
            if (!Number.isInteger(n) || n < 1 || n > need.sides) return `Enter a whole number from 1 to ${need.sides}, or leave it blank for badzone to roll it.`;
            if (cards && !cards.includes(n)) return `Card ${n} is not in the deck.`;
            return true;
          },
        },
      );
      // A blank answer: badzone rolls this one (the log records it as rolled, not entered).
      return answer.trim() === '' ? null : Number(answer.trim());
    };
  }
  return ask;
}

/**
 * askFor, with the game's own dice preference ("enter my own dice from now on", kept in the session): on a
 * terminal, a game that prefers the GM's dice asks for each die even without --manual.
 */
export async function askForGame(io: IO, opts: { manual?: boolean; input?: boolean }, game: Game): Promise<Ask | undefined> {
  if (opts.manual !== true && interactive(io, opts) && (await game.prefersManualDice())) return askFor(io, { ...opts, manual: true });
  return askFor(io, opts);
}

/** What the library needs from the command line's world: the folder, fresh seeds and the clock. */
export function contextOf(io: IO): { cwd: string; randomSeed: () => number; now: () => Date } {
  return { cwd: io.cwd, randomSeed: io.randomSeed, now: io.now };
}
