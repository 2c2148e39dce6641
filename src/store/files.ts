// The only file I/O in badzone: reading and atomically writing files, the session lock, and loading tables.
//
// Hand-written rather than write-file-atomic / proper-lockfile: both are small, but
// - the lock here takes over a dead process's lock at once (its pid is gone) instead of waiting out an mtime
//   staleness window, so a killed `badzone round` never blocks the next one for long;
// - the atomic write is five system calls (write temp, fsync, rename, fsync dir) that we want synchronous
//   and in one place, and each extra dependency costs start-up time on every command (../shared/STACK.md).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BadzoneError, EXIT, InvalidFileError, LockedError, NoSessionError, RefusedError } from '../errors.js';

/** Read a file as text; missing -> null. Refuses anything over `maxBytes` before reading it. */
export function readText(file: string, maxBytes: number): string | null {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch (e) {
    if (code(e) === 'ENOENT') return null;
    throw ioError(e, file, 'read');
  }
  if (st.isDirectory()) throw new InvalidFileError(`${file} is a folder, not a file. Give the path of a file.`);
  // A FIFO would block the read forever, /dev/zero would never end: only regular files are read.
  if (!st.isFile()) throw new InvalidFileError(`${file} is not a regular file (a device, pipe or socket); it was not read. Give the path of a file.`);
  if (st.size > maxBytes) {
    throw new InvalidFileError(`${file} is ${(st.size / 1e6).toFixed(1)} MB, more than a badzone file can be (${(maxBytes / 1e6).toFixed(0)} MB); it was not read.`);
  }
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw ioError(e, file, 'read');
  }
}

/** Parse JSON text, naming the file and the position of a syntax error. */
export function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message.replace(/^JSON\.parse: /, '') : String(e);
    throw new InvalidFileError(`${file} is not valid JSON (${msg}). It was left as it is.`);
  }
}

/**
 * A name part unique to this process and moment, for temp-file names and lock tokens. They need to differ
 * between processes (including a later process that reuses a dead one's pid), not to be secret: the pid, the
 * high-resolution clock and a counter do that without randomness (badzone's only randomness is the seeded
 * dice) and without loading node:crypto (about 3 ms of start-up, `npm run bench`).
 */
let uniqueCounter = 0;
function unique(): string {
  return `${process.hrtime.bigint().toString(36)}${(++uniqueCounter).toString(36)}`;
}

let tmpCounter = 0;

/** Write a file so that a crash at any moment leaves either the old or the new content: temp file, fsync, rename. */
export function writeAtomic(file: string, text: string): void {
  const dir = path.dirname(path.resolve(file));
  // pid, counter and a random part: a temp file left by a killed badzone whose pid this process now has
  // (pid reuse) can never be the name this one opens with 'wx'.
  const tmp = path.join(dir, `.${path.basename(file)}.${process.pid}.${++tmpCounter}-${unique()}.tmp`);
  let fd: number | null = null;
  try {
    fd = fs.openSync(tmp, 'wx', 0o644);
    fs.writeFileSync(fd, text);
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = null;
    fs.renameSync(tmp, file);
  } catch (e) {
    if (fd !== null) {
      try {
        fs.closeSync(fd);
      } catch {
        /* already failing */
      }
    }
    try {
      fs.unlinkSync(tmp);
    } catch {
      /* it may never have been made */
    }
    throw ioError(e, file, 'write');
  }
  try {
    const dfd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(dfd);
    } finally {
      fs.closeSync(dfd);
    }
  } catch {
    /* some file systems cannot fsync a directory; the rename has happened */
  }
}

/** Remove temp files a killed badzone left beside `file` (their process is gone). */
export function sweepTemps(file: string): void {
  const dir = path.dirname(path.resolve(file));
  const prefix = `.${path.basename(file)}.`;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const n of names) {
    if (!n.startsWith(prefix) || !n.endsWith('.tmp')) continue;
    const pid = Number(n.slice(prefix.length).split('.')[0]);
    // Our own pid on a temp file means a dead process had it before us: this process leaves no temp files
    // behind (writeAtomic renames or removes its own before returning).
    if (Number.isInteger(pid) && (pid === process.pid || !alive(pid))) {
      try {
        fs.unlinkSync(path.join(dir, n));
      } catch {
        /* another process swept it */
      }
    }
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return code(e) === 'EPERM';
  }
}

export interface LockOptions {
  /** How long to wait for another badzone process before giving up (ms). */
  waitMs: number;
  /** A lock file that cannot be read (its writer died mid-write) counts as stale after this long (ms). */
  unreadableStaleMs: number;
}

export const LOCK_DEFAULTS: LockOptions = { waitMs: 2000, unreadableStaleMs: 2000 };

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * Hold `${file}.lock` while `work` runs. The lock file holds the owner's pid and a random token.
 * A lock whose pid is no longer running is taken over at once; one that cannot be read after
 * `unreadableStaleMs` likewise. Otherwise wait up to `waitMs`, then fail with exit 5.
 */
