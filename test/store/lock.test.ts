// src/store/lock.ts in this process: what a lock holds; creating it (with and without hard links, and what each
// failure names); a lock found in place, and what is read of it and how (never through a link, never blocking,
// never opening what is not a regular file, always closing what it opened); when it is waited for (the defaults
// and the exact edges of each wait and limit, on a clock the test controls, so a wait of 2 s takes no time),
// taken over (which lock counts as "the very one judged stale", which errors stop a takeover and which are
// retried) or refused; and what each failure tells the user, naming what badzone was doing and the file.
// Real files in temp folders; file errors through the seam.
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arm, errno, reset, seam, trail } from './fs-seam.js';
import { freshStore, type Store } from './fresh.js';
import { deadPid, list as listIn, plantLock, thrown, useTempFolder } from './kit.js';
import type { LockOptions } from '../../src/store/lock.js';

let InvalidFileError: Store['errors']['InvalidFileError'];
let IoError: Store['errors']['IoError'];
let LockedError: Store['errors']['LockedError'];
let NoSessionError: Store['errors']['NoSessionError'];
let bootId: Store['files']['bootId'];
let hostName: Store['files']['hostName'];
let acquire: Store['lock']['acquire'];
let inspect: Store['lock']['inspect'];
let release: Store['lock']['release'];
let stillHeld: Store['lock']['stillHeld'];
let withLock: Store['lock']['withLock'];
let S: Store;

vi.mock('node:fs', async (importOriginal) => (await import('./fs-seam.js')).seamed(await importOriginal()));

beforeEach(async () => {
  S = await freshStore();
  ({ InvalidFileError, IoError, LockedError, NoSessionError } = S.errors);
  ({ bootId, hostName } = S.files);
  ({ acquire, inspect, release, stillHeld, withLock } = S.lock);
});

const FAST: LockOptions = { waitMs: 60, unreadableStaleMs: 2000, foreignStaleMs: 10 * 60_000 };
const NOW: LockOptions = { ...FAST, waitMs: 0 };

let dir = '';
let lock = '';
const FILE = '/games/g.json';
useTempFolder('badzone-lock-', (d) => {
  dir = d;
  lock = path.join(d, 'g.json.lock');
});
afterEach(() => vi.restoreAllMocks());

const list = (): string[] => listIn(dir);
const readLock = (p = lock): Record<string, unknown> => JSON.parse(fs.readFileSync(p, 'utf8'));
const plant = (owner: Record<string, unknown> | string, ageMs = 0, p = lock): string => plantLock(p, owner, ageMs);
const live = (more: Record<string, unknown> = {}): Record<string, unknown> => ({
  pid: process.ppid,
  host: hostName(),
  ...(bootId() ? { boot: bootId() } : {}),
  token: 'live',
  ...more,
});
/** The message says what badzone was doing, on which file ("Could not <doing> <file>: ..."). */
function says(e: Error, doing: string, file: string): void {
  expect(e).toBeInstanceOf(S.errors.BadzoneError);
  expect(e.message).toContain(`${doing} ${file}`);
}

/** A clock the test moves: Date.now() answers it, and each of the lock's sleeps is recorded and moves it on. */
let sleeps: number[] = [];
function fakeClock(start = Date.now()): { now: () => number; set: (t: number) => void } {
  let t = start;
  sleeps = [];
  vi.spyOn(Date, 'now').mockImplementation(() => t);
  // files.ts's sleep is a timed Atomics.wait.
  vi.spyOn(Atomics, 'wait').mockImplementation((_a, _i, _v, ms) => {
    sleeps.push(ms!);
    if (sleeps.length > 500) throw new Error('still waiting after 500 sleeps');
    t += ms!;
    return 'timed-out';
  });
  return { now: () => t, set: (v) => (t = v) };
}

describe('taking and releasing the lock', () => {
  it('the lock holds this process, this computer, this boot, a token and the time; release removes it', () => {
    const t0 = Date.now();
    const held = acquire(lock, FILE, FAST);
    const o = readLock();
    expect(o.pid).toBe(process.pid);
    expect(o.host).toBe(hostName());
    expect(o.boot).toBe(bootId() ?? undefined);
    expect(o.token).toMatch(new RegExp(`^${process.pid}-[a-z0-9]+$`));
    expect(o.time as number).toBeGreaterThanOrEqual(t0);
    expect(o.time as number).toBeLessThanOrEqual(Date.now());
    expect(held).toEqual({ lock, content: fs.readFileSync(lock, 'utf8') });
    expect(list()).toEqual(['g.json.lock']); // the temp file it was written under is gone
    expect(stillHeld(held)).toBe(true);
    release(held);
    expect(list()).toEqual([]);
    expect(stillHeld(held)).toBe(false);
  });

  it('two acquisitions never write the same bytes', () => {
    const a = acquire(lock, FILE, FAST);
    release(a);
    const b = acquire(lock, FILE, FAST);
    expect(b.content).not.toBe(a.content);
    release(b);
  });

  it('a lock replaced by someone else is not ours: not held, and release leaves it', () => {
    const held = acquire(lock, FILE, FAST);
    plant({ pid: 1, host: hostName(), token: 'theirs' });
    expect(stillHeld(held)).toBe(false);
    release(held);
    expect(readLock().token).toBe('theirs');
    fs.rmSync(lock);
    release(held); // already gone: no error
    expect(stillHeld(held)).toBe(false);
  });

  it('withLock returns what the work returns, and releases the lock even when the work throws', () => {
    const real = path.join(dir, 'g.json');
    expect(withLock(real, FILE, (h) => (expect(fs.existsSync(h.lock)).toBe(true), 42), FAST)).toBe(42);
    expect(list()).toEqual([]);
    expect(
      thrown(() =>
        withLock(
          real,
          FILE,
          () => {
            throw new Error('boom');
          },
          FAST,
        ),
      ).message,
    ).toBe('boom');
    expect(list()).toEqual([]);
  });
});

