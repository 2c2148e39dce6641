// The files around a game, for the edges: where the session is (--session, BADZONE_SESSION, the folder's own),
// what is at a path, a similarly named session nearby, watching a game for changes (`serve`), how the person runs
// badzone (for hints), and what this process saved or left locked (said after the output). The store
// (src/store/) does each; the library hands them on, so the command line and serve import nothing below it.
import { Invalid } from '../rules/check.js';
import { saved } from '../store/session.js';
import { leftLocks } from '../store/lock.js';

export { DEFAULT_SESSION, sessionPath } from '../store/session.js';
export { exists } from '../store/files.js';
export { folderExists, similarSession } from '../store/nearby.js';
export { watchSession, type Watcher } from '../store/watch.js';
export { commandName } from '../store/command-path.js';

/** The session files this process saved, each once, oldest first (an output failure after a save says so). */
export function gamesSaved(): string[] {
  return [...new Set(saved)];
}

/** The locks this process could not remove since this was last asked (each is said once, then forgotten). */
export function takeLocksLeft(): string[] {
  return leftLocks.splice(0);
}

/**
 * A log entry of a file whose hash matched, read only when needed (../engine/packed-log.ts) and found broken when
 * it was (only a hash made to match again by hand gets one there): where and what, for the command line to say
 * (exit 4); null for any other error.
 */
export function brokenLogEntry(e: unknown): { path: string; problem: string } | null {
  return e instanceof Invalid ? { path: e.path, problem: e.problem } : null;
}
