// Helpers shared by the commands: parsing flag values, finding the session, and the prompts that answer what a
// library call needs (the library never prompts; it asks these callbacks).
import * as path from 'node:path';
import { BadzoneError, NoSessionError, UsageError } from '../errors.js';
import { shellWord } from '../render/commands.js';
import type { Ask, DieAnswer, DieNeed } from '../api/commit.js';
import { openGame, type Game } from '../api/game.js';
import { readGame } from '../api/read.js';
import { DEFAULT_SESSION, exists, folderExists, sessionPath, similarSession } from '../api/files.js';
import {
  D64_PROMPT_HINT,
  d64FromD8,
  echo,
  echoPath,
  enteredDiceProblem,
  isD66,
  occupiedProblem,
  physicalDieHint,
} from '../api/limits.js';
import type { Seed } from '../api/types.js';
import { seedOption } from '../api/args.js';
import type { IO } from './io.js';
import { EDGE_NAME } from '../render/orientation.js';

export interface SessionOpts {
  session?: string;
}

/**
 * --seed: a whole number (a 32-bit integer) seeds the Mersenne Twister, whose rolls can be foreseen; letters and
 * digits key ChaCha20 (the library reads a seed the same way; here the message names the flag).
 */
export function seedArg(value: string | undefined, flag = '--seed'): Seed | undefined {
  return value === undefined ? undefined : seedOption(value, flag);
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
  if (!Number.isSafeInteger(n) || n < min || n > max)
    throw new UsageError(`${flag} must be from ${min} to ${max}, not ${echo(t)}.`);
  return n;
}

/**
 * "37,_, 2" -> [37, null, 2]: each a whole number from 1 to 1000 (checked against its die later), or `_` for a die
 * badzone rolls itself. Repeated flags add up.
 */
export function diceList(value: string | string[] | undefined, flag = '--dice'): (number | null)[] | undefined {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value.join(',') : String(value)).split(/[\s,]+/).filter((p) => p !== '');
  // An empty value (a script's unset variable) is not "no dice": a die the GM meant to give would be rolled instead.
  if (parts.length === 0)
    throw new UsageError(
      `${flag} was given no dice. Give them (${flag} 4, \`_\` for one badzone rolls), or leave ${flag} out to let badzone roll them all.`,
    );
  const tooMany = enteredDiceProblem(parts.length, flag);
  if (tooMany) throw new UsageError(`${tooMany.text}.`);
  return parts.map((p, i) => {
    if (p === '_') return null;
    if (!/^\d{1,4}$/.test(p) || Number(p) < 1)
      throw new UsageError(
        `${flag} value ${i + 1} ("${echo(p)}") is not a die result; give whole numbers like ${flag} 37,4,2 (\`_\` for one badzone should roll).`,
      );
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
  const tooMany = occupiedProblem(tiles, '--occupied');
  if (tooMany) throw new UsageError(`${tooMany.text}.`);
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
    if (manual)
      throw new UsageError(
        '--manual asks for each die on a terminal, and there is none here. Give the dice with --dice instead.',
      );
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
    ask.die = async (need, step) => {
      const answer = await (await io.prompter()).input(dieQuestion(need, step.answered), {
        validate: (v: string) => dieProblem(need, v, step.answered) ?? true,
        keys: {
          [REST_KEY]: { answer: REST_KEY, shown: 'badzone rolls the rest of this step' },
          ...(step.answered > 0 ? { [BACK_KEY]: { answer: BACK_KEY } } : {}),
        },
      });
      return dieAnswer(need, answer);
    };
  }
  return ask;
}

/** At a die prompt: the key that lets badzone roll the rest of the step, and the one back to the die before. */
export const REST_KEY = 'r';
export const BACK_KEY = 'b';

/**
 * The question for one die: what it is for, what each result picks (a random fighter: the roster, numbered), how
 * to roll it with the dice a table has, and the keys (blank: badzone rolls it; r: the rest; b: the die before).
 */
