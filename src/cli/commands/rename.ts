// badzone rename fighter|gang OLD NEW: correct a fighter's or a gang's name (a logged step: undo and redo apply).
import { UsageError } from '../../errors.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';

export async function run(
  what: string,
  from: string,
  to: string,
  opts: { session?: string; gang?: string },
  io: IO,
): Promise<View<'rename'>> {
  if (what !== 'fighter' && what !== 'gang') throw new UsageError(`Rename what? fighter or gang, not "${what}".`);
  if (what === 'gang' && opts.gang !== undefined)
    throw new UsageError(
      '--gang says whose fighter to rename; to rename a gang, give its name: `badzone rename gang OLD NEW`.',
    );
  const game = await openSession(opts, io);
  const data = await game.rename(
    what === 'gang'
      ? { gang: from, to }
      : { fighter: from, to, ...(opts.gang !== undefined ? { gang: opts.gang } : {}) },
  );
  return { kind: 'rename', data };
}
