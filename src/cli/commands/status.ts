// badzone status: where the game stands.
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { gameStatus } from '../../api/read.js';
import { openSession, sessionFile } from '../shared.js';

export async function run(opts: { session?: string; full?: boolean }, io: IO): Promise<View<'status'>> {
  // Read without opening a Game (api/read.ts), so that `status` loads none of the moves (start-up).
  return { kind: 'status', data: gameStatus(sessionFile(opts, io), { full: opts.full === true }) };
}

/** The game's Hazard in full, with its Home Turf Ploy and when it may be used (`badzone play`'s Hazard item). */
export async function hazard(opts: { session?: string }, io: IO): Promise<View<'game-hazard'>> {
  const game = await openSession(opts, io);
  return { kind: 'game-hazard', data: await game.hazard() };
}
