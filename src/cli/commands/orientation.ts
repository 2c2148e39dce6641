// badzone orientation [far|right|near|left]: which edge of the table 12 o'clock points to, seen from the GM's seat
// (row A along the far edge, A1 at its left-hand corner). Setting it is a step of the game (logged, undone, redone).
import { UsageError } from '../../errors.js';
import { EDGES, isEdge } from '../../api/orientation.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';

export async function run(edge: string | undefined, opts: { session?: string }, io: IO): Promise<View<'orientation'>> {
  if (edge !== undefined && !isEdge(edge))
    throw new UsageError(`Which edge does 12 o'clock point to? ${EDGES.join(', ')}; not "${edge}".`);
  const game = await openSession(opts, io);
  return { kind: 'orientation', data: await game.orientation(edge === undefined ? {} : { twelve: edge }) };
}
