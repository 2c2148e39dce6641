// src/store/files.ts, finding the file a session path names: links followed (in chains, with loops refused) to the
// real file in its real folder, the folders on the way resolved one by one, links in sticky folders judged as
// Linux's fs.protected_symlinks rule does, system folders (/proc, /sys) refused, errors naming the action, the
// target refreshed under the lock, and what is at a path (a file, a folder, something special).
// The real file system in temp folders, with file errors injected through the seam over node:fs (../fs-seam.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { arm, errno, reset, seam } from '../fs-seam.js';
import { thrown } from '../kit.js';
import { E, F, dir, session, useFilesHarness } from './harness.js';

vi.mock('node:fs', async (importOriginal) => (await import('../fs-seam.js')).seamed(await importOriginal()));

useFilesHarness();

describe('resolveTarget', () => {
  it('a plain file is itself; a missing file has no stat; a missing folder says so', () => {
    const f = session();
    expect(F.resolveTarget(f, 'read')).toMatchObject({ given: f, real: f, folderMissing: false });
    expect(F.resolveTarget(f, 'read').stat!.isFile()).toBe(true);
    expect(F.resolveTarget(path.join(dir, 'none.json'), 'read')).toEqual({
      given: path.join(dir, 'none.json'),
      real: path.join(dir, 'none.json'),
      stat: null,
      folderMissing: false,
    });
    const deep = path.join(dir, 'no', 'such', 'g.json');
    expect(F.resolveTarget(deep, 'read')).toEqual({ given: deep, real: deep, stat: null, folderMissing: true });
  });

  it('follows a chain of links (relative and absolute) to the real file, in its real folder', () => {
    const real = session('real.json');
    fs.mkdirSync(path.join(dir, 'elsewhere'));
    fs.symlinkSync('../real.json', path.join(dir, 'elsewhere', 'one'));
    fs.symlinkSync(path.join(dir, 'elsewhere', 'one'), path.join(dir, 'two'));
    fs.symlinkSync(dir, path.join(dir, 'dirlink'));
    const t = F.resolveTarget(path.join(dir, 'dirlink', 'two'), 'read');
    expect(t.real).toBe(real);
    expect(t.given).toBe(path.join(dir, 'dirlink', 'two'));
    expect(t.stat!.isFile()).toBe(true);
    // A dangling link: the file it names, not there yet.
    fs.symlinkSync('later.json', path.join(dir, 'dangling'));
    expect(F.resolveTarget(path.join(dir, 'dangling'), 'read')).toMatchObject({
      real: path.join(dir, 'later.json'),
      stat: null,
      folderMissing: false,
    });
  });

  it('a loop of links is refused naming the path', () => {
    fs.symlinkSync(path.join(dir, 'b'), path.join(dir, 'a'));
    fs.symlinkSync(path.join(dir, 'a'), path.join(dir, 'b'));
    const e = thrown(() => F.resolveTarget(path.join(dir, 'a'), 'read'));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(path.join(dir, 'a'));
    expect(e.message).toMatch(/loop/);
  });

  it('a chain of 40 links is followed, 41 is a loop', () => {
    session('end.json');
    let prev = 'end.json';
    for (let i = 1; i <= 41; i++) {
      fs.symlinkSync(prev, path.join(dir, `l${i}`));
      prev = `l${i}`;
    }
    expect(F.resolveTarget(path.join(dir, 'l40'), 'read').real).toBe(path.join(dir, 'end.json'));
    expect(thrown(() => F.resolveTarget(path.join(dir, 'l41'), 'read'))).toBeInstanceOf(E.RefusedError);
  });

  it.skipIf(process.platform !== 'linux')(
    'a file of /proc or /sys, or a link to one, is refused as a file of the operating system',
    () => {
      for (const p of ['/proc/self/status', '/sys/kernel/notes', '/proc/version']) {
        const e = thrown(() => F.resolveTarget(p, 'read'));
        expect(e).toBeInstanceOf(E.InvalidFileError);
        expect(e.message).toContain(p);
        expect(e.message).toMatch(/operating system/);
      }
      fs.symlinkSync('/proc/self/environ', path.join(dir, 'env'));
      const e = thrown(() => F.resolveTarget(path.join(dir, 'env'), 'read'));
      expect(e).toBeInstanceOf(E.InvalidFileError);
      expect(e.message).toMatch(/is a link to a file of the operating system/);
    },
  );

  it('a folder it cannot look into is an error naming the path (never a crash)', () => {
    arm('lstatSync', { throws: errno('EACCES', 'lstat') }, (args) => args[0] === dir);
    const e = thrown(() => F.resolveTarget(path.join(dir, 'g.json'), 'read'));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toContain(path.join(dir, 'g.json'));
    reset();
    arm('lstatSync', { throws: errno('EIO', 'lstat') });
    expect(thrown(() => F.resolveTarget(path.join(dir, 'g.json'), 'read'))).toBeInstanceOf(E.IoError);
    reset();
    fs.symlinkSync('x', path.join(dir, 'ln'));
    arm('readlinkSync', { throws: errno('EIO', 'readlink') });
    expect(thrown(() => F.resolveTarget(path.join(dir, 'ln'), 'read'))).toBeInstanceOf(E.IoError);
  });

  it('refresh: the file as it is now', () => {
    const f = session();
    const t = F.resolveTarget(f, 'save');
    fs.writeFileSync(f, 'longer content');
    expect(F.refresh(t).stat!.size).toBe(14);
    fs.rmSync(f);
    expect(F.refresh(t)).toMatchObject({ stat: null, folderMissing: false });
    const sub = path.join(dir, 's');
    fs.mkdirSync(sub);
    fs.writeFileSync(path.join(sub, 'g'), '1');
    const t2 = F.resolveTarget(path.join(sub, 'g'), 'save');
    fs.rmSync(sub, { recursive: true });
    expect(F.refresh(t2)).toMatchObject({ stat: null, folderMissing: true });
    arm('lstatSync', { throws: errno('EIO', 'lstat') });
    expect(thrown(() => F.refresh(t))).toBeInstanceOf(E.IoError);
  });
});

