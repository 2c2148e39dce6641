// badzone dice [manual|rolled]: the game's dice preference, kept in the session ("enter my own dice from now
// on"): with `manual`, round, end, place and play ask for each die on a terminal, as --manual does.
import { UsageError } from '../../errors.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';

export async function run(mode: string | undefined, opts: { session?: string }, io: IO): Promise<View<'dice'>> {
  if (mode !== undefined && mode !== 'manual' && mode !== 'rolled')
    throw new UsageError(`Which dice? manual (enter your own) or rolled (badzone rolls), not "${mode}".`);
  const game = await openSession(opts, io);
  return { kind: 'dice', data: await game.diceMode(mode === undefined ? {} : { manual: mode === 'manual' }) };
}
