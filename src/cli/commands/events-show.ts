// badzone events show <id | D64 number | name>
import * as path from 'node:path';
import type { BadzoneEvent } from '../../rules/types.js';
import { compileBook } from '../../rules/book.js';
import { shippedBook, shippedTables, loadEventTable } from '../../store/tables.js';
import { eventArg } from '../shared.js';
import type { IO } from '../io.js';
import type { View } from '../view.js';

export async function run(query: string, opts: { table?: string }, io: IO): Promise<View<'event', BadzoneEvent>> {
  const book = opts.table ? compileBook({ ...shippedTables(), events: loadEventTable(path.resolve(io.cwd, opts.table)) }) : shippedBook();
  const id = eventArg(book, query);
  return { kind: 'event', data: book.byId.get(id)! };
}
