// Replaying a game's log from its seed. One replay, `replaySteps`, which `replay` (and so `undo`), `logNotes` and
// `verify` all use, and the players' round history can: each entry's state, report, record and notes.
import type { RuleBook } from '../rules/book.js';
import { Rng } from '../dice/rng.js';
import type { DiceSource } from './dice.js';
import { createGame, setupNotes } from './setup.js';
import { step, type Report, type StepResult } from './step.js';
import type { Action, LogRecord, SessionState, Setup } from './state.js';
import { plainCopy } from './working.js';

/** One log entry replayed. */
export interface Replayed {
  ok: true;
  seq: number;
  /**
   * The game after this entry. The replay owns it: the next entry's step grows its log and lists in place, so a
   * caller that keeps a state past the next entry keeps a copy (structuredClone).
   */
  state: SessionState;
  /** What the entry did; null for the setup (seq 0). */
  report: Report | null;
  /** The entry as the replay makes it: the action as stored and every roll, from the seed. */
  record: LogRecord;
  /** What it did, in words (for seq 0, what `new` did: setupNotes). */
  notes: string[];
}

/** A log entry that no longer applies (a hand-edited file, or a table changed under it): the replay ends with it. */
export interface ReplayStop {
  ok: false;
  seq: number;
  action: Action;
  /** The step's refusal, or what it would need to be told. */
  result: Exclude<StepResult, { ok: true }>;
}

/** Where a replay resumes instead of the seed: a state a replay made, and the dice at its position (else `state.rng`). */
export interface ReplayFrom {
  state: SessionState;
  source?: DiceSource;
}

/**
 * Replay a game from its seed: the setup first (seq 0, the state `createGame` makes), then each action in turn,
 * with the limits off (a game an older badzone wrote past a limit still replays) and one dice engine carried
 * through (a fresh Rng per step would re-discard the whole stream: quadratic in the log). With `from`, it resumes
 * from that state instead, without the setup entry. An entry that no longer applies is yielded as a stop, last.
 */
export function* replaySteps(
  setup: Setup,
  actions: Iterable<Action>,
  book: RuleBook,
  from?: ReplayFrom,
): Generator<Replayed | ReplayStop, void, undefined> {
  let s: SessionState;
  let source: DiceSource;
  if (from) {
    s = from.state;
    source = from.source ?? new Rng(s.rng);
  } else {
    const rng = new Rng({ seed: setup.seed, uses: 0 });
    source = rng;
    s = createGame(setup, book, rng);
    yield { ok: true, seq: 0, state: s, report: null, record: s.log[0]!, notes: setupNotes(s, book) };
  }
  for (const action of actions) {
    const seq = s.log.length;
    const r = step(s, action, book, { source, appendLog: true, limits: false });
    if (!r.ok) {
      yield { ok: false, seq, action, result: r };
      return;
    }
    s = r.state;
    yield { ok: true, seq, state: s, report: r.report, record: r.record, notes: r.notes };
  }
}

/** The actions of a log after its first entry (the setup): what a replay steps. */
export function loggedActions(log: readonly LogRecord[]): Action[] {
  return log.slice(1).map((r) => r.action);
}

/** Rebuild a game from its setup and the actions in its log. Throws if a logged action no longer applies. */
export function replay(setup: Setup, actions: Action[], book: RuleBook): SessionState {
  return replayKeeping(setup, actions, book, 0).state;
}

/**
 * replay, and copies of the games before the last `keep` entries (fewer when the log is shorter), oldest first,
 * without their logs: what undo's checkpoints are made from (./checkpoint.ts).
 */
export function replayKeeping(
  setup: Setup,
  actions: Action[],
  book: RuleBook,
  keep: number,
): { state: SessionState; kept: SessionState[] } {
  let s: SessionState | undefined;
  const kept: SessionState[] = [];
  // The entry with seq `last` is the log's last: the games after entries last-keep .. last-1 are kept.
  const last = actions.length;
  for (const r of replaySteps(setup, actions, book)) {
    if (!r.ok) {
      const why = 'refusal' in r.result ? r.result.refusal.message : `needs ${r.result.needs.kind}`;
      throw new ReplayError(`log entry ${r.seq} (${r.action.type}) no longer applies: ${why}`, r.seq);
    }
    s = r.state;
    // The replay grows its state's lists in place: a game kept is copied (all but the log) as it is now.
    if (r.seq < last && r.seq >= last - keep) kept.push(plainCopy({ ...s, log: [] }));
  }
  return { state: s!, kept };
}

export class ReplayError extends Error {
  constructor(
    message: string,
    readonly seq: number,
  ) {
    super(message);
  }
}

/**
 * What each log entry did, in words, by replaying the log from the seed (index-aligned with `state.log`).
 * Entries that no longer replay (a tampered file: `verify` says which) get no words.
 */
export function logNotes(state: SessionState, book: RuleBook): string[][] {
  const out: string[][] = [];
  for (const r of replaySteps(state.setup, loggedActions(state.log), book)) {
    if (!r.ok) break;
    out.push(r.notes);
  }
  while (out.length < state.log.length) out.push([]);
  return out;
}
