// badzone fighter NAME battlefield|reserve|out: correct the rosters by hand.
import { openGame } from '../../api/game.js';
import type { FighterData } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { contextOf, fileOf } from '../shared.js';
import { echo } from '../../rules/limits.js';

export async function run(name: string, where: string, opts: { session?: string; gang?: string }, io: IO): Promise<View<'fighter', FighterData>> {
  if (where !== 'battlefield' && where !== 'reserve' && where !== 'out') throw new UsageError(`Where to? battlefield, reserve or out, not "${echo(where)}".`);
  const game = await openGame(fileOf(opts, io), contextOf(io));
  return { kind: 'fighter', data: await game.fighter(name, where, opts.gang ? { gang: opts.gang } : {}) };
}
