// What can be found at `<session>.lock`, and whose it is: special files planted there are refused at once and
// never read; a lock from another computer is never taken over by its pid; a lock from before a restart is;
// a full disk while the lock is created leaves no lock behind. The temp-file sweep follows the lock's rule.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempName } from '../../src/store/files.js';
import { BIN, runCli, tempDir } from '../helpers.js';
import { FILE, NEW_ARGS, STACK_FRAME, assertBuilt, canMount } from './fixtures.js';

beforeAll(() => assertBuilt());

async function game(): Promise<{ dir: string; file: string; lock: string; before: Buffer }> {
  const dir = tempDir('badzone-lockfile-');
  expect((await runCli(NEW_ARGS, { cwd: dir })).code).toBe(0);
  const file = path.join(dir, FILE);
  return { dir, file, lock: `${file}.lock`, before: fs.readFileSync(file) };
}

/** `badzone round` spawned with its memory bounded (2 GB of address space) and a timeout, timed. */
function round(
  dir: string,
  args: string[] = ['round'],
  timeout = 15_000,
): { code: number | null; signal: string | null; stderr: string; ms: number } {
  const t0 = Date.now();
  const r = spawnSync('sh', ['-c', 'ulimit -v 2000000; exec "$@"', 'sh', process.execPath, BIN, ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, NO_COLOR: '1', BADZONE_NO_INPUT: '1' },
  });
  return { code: r.status, signal: r.signal, stderr: r.stderr, ms: Date.now() - t0 };
}

