// src/store/files.ts in this process, on the real file system in temp folders, with file errors injected through
// a seam over node:fs (./fs-seam.ts): what a save writes and in which order, that every failure leaves the game
// as it was and says so with the right kind of error naming the file, reads that refuse what is not a badzone
// file, the temp-file sweep's rule, and the turning of system errors into sentences.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { arm, errno, reset, seam, trail } from './fs-seam.js';
import { freshStore, type Store } from './fresh.js';
import { list as listIn, thrown, useTempFolder } from './kit.js';

let BadzoneError: Store['errors']['BadzoneError'];
let InvalidFileError: Store['errors']['InvalidFileError'];
let IoError: Store['errors']['IoError'];
let NoSessionError: Store['errors']['NoSessionError'];
let RefusedError: Store['errors']['RefusedError'];
let alive: Store['files']['alive'];
let backup: Store['files']['backup'];
let checkNameRoom: Store['files']['checkNameRoom'];
let checkWritable: Store['files']['checkWritable'];
let code: Store['files']['code'];
let exists: Store['files']['exists'];
let hostName: Store['files']['hostName'];
let ioError: Store['files']['ioError'];
let isFolder: Store['files']['isFolder'];
let isSpecial: Store['files']['isSpecial'];
let parseJson: Store['files']['parseJson'];
let readTarget: Store['files']['readTarget'];
let readText: Store['files']['readText'];
let refresh: Store['files']['refresh'];
let renameInto: Store['files']['renameInto'];
let resolveTarget: Store['files']['resolveTarget'];
let sameFile: Store['files']['sameFile'];
let sweepTemps: Store['files']['sweepTemps'];
let tempName: Store['files']['tempName'];
let unique: Store['files']['unique'];
let writeAtomic: Store['files']['writeAtomic'];
let writeNew: Store['files']['writeNew'];
let S: Store;

vi.mock('node:fs', async (importOriginal) => (await import('./fs-seam.js')).seamed(await importOriginal()));

beforeEach(async () => {
  S = await freshStore();
  ({ BadzoneError, InvalidFileError, IoError, NoSessionError, RefusedError } = S.errors);
  ({
    alive,
    backup,
    checkNameRoom,
    checkWritable,
    code,
    exists,
    hostName,
    ioError,
    isFolder,
    isSpecial,
    parseJson,
    readTarget,
    readText,
    refresh,
    renameInto,
    resolveTarget,
    sameFile,
    sweepTemps,
    tempName,
    unique,
    writeAtomic,
    writeNew,
  } = S.files);
});

let dir = '';
useTempFolder('badzone-store-', (d) => (dir = d));

const list = (d = dir): string[] => listIn(d);
const isTemp = (n: string) => n.endsWith('.tmp');

function session(name = 'game.json', text = '{"old":true}\n'): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
}

