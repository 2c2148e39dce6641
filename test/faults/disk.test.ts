// Disk trouble: a folder badzone may not write to, a session path in a missing folder, a path through a file.
// Each gives a clear error and exit 1 or 3, and the old file is untouched.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin, runCli, tempDir } from '../helpers.js';
import { FILE, NEW_ARGS, assertBuilt, expectClean, playedSession, sameSnapshot, snapshot } from './fixtures.js';

const WRITERS: string[][] = [
  ['round'],
  ['end'],
  ['undo'],
  ['new', '--force', '--seed', '5'],
  ['visibility', 'set', 'dark'],
  ['discard', 'static-storm'],
  ['fighter', 'Krag', 'out'],
];

describe('a session path in a missing folder', () => {
  it.each([...WRITERS, ['status'], ['verify'], ['log'], ['new', '--seed', '5']])(
    '%s exits 3, says so, and creates nothing',
    async (...args) => {
      const dir = tempDir();
      const r = await runCli([...args, '--session', path.join('no', 'such', 'folder', FILE)], { cwd: dir });
      expectClean(r, args.join(' '));
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toMatch(/does not exist|no game/i);
      expect(r.stderr).toContain(path.join(dir, 'no', 'such', 'folder'));
      expect(fs.readdirSync(dir)).toEqual([]);
    },
  );
});

describe('a session path through a file (its "folder" is a file)', () => {
  it.each([...WRITERS, ['status'], ['verify'], ['new', '--seed', '5']])(
    '%s exits 3 with a sentence, and the file is untouched',
    async (...args) => {
      const dir = tempDir();
      await playedSession(dir, { rounds: 2 });
      const before = snapshot(dir);
      const r = await runCli([...args, '--session', path.join(FILE, 'inner.json')], { cwd: dir });
      expectClean(r, args.join(' '));
      expect(r.code, r.stderr).toBe(3);
      expect(r.stderr).toContain('is a file, not a folder');
      expect(r.stderr).not.toMatch(/ENOTDIR/);
      expect(sameSnapshot(before, snapshot(dir))).toBe(true);
    },
  );
});

describe('a read-only folder', () => {
  // Tests may run as root, for whom permissions do not stop writes: run badzone as `nobody` with setpriv.
  let how: string[] | null = null;
  let why = '';
  beforeAll(() => {
    assertBuilt();
    if (process.getuid?.() !== 0) {
      how = [];
      return;
    }
    // nobody must be able to run the built badzone (a checkout under /root is not readable by nobody).
    const probe = spawnSync(
      'setpriv',
      ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, BIN, '--version'],
      { encoding: 'utf8', timeout: 10_000 },
    );
    if (probe.status === 0) how = ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups'];
    else
      why = `setpriv could not run badzone as nobody (${probe.error?.message ?? probe.stderr.trim().split('\n')[0]})`;
  });

  function runAs(args: string[], cwd: string): { code: number; stdout: string; stderr: string } {
    const cmd = [...how!, process.execPath, BIN, ...args];
    const r = spawnSync(cmd[0]!, cmd.slice(1), {
      cwd,
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, NO_COLOR: '1', BADZONE_NO_INPUT: '1' },
    });
    return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
  }

  it.each(WRITERS)('%s exits 1 saying the folder cannot be written, the game untouched', async (...args) => {
    if (!how) {
      console.log(`[faults] read-only folder test skipped: ${why}`);
      return;
    }
    const dir = tempDir();
    await playedSession(dir, { rounds: 2 });
    fs.chmodSync(path.join(dir, FILE), 0o644);
    fs.chmodSync(dir, 0o555);
    const before = snapshot(dir);
    const r = runAs(args, dir);
    expectClean(r, args.join(' '));
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/permission denied.*(Nothing was changed|The game was not changed)/);
    expect(sameSnapshot(before, snapshot(dir))).toBe(true);
    // Reading still works.
    expect(runAs(['status'], dir).code).toBe(0);
    fs.chmodSync(dir, 0o755);
  });

  it('new in a read-only folder with no game exits 1 and writes nothing', () => {
    if (!how) return;
    const dir = tempDir();
    fs.chmodSync(dir, 0o555);
    const r = runAs(NEW_ARGS, dir);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/permission denied/);
    expect(fs.readdirSync(dir)).toEqual([]);
    fs.chmodSync(dir, 0o755);
  });
});

