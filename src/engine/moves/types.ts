// What a move is: one action type's handler, given the step's working copy, dice and notes (resolve.ts's Ctx).
import type { DiceList } from '../dice.js';
import type { Refusal } from '../refusals.js';
import type { Ctx } from '../resolve.js';
import type { Action } from '../state.js';

/** What a move did (its report), or why it refuses (a code and its facts: ../refusals.ts). */
export type Moved<R> = { report: R } | { refusal: Refusal };

/** What the reducer tells a move beyond the context. */
export interface MoveRun {
  /** Whether the step checks the limits (../../rules/limits.ts): off when a log is replayed. */
  limits: boolean;
  /** How many entered dice each list used, where a move uses a list of its own (a round's `endDice`). */
  used: Partial<Record<DiceList, number>>;
}

/** One action type's move: it changes `ctx.s` in place and says what happened, or refuses. */
export type Move<A extends Action, R> = (ctx: Ctx, action: A, run: MoveRun) => Moved<R>;
