// The file system and the output failing under badzone: system calls of the built bin made to fail with strace
// fault injection. Every failure is a sentence that says what happened, whether the game changed and what to
// do; never a stack trace or a raw system error. A failed save leaves the game byte for byte as it was (exit 6);
// a save whose result could not be printed says the game was saved (exit 7); closed output streams never
// change the exit code.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli, tempDir, readSession } from '../helpers.js';
import { FILE, NEW_ARGS, STACK_FRAME, assertBuilt, playedSession, straceHere, canMount } from './fixtures.js';

const { strace, required } = straceHere('I/O-error');

let good = '';
beforeAll(async () => {
  assertBuilt();
  good = await playedSession(tempDir(), { rounds: 1 });
});

/** What a raw system error looks like when it reaches the user. */
const RAW = /\b(E[A-Z]{2,}): |Unknown system error|errno|syscall/;

function expectSentence(stderr: string, label: string): void {
  expect(stderr, `${label}: stack trace`).not.toMatch(STACK_FRAME);
  expect(stderr, `${label}: internal error`).not.toMatch(/internal error/i);
  expect(stderr, `${label}: raw system error`).not.toMatch(RAW);
}

function gameDir(): { dir: string; file: string; aux: string } {
  const dir = tempDir('badzone-ioerr-');
  fs.writeFileSync(path.join(dir, FILE), good);
  return { dir, file: path.join(dir, FILE), aux: tempDir('badzone-ioerr-aux-') };
}

interface Traced {
  code: number | null;
  signal: string | null;
  stderr: string;
  stdout: string;
  log: string;
}

/** Run the built bin under strace (`-y`: file names beside descriptors), stdout into a file of `aux`. */
function traced(dir: string, aux: string, straceArgs: string[], args: string[]): Traced {
  const log = path.join(aux, `strace-${process.hrtime.bigint()}`);
  const outFile = path.join(aux, 'stdout.txt');
  const out = fs.openSync(outFile, 'w');
  try {
    const r = spawnSync('strace', ['-qq', '-y', '-o', log, ...straceArgs, process.execPath, BIN, ...args], {
      cwd: dir,
      stdio: ['ignore', out, 'pipe'],
      encoding: 'utf8',
      timeout: 30_000,
      env: { ...process.env, NO_COLOR: '1', BADZONE_NO_INPUT: '1' },
    });
    const text = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '';
    fs.rmSync(log, { force: true });
    return { code: r.status, signal: r.signal, stderr: r.stderr, stdout: fs.readFileSync(outFile, 'utf8'), log: text };
  } finally {
    fs.closeSync(out);
  }
}

/** The part of a strace line that names what the call touched (its arguments, without the working folder). */
const touched = (line: string) => line.replace(/AT_FDCWD<[^>]*>/g, '').replace(/ = [^=]*$/, '');

