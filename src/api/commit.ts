// Applying one action to a session file: answers asked first (outside the lock), then the step under the lock.
import { RefusedError, UsageError } from '../errors.js';
import type { RuleBook } from '../rules/book.js';
import {
  step,
  createGame,
  defaultSetup,
  type Need,
  type Refusal,
  type Report,
  type StepResult,
} from '../engine/index.js';
import { why } from './codes.js';
import type { Action, SessionState } from '../engine/state.js';
import { mutate, noSession, tryLoad, type Loaded } from '../store/session.js';
import { shippedBook } from '../store/tables.js';
import { isD66 } from '../dice/expression.js';
import type { Seed } from '../dice/rng.js';
import { echo } from '../rules/limits.js';

/** A die the step needs that was not given: what it is for, its sides, and in deck mode the cards left. */
export type DieNeed = Extract<Need, { kind: 'die' }>;
/** Collapsed Section: which of these tiles hold player models. */
export type OccupiedNeed = Extract<Need, { kind: 'occupied' }>;

/**
 * The seam for a person at the table. The library never prompts: when a step needs something that was not
 * given, it asks these callbacks (the command line's are prompts on the terminal; a bot's might ask in a chat).
 * Each answer is checked like a given die; every answer is asked before the session is locked, and the step is
 * then applied at once under the lock (refused, with nothing saved, if another command changed the game meanwhile).
 */
export interface Ask {
  /**
   * Each die the step needs beyond the `dice` given: return the value rolled at the table, or null for "badzone
   * rolls this one" (logged as rolled, not entered). Absent: badzone rolls them all. `need.list` is `endDice` for a
   * die of an open End Phase that `round` resolves first; `need.d66` marks a D66 (two digits, each 1-6: 36);
   * `need.among` names what each result picks, in order (a random fighter: the roster).
   * Two answers steer the step instead: `'rest'` has badzone roll every die it still needs (nothing more is asked
   * but which tiles hold models), `'back'` takes back the die answered before and asks it again (only when
   * `step.answered` is above 0). `step.answered` counts the dice answered so far in this step.
   */
  die?: (need: DieNeed, step: { answered: number }) => DieAnswer | Promise<DieAnswer>;
  /** Which tiles hold player models (Collapsed Section). Absent: the `occupied` option, else any tile may be picked. */
  occupied?: (need: OccupiedNeed) => string[] | Promise<string[]>;
}

/** The action of one type (`round`, `place`, ...). */
export type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;

/** What a step of that type reports: each action's report has the action's type as its `kind`. */
export type ReportOf<T extends Action['type']> = Extract<Report, { kind: T }>;

/** The report of a step of type `type`: its kind is the action's type (checked, so a wrong report is a bug, not a cast). */
function isReportOf<T extends Action['type']>(report: Report, type: T): report is ReportOf<T> {
  return report.kind === type;
}

export interface Committed<T extends Action['type'] = Action['type']> {
  file: string;
  before: SessionState;
  state: SessionState;
  book: RuleBook;
  /** The step's report, typed by the action: `commit(file, { type: 'place', ... })` reports a place. */
  report: ReportOf<T>;
  /** Set when this command started a new game because there was none. */
  created: { seed: Seed } | null;
}

export interface CommitOptions {
  ask?: Ask | undefined;
  /** Start a game with the defaults when there is none (`badzone round` in an empty folder). */
  createIfMissing?: boolean;
  /** A fresh seed, drawn only when a game is created. */
  randomSeed: () => Seed;
}

/** A step's refusal as the library's error: a UsageError when the command was given wrongly, else a RefusedError. */
export function refusalError(r: Refusal): UsageError | RefusedError {
  const detail = { code: r.code, facts: r.facts };
  return r.usage ? new UsageError(r.message, detail) : new RefusedError(r.message, detail);
}

function stepError(r: Extract<StepResult, { ok: false }>): Error {
  if ('refusal' in r) return refusalError(r.refusal);
  return new UsageError(
    'this step needs input that was not given (give the dice, or an ask callback to answer).',
    why('needs-input', { need: r.needs }),
  );
}

function changedWhileAnswering(): RefusedError {
  return new RefusedError(
    'The game changed while you were answering (another command saved a change to it), so your answers may be for questions it no longer asks. Nothing was saved; run the command again to be asked afresh.',
    why('changed-while-answering', {}),
  );
}

/** An answer to Ask.die: a die's value, null (badzone rolls it), 'rest' (badzone rolls the rest), 'back' (the die before). */
export type DieAnswer = number | null | 'rest' | 'back';