export function withLock<T>(file: string, work: () => T, opts: LockOptions = LOCK_DEFAULTS): T {
  const lock = `${file}.lock`;
  const token = `${process.pid}-${unique()}`;
  const content = JSON.stringify({ pid: process.pid, token });
  const deadline = Date.now() + opts.waitMs;
  let holder = '';
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = fs.openSync(lock, 'wx', 0o644);
      try {
        fs.writeFileSync(fd, content);
      } finally {
        fs.closeSync(fd);
      }
      break;
    } catch (e) {
      const c = code(e);
      if (c === 'ENOENT') throw new NoSessionError(`The folder for ${file} does not exist. Create it first, or give another --session path.`);
      if (c !== 'EEXIST') throw ioError(e, lock, 'create the lock');
    }
    const seen = readLock(lock);
    if (seen.stale(opts.unreadableStaleMs)) {
      // Re-read just before removing, so we never remove a lock another process has just taken over.
      const again = readLock(lock);
      if (again.raw === seen.raw) {
        try {
          fs.unlinkSync(lock);
        } catch {
          /* someone else removed it first */
        }
      }
      continue;
    }
    holder = seen.pid ? ` (process ${seen.pid})` : '';
    if (Date.now() >= deadline) {
      throw new LockedError(
        `${file} is in use by another badzone command${holder}. Wait for it to finish and try again; if no badzone is running, delete ${lock}.`,
      );
    }
    sleep(Math.min(10 + attempt * 5, 50));
  }
  try {
    return work();
  } finally {
    try {
      if (fs.readFileSync(lock, 'utf8') === content) fs.unlinkSync(lock);
    } catch {
      /* already gone */
    }
  }
}

function readLock(lock: string): { raw: string; pid: number | null; stale: (unreadableMs: number) => boolean } {
  let raw = '';
  let mtime = Date.now();
  try {
    raw = fs.readFileSync(lock, 'utf8');
    mtime = fs.statSync(lock).mtimeMs;
  } catch (e) {
    if (code(e) === 'ENOENT') return { raw: '', pid: null, stale: () => true };
  }
  let pid: number | null = null;
  try {
    const o = JSON.parse(raw) as { pid?: unknown };
    if (typeof o.pid === 'number') pid = o.pid;
  } catch {
    /* half-written */
  }
  return {
    raw,
    pid,
    stale: (unreadableMs) => (pid === null ? Date.now() - mtime > unreadableMs : !alive(pid)),
  };
}

export function exists(file: string): boolean {
  return fs.existsSync(file);
}

/** Something exists at `file` that is not a regular file or folder (a device, a pipe, a socket). */
export function isSpecial(file: string): boolean {
  try {
    const st = fs.statSync(file);
    return !st.isFile() && !st.isDirectory();
  } catch {
    return false;
  }
}

export function isFolder(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** Move a file aside as a backup beside it; returns the backup's path. */
export function backup(file: string, stamp: string): string {
  let target = `${file}.${stamp}.bak`;
  for (let i = 2; fs.existsSync(target); i++) target = `${file}.${stamp}-${i}.bak`;
  try {
    fs.copyFileSync(file, target, fs.constants.COPYFILE_EXCL);
  } catch (e) {
    throw ioError(e, target, 'write the backup');
  }
  return target;
}

function code(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : undefined;
}

/** The first existing ancestor of a path (a file, when a path runs through one: ENOTDIR). */
function fileOnPath(file: string): string {
  let p = path.dirname(path.resolve(file));
  while (!fs.existsSync(p) && path.dirname(p) !== p) p = path.dirname(p);
  return p;
}

/** Turn a system error into a sentence that says what to do. */
export function ioError(e: unknown, file: string, doing: string): BadzoneError {
  if (e instanceof BadzoneError) return e;
  switch (code(e)) {
    case 'ENOENT':
      return new NoSessionError(`Could not ${doing} ${file}: its folder does not exist. Create the folder, or give another --session path.`);
    case 'ENAMETOOLONG':
      return new RefusedError(`Could not ${doing} ${file.length > 120 ? `${file.slice(0, 100)}...` : file}: the name is too long for this system. Nothing was changed; give a shorter path.`);
    case 'ELOOP':
      return new RefusedError(`Could not ${doing} ${file}: its path goes round a loop of symbolic links. Nothing was changed; give another path.`);
    case 'ENOTDIR':
      return new NoSessionError(`Could not ${doing} ${file}: ${fileOnPath(file)} is a file, not a folder. Give another --session path.`);
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return new RefusedError(`Could not ${doing} ${file}: permission denied (read-only folder?). Nothing was changed; use a folder you can write to.`);
    case 'ENOSPC':
      return new RefusedError(`Could not ${doing} ${file}: the disk is full. Nothing was changed; free some space and try again.`);
    case 'EISDIR':
      return new InvalidFileError(`${file} is a folder, not a file. Give the path of a file.`);
    default:
      return new BadzoneError(`Could not ${doing} ${file}: ${e instanceof Error ? e.message : String(e)}`, EXIT.refused);
  }
}
