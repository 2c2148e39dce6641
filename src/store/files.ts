// The only file I/O in badzone: finding the file a session path really names, reading it safely, writing it
// atomically, temp-file names and their sweep, and turning system errors into sentences. The lock is in lock.ts.
//
// Hand-written rather than write-file-atomic / proper-lockfile: the lock takes over a dead process's lock at
// once (its pid is gone) instead of waiting out an mtime window, its takeover is arbitrated (lock.ts says why no
// two writers can hold it), and every extra dependency costs start-up time on every command (../shared/STACK.md).
//
// What a session path may be:
// - a regular file, or a symbolic link (or a chain of them) to one: badzone reads the target and replaces the
//   target, with its temp files and its lock beside the target, so two links to one game share one lock;
// - never a device, pipe, socket, terminal or a file of /proc or /sys (`/dev/stdout`, `/proc/self/fd/1`, or a
//   link to one): refused for reading and writing (exit 4), never opened for long, never read past a cap;
// - not read-only (a 0444 file is refused, exit 1), not a file with other hard links (replacing it would split
//   the game; exit 1), not a single file mounted on its own (a bind mount cannot be replaced; exit 6).
// A replaced file keeps who may read it: its mode, ACL and extended attributes (permissions.ts), and its owner and
// group where the system allows; its temp file is never readable more widely than it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { isUtf8 } from 'node:buffer';
import { BadzoneError, InvalidFileError, IoError, NoSessionError, RefusedError, UsageError } from '../errors.js';
import { fileWhy } from './codes.js';
import { keepOwner, keepPermissions } from './permissions.js';

export function code(e: unknown): string | undefined {
  return typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : undefined;
}

function errnoOf(e: unknown): number | undefined {
  return typeof e === 'object' && e !== null && 'errno' in e && typeof (e as { errno: unknown }).errno === 'number'
    ? (e as { errno: number }).errno
    : undefined;
}

export function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** A process with this pid is running on this computer. */
export function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return code(e) === 'EPERM';
  }
}

let hostCache: string | null = null;
/** This computer's name, as recorded in locks. */
export function hostName(): string {
  if (hostCache === null) {
    try {
      hostCache = os.hostname().slice(0, 255) || 'unknown';
    } catch {
      hostCache = 'unknown';
    }
  }
  return hostCache;
}

let bootCache: string | null | undefined;
/** This boot of this computer (Linux), so a lock from before a restart is known dead whatever its pid. */
export function bootId(): string | null {
  if (bootCache === undefined) {
    bootCache = null;
    if (process.platform === 'linux') {
      try {
        bootCache = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim().slice(0, 64) || null;
      } catch {
        /* no /proc */
      }
    }
  }
  return bootCache;
}

/** The host in a file name: its safe characters and a hash of the whole name (so that names never collide). */
function hostTag(): string {
  const h = hostName();
  let x = 0x811c9dc5;
  for (let i = 0; i < h.length; i++) x = Math.imul(x ^ h.charCodeAt(i), 0x01000193) >>> 0;
  return `${h.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 16)}-${x.toString(36)}`;
}

/**
 * A name part unique to this process and moment, for temp-file names and lock tokens. They need to differ
 * between processes (including a later process that reuses a dead one's pid), not to be secret: the pid, the
 * high-resolution clock and a counter do that without randomness (badzone's only randomness is the seeded
 * dice) and without loading node:crypto (about 3 ms of start-up, `npm run bench`).
 */
let uniqueCounter = 0;
export function unique(): string {
  return `${process.hrtime.bigint().toString(36)}${(++uniqueCounter).toString(36)}`;
}

