// badzone undo: back to the state before the last command that changed the game, dice position included.
import { openGame } from '../../api/game.js';
import type { UndoData } from '../../api/types.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { contextOf, fileOf } from '../shared.js';

export async function run(opts: { session?: string }, io: IO): Promise<View<'undo', UndoData>> {
  const game = await openGame(fileOf(opts, io), contextOf(io));
  return { kind: 'undo', data: await game.undo() };
}