describe('creating the lock', () => {
  it('a temp lock that cannot be written names the lock it was for', () => {
    arm('writeFileSync', { throws: errno('ENOSPC', 'write') });
    says(
      thrown(() => acquire(lock, FILE, FAST)),
      'create the lock for',
      lock,
    );
    reset();
    expect(list()).toEqual([]);
  });

  it('a link that fails names the lock', () => {
    arm('linkSync', { throws: errno('EIO', 'link') });
    says(
      thrown(() => acquire(lock, FILE, FAST)),
      'create the lock for',
      lock,
    );
  });

  it('without hard links: a failing exclusive create, or a failing write, names the lock and leaves none', () => {
    arm('linkSync', { throws: errno('EPERM', 'link') });
    arm('openSync', { throws: errno('EIO', 'open') }, (args) => args[0] === lock);
    says(
      thrown(() => acquire(lock, FILE, FAST)),
      'create the lock for',
      lock,
    );
    expect(list()).toEqual([]);
    reset();
    arm('linkSync', { throws: errno('EPERM', 'link') });
    arm(
      'writeFileSync',
      { throws: errno('EIO', 'write') },
      (args) => typeof args[0] === 'number' && fs.existsSync(lock),
    );
    says(
      thrown(() => acquire(lock, FILE, FAST)),
      'create the lock for',
      lock,
    );
    reset();
    expect(list()).toEqual([]);
  });

  it('without hard links: a write that fails after someone removed the new lock still reports the write', () => {
    arm('linkSync', { throws: errno('EPERM', 'link') });
    arm(
      'writeFileSync',
      {
        calls: () => {
          fs.rmSync(lock);
          throw errno('ENOSPC', 'write');
        },
      },
      (args) => typeof args[0] === 'number' && fs.existsSync(lock),
    );
    const e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(IoError);
    says(e, 'create the lock for', lock);
    reset();
    expect(list()).toEqual([]);
  });
});

describe('creating the lock when the file system is not as expected', () => {
  it('a file system without hard links: created exclusively and written at once', () => {
    for (const c of ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']) {
      arm('linkSync', { throws: errno(c, 'link') });
      const held = acquire(lock, FILE, FAST);
      expect(readLock().pid, c).toBe(process.pid);
      expect(fs.readFileSync(lock, 'utf8')).toBe(held.content);
      release(held);
      reset();
    }
  });

  it('without hard links, a lock already there is waited for', () => {
    plant({ pid: process.ppid, host: hostName(), token: 'live' });
    arm('linkSync', { throws: errno('EPERM', 'link') });
    expect(thrown(() => acquire(lock, FILE, FAST))).toBeInstanceOf(LockedError);
  });

  it('without hard links, a write that fails leaves no lock and says so', () => {
    arm('linkSync', { throws: errno('EPERM', 'link') });
    arm(
      'writeFileSync',
      { throws: errno('ENOSPC', 'write') },
      (args) =>
        typeof args[0] === 'number' &&
        (args[1] as string).includes('"token"') &&
        seam.calls.length >= 0 &&
        fs.existsSync(lock),
    );
    const e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toContain(lock);
    reset();
    expect(list()).toEqual([]);
  });

  it('without hard links, an open that fails is an error naming the lock', () => {
    arm('linkSync', { throws: errno('EPERM', 'link') });
    arm('openSync', { throws: errno('EIO', 'open') }, (args) => args[0] === lock);
    const e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(IoError);
    reset();
    expect(list()).toEqual([]);
  });

  it('a folder that is gone: no-session naming the file; a failing link: io error; a full disk: no lock left', () => {
    const gone = path.join(dir, 'gone', 'g.json.lock');
    arm('writeFileSync', {
      calls: (real, args) => (real(...args), fs.rmSync(path.dirname(gone), { recursive: true, force: true })),
    });
    fs.mkdirSync(path.dirname(gone));
    arm('linkSync', { throws: errno('ENOENT', 'link') });
    let e = thrown(() => acquire(gone, FILE, FAST));
    expect(e).toBeInstanceOf(NoSessionError);
    expect(e.message).toContain(FILE);
    reset();
    arm('linkSync', { throws: errno('EIO', 'link') });
    e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toContain(lock);
    reset();
    expect(list()).toEqual([]);
    arm('writeFileSync', { throws: errno('ENOSPC', 'write') });
    e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(IoError);
    reset();
    expect(list()).toEqual([]);
  });
});