describe.skipIf(!strace && !required)(
  "system calls on the game's files failing (strace error injection on the built bin)",
  () => {
    it('strace is available', () =>
      expect(strace, 'strace is missing or cannot trace here; .ci/run installs it').toBe(true));

    /** Each system call badzone makes on its files, and the errors a real system gives for it. */
    const MATRIX: Record<string, string[]> = {
      openat: ['EIO', 'EMFILE', 'EDQUOT'],
      write: ['ENOSPC', 'EDQUOT', 'EIO'],
      fsync: ['EIO', 'ENOSPC'],
      link: ['ENOSPC', 'EDQUOT', 'EIO'],
      rename: ['EBUSY', 'EIO', 'ENOSPC', 'ENOENT'],
      unlink: ['EIO', 'EBUSY'],
    };

    it('every call of `round` on the game folder, failing in turn with each error: a sentence, and the game old or new, never broken', async () => {
      // Which calls of each kind touch the game's folder, counted as strace counts them (per system call).
      const base = gameDir();
      const b = traced(base.dir, base.aux, ['-e', `trace=${Object.keys(MATRIX).join(',')}`], ['round']);
      expect(b.code, b.stderr).toBe(0);
      const sites: { call: string; nth: number; what: string }[] = [];
      for (const call of Object.keys(MATRIX)) {
        const lines = b.log.split('\n').filter((l) => l.startsWith(`${call}(`));
        lines.forEach((l, i) => {
          if (touched(l).includes(base.dir))
            sites.push({
              call,
              nth: i + 1,
              what: touched(l)
                .slice(call.length + 1)
                .replace(base.dir, '')
                .slice(0, 60),
            });
        });
      }
      expect(sites.length).toBeGreaterThanOrEqual(10);
      const outcomes: Record<string, number> = {};
      let trials = 0;
      for (const site of sites) {
        for (const err of MATRIX[site.call]!) {
          const label = `${site.call} #${site.nth} (${site.what}) failing with ${err}`;
          let r: Traced | null = null;
          let g = gameDir();
          // The call's number can move by one when Node itself makes an extra call of that kind: check the
          // failed call was the intended one (on the game folder), and try again if not.
          for (let attempt = 0; attempt < 3; attempt++) {
            g = gameDir();
            r = traced(
              g.dir,
              g.aux,
              ['-e', `trace=${site.call}`, '-e', `inject=${site.call}:error=${err}:when=${site.nth}`],
              ['round'],
            );
            const hit = r.log.split('\n').find((l) => l.includes('(INJECTED)'));
            if (hit && touched(hit).includes(g.dir)) break;
            r = null;
          }
          expect(r, `${label}: the injected call never landed on the game folder`).not.toBeNull();
          trials++;
          expect(r!.signal, label).toBeNull();
          expectSentence(r!.stderr, label);
          const now = fs.readFileSync(g.file, 'utf8');
          if (r!.code === 6) {
            expect(now, `${label}: exit 6 but the game changed`).toBe(good);
            expect(r!.stderr, label).toMatch(
              /(The game was not changed|Nothing was changed)\..*\b(run the command again|Mount the folder|Free some space|Check the disk|Close )/is,
            );
            expect(fs.readdirSync(g.dir), `${label}: left behind`).toEqual([FILE]);
          } else {
            expect(r!.code, `${label}: exit ${r!.code}: ${r!.stderr}`).toBe(0);
            expect(JSON.parse(now).round, label).toBe(JSON.parse(good).round + 1);
          }
          outcomes[`exit ${r!.code}`] = (outcomes[`exit ${r!.code}`] ?? 0) + 1;
          // Whatever the failure left (a temp file, a lock of a dead process), the next command goes on.
          const next = await runCli(['round'], { cwd: g.dir });
          expect(next.code, `${label}: the next round: ${next.stderr}`).toBe(0);
          expect(fs.readdirSync(g.dir), `${label}: left after the next round`).toEqual([FILE]);
          expect((await runCli(['verify'], { cwd: g.dir })).code, `${label}: verify`).toBe(0);
        }
      }
      console.log(
        `[faults] I/O errors: ${sites.length} system calls of \`round\` on the game folder x their errors = ${trials} injected failures: ${JSON.stringify(outcomes)}`,
      );
    }, 300_000);

    it.each([
      ['fsync of the new file fails (EIO)', 'fsync', 'EIO', 1, /input\/output error.*The game was not changed/s],
      [
        'rename fails with EBUSY (a single file bind-mounted)',
        'rename',
        'EBUSY',
        1,
        /bind mount.*The game was not changed.*Mount the folder/s,
      ],
      [
        'the temp file vanishes before the rename (ENOENT)',
        'rename',
        'ENOENT',
        1,
        /disappeared before it could replace the game.*The game was not changed/s,
      ],
      ['link of the lock fails: disk full', 'link', 'ENOSPC', 1, /disk is full.*Nothing was changed/s],
      ['link of the lock fails: quota', 'link', 'EDQUOT', 1, /quota is used up.*Nothing was changed/s],
    ])('%s: exit 6 with a sentence, the game unchanged, nothing left behind', (_label, call, err, nth, message) => {
      const g = gameDir();
      const r = traced(
        g.dir,
        g.aux,
        ['-e', `trace=${call}`, '-e', `inject=${call}:error=${err}:when=${nth}`],
        ['round'],
      );
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toMatch(message);
      expectSentence(r.stderr, _label);
      expect(fs.readFileSync(g.file, 'utf8')).toBe(good);
      expect(fs.readdirSync(g.dir)).toEqual([FILE]);
    });

    it('a quota error on writing the new file (EDQUOT on its write): exit 6 naming the quota', () => {
      // The write of the session's temp file, found by its name in the log.
      for (let nth = 1; nth <= 6; nth++) {
        const g = gameDir();
        const r = traced(g.dir, g.aux, ['-e', 'trace=write', '-e', `inject=write:error=EDQUOT:when=${nth}`], ['round']);
        const hit = r.log.split('\n').find((l) => l.includes('(INJECTED)')) ?? '';
        if (!/\.badzone-session\.json\.\d+~[^>]*\.tmp>/.test(hit)) continue;
        expect(r.code, r.stderr).toBe(6);
        expect(r.stderr).toMatch(/quota is used up.*The game was not changed.*Free some space/s);
        expect(fs.readFileSync(g.file, 'utf8')).toBe(good);
        expect(fs.readdirSync(g.dir)).toEqual([FILE]);
        return;
      }
      throw new Error('no write of the session temp file among the first 6 writes');
    });
  },
);

