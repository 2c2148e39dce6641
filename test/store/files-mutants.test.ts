// src/store/files.ts, the cases test/store/files.test.ts leaves open (found by a mutation run): descriptors closed
// on every failure path, which error words name which action and whether the game was changed, the read
// buffer's growth at the exact cap, the Windows retry's back-off, the sweep's exact names and its age bound,
// the host name (read once, never failing) and its tag in temp names, and system folders known without statfs.
// Same harness as files.test.ts: the real file system in temp folders, faults through the node:fs seam, and
// node:os passed through a small seam of its own (the host name and the quota errno of another system).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arm, errno, reset, seam, trail } from './fs-seam.js';
import { freshStore, type Store } from './fresh.js';
import { list as listIn, thrown, useTempFolder } from './kit.js';

// What node:os says, when a test changes it (the rest passes through).
const osFake = vi.hoisted(() => ({ hostname: null as null | (() => string), edquot: undefined as number | undefined }));

vi.mock('node:fs', async (importOriginal) => (await import('./fs-seam.js')).seamed(await importOriginal()));
vi.mock('node:os', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:os')>();
  const errnos = new Proxy(
    { ...real.constants.errno },
    {
      get: (t, k) =>
        k === 'EDQUOT' && osFake.edquot !== undefined ? osFake.edquot : (t as Record<string | symbol, unknown>)[k],
    },
  );
  const out = {
    ...real,
    hostname: () => (osFake.hostname ? osFake.hostname() : real.hostname()),
    constants: { ...real.constants, errno: errnos },
  };
  return { ...out, default: out };
});

let S: Store;
let F: Store['files'];
let E: Store['errors'];
beforeEach(async () => {
  osFake.hostname = null;
  osFake.edquot = undefined;
  S = await freshStore();
  F = S.files;
  E = S.errors;
});

let dir = '';
useTempFolder('badzone-store-m-', (d) => (dir = d));
afterEach(() => {
  vi.restoreAllMocks();
  osFake.hostname = null;
  osFake.edquot = undefined;
});

const list = (d = dir): string[] => listIn(d);

function session(name = 'game.json', text = '{"old":true}\n'): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
}

/** Track the descriptors openSync hands out (and record closeSync calls): `open()` lists those never closed. */
function trackDescriptors(): { opened: number[]; open: () => number[] } {
  const opened: number[] = [];
  arm('openSync', {
    calls: (real, args) => {
      const fd = real(...args) as number;
      opened.push(fd);
      return fd;
    },
  });
  seam.recording = true;
  return {
    opened,
    open: () => opened.filter((fd) => !seam.calls.some((c) => c.name === 'closeSync' && c.args[0] === fd)),
  };
}

/** A copy of `st` with some fields changed, still a Stats (isFile() and the rest work). */
const statWith = (st: fs.Stats, change: Partial<fs.Stats>): fs.Stats =>
  Object.assign(Object.create(Object.getPrototypeOf(st)), st, change);

describe('no descriptor is left open when a write fails', () => {
  it('writeAtomic: the temp file is closed after a failed write or fsync, the game unchanged, no temp left', () => {
    for (const fn of ['writeFileSync', 'fsyncSync'] as const) {
      const f = session();
      const fds = trackDescriptors();
      arm(fn, { throws: errno('ENOSPC', fn) });
      const e = thrown(() => F.writeAtomic(F.resolveTarget(f, 'save'), '{"new":true}\n'));
      expect(fds.opened.length, fn).toBe(1);
      expect(fds.open(), fn).toEqual([]);
      reset();
      expect(e).toBeInstanceOf(E.IoError);
      expect(e.message).toContain(`save ${f}`);
      expect(e.message).toContain('The game was not changed.');
      expect(fs.readFileSync(f, 'utf8')).toBe('{"old":true}\n');
      expect(list()).toEqual(['game.json']);
    }
  });

  it('writeNew: the new file is closed and removed after a failed write', () => {
    const f = path.join(dir, 'lock.tmp');
    const fds = trackDescriptors();
    arm('writeFileSync', { throws: errno('EIO', 'write') });
    const e = thrown(() => F.writeNew(f, 'abc', path.join(dir, 'game.json.lock'), 'create the lock for'));
    expect(fds.opened).toHaveLength(1);
    expect(fds.open()).toEqual([]);
    reset();
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(`create the lock for ${path.join(dir, 'game.json.lock')}`);
    expect(e.message).toContain('Nothing was changed.');
    expect(list()).toEqual([]);
  });

  it('writeNew: an open refused (nothing created, nothing to remove) is that refusal, not a failed clean-up', () => {
    const f = path.join(dir, 'lock.tmp');
    arm('openSync', { throws: errno('EACCES', 'open') });
    const e = thrown(() => F.writeNew(f, 'abc', path.join(dir, 'game.json.lock'), 'create the lock for'));
    reset();
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(path.join(dir, 'game.json.lock'));
    expect(list()).toEqual([]);
  });

  it('readTarget closes the file after reading it, and after a failed read', () => {
    const f = session('g.json', 'abc');
    let fds = trackDescriptors();
    expect(F.readText(f, 100)).toBe('abc');
    expect(fds.opened).toHaveLength(1);
    expect(fds.open()).toEqual([]);
    reset();
    fds = trackDescriptors();
    arm('readSync', { throws: errno('EIO', 'read') });
    const e = thrown(() => F.readText(f, 100));
    expect(fds.opened).toHaveLength(1);
    expect(fds.open()).toEqual([]);
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(`read ${f}`);
    expect(e.message).toContain('Nothing was changed.');
  });
});