/** Apply an action to the session file, asking `ask` for whatever it needs first. */
export async function commit<A extends Action>(
  file: string,
  action: A,
  opts: CommitOptions,
): Promise<Committed<A['type']>> {
  let act: Action = action;
  // Drawn only when a game is created (once, so the answers and the commit agree): a fresh seed costs start-up.
  let seed: Seed | undefined;
  const newSeed = (): Seed => (seed ??= opts.randomSeed());
  const newGame = (): { state: SessionState; book: RuleBook } => {
    const book = shippedBook();
    return { state: createGame(defaultSetup(newSeed()), book), book };
  };
  const ask = opts.ask && (opts.ask.die || opts.ask.occupied) ? opts.ask : null;
  // The game the answers were given for: the file's exact text (null: no game yet, one is about to be created).
  let gatheredOn: { text: string | null } | null = null;
  if (ask) {
    const loaded = tryLoad(file);
    const base = loaded ?? (opts.createIfMissing ? newGame() : null);
    if (!base) throw noSession(file);
    act = await gather(base.state, base.book, act, ask);
    gatheredOn = { text: loaded?.text ?? null };
  }
  return mutate(file, (loaded: Loaded | null) => {
    // Any change since the answers were gathered, down to a byte (the whole game, not only the log's length and
    // the dice position: an undo then another step keeps both), refuses them: they may answer other questions now.
    // A string comparison of what was read anyway: no second read or parse.
    if (gatheredOn && (loaded?.text ?? null) !== gatheredOn.text) throw changedWhileAnswering();
    let created: Committed['created'] = null;
    let base: { state: SessionState; book: RuleBook };
    if (loaded) base = loaded;
    else if (opts.createIfMissing) {
      base = newGame();
      created = { seed: newSeed() };
    } else throw noSession(file);
    const r = step(base.state, act, base.book);
    if (!r.ok) throw stepError(r);
    const report = r.report;
    if (!isReportOf<A['type']>(report, action.type))
      throw new Error(`a ${action.type} step reported ${r.report.kind}: the engine and the library disagree`);
    return {
      state: r.state,
      result: { file, before: base.state, state: r.state, book: base.book, report, created },
    };
  });
}

/** Run the step, asking for whatever it needs, until it needs nothing more; returns the action with every answer. */
async function gather(state: SessionState, book: RuleBook, action: Action, ask: Ask): Promise<Action> {
  let act = { ...action } as Action;
  // The answers given so far, in order, so that 'back' takes back the last die (and an occupied answer after it).
  const answered: ('dice' | 'endDice' | 'occupied')[] = [];
  let rollRest = false;
  for (let guard = 0; guard < 10_000; guard++) {
    const r = step(state, act, book, {
      whenOut: ask.die && !rollRest ? 'ask' : 'roll',
      askOccupied: ask.occupied !== undefined,
    });
    if (r.ok || 'refusal' in r) return act;
    const need = r.needs;
    if (need.kind === 'occupied') {
      const occupied = await ask.occupied!(need);
      if (!Array.isArray(occupied) || occupied.some((t) => typeof t !== 'string'))
        throw new UsageError(
          'ask.occupied must return a list of tile names.',
          why('bad-option', { option: 'ask.occupied', given: occupied }),
        );
      act = { ...act, occupied: occupied.map((t) => t.trim().toUpperCase()) } as Action;
      answered.push('occupied');
      continue;
    }
    const dice = answered.filter((a) => a !== 'occupied').length;
    const value = await ask.die!(need, { answered: dice });
    if (value === 'rest') {
      rollRest = true;
      continue;
    }
    if (value === 'back') {
      if (dice === 0) throw new UsageError(`${need.for}: there is no die before this one in this step to go back to.`);
      act = takeBack(act, action, answered);
      continue;
    }
    if (
      value !== null &&
      (typeof value !== 'number' ||
        !Number.isInteger(value) ||
        value < 1 ||
        value > need.sides ||
        (need.d66 === true && !isD66(value)))
    ) {
      const what = need.d66
        ? 'D66 result (two digits, each 1-6: 36)'
        : `D${need.sides} result (a whole number from 1 to ${need.sides})`;
      throw new UsageError(
        `${need.for}: ${echo(JSON.stringify(value) ?? String(value))} is not a ${what}, nor null for badzone to roll it.`,
        why('bad-option', { option: 'ask.die', given: value }),
      );
    }
    // The open End Phase's dice go to endDice, the rest to dice: a die is never used for another purpose.
    if (need.list === 'endDice' && act.type === 'round') {
      act = { ...act, endDice: [...(act.endDice ?? []), value] };
      answered.push('endDice');
    } else {
      act = { ...act, dice: [...(('dice' in act && act.dice) || []), value] } as Action;
      answered.push('dice');
    }
  }
  throw new RefusedError(
    'The step kept asking for more answers (over 10000); nothing was saved.',
    why('too-many-answers', { max: 10_000 }),
  );
}

/**
 * Take back the last die answered (and an occupied answer given after it, which may no longer be asked). A list the
 * caller did not give and that is empty again is left out, so the step is stored as if the die was never answered.
 */
function takeBack(act: Action, given: Action, answered: ('dice' | 'endDice' | 'occupied')[]): Action {
  const a = { ...act } as Action & { dice?: unknown[]; endDice?: unknown[]; occupied?: string[] };
  const had = given as Action & { dice?: unknown[]; endDice?: unknown[]; occupied?: string[] };
  for (let last = answered.pop(); last !== undefined; last = answered.pop()) {
    if (last === 'occupied') {
      if (had.occupied === undefined) delete a.occupied;
      else a.occupied = had.occupied;
      continue;
    }
    const list = (a[last] ?? []).slice(0, -1);
    if (list.length === 0 && had[last] === undefined) delete a[last];
    else a[last] = list;
    break;
  }
  return a as Action;
}
