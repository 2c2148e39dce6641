// badzone undo: back to the state before the last command that changed the game, dice position included.
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';

export async function run(opts: { session?: string }, io: IO): Promise<View<'undo'>> {
  const game = await openSession(opts, io);
  return { kind: 'undo', data: await game.undo() };
}
