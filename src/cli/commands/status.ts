// badzone status: where the game stands.
import { openGame } from '../../api/game.js';
import type { StatusData } from '../../api/types.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { contextOf, fileOf } from '../shared.js';

export async function run(opts: { session?: string }, io: IO): Promise<View<'status', StatusData>> {
  const game = await openGame(fileOf(opts, io), contextOf(io));
  return { kind: 'status', data: await game.status() };
}
