// badzone events show <id | D64 number | name>
import { showEvent } from '../../api/tables.js';
import type { EventsShowData } from '../../api/types.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';

export async function run(query: string, opts: { table?: string }, io: IO): Promise<View<'events-show', EventsShowData>> {
  return { kind: 'events-show', data: showEvent(query, { ...(opts.table ? { table: opts.table } : {}), cwd: io.cwd }) };
}
