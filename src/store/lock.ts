// The session lock: `<session>.lock` beside the session file (beside the resolved target when the session path
// is a symbolic link, so every link to one game shares one lock).
//
// WHY TWO WRITERS CAN NEVER COMMIT ON THE SAME BASE
//
// A command that changes the game reads the session, steps it and writes it back, all while it holds the lock.
// A lock file holds {pid, host, boot, token, time}; the token is unique to one acquisition (pid, host, clock,
// counter), so two different acquisitions never have the same bytes. The directory entry L = `<session>.lock`
// changes in exactly four ways, each one system call that the kernel performs atomically on a local file system:
//
//   (a) CREATE:   link(T, L), where T is a temp file already holding the complete lock (written under a
//                 name of its own). link() fails with EEXIST when L exists, so it creates L only when
//                 there is none, and L never exists empty or half written. A full disk fails while writing T:
//                 no lock is left behind (T is removed).
//   (b) RELEASE:  unlink(L) by the process whose token L holds, after reading L and finding its own bytes.
//   (c) TAKEOVER: rename(T, L), replacing a lock judged stale, done only by the holder of the takeover lock
//                 M = `L.takeover`, and only after re-reading L while holding M and finding the very bytes (and
//                 inode) it judged stale. rename() replaces L in one step: L is never missing in between.
//   (d) Nothing else: badzone never removes or replaces L in any other way (the temp sweep never touches L).
//
// A process holds the lock from its successful (a) or (c) until its (b). Claim: at most one running badzone
// process holds it (on a file system with atomic link() and rename(), and as long as no command on another
// computer holds it for 10 minutes; see Staleness). (a) succeeds only when no L exists, i.e. after the previous
// holder's (b) (or before any lock). (c) replaces a lock whose holder is not running: on this computer (same
// host and boot) its pid is gone, and a pid that is gone cannot come back to release or use the lock; a lock
// with no readable owner is one badzone never leaves while it runs (its locks are linked complete). A holder of
// M that was killed leaves M stale, and M is taken over the same way one level down; after 3 levels (three
// kills inside microsecond windows) the command refuses (exit 5) rather than guess. Two processes that judged the same lock stale cannot both
// replace it: each needs M, which is itself a lock taken by (a) or (c) one level down (`L.takeover.takeover`),
// so only one holds M at a time, and the second to hold M re-reads L, finds other bytes (the first's new lock has
// a new token) and starts over. While a process holds M and has found L unchanged, L cannot change before its
// rename: (a) needs L absent, (b) needs the stale holder (not running), (c) needs M (held by us). So the re-read
// and the rename under M are not a "check, then act" race: no other process can act in between. The same holds
// for (b): while we hold L, only a takeover could change it, and our lock is never judged stale while we run
// (our pid is alive; our lock is complete, never "unreadable").
//
// Each step reads a lock through lstat + open(O_NOFOLLOW | O_NONBLOCK) + fstat, and reads at most 4 KB: a lock
// that is a FIFO, a device, a folder, a symbolic link (to /dev/zero, or a loop) or a large file is never opened
// for long or read for long; it is refused at once (exit 4), as not a lock badzone made.
//
// Staleness:
// - this host (same hostname and, on Linux, the same boot): stale when its pid is not running. A lock from
//   before a restart of this computer (another boot id) is stale at once.
// - another host (a shared or synced folder): its pid means nothing here, so it is never taken over by pid, only
//   once it is FOREIGN_STALE_MS (10 minutes) old by both its own clock and the file's modification time; until
//   then the command waits, then exits 5 naming that host. A badzone command holds the lock for milliseconds
//   (prompts are answered before the lock is taken), so a 10-minute-old lock is a dead one; a command on
//   another computer that held the lock longer than that could lose it (the one window this design leaves).
// - a lock file without a pid we can read (a 0.1.0 lock caught mid-write, garbage, or a lock emptied by a power
//   cut, since lock files are not fsynced): stale once its modification time is `unreadableStaleMs` (2 s) old.
//   badzone's own locks are never unreadable while their writer runs.
// - a 0.1.0 lock ({pid, token}, no host) is judged like one of this host (0.1.0 ran on one computer).
//
// Second guard: just before the session's rename, the writer checks that L still holds its own bytes and that
// the session file is still the one it read (same inode, size and modification time). Under the lock these
// checks cannot fail; they catch what the lock cannot: someone deleting the lock by hand, or a 0.1.0 badzone
// (whose lock is not safe) running on the same game.
//
// Limits: the promise needs a file system with atomic link() and rename(): every local file system on Linux,
// macOS and Windows (NTFS). On one without hard links (FAT, exFAT) the lock is created with open(O_EXCL) and
// written at once instead, so a writer stalled for more than 2 s between the two could lose it. Synced
// folders (Dropbox, Syncthing, OneDrive) copy files between computers later: two computers changing one game
// at the same moment can still make a conflicted copy, which the lock cannot prevent.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BadzoneError, InvalidFileError, LockedError, NoSessionError } from '../errors.js';
import { fileWhy } from './codes.js';
import {
  alive,
  closeQuietly,
  closeRead,
  code,
  hostName,
  bootId,
  ioError,
  sleep,
  tempName,
  unique,
  writeNew,
} from './files.js';

