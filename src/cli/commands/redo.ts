// badzone redo: re-apply the step undone last (since the last new step), with the same rolls and entered dice.
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';

export async function run(opts: { session?: string }, io: IO): Promise<View<'redo'>> {
  const game = await openSession(opts, io);
  return { kind: 'redo', data: await game.redo() };
}
