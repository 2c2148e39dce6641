// badzone table lint FILE: validate a group's own event (or visibility) table.
import * as path from 'node:path';
import { InvalidFileError } from '../../errors.js';
import { loadEventTable, loadVisibilityTable } from '../../store/tables.js';
import { parseJson, readText } from '../../store/files.js';
import type { IO } from '../io.js';
import type { View } from '../view.js';

export interface LintData {
  file: string;
  valid: boolean;
  kind: 'events' | 'visibility' | null;
  events: number | null;
  problem: string | null;
}

export async function run(file: string, _opts: unknown, io: IO): Promise<View<'lint', LintData>> {
  const full = path.resolve(io.cwd, file);
  try {
    const text = readText(full, 1_000_000);
    if (text === null) throw new InvalidFileError(`${file} does not exist. Check the path.`);
    const json = parseJson(text, file) as { levels?: unknown };
    if (json && typeof json === 'object' && 'levels' in json) {
      loadVisibilityTable(full);
      return { kind: 'lint', data: { file, valid: true, kind: 'visibility', events: null, problem: null } };
    }
    const t = loadEventTable(full);
    return { kind: 'lint', data: { file, valid: true, kind: 'events', events: t.results.length, problem: null } };
  } catch (e) {
    if (e instanceof InvalidFileError) {
      return { kind: 'lint', data: { file, valid: false, kind: null, events: null, problem: e.message.replace(full, file) }, exitCode: 4 };
    }
    throw e;
  }
}