/** A temp file's name beside `target`: `.NAME.PID~HOST~UNIQUE.tmp` (the sweep reads the pid and host back). */
export function tempName(target: string, uniquePart = unique()): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}~${hostTag()}~${uniquePart}.tmp`);
}

/** Longest file name badzone makes beside a session: the temp file of its deepest takeover lock. */
const NAME_MAX = 255;
function longestName(real: string): string {
  return path.basename(tempName(`${real}.lock.takeover.takeover`, 'z'.repeat(20)));
}

/** Refuse, before anything is done, a session whose name leaves no room for its temp and lock files. */
export function checkNameRoom(real: string, file: string): void {
  const n = Buffer.byteLength(longestName(real));
  if (n <= NAME_MAX) return;
  const room = NAME_MAX - (n - Buffer.byteLength(path.basename(real)));
  const shown = file.length > 120 ? `${file.slice(0, 100)}...` : file;
  throw new RefusedError(
    `The session file's name is too long to save safely: badzone writes through temporary and lock files named after it, and with their suffixes those names exceed the ${NAME_MAX} bytes this system allows. Nothing was changed. Rename ${shown} to a name of at most ${Math.max(room, 1)} bytes.`,
    fileWhy('name-too-long-to-save', { file, max: NAME_MAX, room: Math.max(room, 1) }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Finding the file a path names

export interface Target {
  /** The path as given, absolute (for messages). */
  given: string;
  /** The file read and replaced: the end of any chain of symbolic links, in its real folder. */
  real: string;
  /** lstat of `real`; null when nothing is there. */
  stat: fs.Stats | null;
  /** The folder of `real` does not exist. */
  folderMissing: boolean;
}

/** File system types of the kernel's own files (statfs f_type): proc, sysfs, debugfs, tracefs, cgroup, cgroup2, securityfs, bpf, configfs, efivarfs, devpts. */
const SYSTEM_FS = new Set([
  0x9fa0, 0x62656572, 0x64626720, 0x74726163, 0x27e0eb, 0x63677270, 0x73636673, 0xcafe4a11, 0x62656570, 0xde5e81e4,
  0x1cd1,
]);

function systemFolder(dir: string): string | null {
  if (process.platform !== 'linux') return null;
  for (const root of ['/proc', '/sys']) if (dir === root || dir.startsWith(`${root}/`)) return root;
  try {
    if (SYSTEM_FS.has(fs.statfsSync(dir).type)) return dir;
  } catch {
    /* no statfs here */
  }
  return null;
}

/**
 * The rule Linux applies when it follows a symbolic link (fs.protected_symlinks), which badzone must apply itself
 * since it resolves links itself: in a sticky folder that everyone may write to (such as /tmp), a link is followed
 * only when it belongs to whoever runs badzone or to the folder's owner. Another user's link there may have been
 * planted to make badzone (run by root, say) read or create a file of that user's choosing.
 */
function checkLink(link: string, st: fs.Stats, folder: string, file: string): void {
  const me = process.geteuid?.();
  if (me === undefined || st.uid === me) return;
  const d = fs.statSync(folder);
  if ((d.mode & 0o1002) !== 0o1002 || st.uid === d.uid) return;
  throw new RefusedError(
    `${file}: its path goes through a symbolic link, ${link}, in a folder everyone may write to (sticky, like /tmp), and the link belongs to another user (uid ${st.uid}), not to you or to the folder's owner. badzone does not follow such a link, as Linux does not (fs.protected_symlinks): it may have been put there to make badzone read or write a file of someone else's choosing. Nothing was read or changed. Give the path of the file itself, or keep the game in a folder of your own.`,
    fileWhy('unsafe-link', { file, link, uid: st.uid }),
  );
}

/**
 * The real path of the folder `dir` (absolute), as realpath(3) finds it, checking each link on the way (checkLink).
 * `done` never holds a link, so path.join's own handling of "", "." and ".." is the real one; a file on the way
 * fails the next lstat (ENOTDIR), or the caller's.
 */
function realFolder(dir: string, file: string): string {
  if (process.platform === 'win32') return fs.realpathSync.native(dir);
  const todo = dir.split('/');
  let done = '/';
  for (let hops = 0; todo.length > 0; ) {
    const next = path.join(done, todo.shift()!);
    const st = fs.lstatSync(next);
    if (!st.isSymbolicLink()) {
      done = next;
      continue;
    }
    if (++hops > 40) throw Object.assign(new Error(), { code: 'ELOOP' });
    checkLink(next, st, done, file);
    const to = fs.readlinkSync(next);
    todo.unshift(...to.split('/'));
    if (to.startsWith('/')) done = '/';
  }
  return done;
}

/** Follow `file` through symbolic links to the file badzone should read and replace. Refuses system files. */
export function resolveTarget(file: string, doing: string): Target {
  const given = path.resolve(file);
  let p = given;
  for (let hop = 0; hop <= 40; hop++) {
    let dir: string;
    try {
      dir = realFolder(path.dirname(p), file);
    } catch (e) {
      if (code(e) === 'ENOENT') return { given, real: p, stat: null, folderMissing: true };
      throw ioError(e, file, doing, 'nothing');
    }
    const sys = systemFolder(dir);
    if (sys) {
      throw new InvalidFileError(
        `${file} ${hop > 0 ? 'is a link to' : 'is'} a file of the operating system (in ${sys}), not a badzone file; it was not read or written. Give the path of a session or table file.`,
        fileWhy('system-file', { file, system: sys }),
      );
    }
    p = path.join(dir, path.basename(p));
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch (e) {
      if (code(e) === 'ENOENT') return { given, real: p, stat: null, folderMissing: false };
      throw ioError(e, file, doing, 'nothing');
    }
    if (!st.isSymbolicLink()) return { given, real: p, stat: st, folderMissing: false };
    try {
      checkLink(p, st, dir, file);
      p = path.resolve(dir, fs.readlinkSync(p));
    } catch (e) {
      throw ioError(e, file, doing, 'nothing');
    }
  }
  throw ioError(Object.assign(new Error('loop'), { code: 'ELOOP' }), file, doing, 'nothing');
}

/** The target again, as it is now (under the lock, after waiting for it). */
export function refresh(t: Target): Target {
  try {
    return { ...t, stat: fs.lstatSync(t.real), folderMissing: false };
  } catch (e) {
    if (code(e) === 'ENOENT') return { ...t, stat: null, folderMissing: !fs.existsSync(path.dirname(t.real)) };
    throw ioError(e, t.given, 'read', 'nothing');
  }
}

function refuseNonRegular(st: fs.Stats, file: string): void {
  if (st.isDirectory())
    throw new InvalidFileError(
      `${file} is a folder, not a file. Give the path of a file.`,
      fileWhy('is-a-folder', { file, session: false }),
    );
  // A FIFO would block the read forever, /dev/zero would never end, a terminal would wait for typing.
  if (!st.isFile())
    throw new InvalidFileError(
      `${file} is not a regular file (a device, pipe, socket or terminal); it was not read or written. Give the path of a file.`,
      fileWhy('not-regular', { file, session: false }),
    );
}

/** Identity of a file's content as read: it is replaced (new inode) or changed (size, time) by any write. */
export interface FileId {
  dev: number;
  ino: number;
  size: number;
  mtimeMs: number;
}

export function sameFile(a: FileId | null, b: fs.Stats | null): boolean {
  if (!a || !b) return a === null && b === null;
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;
}

const O_NOFOLLOW = fs.constants.O_NOFOLLOW ?? 0;
const O_NONBLOCK = fs.constants.O_NONBLOCK ?? 0;
const tooBig = (file: string, maxBytes: number, size?: number) =>
  new InvalidFileError(
    `${file} is ${size !== undefined ? `${(size / 1e6).toFixed(1)} MB` : `more than ${(maxBytes / 1e6).toFixed(0)} MB`}, more than a badzone file can be (${(maxBytes / 1e6).toFixed(0)} MB); it was not read.`,
    fileWhy('file-too-big', { file, size: size ?? null, max: maxBytes }),
  );

/**
 * Read the target as UTF-8 text; null when there is no file. Refuses anything but a regular file, reads at most
 * `maxBytes` (whatever size the file claims: /proc files claim 0), and refuses bytes that are not UTF-8.
 */
export function readTarget(t: Target, maxBytes: number): { text: string; bytes: Buffer; id: FileId } | null {
  if (!t.stat) return null;
  refuseNonRegular(t.stat, t.given);
  if (t.stat.size > maxBytes) throw tooBig(t.given, maxBytes, t.stat.size);
  let fd: number;
  try {
    fd = fs.openSync(t.real, fs.constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (e) {
    if (code(e) === 'ENOENT') return null;
    throw ioError(e, t.given, 'read', 'nothing');
  }
  let read: { text: string; bytes: Buffer; id: FileId };
  try {
    const st = fs.fstatSync(fd);
    refuseNonRegular(st, t.given);
    const buf = Buffer.allocUnsafe(Math.min(Math.max(st.size, 0), maxBytes) + 1);
    let n = 0;
    let grown = buf;
    for (;;) {
      if (n === grown.length) {
        if (grown.length > maxBytes) throw tooBig(t.given, maxBytes);
        const next = Buffer.allocUnsafe(Math.min(grown.length * 2, maxBytes + 1));
        grown.copy(next, 0, 0, n);
        grown = next;
      }
      const r = fs.readSync(fd, grown, n, grown.length - n, null);
      if (r === 0) break;
      n += r;
    }
    const bytes = grown.subarray(0, n);
    read = {
      text: decodeUtf8(bytes, t.given),
      // The bytes as read, kept for the session's hash (./session.ts), so that the text is not encoded again.
      bytes,
      id: { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs },
    };
  } catch (e) {
    closeQuietly(fd);
    throw ioError(e, t.given, 'read', 'nothing');
  }
  // close() too can report an error (EIO, or ENOSPC on a network folder): then the read is not trusted.
  closeRead(fd, t.given);
  return read;
}

/** Close a file that was read; a failure is a sentence (exit 6 for EIO, ENOSPC), like any other read error. */
export function closeRead(fd: number, file: string, doing = 'read'): void {
  try {
    fs.closeSync(fd);
  } catch (e) {
    throw ioError(e, file, doing, 'nothing');
  }
}

function decodeUtf8(bytes: Uint8Array, file: string): string {
  // Checked by node:buffer's isUtf8 and decoded by Buffer's own UTF-8 decoder, which keeps a byte-order mark in the
  // text (where JSON.parse refuses it, as it always has): a fatal TextDecoder gave the same text and refusals, but
  // its first use set up ICU's converter, about 0.3 ms of every command.
  if (isUtf8(bytes)) return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  throw new InvalidFileError(
    `${file} is not UTF-8 text: it holds bytes that are not valid UTF-8 (a badzone file is always UTF-8). It was left as it is.`,
    fileWhy('not-utf8', { file }),
  );
}

/** Read a file as text; missing -> null. Same rules as readTarget. */
export function readText(file: string, maxBytes: number): string | null {
  return readTarget(resolveTarget(file, 'read'), maxBytes)?.text ?? null;
}

/** Parse JSON text, naming the file and where the error is, never quoting the file's bytes. */
export function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const msg = e instanceof Error ? e.message : '';
    const at = /at position (\d+)/.exec(msg);
    let where: string;
    if (text.trim() === '') where = 'it is empty';
    else if (at) {
      const before = text.slice(0, Number(at[1]));
      const line = before.split('\n').length;
      where = `at line ${line}, column ${before.length - before.lastIndexOf('\n')}`;
    } else if (/end of JSON/.test(msg)) where = 'it ends before the JSON does';
    else where = 'an unexpected character';
    throw new InvalidFileError(
      `${file} is not valid JSON (${where}). It was left as it is.`,
      fileWhy('not-json', { file, where }),
    );
  }
}

// ---------------------------------------------------------------------------------------------------------
// Writing

/**
 * Create `tmp` exclusively holding `content`; on any failure nothing is left behind. Not fsynced: other processes
 * see the bytes at once, and a lock emptied by a power cut is judged by its age (lock.ts), so the lock's cost
 * stays one write.
 */
export function writeNew(tmp: string, content: string, forPath: string, doing: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(tmp, 'wx', 0o644);
    fs.writeFileSync(fd, content);
    fs.closeSync(fd);
    fd = null;
  } catch (e) {
    if (fd !== null) closeQuietly(fd);
    fs.rmSync(tmp, { force: true });
    throw ioError(e, forPath, doing, 'nothing');
  }
}