describe('writeAtomic: which failure says what', () => {
  it('an ENOENT before the rename (the temp could not be created) is a missing folder, not a vanished temp file', () => {
    const f = session();
    arm('openSync', { throws: errno('ENOENT', 'open') }, (args) => String(args[0]).endsWith('.tmp'));
    const e = thrown(() => F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n'));
    reset();
    expect(e).toBeInstanceOf(E.NoSessionError);
    expect(e.message).toContain(f);
    expect(e.message).not.toMatch(/temporary file/);
    expect(fs.readFileSync(f, 'utf8')).toBe('{"old":true}\n');
  });

  it('a rename refused (EACCES) is a refusal naming the file, not a vanished temp file; nothing left behind', () => {
    const f = session();
    arm('renameSync', { throws: errno('EACCES', 'rename') });
    const e = thrown(() => F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n'));
    reset();
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(`save ${f}`);
    expect(e.message).toContain('The game was not changed.');
    expect(e.message).not.toMatch(/temporary file/);
    expect(list()).toEqual(['game.json']);
  });

  it('a rename that fails for another reason (EIO) says the disk failed, not that the temp file vanished', () => {
    const f = session();
    arm('renameSync', { throws: errno('EIO', 'rename') });
    const e = thrown(() => F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n'));
    reset();
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toMatch(/input\/output/);
    expect(e.message).not.toMatch(/temporary file/);
  });

  it("the file's mode already right: no chmod is asked for (a share that refuses chmod still saves)", () => {
    // The mode a new temp file gets here (0644 less the umask).
    const probe = path.join(dir, 'probe');
    fs.closeSync(fs.openSync(probe, 'wx', 0o644));
    const tempMode = fs.statSync(probe).mode & 0o7777;
    fs.rmSync(probe);
    const f = session();
    fs.chmodSync(f, tempMode);
    const chmod = arm('fchmodSync', { throws: errno('EPERM', 'fchmod') });
    F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n');
    expect(chmod.fired()).toBe(0);
    expect(fs.readFileSync(f, 'utf8')).toBe('new\n');
    // A different mode is set on the temp file, which was created 0600 (permissions.test.ts: by whom).
    reset();
    fs.chmodSync(f, 0o640);
    seam.recording = true;
    F.writeAtomic(F.resolveTarget(f, 'save'), 'newer\n');
    expect(
      seam.calls.filter((c) => c.name === 'openSync' && String(c.args[0]).endsWith('.tmp')).map((c) => c.args.slice(1)),
    ).toEqual([['wx', 0o600]]);
    expect(fs.statSync(f).mode & 0o7777).toBe(0o640);
  });

  it('gives the file back to its owner when only its owner, or only its group, differs from ours', () => {
    const f = session();
    for (const [du, dg] of [
      [1, 0],
      [0, 1],
    ] as const) {
      const st = fs.statSync(f);
      const want = [st.uid + du, st.gid + dg];
      reset();
      seam.recording = true;
      arm('fchownSync', {
        calls: (real, args) => {
          try {
            return real(...args);
          } catch {
            return undefined; // not root: the call is what this test checks
          }
        },
      });
      F.writeAtomic({ ...F.resolveTarget(f, 'save'), stat: statWith(st, { uid: want[0]!, gid: want[1]! }) }, 'new\n');
      expect(seam.calls.filter((c) => c.name === 'fchownSync').map((c) => c.args.slice(1))).toEqual([want]);
      if (process.getuid?.() === 0) expect([fs.statSync(f).uid, fs.statSync(f).gid]).toEqual(want);
      fs.chownSync(f, st.uid, st.gid);
    }
  });

  it('where the system has no user ids (Windows: no process.getuid), a save still works', () => {
    const f = session();
    const { getuid, getgid } = process;
    try {
      (process as { getuid?: unknown }).getuid = undefined;
      (process as { getgid?: unknown }).getgid = undefined;
      arm('fchownSync', { throws: errno('ENOSYS', 'fchown') });
      F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n');
    } finally {
      process.getuid = getuid;
      process.getgid = getgid;
    }
    expect(fs.readFileSync(f, 'utf8')).toBe('new\n');
  });
});

describe('checkWritable: the failures name the save and say the game was not changed', () => {
  it('no write access', () => {
    const f = session();
    arm('accessSync', { throws: errno('EROFS', 'access') });
    const e = thrown(() => F.checkWritable(F.resolveTarget(f, 'save'), f));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(`save ${f}`);
    expect(e.message).toContain('The game was not changed.');
  });

  it("the folder's stat failing", () => {
    const f = session();
    arm('statSync', { throws: errno('EIO', 'stat') }, (args) => args[0] === dir);
    const e = thrown(() => F.checkWritable(F.resolveTarget(f, 'save'), f));
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(`save ${f}`);
    expect(e.message).toContain('The game was not changed.');
  });
});

describe('checkNameRoom', () => {
  // The bytes badzone adds to a session's name for its longest file: the temp of the deepest takeover lock.
  const overhead = () =>
    Buffer.byteLength(path.basename(F.tempName(path.join(dir, 'X.lock.takeover.takeover'), 'z'.repeat(20)))) - 1;

  it('a name whose longest companion is exactly 255 bytes is accepted; one byte more is refused, naming the room', () => {
    const room = 255 - overhead();
    expect(room).toBeGreaterThan(100);
    F.checkNameRoom(path.join(dir, 'g'.repeat(room)), 'g.json');
    // Counted in bytes: two-byte characters take two.
    F.checkNameRoom(path.join(dir, `${'é'.repeat(room >> 1)}${room % 2 ? 'g' : ''}`), 'g.json');
    for (const name of ['g'.repeat(room + 1), `${'é'.repeat((room + 1) >> 1)}${(room + 1) % 2 ? 'g' : ''}`]) {
      const e = thrown(() => F.checkNameRoom(path.join(dir, name), 'short.json'));
      expect(e).toBeInstanceOf(E.RefusedError);
      expect(e.message).toContain(`Rename short.json to a name of at most ${room} bytes`);
      expect(e.message).toContain('255');
      expect(e.message).toContain('Nothing was changed.');
    }
  });

  it('the name shown is cut only past 120 characters, to its first 100', () => {
    const real = path.join(dir, 'g'.repeat(300));
    const at120 = `/${'a'.repeat(119)}`;
    expect(thrown(() => F.checkNameRoom(real, at120)).message).toContain(`Rename ${at120} to`);
    const long = `/${'a'.repeat(99)}${'b'.repeat(21)}`;
    const m = thrown(() => F.checkNameRoom(real, long)).message;
    expect(m).toContain(`Rename /${'a'.repeat(99)}... to`);
    expect(m).not.toContain('bbb');
  });
});

describe('resolveTarget and refresh', () => {
  it.skipIf(process.platform !== 'linux')(
    'a system file named directly says it is one (not a link to one), and names /proc itself',
    () => {
      for (const p of ['/proc/self/status', '/proc/version']) {
        const e = thrown(() => F.resolveTarget(p, 'read'));
        expect(e).toBeInstanceOf(E.InvalidFileError);
        expect(e.message).toContain(p);
        expect(e.message).not.toMatch(/link/);
        expect(e.message).toContain('(in /proc)');
      }
      fs.symlinkSync('/proc/self/status', path.join(dir, 'st'));
      const e = thrown(() => F.resolveTarget(path.join(dir, 'st'), 'read'));
      expect(e.message).toContain(`${path.join(dir, 'st')} is a link to`);
    },
  );

  it.skipIf(process.platform !== 'linux')('/proc and /sys are known by their path where statfs cannot be asked', () => {
    arm('statfsSync', { throws: errno('ENOSYS', 'statfs') });
    for (const [p, root] of [
      ['/proc/version', '/proc'],
      ['/proc/self/status', '/proc'],
      ['/sys/kernel/notes', '/sys'],
    ]) {
      const e = thrown(() => F.resolveTarget(p!, 'read'));
      expect(e, p).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(`(in ${root})`);
    }
    // And a folder that only ends like one is not one.
    const sub = path.join(dir, 'x', 'proc');
    fs.mkdirSync(sub, { recursive: true });
    fs.writeFileSync(path.join(sub, 'g.json'), '{}');
    expect(F.resolveTarget(path.join(sub, 'g.json'), 'read').stat!.isFile()).toBe(true);
  });

  it.skipIf(process.platform !== 'linux')(
    'a folder on a kernel file system outside /proc and /sys (statfs says so) is refused naming it',
    () => {
      const sfs = arm(
        'statfsSync',
        { calls: (real, args) => ({ ...(real(...args) as object), type: 0x9fa0 }) },
        (args) => args[0] === dir,
      );
      const f = session();
      const e = thrown(() => F.resolveTarget(f, 'read'));
      expect(sfs.fired()).toBeGreaterThanOrEqual(1);
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(`(in ${dir})`);
      reset();
      // devpts, where it is mounted: a real one.
      if (fs.existsSync('/dev/pts/ptmx')) {
        const d = thrown(() => F.resolveTarget('/dev/pts/ptmx', 'read'));
        expect(d).toBeInstanceOf(E.InvalidFileError);
        expect(d.message).toContain('(in /dev/pts)');
      }
    },
  );

  it('elsewhere than Linux there is no /proc to refuse: a path there is looked at like any other', () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { ...platform, value: 'darwin' });
    try {
      const sfs = arm('statfsSync', { returns: { type: 0x9fa0 } });
      const f = session();
      expect(F.resolveTarget(f, 'read').real).toBe(f);
      expect(sfs.fired()).toBe(0);
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });

  it('an error reading a folder names the action it was for', () => {
    const f = path.join(session('plain'), 'g.json');
    for (const doing of ['read', 'save']) {
      const e = thrown(() => F.resolveTarget(f, doing));
      expect(e).toBeInstanceOf(E.NoSessionError);
      expect(e.message).toContain(`Could not ${doing} ${f}`);
    }
    const r = thrown(() => F.readText(f, 100));
    expect(r.message).toContain(`Could not read ${f}`);
  });

  it('refresh: a target whose folder was missing, refreshed once the file exists, has its folder', () => {
    const sub = path.join(dir, 'later');
    const t = F.resolveTarget(path.join(sub, 'g.json'), 'save');
    expect(t.folderMissing).toBe(true);
    fs.mkdirSync(sub);
    fs.writeFileSync(path.join(sub, 'g.json'), '{}');
    const r = F.refresh(t);
    expect(r.folderMissing).toBe(false);
    expect(r.stat!.isFile()).toBe(true);
  });

  it('refresh: a stat error names the file and says it was reading', () => {
    const f = session();
    const t = F.resolveTarget(f, 'save');
    arm('lstatSync', { throws: errno('EIO', 'lstat') });
    const e = thrown(() => F.refresh(t));
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(`read ${f}`);
  });
});

describe('readTarget', () => {
  const zero = (real: (...a: unknown[]) => unknown, args: unknown[]) =>
    statWith(real(...args) as fs.Stats, { size: 0 });

  it.skipIf(!fs.constants.O_NOFOLLOW)('opens without following a link and without blocking', () => {
    const f = session();
    seam.recording = true;
    F.readText(f, 100);
    const flags = seam.calls.find((c) => c.name === 'openSync' && c.args[0] === f)!.args[1] as number;
    expect(flags & fs.constants.O_NOFOLLOW).toBe(fs.constants.O_NOFOLLOW);
    expect(flags & fs.constants.O_NONBLOCK).toBe(fs.constants.O_NONBLOCK);
  });

  it.skipIf(!fs.constants.O_NOFOLLOW)('a file swapped for a link between the look and the open is not followed', () => {
    const f = session();
    const other = session('other.json', '{"other":true}');
    const t = F.resolveTarget(f, 'read');
    fs.rmSync(f);
    fs.symlinkSync(other, f);
    const e = thrown(() => F.readTarget(t, 100));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(f);
  });

  it.skipIf(process.platform === 'win32')(
    'a file swapped for a FIFO between the look and the open is refused at once, never waited on',
    () => {
      const f = session();
      const t = F.resolveTarget(f, 'read');
      fs.rmSync(f);
      if (spawnSync('mkfifo', [f]).status !== 0) return;
      const e = thrown(() => F.readTarget(t, 100));
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toMatch(/not a regular file/);
    },
  );

  it('a folder is refused as a folder (not as a device or pipe), naming it', () => {
    const d = path.join(dir, 'stuff');
    fs.mkdirSync(d);
    const e = thrown(() => F.readText(d, 100));
    expect(e).toBeInstanceOf(E.InvalidFileError);
    expect(e.message).toContain(`${d} is a folder`);
    expect(e.message).not.toMatch(/device|pipe/);
  });

  it('an open error names the file and the read', () => {
    const f = session();
    arm('openSync', { throws: errno('EMFILE', 'open') });
    const e = thrown(() => F.readText(f, 100));
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(`read ${f}`);
  });

  it('a file whose size is right is read in one go, with a buffer its size, whatever the cap', () => {
    const f = session('g.json', 'q'.repeat(1000));
    seam.recording = true;
    expect(F.readText(f, 1_000_000)).toBe('q'.repeat(1000));
    expect(trail(['readSync'])).toHaveLength(2); // the bytes, then the end
    // A cap far beyond memory costs nothing: the buffer is the file's size.
    expect(F.readText(f, Number.MAX_SAFE_INTEGER - 1)).toBe('q'.repeat(1000));
  });

  it('a file that claims to be empty grows its buffer as it reads (also under a cap beyond memory)', () => {
    const f = session('g.json', 'w'.repeat(5000));
    arm('fstatSync', { calls: zero });
    expect(F.readText(f, Number.MAX_SAFE_INTEGER - 1)).toBe('w'.repeat(5000));
  });

  it('a file that claims to be empty is read whole when it is exactly at the cap, and refused one byte over', () => {
    for (const cap of [4096, 3000]) {
      const f = session(`g${cap}.json`, 'v'.repeat(cap));
      arm('fstatSync', { calls: zero });
      expect(F.readText(f, cap), String(cap)).toBe('v'.repeat(cap));
      const over = session(`o${cap}.json`, 'v'.repeat(cap + 1));
      arm('lstatSync', { calls: zero });
      arm('fstatSync', { calls: zero });
      const e = thrown(() => F.readText(over, cap));
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toContain(over);
      expect(e.message).toContain(`more than ${(cap / 1e6).toFixed(0)} MB`);
    }
    // The cap in megabytes, as the refusal gives it.
    const big = session('big.json', 'v'.repeat(2_000_001));
    arm('lstatSync', { calls: zero });
    arm('fstatSync', { calls: zero });
    const e = thrown(() => F.readText(big, 2_000_000));
    expect(e.message).toContain(`${big} is more than 2 MB`);
    expect(e.message).toContain('(2 MB)');
  });
});

describe('parseJson', () => {
  it('a document that ends too soon says so (or where, where the engine gives a position)', () => {
    for (const text of ['[', '{"a":', 'tru']) {
      const e = thrown(() => F.parseJson(text, '/games/g.json'));
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toMatch(
        /^\/games\/g\.json is not valid JSON \((it ends before the JSON does|at line 1, column \d+)\)\./,
      );
    }
  });
});

describe('renameInto on Windows: the back-off', () => {
  function fakeTime(): { sleeps: number[] } {
    let now = 1_000_000;
    const sleeps: number[] = [];
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    vi.spyOn(Atomics, 'wait').mockImplementation((_a, _i, _v, ms) => {
      sleeps.push(ms!);
      if (sleeps.length > 100) throw new Error(`more than 100 waits: ${sleeps.slice(0, 12).join(', ')}, ...`);
      now += ms!;
      return 'timed-out';
    });
    return { sleeps };
  }

  it('waits 10 ms more after each try, at most 100 ms, until the wait is used up', () => {
    const { sleeps } = fakeTime();
    let tries = 0;
    const e = thrown(() =>
      F.renameInto(
        'a',
        '/games/b.json',
        () => {
          tries++;
          throw errno('EBUSY', 'rename');
        },
        'win32',
        1000,
      ),
    );
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain('/games/b.json');
    expect(sleeps).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 100, 100, 100, 100, 100]);
    expect(tries).toBe(sleeps.length + 1);
  });

  it('no wait: one try, then the message', () => {
    const { sleeps } = fakeTime();
    let tries = 0;
    expect(
      thrown(() =>
        F.renameInto(
          'a',
          'b',
          () => {
            tries++;
            throw errno('EPERM', 'rename');
          },
          'win32',
          0,
        ),
      ),
    ).toBeInstanceOf(E.IoError);
    expect(tries).toBe(1);
    expect(sleeps).toEqual([]);
  });
});