describe.skipIf(!strace && !required)(
  'closing a file that was read fails (strace -P: only the close of that file)',
  () => {
    it.each([
      [
        'status',
        'EIO',
        /Could not read .*badzone-session\.json: the disk reported an input\/output error.*Nothing was changed\./s,
      ],
      ['status', 'ENOSPC', /Could not read .*badzone-session\.json: the disk is full.*Nothing was changed\./s],
      [
        'round',
        'EIO',
        /Could not read .*badzone-session\.json: the disk reported an input\/output error.*Nothing was changed\./s,
      ],
    ])(
      "%s, the session's close failing with %s: exit 6 with the usual sentence, the game unchanged",
      (command, err, message) => {
        const g = gameDir();
        const r = traced(
          g.dir,
          g.aux,
          ['-P', g.file, '-e', 'trace=close', '-e', `inject=close:error=${err}`],
          [command],
        );
        expect(r.log, 'the close of the session was made to fail').toMatch(
          /close\(\d+<[^>]*badzone-session\.json>\).*\(INJECTED\)/,
        );
        expect(r.code, r.stderr).toBe(6);
        expect(r.stderr).toMatch(message);
        expectSentence(r.stderr, `${command} ${err}`);
        expect(fs.readFileSync(g.file, 'utf8')).toBe(good);
        expect(fs.readdirSync(g.dir)).toEqual([FILE]);
      },
    );

    it("a table's close failing (EIO): exit 6 naming the table", () => {
      const g = gameDir();
      const table = path.join(g.aux, 'table.json');
      fs.copyFileSync(path.join(ROOT, 'data', 'badzone-events.json'), table);
      const r = traced(
        g.dir,
        g.aux,
        ['-P', table, '-e', 'trace=close', '-e', 'inject=close:error=EIO'],
        ['table', 'lint', table],
      );
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toContain(`Could not read ${table}: the disk reported an input/output error`);
      expectSentence(r.stderr, 'table lint');
    });

    it("the lock's close failing (EIO): before the rename, exit 6 and the game unchanged; at the release after the save, saved and exit 0; either way stderr says the lock was left", () => {
      const left = (lock: string) =>
        `The lock file ${lock} could not be removed after the command (it could not be read, to check that it was this command's)`;
      // The first close of the lock is the last check before the rename (lock.ts, second guard); the second, the release's.
      const g = gameDir();
      const lock = `${g.file}.lock`;
      const first = traced(g.dir, g.aux, ['-P', lock, '-e', 'trace=close', '-e', 'inject=close:error=EIO'], ['round']);
      expect(first.code, first.stderr).toBe(6);
      expect(first.stderr).toContain(left(lock));
      expect(first.stderr).toMatch(
        /Could not read the lock [^ ]*\.lock: the disk reported an input\/output error.*Nothing was changed\./s,
      );
      expectSentence(first.stderr, 'lock close');
      expect(fs.readFileSync(g.file, 'utf8')).toBe(good);
      const h = gameDir();
      const second = traced(
        h.dir,
        h.aux,
        ['-P', `${h.file}.lock`, '-e', 'trace=close', '-e', 'inject=close:error=EIO:when=2'],
        ['round'],
      );
      expect(second.code, second.stderr).toBe(0);
      expect(readSession(h.file).round).toBe(JSON.parse(good).round + 1);
      expect(second.stderr).toContain(left(`${h.file}.lock`));
      expectSentence(second.stderr, 'lock close');
    });
  },
);