export function closeQuietly(fd: number): void {
  try {
    fs.closeSync(fd);
  } catch {
    /* already failing */
  }
}

/** Before changing an existing session: refuse what cannot be replaced safely. */
export function checkWritable(t: Target, file: string): void {
  checkNameRoom(t.real, file);
  const st = t.stat;
  if (!st?.isFile()) return;
  if ((st.mode & 0o222) === 0) {
    const mode = (st.mode & 0o777).toString(8).padStart(4, '0');
    throw new RefusedError(
      `${file} is read-only (mode ${mode}), so badzone will not change it. The game was not changed. To go on with it, make it writable (chmod u+w).`,
      fileWhy('read-only', { file, mode }),
    );
  }
  try {
    fs.accessSync(t.real, fs.constants.W_OK);
  } catch (e) {
    throw ioError(e, file, 'save', 'game');
  }
  if (st.nlink > 1) {
    throw new RefusedError(
      `${file} has ${st.nlink - 1} other hard link${st.nlink > 2 ? 's' : ''}: badzone saves by replacing the file, which would leave the other names holding the old game. The game was not changed. Use a symbolic link (ln -s) instead: badzone saves through those.`,
      fileWhy('hard-links', { file, links: st.nlink - 1 }),
    );
  }
  let dir: fs.Stats;
  try {
    dir = fs.statSync(path.dirname(t.real));
  } catch (e) {
    throw ioError(e, file, 'save', 'game');
  }
  if (dir.dev !== st.dev) {
    throw new IoError(
      `${file} is a single file mounted into its folder (a bind mount, such as a Docker volume of one file), and a mounted file cannot be replaced, so badzone cannot save it safely. The game was not changed. Mount the folder that holds it instead.`,
      fileWhy('bind-mount', { file }),
    );
  }
}