describe('sweepTemps: exact names and the age bound', () => {
  const dead = spawnSync(process.execPath, ['-e', '']).pid!;

  it('a name that only begins or ends like a temp name of badzone is left alone', () => {
    const target = session('g.json');
    const me = path.basename(F.tempName(target)).split('~')[1]!;
    const names = {
      ours: `.g.json.${dead}~${me}~abc.tmp`,
      oursOld: `.g.json.${dead}.12345-ab.tmp`,
      moreAfter: `.g.json.${dead}~${me}~abc.def.tmp`,
      oldMoreAfter: `.g.json.${dead}.12345.x.tmp`,
      oldMoreBefore: `.g.json.x${dead}.12345.tmp`,
    };
    for (const n of Object.values(names)) fs.writeFileSync(path.join(dir, n), '');
    F.sweepTemps(target, 60_000);
    expect(list()).toEqual(['g.json', names.moreAfter, names.oldMoreAfter, names.oldMoreBefore].sort());
  });

  it("another computer's temp file is removed only once older than the stale age, not at it", () => {
    const target = session('g.json');
    const n = `.g.json.${dead}~faraway-1x~abc.tmp`;
    const p = path.join(dir, n);
    fs.writeFileSync(p, '');
    const when = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    fs.utimesSync(p, when, when);
    const mtime = fs.lstatSync(p).mtimeMs;
    const now = vi.spyOn(Date, 'now').mockReturnValue(mtime + 30_000);
    F.sweepTemps(target, 30_000);
    expect(list()).toContain(n);
    now.mockReturnValue(mtime + 30_001);
    F.sweepTemps(target, 30_000);
    expect(list()).not.toContain(n);
  });

  it('a temp file another sweeper removed first is no error', () => {
    const target = session('g.json');
    const n = `.g.json.${dead}.12345.tmp`;
    fs.writeFileSync(path.join(dir, n), '');
    const other = arm('rmSync', { calls: (real, args) => (real(args[0], { force: true }), real(...args)) });
    F.sweepTemps(target, 1000);
    expect(other.fired()).toBe(1);
    expect(list()).toEqual(['g.json']);
  });
});