describe('writeAtomic', () => {
  it('writes a temp file beside the target, fsyncs and closes it, renames it over the target, then fsyncs the folder', () => {
    const f = session();
    const t = resolveTarget(f, 'save');
    seam.recording = true;
    writeAtomic(t, '{"new":true}\n');
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
    writeAtomic(resolveTarget(f, 'create'), 'x\n');
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
      const kind = S.errors[kindName];
      const f = session();
      const t = resolveTarget(f, 'save');
      const fault = arm(fn, { throws: errno(c, fn) }, (args) => fn !== 'openSync' || String(args[0]).endsWith('.tmp'));
      const e = thrown(() => writeAtomic(t, '{"new":true}\n'));
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
    const t = resolveTarget(f, 'save');
    let sawTemp: string[] = [];
    const guard = () => {
      sawTemp = list().filter(isTemp);
      expect(fs.readFileSync(path.join(dir, sawTemp[0]!), 'utf8')).toBe('{"new":true}\n');
      throw new RefusedError('the guard says no');
    };
    const e = thrown(() => writeAtomic(t, '{"new":true}\n', guard));
    expect(e.message).toBe('the guard says no');
    expect(sawTemp).toHaveLength(1);
    expect(fs.readFileSync(f, 'utf8')).toBe('{"old":true}\n');
    expect(list()).toEqual(['game.json']);
  });

  it('a temp file that vanished before the rename: an io error that says so, the game unchanged', () => {
    const f = session();
    arm('renameSync', { calls: (real, args) => (fs.rmSync(args[0] as string), real(...args)) });
    const e = thrown(() => writeAtomic(resolveTarget(f, 'save'), 'new\n'));
    reset();
    expect(e).toBeInstanceOf(IoError);
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
    const e = thrown(() => writeAtomic(resolveTarget(f, 'save'), 'new\n'));
    expect(e).toBeInstanceOf(NoSessionError);
    expect(e.message).toContain(f);
  });

  it('a folder that cannot be fsynced still gets its file replaced', () => {
    const f = session();
    const dirSync = arm('fsyncSync', { throws: errno('EINVAL', 'fsync') }, (_a, n) => n === 1);
    writeAtomic(resolveTarget(f, 'save'), 'new\n');
    expect(dirSync.fired()).toBe(1);
    expect(fs.readFileSync(f, 'utf8')).toBe('new\n');
  });

  it('keeps the mode of the file it replaces (0600 stays 0600, 0640 stays 0640)', () => {
    for (const mode of [0o600, 0o640, 0o604]) {
      const f = session(`m${mode.toString(8)}.json`);
      fs.chmodSync(f, mode);
      writeAtomic(resolveTarget(f, 'save'), 'new\n');
      expect(fs.statSync(f).mode & 0o777).toBe(mode);
      expect(fs.readFileSync(f, 'utf8')).toBe('new\n');
    }
  });

  it('creates its temp file 0600 over an existing file, 0644 (less the umask) for a new one, 0600 for a new private one', () => {
    const f = session();
    fs.chmodSync(f, 0o644);
    seam.recording = true;
    writeAtomic(resolveTarget(f, 'save'), 'new\n');
    const fresh = path.join(dir, 'fresh.json');
    writeAtomic(resolveTarget(fresh, 'save'), 'new\n');
    const secret = path.join(dir, 'secret.json');
    writeAtomic(resolveTarget(secret, 'save'), 'new\n', undefined, { private: true });
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
    writeAtomic(
      {
        ...resolveTarget(f, 'save'),
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
      writeAtomic(resolveTarget(f, 'save'), 'new\n');
      expect([fs.statSync(f).uid, fs.statSync(f).gid]).toEqual([4321, 4322]);
      expect(ownerArgs).toEqual([[4321, 4322]]);
    }
    // A file already ours: no chown at all.
    ownerArgs.length = 0;
    const mine = session('mine.json');
    writeAtomic(resolveTarget(mine, 'save'), 'new\n');
    expect(ownerArgs).toEqual([]);
    // A chown that is not allowed is skipped, the save goes on.
    const other = session('other.json');
    fs.chmodSync(other, 0o600);
    const st = fs.statSync(other);
    arm('fchownSync', { throws: errno('EPERM', 'fchown') });
    writeAtomic(
      {
        ...resolveTarget(other, 'save'),
        stat: Object.assign(Object.create(Object.getPrototypeOf(st)), st, { uid: st.uid + 1 }),
      },
      'new\n',
    );
    expect(fs.readFileSync(other, 'utf8')).toBe('new\n');
    expect(fs.statSync(other).mode & 0o777).toBe(0o600);
  });
});

describe('writeNew (lock files)', () => {
  it('creates the file exclusively with the content', () => {
    const f = path.join(dir, 'lock.tmp');
    seam.recording = true;
    writeNew(f, 'abc', f, 'create the lock for');
    expect(fs.readFileSync(f, 'utf8')).toBe('abc');
    expect(seam.calls.find((c) => c.name === 'openSync')!.args.slice(0, 2)).toEqual([f, 'wx']);
    expect(thrown(() => writeNew(f, 'xyz', path.join(dir, 'game.json'), 'create the lock for'))).toBeInstanceOf(
      BadzoneError,
    );
  });

  it('a full disk while writing leaves nothing behind and names the file', () => {
    const f = path.join(dir, 'lock.tmp');
    arm('writeFileSync', { throws: errno('ENOSPC', 'write') });
    const e = thrown(() => writeNew(f, 'abc', path.join(dir, 'game.json.lock'), 'create the lock for'));
    expect(e).toBeInstanceOf(IoError);
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
      renameInto(
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
      renameInto(
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
    expect(e).toBeInstanceOf(IoError);
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
        renameInto(
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
      expect(code(e)).toBe(c);
    }
  });

  it('uses the real rename by default', () => {
    const a = path.join(dir, 'a');
    fs.writeFileSync(a, '1');
    renameInto(a, path.join(dir, 'b'));
    expect(list()).toEqual(['b']);
  });
});

describe('resolveTarget: the folders on the way, resolved one by one', () => {
  it('a linked folder whose target climbs with .. , holds . and empty parts, or is absolute: the real folder', () => {
    fs.mkdirSync(path.join(dir, 'a', 'deep'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'b', 'c'), { recursive: true });
    const real = session(path.join('b', 'c', 'g.json'));
    fs.symlinkSync('../../b/./c//', path.join(dir, 'a', 'deep', 'up'));
    expect(resolveTarget(path.join(dir, 'a', 'deep', 'up', 'g.json'), 'read').real).toBe(real);
    fs.symlinkSync(path.join(dir, 'b'), path.join(dir, 'a', 'abs'));
    expect(resolveTarget(path.join(dir, 'a', 'abs', 'c', 'g.json'), 'read').real).toBe(real);
    // .. after a link climbs from where the link leads, as the kernel does.
    fs.symlinkSync(path.join(dir, 'b', 'c'), path.join(dir, 'a', 'toc'));
    fs.symlinkSync('toc/..', path.join(dir, 'a', 'tob'));
    expect(resolveTarget(path.join(dir, 'a', 'tob', 'c', 'g.json'), 'read').real).toBe(real);
    // A link to the root and back down.
    fs.symlinkSync('/', path.join(dir, 'root'));
    expect(
      resolveTarget(path.join(dir, 'root', ...dir.split(path.sep).filter(Boolean), 'b', 'c', 'g.json'), 'read').real,
    ).toBe(real);
  });

  it('a file on the way is not a folder; a loop of linked folders is refused; a dangling folder link is a missing folder', () => {
    const f = session();
    const e = thrown(() => resolveTarget(path.join(f, 'g.json'), 'save'));
    expect(e).toBeInstanceOf(NoSessionError);
    expect(e.message).toBe(
      `Could not save ${path.join(f, 'g.json')}: ${f} is a file, not a folder. Give another --session path.`,
    );
    fs.symlinkSync('l2', path.join(dir, 'l1'));
    fs.symlinkSync('l1', path.join(dir, 'l2'));
    const loop = thrown(() => resolveTarget(path.join(dir, 'l1', 'g.json'), 'read'));
    expect(loop).toBeInstanceOf(RefusedError);
    expect(loop.message).toMatch(/loop of symbolic links/);
    fs.symlinkSync('nowhere', path.join(dir, 'gone'));
    expect(resolveTarget(path.join(dir, 'gone', 'g.json'), 'read')).toMatchObject({ stat: null, folderMissing: true });
  });

  it('40 linked folders in a row are followed; 41 are a loop', () => {
    fs.mkdirSync(path.join(dir, 'end'));
    const real = session(path.join('end', 'g.json'));
    let prev = 'end';
    for (let i = 1; i <= 41; i++) {
      fs.symlinkSync(prev, path.join(dir, `h${i}`));
      prev = `h${i}`;
    }
    expect(resolveTarget(path.join(dir, 'h40', 'g.json'), 'read').real).toBe(real);
    expect(thrown(() => resolveTarget(path.join(dir, 'h41', 'g.json'), 'read'))).toBeInstanceOf(RefusedError);
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
      const e = thrown(() => resolveTarget(p, 'save'));
      expect(e).toBeInstanceOf(RefusedError);
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
      expect(resolveTarget(s.file, 'save').real, mode.toString(8)).toBe(s.real);
      expect(resolveTarget(path.join(s.folder, 'g.json'), 'save').real).toBe(s.real);
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
      expect(resolveTarget(path.join(s.folder, 'g.json'), 'read').real).toBe(s.real);
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
      expect(resolveTarget(s.file, 'read').real).toBe(s.real);
    } finally {
      Object.defineProperty(process, 'geteuid', geteuid);
    }
  });
});

describe('resolveTarget', () => {
  it('a plain file is itself; a missing file has no stat; a missing folder says so', () => {
    const f = session();
    expect(resolveTarget(f, 'read')).toMatchObject({ given: f, real: f, folderMissing: false });
    expect(resolveTarget(f, 'read').stat!.isFile()).toBe(true);
    expect(resolveTarget(path.join(dir, 'none.json'), 'read')).toEqual({
      given: path.join(dir, 'none.json'),
      real: path.join(dir, 'none.json'),
      stat: null,
      folderMissing: false,
    });
    const deep = path.join(dir, 'no', 'such', 'g.json');
    expect(resolveTarget(deep, 'read')).toEqual({ given: deep, real: deep, stat: null, folderMissing: true });
  });

  it('follows a chain of links (relative and absolute) to the real file, in its real folder', () => {
    const real = session('real.json');
    fs.mkdirSync(path.join(dir, 'elsewhere'));
    fs.symlinkSync('../real.json', path.join(dir, 'elsewhere', 'one'));
    fs.symlinkSync(path.join(dir, 'elsewhere', 'one'), path.join(dir, 'two'));
    fs.symlinkSync(dir, path.join(dir, 'dirlink'));
    const t = resolveTarget(path.join(dir, 'dirlink', 'two'), 'read');
    expect(t.real).toBe(real);
    expect(t.given).toBe(path.join(dir, 'dirlink', 'two'));
    expect(t.stat!.isFile()).toBe(true);
    // A dangling link: the file it names, not there yet.
    fs.symlinkSync('later.json', path.join(dir, 'dangling'));
    expect(resolveTarget(path.join(dir, 'dangling'), 'read')).toMatchObject({
      real: path.join(dir, 'later.json'),
      stat: null,
      folderMissing: false,
    });
  });

  it('a loop of links is refused naming the path', () => {
    fs.symlinkSync(path.join(dir, 'b'), path.join(dir, 'a'));
    fs.symlinkSync(path.join(dir, 'a'), path.join(dir, 'b'));
    const e = thrown(() => resolveTarget(path.join(dir, 'a'), 'read'));
    expect(e).toBeInstanceOf(RefusedError);
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
    expect(resolveTarget(path.join(dir, 'l40'), 'read').real).toBe(path.join(dir, 'end.json'));
    expect(thrown(() => resolveTarget(path.join(dir, 'l41'), 'read'))).toBeInstanceOf(RefusedError);
  });

  it.skipIf(process.platform !== 'linux')(
    'a file of /proc or /sys, or a link to one, is refused as a file of the operating system',
    () => {
      for (const p of ['/proc/self/status', '/sys/kernel/notes', '/proc/version']) {
        const e = thrown(() => resolveTarget(p, 'read'));
        expect(e).toBeInstanceOf(InvalidFileError);
        expect(e.message).toContain(p);
        expect(e.message).toMatch(/operating system/);
      }
      fs.symlinkSync('/proc/self/environ', path.join(dir, 'env'));
      const e = thrown(() => resolveTarget(path.join(dir, 'env'), 'read'));
      expect(e).toBeInstanceOf(InvalidFileError);
      expect(e.message).toMatch(/is a link to a file of the operating system/);
    },
  );

  it('a folder it cannot look into is an error naming the path (never a crash)', () => {
    arm('lstatSync', { throws: errno('EACCES', 'lstat') }, (args) => args[0] === dir);
    const e = thrown(() => resolveTarget(path.join(dir, 'g.json'), 'read'));
    expect(e).toBeInstanceOf(RefusedError);
    expect(e.message).toContain(path.join(dir, 'g.json'));
    reset();
    arm('lstatSync', { throws: errno('EIO', 'lstat') });
    expect(thrown(() => resolveTarget(path.join(dir, 'g.json'), 'read'))).toBeInstanceOf(IoError);
    reset();
    fs.symlinkSync('x', path.join(dir, 'ln'));
    arm('readlinkSync', { throws: errno('EIO', 'readlink') });
    expect(thrown(() => resolveTarget(path.join(dir, 'ln'), 'read'))).toBeInstanceOf(IoError);
  });

  it('refresh: the file as it is now', () => {
    const f = session();
    const t = resolveTarget(f, 'save');
    fs.writeFileSync(f, 'longer content');
    expect(refresh(t).stat!.size).toBe(14);
    fs.rmSync(f);
    expect(refresh(t)).toMatchObject({ stat: null, folderMissing: false });
    const sub = path.join(dir, 's');
    fs.mkdirSync(sub);
    fs.writeFileSync(path.join(sub, 'g'), '1');
    const t2 = resolveTarget(path.join(sub, 'g'), 'save');
    fs.rmSync(sub, { recursive: true });
    expect(refresh(t2)).toMatchObject({ stat: null, folderMissing: true });
    arm('lstatSync', { throws: errno('EIO', 'lstat') });
    expect(thrown(() => refresh(t))).toBeInstanceOf(IoError);
  });
});

describe('readTarget and readText', () => {
  it.each([
    [
      'EIO',
      'the disk reported an input/output error (a failing or removed drive, or a network folder that went away). Nothing was changed. Check the disk and run the command again.',
    ],
    ['ENOSPC', 'the disk is full. Nothing was changed. Free some space and run the command again.'],
  ])(
    'the close after reading failing with %s: an I/O error naming the file (exit 6), never an internal error',
    (c, words) => {
      const f = session();
      const closed = arm('closeSync', { throws: errno(c, 'close') });
      const e = thrown(() => readText(f, 1000));
      expect(closed.fired()).toBe(1);
      reset();
      expect(e).toBeInstanceOf(IoError);
      expect(e.message).toBe(`Could not read ${f}: ${words}`);
    },
  );

  it("a read that fails closes the file quietly and reports the read's error, not the close's", () => {
    const f = session();
    arm('readSync', { throws: errno('EIO', 'read') });
    const closed = arm('closeSync', { throws: errno('EBADF', 'close') });
    const e = thrown(() => readText(f, 1000));
    expect(closed.fired()).toBe(1);
    reset();
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toMatch(/input\/output error/);
  });

  it('reads UTF-8 text and identifies the file as read', () => {
    const f = session('g.json', 'héllo ✓\n');
    const r = readTarget(resolveTarget(f, 'read'), 1000)!;
    expect(r.text).toBe('héllo ✓\n');
    const st = fs.statSync(f);
    expect(r.id).toEqual({ dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs });
    expect(sameFile(r.id, fs.lstatSync(f))).toBe(true);
    expect(readText(f, 1000)).toBe('héllo ✓\n');
    expect(readText(path.join(dir, 'none'), 1000)).toBeNull();
  });

  it('a byte-order mark is kept (JSON.parse then refuses it, as it always has)', () => {
    expect(readText(session('bom.json', '\ufeff{}'), 100)).toBe('\ufeff{}');
  });

  it('bytes that are not UTF-8 are refused naming the file', () => {
    const f = path.join(dir, 'bad.json');
    fs.writeFileSync(f, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
    const e = thrown(() => readText(f, 100));
    expect(e).toBeInstanceOf(InvalidFileError);
    expect(e.message).toContain(f);
    expect(e.message).toMatch(/UTF-8/);
  });

  it('a file larger than the cap is refused unread, with its size', () => {
    const f = session('big.json', 'x'.repeat(2_500_001));
    seam.recording = true;
    const e = thrown(() => readText(f, 2_000_000));
    expect(e).toBeInstanceOf(InvalidFileError);
    expect(e.message).toContain(f);
    expect(e.message).toContain('2.5 MB');
    expect(e.message).toContain('(2 MB)');
    expect(seam.calls.some((c) => c.name === 'readSync')).toBe(false);
    // Exactly at the cap is read.
    expect(readText(session('cap.json', 'y'.repeat(1000)), 1000)).toHaveLength(1000);
  });

  it('a file that claims to be empty but is not (as /proc files do) is read to its end, but never past the cap', () => {
    const f = session('claims.json', 'z'.repeat(5000));
    const zero = (real: (...a: unknown[]) => unknown, args: unknown[]) =>
      Object.assign(real(...args) as fs.Stats, { size: 0 });
    arm('fstatSync', { calls: zero });
    expect(readText(f, 10_000)).toBe('z'.repeat(5000));
    arm('fstatSync', { calls: zero });
    const e = thrown(() => readText(f, 3000));
    expect(e).toBeInstanceOf(InvalidFileError);
    expect(e.message).toContain('more than');
  });

  it('a folder, a FIFO and a device are refused without blocking', () => {
    fs.mkdirSync(path.join(dir, 'folder'));
    const e = thrown(() => readText(path.join(dir, 'folder'), 100));
    expect(e).toBeInstanceOf(InvalidFileError);
    expect(e.message).toMatch(/folder/);
    const fifo = path.join(dir, 'fifo');
    if (spawnSync('mkfifo', [fifo]).status === 0) {
      const f = thrown(() => readText(fifo, 100));
      expect(f).toBeInstanceOf(InvalidFileError);
      expect(f.message).toMatch(/not a regular file/);
    }
    fs.symlinkSync('/dev/zero', path.join(dir, 'zero'));
    expect(thrown(() => readText(path.join(dir, 'zero'), 100))).toBeInstanceOf(InvalidFileError);
  });

  it('a file replaced by a folder between the look and the open is refused too (what was opened is judged)', () => {
    const f = session();
    const t = resolveTarget(f, 'read');
    arm('fstatSync', {
      calls: (real, args) =>
        Object.assign(Object.create(fs.Stats.prototype), real(...args) as object, {
          mode: fs.constants.S_IFIFO | 0o644,
        }),
    });
    expect(thrown(() => readTarget(t, 100))).toBeInstanceOf(InvalidFileError);
  });

  it('a file gone between the look and the open is no file; a read error is an io error naming it', () => {
    const f = session();
    const t = resolveTarget(f, 'read');
    fs.rmSync(f);
    expect(readTarget(t, 100)).toBeNull();
    const g = session('g2.json');
    arm('readSync', { throws: errno('EIO', 'read') });
    const e = thrown(() => readText(g, 100));
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toContain(g);
    reset();
    arm('openSync', { throws: errno('EACCES', 'open') });
    expect(thrown(() => readText(g, 100))).toBeInstanceOf(RefusedError);
  });
});

describe('parseJson', () => {
  it.each([
    ['{"a":1,}', 'at line 1, column 8'],
    ['{\n  "a": 1,\n}', 'at line 3, column 1'],
    ['{"a":1', 'at line 1, column 7'],
    ['[1,\n2', 'at line 2, column 2'],
    ['', 'it is empty'],
    ['  \n ', 'it is empty'],
    ['abc', 'an unexpected character'],
    ['"x', 'at line 1, column 3'],
  ])('%j: names the file and where (%s), never quoting it', (text, where) => {
    const e = thrown(() => parseJson(text, '/games/g.json'));
    expect(e).toBeInstanceOf(InvalidFileError);
    expect(e.message).toBe(`/games/g.json is not valid JSON (${where}). It was left as it is.`);
  });

  it('a document that ends too soon without a position', () => {
    const e = thrown(() => parseJson('{', 'f.json'));
    expect(e.message).toMatch(/^f\.json is not valid JSON \((it ends before the JSON does|at line 1, column 2)\)/);
    expect(parseJson('{"a":[1,2]}', 'f')).toEqual({ a: [1, 2] });
  });

  it('a JSON.parse failure that is not a SyntaxError still becomes an invalid-file error', () => {
    const parse = vi.spyOn(JSON, 'parse').mockImplementationOnce(() => {
      throw 'not an Error';
    });
    expect(thrown(() => parseJson('{}', 'f.json'))).toBeInstanceOf(InvalidFileError);
    parse.mockRestore();
  });
});

describe('checkWritable and checkNameRoom', () => {
  it('a read-only file is refused with its mode, before anything is written', () => {
    const f = session();
    fs.chmodSync(f, 0o444);
    const e = thrown(() => checkWritable(resolveTarget(f, 'save'), f));
    expect(e).toBeInstanceOf(RefusedError);
    expect(e.message).toContain(f);
    expect(e.message).toContain('0444');
    fs.chmodSync(f, 0o644);
    checkWritable(resolveTarget(f, 'save'), f);
    // Writable by the group only still counts as writable.
    fs.chmodSync(f, 0o464);
    checkWritable(resolveTarget(f, 'save'), f);
  });

  it('a file with other hard links is refused, counting them', () => {
    const f = session();
    fs.linkSync(f, path.join(dir, 'other'));
    let e = thrown(() => checkWritable(resolveTarget(f, 'save'), f));
    expect(e).toBeInstanceOf(RefusedError);
    expect(e.message).toMatch(/has 1 other hard link:/);
    fs.linkSync(f, path.join(dir, 'third'));
    e = thrown(() => checkWritable(resolveTarget(f, 'save'), f));
    expect(e.message).toMatch(/has 2 other hard links:/);
  });

  it('a single file mounted on its own (its folder on another device) is an io error', () => {
    const f = session();
    const t = resolveTarget(f, 'save');
    arm(
      'statSync',
      { calls: (real, args) => Object.assign(real(...args) as fs.Stats, { dev: t.stat!.dev + 1 }) },
      (args) => args[0] === dir,
    );
    const e = thrown(() => checkWritable(t, f));
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toMatch(/mounted/);
  });

  it('no write permission (access) and an unreadable folder are refused naming the file', () => {
    const f = session();
    arm('accessSync', { throws: errno('EACCES', 'access') });
    expect(thrown(() => checkWritable(resolveTarget(f, 'save'), f))).toBeInstanceOf(RefusedError);
    reset();
    arm('statSync', { throws: errno('EIO', 'stat') }, (args) => args[0] === dir);
    const e = thrown(() => checkWritable(resolveTarget(f, 'save'), f));
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toContain(f);
  });

  it('nothing there, or a folder there: nothing to check', () => {
    checkWritable(resolveTarget(path.join(dir, 'new.json'), 'save'), 'new.json');
    fs.mkdirSync(path.join(dir, 'folder'));
    checkWritable(resolveTarget(path.join(dir, 'folder'), 'save'), 'folder');
  });

  it('a name too long for its temp and lock files is refused, saying how long it may be', () => {
    const room = (n: number) => path.join(dir, 'g'.repeat(n));
    let longest = 0;
    for (let n = 100; n <= 255; n++) {
      try {
        checkNameRoom(room(n), room(n));
        longest = n;
      } catch (e) {
        expect(e).toBeInstanceOf(RefusedError);
        expect((e as Error).message).toContain(`at most ${longest} bytes`);
        break;
      }
    }
    expect(longest).toBeGreaterThan(100);
    expect(longest).toBeLessThan(255);
    // Temp and lock-takeover names of the longest allowed name fit in 255 bytes.
    expect(
      Buffer.byteLength(path.basename(tempName(`${room(longest)}.lock.takeover.takeover`, 'z'.repeat(20)))),
    ).toBeLessThanOrEqual(255);
    const e = thrown(() => checkNameRoom(room(longest + 1), 'x'.repeat(130)));
    expect(e.message).toContain(`${'x'.repeat(100)}...`);
  });
});

describe('sweepTemps', () => {
  const dead = (() => {
    const r = spawnSync(process.execPath, ['-e', '']);
    return r.pid!;
  })();

  it("removes this computer's temp files whose process is gone, and its own, and keeps the rest", () => {
    const target = session('g.json');
    const me = path.basename(tempName(target)).split('~')[1]!;
    const names = {
      deadSession: `.g.json.${dead}~${me}~abc.tmp`,
      deadLock: `.g.json.lock.${dead}~${me}~abc.tmp`,
      deadTakeover: `.g.json.lock.takeover.${dead}~${me}~abc.tmp`,
      own: `.g.json.${process.pid}~${me}~abc.tmp`,
      liveSession: `.g.json.${process.ppid}~${me}~abc.tmp`,
      oldDead: `.g.json.${dead}.12345-ab.tmp`,
      oldDeadPlain: `.g.json.${dead}.12345.tmp`,
      oldLive: `.g.json.${process.ppid}.12345.tmp`,
      otherHostNew: `.g.json.${dead}~faraway-1x~abc.tmp`,
      otherHostOld: `.g.json.${dead}~faraway-1y~abd.tmp`,
      otherFile: `.h.json.${dead}~${me}~abc.tmp`,
      notTemp: `.g.json.${dead}~${me}~abc.bak`,
      malformed: `.g.json.x${dead}~${me}~abc.tmp`,
      upperCase: `.g.json.${dead}~${me}~ABC.tmp`,
    };
    for (const n of Object.values(names)) fs.writeFileSync(path.join(dir, n), '');
    const old = new Date(Date.now() - 11 * 60_000);
    fs.utimesSync(path.join(dir, names.otherHostOld), old, old);
    sweepTemps(target, 10 * 60_000);
    const left = new Set(list());
    const want: Record<keyof typeof names, boolean> = {
      deadSession: false,
      deadLock: false,
      deadTakeover: false,
      own: false,
      liveSession: true,
      oldDead: false,
      oldDeadPlain: false,
      oldLive: true,
      otherHostNew: true,
      otherHostOld: false,
      otherFile: true,
      notTemp: true,
      malformed: true,
      upperCase: true,
    };
    for (const [k, kept] of Object.entries(want)) expect(left.has(names[k as keyof typeof names]), k).toBe(kept);
    expect(left.has('g.json')).toBe(true);
  });

  it('an unreadable folder, or a file gone mid-sweep, is no error', () => {
    sweepTemps(path.join(dir, 'missing', 'g.json'), 1000);
    const target = session('g.json');
    fs.writeFileSync(path.join(dir, `.g.json.${dead}~far-1~a.tmp`), '');
    arm('lstatSync', { throws: errno('ENOENT', 'lstat') });
    sweepTemps(target, 0);
    reset();
    expect(list()).toContain(`.g.json.${dead}~far-1~a.tmp`);
  });
});

describe('small helpers', () => {
  it('alive: this process yes, a finished one no, nonsense pids no', () => {
    expect(alive(process.pid)).toBe(true);
    const r = spawnSync(process.execPath, ['-e', '']);
    expect(alive(r.pid!)).toBe(false);
    for (const p of [0, -1, 1.5, Number.NaN]) expect(alive(p)).toBe(false);
    if (process.getuid?.() !== 0) expect(alive(1)).toBe(true); // EPERM: running, not ours
  });

  it('unique names differ; temp names carry the pid and this host', () => {
    const a = unique();
    const b = unique();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[a-z0-9]+$/);
    const t = tempName('/x/game.json', 'u1');
    expect(t).toBe(path.join('/x', `.game.json.${process.pid}~${path.basename(t).split('~')[1]}~u1.tmp`));
    expect(path.basename(t).split('~')[1]).toMatch(
      new RegExp(
        `^${hostName()
          .replace(/[^A-Za-z0-9-]/g, '-')
          .slice(0, 16)}-[a-z0-9]+$`,
      ),
    );
  });

  it('code() reads an error code from anything', () => {
    expect(code(errno('EIO'))).toBe('EIO');
    expect(code({ code: 5 })).toBe('5');
    for (const v of [null, undefined, 'EIO', 3, {}]) expect(code(v)).toBeUndefined();
  });

  it('exists, isFolder, isSpecial', () => {
    const f = session();
    expect([exists(f), isFolder(f), isSpecial(f)]).toEqual([true, false, false]);
    expect([exists(dir), isFolder(dir), isSpecial(dir)]).toEqual([true, true, false]);
    const none = path.join(dir, 'none');
    expect([exists(none), isFolder(none), isSpecial(none)]).toEqual([false, false, false]);
    expect(isSpecial('/dev/null')).toBe(true);
  });

  it('sameFile compares device, inode, size and time, and two nothings are the same', () => {
    const f = session();
    const st = fs.lstatSync(f);
    const id = { dev: st.dev, ino: st.ino, size: st.size, mtimeMs: st.mtimeMs };
    expect(sameFile(id, st)).toBe(true);
    expect(sameFile(null, null)).toBe(true);
    expect(sameFile(id, null)).toBe(false);
    expect(sameFile(null, st)).toBe(false);
    for (const k of ['dev', 'ino', 'size', 'mtimeMs'] as const)
      expect(sameFile({ ...id, [k]: id[k] + 1 }, st), k).toBe(false);
  });

  it('backup copies the file beside it, never over an earlier backup', () => {
    const f = session();
    const t = resolveTarget(f, 'save');
    const b1 = backup(t, 'STAMP');
    const b2 = backup(t, 'STAMP');
    const b3 = backup(t, 'STAMP');
    expect([b1, b2, b3]).toEqual([`${f}.STAMP.bak`, `${f}.STAMP-2.bak`, `${f}.STAMP-3.bak`]);
    for (const b of [b1, b2, b3]) expect(fs.readFileSync(b, 'utf8')).toBe('{"old":true}\n');
    arm('writeSync', { throws: errno('ENOSPC', 'write') });
    const e = thrown(() => backup(t, 'FULL'));
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toContain(`${f}.FULL.bak`);
    expect(list()).not.toContain('game.json.FULL.bak');
  });
});

describe('ioError: every system error in words, with its kind, naming the file', () => {
  const file = '/games/badzone-session.json';
  it.each([
    ['ENOENT', 'NoSessionError', /its folder does not exist/],
    ['ENAMETOOLONG', 'RefusedError', /name is too long/],
    ['ELOOP', 'RefusedError', /loop of symbolic links/],
    ['EACCES', 'RefusedError', /permission denied/],
    ['EPERM', 'RefusedError', /permission denied/],
    ['EROFS', 'RefusedError', /read-only/],
    ['EISDIR', 'InvalidFileError', /is a folder/],
    ['ENOSPC', 'IoError', /disk is full/],
    ['EDQUOT', 'IoError', /quota/],
    ['EIO', 'IoError', /input\/output error/],
    ['EBUSY', 'IoError', /busy/],
    ['EMFILE', 'IoError', /too many files/],
    ['ENFILE', 'IoError', /too many files/],
    ['EFBIG', 'IoError', /larger than this file system allows/],
    ['ESTALE', 'IoError', /network folder/],
    ['ETIMEDOUT', 'IoError', /network folder/],
    ['EHOSTDOWN', 'IoError', /network folder/],
    ['ENOTCONN', 'IoError', /network folder/],
    ['EWHATEVER', 'IoError', /EWHATEVER/],
  ] as const)('%s: %s', (c, kindName, words) => {
    const kind = S.errors[kindName];
    for (const what of ['game', 'nothing'] as const) {
      const e = ioError(errno(c, 'write'), file, 'save', what);
      expect(e).toBeInstanceOf(kind);
      expect(e.message).toContain(file);
      expect(e.message).toMatch(words);
      if (kind !== NoSessionError && kind !== InvalidFileError)
        expect(e.message).toContain(what === 'game' ? 'The game was not changed.' : 'Nothing was changed.');
    }
  });

  it('a quota error that comes without its code (errno -122 only), and an unknown errno', () => {
    const e = ioError(Object.assign(new Error('Unknown system error -122'), { errno: -122 }), file, 'save', 'game');
    expect(e).toBeInstanceOf(IoError);
    expect(e.message).toMatch(/quota/);
    const u = ioError(Object.assign(new Error('?'), { errno: -999 }), file, 'save', 'game');
    expect(u.message).toContain('error -999');
    expect(ioError(Object.assign(new Error('?'), { code: 'EX', errno: -999 }), file, 'save', 'game').message).toContain(
      '(EX, error -999)',
    );
    expect(
      ioError(Object.assign(new Error('?'), { code: 'UNKNOWN-999', errno: -999 }), file, 'save', 'game').message,
    ).not.toContain('error -999)');
    expect(ioError(new Error('plain'), file, 'save', 'game').message).toContain('an unknown error');
  });

  it('ENOTDIR names the file that is in the way', () => {
    const f = session('plain');
    const e = ioError(errno('ENOTDIR'), path.join(f, 'sub', 'game.json'), 'read', 'nothing');
    expect(e).toBeInstanceOf(NoSessionError);
    expect(e.message).toContain(`${f} is a file, not a folder`);
  });

  it('a badzone error passes through; a long path is cut', () => {
    const mine = new RefusedError('mine');
    expect(ioError(mine, file, 'save', 'game')).toBe(mine);
    const long = `/${'d'.repeat(300)}/g.json`;
    const e = ioError(errno('EIO'), long, 'save', 'game');
    expect(e.message).toContain(`${long.slice(0, 100)}...`);
    expect(e.message).not.toContain(long);
    const edge = `/${'e'.repeat(159)}`;
    expect(ioError(errno('EIO'), edge, 'save', 'game').message).toContain(edge);
  });
});
