// badzone table lint FILE: validate a group's own event table (or visibility or hazard table).
import * as path from 'node:path';
import { InvalidFileError } from '../../errors.js';
import { loadAnyTable } from '../../store/tables.js';
import type { IO } from '../io.js';
import type { View } from '../view.js';

export interface LintData {
  file: string;
  valid: boolean;
  kind: 'events' | 'visibility' | 'hazards' | null;
  events: number | null;
  problem: string | null;
}

export async function run(file: string, _opts: unknown, io: IO): Promise<View<'lint', LintData>> {
  const full = path.resolve(io.cwd, file);
  try {
    const t = loadAnyTable(full);
    return { kind: 'lint', data: { file, valid: true, kind: t.kind, events: t.kind === 'events' ? t.table.results.length : null, problem: null } };
  } catch (e) {
    if (e instanceof InvalidFileError) {
      return { kind: 'lint', data: { file, valid: false, kind: null, events: null, problem: e.message.split(full).join(file) }, exitCode: 4 };
    }
    throw e;
  }
}
