// The codes of the errors reading and writing files throws, and the facts each carries (the file, the lock, what
// was being done). Each message says what is wrong in plain words; where the command line has a command or a flag
// to offer (`badzone new --force`, `--session`), it adds it (src/cli/words.ts). ../api/codes.ts gathers these with
// the engine's and the library's codes.
import type { ErrorDetail } from '../errors.js';

/** Each code and its facts. `file`: the path as given (a session, a table, a report). */
export interface StoreFacts {
  /** No game at `file`. */
  'no-session': { file: string };
  /** No file at `file` to check (a session or a battle report). */
  'no-report-file': { file: string };
  /** No table file at `file`. */
  'no-table-file': { file: string };
  /** A game already exists at `file` (a new game replaces it only when forced). */
  'game-exists': { file: string };
  /** The folder `folder` that should hold `file` does not exist. */
  'no-folder': { file: string; folder: string | null };
  /** `file` is a folder (`session`: a session file was wanted). */
  'is-a-folder': { file: string; session: boolean };
  /** `file` is a device, pipe, socket or terminal. */
  'not-regular': { file: string; session: boolean };
  /** `file` is a file of the operating system (in `system`). */
  'system-file': { file: string; system: string };
  /** A link in a sticky world-writable folder, owned by another user: not followed. */
  'unsafe-link': { file: string; link: string; uid: number };
  /** The session file's name leaves no room for the names of its temporary and lock files. */
  'name-too-long-to-save': { file: string; max: number; room: number };
  /** `file` is larger than a badzone file may be (`size`: bytes, when known). */
  'file-too-big': { file: string; size: number | null; max: number };
  'not-utf8': { file: string };
  /** `where`: the position of the first error, in words. */
  'not-json': { file: string; where: string };
  /** A session file that is not valid JSON: with the session's own advice. */
  'session-not-json': { file: string; where: string };
  /** A file that is not a badzone session (`found`: what it holds instead, in words). */
  'not-a-session': { file: string; found: string };
  /** A session written by a newer badzone. */
  'session-too-new': { file: string; version: number };
  /** A session whose field at `path` is wrong (`problem`, in words). */
  'invalid-session': { file: string; path: string; problem: string };
  /** A session whose own table is not valid. */
  'invalid-session-table': { file: string; problem: string };
  /** A battle report made while the seed was hidden: no seed to replay. */
  'hidden-report': { file: string };
  /** A table file that is not valid: the field at `path` (`problem`, in words). */
  'invalid-table': { file: string; path: string; problem: string };
  /** badzone's own data folder is missing from the installation. */
  'data-missing': Record<string, never>;
  /** The step would write a session larger than a session may be written (bytes). */
  'session-too-big': { bytes: number; max: number };
  /** The session file is read-only (`mode`: its permission bits, octal). */
  'read-only': { file: string; mode: string };
  /** The session file has other hard links (`links`: how many). */
  'hard-links': { file: string; links: number };
  /** The session file is a single file mounted on its own. */
  'bind-mount': { file: string };
  /** Its folder was removed while it was being saved. */
  'folder-removed': { file: string };
  /** The temporary file written beside it vanished before it replaced the game. */
  'temp-vanished': { file: string };
  /** Another program holds it open and Windows does not let it be replaced. */
  'file-in-use': { file: string };
  /**
   * The file system failed: `doing` (what badzone was doing to `file`: "read", "save", ...), the system's `errno`
   * code, and whether the game or nothing at all was left unchanged.
   */
  'file-system': { file: string; doing: string; errno: string | null; unchanged: 'game' | 'nothing' };
  /** Its access rules or ACL cannot be copied to the file saved (`platform`: where). */
  'cannot-keep-private': { file: string; platform: string };
  /** The lock `lock` was removed or taken over while the command ran. */
  'lock-lost': { file: string; lock: string };
  /** Another program changed the file while the command ran, ignoring the lock. */
  'changed-under-lock': { file: string };
  /** `lock` is not a lock badzone made (`what`: what it is). */
  'not-a-lock': { lock: string; what: string };
  /**
   * The game is in use by another badzone command (`pid`: its process, when the lock says; `host`: another
   * computer's name, when it is on another; `stale`: the other command is taking over a stale lock).
   */
  locked: { file: string; lock: string; pid: number | null; host: string | null; stale: boolean };
  /** Commands were killed while taking over a stale lock, `times` times over. */
  'takeover-stuck': { file: string; lock: string; times: number };
}

/**
 * Each code, with the error class it is thrown as (`file-system` and `no-folder`: as the failure says). A function,
 * so that the table is made only when asked for (a list of the codes), not by every command as it loads.
 */
export const storeCodes = (): { readonly [C in keyof StoreFacts]: string } => ({
  'no-session': 'no-session',
  'no-report-file': 'no-session',
  'no-table-file': 'invalid',
  'game-exists': 'refused',
  'no-folder': 'no-session',
  'is-a-folder': 'invalid',
  'not-regular': 'invalid',
  'system-file': 'invalid',
  'unsafe-link': 'refused',
  'name-too-long-to-save': 'refused',
  'file-too-big': 'invalid',
  'not-utf8': 'invalid',
  'not-json': 'invalid',
  'session-not-json': 'invalid',
  'not-a-session': 'invalid',
  'session-too-new': 'invalid',
  'invalid-session': 'invalid',
  'invalid-session-table': 'invalid',
  'hidden-report': 'refused',
  'invalid-table': 'invalid',
  'data-missing': 'invalid',
  'session-too-big': 'refused',
  'read-only': 'refused',
  'hard-links': 'refused',
  'bind-mount': 'io',
  'folder-removed': 'no-session',
  'temp-vanished': 'io',
  'file-in-use': 'io',
  'file-system': 'io, no-session, refused, usage or invalid, as the failure says',
  'cannot-keep-private': 'refused',
  'lock-lost': 'locked',
  'changed-under-lock': 'locked',
  'not-a-lock': 'invalid',
  locked: 'locked',
  'takeover-stuck': 'locked',
});

/** The code and facts of an error of the file layer. */
export function fileWhy<C extends keyof StoreFacts>(code: C, facts: StoreFacts[C]): ErrorDetail {
  return { code, facts };
}
