// badzone round: resolve the last round's End Phase if it is still open, then run the next Event Phase.
import type { EndPhaseReport, EventPhaseReport } from '../../engine/phases.js';
import { defaultSetup, type InPlayView, type RoundReport } from '../../engine/step.js';
import { tryLoad } from '../../store/session.js';
import type { IO } from '../io.js';
import { commit, diceList, fileOf, interactive, tileList } from '../shared.js';
import { dueInEndPhase, hazardView, visibilityView, type HazardView, type VisibilityView } from '../views.js';
import type { View } from '../view.js';

export interface RoundOptions {
  session?: string;
  dice?: string | string[];
  /** Dice for the last round's End Phase when it is still open (the new round's go in `dice`). */
  endDice?: string | string[];
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
}

export async function run(opts: RoundOptions, io: IO): Promise<View<'round', RoundData>> {
  const file = fileOf(opts, io);
  const dice = diceList(opts.dice);
  const endDice = diceList(opts.endDice, '--end-dice');
  // Checked against this game's tiles, or the default tiles of the game `round` would start.
  // Any tile of the battlefield may be named, collapsed ones too (a GM listing where models stand need not know).
  const known = opts.occupied !== undefined ? (tryLoad(file)?.state.setup.tiles ?? defaultSetup(0).tiles) : null;
  const occupied = tileList(opts.occupied, known);
  const c = await commit(
    io,
    file,
    { type: 'round', ...(occupied ? { occupied } : {}), ...(dice ? { dice } : {}), ...(endDice ? { endDice } : {}) },
    { manual: opts.manual === true, interactive: interactive(io, opts), createIfMissing: true },
  );
  const r = c.report as RoundReport;
  const drawn = [...r.eventPhase.draws].reverse().find((d) => d.outcome !== 'duplicate');
  const ev = drawn ? c.book.byId.get(drawn.eventId) : undefined;
  const newEvent: NewEventCard | null =
        drawn && ev
      ? {
          eventId: ev.id,
          name: ev.name,
          roll: drawn.roll,
          timing: ev.timing,
          discardOn: ev.discardOn,
          effect: ev.effect,
          actsEachEventPhase: ev.resolve.eachEventPhase.length > 0 || ev.gm !== '',
          actsInEndPhase: ev.resolve.endPhase.length > 0,
        }
      : null;
  return {
    kind: 'round',
    data: {
      session: file,
      startedNew: c.created,
      round: r.round,
      mode: c.state.setup.mode,
      endPhase: r.endPhase,
      eventPhase: r.eventPhase,
      inPlay: r.inPlay,
      visibility: visibilityView(c.state, c.book),
      hazard: hazardView(c.state, c.book),
      dueInEndPhase: dueInEndPhase(c.state, c.book),
      notes: r.notes,
      newEvent,
    },
  };
}
