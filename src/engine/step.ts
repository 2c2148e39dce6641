// The reducer: (state, action) -> new state + what happened. Pure: no I/O, no clock, dice injected. It makes the
// working copy and the dice, hands the action to its move (./moves), and records the step in the log; the moves
// say what each action does.
import type { RuleBook } from '../rules/book.js';
import { Rng } from '../dice/rng.js';
import { BadEntry, Dice, NeedDie, TooManyRolls, type DiceSource } from './dice.js';
import { LIMITS, actionProblem, growthProblem } from '../rules/limits.js';
import { refusal, type Refusal } from './refusals.js';
import { isScatterDirection, NeedOccupied, type Ctx } from './resolve.js';
import { MOVES, type Move, type MoveRun, type Report } from './moves/index.js';
import type { Action, EnteredDie, LogRecord, SessionState } from './state.js';
import type { Edge } from '../rules/orientation.js';
import { working } from './working.js';
import { extendLog } from './packed-log.js';
import { engineCounts } from './counts.js';

export type { Report } from './moves/index.js';

export type Need =
  /**
   * list: which of the action's lists the answer goes to (`endDice`: a `round`'s open End Phase). d66: a D66 (11..66).
   * among: what each result picks, in order (a random fighter: the gang's roster), when the die picks a named thing.
   * twelve: for a scatter's direction, the edge 12 o'clock points to.
   */
  | {
      kind: 'die';
      sides: number;
      for: string;
      index: number;
      cards?: number[];
      list?: 'endDice';
      d66?: true;
      twelve?: Edge;
      among?: string[];
    }
  | { kind: 'occupied'; tiles: string[] };

export type StepResult =
  | { ok: true; state: SessionState; report: Report; record: LogRecord; notes: string[] }
  | { ok: false; refusal: Refusal }
  | { ok: false; needs: Need };

export interface StepOptions {
  /** The dice source; defaults to the seeded engine at the state's position. */
  source?: DiceSource;
  /** When the entered dice run out: roll them ('roll', default) or report what is needed ('ask'). */
  whenOut?: 'roll' | 'ask';
  /** Report that occupied tiles are needed instead of picking among all tiles. */
  askOccupied?: boolean;
  /** The caller owns `state.log` and never uses the old state again: append in place (replay, verify) instead of copying. */
  appendLog?: boolean;
  /**
   * Refuse a step that takes the game past a limit (../rules/limits.ts): a name that may not be stored, more dice
   * than one command may roll, a gang or a roster grown past its limit, a full log. On by default (a new step);
   * replaying a log (undo, verify, log) turns it off, so a game an older badzone wrote past a limit replays.
   */
  limits?: boolean;
}

function refuse(r: Refusal): StepResult {
  return { ok: false, refusal: r };
}

/** Apply one action. Never throws for a rules refusal or bad entered dice: those come back as values. */
export function step(state: SessionState, action: Action, book: RuleBook, opts: StepOptions = {}): StepResult {
  engineCounts.steps++;
  const limits = opts.limits !== false;
  if (limits) {
    const bad = actionProblem(action);
    if (bad) return refuse(refusal('input-past-limit', { limit: bad.limit, max: LIMITS[bad.limit] }, `${bad.text}.`));
  }
  const s = working(state, opts.appendLog === true);
  const source = opts.source ?? new Rng(state.rng);
  const entered = 'dice' in action && action.dice ? action.dice : [];
  const dice = new Dice(source, entered, opts.whenOut ?? 'roll', false, limits ? LIMITS.rollsPerStep : Infinity);
  const ctx: Ctx = {
    s,
    book,
    dice,
    loud: true,
    notes: [],
    occupied: action.type === 'round' ? action.occupied : undefined,
    askOccupied: opts.askOccupied ?? false,
    owned: opts.appendLog === true,
  };
  const run: MoveRun = { limits, used: {} };
  const used = run.used;
  let report: Report;
  try {
    const r = (MOVES[action.type] as Move<Action, Report>)(ctx, action, run);
    if ('refusal' in r) return refuse(r.refusal);
    report = r.report;
  } catch (e) {
    if (e instanceof NeedDie) {
      const need: Need = { kind: 'die', sides: e.sides, for: e.purpose, index: e.index };
      if (e.cards) need.cards = e.cards;
      if (e.list === 'endDice') need.list = 'endDice';
      if (e.d66) need.d66 = true;
      if (isScatterDirection(e.sides, e.purpose)) need.twelve = s.orientation.twelve;
      if (e.among) need.among = [...e.among];
      return { ok: false, needs: need };
    }
    if (e instanceof NeedOccupied) return { ok: false, needs: { kind: 'occupied', tiles: e.tiles } };
    if (e instanceof BadEntry) return refuse(refusal('bad-entered-die', e.facts, e.message));
    if (e instanceof TooManyRolls)
      return refuse(refusal('too-many-rolls', { limit: LIMITS.rollsPerStep, for: e.purpose }));
    throw e;
  }
  const unused = unusedRefusal(dice);
  if (unused) return unused;
  used.dice = dice.enteredUsed;
  s.rng = source.state();
  s.redo = [];
  const stored: Action = { ...action };
  // Trailing placeholders that asked for nothing are not kept: the action replays the same without them.
  if ('dice' in stored) stored.dice = trimmed(stored.dice, used.dice);
  if ('dice' in stored && stored.dice === undefined) delete stored.dice;
  // endDice given (even empty: "the End Phase gets none of these") stays, so the replay is not refused.
  if (stored.type === 'round' && stored.endDice !== undefined)
    stored.endDice = stored.endDice.slice(0, used.endDice ?? 0);
  const record: LogRecord = { seq: state.log.length, round: s.round, action: stored, rolls: dice.rolls ?? [] };
  if (limits) {
    // Checked before the log is extended, so a refused step leaves even an appendLog caller's log as it was.
    const grown = growthProblem(
      { gangs: state.gangs, logEntries: state.log.length, rngUses: state.rng.uses },
      { gangs: s.gangs, logEntries: state.log.length + 1, rngUses: s.rng.uses },
    );
    if (grown) return refuse(refusal('game-past-limit', { limit: grown.limit, max: LIMITS[grown.limit] }, grown.text));
  }
  if (opts.appendLog) {
    state.log.push(record);
    s.log = state.log;
  } else s.log = extendLog(state.log, record);
  return { ok: true, state: s, report, record, notes: ctx.notes };
}

/** Entered dice that the step never asked for: a usage refusal, nothing saved (a round's End-Phase dice: moves/round.ts). */
function unusedRefusal(dice: Dice): StepResult | null {
  if (dice.enteredUsed >= dice.enteredGiven) return null;
  return refuse(refusal('dice-unused', { given: dice.enteredGiven, needed: dice.enteredUsed }));
}

/** The entries a list actually used (placeholders included), or undefined when none. */
function trimmed(list: EnteredDie[] | undefined, used: number): EnteredDie[] | undefined {
  if (!list || used === 0) return undefined;
  return list.slice(0, used);
}