/**
 * Replace the target's content so that a crash at any moment leaves either the old or the new content: a temp
 * file beside the target, fsync, `guard()` (the caller's last check), rename, fsync folder. The temp file is
 * created 0600, so that at no moment can it be read more widely than the target: it is given the target's
 * permissions (permissions.ts: ACL and extended attributes, mode, owner) only once written. A new file is
 * created 0644 (less the umask), or 0600 when `private`; a `private` save over an existing file makes it 0600,
 * keeping only its owner.
 */
export function writeAtomic(
  t: Target,
  text: string | Uint8Array,
  guard?: () => void,
  opts: { private?: boolean } = {},
): void {
  const dir = path.dirname(t.real);
  const tmp = tempName(t.real);
  const keep = t.stat?.isFile() ? t.stat : null;
  let fd: number | null = null;
  let renaming = false;
  try {
    fd = fs.openSync(tmp, 'wx', keep || opts.private ? 0o600 : 0o644);
    fs.writeFileSync(fd, text);
    if (keep && opts.private) keepOwner(fd, keep);
    else if (keep) keepPermissions(t.real, keep, tmp, fd, t.given, 'save');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fd = null;
    guard?.();
    renaming = true;
    renameInto(tmp, t.real);
  } catch (e) {
    if (fd !== null) closeQuietly(fd);
    fs.rmSync(tmp, { force: true });
    if (e instanceof BadzoneError) throw e;
    if (renaming && code(e) === 'ENOENT') {
      if (!fs.existsSync(dir))
        throw new NoSessionError(
          `Could not save ${t.given}: its folder was removed while badzone was writing. The game was not changed (it is gone with its folder). Restore the folder, or give another path.`,
          fileWhy('folder-removed', { file: t.given }),
        );
      throw new IoError(
        `Could not save ${t.given}: the temporary file badzone had just written beside it disappeared before it could replace the game (a cleaner, sync client or antivirus removing files in that folder?). The game was not changed. Run the command again; if it keeps happening, keep the game in another folder.`,
        fileWhy('temp-vanished', { file: t.given }),
      );
    }
    throw ioError(e, t.given, 'save', 'game');
  }
  try {
    const dfd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(dfd);
    } finally {
      fs.closeSync(dfd);
    }
  } catch {
    /* some file systems cannot fsync a folder; the rename has happened */
  }
}