describe('resolveTarget: the folders on the way, resolved one by one', () => {
  it('a linked folder whose target climbs with .. , holds . and empty parts, or is absolute: the real folder', () => {
    fs.mkdirSync(path.join(dir, 'a', 'deep'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'b', 'c'), { recursive: true });
    const real = session(path.join('b', 'c', 'g.json'));
    fs.symlinkSync('../../b/./c//', path.join(dir, 'a', 'deep', 'up'));
    expect(F.resolveTarget(path.join(dir, 'a', 'deep', 'up', 'g.json'), 'read').real).toBe(real);
    fs.symlinkSync(path.join(dir, 'b'), path.join(dir, 'a', 'abs'));
    expect(F.resolveTarget(path.join(dir, 'a', 'abs', 'c', 'g.json'), 'read').real).toBe(real);
    // .. after a link climbs from where the link leads, as the kernel does.
    fs.symlinkSync(path.join(dir, 'b', 'c'), path.join(dir, 'a', 'toc'));
    fs.symlinkSync('toc/..', path.join(dir, 'a', 'tob'));
    expect(F.resolveTarget(path.join(dir, 'a', 'tob', 'c', 'g.json'), 'read').real).toBe(real);
    // A link to the root and back down.
    fs.symlinkSync('/', path.join(dir, 'root'));
    expect(
      F.resolveTarget(path.join(dir, 'root', ...dir.split(path.sep).filter(Boolean), 'b', 'c', 'g.json'), 'read').real,
    ).toBe(real);
  });

  it('a file on the way is not a folder; a loop of linked folders is refused; a dangling folder link is a missing folder', () => {
    const f = session();
    const e = thrown(() => F.resolveTarget(path.join(f, 'g.json'), 'save'));
    expect(e).toBeInstanceOf(E.NoSessionError);
    expect(e.message).toBe(
      `Could not save ${path.join(f, 'g.json')}: ${f} is a file, not a folder. Give another path.`,
    );
    fs.symlinkSync('l2', path.join(dir, 'l1'));
    fs.symlinkSync('l1', path.join(dir, 'l2'));
    const loop = thrown(() => F.resolveTarget(path.join(dir, 'l1', 'g.json'), 'read'));
    expect(loop).toBeInstanceOf(E.RefusedError);
    expect(loop.message).toMatch(/loop of symbolic links/);
    fs.symlinkSync('nowhere', path.join(dir, 'gone'));
    expect(F.resolveTarget(path.join(dir, 'gone', 'g.json'), 'read')).toMatchObject({
      stat: null,
      folderMissing: true,
    });
  });

  it('40 linked folders in a row are followed; 41 are a loop', () => {
    fs.mkdirSync(path.join(dir, 'end'));
    const real = session(path.join('end', 'g.json'));
    let prev = 'end';
    for (let i = 1; i <= 41; i++) {
      fs.symlinkSync(prev, path.join(dir, `h${i}`));
      prev = `h${i}`;
    }
    expect(F.resolveTarget(path.join(dir, 'h40', 'g.json'), 'read').real).toBe(real);
    expect(thrown(() => F.resolveTarget(path.join(dir, 'h41', 'g.json'), 'read'))).toBeInstanceOf(E.RefusedError);
  });
});

