// badzone place <event>: the GM puts a persistent event into play by hand (its on-draw rolls are made).
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { askForGame, diceList, openSession } from '../shared.js';

export async function run(
  event: string,
  opts: { session?: string; dice?: string | string[]; manual?: boolean; input?: boolean },
  io: IO,
): Promise<View<'place'>> {
  const game = await openSession(opts, io);
  const dice = diceList(opts.dice);
  const ask = await askForGame(io, opts, game);
  return { kind: 'place', data: await game.place(event, { ...(dice ? { dice } : {}), ...(ask ? { ask } : {}) }) };
}
