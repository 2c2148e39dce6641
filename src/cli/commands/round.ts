// badzone round: resolve the last round's End Phase if it is still open, then run the next Event Phase.
import type { EndPhaseReport, EventPhaseReport } from '../../engine/phases.js';
import { defaultSetup, inPlayView, replay, step, type InPlayView, type RoundReport } from '../../engine/step.js';
import type { SessionState } from '../../engine/state.js';
import type { RuleBook } from '../../rules/book.js';
import { RefusedError } from '../../errors.js';
import { load, tryLoad } from '../../store/session.js';
import type { IO } from '../io.js';
import { commit, diceList, fileOf, interactive, tileList } from '../shared.js';
import { dueInEndPhase, hazardView, visibilityView, type HazardView, type VisibilityView } from '../views.js';
import type { View } from '../view.js';

export interface RoundOptions {
  session?: string;
  dice?: string | string[];
  manual?: boolean;
  occupied?: string | string[];
  input?: boolean;
}

export interface RoundData {
  session: string;
  /** Set when there was no game and this command started one with the defaults. */
  startedNew: { seed: number } | null;
  round: number;
  /** dice: the new event is a D64 roll; deck: a card drawn. */
  mode: 'dice' | 'deck';
  endPhase: EndPhaseReport | null;
  eventPhase: EventPhaseReport;
  inPlay: InPlayView[];
  visibility: VisibilityView;
  hazard: HazardView | null;
  dueInEndPhase: string[];
  notes: string[];
  /** The event drawn this Event Phase, with its rules text (null when none could be drawn). */
  newEvent: NewEventCard | null;
  /** The short words of the clarifications that matter every round, for the heading ("before Priority"). */
  roundNotes: string[];
}

export interface NewEventCard {
  eventId: string;
  name: string;
  /** The D64 roll (dice mode) or card number (deck mode) that drew it. */
  roll: number;
  timing: 'once' | 'persistent';
  discardOn: number | null;
  /** The event's rules text. */
  effect: string;
  /** When the event acts after it is drawn: every Event Phase in play, and/or in the End Phase. */
  actsEachEventPhase: boolean;
  actsInEndPhase: boolean;
  /** The rules' clarifications that matter for this event ("Roaming Horrors are not affected ..."). */
  clarifications: string[];
}

export async function run(opts: RoundOptions, io: IO): Promise<View<'round', RoundData>> {
  const file = fileOf(opts, io);
  const dice = diceList(opts.dice);
  // Checked against this game's tiles, or the default tiles of the game `round` would start.
  // Any tile of the battlefield may be named, collapsed ones too (a GM listing where models stand need not know).
  const known = opts.occupied !== undefined ? (tryLoad(file)?.state.setup.tiles ?? defaultSetup(0).tiles) : null;
  const occupied = tileList(opts.occupied, known);
  const c = await commit(
    io,
    file,
    { type: 'round', ...(occupied ? { occupied } : {}), ...(dice ? { dice } : {}) },
    { manual: opts.manual === true, interactive: interactive(io, opts), createIfMissing: true },
  );
  return { kind: 'round', data: roundData(c.file, c.created, c.state, c.book, c.report as RoundReport) };
}

/** The round's view: the report of its Event Phase, and the game as it stands now. */
export function roundData(file: string, created: { seed: number } | null, state: SessionState, book: RuleBook, r: RoundReport): RoundData {
  const drawn = [...r.eventPhase.draws].reverse().find((d) => d.outcome !== 'duplicate');
  const ev = drawn ? book.byId.get(drawn.eventId) : undefined;
  const newEvent: NewEventCard | null =
    drawn && ev
      ? {
          eventId: ev.id,
          name: ev.name,
          roll: drawn.roll,
          timing: ev.timing,
          discardOn: ev.discardOn,
          effect: ev.effect,
          // An event whose only later action is in the End Phase (Headhunters) does not act in the Event Phase.
          actsEachEventPhase: ev.resolve.eachEventPhase.length > 0 || (ev.timing === 'persistent' && ev.resolve.endPhase.length === 0 && ev.gm !== ''),
          actsInEndPhase: ev.resolve.endPhase.length > 0,
          clarifications: (book.events.clarifications ?? []).filter((c) => c.events?.includes(ev.id)).map((c) => c.text),
        }
      : null;
  return {
    session: file,
    startedNew: created,
    round: r.round,
    mode: state.setup.mode,
    endPhase: r.endPhase,
    eventPhase: r.eventPhase,
    inPlay: r.inPlay,
    visibility: visibilityView(state, book),
    hazard: hazardView(state, book),
    dueInEndPhase: dueInEndPhase(state, book),
    notes: r.notes,
    newEvent,
    roundNotes: (book.events.clarifications ?? []).filter((c) => c.round && c.short).map((c) => c.short!),
  };
}

/**
 * The current round's Event Phase as it was shown when the round started (`badzone play` resuming mid-round):
 * replayed from the log up to that step, so its rolls and picks are the ones made; the events in play, the
 * visibility and what is due are the game's now. The End Phase resolved before it is not repeated.
 */
export async function current(opts: { session?: string }, io: IO): Promise<View<'round', RoundData>> {
  const file = fileOf(opts, io);
  const { state, book } = load(file);
  const at = state.log.map((e) => e.action.type).lastIndexOf('round');
  if (at < 1 || state.log[at]!.round !== state.round) throw new RefusedError(`Round ${state.round} has no Event Phase in the log of ${file}.`);
  const before = replay(state.setup, state.log.slice(1, at).map((e) => e.action), book);
  const r = step(before, state.log[at]!.action, book);
  if (!r.ok || r.report.kind !== 'round') throw new RefusedError(`Round ${state.round}'s Event Phase no longer follows from the log; \`badzone verify\` says where.`);
  const report: RoundReport = { ...r.report, endPhase: null, inPlay: inPlayView(state, book) };
  return { kind: 'round', data: roundData(file, null, state, book, report) };
}