/** A pid that is certainly not running: a child that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(r.stdout);
}

const haveFifo = spawnSync('mkfifo', ['--version']).status === 0;

describe('a lock path that is not a small regular file is refused at once, never read', () => {
  const plants: [string, (lock: string, dir: string) => void][] = [
    ['a FIFO', (lock) => expect(spawnSync('mkfifo', [lock]).status).toBe(0)],
    ['a symbolic link to /dev/zero', (lock) => fs.symlinkSync('/dev/zero', lock)],
    ['a symbolic link to /dev/null', (lock) => fs.symlinkSync('/dev/null', lock)],
    ['a folder', (lock) => fs.mkdirSync(lock)],
    [
      'a loop of symbolic links',
      (lock, dir) => {
        fs.symlinkSync(path.join(dir, 'loop-b'), lock);
        fs.symlinkSync(lock, path.join(dir, 'loop-b'));
      },
    ],
    ['a 10 MB file', (lock) => fs.writeFileSync(lock, Buffer.alloc(10_000_000, 0x7b))],
    ['a dangling symbolic link', (lock, dir) => fs.symlinkSync(path.join(dir, 'nowhere'), lock)],
  ];
  it.each(plants)('%s: exit 4 within the 2 s wait, the plant and the game untouched', async (label, plant) => {
    if (label === 'a FIFO' && !haveFifo) return;
    const g = await game();
    plant(g.lock, g.dir);
    const kind = fs.lstatSync(g.lock);
    const r = round(g.dir);
    expect(r.signal, `${label}: hung or was killed (${r.ms} ms)`).toBeNull();
    expect(r.code, `${label}: ${r.stderr}`).toBe(4);
    expect(r.ms, label).toBeLessThan(2500);
    expect(r.stderr).toContain(g.lock);
    expect(r.stderr).toMatch(/not a lock badzone made.*Nothing was changed/s);
    expect(r.stderr).not.toMatch(STACK_FRAME);
    expect(fs.readFileSync(g.file).equals(g.before)).toBe(true);
    const now = fs.lstatSync(g.lock);
    expect([now.ino, now.mode], `${label}: the plant was changed`).toEqual([kind.ino, kind.mode]);
    console.log(`[faults] lock that is ${label}: exit 4 after ${r.ms} ms`);
  });
});

describe('whose lock it is', () => {
  it("another computer's fresh lock is never taken over by pid: exit 5 naming that computer, even with a dead pid", async () => {
    const g = await game();
    const content = JSON.stringify({
      pid: deadPid(),
      host: 'gm-laptop.example',
      token: 'other-host',
      time: Date.now(),
    });
    fs.writeFileSync(g.lock, content);
    const r = round(g.dir);
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toContain('"gm-laptop.example"');
    expect(r.stderr).toMatch(/another computer.*10 minutes/s);
    expect(fs.readFileSync(g.lock, 'utf8')).toBe(content);
    expect(fs.readFileSync(g.file).equals(g.before)).toBe(true);
  });

  it("another computer's lock 11 minutes old is taken over", async () => {
    const g = await game();
    const old = Date.now() - 11 * 60_000;
    fs.writeFileSync(
      g.lock,
      JSON.stringify({ pid: process.pid, host: 'gm-laptop.example', token: 'other-host', time: old }),
    );
    fs.utimesSync(g.lock, new Date(old), new Date(old));
    const r = round(g.dir);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readdirSync(g.dir)).toEqual([FILE]);
  });

  it("another computer's lock whose clock says old but whose file was just written is not taken over", async () => {
    const g = await game();
    fs.writeFileSync(
      g.lock,
      JSON.stringify({ pid: process.pid, host: 'gm-laptop.example', token: 'skewed', time: Date.now() - 60 * 60_000 }),
    );
    expect(round(g.dir).code).toBe(5);
  });

  it('a lock of this computer from before a restart (another boot id) is taken over at once, even if its pid now runs', async () => {
    if (!fs.existsSync('/proc/sys/kernel/random/boot_id')) return;
    const g = await game();
    fs.writeFileSync(
      g.lock,
      JSON.stringify({
        pid: process.pid,
        host: os.hostname(),
        boot: '00000000-0000-0000-0000-000000000000',
        token: 'old-boot',
        time: Date.now(),
      }),
    );
    const r = round(g.dir);
    expect(r.code, r.stderr).toBe(0);
    expect(r.ms).toBeLessThan(2000);
  });

  it("a takeover interrupted by a kill (a dead process's lock and its dead takeover lock) is finished by the next command", async () => {
    const g = await game();
    const dead = (token: string) => JSON.stringify({ pid: deadPid(), host: os.hostname(), token, time: Date.now() });
    fs.writeFileSync(g.lock, dead('dead-holder'));
    fs.writeFileSync(`${g.lock}.takeover`, dead('dead-taker'));
    const r = round(g.dir);
    expect(r.code, r.stderr).toBe(0);
    expect(fs.readdirSync(g.dir)).toEqual([FILE]);
  });

  it('a lock of this computer and boot whose pid runs is respected (exit 5 naming the process)', async () => {
    const g = await game();
    const boot = fs.existsSync('/proc/sys/kernel/random/boot_id')
      ? fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
      : undefined;
    fs.writeFileSync(
      g.lock,
      JSON.stringify({ pid: process.pid, host: os.hostname(), boot, token: 'live', time: Date.now() }),
    );
    const r = round(g.dir);
    expect(r.code).toBe(5);
    expect(r.stderr).toContain(`process ${process.pid}`);
  });
});

describe("the temp-file sweep follows the lock's rule", () => {
  it("removes this computer's dead temps and another computer's old ones, keeps live and young foreign ones", async () => {
    const g = await game();
    const file = g.file;
    const mine = (pid: number, u: string) => tempName(file, u).replace(`.${process.pid}~`, `.${pid}~`);
    const foreign = (pid: number, u: string) => path.join(g.dir, `.${FILE}.${pid}~gm-laptop-abc123~${u}.tmp`);
    const planted = {
      deadHere: mine(deadPid(), 'a1'),
      liveHere: mine(process.pid, 'a2'),
      deadLockTempHere: tempName(`${file}.lock`, 'a3').replace(`.${process.pid}~`, `.${deadPid()}~`),
      youngForeign: foreign(deadPid(), 'b1'),
      oldForeign: foreign(deadPid(), 'b2'),
      legacyDead: path.join(g.dir, `.${FILE}.${deadPid()}.3-zz.tmp`),
    };
    for (const p of Object.values(planted)) fs.writeFileSync(p, 'x');
    const old = new Date(Date.now() - 11 * 60_000);
    fs.utimesSync(planted.oldForeign, old, old);
    const r = round(g.dir);
    expect(r.code, r.stderr).toBe(0);
    const left = Object.fromEntries(Object.entries(planted).map(([k, p]) => [k, fs.existsSync(p)]));
    expect(left).toEqual({
      deadHere: false,
      liveHere: true,
      deadLockTempHere: false,
      youngForeign: true,
      oldForeign: false,
      legacyDead: false,
    });
  });
});

describe.skipIf(!canMount())('a full disk (a small tmpfs in a private mount namespace)', () => {
  it('while the lock is created: exit 6, no lock left behind, the game unchanged', async () => {
    const g = await game();
    const mnt = tempDir('badzone-full-');
    // In its own mount namespace (gone when the shell ends): a 64 KB tmpfs holding the game, filled to the
    // last page, then `badzone round` on it; the shell reports what is left.
    const script = [
      'set -e',
      `mount -t tmpfs -o size=64k tmpfs "$M"`,
      'cp "$G" "$M/badzone-session.json"',
      `"$NODE" -e 'const fs=require("fs");const fd=fs.openSync(process.argv[1],"w");const b=Buffer.alloc(4096);try{for(;;)fs.writeSync(fd,b)}catch{}' "$M/fill"`,
      'set +e',
      '"$NODE" "$BIN" round --session "$M/badzone-session.json" 2>"$M.err"; echo "exit=$?"',
      'ls -A "$M"',
      'cmp -s "$G" "$M/badzone-session.json" && echo unchanged',
      'umount "$M"',
    ].join('\n');
    const r = spawnSync('unshare', ['-m', 'sh', '-c', script], {
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, M: mnt, G: g.file, NODE: process.execPath, BIN, NO_COLOR: '1' },
    });
    const err = fs.readFileSync(`${mnt}.err`, 'utf8');
    fs.rmSync(`${mnt}.err`);
    expect(r.stdout, r.stderr).toContain('exit=6');
    expect(err).toMatch(/disk is full.*Nothing was changed/s);
    expect(err).not.toMatch(STACK_FRAME);
    expect(
      r.stdout
        .split('\n')
        .filter((l) => l && !l.startsWith('exit=') && l !== 'unchanged')
        .sort(),
    ).toEqual(['badzone-session.json', 'fill']);
    expect(r.stdout).toContain('unchanged');
  });
});
