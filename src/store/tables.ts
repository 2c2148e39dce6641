// Loading the shipped tables from data/ and a group's own tables from a file; all validated on load.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InvalidFileError } from '../errors.js';
import { fileWhy } from './codes.js';
import { type BookDice, compileBook, type RuleBook } from '../rules/book.js';
import type { EventTable, HazardTable, Tables, VisibilityTable } from '../rules/types.js';
import {
  checkTableDice,
  crossCheck,
  TableError,
  validateEventTable,
  validateHazardTable,
  validateVisibilityTable,
} from '../rules/validate.js';
import { parseJson, readText } from './files.js';
import { LIMITS } from '../rules/limits.js';
import { parseDice } from '../dice/expression.js';

/** Tables are small; anything larger than this is not a table (LIMITS.tableBytes). */
export const MAX_TABLE_BYTES = LIMITS.tableBytes;

let dataDirCache: string | null = null;

/** The package's data/ folder, found by walking up from this module (src/store in dev, dist/ when built). */
export function dataDir(): string {
  if (dataDirCache) return dataDirCache;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (fs.existsSync(path.join(dir, 'data', 'badzone-events.json'))) return (dataDirCache = path.join(dir, 'data'));
    dir = path.dirname(dir);
  }
  throw new InvalidFileError(
    'The badzone data folder (data/badzone-events.json) is missing from the installation. Reinstall badzone.',
    fileWhy('data-missing', {}),
  );
}

function readJson(file: string): unknown {
  const text = readText(file, MAX_TABLE_BYTES);
  if (text === null)
    throw new InvalidFileError(`${file} does not exist. Check the path.`, fileWhy('no-table-file', { file }));
  return parseJson(text, file);
}

function asFileError<T>(f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof TableError)
      throw new InvalidFileError(
        `${e.message}. Fix the table and try again.`,
        fileWhy('invalid-table', { file: e.file, path: e.path, problem: e.problem }),
      );
    throw e;
  }
}

let shipped: Tables | null = null;

/**
 * The shipped tables as JSON, validated when the command line's bundle was built (scripts/build.mjs puts them
 * in it): the command line then reads no data/ folder (a standalone executable has none) and does not validate
 * them again on every command. Undefined when running the sources and in the library, which read data/.
 */
declare const BADZONE_SHIPPED_TABLES: string | undefined;

/** The shipped tables, validated. */
export function shippedTables(): Tables {
  if (shipped) return shipped;
  if (typeof BADZONE_SHIPPED_TABLES === 'string') return (shipped = JSON.parse(BADZONE_SHIPPED_TABLES) as Tables);
  const dir = dataDir();
  const rel = (f: string) => `data/${f}`;
  shipped = asFileError(() => {
    const t: Tables = {
      events: validateEventTable(readJson(path.join(dir, 'badzone-events.json')), rel('badzone-events.json')),
      hazards: validateHazardTable(readJson(path.join(dir, 'hazards.json')), rel('hazards.json')),
      visibility: validateVisibilityTable(readJson(path.join(dir, 'visibility.json')), rel('visibility.json')),
    };
    crossCheck(t, rel('badzone-events.json'));
    return t;
  });
  return shipped;
}

/** A group's own event table from a file, validated against the visibility table it will be played with. */
export function loadEventTable(file: string, visibility?: VisibilityTable): EventTable {
  return asFileError(() => {
    const t = validateEventTable(readJson(file), file);
    crossCheck({ ...shippedTables(), events: t, ...(visibility ? { visibility } : {}) }, file);
    checkTableDice(t, parseDice((visibility ?? shippedTables().visibility).die), file);
    return t;
  });
}

export function loadVisibilityTable(file: string): VisibilityTable {
  return asFileError(() => validateVisibilityTable(readJson(file), file));
}

export type AnyTable =
  | { kind: 'events'; table: EventTable }
  | { kind: 'visibility'; table: VisibilityTable }
  | { kind: 'hazards'; table: HazardTable };

/** A table file of any of the three kinds, told apart by its fields: `levels` (visibility), `hazards`, else events. */
export function loadAnyTable(file: string): AnyTable {
  return asFileError(() => {
    const json = readJson(file);
    const has = (k: string) => typeof json === 'object' && json !== null && !Array.isArray(json) && k in json;
    if (has('levels')) return { kind: 'visibility', table: validateVisibilityTable(json, file) };
    if (has('hazards')) return { kind: 'hazards', table: validateHazardTable(json, file) };
    const events = validateEventTable(json, file);
    crossCheck({ ...shippedTables(), events }, file);
    checkTableDice(events, parseDice(shippedTables().visibility.die), file);
    return { kind: 'events', table: events };
  });
}

/** The rule book for a game: the shipped tables with the game's own event and visibility tables, if any. */
export function bookFor(custom: {
  table: EventTable | null;
  visibilityTable: VisibilityTable | null;
  legacyD66?: true;
}): RuleBook {
  const base = shippedTables();
  if (!custom.table && !custom.visibilityTable) return shippedBook();
  const t: Tables = {
    events: custom.table ?? base.events,
    hazards: base.hazards,
    visibility: custom.visibilityTable ?? base.visibility,
  };
  crossCheck(t, 'setup.table');
  return compileBook(t, { legacyD66: custom.legacyD66 === true });
}

/** The shipped tables' dice parsed (bookDice), as JSON: put into the command line's bundle when it is built. */
declare const BADZONE_SHIPPED_DICE: string | undefined;

let shippedBookCache: RuleBook | null = null;
export function shippedBook(): RuleBook {
  return (shippedBookCache ??= compileBook(
    shippedTables(),
    {},
    typeof BADZONE_SHIPPED_DICE === 'string' ? (JSON.parse(BADZONE_SHIPPED_DICE) as BookDice) : undefined,
  ));
}
