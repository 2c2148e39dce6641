// badzone events list: the Badzone Event Table.
import type { BadzoneEvent } from '../../rules/types.js';
import { shippedTables, loadEventTable } from '../../store/tables.js';
import type { View } from '../view.js';
import type { IO } from '../io.js';
import * as path from 'node:path';

export async function run(opts: { table?: string }, io: IO): Promise<View<'events', BadzoneEvent[]>> {
  const table = opts.table ? loadEventTable(path.resolve(io.cwd, opts.table)) : shippedTables().events;
  return { kind: 'events', data: table.results };
}