describe.skipIf(!strace && !required)('the lock cannot be removed after a save', () => {
  it.each([
    ['EIO', 'the disk reported an input/output error'],
    ['EACCES', 'permission denied'],
    ['EROFS', 'the file system is now read-only'],
    ['EBUSY', 'the file is busy'],
    ['EPERM', 'permission denied'],
    ['ENOMEM', 'the system refused it (ENOMEM)'],
  ])(
    'unlink of the lock failing with %s: the round is saved, exit 0, stderr says the lock is left and what to do; the next command takes it over',
    async (err, why) => {
      const g = gameDir();
      const lock = `${g.file}.lock`;
      const r = traced(g.dir, g.aux, ['-P', lock, '-e', 'trace=unlink', '-e', `inject=unlink:error=${err}`], ['round']);
      expect(r.log).toMatch(/unlink\("[^"]*badzone-session\.json\.lock"\).*\(INJECTED\)/);
      expect(r.code, r.stderr).toBe(0);
      expect(readSession(g.file).round).toBe(JSON.parse(good).round + 1);
      expect(r.stderr).toBe(
        `badzone: The lock file ${lock} could not be removed after the command (${why}). It does not change what the command did. The next badzone command on this game takes the lock over, as the process that held it has ended; if one says the game is in use while no badzone is running, delete ${lock}.\n`,
      );
      expect(fs.existsSync(lock)).toBe(true);
      const next = await runCli(['round'], { cwd: g.dir });
      expect(next.code, next.stderr).toBe(0);
      expect(next.stderr).toBe('');
      expect(fs.readdirSync(g.dir)).toEqual([FILE]);
    },
  );

  it("with --json too: the round's JSON on stdout, the sentence on stderr, exit 0", () => {
    const g = gameDir();
    const r = traced(
      g.dir,
      g.aux,
      ['-P', `${g.file}.lock`, '-e', 'trace=unlink', '-e', 'inject=unlink:error=EIO'],
      ['round', '--json'],
    );
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).round).toBe(JSON.parse(good).round + 1);
    expect(r.stderr).toMatch(/^badzone: The lock file .* could not be removed after the command/);
  });
});

describe.skipIf(!strace && !required)('output that cannot be written (stdout into a file whose writes fail)', () => {
  /** stdout into `aux/stdout.txt`; every write to it fails with `err` (strace -P on that file). */
  function failingStdout(args: string[], err: string): Traced & { dir: string; file: string } {
    const g = gameDir();
    const r = traced(
      g.dir,
      g.aux,
      ['-P', path.join(g.aux, 'stdout.txt'), '-e', 'trace=write', '-e', `inject=write:error=${err}`],
      args,
    );
    return { ...r, dir: g.dir, file: g.file };
  }

  it.each([['ENOSPC'], ['EIO']])(
    'round --json with stdout failing (%s): the round is saved once, exit 7, stderr says so',
    (err) => {
      const r = failingStdout(['round', '--json'], err);
      expect(r.code, r.stderr).toBe(7);
      expect(r.stderr).toMatch(
        /the game was saved .*but its result could not be printed.*Do not run the command again/s,
      );
      expectSentence(r.stderr, 'round --json');
      // With --json the failure is one JSON error object, like every other.
      const reported = JSON.parse(r.stderr).error;
      expect([reported.code, reported.kind]).toEqual([7, 'output']);
      expect(readSession(r.file).round).toBe(JSON.parse(good).round + 1);
    },
  );

  it.each([[['status']], [['status', '--json']], [['events', 'list']], [['log']]])(
    '%s with stdout failing: exit 7, "nothing was changed"',
    (args) => {
      const r = failingStdout(args, 'ENOSPC');
      expect(r.code, r.stderr).toBe(7);
      expect(r.stderr).toMatch(/could not be printed.*Nothing was changed/s);
      expectSentence(r.stderr, args.join(' '));
      expect(fs.readFileSync(r.file, 'utf8')).toBe(good);
    },
  );
});

describe('closed output streams never change the exit code', () => {
  /** Spawn the bin with stdout or stderr a pipe whose reading end is closed at once. */
  function closedPipe(
    args: string[],
    cwd: string,
    which: 'stdout' | 'stderr',
  ): Promise<{ code: number | null; signal: string | null; other: string }> {
    return new Promise((resolve) => {
      const c = spawn(process.execPath, [BIN, ...args], {
        cwd,
        env: { ...process.env, NO_COLOR: '1', BADZONE_NO_INPUT: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let other = '';
      c[which].destroy();
      c[which === 'stdout' ? 'stderr' : 'stdout'].on('data', (d: Buffer) => (other += d.toString()));
      c.on('close', (code, signal) => resolve({ code, signal, other }));
    });
  }

  it.each([
    [['status', '--session', 'missing.json'], 3],
    [['round', '--no-such-flag'], 2],
    [['status', '--session', 'broken.json'], 4],
    [['roll', 'D6'], 0],
  ])('stderr closed: %s still exits %i', async (args, code) => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'broken.json'), '{');
    const r = await closedPipe(args as string[], dir, 'stderr');
    expect(r.signal).toBeNull();
    expect(r.code).toBe(code);
  });

  it('stderr closed while the game is locked: still exit 5', async () => {
    const dir = tempDir();
    expect((await runCli(NEW_ARGS, { cwd: dir })).code).toBe(0);
    fs.writeFileSync(path.join(dir, `${FILE}.lock`), JSON.stringify({ pid: process.pid, token: 'held' }));
    const r = await closedPipe(['round'], dir, 'stderr');
    expect(r.code).toBe(5);
  });

  it("stdout closed (a reader that went away, like `| head`): the command's own exit code, quietly", async () => {
    const dir = tempDir();
    expect((await runCli(NEW_ARGS, { cwd: dir })).code).toBe(0);
    const list = await closedPipe(['events', 'list'], dir, 'stdout');
    expect([list.code, list.other]).toEqual([0, '']);
    const r = await closedPipe(['round', '--json'], dir, 'stdout');
    expect(r.code).toBe(0);
    expect(readSession(path.join(dir, FILE)).round).toBe(1);
    const missing = await closedPipe(['status', '--session', 'missing.json'], dir, 'stdout');
    expect(missing.code).toBe(3);
  });
});

