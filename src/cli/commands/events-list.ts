// badzone events list: the Badzone Event Table.
import { listEvents } from '../../api/tables.js';
import type { EventsListData } from '../../api/types.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';

export async function run(opts: { table?: string }, io: IO): Promise<View<'events-list', EventsListData>> {
  return { kind: 'events-list', data: listEvents({ ...(opts.table ? { table: opts.table } : {}), cwd: io.cwd }) };
}