export interface LockOptions {
  /** How long to wait for another badzone process before giving up (ms). */
  waitMs: number;
  /** A lock file whose owner cannot be read counts as stale after this long (ms). */
  unreadableStaleMs: number;
  /** A lock from another computer counts as stale after this long (ms). */
  foreignStaleMs: number;
}

export const FOREIGN_STALE_MS = 10 * 60_000;
export const LOCK_DEFAULTS: LockOptions = { waitMs: 2000, unreadableStaleMs: 2000, foreignStaleMs: FOREIGN_STALE_MS };

/** A lock file is a few hundred bytes; more than this is not one of badzone's. */
const MAX_LOCK_BYTES = 4096;
/** Levels of takeover locks (`.takeover`, `.takeover.takeover`, ...): each needs a process killed mid-takeover. */
const MAX_DEPTH = 3;

interface Owner {
  pid: number;
  host: string | null;
  boot: string | null;
  time: number | null;
}

type Seen =
  | { kind: 'missing' }
  | { kind: 'special'; what: string }
  | { kind: 'lock'; raw: string; ino: number; dev: number; mtimeMs: number; owner: Owner | null };

const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0;

/** What is at `lock` now, read safely: never follows a link, never blocks, never reads more than 4 KB. */
export function inspect(lock: string): Seen {
  let st: fs.Stats;
  try {
    st = fs.lstatSync(lock);
  } catch (e) {
    if (code(e) === 'ENOENT') return { kind: 'missing' };
    throw ioError(e, lock, 'read the lock', 'nothing');
  }
  const what = kindOf(st);
  if (what) return { kind: 'special', what };
  let fd: number;
  try {
    fd = fs.openSync(lock, fs.constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (e) {
    const c = code(e);
    if (c === 'ENOENT') return { kind: 'missing' };
    if (c === 'ELOOP') return { kind: 'special', what: 'a symbolic link' };
    throw ioError(e, lock, 'read the lock', 'nothing');
  }
  let seen: Seen;
  try {
    seen = readLock(fd);
  } catch (e) {
    closeQuietly(fd);
    throw ioError(e, lock, 'read the lock', 'nothing');
  }
  // close() too can fail (EIO): a sentence, exit 6, like any other read error.
  closeRead(fd, lock, 'read the lock');
  return seen;
}

function readLock(fd: number): Seen {
  const fst = fs.fstatSync(fd);
  // Judge what was opened (it may have been replaced since the lstat).
  const again = kindOf(fst);
  if (again) return { kind: 'special', what: again };
  const buf = Buffer.alloc(MAX_LOCK_BYTES + 1);
  let n = 0;
  for (let r = 1; r > 0 && n < buf.length; n += r) r = fs.readSync(fd, buf, n, buf.length - n, null);
  if (n > MAX_LOCK_BYTES) return { kind: 'special', what: 'a file larger than a lock' };
  const raw = buf.subarray(0, n).toString('utf8');
  return { kind: 'lock', raw, ino: fst.ino, dev: fst.dev, mtimeMs: fst.mtimeMs, owner: parseOwner(raw) };
}

function kindOf(st: fs.Stats): string | null {
  if (st.isSymbolicLink()) return 'a symbolic link';
  if (st.isDirectory()) return 'a folder';
  if (st.isFIFO()) return 'a pipe (FIFO)';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  if (st.isSocket()) return 'a socket';
  if (!st.isFile()) return 'not a regular file';
  if (st.size > MAX_LOCK_BYTES) return 'a file larger than a lock';
  return null;
}

function parseOwner(raw: string): Owner | null {
  try {
    const o = JSON.parse(raw) as Record<string, unknown>;
    if (typeof o !== 'object' || o === null || !Number.isInteger(o.pid) || (o.pid as number) <= 0) return null;
    return {
      pid: o.pid as number,
      host: typeof o.host === 'string' ? o.host : null,
      boot: typeof o.boot === 'string' ? o.boot : null,
      time: typeof o.time === 'number' ? o.time : null,
    };
  } catch {
    return null;
  }
}

function lockContent(): string {
  const boot = bootId();
  return JSON.stringify({
    pid: process.pid,
    host: hostName(),
    ...(boot ? { boot } : {}),
    token: `${process.pid}-${unique()}`,
    time: Date.now(),
  });
}

/** Whether the lock seen is stale, and if not, who holds it (for the message). */
function judge(
  seen: Extract<Seen, { kind: 'lock' }>,
  opts: LockOptions,
): { stale: boolean; holder: string; foreign: string | null } {
  const o = seen.owner;
  const now = Date.now();
  if (!o) return { stale: now - seen.mtimeMs > opts.unreadableStaleMs, holder: '', foreign: null };
  if (o.host === null || o.host === hostName()) {
    const boot = bootId();
    if (o.boot && boot && o.boot !== boot) return { stale: true, holder: '', foreign: null };
    return { stale: !alive(o.pid), holder: ` (process ${o.pid})`, foreign: null };
  }
  const age = Math.min(now - (o.time ?? 0), now - seen.mtimeMs);
  return { stale: age > opts.foreignStaleMs, holder: ` (process ${o.pid})`, foreign: o.host };
}

function sameLock(a: Seen, b: Extract<Seen, { kind: 'lock' }>): boolean {
  return a.kind === 'lock' && a.raw === b.raw && a.ino === b.ino && a.dev === b.dev;
}

/** link() is not supported by this file system (FAT, exFAT, some network shares). */
function noHardLinks(c: string | undefined): boolean {
  return c === 'EPERM' || c === 'ENOTSUP' || c === 'EOPNOTSUPP' || c === 'ENOSYS' || c === 'EXDEV';
}

export interface Held {
  lock: string;
  content: string;
}

/**
 * Take the lock `lock` (a path); `file` names the session in messages. Waits up to `opts.waitMs` for a live
 * holder, then throws LockedError (exit 5). Returns what to release.
 */
export function acquire(lock: string, file: string, opts: LockOptions = LOCK_DEFAULTS, depth = 0): Held {
  const content = lockContent();
  const tmp = tempName(lock);
  writeNew(tmp, content, lock, 'create the lock for');
  const deadline = Date.now() + opts.waitMs;
  try {
    for (let attempt = 0; ; attempt++) {
      if (create(tmp, lock, content, file)) return { lock, content };
      const seen = inspect(lock);
      if (seen.kind === 'missing') continue; // released just now: try again at once
      if (seen.kind === 'special') {
        throw new InvalidFileError(
          `${lock} is ${seen.what}, not a lock badzone made; badzone will not use or remove it. Nothing was changed. Delete it (if no badzone is running) and run the command again.`,
          fileWhy('not-a-lock', { lock, what: seen.what }),
        );
      }
      const j = judge(seen, opts);
      if (j.stale && takeOver(lock, file, seen, tmp, opts, depth)) return { lock, content };
      if (Date.now() >= deadline) {
        if (j.stale)
          throw new LockedError(
            `${file} is in use: another badzone command is taking over a stale lock. Try again; if no badzone is running, delete ${lock}.`,
            fileWhy('locked', { file, lock, pid: seen.owner?.pid ?? null, host: null, stale: true }),
          );
        if (j.foreign) {
          const since = seen.owner?.time ? ` since ${new Date(seen.owner.time).toISOString().slice(11, 16)} UTC` : '';
          throw new LockedError(
            `${file} is in use by a badzone command on another computer, "${j.foreign}"${j.holder}${since}. A lock from another computer is only taken over after ${opts.foreignStaleMs / 60_000} minutes; wait for it to finish, or if no badzone is running there, delete ${lock}.`,
            fileWhy('locked', { file, lock, pid: seen.owner?.pid ?? null, host: j.foreign, stale: false }),
          );
        }
        throw new LockedError(
          `${file} is in use by another badzone command${j.holder}. Wait for it to finish and try again; if no badzone is running, delete ${lock}.`,
          fileWhy('locked', { file, lock, pid: seen.owner?.pid ?? null, host: null, stale: false }),
        );
      }
      sleep(Math.min(5 + attempt * 5, 50));
    }
  } finally {
    // After a link, `tmp` is a second name of the lock; after a takeover it no longer exists.
    try {
      fs.unlinkSync(tmp);
    } catch {
      /* renamed into place, or never made */
    }
  }
}

/** Step (a): put the complete lock in place if there is none. */
function create(tmp: string, lock: string, content: string, file: string): boolean {
  try {
    fs.linkSync(tmp, lock);
    return true;
  } catch (e) {
    const c = code(e);
    if (c === 'EEXIST') return false;
    if (c === 'ENOENT')
      throw new NoSessionError(
        `The folder for ${file} does not exist (or was removed). Create it first, or give another path.`,
        fileWhy('no-folder', { file, folder: null }),
      );
    if (!noHardLinks(c)) throw ioError(e, lock, 'create the lock for', 'nothing');
  }
  // No hard links on this file system: create exclusively and write at once (see the header: weaker).
  let fd: number;
  try {
    fd = fs.openSync(lock, 'wx', 0o644);
  } catch (e) {
    if (code(e) === 'EEXIST') return false;
    throw ioError(e, lock, 'create the lock for', 'nothing');
  }
  try {
    fs.writeFileSync(fd, content);
    fs.closeSync(fd);
    return true;
  } catch (e) {
    fs.closeSync(fd);
    fs.rmSync(lock, { force: true });
    throw ioError(e, lock, 'create the lock for', 'nothing');
  }
}

/**
 * Takeover locks left by killed takeovers all the way down: not "someone is mid-takeover" (which the levels above
 * read as "not taken over, wait"), so it passes through them to the person, who has files to delete.
 */
class TakeoverStuck extends LockedError {}

/** Step (c): replace the stale lock `seen` by ours, if we win the takeover lock and L is still `seen`. */
function takeOver(
  lock: string,
  file: string,
  seen: Extract<Seen, { kind: 'lock' }>,
  tmp: string,
  opts: LockOptions,
  depth: number,
): boolean {
  if (depth + 1 >= MAX_DEPTH) {
    throw new TakeoverStuck(
      `${file}: badzone commands were killed while taking over a stale lock, ${depth + 1} times over. If no badzone is running, delete ${lock} and the ${path.basename(lock)}.takeover files beside it.`,
      fileWhy('takeover-stuck', { file, lock, times: depth + 1 }),
    );
  }
  let m: Held;
  try {
    // One attempt: a live holder of M is mid-takeover (microseconds); a dead one is taken over a level down.
    m = acquire(`${lock}.takeover`, file, { ...opts, waitMs: 0 }, depth + 1);
  } catch (e) {
    if (e instanceof LockedError && !(e instanceof TakeoverStuck)) return false;
    throw e;
  }
  try {
    if (!sameLock(inspect(lock), seen)) return false;
    renameLock(tmp, lock);
    return true;
  } finally {
    release(m);
  }
}

function renameLock(tmp: string, lock: string): void {
  for (let i = 0; ; i++) {
    try {
      fs.renameSync(tmp, lock);
      return;
    } catch (e) {
      // Windows: a lock file another process has open for reading cannot be replaced for a moment.
      if (
        process.platform === 'win32' &&
        (code(e) === 'EPERM' || code(e) === 'EBUSY' || code(e) === 'EACCES') &&
        i < 50
      ) {
        sleep(20);
        continue;
      }
      throw ioError(e, lock, 'take over the stale lock of', 'nothing');
    }
  }
}

/**
 * Locks this process took and could not remove, each as a sentence: main.ts prints them on stderr after the
 * command (whose exit code they do not change: a save before them is made). The library leaves them here.
 */
export const leftLocks: string[] = [];

/** Step (b): remove the lock if it is still ours. A lock that cannot be removed (or read) is noted in leftLocks. */
export function release(held: Held): void {
  try {
    const now = inspect(held.lock);
    if (now.kind === 'lock' && now.raw === held.content) fs.unlinkSync(held.lock);
  } catch (e) {
    // Already gone: nothing to say. Otherwise the lock stays: say so, and what becomes of it.
    if (code(e) !== 'ENOENT') leftLocks.push(leftBehind(held.lock, e));
  }
}

function leftBehind(lock: string, e: unknown): string {
  const c = code(e);
  const why =
    c === 'EIO'
      ? 'the disk reported an input/output error'
      : c === 'EACCES' || c === 'EPERM'
        ? 'permission denied'
        : c === 'EROFS'
          ? 'the file system is now read-only'
          : c === 'EBUSY'
            ? 'the file is busy'
            : e instanceof BadzoneError
              ? "it could not be read, to check that it was this command's"
              : `the system refused it (${c ?? 'an unknown error'})`;
  return `The lock file ${lock} could not be removed after the command (${why}). It does not change what the command did. The next badzone command on this game takes the lock over, as the process that held it has ended; if one says the game is in use while no badzone is running, delete ${lock}.`;
}

/** The second guard: the lock still holds our bytes. (A lock that cannot be read at all is an IoError, exit 6.) */
export function stillHeld(held: Held): boolean {
  const now = inspect(held.lock);
  return now.kind === 'lock' && now.raw === held.content;
}

/** Hold `${real}.lock` while `work` runs (`file` names the session in messages). */
export function withLock<T>(real: string, file: string, work: (held: Held) => T, opts: LockOptions = LOCK_DEFAULTS): T {
  const held = acquire(`${real}.lock`, file, opts);
  try {
    return work(held);
  } finally {
    release(held);
  }
}