describe('a session or table path that is not a regular file (spawned, with a timeout)', () => {
  // A FIFO blocks a read (and a backup copy) forever; /dev/zero never ends. Writes are tried on a FIFO only:
  // a regression must not be able to replace a device of the machine running the tests.
  let fifoDir = '';
  let haveFifo = false;
  beforeAll(() => {
    assertBuilt();
    fifoDir = tempDir('badzone-fifo-');
    haveFifo = spawnSync('mkfifo', [path.join(fifoDir, FILE)]).status === 0;
  });

  it.each([['status'], ['round'], ['verify'], ['undo'], ['new', '--force', '--seed', '3']])(
    'a FIFO as the session: %s exits 4 at once, the FIFO left alone',
    (...args) => {
      if (!haveFifo) {
        console.log('[faults] FIFO test skipped: mkfifo is not available');
        return;
      }
      const r = runBin(args, { cwd: fifoDir, timeout: 10_000 });
      expect(r.signal, `${args[0]} hung on the FIFO`).toBeNull();
      expectClean({ code: r.code, stderr: r.stderr }, args.join(' '));
      expect(r.code).toBe(4);
      expect(r.stderr).toContain('not a regular file');
      expect(fs.statSync(path.join(fifoDir, FILE)).isFIFO()).toBe(true);
      expect(fs.readdirSync(fifoDir)).toEqual([FILE]);
    },
  );

  it.each([
    ['status', '--session', '/dev/zero'],
    ['verify', '--session', '/dev/urandom'],
    ['table', 'lint', '/dev/zero'],
    ['events', 'list', '--table', '/dev/urandom'],
    ['new', '--table', '/dev/zero'],
    ['new', '--visibility-table', '/dev/zero'],
  ])('%s %s %s: refused unread (exit 4)', (...args) => {
    if (!fs.existsSync('/dev/zero')) return;
    const dir = tempDir();
    const r = runBin(args, { cwd: dir, timeout: 10_000 });
    expect(r.signal, `${args.join(' ')} did not end`).toBeNull();
    expectClean({ code: r.code, stderr: r.stderr, stdout: r.stdout }, args.join(' '));
    expect(r.code).toBe(4);
    expect((r.stderr + r.stdout).replace(/\s+/g, ' ')).toContain('not a regular file');
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('paths the system cannot use', () => {
  it('a session name longer than the system allows: exit 1 with a sentence, nothing written', async () => {
    const dir = tempDir();
    for (const args of [['status'], ['round'], ['new', '--seed', '1']]) {
      const r = await runCli([...args, '--session', `${'x'.repeat(5000)}.json`], { cwd: dir });
      expectClean(r, args.join(' '));
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toContain('the name is too long');
      expect(r.stderr.length).toBeLessThan(1000);
    }
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('a session path through a loop of symbolic links: exit 1 with a sentence', async () => {
    const dir = tempDir();
    fs.symlinkSync(path.join(dir, 'b'), path.join(dir, 'a'));
    fs.symlinkSync(path.join(dir, 'a'), path.join(dir, 'b'));
    for (const args of [['status'], ['round']]) {
      const r = await runCli([...args, '--session', path.join('a', FILE)], { cwd: dir });
      expectClean(r, args.join(' '));
      expect([1, 3]).toContain(r.code);
      expect(r.stderr).toMatch(/loop of symbolic links|does not exist/);
    }
    expect(fs.readdirSync(dir).sort()).toEqual(['a', 'b']);
  });
});
