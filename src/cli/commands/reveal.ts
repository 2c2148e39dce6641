// badzone reveal: show a hidden seed and its salt, so that the players can check the commitment.
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';

export async function run(opts: { session?: string }, io: IO): Promise<View<'reveal'>> {
  const game = await openSession(opts, io);
  return { kind: 'reveal', data: await game.reveal() };
}