describe.skipIf(!canMount())('a session that is a single file bind-mounted (as a Docker volume of one file)', () => {
  it('is refused with exit 6 telling to mount the folder; never written in place', () => {
    const g = gameDir();
    const host = path.join(g.aux, 'host-game.json');
    fs.writeFileSync(host, good);
    const mountedDir = tempDir('badzone-bind-');
    fs.writeFileSync(path.join(mountedDir, FILE), '');
    // In a private mount namespace (gone when the shell ends): the host's file mounted over the empty one.
    const script =
      'mount --bind "$HOSTFILE" "$DIR/badzone-session.json" && "$NODE" "$BIN" round 2>"$ERR"; echo "exit=$?"; ls -A "$DIR"';
    const err = path.join(g.aux, 'err.txt');
    const r = spawnSync('unshare', ['-m', 'sh', '-c', script], {
      cwd: mountedDir,
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, HOSTFILE: host, DIR: mountedDir, NODE: process.execPath, BIN, ERR: err, NO_COLOR: '1' },
    });
    const stderr = fs.readFileSync(err, 'utf8');
    expect(r.stdout, stderr).toContain('exit=6');
    expect(stderr).toMatch(/mounted on its own|bind mount/);
    expect(stderr).toMatch(/The game was not changed.*Mount the folder/s);
    expectSentence(stderr, 'bind mount');
    expect(r.stdout.split('\n').filter((l) => l && !l.startsWith('exit='))).toEqual([FILE]);
    expect(fs.readFileSync(host, 'utf8')).toBe(good);
  });
});

describe('names and platforms', () => {
  it('a session name too long for its temp files is refused up front (exit 1), nothing written', async () => {
    const dir = tempDir();
    const name = `${'g'.repeat(200)}.json`; // readable (under 255 bytes), too long with the temp suffixes
    fs.writeFileSync(path.join(dir, name), good);
    for (const args of [['round'], ['end'], ['new', '--force', '--seed', '3']]) {
      const r = await runCli([...args, '--session', name], { cwd: dir });
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toMatch(/name is too long to save safely.*Nothing was changed.*Rename/s);
    }
    expect(fs.readdirSync(dir)).toEqual([name]);
    expect(fs.readFileSync(path.join(dir, name), 'utf8')).toBe(good);
    expect((await runCli(['status', '--session', name], { cwd: dir })).code).toBe(0);
  });

  it('on Windows a rename over a file held open (EPERM, EBUSY) is retried briefly, then explained', async () => {
    const { renameInto } = await import('../../src/store/files.js');
    const busy = (times: number) => {
      let n = 0;
      return (_a: string, _b: string) => {
        if (n++ < times) throw Object.assign(new Error('busy'), { code: n % 2 ? 'EPERM' : 'EBUSY' });
      };
    };
    expect(() => renameInto('a', 'b', busy(3), 'win32', 1000)).not.toThrow();
    const t0 = Date.now();
    expect(() => renameInto('a', 'b', busy(1e9), 'win32', 300)).toThrow(
      /holds it open.*The game was not changed.*Close that program/s,
    );
    expect(Date.now() - t0).toBeGreaterThanOrEqual(300);
    // Elsewhere EBUSY is final (a mount): no waiting.
    expect(() => renameInto('a', 'b', busy(1), 'linux', 1000)).toThrow('busy');
  });
});
