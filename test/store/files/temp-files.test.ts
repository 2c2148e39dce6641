// src/store/files.ts, temp files and whose they are: unique names, temp names carrying the pid and a tag of this
// host (the host name read once, never failing), the boot id a lock records, whether a pid is alive, and the sweep
// of temp files left by dead processes (its exact names, this host's and another's, and its age bound).
// The real file system in temp folders, with file errors injected through the seam over node:fs (../fs-seam.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { arm, errno, reset } from '../fs-seam.js';
import { freshStore } from '../fresh.js';
import { osFake, resetOs } from '../os-seam.js';
import { F, dir, list, session, useFilesHarness } from './harness.js';

vi.mock('node:fs', async (importOriginal) => (await import('../fs-seam.js')).seamed(await importOriginal()));
vi.mock('node:os', async (importOriginal) => (await import('../os-seam.js')).seamedOs(await importOriginal()));

beforeEach(resetOs);
useFilesHarness();
afterEach(resetOs);

describe('unique and temp names', () => {
  it('unique names differ; temp names carry the pid and this host', () => {
    const a = F.unique();
    const b = F.unique();
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[a-z0-9]+$/);
    const t = F.tempName('/x/game.json', 'u1');
    expect(t).toBe(path.join('/x', `.game.json.${process.pid}~${path.basename(t).split('~')[1]}~u1.tmp`));
    expect(path.basename(t).split('~')[1]).toMatch(
      new RegExp(
        `^${F.hostName()
          .replace(/[^A-Za-z0-9-]/g, '-')
          .slice(0, 16)}-[a-z0-9]+$`,
      ),
    );
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
  it('this process yes, a finished one no, nonsense pids no', () => {
    expect(F.alive(process.pid)).toBe(true);
    const r = spawnSync(process.execPath, ['-e', '']);
    expect(F.alive(r.pid!)).toBe(false);
    for (const p of [0, -1, 1.5, Number.NaN]) expect(F.alive(p)).toBe(false);
    if (process.getuid?.() !== 0) expect(F.alive(1)).toBe(true); // EPERM: running, not ours
  });

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

describe('sweepTemps', () => {
  const dead = (() => {
    const r = spawnSync(process.execPath, ['-e', '']);
    return r.pid!;
  })();

  it("removes this computer's temp files whose process is gone, and its own, and keeps the rest", () => {
    const target = session('g.json');
    const me = path.basename(F.tempName(target)).split('~')[1]!;
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
    F.sweepTemps(target, 10 * 60_000);
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
    F.sweepTemps(path.join(dir, 'missing', 'g.json'), 1000);
    const target = session('g.json');
    fs.writeFileSync(path.join(dir, `.g.json.${dead}~far-1~a.tmp`), '');
    arm('lstatSync', { throws: errno('ENOENT', 'lstat') });
    F.sweepTemps(target, 0);
    reset();
    expect(list()).toContain(`.g.json.${dead}~far-1~a.tmp`);
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