describe('backup failures', () => {
  it('a failed backup closes what it opened and removes the backup it began; a name taken meanwhile is left to its owner', () => {
    const f = session();
    const t = F.resolveTarget(f, 'save');
    const fds = trackDescriptors();
    arm('writeSync', { throws: errno('ENOSPC', 'write') });
    const e = thrown(() => F.backup(t, 'FULL'));
    expect(fds.opened).toHaveLength(2);
    expect(fds.open()).toEqual([]);
    reset();
    expect(e).toBeInstanceOf(E.IoError);
    expect(list()).toEqual(['game.json']);
    // Another program makes the backup's name between the look and the exclusive create: its file stays.
    const theirs = `${f}.RACE.bak`;
    arm('lstatSync', {
      calls: (real, args) => (args[0] === theirs ? (fs.writeFileSync(theirs, 'theirs'), undefined) : real(...args)),
    });
    const race = thrown(() => F.backup(t, 'RACE'));
    reset();
    expect(race).toBeInstanceOf(E.IoError);
    expect(fs.readFileSync(theirs, 'utf8')).toBe('theirs');
  });

  it('short writes: the backup is still the whole file, byte for byte', () => {
    const text = JSON.stringify({ log: 'x'.repeat(200_000) });
    const f = session('big.json', text);
    // Each write takes half of what it is given (at least one byte).
    arm('writeSync', {
      calls: (real, args) => real(args[0], args[1], args[2], Math.max(1, Math.floor((args[3] as number) / 2))),
    });
    const b = F.backup(F.resolveTarget(f, 'save'), 'HALF');
    reset();
    expect(fs.readFileSync(b, 'utf8')).toBe(text);
  });

  it('a backup or a save whose ACL or attributes cannot be kept is refused naming which file could not get them', () => {
    // A cp that fails and a getfattr that lists an attribute, first on the PATH (spawned programs look there).
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, 'cp'), '#!/bin/sh\nexit 1\n', { mode: 0o755 });
    fs.writeFileSync(path.join(bin, 'getfattr'), '#!/bin/sh\necho user.note\n', { mode: 0o755 });
    const f = session();
    const before = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${before}`;
    try {
      const saved = thrown(() => F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n'));
      expect(saved).toBeInstanceOf(E.RefusedError);
      expect(saved.message).toMatch(
        /could not copy them to the new file it saves the game in .*The game was not changed\./,
      );
      const kept = thrown(() => F.backup(F.resolveTarget(f, 'save'), 'ACL'));
      expect(kept).toBeInstanceOf(E.RefusedError);
      expect(kept.message).toMatch(/could not copy them to its backup .*Nothing was changed\./);
    } finally {
      process.env.PATH = before;
    }
    expect(fs.readFileSync(f, 'utf8')).toBe('{"old":true}\n');
    expect(list().filter((n) => n !== 'bin')).toEqual(['game.json']);
  });

  it('a copy refused before it wrote anything is that refusal, naming the backup; the game is untouched', () => {
    const f = session();
    const t = F.resolveTarget(f, 'save');
    arm('openSync', { throws: errno('EACCES', 'open') }, (args) => String(args[0]).endsWith('.bak'));
    const e = thrown(() => F.backup(t, 'STAMP'));
    reset();
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(`write the backup ${f}.STAMP.bak`);
    expect(e.message).toContain('The game was not changed.');
    expect(fs.readFileSync(f, 'utf8')).toBe('{"old":true}\n');
    expect(list()).toEqual(['game.json']);
  });
});

describe('ioError, the cases between the codes', () => {
  const file = '/games/g.json';

  it('whatever was thrown (null, undefined, a string, a number, an errno that is not a number) becomes an io error', () => {
    for (const v of [null, undefined, 'boom', 42, { errno: 'x' }, { code: 'EWHAT', errno: 'x' }]) {
      const e = F.ioError(v, file, 'save', 'game');
      expect(e).toBeInstanceOf(E.IoError);
      expect(e.message).toContain(file);
      expect(e.message).toContain('The game was not changed.');
      expect(e.message).not.toMatch(/error x|NaN|undefined/);
    }
    expect(F.ioError({ code: 'EWHAT' }, file, 'save', 'game').message).toContain('(EWHAT)');
  });

  it("EDQUOT by its code alone (the number is not this system's) is the quota", () => {
    const e = F.ioError(Object.assign(new Error('?'), { code: 'EDQUOT', errno: -69 }), file, 'save', 'game');
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toMatch(/quota/);
    expect(F.ioError(Object.assign(new Error('?'), { code: 'EDQUOT' }), file, 'save', 'game').message).toMatch(/quota/);
  });

  it("the quota errno is the system's own (macOS: 69)", () => {
    osFake.edquot = 69;
    const e = F.ioError(Object.assign(new Error('Unknown system error -69'), { errno: -69 }), file, 'save', 'game');
    expect(e.message).toMatch(/quota/);
    expect(F.ioError(Object.assign(new Error('?'), { errno: -122 }), file, 'save', 'game').message).not.toMatch(
      /quota/,
    );
  });

  it('EPERM is a permission refusal, not a read-only file system', () => {
    const e = F.ioError(errno('EPERM'), file, 'save', 'game');
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toMatch(/permission denied/);
    expect(e.message).not.toMatch(/file system is read-only/);
  });

  it('an unknown error gives its errno once: not when its code already carries the number', () => {
    expect(
      F.ioError(Object.assign(new Error('?'), { code: 'E999', errno: -999 }), file, 'save', 'game').message,
    ).toContain('(E999)');
    expect(
      F.ioError(Object.assign(new Error('?'), { code: 'EX', errno: -999 }), file, 'save', 'game').message,
    ).toContain('(EX, error -999)');
  });
});

describe('the host name', () => {
  it('is read once per process (every lock and temp file of this process names the same host)', () => {
    let calls = 0;
    osFake.hostname = () => `host${++calls}`;
    expect(F.hostName()).toBe('host1');
    expect(F.hostName()).toBe('host1');
    expect(calls).toBe(1);
  });

  it('a host with no name is "unknown"', () => {
    osFake.hostname = () => '';
    expect(F.hostName()).toBe('unknown');
  });

  it('a host name that cannot be read is "unknown"', async () => {
    osFake.hostname = () => {
      throw new Error('uv_os_gethostname');
    };
    const fresh = await freshStore();
    expect(fresh.files.hostName()).toBe('unknown');
  });

  it('a long host name is cut to 255 characters', () => {
    osFake.hostname = () => 'h'.repeat(300);
    expect(F.hostName()).toBe('h'.repeat(255));
  });

  /** 32-bit FNV-1a over the name's UTF-16 code units, in base 36: the same on every badzone that shares a host. */
  const fnv = (h: string) => {
    let x = 0x811c9dc5;
    for (let i = 0; i < h.length; i++) x = Math.imul(x ^ h.charCodeAt(i), 0x01000193) >>> 0;
    return x.toString(36);
  };

  it("in temp names: the name's safe characters (others as '-'), at most 16, and a hash of the whole name", async () => {
    const tags: string[] = [];
    for (const name of ['gm.local', 'gm_local', `table-${'x'.repeat(40)}`]) {
      osFake.hostname = () => name;
      const files = (await freshStore()).files;
      const tag = path.basename(files.tempName('/x/g.json', 'u')).split('~')[1]!;
      tags.push(tag);
      expect(tag).toBe(`${name.replace(/[^A-Za-z0-9-]/g, '-').slice(0, 16)}-${fnv(name)}`);
    }
    expect(tags[0]).toMatch(/^gm-local-/);
    expect(tags[0]).not.toBe(tags[1]); // same safe characters, different hosts
    expect(tags[2]!.split('-').slice(0, 2).join('-')).toBe(`table-${'x'.repeat(10)}`);
  });

  it("the sweep knows this host's temp files by that tag, and leaves another host's recent ones", async () => {
    osFake.hostname = () => 'gm.local';
    const files = (await freshStore()).files;
    const target = session('g.json');
    const dead = spawnSync(process.execPath, ['-e', '']).pid!;
    const mine = `.g.json.${dead}~gm-local-${fnv('gm.local')}~a.tmp`;
    const twin = `.g.json.${dead}~gm-local-${fnv('gm_local')}~a.tmp`;
    fs.writeFileSync(path.join(dir, mine), '');
    fs.writeFileSync(path.join(dir, twin), '');
    files.sweepTemps(target, 60_000);
    expect(list()).toEqual(['g.json', twin].sort());
  });
});

describe('the boot id (Linux)', () => {
  it.skipIf(process.platform !== 'linux' || !fs.existsSync('/proc/sys/kernel/random/boot_id'))(
    'is the kernel boot_id, trimmed, read once',
    () => {
      const real = fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
      expect(F.bootId()).toBe(real);
      const again = arm('readFileSync', { returns: 'another-boot\n' });
      expect(F.bootId()).toBe(real);
      expect(again.fired()).toBe(0);
    },
  );

  it.skipIf(process.platform !== 'linux')('at most 64 characters of it; an empty one is none', async () => {
    arm('readFileSync', { returns: `${'b'.repeat(100)}\n` }, (args) => args[0] === '/proc/sys/kernel/random/boot_id');
    expect(F.bootId()).toBe('b'.repeat(64));
    reset();
    arm('readFileSync', { returns: ' \n' }, (args) => args[0] === '/proc/sys/kernel/random/boot_id');
    expect((await freshStore()).files.bootId()).toBeNull();
  });

  it('elsewhere than Linux there is none', () => {
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { ...platform, value: 'darwin' });
    try {
      const read = arm(
        'readFileSync',
        { returns: 'some-boot\n' },
        (args) => args[0] === '/proc/sys/kernel/random/boot_id',
      );
      expect(F.bootId()).toBeNull();
      expect(read.fired()).toBe(0);
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
  });
});

describe('alive', () => {
  it("a process that exists but is another user's (EPERM) is alive; any other failure is not", () => {
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => {
      throw Object.assign(new Error('kill EPERM'), { code: 'EPERM' });
    });
    expect(F.alive(4242)).toBe(true);
    kill.mockImplementation(() => {
      throw Object.assign(new Error('kill ESRCH'), { code: 'ESRCH' });
    });
    expect(F.alive(4242)).toBe(false);
  });
});
