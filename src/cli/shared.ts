// Helpers shared by the commands: parsing flag values, finding the session, committing an action.
import { RefusedError, UsageError } from '../errors.js';
import type { RuleBook } from '../rules/book.js';
import { findEvent, suggestEvents } from '../rules/book.js';
import { editDistance } from '../rules/names.js';
import { isD66, physicalDieHint } from '../dice/expression.js';
import { step, createGame, defaultSetup, type Report, type StepResult } from '../engine/step.js';
import type { Action, EnteredDie, SessionState, Setup } from '../engine/state.js';
import { mutate, noSession, sessionPath, tryLoad, type Loaded } from '../store/session.js';
import { shippedBook } from '../store/tables.js';
import type { IO } from './io.js';
import { PromptCancelled } from './prompts.js';

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
  if (!/^[-+]?\d+$/.test(t)) throw new UsageError(`${flag} takes a whole number, not "${value}".`);
  const n = Number(t);
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new UsageError(`${flag} must be from ${min} to ${max}, not ${t}.`);
  return n;
}

/**
 * "37,_,2" -> [37, null, 2]: each a whole number from 1 to 1000 (checked against its die later), or `_` for a
 * die badzone rolls itself. Repeated flags add up.
 */
export function diceList(value: string | string[] | undefined, flag = '--dice'): EnteredDie[] | undefined {
  if (value === undefined) return undefined;
  const parts = (Array.isArray(value) ? value.join(',') : String(value))
    .split(/[\s,]+/)
    .filter((p) => p !== '');
  if (parts.length > 1000) throw new UsageError(`${flag} takes at most 1000 values.`);
  return parts.map((p, i) => {
    if (p === '_') return null;
    if (!/^\d{1,4}$/.test(p) || Number(p) < 1) throw new UsageError(`${flag} value ${i + 1} ("${p}") is not a die result; give whole numbers like ${flag} 37,4,2 (\`_\` for a die badzone should roll).`);
    return Number(p);
  });
}

/** "A1,B2" -> ["A1","B2"], checked against the tiles of the game. */
export function tileList(value: string | string[] | undefined, known: string[] | null): string[] | undefined {
  if (value === undefined) return undefined;
  const tiles = (Array.isArray(value) ? value.join(',') : String(value))
    .split(/[\s,]+/)
    .filter((p) => p !== '')
    .map((t) => t.toUpperCase());
  if (known) {
    const bad = tiles.filter((t) => !known.includes(t));
    if (bad.length) throw new UsageError(`--occupied names tiles this game does not have: ${bad.join(', ')}. Tiles: ${known.join(', ')}.`);
  }
  return tiles;
}

