// Undo and redo: undo replays the log without its last entry (keeping what it undid on the redo list); redo
// re-applies the step undone last, and checks that it rolls the same dice.
import type { RuleBook } from '../rules/book.js';
import { loggedActions, replayKeeping } from './replay.js';
import { checkpointOf, type Checkpoint } from './checkpoint.js';
import { LIMITS } from '../rules/limits.js';
import { refusal, type Refusal } from './refusals.js';
import { step, type StepResult } from './step.js';
import type { LogRecord, RedoEntry, SessionState, Story } from './state.js';

/**
 * The state before the last action that changed the game: the game a checkpoint kept (`before`, ../store/session.ts;
 * used when its log is this log less its last entry), else the log minus its last entry, replayed. What was
 * undone goes on the redo list (kept in the session), and the dice preference and the story stay as they were.
 * A replay also gives the checkpoints of the game it makes (the last LIMITS.checkpoints steps; `checkpoints`,
 * oldest first), so that the undos after it start from a checkpoint too; a restored game's are the ones the file
 * kept under it (`checkpoints` is null: the store keeps them).
 */
export function undo(
  state: SessionState,
  book: RuleBook,
  before: SessionState | null = null,
): { state: SessionState; undone: LogRecord; checkpoints: Checkpoint[] | null } | null {
  if (state.log.length <= 1) return null;
  const undone = state.log[state.log.length - 1]!;
  let s: SessionState;
  let checkpoints: Checkpoint[] | null = null;
  if (before !== null && before.log.length === state.log.length - 1) s = before;
  else {
    const r = replayKeeping(state.setup, loggedActions(state.log.slice(0, -1)), book, LIMITS.checkpoints);
    s = r.state;
    checkpoints = r.kept.map((b, i) => checkpointOf(r.kept[i + 1] ?? s, b));
  }
  s.manualDice = state.manualDice;
  s.story = state.story;
  s.redo = [...state.redo, redoEntry(undone, state.rng.uses)];
  return { state: s, undone, checkpoints };
}

/** What the redo list keeps of an undone log entry; `usesAfter` is the dice position after it. */
export function redoEntry(r: LogRecord, usesAfter: number): RedoEntry {
  return { seq: r.seq, round: r.round, action: r.action, rolls: r.rolls.length, uses: usesAfter };
}

export type RedoResult = Extract<StepResult, { ok: true }> | { ok: false; refusal: Refusal } | null;

/**
 * Re-apply the step undone last (since the last new step), with the same action, entered dice and occupied tiles:
 * the dice position is where it was, so it rolls the same dice, which is checked. Null when there is nothing to redo.
 */
export function redo(state: SessionState, book: RuleBook): RedoResult {
  const top = state.redo[state.redo.length - 1];
  if (!top) return null;
  const r = step(state, top.action, book);
  if (!r.ok) {
    const inner = 'refusal' in r ? r.refusal : null;
    return {
      ok: false,
      refusal: refusal('redo-refused', {
        seq: top.seq,
        action: top.action.type,
        refusal: inner && { code: inner.code, facts: inner.facts, message: inner.message },
        needs: 'needs' in r ? r.needs.kind : null,
      }),
    };
  }
  if (r.record.rolls.length !== top.rolls || r.state.rng.uses !== top.uses)
    return { ok: false, refusal: refusal('redo-dice-differ', { seq: top.seq, action: top.action.type }) };
  r.state.redo = state.redo.slice(0, -1);
  return r;
}

/** "Enter my own dice from now on" (or not): a preference kept in the session, not a step of the game. */
export function setManualDice(state: SessionState, manual: boolean): SessionState {
  return { ...state, manualDice: manual };
}

/**
 * The GM's title, date, scenario and result for the report: words about the game, kept in the session but not a
 * step of it (not logged, undone or redone; the dice and everything `verify` replays are the same without them).
 */
export function setStory(state: SessionState, story: Story): SessionState {
  return { ...state, story: { ...story } };
}
