// src/store/files.ts, saving: what a save writes and in which order (a temp file beside the target, fsynced, renamed
// over it, the folder fsynced), the modes, owner and group it keeps, that every failure leaves the game as it was
// and says so with the right kind of error naming the file and the action, that no descriptor is left open; lock
// files created exclusively; the rename retried on Windows with its back-off; what is refused before anything is
// written (a read-only or hard-linked file, a name with no room for its temp and lock files); and backups.
// The real file system in temp folders, with file errors injected through the seam over node:fs (../fs-seam.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { arm, errno, reset, seam, trackDescriptors, trail } from '../fs-seam.js';
import { statWith, thrown } from '../kit.js';
import { E, F, dir, list, session, useFilesHarness } from './harness.js';

vi.mock('node:fs', async (importOriginal) => (await import('../fs-seam.js')).seamed(await importOriginal()));

useFilesHarness();
const isTemp = (n: string) => n.endsWith('.tmp');

describe('writeAtomic', () => {
  it('writes a temp file beside the target, fsyncs and closes it, renames it over the target, then fsyncs the folder', () => {
    const f = session();
    const t = F.resolveTarget(f, 'save');
    seam.recording = true;
    F.writeAtomic(t, '{"new":true}\n');
    seam.recording = false;
    expect(fs.readFileSync(f, 'utf8')).toBe('{"new":true}\n');
    expect(list()).toEqual(['game.json']);
    const steps = trail(['openSync', 'writeFileSync', 'fsyncSync', 'closeSync', 'renameSync']);
    const tmp = steps[0]![1] as string;
    expect(path.dirname(tmp)).toBe(dir);
    expect(path.basename(tmp)).toMatch(/^\.game\.json\.\d+~[A-Za-z0-9-]+~[a-z0-9]+\.tmp$/);
    const opened = seam.calls.find((c) => c.name === 'openSync' && c.args[0] === tmp)!;
    expect(opened.args[1]).toBe('wx'); // exclusive: never an existing file
    expect(steps.map(([n]) => n)).toEqual([
      'openSync',
      'writeFileSync',
      'fsyncSync',
      'closeSync',
      'renameSync',
      'openSync',
      'fsyncSync',
      'closeSync',
    ]);
    const rename = seam.calls.find((c) => c.name === 'renameSync')!;
    expect(rename.args).toEqual([tmp, f]);
    expect(steps[5]![1]).toBe(dir); // the folder, fsynced after the rename
    // The content went to the temp file's descriptor, never to the target.
    const fd = seam.calls.find((c) => c.name === 'writeFileSync')!.args[0];
    expect(typeof fd).toBe('number');
    expect(seam.calls.filter((c) => c.name === 'fsyncSync')[0]!.args[0]).toBe(fd);
  });

  it('creates a missing target (a new game) the same way', () => {
    const f = path.join(dir, 'new.json');
    F.writeAtomic(F.resolveTarget(f, 'create'), 'x\n');
    expect(fs.readFileSync(f, 'utf8')).toBe('x\n');
    expect(list()).toEqual(['new.json']);
  });

  it.each([
    ['openSync', 'EACCES', 'RefusedError'],
    ['openSync', 'ENOSPC', 'IoError'],
    ['writeFileSync', 'ENOSPC', 'IoError'],
    ['writeFileSync', 'EDQUOT', 'IoError'],
    ['writeFileSync', 'EFBIG', 'IoError'],
    ['fsyncSync', 'EIO', 'IoError'],
    ['closeSync', 'EIO', 'IoError'],
    ['renameSync', 'EIO', 'IoError'],
    ['renameSync', 'EBUSY', 'IoError'],
    ['renameSync', 'EXDEV', 'IoError'],
  ] as const)(
    '%s failing with %s: the target is unchanged, no temp file is left, and the error names the file (%s)',
    (fn, c, kindName) => {
      const kind = E[kindName];
      const f = session();
      const t = F.resolveTarget(f, 'save');
      const fault = arm(fn, { throws: errno(c, fn) }, (args) => fn !== 'openSync' || String(args[0]).endsWith('.tmp'));
      const e = thrown(() => F.writeAtomic(t, '{"new":true}\n'));
      expect(fault.fired()).toBeGreaterThanOrEqual(1);
      reset();
      expect(e).toBeInstanceOf(kind);
      expect(e.message).toContain(f);
      expect(e.message).toContain('The game was not changed');
      expect(e.message).not.toContain('injected'); // never the raw system message
      expect(fs.readFileSync(f, 'utf8')).toBe('{"old":true}\n');
      expect(list()).toEqual(['game.json']);
    },
  );

  it("the caller's guard runs after the fsync and before the rename; when it throws, nothing is replaced", () => {
    const f = session();
    const t = F.resolveTarget(f, 'save');
    let sawTemp: string[] = [];
    const guard = () => {
      sawTemp = list().filter(isTemp);
      expect(fs.readFileSync(path.join(dir, sawTemp[0]!), 'utf8')).toBe('{"new":true}\n');
      throw new E.RefusedError('the guard says no');
    };
    const e = thrown(() => F.writeAtomic(t, '{"new":true}\n', guard));
    expect(e.message).toBe('the guard says no');
    expect(sawTemp).toHaveLength(1);
    expect(fs.readFileSync(f, 'utf8')).toBe('{"old":true}\n');
    expect(list()).toEqual(['game.json']);
  });

  it('a temp file that vanished before the rename: an io error that says so, the game unchanged', () => {
    const f = session();
    arm('renameSync', { calls: (real, args) => (fs.rmSync(args[0] as string), real(...args)) });
    const e = thrown(() => F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n'));
    reset();
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(f);
    expect(e.message).toMatch(/temporary file/);
    expect(fs.readFileSync(f, 'utf8')).toBe('{"old":true}\n');
  });

  it('the folder removed while writing: no-session, naming the file', () => {
    const sub = path.join(dir, 'sub');
    fs.mkdirSync(sub);
    const f = path.join(sub, 'game.json');
    fs.writeFileSync(f, 'old');
    arm('renameSync', { calls: (real, args) => (fs.rmSync(sub, { recursive: true }), real(...args)) });
    const e = thrown(() => F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n'));
    expect(e).toBeInstanceOf(E.NoSessionError);
    expect(e.message).toContain(f);
  });

  it('a folder that cannot be fsynced still gets its file replaced', () => {
    const f = session();
    const dirSync = arm('fsyncSync', { throws: errno('EINVAL', 'fsync') }, (_a, n) => n === 1);
    F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n');
    expect(dirSync.fired()).toBe(1);
    expect(fs.readFileSync(f, 'utf8')).toBe('new\n');
  });

  it('keeps the mode of the file it replaces (0600 stays 0600, 0640 stays 0640)', () => {
    for (const mode of [0o600, 0o640, 0o604]) {
      const f = session(`m${mode.toString(8)}.json`);
      fs.chmodSync(f, mode);
      F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n');
      expect(fs.statSync(f).mode & 0o777).toBe(mode);
      expect(fs.readFileSync(f, 'utf8')).toBe('new\n');
    }
  });

  it('creates its temp file 0600 over an existing file, 0644 (less the umask) for a new one, 0600 for a new private one', () => {
    const f = session();
    fs.chmodSync(f, 0o644);
    seam.recording = true;
    F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n');
    const fresh = path.join(dir, 'fresh.json');
    F.writeAtomic(F.resolveTarget(fresh, 'save'), 'new\n');
    const secret = path.join(dir, 'secret.json');
    F.writeAtomic(F.resolveTarget(secret, 'save'), 'new\n', undefined, { private: true });
    const opens = seam.calls
      .filter((c) => c.name === 'openSync' && String(c.args[0]).endsWith('.tmp'))
      .map((c) => c.args.slice(1));
    expect(opens).toEqual([
      ['wx', 0o600],
      ['wx', 0o644],
      ['wx', 0o600],
    ]);
    expect(fs.statSync(f).mode & 0o7777).toBe(0o644);
    expect(fs.statSync(fresh).mode & 0o7777).toBe(0o644 & ~process.umask());
    expect(fs.statSync(secret).mode & 0o7777).toBe(0o600);
  });

  it('a private save over an existing file makes it 0600 and keeps only its owner (not its mode, ACL or attributes)', () => {
    const f = session();
    fs.chmodSync(f, 0o664);
    const acl = spawnSync('setfacl', ['-m', 'u:65534:r', f]).status === 0;
    const owners: unknown[][] = [];
    arm('fchownSync', { calls: (_real, args) => (owners.push(args.slice(1)), undefined) });
    const st = fs.statSync(f);
    F.writeAtomic(
      {
        ...F.resolveTarget(f, 'save'),
        stat: Object.assign(Object.create(Object.getPrototypeOf(st)), st, { uid: st.uid + 1 }),
      },
      'new\n',
      undefined,
      { private: true },
    );
    expect(fs.statSync(f).mode & 0o7777).toBe(0o600);
    expect(owners).toEqual([[st.uid + 1, st.gid]]);
    if (acl) expect(spawnSync('getfacl', ['--skip-base', '--absolute-names', f], { encoding: 'utf8' }).stdout).toBe('');
  });

  it("keeps the file's owner and group when allowed (root), and keeps its mode when not", () => {
    const f = session();
    const ownerArgs: unknown[][] = [];
    arm('fchownSync', { calls: (real, args) => (ownerArgs.push(args.slice(1)), real(...args)) });
    if (process.getuid?.() === 0) {
      fs.chownSync(f, 4321, 4322);
      F.writeAtomic(F.resolveTarget(f, 'save'), 'new\n');
      expect([fs.statSync(f).uid, fs.statSync(f).gid]).toEqual([4321, 4322]);
      expect(ownerArgs).toEqual([[4321, 4322]]);
    }
    // A file already ours: no chown at all.
    ownerArgs.length = 0;
    const mine = session('mine.json');
    F.writeAtomic(F.resolveTarget(mine, 'save'), 'new\n');
    expect(ownerArgs).toEqual([]);
    // A chown that is not allowed is skipped, the save goes on.
    const other = session('other.json');
    fs.chmodSync(other, 0o600);
    const st = fs.statSync(other);
    arm('fchownSync', { throws: errno('EPERM', 'fchown') });
    F.writeAtomic(
      {
        ...F.resolveTarget(other, 'save'),
        stat: Object.assign(Object.create(Object.getPrototypeOf(st)), st, { uid: st.uid + 1 }),
      },
      'new\n',
    );
    expect(fs.readFileSync(other, 'utf8')).toBe('new\n');
    expect(fs.statSync(other).mode & 0o777).toBe(0o600);
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
});

describe('writeNew (lock files)', () => {
  it('creates the file exclusively with the content', () => {
    const f = path.join(dir, 'lock.tmp');
    seam.recording = true;
    F.writeNew(f, 'abc', f, 'create the lock for');
    expect(fs.readFileSync(f, 'utf8')).toBe('abc');
    expect(seam.calls.find((c) => c.name === 'openSync')!.args.slice(0, 2)).toEqual([f, 'wx']);
    expect(thrown(() => F.writeNew(f, 'xyz', path.join(dir, 'game.json'), 'create the lock for'))).toBeInstanceOf(
      E.BadzoneError,
    );
  });

  it('a full disk while writing leaves nothing behind and names the file', () => {
    const f = path.join(dir, 'lock.tmp');
    arm('writeFileSync', { throws: errno('ENOSPC', 'write') });
    const e = thrown(() => F.writeNew(f, 'abc', path.join(dir, 'game.json.lock'), 'create the lock for'));
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(path.join(dir, 'game.json.lock'));
    expect(e.message).toContain('Nothing was changed');
    expect(list()).toEqual([]);
  });
});

describe('renameInto', () => {
  const busy = (c: string) => errno(c, 'rename');

  it('on Windows retries a file held open (EPERM, EBUSY, EACCES) until it can be replaced', () => {
    for (const c of ['EPERM', 'EBUSY', 'EACCES']) {
      const tries: [string, string][] = [];
      F.renameInto(
        'a',
        'b',
        (x, y) => {
          tries.push([x, y]);
          if (tries.length < 3) throw busy(c);
        },
        'win32',
        2000,
      );
      expect(tries).toEqual([
        ['a', 'b'],
        ['a', 'b'],
        ['a', 'b'],
      ]);
    }
  });

  it('on Windows gives up after the wait with an io error naming the file', () => {
    let tries = 0;
    const t0 = Date.now();
    const e = thrown(() =>
      F.renameInto(
        'a',
        '/games/b.json',
        () => {
          tries++;
          throw busy('EBUSY');
        },
        'win32',
        150,
      ),
    );
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
    expect(tries).toBeGreaterThan(1);
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain('/games/b.json');
  });

  it('elsewhere, and for other errors, a failure is final at once', () => {
    for (const [platform, c] of [
      ['linux', 'EBUSY'],
      ['darwin', 'EPERM'],
      ['win32', 'EIO'],
      ['win32', 'ENOENT'],
    ] as const) {
      let tries = 0;
      const e = thrown(() =>
        F.renameInto(
          'a',
          'b',
          () => {
            tries++;
            throw busy(c);
          },
          platform,
          1000,
        ),
      );
      expect(tries).toBe(1);
      expect(F.code(e)).toBe(c);
    }
  });

  it('uses the real rename by default', () => {
    const a = path.join(dir, 'a');
    fs.writeFileSync(a, '1');
    F.renameInto(a, path.join(dir, 'b'));
    expect(list()).toEqual(['b']);
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

describe('checkWritable and checkNameRoom', () => {
  it('a read-only file is refused with its mode, before anything is written', () => {
    const f = session();
    fs.chmodSync(f, 0o444);
    const e = thrown(() => F.checkWritable(F.resolveTarget(f, 'save'), f));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(f);
    expect(e.message).toContain('0444');
    fs.chmodSync(f, 0o644);
    F.checkWritable(F.resolveTarget(f, 'save'), f);
    // Writable by the group only still counts as writable.
    fs.chmodSync(f, 0o464);
    F.checkWritable(F.resolveTarget(f, 'save'), f);
  });

  it('a file with other hard links is refused, counting them', () => {
    const f = session();
    fs.linkSync(f, path.join(dir, 'other'));
    let e = thrown(() => F.checkWritable(F.resolveTarget(f, 'save'), f));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toMatch(/has 1 other hard link:/);
    fs.linkSync(f, path.join(dir, 'third'));
    e = thrown(() => F.checkWritable(F.resolveTarget(f, 'save'), f));
    expect(e.message).toMatch(/has 2 other hard links:/);
  });

  it('a single file mounted on its own (its folder on another device) is an io error', () => {
    const f = session();
    const t = F.resolveTarget(f, 'save');
    arm(
      'statSync',
      { calls: (real, args) => Object.assign(real(...args) as fs.Stats, { dev: t.stat!.dev + 1 }) },
      (args) => args[0] === dir,
    );
    const e = thrown(() => F.checkWritable(t, f));
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toMatch(/mounted/);
  });

  it('no write permission (access) and an unreadable folder are refused naming the file', () => {
    const f = session();
    arm('accessSync', { throws: errno('EACCES', 'access') });
    expect(thrown(() => F.checkWritable(F.resolveTarget(f, 'save'), f))).toBeInstanceOf(E.RefusedError);
    reset();
    arm('statSync', { throws: errno('EIO', 'stat') }, (args) => args[0] === dir);
    const e = thrown(() => F.checkWritable(F.resolveTarget(f, 'save'), f));
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(f);
  });

  it('nothing there, or a folder there: nothing to check', () => {
    F.checkWritable(F.resolveTarget(path.join(dir, 'new.json'), 'save'), 'new.json');
    fs.mkdirSync(path.join(dir, 'folder'));
    F.checkWritable(F.resolveTarget(path.join(dir, 'folder'), 'save'), 'folder');
  });

  it('a name too long for its temp and lock files is refused, saying how long it may be', () => {
    const room = (n: number) => path.join(dir, 'g'.repeat(n));
    let longest = 0;
    for (let n = 100; n <= 255; n++) {
      try {
        F.checkNameRoom(room(n), room(n));
        longest = n;
      } catch (e) {
        expect(e).toBeInstanceOf(E.RefusedError);
        expect((e as Error).message).toContain(`at most ${longest} bytes`);
        break;
      }
    }
    expect(longest).toBeGreaterThan(100);
    expect(longest).toBeLessThan(255);
    // Temp and lock-takeover names of the longest allowed name fit in 255 bytes.
    expect(
      Buffer.byteLength(path.basename(F.tempName(`${room(longest)}.lock.takeover.takeover`, 'z'.repeat(20)))),
    ).toBeLessThanOrEqual(255);
    const e = thrown(() => F.checkNameRoom(room(longest + 1), 'x'.repeat(130)));
    expect(e.message).toContain(`${'x'.repeat(100)}...`);
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

describe('backup', () => {
  it('copies the file beside it, never over an earlier backup', () => {
    const f = session();
    const t = F.resolveTarget(f, 'save');
    const b1 = F.backup(t, 'STAMP');
    const b2 = F.backup(t, 'STAMP');
    const b3 = F.backup(t, 'STAMP');
    expect([b1, b2, b3]).toEqual([`${f}.STAMP.bak`, `${f}.STAMP-2.bak`, `${f}.STAMP-3.bak`]);
    for (const b of [b1, b2, b3]) expect(fs.readFileSync(b, 'utf8')).toBe('{"old":true}\n');
    arm('writeSync', { throws: errno('ENOSPC', 'write') });
    const e = thrown(() => F.backup(t, 'FULL'));
    expect(e).toBeInstanceOf(E.IoError);
    expect(e.message).toContain(`${f}.FULL.bak`);
    expect(list()).not.toContain('game.json.FULL.bak');
  });

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
