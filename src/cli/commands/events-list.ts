// badzone events list: the Badzone Event Table (the game's own in a game folder, or a given --table).
import { listEvents } from '../../api/tables.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';
import { gameTableOf } from '../shared.js';

export async function run(opts: { table?: string; session?: string }, io: IO): Promise<View<'events-list'>> {
  const t = gameTableOf(opts, io);
  return {
    kind: 'events-list',
    data: listEvents({ ...t.which, cwd: io.cwd }),
    ...(t.warnings.length ? { warnings: t.warnings } : {}),
  };
}
