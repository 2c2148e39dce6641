// badzone verify: replay the log from the seed and setup; say whether every roll and the state follow.
import { openGame } from '../../api/game.js';
import type { VerifyData } from '../../api/types.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { contextOf, fileOf } from '../shared.js';

export async function run(opts: { session?: string; commitment?: string }, io: IO): Promise<View<'verify', VerifyData>> {
  const game = await openGame(fileOf(opts, io), contextOf(io));
  const data = await game.verify(opts.commitment !== undefined ? { commitment: opts.commitment } : {});
  return { kind: 'verify', data, ...(data.ok ? {} : { exitCode: 1 }) };
}