describe("resolveTarget: links in a sticky folder everyone may write to (Linux's fs.protected_symlinks rule)", () => {
  const OTHER = 65534;
  /** `dir/shared` with `mode`; a link in it to `dir/elsewhere/g.json` (a file link) and to `dir/elsewhere` (a folder link). */
  function shared(mode: number): { shared: string; file: string; folder: string; real: string } {
    const sh = path.join(dir, 'shared');
    fs.mkdirSync(sh);
    fs.chmodSync(sh, mode);
    fs.mkdirSync(path.join(dir, 'elsewhere'));
    const real = session(path.join('elsewhere', 'g.json'));
    fs.symlinkSync(real, path.join(sh, 'g.json'));
    fs.symlinkSync(path.join(dir, 'elsewhere'), path.join(sh, 'games'));
    return { shared: sh, file: path.join(sh, 'g.json'), folder: path.join(sh, 'games'), real };
  }
  /** lstat shows `uid` as the owner of the links in `sh`; stat shows `folderUid` as the owner of `sh`. */
  function owners(sh: string, uid: number, folderUid = process.geteuid!()): void {
    const as = (st: unknown, u: number) => Object.assign(Object.create(fs.Stats.prototype), st as object, { uid: u });
    arm('lstatSync', {
      calls: (real, args) =>
        path.dirname(String(args[0])) === sh && String(args[0]) !== sh ? as(real(...args), uid) : real(...args),
    });
    arm('statSync', { calls: (real, args) => (args[0] === sh ? as(real(...args), folderUid) : real(...args)) });
  }

  it("another user's link, to a file or to a folder, is refused (exit 1) saying why", () => {
    const s = shared(0o1777);
    owners(s.shared, OTHER);
    for (const [p, link] of [
      [s.file, s.file],
      [path.join(s.folder, 'g.json'), s.folder],
    ] as const) {
      const e = thrown(() => F.resolveTarget(p, 'save'));
      expect(e).toBeInstanceOf(E.RefusedError);
      expect(e.message).toBe(
        `${p}: its path goes through a symbolic link, ${link}, in a folder everyone may write to (sticky, like /tmp), and the link belongs to another user (uid ${OTHER}), not to you or to the folder's owner. badzone does not follow such a link, as Linux does not (fs.protected_symlinks): it may have been put there to make badzone read or write a file of someone else's choosing. Nothing was read or changed. Give the path of the file itself, or keep the game in a folder of your own.`,
      );
    }
  });

  it("followed: your own link; the folder owner's link; any link in a folder not both sticky and writable by all", () => {
    const cases: [number, number, number][] = [
      [0o1777, process.geteuid!(), process.geteuid!()],
      [0o1777, process.geteuid!(), OTHER],
      [0o1777, OTHER, OTHER],
      [0o0777, OTHER, process.geteuid!()],
      [0o1775, OTHER, process.geteuid!()],
    ];
    for (const [mode, uid, folderUid] of cases) {
      const s = shared(mode);
      owners(s.shared, uid, folderUid);
      expect(F.resolveTarget(s.file, 'save').real, mode.toString(8)).toBe(s.real);
      expect(F.resolveTarget(path.join(s.folder, 'g.json'), 'save').real).toBe(s.real);
      reset();
      fs.rmSync(path.join(dir, 'shared'), { recursive: true });
      fs.rmSync(path.join(dir, 'elsewhere'), { recursive: true });
    }
  });

  it('on Windows the folders are resolved by the system (no sticky folders there), links and all', () => {
    const s = shared(0o1777);
    owners(s.shared, OTHER);
    const platform = Object.getOwnPropertyDescriptor(process, 'platform')!;
    Object.defineProperty(process, 'platform', { value: 'win32', configurable: true });
    seam.recording = true;
    try {
      expect(F.resolveTarget(path.join(s.folder, 'g.json'), 'read').real).toBe(s.real);
    } finally {
      Object.defineProperty(process, 'platform', platform);
    }
    expect(seam.calls.filter((c) => c.name === 'realpathSync.native').map((c) => c.args[0])).toEqual([s.folder]);
  });

  it('where there are no user ids (Windows), nothing is judged', () => {
    const s = shared(0o1777);
    owners(s.shared, OTHER);
    const geteuid = Object.getOwnPropertyDescriptor(process, 'geteuid')!;
    Object.defineProperty(process, 'geteuid', { value: undefined, configurable: true });
    try {
      expect(F.resolveTarget(s.file, 'read').real).toBe(s.real);
    } finally {
      Object.defineProperty(process, 'geteuid', geteuid);
    }
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

describe('what is at a path', () => {
  it('exists, isFolder, isSpecial', () => {
    const f = session();
    expect([F.exists(f), F.isFolder(f), F.isSpecial(f)]).toEqual([true, false, false]);
    expect([F.exists(dir), F.isFolder(dir), F.isSpecial(dir)]).toEqual([true, true, false]);
    const none = path.join(dir, 'none');
    expect([F.exists(none), F.isFolder(none), F.isSpecial(none)]).toEqual([false, false, false]);
    expect(F.isSpecial('/dev/null')).toBe(true);
  });
});
