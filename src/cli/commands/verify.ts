// badzone verify: replay the log from the seed and setup; say whether every roll and the state follow.
import { verifyFile } from '../../api/game.js';
import { UsageError } from '../../errors.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { contextOf, openSession } from '../shared.js';

export async function run(
  opts: { session?: string; file?: string; commitment?: string },
  io: IO,
): Promise<View<'verify'>> {
  if (opts.file !== undefined && opts.session !== undefined)
    throw new UsageError('Give --session or --file, not both.');
  const check = opts.commitment !== undefined ? { commitment: opts.commitment } : {};
  // --file: a session file or a battle report (`badzone report --format json`), checked read-only.
  const data =
    opts.file !== undefined
      ? await verifyFile(opts.file, { ...contextOf(io), ...check })
      : await (await openSession(opts, io)).verify(check);
  return { kind: 'verify', data, ...(data.ok ? {} : { exitCode: 1 }) };
}
