// badzone end: resolve the current round's End Phase (triggers, then the discard checks).
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { askForGame, diceList, openSession } from '../shared.js';

export async function run(
  opts: { session?: string; dice?: string | string[]; manual?: boolean; input?: boolean },
  io: IO,
): Promise<View<'end'>> {
  const dice = diceList(opts.dice);
  const game = await openSession(opts, io);
  const ask = await askForGame(io, opts, game);
  return { kind: 'end', data: await game.end({ ...(dice ? { dice } : {}), ...(ask ? { ask } : {}) }) };
}
