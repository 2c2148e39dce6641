// badzone events show <id | D64 number | name>
import { showEvent } from '../../api/tables.js';
import type { BadzoneEvent } from '../../api/types.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';

export async function run(query: string, opts: { table?: string }, io: IO): Promise<View<'event', BadzoneEvent>> {
  return { kind: 'event', data: showEvent(query, { ...(opts.table ? { table: opts.table } : {}), cwd: io.cwd }) };
}
