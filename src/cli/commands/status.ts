// badzone status: where the game stands.
import type { Gang, SessionState } from '../../engine/state.js';
import type { RuleBook } from '../../rules/book.js';
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
  return { kind: 'status', data: statusData(file, s, book) };
}

/** What `status --json` prints; the players' view (`badzone serve`, `badzone report`) is built on the same data. */
export function statusData(file: string, s: SessionState, book: RuleBook): StatusData {
  return {
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
  };
}