/**
 * rename(), retried briefly on Windows, where a file another program holds open (an editor, antivirus, a sync
 * client) cannot be replaced for a moment; then a clear message. Elsewhere a failure is final (EBUSY there is a
 * mount, which waiting does not change).
 */
export function renameInto(
  from: string,
  to: string,
  rename: (a: string, b: string) => void = fs.renameSync,
  platform: string = process.platform,
  waitMs = 1000,
): void {
  const deadline = Date.now() + waitMs;
  for (let i = 0; ; i++) {
    try {
      rename(from, to);
      return;
    } catch (e) {
      const c = code(e);
      if (platform !== 'win32' || (c !== 'EPERM' && c !== 'EBUSY' && c !== 'EACCES')) throw e;
      if (Date.now() >= deadline) {
        throw new IoError(
          `Could not save ${to}: another program (an editor, antivirus or a sync client) holds it open, and Windows does not let a file in use be replaced. The game was not changed. Close that program and run the command again.`,
          fileWhy('file-in-use', { file: to }),
        );
      }
      sleep(Math.min(10 * (i + 1), 100));
    }
  }
}

/**
 * Remove temp files that badzone processes which are gone left beside `target` (session and lock temps):
 * those of this computer whose pid is not running, those of another computer only once they are as old as a
 * stale lock from there (the same rule as the lock), and nameless-host ones from 0.1.0 by pid.
 */