describe('a lock already there', () => {
  it('held by a live process of this computer: waits, then exit 5 naming the process and the lock, and leaves it', () => {
    const text = plant({
      pid: process.ppid,
      host: hostName(),
      ...(bootId() ? { boot: bootId() } : {}),
      token: 'live',
      time: Date.now(),
    });
    const t0 = Date.now();
    const e = thrown(() => acquire(lock, FILE, { ...FAST, waitMs: 150 }));
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
    expect(e).toBeInstanceOf(LockedError);
    expect(e.message).toContain(FILE);
    expect(e.message).toContain(`(process ${process.ppid})`);
    expect(e.message).toContain(lock);
    expect(fs.readFileSync(lock, 'utf8')).toBe(text);
    expect(list()).toEqual(['g.json.lock']);
  });

  it('released while waiting: taken as soon as it is free', () => {
    plant({ pid: process.ppid, host: hostName(), token: 'live' });
    let looks = 0;
    arm('lstatSync', { calls: (real, args) => (args[0] === lock && ++looks === 2 && fs.rmSync(lock), real(...args)) });
    const held = acquire(lock, FILE, { ...FAST, waitMs: 2000 });
    expect(readLock().pid).toBe(process.pid);
    release(held);
  });

  it('left by a process that is gone: taken over at once', () => {
    plant({
      pid: deadPid(),
      host: hostName(),
      ...(bootId() ? { boot: bootId() } : {}),
      token: 'dead',
      time: Date.now(),
    });
    const t0 = Date.now();
    const held = acquire(lock, FILE, { ...FAST, waitMs: 5000 });
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(readLock().token).not.toBe('dead');
    expect(readLock().pid).toBe(process.pid);
    expect(list()).toEqual(['g.json.lock']); // no takeover lock or temp file left
    release(held);
  });

  it('from 0.1.0 ({pid, token}, no host): judged by its pid on this computer', () => {
    plant({ pid: deadPid(), token: 'old' });
    release(acquire(lock, FILE, FAST));
    plant({ pid: process.ppid, token: 'old-live' });
    expect(thrown(() => acquire(lock, FILE, FAST))).toBeInstanceOf(LockedError);
  });

  it.skipIf(!fs.existsSync('/proc/sys/kernel/random/boot_id'))(
    'from before this computer restarted (another boot): taken over whatever its pid',
    () => {
      plant({ pid: process.ppid, host: hostName(), boot: 'another-boot', token: 'before-restart', time: Date.now() });
      const held = acquire(lock, FILE, FAST);
      expect(readLock().pid).toBe(process.pid);
      release(held);
    },
  );

  it('from another computer: never taken over by its pid; exit 5 naming that computer, since when, and the wait', () => {
    const time = Date.UTC(2026, 0, 2, 13, 45);
    plant({ pid: deadPid(), host: 'far-away-box', token: 'far', time: Date.now() - 60_000 });
    let e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(LockedError);
    expect(e.message).toContain('"far-away-box"');
    expect(e.message).toContain('10 minutes');
    expect(readLock().token).toBe('far');
    // Its own clock may say long ago; while the file is fresh it is not stale (the younger of the two ages counts).
    plant({ pid: 7, host: 'far-away-box', token: 'far2', time });
    e = thrown(() => acquire(lock, FILE, FAST));
    expect(e.message).toContain('(process 7) since 13:45 UTC');
    // No time in it: no "since".
    plant({ pid: 7, host: 'far-away-box', token: 'far3' });
    expect(thrown(() => acquire(lock, FILE, FAST)).message).not.toContain('since');
  });

  it('from another computer and older than the foreign limit by both clocks: taken over', () => {
    plant({ pid: 7, host: 'far-away-box', token: 'far', time: Date.now() - 11 * 60_000 }, 11 * 60_000);
    const held = acquire(lock, FILE, FAST);
    expect(readLock().pid).toBe(process.pid);
    release(held);
    // Old by its clock only (the file was touched just now): still waited for.
    plant({ pid: 7, host: 'far-away-box', token: 'far', time: Date.now() - 11 * 60_000 });
    expect(thrown(() => acquire(lock, FILE, FAST))).toBeInstanceOf(LockedError);
    // Old by the file only: still waited for.
    plant({ pid: 7, host: 'far-away-box', token: 'far', time: Date.now() }, 11 * 60_000);
    expect(thrown(() => acquire(lock, FILE, FAST))).toBeInstanceOf(LockedError);
    // The limit is the option's.
    plant({ pid: 7, host: 'far-away-box', token: 'far', time: Date.now() - 5000 }, 5000);
    release(acquire(lock, FILE, { ...FAST, foreignStaleMs: 1000 }));
  });

  it('unreadable (garbage, empty, no pid): waited for while fresh, taken over once older than the limit', () => {
    for (const junk of ['', '{', 'null', '[]', '{"pid":0}', '{"pid":-4}', '{"pid":1.5}', '{"pid":"12"}', '"text"']) {
      plant(junk);
      const e = thrown(() => acquire(lock, FILE, FAST));
      expect(e, junk).toBeInstanceOf(LockedError);
      expect(e.message).not.toContain('(process');
      expect(fs.readFileSync(lock, 'utf8')).toBe(junk);
      plant(junk, 3000);
      const held = acquire(lock, FILE, FAST);
      expect(readLock().pid, junk).toBe(process.pid);
      release(held);
    }
  });

  it('fields of the wrong type in a lock are ignored, not trusted', () => {
    plant({ pid: deadPid(), host: 42, boot: 7, time: 'noon', token: 'x' });
    release(acquire(lock, FILE, FAST)); // host not text: this computer's rule, pid dead
  });

  it.each([
    ['a folder', () => fs.mkdirSync(lock), /a folder/],
    ['a symbolic link', () => fs.symlinkSync('/dev/zero', lock), /a symbolic link/],
    ['a dangling symbolic link', () => fs.symlinkSync(path.join(dir, 'nowhere'), lock), /a symbolic link/],
    ['a file larger than a lock', () => fs.writeFileSync(lock, 'x'.repeat(5000)), /larger than a lock/],
    ['a FIFO', () => spawnSync('mkfifo', [lock]), /pipe/],
  ])('%s is refused at once (exit 4), named, and left alone', (_label, make, what) => {
    make();
    if (!fs.existsSync(lock) && !fs.lstatSync(lock, { throwIfNoEntry: false })) return; // mkfifo missing
    const t0 = Date.now();
    const e = thrown(() => acquire(lock, FILE, { ...FAST, waitMs: 5000 }));
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(e).toBeInstanceOf(InvalidFileError);
    expect(e.message).toContain(lock);
    expect(e.message).toMatch(what);
    expect(fs.lstatSync(lock)).toBeTruthy();
    expect(list().filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('a device where the lock should be is refused', () => {
    fs.symlinkSync('/dev/null', path.join(dir, 'via'));
    expect(inspect('/dev/null')).toEqual({ kind: 'special', what: 'a device' });
  });

  it('exactly 4096 bytes is still read as a lock; 4097 is not', () => {
    plant(
      JSON.stringify({ pid: deadPid(), host: hostName(), token: 'x'.repeat(4096 - 60) })
        .padEnd(4096, ' ')
        .slice(0, 4096),
    );
    expect(inspect(lock).kind).toBe('lock');
    fs.writeFileSync(lock, 'y'.repeat(4097));
    expect(inspect(lock)).toEqual({ kind: 'special', what: 'a file larger than a lock' });
  });

  it('a lock that grew between the look and the read is judged by what was read', () => {
    plant('{"pid":1}');
    arm('fstatSync', { calls: (real, args) => Object.assign(real(...args) as fs.Stats, { size: 10 }) });
    arm(
      'readSync',
      {
        calls: (_real, args) => (
          (args[1] as Buffer).fill(0x61, args[2] as number), (args[1] as Buffer).length - (args[2] as number)
        ),
      },
      (_a, n) => n === 0,
    );
    expect(inspect(lock)).toEqual({ kind: 'special', what: 'a file larger than a lock' });
  });

  it('replaced by a folder or a link between the look and the open: judged by what was opened', () => {
    plant('{"pid":1}');
    arm('fstatSync', {
      calls: (real, args) =>
        Object.assign(Object.create(fs.Stats.prototype), real(...args) as object, {
          mode: fs.constants.S_IFDIR | 0o755,
        }),
    });
    expect(inspect(lock)).toEqual({ kind: 'special', what: 'a folder' });
    reset();
    arm('openSync', { throws: errno('ELOOP', 'open') });
    expect(inspect(lock)).toEqual({ kind: 'special', what: 'a symbolic link' });
    reset();
    arm('openSync', { throws: errno('ENOENT', 'open') });
    expect(inspect(lock)).toEqual({ kind: 'missing' });
    reset();
    arm('openSync', { throws: errno('EACCES', 'open') });
    expect(thrown(() => inspect(lock))).toBeInstanceOf(Error);
    reset();
    arm('lstatSync', { throws: errno('EIO', 'lstat') });
    const e = thrown(() => inspect(lock));
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toContain(lock);
    reset();
    arm('readSync', { throws: errno('EIO', 'read') });
    expect(thrown(() => inspect(lock))).toBeInstanceOf(IoError);
  });
});

describe('what is read of a lock, and how', () => {
  it('nothing there is "missing"', () => {
    expect(inspect(lock)).toEqual({ kind: 'missing' });
  });

  it('the owner read back: pid, host, boot and time when they have the right type, else null; no owner from garbage', () => {
    plant({ pid: 12, host: 'box', boot: 'b-1', token: 't', time: 1234 });
    expect(inspect(lock)).toMatchObject({ kind: 'lock', owner: { pid: 12, host: 'box', boot: 'b-1', time: 1234 } });
    plant({ pid: 12, token: 't' });
    expect((inspect(lock) as { owner: unknown }).owner).toEqual({ pid: 12, host: null, boot: null, time: null });
    plant({ pid: 12, host: 1, boot: 2, time: '3' });
    expect((inspect(lock) as { owner: unknown }).owner).toEqual({ pid: 12, host: null, boot: null, time: null });
    for (const junk of ['{', '', 'null', '"text"', '[]']) {
      plant(junk);
      const seen = inspect(lock) as { kind: string; raw: string; owner: unknown };
      expect(seen.kind, junk).toBe('lock');
      expect(seen.raw).toBe(junk);
      expect(seen.owner, junk).toBeNull();
    }
  });

  it.skipIf(!fs.existsSync('/proc/sys/kernel/random/boot_id'))(
    'a boot that is not text is ignored: a live holder of this computer is still waited for',
    () => {
      plant(live({ boot: 7 }));
      expect(thrown(() => acquire(lock, FILE, FAST))).toBeInstanceOf(LockedError);
      expect(readLock().token).toBe('live');
    },
  );

  it("a time that is not a number is ignored: another computer's lock whose file is old is taken over", () => {
    plant({ pid: 7, host: 'far-away-box', token: 'far', time: 'noon' }, 11 * 60_000);
    const held = acquire(lock, FILE, FAST);
    expect(readLock().pid).toBe(process.pid);
    release(held);
  });

  it.skipIf(process.platform === 'win32')(
    'opened without following a link and without blocking, and closed again',
    () => {
      plant(live());
      const opened: number[] = [];
      arm(
        'openSync',
        {
          calls: (real, args) => {
            const fd = real(...args) as number;
            opened.push(fd);
            return fd;
          },
        },
        (args) => args[0] === lock,
      );
      seam.recording = true;
      expect(inspect(lock).kind).toBe('lock');
      const opens = seam.calls.filter((c) => c.name === 'openSync' && c.args[0] === lock);
      expect(opens).toHaveLength(1);
      const flags = opens[0]!.args[1] as number;
      expect(flags & fs.constants.O_NOFOLLOW).toBe(fs.constants.O_NOFOLLOW);
      expect(flags & fs.constants.O_NONBLOCK).toBe(fs.constants.O_NONBLOCK);
      expect(trail(['closeSync']).map(([, fd]) => fd)).toEqual(opened);
      // Closed also when the read fails.
      arm('readSync', { throws: errno('EIO', 'read') });
      seam.calls = [];
      says(
        thrown(() => inspect(lock)),
        'read the lock',
        lock,
      );
      expect(opened).toHaveLength(2);
      expect(trail(['closeSync']).map(([, fd]) => fd)).toEqual([opened[1]]);
    },
  );

  it.skipIf(process.platform === 'win32')(
    'a lock replaced by a link between the look and the open is not followed',
    () => {
      const elsewhere = path.join(dir, 'elsewhere.json');
      plant(live(), 0, elsewhere);
      plant(live());
      arm(
        'lstatSync',
        {
          calls: (real, args) => {
            const st = real(...args);
            fs.rmSync(lock);
            fs.symlinkSync(elsewhere, lock);
            return st;
          },
        },
        (args, n) => args[0] === lock && n === 0,
      );
      expect(inspect(lock)).toEqual({ kind: 'special', what: 'a symbolic link' });
    },
  );

  it.skipIf(process.platform === 'win32').each([
    ['a folder', () => fs.mkdirSync(lock), 'a folder'],
    ['a symbolic link', () => fs.symlinkSync(path.join(dir, 'x'), lock), 'a symbolic link'],
    ['a file larger than a lock', () => fs.writeFileSync(lock, 'x'.repeat(4097)), 'a file larger than a lock'],
    ['a FIFO', () => spawnSync('mkfifo', [lock]), 'a pipe (FIFO)'],
  ])('%s is judged from its look alone: never opened', (_label, make, what) => {
    make();
    if (!fs.lstatSync(lock, { throwIfNoEntry: false })) return; // no mkfifo here
    seam.recording = true;
    expect(inspect(lock)).toEqual({ kind: 'special', what });
    expect(trail(['openSync'])).toEqual([]);
  });

  it.skipIf(process.platform === 'win32')(
    'a socket where the lock should be is refused as a socket (exit 4), and left',
    async () => {
      const server = net.createServer();
      await new Promise<void>((resolve) => server.listen(lock, resolve));
      try {
        expect(inspect(lock)).toEqual({ kind: 'special', what: 'a socket' });
        const e = thrown(() => acquire(lock, FILE, FAST));
        expect(e).toBeInstanceOf(InvalidFileError);
        expect(e.message).toContain(lock);
        expect(e.message).toContain('a socket');
        expect(fs.lstatSync(lock).isSocket()).toBe(true);
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
  );

  it('something that is none of the kinds it knows (neither file, folder, link, pipe, device nor socket) is refused', () => {
    plant(live());
    arm(
      'lstatSync',
      { calls: (real, args) => Object.assign(Object.create(fs.Stats.prototype), real(...args) as object, { mode: 0 }) },
      (args) => args[0] === lock,
    );
    expect(inspect(lock)).toEqual({ kind: 'special', what: 'not a regular file' });
    const e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(InvalidFileError);
    expect(e.message).toContain('not a regular file');
  });

  it('a failing look, open or read names what it was doing and the lock', () => {
    plant(live());
    arm('lstatSync', { throws: errno('EIO', 'lstat') }, (args) => args[0] === lock);
    says(
      thrown(() => inspect(lock)),
      'read the lock',
      lock,
    );
    reset();
    arm('openSync', { throws: errno('EIO', 'open') }, (args) => args[0] === lock);
    says(
      thrown(() => inspect(lock)),
      'read the lock',
      lock,
    );
    reset();
    arm('fstatSync', { throws: errno('EIO', 'fstat') });
    says(
      thrown(() => inspect(lock)),
      'read the lock',
      lock,
    );
  });
});

describe('the defaults, and the edges of each wait', () => {
  it('by default: a live holder is waited for 2 s, looking again at 5, 10, 15 ... ms apart, never more than 50', () => {
    plant(live());
    const clock = fakeClock();
    const t0 = clock.now();
    const e = thrown(() => acquire(lock, FILE));
    expect(e).toBeInstanceOf(LockedError);
    const waited = sleeps.reduce((a, b) => a + b, 0);
    expect(clock.now() - t0).toBe(waited);
    expect(waited).toBeGreaterThanOrEqual(2000);
    expect(waited - sleeps.at(-1)!).toBeLessThan(2000); // the last look was the first at or past the 2 s
    expect(sleeps.slice(0, 12)).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 50, 50]);
    expect(Math.max(...sleeps)).toBe(50);
    expect(readLock().token).toBe('live');
  });

  it('a wait that ends exactly on a look is over: no wait means one look and no sleep; 15 ms means two sleeps', () => {
    plant(live());
    fakeClock();
    expect(thrown(() => acquire(lock, FILE, NOW))).toBeInstanceOf(LockedError);
    expect(sleeps).toEqual([]);
    fakeClock();
    expect(thrown(() => acquire(lock, FILE, { ...FAST, waitMs: 15 }))).toBeInstanceOf(LockedError);
    expect(sleeps).toEqual([5, 10]);
  });

  it('by default an unreadable lock is stale once more than 2 s old, and not at 2 s exactly', () => {
    const once = { ...S.lock.LOCK_DEFAULTS, waitMs: 0 };
    plant('{');
    const t = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    fs.utimesSync(lock, t, t);
    const mtime = fs.statSync(lock).mtimeMs;
    const clock = fakeClock(mtime + 2000);
    expect(thrown(() => acquire(lock, FILE, once))).toBeInstanceOf(LockedError);
    expect(fs.readFileSync(lock, 'utf8')).toBe('{');
    clock.set(mtime + 2001);
    release(acquire(lock, FILE, once));
    // Found fresh, it goes stale during the default wait, and is then taken over.
    plant('{');
    const found = fs.statSync(lock).mtimeMs;
    fakeClock(found + 1000);
    release(acquire(lock, FILE));
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
  });

  it('an unreadable lock exactly as old as the option says is not stale yet; 1 ms older it is', () => {
    plant('garbage');
    const mtime = fs.statSync(lock).mtimeMs;
    const clock = fakeClock(mtime + 500);
    expect(thrown(() => acquire(lock, FILE, { ...NOW, unreadableStaleMs: 500 }))).toBeInstanceOf(LockedError);
    expect(fs.readFileSync(lock, 'utf8')).toBe('garbage');
    clock.set(mtime + 501);
    release(acquire(lock, FILE, { ...NOW, unreadableStaleMs: 500 }));
  });

  it('by default a lock of another computer is stale after 10 minutes by both clocks, and not at 10 minutes exactly', () => {
    const once = { ...S.lock.LOCK_DEFAULTS, waitMs: 0 };
    const clock = fakeClock();
    const now = clock.now();
    const text = plant({ pid: 7, host: 'far-away-box', token: 'far', time: now - 10 * 60_000 }, 60 * 60_000);
    const e = thrown(() => acquire(lock, FILE, once));
    expect(e).toBeInstanceOf(LockedError);
    expect(e.message).toContain('10 minutes');
    expect(fs.readFileSync(lock, 'utf8')).toBe(text);
    clock.set(now + 1);
    release(acquire(lock, FILE, once));
  });

  it('a lock of another computer exactly as old as the option says is not stale yet', () => {
    const clock = fakeClock();
    const now = clock.now();
    plant({ pid: 7, host: 'far-away-box', token: 'far', time: now - 1000 }, 60_000);
    expect(thrown(() => acquire(lock, FILE, { ...NOW, foreignStaleMs: 1000 }))).toBeInstanceOf(LockedError);
    expect(readLock().token).toBe('far');
    clock.set(now + 1);
    release(acquire(lock, FILE, { ...NOW, foreignStaleMs: 1000 }));
  });

  it('a lock released between the failed create and the look is taken at once, even with no time to wait', () => {
    plant(live());
    arm(
      'lstatSync',
      { calls: (real, args) => (args[0] === lock && fs.rmSync(lock, { force: true }), real(...args)) },
      (args) => args[0] === lock,
    );
    const held = acquire(lock, FILE, NOW);
    expect(readLock().pid).toBe(process.pid);
    expect(held.content).toBe(fs.readFileSync(lock, 'utf8'));
    release(held);
  });
});

describe('what the user is told', () => {
  it('an unreadable lock is waited for with the same message as a live one, without naming a process', () => {
    plant(live());
    const named = thrown(() => acquire(lock, FILE, NOW)).message;
    expect(named).toContain(` (process ${process.ppid})`);
    plant('{"not":"a lock"}');
    const e = thrown(() => acquire(lock, FILE, NOW));
    expect(e).toBeInstanceOf(LockedError);
    expect(e.message).toBe(named.replace(` (process ${process.ppid})`, ''));
  });

  it('a live holder on this computer is not said to be on another computer', () => {
    plant(live({ time: Date.now() }));
    const local = thrown(() => acquire(lock, FILE, NOW));
    plant({ pid: process.ppid, host: 'far-away-box', token: 'far', time: Date.now() });
    const far = thrown(() => acquire(lock, FILE, NOW));
    expect(far.message).toMatch(/another computer/);
    expect(far.message).toContain('"far-away-box"');
    expect(local.message).not.toMatch(/another computer/);
    expect(local.message).toContain(`(process ${process.ppid})`);
    expect(local.message).toContain(lock);
  });

  it('another computer\'s lock without a time: the same message as with one, less the "since"', () => {
    const time = Date.UTC(2026, 0, 2, 13, 45);
    plant({ pid: 7, host: 'far-away-box', token: 'far', time });
    const withTime = thrown(() => acquire(lock, FILE, NOW)).message;
    expect(withTime).toContain(' since 13:45 UTC');
    plant({ pid: 7, host: 'far-away-box', token: 'far' });
    expect(thrown(() => acquire(lock, FILE, NOW)).message).toBe(withTime.replace(' since 13:45 UTC', ''));
  });
});

describe('taking over a stale lock', () => {
  it('a takeover lock left by a killed takeover is itself taken over, and removed afterwards', () => {
    plant({ pid: deadPid(), host: hostName(), token: 'dead' });
    plant({ pid: deadPid(), host: hostName(), token: 'dead-takeover' }, 0, `${lock}.takeover`);
    const held = acquire(lock, FILE, FAST);
    expect(readLock().pid).toBe(process.pid);
    expect(list()).toEqual(['g.json.lock']);
    release(held);
  });

  it('killed takeovers three levels deep: exit 5, and nothing is removed', () => {
    plant({ pid: deadPid(), host: hostName(), token: 'dead' });
    plant({ pid: deadPid(), host: hostName(), token: 'd1' }, 0, `${lock}.takeover`);
    plant({ pid: deadPid(), host: hostName(), token: 'd2' }, 0, `${lock}.takeover.takeover`);
    const e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(LockedError);
    expect(e.message).toContain(lock);
    expect(list()).toEqual(['g.json.lock', 'g.json.lock.takeover', 'g.json.lock.takeover.takeover']);
    expect(readLock().token).toBe('dead');
  });

  it('a live process mid-takeover: this one does not take over too, and waits', () => {
    plant({ pid: deadPid(), host: hostName(), token: 'dead' });
    plant({ pid: process.ppid, host: hostName(), token: 'taking-over' }, 0, `${lock}.takeover`);
    const e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(LockedError);
    expect(e.message).toMatch(/taking over a stale lock/);
    expect(readLock().token).toBe('dead');
  });

  it('a stale lock replaced by a new one while we took the takeover lock is not taken over', () => {
    plant({ pid: deadPid(), host: hostName(), token: 'dead' });
    // When our takeover lock is in place, someone else's fresh live lock replaces the stale one.
    arm('linkSync', {
      calls: (real, args) => (
        real(...args),
        String(args[1]).endsWith('.takeover') && plant({ pid: process.ppid, host: hostName(), token: 'new-live' })
      ),
    });
    const e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(LockedError);
    expect(readLock().token).toBe('new-live');
    expect(list()).toEqual(['g.json.lock']);
  });

  it('a takeover whose rename fails is an io error naming the lock, and leaves no files of ours', () => {
    plant({ pid: deadPid(), host: hostName(), token: 'dead' });
    arm('renameSync', { throws: errno('EIO', 'rename') });
    const e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toContain(lock);
    reset();
    expect(list()).toEqual(['g.json.lock']);
    expect(readLock().token).toBe('dead');
  });

  it('on Windows a lock held open for reading is retried, then replaced', () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { value: 'win32' });
    try {
      plant({ pid: deadPid(), host: hostName(), token: 'dead' });
      const busy = arm('renameSync', { throws: errno('EPERM', 'rename') }, (_a, n) => n < 2);
      const held = acquire(lock, FILE, FAST);
      expect(busy.fired()).toBe(2);
      expect(readLock().pid).toBe(process.pid);
      release(held);
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });

  it('a lock replaced under the takeover lock by one with the same bytes (another file) is not the one judged stale', () => {
    // An unreadable lock, old enough to be stale; while we take the takeover lock it is replaced by a fresh file
    // with the very same bytes: that one is not stale, so it is waited for, not replaced.
    plant('{', 3000);
    arm('linkSync', {
      calls: (real, args) => {
        const r = real(...args);
        if (String(args[1]).endsWith('.takeover')) {
          plant('{', 0, `${lock}.new`);
          fs.renameSync(`${lock}.new`, lock);
        }
        return r;
      },
    });
    const e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(LockedError);
    expect(fs.readFileSync(lock, 'utf8')).toBe('{');
    expect(Date.now() - fs.statSync(lock).mtimeMs).toBeLessThan(2000);
    expect(list()).toEqual(['g.json.lock']);
  });

  it('a lock that reads back the same but from another device is not the one judged stale', () => {
    plant({ pid: deadPid(), host: hostName(), token: 'dead' });
    // Every look taken while holding the takeover lock sees the lock on another device.
    arm(
      'fstatSync',
      {
        calls: (real, args) => {
          const st = real(...args) as fs.Stats;
          return Object.assign(Object.create(fs.Stats.prototype), st, { dev: st.dev + 1 });
        },
      },
      () => fs.existsSync(`${lock}.takeover`),
    );
    const e = thrown(() => acquire(lock, FILE, FAST));
    expect(e).toBeInstanceOf(LockedError);
    expect(readLock().token).toBe('dead');
    reset();
    expect(list()).toEqual(['g.json.lock']);
  });

  it('a takeover lock that cannot be made for another reason than a holder is that error, not a wait', () => {
    const text = plant({ pid: deadPid(), host: hostName(), token: 'dead' });
    arm('linkSync', { throws: errno('EIO', 'link') }, (args) => String(args[1]).endsWith('.takeover'));
    const e = thrown(() => acquire(lock, FILE, { ...FAST, waitMs: 5000 }));
    expect(e).toBeInstanceOf(IoError);
    says(e, 'create the lock for', `${lock}.takeover`);
    reset();
    expect(fs.readFileSync(lock, 'utf8')).toBe(text);
    expect(list()).toEqual(['g.json.lock']);
  });

  it('at the deepest takeover level it refuses rather than go deeper, naming the lock, its takeover files and the count', () => {
    const text = plant({ pid: deadPid(), host: hostName(), token: 'dead' });
    const e = thrown(() => acquire(lock, FILE, FAST, 2));
    expect(e).toBeInstanceOf(LockedError);
    expect(e.message).toContain(FILE);
    expect(e.message).toContain(lock);
    expect(e.message).toContain('g.json.lock.takeover');
    expect(e.message).toMatch(/\b3 times\b/);
    expect(fs.readFileSync(lock, 'utf8')).toBe(text);
    expect(list()).toEqual(['g.json.lock']);
  });

  it('takeover locks left by killed takeovers at every level reach the person as that, from the top level, with what to delete', () => {
    const text = plant({ pid: deadPid(), host: hostName(), token: 'dead' });
    plant({ pid: deadPid(), host: hostName(), token: 'dead-1' }, 0, `${lock}.takeover`);
    plant({ pid: deadPid(), host: hostName(), token: 'dead-2' }, 0, `${lock}.takeover.takeover`);
    const e = thrown(() => acquire(lock, FILE, { ...FAST, waitMs: 200 }));
    expect(e).toBeInstanceOf(LockedError);
    expect(e.message).toMatch(/\b3 times\b/);
    expect(e.message).toContain('g.json.lock.takeover');
    expect(fs.readFileSync(lock, 'utf8')).toBe(text);
    expect(list()).toEqual(['g.json.lock', 'g.json.lock.takeover', 'g.json.lock.takeover.takeover']);
  });

  it.skipIf(process.platform === 'win32')(
    'a rename refused on Linux or macOS is not retried: one attempt, an error naming the lock',
    () => {
      for (const c of ['EPERM', 'EIO']) {
        const text = plant({ pid: deadPid(), host: hostName(), token: 'dead' });
        const refused = arm('renameSync', { throws: errno(c, 'rename') }, (_a, n) => n < 3);
        says(
          thrown(() => acquire(lock, FILE, FAST)),
          'take over the stale lock of',
          lock,
        );
        expect(refused.fired(), c).toBe(1);
        reset();
        expect(fs.readFileSync(lock, 'utf8')).toBe(text);
      }
    },
  );

  describe('on Windows', () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    beforeEach(() => {
      Object.defineProperty(process, 'platform', { value: 'win32' });
      fakeClock();
    });
    afterEach(() => {
      Object.defineProperty(process, 'platform', platform);
    });

    it.each(['EBUSY', 'EACCES', 'EPERM'])(
      'a rename refused for a moment (%s) is retried 20 ms later, and succeeds',
      (c) => {
        plant({ pid: deadPid(), host: hostName(), token: 'dead' });
        const busy = arm('renameSync', { throws: errno(c, 'rename') }, (_a, n) => n === 0);
        const held = acquire(lock, FILE, FAST);
        expect(busy.fired()).toBe(1);
        expect(sleeps).toEqual([20]);
        expect(readLock().pid).toBe(process.pid);
        release(held);
      },
    );

    it('another rename error is not retried', () => {
      plant({ pid: deadPid(), host: hostName(), token: 'dead' });
      const failed = arm('renameSync', { throws: errno('EIO', 'rename') }, (_a, n) => n < 3);
      says(
        thrown(() => acquire(lock, FILE, FAST)),
        'take over the stale lock of',
        lock,
      );
      expect(failed.fired()).toBe(1);
    });

    it('a rename refused for good is given up after 50 retries (about 1 s)', () => {
      const text = plant({ pid: deadPid(), host: hostName(), token: 'dead' });
      const busy = arm('renameSync', { throws: errno('EBUSY', 'rename') }, (_a, n) => n < 60);
      const e = thrown(() => acquire(lock, FILE, FAST));
      says(e, 'take over the stale lock of', lock);
      expect(busy.fired()).toBe(51);
      expect(sleeps).toEqual(Array(50).fill(20));
      reset();
      expect(fs.readFileSync(lock, 'utf8')).toBe(text);
    });
  });
});

describe('a lock that cannot be removed or read at the end', () => {
  const left = (why: string) =>
    `The lock file ${lock} could not be removed after the command (${why}). It does not change what the command did. The next badzone command on this game takes the lock over, as the process that held it has ended; if one says the game is in use while no badzone is running, delete ${lock}.`;

  it.each([
    ['EIO', 'the disk reported an input/output error'],
    ['EACCES', 'permission denied'],
    ['EPERM', 'permission denied'],
    ['EROFS', 'the file system is now read-only'],
    ['EBUSY', 'the file is busy'],
    ['ENOMEM', 'the system refused it (ENOMEM)'],
  ])("unlink failing with %s: the work's result stands, the lock stays, and leftLocks says so", (c, why) => {
    arm('unlinkSync', { throws: errno(c, 'unlink') }, (args) => args[0] === lock);
    expect(withLock(path.join(dir, 'g.json'), FILE, () => 42, FAST)).toBe(42);
    expect(S.lock.leftLocks).toEqual([left(why)]);
    expect(list()).toEqual(['g.json.lock']);
  });

  it('an error without a code is named as such', () => {
    arm('unlinkSync', { throws: new Error('odd') }, (args) => args[0] === lock);
    release(acquire(lock, FILE, FAST));
    expect(S.lock.leftLocks).toEqual([left('the system refused it (an unknown error)')]);
  });

  it('a lock that cannot be read at the release (its close fails): not removed, and said', () => {
    const held = acquire(lock, FILE, FAST);
    arm('closeSync', { throws: errno('EIO', 'close') });
    release(held);
    reset();
    expect(S.lock.leftLocks).toEqual([left("it could not be read, to check that it was this command's")]);
    expect(list()).toEqual(['g.json.lock']);
  });

  it("a lock already gone, or another's now, is not a lock left behind", () => {
    const held = acquire(lock, FILE, FAST);
    fs.rmSync(lock);
    release(held);
    const again = acquire(lock, FILE, FAST);
    arm('unlinkSync', { throws: errno('ENOENT', 'unlink') }, (args) => args[0] === lock);
    release(again);
    reset();
    plant({ pid: process.pid, token: 'another' });
    release(again);
    expect(S.lock.leftLocks).toEqual([]);
    expect(list()).toEqual(['g.json.lock']);
  });

  it('reading a lock whose close fails is an I/O error naming the lock (exit 6), never a raw system error', () => {
    plant({ pid: process.pid, token: 'x' });
    arm('closeSync', { throws: errno('EIO', 'close') });
    const e = thrown(() => inspect(lock));
    reset();
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toBe(
      `Could not read the lock ${lock}: the disk reported an input/output error (a failing or removed drive, or a network folder that went away). Nothing was changed. Check the disk and run the command again.`,
    );
  });

  it("a read that fails closes the lock quietly and reports the read's error", () => {
    plant({ pid: process.pid, token: 'x' });
    arm('readSync', { throws: errno('EIO', 'read') });
    const closes = arm('closeSync', { throws: errno('EBADF', 'close') });
    const e = thrown(() => inspect(lock));
    expect(closes.fired()).toBe(1);
    reset();
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toMatch(/^Could not read the lock .*input\/output error/);
  });
});