export function dieQuestion(need: DieNeed, answered: number): string {
  const keys = `${REST_KEY}: badzone rolls the rest of this step${answered > 0 ? `; ${BACK_KEY}: back one die` : ''}`;
  if (need.cards)
    return `${need.for}: which card did you draw? (1-64, ${need.cards.length} left in the deck; blank: badzone draws; ${keys})`;
  const among = need.among ? ` (${need.among.map((name, i) => `${i + 1} ${name}`).join(', ')})` : '';
  return `${need.for}: enter your D${need.sides}${among}${hintOf(need)} (blank: badzone rolls it; ${keys})`;
}

/** How to roll the die with the dice a table has: a D64 at a prompt may be typed as the two D8. */
function hintOf(need: DieNeed): string {
  if (need.sides === 64) return ` (${D64_PROMPT_HINT})`;
  return physicalDieHint(need.sides, need.for, need.twelve && `12 o'clock: ${EDGE_NAME[need.twelve]}`);
}

/** "5 8" or "5,8" (also "5/8", "5;8"): two D8 as they fell, read as a D64; null when it is not two numbers. */
function twoD8(v: string): [number, number] | null {
  const m = /^(\d+)\s*[\s,;/]\s*(\d+)$/.exec(v.trim());
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** What is wrong with an answer at a die prompt, or null when it is a die, blank, or one of the keys typed. */
export function dieProblem(need: DieNeed, v: string, answered: number): string | null {
  const t = v.trim().toLowerCase();
  if (t === '' || t === REST_KEY) return null;
  if (t === BACK_KEY) return answered > 0 ? null : 'This is the first die of this step: there is none before it.';
  const blank = need.cards ? 'or leave it blank for badzone to draw' : 'or leave it blank for badzone to roll it';
  const pair = !need.cards && need.sides === 64 ? twoD8(t) : null;
  if (pair) {
    if (pair.some((d) => d < 1 || d > 8)) return `Each D8 is 1-8: type the two as they fell (e.g. 5 8), ${blank}.`;
    return null;
  }
  const n = Number(t);
  if (need.d66 && !isD66(n)) return `Enter two digits, each 1-6 (tens, then units), e.g. 36; ${blank}.`;
  if (!/^\d+$/.test(t) || n < 1 || n > need.sides)
    return `Enter a whole number from 1 to ${need.sides}${need.cards ? '' : hintOf(need)}, ${blank}.`;
  if (need.cards && !need.cards.includes(n)) return `Card ${n} is not in the deck.`;
  return null;
}

/** The answer as the library takes it: a die, null (badzone rolls it), 'rest' or 'back'; two D8 make the D64. */
function dieAnswer(need: DieNeed, answer: string): DieAnswer {
  const t = answer.trim().toLowerCase();
  if (t === '') return null;
  if (t === REST_KEY) return 'rest';
  if (t === BACK_KEY) return 'back';
  const pair = !need.cards && need.sides === 64 ? twoD8(t) : null;
  return pair ? d64FromD8(pair[0], pair[1]) : Number(t);
}

/**
 * askFor, with the game's own dice preference ("enter my own dice from now on", kept in the session): on a
 * terminal, a game that prefers the GM's dice asks for each die even without --manual.
 */
export async function askForGame(
  io: IO,
  opts: { manual?: boolean; input?: boolean },
  game: Game,
): Promise<Ask | undefined> {
  if (opts.manual !== true && interactive(io, opts) && (await game.prefersManualDice()))
    return askFor(io, { ...opts, manual: true });
  return askFor(io, opts);
}

/** What the library needs from the command line's world: the folder, fresh seeds and the clock. */
export function contextOf(io: IO): { cwd: string; randomSeed: () => Seed; now: () => Date } {
  return { cwd: io.cwd, randomSeed: io.randomSeed, now: io.now };
}

/**
 * Which event table `events list` / `events show` look at: `--table`, else the game's own table when there is a
 * game (the session `--session`, BADZONE_SESSION or the folder's default names), else the shipped one. A session
 * named explicitly that does not exist is an error (exit 3), as for every command that reads a game.
 */
export function gameTableOf(
  opts: { table?: string; session?: string },
  io: IO,
): { which: { table?: string; session?: string }; warnings: string[] } {
  if (opts.table) return { which: { table: opts.table }, warnings: [] };
  const file = fileOf(opts, io);
  if (explicitSession(opts, io)) {
    if (!exists(file)) {
      readGame(file);
      throw missingSession(opts, io, file);
    }
    return { which: { session: file }, warnings: [] };
  }
  // The folder's own session, when it cannot be read, does not keep anyone from reading the rules.
  try {
    readGame(file);
  } catch (e) {
    if (e instanceof BadzoneError)
      return {
        which: {},
        warnings: [`badzone: the game in ${file} cannot be read (${e.message}); showing the shipped table.`],
      };
    throw e;
  }
  return { which: { session: file }, warnings: [] };
}

/**
 * The person named the session file (--session, or BADZONE_SESSION), rather than taking the folder's own
 * badzone-session.json. Only the folder's own session is ever created on demand (by `round`).
 */
export function explicitSession(opts: SessionOpts, io: IO): boolean {
  const given = opts.session ?? io.env.BADZONE_SESSION;
  if (given === undefined || given.trim() === '') return false;
  return fileOf(opts, io) !== path.resolve(io.cwd, DEFAULT_SESSION);
}

/**
 * The error for a named session file that does not exist: exit 3, the command that starts a game there, and the
 * similarly named session file beside it, if there is one. Nothing is created.
 */
export function missingSession(opts: SessionOpts, io: IO, file: string): NoSessionError {
  const near = similarSession(file);
  const rel = (f: string) => {
    const r = path.relative(io.cwd, f);
    return r && !r.startsWith('..') && !path.isAbsolute(r) ? r : f;
  };
  const mean = near ? ` Did you mean ${rel(near)}?` : '';
  const folder = folderExists(file);
  const where = folder
    ? `There is no game at ${file}.`
    : `There is no game at ${file}: its folder ${path.dirname(file)} does not exist.`;
  if (opts.session !== undefined) {
    const arg = shellWord(echoPath(opts.session));
    // `new` cannot start a game in a folder that does not exist: name the folder to create first.
    const start = folder
      ? `To start one there: \`badzone new --session ${arg}\` (or \`badzone play --session ${arg}\`).`
      : `To start one there, create the folder first, then \`badzone new --session ${arg}\`; or check the path.`;
    return new NoSessionError(`${where}${mean} ${start}`);
  }
  return new NoSessionError(
    `BADZONE_SESSION names ${file}, where there is no game.${mean} To start one there: \`badzone new\` (it uses BADZONE_SESSION too), or set BADZONE_SESSION to your session file.`,
  );
}

/**
 * Open the game the options name. A named session that does not exist is refused (exit 3, see missingSession);
 * with `create`, the folder's own default session is started on demand (`badzone round` in a new folder).
 */
export async function openSession(opts: SessionOpts, io: IO, create = false): Promise<Game> {
  const file = sessionFile(opts, io);
  return openGame(file, {
    ...contextOf(io),
    ...(create && !explicitSession(opts, io) ? { createIfMissing: true } : {}),
  });
}

/**
 * The session file the options name, as openSession finds it, for a command that only reads it (`status`): a
 * named session that does not exist is refused (exit 3, see missingSession). Whether the file holds a game is
 * for the reading to say.
 */
export function sessionFile(opts: SessionOpts, io: IO): string {
  const file = fileOf(opts, io);
  if (explicitSession(opts, io) && !exists(file)) {
    // Reading says why when the path itself is wrong (a file where a folder should be, a name too long).
    readGame(file);
    throw missingSession(opts, io, file);
  }
  return file;
}
