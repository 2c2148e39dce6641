// The session file: one JSON document per game, read and validated, written atomically under a lock.
import * as path from 'node:path';
import { InvalidFileError, NoSessionError, RefusedError } from '../errors.js';
import { Invalid } from '../rules/check.js';
import { TableError } from '../rules/validate.js';
import type { RuleBook } from '../rules/book.js';
import { SchemaTooNew, validateSession } from '../engine/schema.js';
import type { SessionState } from '../engine/state.js';
import { backup, exists, isFolder, isSpecial, parseJson, readText, sweepTemps, withLock, writeAtomic, type LockOptions, LOCK_DEFAULTS } from './files.js';
import { bookFor } from './tables.js';

export const DEFAULT_SESSION = 'badzone-session.json';
/** A session file larger than this is refused unread. A 1000-round game is well under 1 MB. */
export const MAX_SESSION_BYTES = 20_000_000;

/**
 * Where the session file is: --session, else BADZONE_SESSION, else ./badzone-session.json.
 * A folder (one that exists, or a path ending in a slash) means badzone-session.json inside it.
 */
export function sessionPath(flag: string | undefined, env: NodeJS.ProcessEnv, cwd: string): string {
  const p = flag ?? env.BADZONE_SESSION ?? DEFAULT_SESSION;
  if (p.trim() === '') return path.resolve(cwd, DEFAULT_SESSION);
  const full = path.resolve(cwd, p);
  if (/[\\/]$/.test(p) || isFolder(full)) return path.join(full, DEFAULT_SESSION);
  return full;
}

export interface Loaded {
  file: string;
  state: SessionState;
  book: RuleBook;
  migratedFrom: number | null;
}

/** Read and validate a session; null when there is no file. Never writes. */
export function tryLoad(file: string): Loaded | null {
  return tryLoadAs(file, false);
}

/**
 * Read a session, or the session inside a battle report (`badzone report --format json`), to check it: for
 * `badzone verify --file`. Never writes; a report is never opened as a game to play on.
 */
export function loadForChecking(file: string): Loaded {
  const l = tryLoadAs(file, true);
  if (!l) throw new NoSessionError(`There is no file at ${file}. Give the path of a session file or of a report made by \`badzone report --format json\`.`);
  return l;
}

function isReport(json: unknown): json is { kind: 'report'; session: unknown } {
  return typeof json === 'object' && json !== null && !Array.isArray(json) && (json as { kind?: unknown }).kind === 'report' && 'session' in json;
}

function tryLoadAs(file: string, reportToo: boolean): Loaded | null {
  const text = readText(file, MAX_SESSION_BYTES);
  if (text === null) return null;
  let json: unknown;
  try {
    json = parseJson(text, file);
  } catch (e) {
    if (e instanceof InvalidFileError) {
      throw new InvalidFileError(`${e.message} Restore it from a copy (a \`.bak\` file beside it, if \`new --force\` made one), or start a new game with \`badzone new --force\`.`);
    }
    throw e;
  }
  if (reportToo && isReport(json)) json = json.session;
  try {
    const { state, book, migratedFrom } = validateSession(json, bookFor);
    return { file, state, book, migratedFrom };
  } catch (e) {
    if (e instanceof SchemaTooNew) {
      throw new InvalidFileError(`${file} was written by a newer badzone (schemaVersion ${e.version}). Upgrade badzone to open it; the file was left as it is.`);
    }
    if (e instanceof Invalid) throw new InvalidFileError(`${file}: ${e.path}: ${e.problem}. The file was left as it is; fix it, or start a new game with \`badzone new --force\`.`);
    if (e instanceof TableError) throw new InvalidFileError(`${file}: ${e.message}. The file was left as it is.`);
    throw e;
  }
}

export function noSession(file: string): NoSessionError {
  return new NoSessionError(`There is no game at ${file}. Start one with \`badzone new\` (or just \`badzone round\`), or point --session at your session file.`);
}

export function load(file: string): Loaded {
  const l = tryLoad(file);
  if (!l) throw noSession(file);
  return l;
}

export function serialize(state: SessionState): string {
  return `${JSON.stringify(state)}\n`;
}

export function save(file: string, state: SessionState): void {
  writeAtomic(file, serialize(state));
}

/**
 * Read, change and write the session while holding its lock, so two badzone processes never both
 * read the same state and write over each other. `change` returns the new state (or null to write nothing).
 */
export function mutate<T>(
  file: string,
  change: (loaded: Loaded | null) => { state: SessionState | null; result: T },
  lock: LockOptions = LOCK_DEFAULTS,
): T {
  return withLock(
    file,
    () => {
      sweepTemps(file);
      const loaded = tryLoad(file);
      const { state, result } = change(loaded);
      if (state) save(file, state);
      return result;
    },
    lock,
  );
}

/** Create a new session; refuses to replace one unless `force`, and then keeps the old file as a backup. */
export function create(file: string, state: SessionState, force: boolean, stamp: string, lock: LockOptions = LOCK_DEFAULTS): { backup: string | null } {
  return withLock(
    file,
    () => {
      sweepTemps(file);
      let kept: string | null = null;
      if (isFolder(file)) throw new InvalidFileError(`${file} is a folder, not a file. Give the path of a session file with --session.`);
      // Never back up (read forever) or replace a device or pipe, e.g. `--session /dev/null --force` run as root.
      if (isSpecial(file)) throw new InvalidFileError(`${file} is not a regular file (a device, pipe or socket); it was left alone. Give the path of a session file with --session.`);
      if (exists(file)) {
        if (!force) throw new RefusedError(`A game already exists at ${file}. Continue it with \`badzone round\`, or replace it with \`badzone new --force\` (the old file is kept as a backup).`);
        kept = backup(file, stamp);
      }
      save(file, state);
      return { backup: kept };
    },
    lock,
  );
}
