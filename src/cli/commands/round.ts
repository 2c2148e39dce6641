// badzone round: resolve the last round's End Phase if it is still open, then run the next Event Phase.
import type { EndPhaseReport, EventPhaseReport } from '../../engine/phases.js';
import type { InPlayView, RoundReport } from '../../engine/step.js';
import { tryLoad } from '../../store/session.js';
import type { IO } from '../io.js';
import { commit, diceList, fileOf, interactive, tileList } from '../shared.js';
import { dueInEndPhase, hazardView, visibilityView, type HazardView, type VisibilityView } from '../views.js';
import type { View } from '../view.js';

export interface RoundOptions {
  session?: string;
  dice?: string;
  manual?: boolean;
  occupied?: string;
  input?: boolean;
}

export interface RoundData {
  session: string;
  /** Set when there was no game and this command started one with the defaults. */
  startedNew: { seed: number } | null;
  round: number;
  endPhase: EndPhaseReport | null;
  eventPhase: EventPhaseReport;
  inPlay: InPlayView[];
  visibility: VisibilityView;
  hazard: HazardView | null;
  dueInEndPhase: string[];
  notes: string[];
}

export async function run(opts: RoundOptions, io: IO): Promise<View<'round', RoundData>> {
  const file = fileOf(opts, io);
  const dice = diceList(opts.dice);
  const known = opts.occupied !== undefined ? (tryLoad(file)?.state.tiles ?? null) : null;
  const occupied = tileList(opts.occupied, known);
  const c = await commit(
    io,
    file,
    { type: 'round', ...(occupied ? { occupied } : {}), ...(dice ? { dice } : {}) },
    { manual: opts.manual === true, interactive: interactive(io, opts), createIfMissing: true },
  );
  const r = c.report as RoundReport;
  return {
    kind: 'round',
    data: {
      session: file,
      startedNew: c.created,
      round: r.round,
      endPhase: r.endPhase,
      eventPhase: r.eventPhase,
      inPlay: r.inPlay,
      visibility: visibilityView(c.state, c.book),
      hazard: hazardView(c.state, c.book),
      dueInEndPhase: dueInEndPhase(c.state, c.book),
      notes: r.notes,
    },
  };
}
