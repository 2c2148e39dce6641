// badzone status: where the game stands.
import type { Gang } from '../../engine/state.js';
import type { Clarification } from '../../rules/types.js';
import { load } from '../../store/session.js';
import type { IO } from '../io.js';
import { fileOf } from '../shared.js';
import { dueInEndPhase, hazardView, summary, type GameSummary, type HazardView } from '../views.js';
import type { View } from '../view.js';

export interface StatusData extends GameSummary {
  tiles: string[];
  tilesRemoved: string[];
  spawnPoints: number;
  gangs: Gang[];
  lairs: { name: string; becomes: string | null }[] | null;
  structures: string[] | null;
  deck: { drawPile: number; discardPile: number } | null;
  table: string;
  dueInEndPhase: string[];
  logEntries: number;
  /** With --full: the rules text of each event in play (and the clarifications that matter for it). */
  rules?: EventRules[];
  /** With --full: the event table's clarifications. */
  clarifications?: Clarification[];
}

export interface EventRules {
  eventId: string;
  name: string;
  timing: 'once' | 'persistent';
  discardOn: number | null;
  effect: string;
  /** What the GM does at the table while it is in play. */
  gm: string;
  clarifications: string[];
}

/** The Hazard of the game in full, with its Home Turf Ploy and when that may be used (`badzone play`'s Hazard item). */
export async function hazard(opts: { session?: string }, io: IO): Promise<View<'game-hazard', HazardView | null>> {
  const { state, book } = load(fileOf(opts, io));
  return { kind: 'game-hazard', data: hazardView(state, book) };
}

export async function run(opts: { session?: string; full?: boolean }, io: IO): Promise<View<'status', StatusData>> {
  const file = fileOf(opts, io);
  const { state: s, book } = load(file);
  return {
    kind: 'status',
    data: {
      ...summary(file, s, book),
      tiles: s.tiles,
      tilesRemoved: s.setup.tiles.filter((t) => !s.tiles.includes(t)),
      spawnPoints: s.setup.spawnPoints,
      gangs: s.gangs,
      lairs: s.lairs,
      structures: s.structures,
      deck: s.deck ? { drawPile: s.deck.drawPile.length, discardPile: s.deck.discardPile.length } : null,
      table: book.events.name,
      dueInEndPhase: dueInEndPhase(s, book),
      logEntries: s.log.length,
      ...(opts.full
        ? {
            rules: s.inPlay.flatMap((p) => {
              const ev = book.byId.get(p.eventId);
              if (!ev) return [];
              const clar = (book.events.clarifications ?? []).filter((c) => c.events?.includes(ev.id)).map((c) => c.text);
              return [{ eventId: ev.id, name: ev.name, timing: ev.timing, discardOn: ev.discardOn, effect: ev.effect, gm: ev.gmInPlay ?? ev.gm, clarifications: clar }];
            }),
            clarifications: book.events.clarifications ?? [],
          }
        : {}),
    },
  };
}
