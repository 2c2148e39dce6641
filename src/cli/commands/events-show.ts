// badzone events show <id | D64 number | name>: from the game's own table in a game folder, or a given --table.
import { showEvent } from '../../api/tables.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { gameTableOf } from '../shared.js';

export async function run(
  query: string,
  opts: { table?: string; session?: string },
  io: IO,
): Promise<View<'events-show'>> {
  const t = gameTableOf(opts, io);
  return {
    kind: 'events-show',
    data: showEvent(query, { ...t.which, cwd: io.cwd }),
    ...(t.warnings.length ? { warnings: t.warnings } : {}),
  };
}
