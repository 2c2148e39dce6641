// badzone map: the battlefield, drawn: the tiles as laid out, every marker events placed and where it landed (its
// tile and its offset from that tile's center, or off the table), and the numbered sites (issue 22).
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';

export async function run(opts: { session?: string }, io: IO): Promise<View<'map'>> {
  const game = await openSession(opts, io);
  return { kind: 'map', data: await game.map() };
}
