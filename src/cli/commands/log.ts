// badzone log: every command that changed the game, every die rolled or entered, with what it was for.
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { intArg, openSession } from '../shared.js';

export async function run(opts: { session?: string; round?: string }, io: IO): Promise<View<'log'>> {
  const round = intArg(opts.round, '--round', 0, 10_000_000);
  const game = await openSession(opts, io);
  return { kind: 'log', data: await game.log(round === undefined ? {} : { round }) };
}