export function sweepTemps(target: string, foreignStaleMs: number): void {
  const dir = path.dirname(target);
  const prefix = `.${path.basename(target)}.`;
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  const mine = hostTag();
  for (const n of names) {
    if (!n.startsWith(prefix) || !n.endsWith('.tmp')) continue;
    const rest = n.slice(prefix.length, -'.tmp'.length);
    const now = /^(?:lock(?:\.takeover)*\.)?(\d+)~([A-Za-z0-9-]+)~[a-z0-9]+$/.exec(rest);
    const old = /^(\d+)\.\d+(?:-[a-z0-9]+)?$/.exec(rest);
    const m = now ?? old;
    if (!m) continue;
    const pid = Number(m[1]);
    const host = now ? m[2] : mine;
    const p = path.join(dir, n);
    let gone: boolean;
    if (host === mine) gone = pid === process.pid || !alive(pid);
    else {
      try {
        gone = Date.now() - fs.lstatSync(p).mtimeMs > foreignStaleMs;
      } catch {
        gone = false;
      }
    }
    // Our own pid on a temp file means a process before us had it: this one removes its own before returning.
    if (gone) fs.rmSync(p, { force: true });
  }
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

/**
 * Copy the target (a file that is there: `t.stat`) aside as a backup beside it; returns the backup's path. The
 * backup is created 0600 and given the target's permissions once written (as a save's temp file is), so it is
 * never readable more widely than the game.
 */
export function backup(t: Target, stamp: string): string {
  let target = `${t.real}.${stamp}.bak`;
  for (let i = 2; lexists(target); i++) target = `${t.real}.${stamp}-${i}.bak`;
  let fd: number | null = null;
  try {
    fd = fs.openSync(target, 'wx', 0o600);
    copyInto(t.real, fd);
    keepPermissions(t.real, t.stat!, target, fd, t.given, 'backup');
    fs.closeSync(fd);
    fd = null;
  } catch (e) {
    // Only a backup this call made is removed (an open that failed with EEXIST met someone else's file).
    if (fd !== null) {
      closeQuietly(fd);
      fs.rmSync(target, { force: true });
    }
    throw ioError(e, target, 'write the backup', 'game');
  }
  return target;
}

const lexists = (p: string): boolean => fs.lstatSync(p, { throwIfNoEntry: false }) !== undefined;

/** Copy the bytes of `from` (a regular file, never followed if it is now a link) into the file open as `to`. */
function copyInto(from: string, to: number): void {
  const src = fs.openSync(from, fs.constants.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  try {
    const buf = Buffer.allocUnsafe(1 << 16);
    for (let n = fs.readSync(src, buf, 0, buf.length, null); n > 0; n = fs.readSync(src, buf, 0, buf.length, null)) {
      for (let off = 0; off < n; ) off += fs.writeSync(to, buf, off, n - off);
    }
  } finally {
    closeQuietly(src);
  }
}

/** The first existing ancestor of a path (a file, when a path runs through one: ENOTDIR). */
function fileOnPath(file: string): string {
  let p = path.dirname(path.resolve(file));
  while (!fs.existsSync(p) && path.dirname(p) !== p) p = path.dirname(p);
  return p;
}

/**
 * Turn a system error into a sentence: what happened, whether anything changed, what to do. Never the raw
 * system message. `what` says what stayed unchanged: the game (a save failed before its rename), or nothing at
 * all (a read, a lock).
 */
export function ioError(e: unknown, file: string, doing: string, what: 'game' | 'nothing'): BadzoneError {
  if (e instanceof BadzoneError) return e;
  const name = file.length > 160 ? `${file.slice(0, 100)}...` : file;
  const unchanged = what === 'game' ? 'The game was not changed.' : 'Nothing was changed.';
  const c = code(e);
  const n = errnoOf(e);
  const d = fileWhy('file-system', { file, doing, errno: c ?? null, unchanged: what });
  const edquot = c === 'EDQUOT' || (n !== undefined && n === -(os.constants.errno.EDQUOT ?? 122));
  if (edquot)
    return new IoError(
      `Could not ${doing} ${name}: your disk quota is used up. ${unchanged} Free some space (or ask for a larger quota) and run the command again.`,
      d,
    );
  // Node refuses a path with a NUL character before asking the system: no file can have such a name.
  if (file.includes('\u0000'))
    return new UsageError(
      `Could not ${doing} ${name}: the path contains a NUL character, which no file name can. ${unchanged} Give another path.`,
      d,
    );
  switch (c) {
    case 'ENOENT':
      return new NoSessionError(
        `Could not ${doing} ${name}: its folder does not exist. Create the folder, or give another path.`,
        d,
      );
    case 'ENAMETOOLONG':
      return new RefusedError(
        `Could not ${doing} ${name}: the name is too long for this system. ${unchanged} Give a shorter path.`,
        d,
      );
    case 'ELOOP':
      return new RefusedError(
        `Could not ${doing} ${name}: its path goes round a loop of symbolic links. ${unchanged} Give another path.`,
        d,
      );
    case 'ENOTDIR':
      return new NoSessionError(
        `Could not ${doing} ${name}: ${fileOnPath(file)} is a file, not a folder. Give another path.`,
        d,
      );
    case 'EACCES':
    case 'EPERM':
      return new RefusedError(
        `Could not ${doing} ${name}: permission denied (a read-only folder or file?). ${unchanged} Use a folder and file you can write to.`,
        d,
      );
    case 'EROFS':
      return new RefusedError(
        `Could not ${doing} ${name}: permission denied: the file system is read-only. ${unchanged} Use a folder you can write to.`,
        d,
      );
    case 'EISDIR':
      return new InvalidFileError(`${name} is a folder, not a file. Give the path of a file.`, d);
    case 'ENOSPC':
      return new IoError(
        `Could not ${doing} ${name}: the disk is full. ${unchanged} Free some space and run the command again.`,
        d,
      );
    case 'EIO':
      return new IoError(
        `Could not ${doing} ${name}: the disk reported an input/output error (a failing or removed drive, or a network folder that went away). ${unchanged} Check the disk and run the command again.`,
        d,
      );
    case 'EBUSY':
      return new IoError(
        `Could not ${doing} ${name}: the file is busy: held by another program, or a single file mounted on its own (a bind mount, such as a Docker volume of one file), which cannot be replaced. ${unchanged} Mount the folder that holds it instead, or close the other program.`,
        d,
      );
    case 'EMFILE':
    case 'ENFILE':
      return new IoError(
        `Could not ${doing} ${name}: too many files are open on this system. ${unchanged} Close some programs and run the command again.`,
        d,
      );
    case 'EFBIG':
      return new IoError(
        `Could not ${doing} ${name}: the file would be larger than this file system allows. ${unchanged}`,
        d,
      );
    case 'ESTALE':
    case 'ETIMEDOUT':
    case 'EHOSTDOWN':
    case 'ENOTCONN':
      return new IoError(
        `Could not ${doing} ${name}: the network folder it is in stopped answering. ${unchanged} Check the connection and run the command again.`,
        d,
      );
    default:
      return new IoError(
        `Could not ${doing} ${name}: the system refused it (${c ?? 'an unknown error'}${n !== undefined && !c?.includes(String(-n)) ? `, error ${n}` : ''}). ${unchanged} Run the command again; if it keeps happening, check the disk.`,
        d,
      );
  }
}
