// badzone status: where the game stands.
import type { Gang } from '../../engine/state.js';
import { load } from '../../store/session.js';
import type { IO } from '../io.js';
import { fileOf } from '../shared.js';
import { dueInEndPhase, summary, type GameSummary } from '../views.js';
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
}

export async function run(opts: { session?: string }, io: IO): Promise<View<'status', StatusData>> {
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
    },
  };
}
