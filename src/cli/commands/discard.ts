// badzone discard <event>: the GM takes an event out of play (e.g. Pillar of Flame left the table).
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';

export async function run(event: string, opts: { session?: string }, io: IO): Promise<View<'discard'>> {
  const game = await openSession(opts, io);
  return { kind: 'discard', data: await game.discard(event) };
}