export function eventArg(book: RuleBook, query: string): string {
  const ev = findEvent(book, query);
  if (ev) return ev.id;
  let near: { id: string }[] = suggestEvents(book, query);
  if (near.length === 0) near = closeEvents(book, query);
  throw new UsageError(
    `No event matches "${query}".${near.length ? ` Did you mean: ${near.map((e) => e.id).join(', ')}?` : ''} \`badzone events list\` shows them all.`,
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

/** Whether prompts may be shown: stdin is a terminal and the user did not say --no-input. */
export function interactive(io: IO, opts: { input?: boolean }): boolean {
  return opts.input !== false && io.stdinIsTTY && io.env.CI !== 'true' && io.env.BADZONE_NO_INPUT === undefined;
}

export interface Committed {
  file: string;
  before: SessionState;
  state: SessionState;
  book: RuleBook;
  report: Report;
  /** Set when this command started a new game because there was none. */
  created: { seed: number } | null;
}

export interface CommitOptions {
  /** Ask for dice on the terminal (physical dice, one by one). */
  manual: boolean;
  /** Prompts allowed. */
  interactive: boolean;
  /** Start a game with the defaults when there is none (`badzone round` in an empty folder). */
  createIfMissing?: boolean;
}

function refusalError(r: Extract<StepResult, { ok: false }>): Error {
  if ('refusal' in r) return r.refusal.usage ? new UsageError(r.refusal.message) : new RefusedError(r.refusal.message);
  return new UsageError('this step needs input that was not given (use --dice or run it on a terminal).');
}

/**
 * Apply an action to the session. Prompts (dice by hand, occupied tiles) are asked first, outside the lock,
 * so a GM thinking never blocks another command; the action with every answer is then applied under the lock.
 */
export async function commit(io: IO, file: string, action: Action, opts: CommitOptions): Promise<Committed> {
  let act: Action = action;
  // Drawn only when a game is created (once, so the prompts and the commit agree): a fresh seed costs start-up.
  let seed: number | undefined;
  const newSeed = (): number => (seed ??= io.randomSeed());
  const newGame = (): { state: SessionState; book: RuleBook } => {
    const book = shippedBook();
    return { state: createGame(defaultSetup(newSeed()), book), book };
  };
  let gatheredOn: { existed: boolean; logLength: number; uses: number } | null = null;
  if (opts.interactive) {
    const loaded = tryLoad(file);
    const base = loaded ?? (opts.createIfMissing ? newGame() : null);
    if (!base) throw noSession(file);
    act = await gather(io, base.state, base.book, act, opts.manual);
    gatheredOn = { existed: loaded !== null, logLength: base.state.log.length, uses: base.state.rng.uses };
  } else if (opts.manual) {
    throw new UsageError('--manual asks for each die on a terminal, and there is none here. Give the dice with --dice instead.');
  }
  return mutate(file, (loaded: Loaded | null) => {
    let created: Committed['created'] = null;
    let base: { state: SessionState; book: RuleBook };
    if (loaded) base = loaded;
    else if (opts.createIfMissing) {
      base = newGame();
      created = { seed: newSeed() };
    } else throw noSession(file);
    // The answers were given for the game as it was read before the prompts (or the one about to be created).
    if (
      gatheredOn &&
      ((loaded !== null) !== gatheredOn.existed || (loaded && (loaded.state.log.length !== gatheredOn.logLength || loaded.state.rng.uses !== gatheredOn.uses)))
    ) {
      throw new RefusedError('The game changed (another badzone command ran) while you were answering. Nothing was saved; run the command again.');
    }
    const r = step(base.state, act, base.book);
    if (!r.ok) throw refusalError(r);
    return { state: r.state, result: { file, before: base.state, state: r.state, book: base.book, report: r.report, created } };
  });
}

/** Run the step with prompts for whatever it needs, until it needs nothing more; returns the action with every answer. */
async function gather(io: IO, state: SessionState, book: RuleBook, action: Action, manual: boolean): Promise<Action> {
  let act = { ...action } as Action;
  for (let guard = 0; guard < 10_000; guard++) {
    const r = step(state, act, book, { whenOut: manual ? 'ask' : 'roll', askOccupied: true });
    if (r.ok || 'refusal' in r) return act;
    const prompter = await io.prompter();
    const need = r.needs;
    if (need.kind === 'occupied') {
      const occupied = await prompter.checkbox(
        'Collapsed Section: which tiles hold player models? (space to mark, enter when done)',
        need.tiles.map((t) => ({ name: t, value: t })),
      );
      act = { ...act, occupied } as Action;
      continue;
    }
    const cards = need.cards;
    const answer = await prompter.input(
      cards
        ? `${need.for}: which card did you draw? (1-64, ${cards.length} left in the deck; blank: badzone draws)`
        : `${need.for}: enter your D${need.sides}${physicalDieHint(need.sides, need.for)} (blank: badzone rolls it)`,
      {
        validate: (v: string) => {
          if (v.trim() === '') return true;
          const n = Number(v.trim());
          if (need.d66 && !isD66(n)) return 'Enter two digits, each 1-6 (tens, then units), e.g. 36.';
          if (!Number.isInteger(n) || n < 1 || n > need.sides) return `Enter a whole number from 1 to ${need.sides}, or leave it blank for badzone to roll it.`;
          if (cards && !cards.includes(n)) return `Card ${n} is not in the deck.`;
          return true;
        },
      },
    );
    // A blank answer is a placeholder: badzone rolls that one, and the log records it as rolled, not entered.
    const value: EnteredDie = answer.trim() === '' ? null : Number(answer.trim());
    if (need.list === 'endDice' && act.type === 'round') act = { ...act, endDice: [...(act.endDice ?? []), value] };
    else act = { ...act, dice: [...(('dice' in act && act.dice) || []), value] } as Action;
  }
  throw new PromptCancelled('too many prompts');
}

/** Setup defaults plus validation shared by `new` and `simulate`. */
export type { Setup };
