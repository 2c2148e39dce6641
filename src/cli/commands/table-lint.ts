// badzone table lint FILE: validate a group's own event table (or visibility or hazard table).
import { lintTable } from '../../api/tables.js';
import type { View } from '../../render/view.js';
import type { IO } from '../io.js';

export async function run(file: string, _opts: unknown, io: IO): Promise<View<'table-lint'>> {
  const data = lintTable(file, { cwd: io.cwd });
  return { kind: 'table-lint', data, ...(data.valid ? {} : { exitCode: 4 }) };
}
