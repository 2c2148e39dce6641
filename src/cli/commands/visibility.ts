// badzone visibility [set LEVEL]: show the visibility, or set it by hand.
import { UsageError } from '../../errors.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { openSession } from '../shared.js';
import { echo } from '../../api/limits.js';

export async function run(
  verb: string | undefined,
  level: string | undefined,
  opts: { session?: string },
  io: IO,
): Promise<View<'visibility'>> {
  const game = await openSession(opts, io);
  if (verb === undefined) return { kind: 'visibility', data: await game.visibility() };
  if (verb !== 'set')
    throw new UsageError(
      `Unknown visibility action "${echo(verb)}". Use \`badzone visibility\` to show it or \`badzone visibility set LEVEL\` to set it.`,
    );
  return { kind: 'visibility', data: await game.visibility({ set: level ?? '' }) };
}
