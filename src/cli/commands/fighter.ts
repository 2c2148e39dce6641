// badzone fighter NAME battlefield|reserve|out: correct the rosters by hand.
import { UsageError } from '../../errors.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';
import { echo } from '../../api/limits.js';

export async function run(
  name: string,
  where: string,
  opts: { session?: string; gang?: string },
  io: IO,
): Promise<View<'fighter'>> {
  if (where !== 'battlefield' && where !== 'reserve' && where !== 'out')
    throw new UsageError(`Where to? battlefield, reserve or out, not "${echo(where)}".`);
  const game = await openSession(opts, io);
  return { kind: 'fighter', data: await game.fighter(name, where, opts.gang ? { gang: opts.gang } : {}) };
}
