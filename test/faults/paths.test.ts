// What a session path may be: a symbolic link is written through to its target (lock and temp files beside the
// target, so two links share one lock); devices, pipes, terminals and files of /proc are refused for reading
// and writing; a file's mode and owner are kept; read-only files and hard-linked ones are refused; bytes that
// are not UTF-8 are refused; error messages never quote a file that is not badzone's.
// Dangerous targets are only ever reached through symbolic links this test makes in its own temp folders.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin, runCli, tempDir, readSession } from '../helpers.js';
import { FILE, NEW_ARGS, STACK_FRAME, assertBuilt, expectClean, playedSession } from './fixtures.js';

beforeAll(() => assertBuilt());

const isRoot = process.getuid?.() === 0;

/** A game in `<root>/synced/game.json` and a link to it at `<root>/work/badzone-session.json`. */
async function linkedGame(relative = true): Promise<{ root: string; target: string; work: string; link: string }> {
  const root = tempDir('badzone-link-');
  fs.mkdirSync(path.join(root, 'synced'));
  fs.mkdirSync(path.join(root, 'work'));
  const made = tempDir();
  await playedSession(made, { rounds: 1 });
  const target = path.join(root, 'synced', 'game.json');
  fs.copyFileSync(path.join(made, FILE), target);
  const link = path.join(root, 'work', FILE);
  fs.symlinkSync(relative ? path.join('..', 'synced', 'game.json') : target, link);
  return { root, target, work: path.join(root, 'work'), link };
}

const roundOf = (file: string) => readSession(file).round as number;

describe('a session path that is a symbolic link', () => {
  it('is written through to its target, atomically; the link stays a link and nothing is left beside it', async () => {
    for (const relative of [true, false]) {
      const g = await linkedGame(relative);
      const start = roundOf(g.target);
      for (const args of [['round'], ['end'], ['round'], ['undo'], ['visibility', 'set', 'dark']]) {
        const r = await runCli(args, { cwd: g.work });
        expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
      }
      expect(fs.lstatSync(g.link).isSymbolicLink()).toBe(true);
      expect(roundOf(g.target)).toBe(start + 1);
      expect(fs.readdirSync(g.work)).toEqual([FILE]);
      expect(fs.readdirSync(path.dirname(g.target))).toEqual(['game.json']);
      expect((await runCli(['verify'], { cwd: g.work })).code).toBe(0);
    }
  });

  it('through a chain of links and a linked folder, the last target is the one changed', async () => {
    const g = await linkedGame();
    const chain = path.join(g.root, 'chain');
    fs.mkdirSync(chain);
    fs.symlinkSync(g.link, path.join(chain, 'second.json'));
    fs.symlinkSync(path.join(g.root, 'synced'), path.join(g.root, 'synced-folder'));
    const start = roundOf(g.target);
    expect((await runCli(['round', '--session', path.join(chain, 'second.json')], { cwd: g.root })).code).toBe(0);
    expect(
      (await runCli(['round', '--session', path.join(g.root, 'synced-folder', 'game.json')], { cwd: g.root })).code,
    ).toBe(0);
    expect(roundOf(g.target)).toBe(start + 2);
    expect(fs.lstatSync(path.join(chain, 'second.json')).isSymbolicLink()).toBe(true);
  });

  it('new through a dangling link creates the target, not a file in place of the link', async () => {
    const root = tempDir('badzone-link-');
    fs.mkdirSync(path.join(root, 'synced'));
    fs.symlinkSync(path.join(root, 'synced', 'game.json'), path.join(root, FILE));
    expect((await runCli(NEW_ARGS, { cwd: root })).code).toBe(0);
    expect(fs.lstatSync(path.join(root, FILE)).isSymbolicLink()).toBe(true);
    expect(roundOf(path.join(root, 'synced', 'game.json'))).toBe(0);
  });

  it('two links to one game share one lock: 12 rounds at once through two links lose nothing', async () => {
    const g = await linkedGame();
    const other = path.join(g.root, 'other');
    fs.mkdirSync(other);
    fs.symlinkSync(g.target, path.join(other, FILE));
    const start = roundOf(g.target);
    const run = (cwd: string) =>
      new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const c = spawn(process.execPath, [BIN, 'round', '--json'], {
          cwd,
          env: { ...process.env, NO_COLOR: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        c.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        c.on('close', (code) => resolve({ code, stdout }));
      });
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => run(i % 2 ? g.work : other)));
    const ok = results.filter((r) => r.code === 0);
    for (const r of results) expect([0, 5]).toContain(r.code);
    const rounds = ok.map((r) => JSON.parse(r.stdout).round as number).sort((a, b) => a - b);
    expect(rounds).toEqual(Array.from({ length: ok.length }, (_, i) => start + i + 1));
    expect(roundOf(g.target)).toBe(start + ok.length);
    console.log(`[faults] 12 rounds through two links to one game: ${ok.length} played, ${12 - ok.length} exited 5`);
  });

  it('whose target folder cannot be written is refused clearly (exit 1), nothing written beside the link', async () => {
    if (!isRoot) return;
    const probe = spawnSync(
      'setpriv',
      ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, BIN, '--version'],
      { encoding: 'utf8' },
    );
    if (probe.status !== 0) {
      console.log('[faults] target-folder permission test skipped: setpriv cannot run badzone as nobody here');
      return;
    }
    const g = await linkedGame();
    fs.chmodSync(g.root, 0o755);
    fs.chmodSync(g.work, 0o777);
    fs.chmodSync(g.target, 0o666);
    fs.chmodSync(path.dirname(g.target), 0o555);
    const before = fs.readFileSync(g.target);
    const r = spawnSync(
      'setpriv',
      ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, BIN, 'round'],
      { cwd: g.work, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
    );
    fs.chmodSync(path.dirname(g.target), 0o755);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/permission denied.*(Nothing was changed|The game was not changed)/s);
    expect(fs.readFileSync(g.target).equals(before)).toBe(true);
    expect(fs.readdirSync(g.work)).toEqual([FILE]);
    expect(fs.lstatSync(g.link).isSymbolicLink()).toBe(true);
  });
});

describe("a symbolic link in a shared sticky folder (such as /tmp), as Linux's fs.protected_symlinks (needs root)", () => {
  /** A sticky folder everyone may write to (1777, owned by `folderOwner`), in the test's own temp folder. */
  function sticky(folderOwner = 0): { shared: string; elsewhere: string } {
    const root = tempDir('badzone-sticky-');
    const shared = path.join(root, 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    fs.chownSync(shared, folderOwner, folderOwner);
    const elsewhere = path.join(root, 'elsewhere');
    fs.mkdirSync(elsewhere);
    return { shared, elsewhere };
  }
  /** A link at `at` to `to`, owned by `uid` (lchown: only root may give a link away). */
  function plant(at: string, to: string, uid: number): string {
    fs.symlinkSync(to, at);
    fs.lchownSync(at, uid, uid);
    return at;
  }

  it("another user's link is not followed: new, round and status refuse it (exit 1, saying why); nothing is created", async (ctx) => {
    if (!isRoot) {
      console.log('[faults] sticky-folder link test skipped: not root (a link owned by another user needs lchown)');
      return ctx.skip();
    }
    const { shared, elsewhere } = sticky();
    const victim = path.join(elsewhere, 'created-by-root.json');
    const link = plant(path.join(shared, 'game.json'), victim, 65534);
    for (const args of [['new', '--seed', '3'], ['round'], ['status']]) {
      const r = runBin([...args, '--session', link], { cwd: elsewhere });
      expectClean(r, args.join(' '));
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toContain(
        `its path goes through a symbolic link, ${link}, in a folder everyone may write to (sticky, like /tmp), and the link belongs to another user (uid 65534)`,
      );
      expect(r.stderr).toMatch(/fs\.protected_symlinks.*Nothing was read or changed\./s);
    }
    expect(fs.existsSync(victim)).toBe(false);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
    // A linked folder on the way is judged the same.
    const dirLink = plant(path.join(shared, 'games'), elsewhere, 65534);
    const r = runBin(['new', '--seed', '3', '--session', path.join(dirLink, 'g.json')], { cwd: elsewhere });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`symbolic link, ${dirLink}, in a folder everyone may write to`);
    expect(fs.readdirSync(elsewhere)).toEqual([]);
  });

  it("a link of your own, or of the folder's owner, is followed; so is any link in a folder that is not sticky", async (ctx) => {
    if (!isRoot) {
      console.log('[faults] sticky-folder link test skipped: not root (a link owned by another user needs lchown)');
      return ctx.skip();
    }
    // Root's own link in a sticky folder owned by root.
    const a = sticky();
    const mine = plant(path.join(a.shared, 'mine.json'), path.join(a.elsewhere, 'mine.json'), 0);
    expect(runBin(['new', '--seed', '3', '--session', mine], { cwd: a.elsewhere }).code).toBe(0);
    // nobody's link in nobody's sticky folder.
    const b = sticky(65534);
    const owners = plant(path.join(b.shared, 'owners.json'), path.join(b.elsewhere, 'owners.json'), 65534);
    const r = runBin(['new', '--seed', '3', '--session', owners], { cwd: b.elsewhere });
    expect(r.code, r.stderr).toBe(0);
    // nobody's link in a folder everyone may write to that is not sticky, and in a sticky one only root may write to.
    for (const mode of [0o777, 0o1755]) {
      const c = sticky();
      fs.chmodSync(c.shared, mode);
      const theirs = plant(path.join(c.shared, 'theirs.json'), path.join(c.elsewhere, 'theirs.json'), 65534);
      const t = runBin(['new', '--seed', '3', '--session', theirs], { cwd: c.elsewhere });
      expect(t.code, `${mode.toString(8)}: ${t.stderr}`).toBe(0);
    }
    expect(fs.readdirSync(a.elsewhere)).toEqual(['mine.json']);
    expect(fs.readdirSync(b.elsewhere)).toEqual(['owners.json']);
  });
});

describe('a session path that leads to a device, pipe, terminal or a file of /proc', () => {
  /** `dir/name` made a link to `to`; each command spawned with stdout into a file of our own. */
  function trySpecial(
    to: string,
    commands: string[][],
  ): {
    dir: string;
    link: string;
    results: { args: string[]; code: number | null; signal: string | null; stderr: string }[];
  } {
    const dir = tempDir('badzone-special-');
    const link = path.join(dir, 'session.json');
    fs.symlinkSync(to, link);
    const results = commands.map((args) => {
      const out = fs.openSync(path.join(dir, 'stdout.txt'), 'w');
      try {
        const r = spawnSync(
          'sh',
          ['-c', 'ulimit -v 2000000; exec "$@"', 'sh', process.execPath, BIN, ...args, '--session', link],
          {
            cwd: dir,
            stdio: ['ignore', out, 'pipe'],
            encoding: 'utf8',
            timeout: 10_000,
            env: { ...process.env, NO_COLOR: '1', BADZONE_SECRET_FOR_TEST: 'zq-secret-value-zq' },
          },
        );
        return { args, code: r.status, signal: r.signal, stderr: r.stderr };
      } finally {
        fs.closeSync(out);
      }
    });
    return { dir, link, results };
  }
  const COMMANDS = [['status'], ['round'], ['new', '--force', '--seed', '3'], ['undo'], ['verify']];

  it.each([
    ['/proc/self/fd/1 (stdout, here a regular file)', '/proc/self/fd/1'],
    ['/proc/self/fd (a linked folder) /1', 'FOLDER'],
    ['/proc/self/environ', '/proc/self/environ'],
    ['/dev/null', '/dev/null'],
  ])('a link to %s: refused (exit 4) for reading and writing, the link left alone', (_label, to) => {
    if (!fs.existsSync('/proc/self/fd') && to.startsWith('/proc')) return;
    let { dir, link, results } = { dir: '', link: '', results: [] as ReturnType<typeof trySpecial>['results'] };
    if (to === 'FOLDER') {
      const d = tempDir('badzone-special-');
      fs.symlinkSync('/proc/self/fd', path.join(d, 'fd'));
      ({ dir, link, results } = trySpecial(path.join(d, 'fd', '1'), COMMANDS));
    } else ({ dir, link, results } = trySpecial(to, COMMANDS));
    for (const r of results) {
      expect(r.signal, `${r.args[0]}: hung`).toBeNull();
      expect(r.code, `${r.args[0]}: ${r.stderr}`).toBe(4);
      expect(r.stderr).toMatch(/a file of the operating system|not a regular file/);
      expect(r.stderr).not.toMatch(STACK_FRAME);
      expect(r.stderr).not.toContain('zq-secret-value-zq');
    }
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    expect(fs.readlinkSync(link)).toBe(to === 'FOLDER' ? fs.readlinkSync(link) : to);
    expect(fs.readdirSync(dir).sort()).toEqual(['session.json', 'stdout.txt']);
    expect(fs.readFileSync(path.join(dir, 'stdout.txt'), 'utf8')).toBe('');
  });

  it('a link to a FIFO: refused at once (exit 4), the FIFO left alone', () => {
    const fifoDir = tempDir('badzone-fifo-');
    const fifo = path.join(fifoDir, 'pipe');
    if (spawnSync('mkfifo', [fifo]).status !== 0) return;
    const { results } = trySpecial(fifo, COMMANDS);
    for (const r of results) {
      expect(r.signal, `${r.args[0]}: hung on the FIFO`).toBeNull();
      expect(r.code, r.stderr).toBe(4);
    }
    expect(fs.statSync(fifo).isFIFO()).toBe(true);
  });

  it('table lint and --table through a link to /proc/self/pagemap or /proc/self/environ: refused at once', () => {
    if (!fs.existsSync('/proc/self/pagemap')) return;
    const dir = tempDir('badzone-special-');
    fs.symlinkSync('/proc/self/pagemap', path.join(dir, 'pagemap.json'));
    fs.symlinkSync('/proc/self/environ', path.join(dir, 'environ.json'));
    for (const args of [
      ['table', 'lint', 'pagemap.json'],
      ['table', 'lint', 'environ.json'],
      ['events', 'list', '--table', 'environ.json'],
      ['new', '--table', 'pagemap.json'],
    ]) {
      const t0 = Date.now();
      const r = runBin(args, { cwd: dir, timeout: 10_000, env: { BADZONE_SECRET_FOR_TEST: 'zq-secret-value-zq' } });
      expect(r.signal, `${args.join(' ')} did not end`).toBeNull();
      expect(r.code, `${args.join(' ')}: ${r.stderr}${r.stdout}`).toBe(4);
      expect(r.stdout + r.stderr).toMatch(/a file of the operating system/);
      expect(r.stdout + r.stderr).not.toContain('zq-secret-value-zq');
      expect(Date.now() - t0).toBeLessThan(5000);
    }
  });

  it('reads stop at the cap whatever size the file claims (a file that says it is empty but holds 2 MB)', async () => {
    const { readTarget, resolveTarget } = await import('../../src/store/files.js');
    const dir = tempDir();
    const f = path.join(dir, 't.json');
    fs.writeFileSync(f, Buffer.alloc(2_000_000, 0x20));
    const t = resolveTarget(f, 'read');
    const lying = Object.assign(Object.create(Object.getPrototypeOf(t.stat)), t.stat, { size: 0 });
    expect(() => readTarget({ ...t, stat: lying }, 1_000_000)).toThrow(/more than a badzone file can be/);
  });
});

describe('mode, owner, read-only and hard links', () => {
  it.each(['600', '640', '664'])('a session with mode 0%s keeps it across writes', async (octal) => {
    const mode = parseInt(octal, 8);
    const dir = tempDir();
    await playedSession(dir, { rounds: 1 });
    const file = path.join(dir, FILE);
    fs.chmodSync(file, mode);
    for (const args of [['round'], ['end'], ['undo']]) expect((await runCli(args, { cwd: dir })).code).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(mode);
    expect((await runBin(['round'], { cwd: dir })).code).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(mode);
  });

  it('a session owned by another user keeps its owner when root changes it', async () => {
    if (!isRoot) return;
    const dir = tempDir();
    await playedSession(dir, { rounds: 1 });
    const file = path.join(dir, FILE);
    fs.chownSync(file, 65534, 65534);
    expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
    const st = fs.statSync(file);
    expect([st.uid, st.gid]).toEqual([65534, 65534]);
  });

  it('a read-only (0444) session is refused with exit 1 and a message; it is still read', async () => {
    const dir = tempDir();
    await playedSession(dir, { rounds: 1 });
    const file = path.join(dir, FILE);
    fs.chmodSync(file, 0o444);
    const before = fs.readFileSync(file);
    for (const args of [
      ['round'],
      ['end'],
      ['undo'],
      ['new', '--force', '--seed', '2'],
      ['visibility', 'set', 'dark'],
    ]) {
      const r = await runCli(args, { cwd: dir });
      expectClean(r, args.join(' '));
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(1);
      expect(r.stderr).toMatch(/read-only.*The game was not changed/s);
    }
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o444);
    expect(fs.readdirSync(dir)).toEqual([FILE]);
    expect((await runCli(['status'], { cwd: dir })).code).toBe(0);
  });

  it('a session with another hard link is refused (exit 1): replacing it would split the game', async () => {
    const dir = tempDir();
    await playedSession(dir, { rounds: 1 });
    const file = path.join(dir, FILE);
    fs.linkSync(file, path.join(dir, 'copy.json'));
    const before = fs.readFileSync(file);
    const r = await runCli(['round'], { cwd: dir });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/hard link.*symbolic link/s);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.statSync(file).nlink).toBe(2);
  });
});

describe("contents that are not badzone's", () => {
  it('bytes that are not UTF-8 are refused (exit 4), the file unchanged', async () => {
    const dir = tempDir();
    const text = await playedSession(dir, { rounds: 1 });
    const file = path.join(dir, FILE);
    // A gang name with a byte that is no UTF-8 (0xff) in place of its first letter.
    const bytes = Buffer.from(text);
    const at = bytes.indexOf(Buffer.from('Goliaths'));
    bytes[at] = 0xff;
    fs.writeFileSync(file, bytes);
    for (const args of [['status'], ['round'], ['undo'], ['verify']]) {
      const r = await runCli(args, { cwd: dir });
      expect(r.code, `${args[0]}: ${r.stderr}`).toBe(4);
      expect(r.stderr).toContain('not UTF-8');
    }
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
  });

  it.each([
    ['shell variables', 'PASSWORD=zq-secret-value-zq\nHOME=/root\n'],
    ['a JSON string', '"zq-secret-value-zq"'],
    ['a JSON number', '314159265358979'],
    ['JSON cut short', '{"token": "zq-secret-value-zq", "more": '],
    ['a JSON object of something else', '{"token": "zq-secret-value-zq"}'],
    ['a JSON array of secrets', '["zq-secret-value-zq"]'],
  ])('%s: refused (exit 4) without quoting a byte of it', async (_label, content) => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, FILE), content);
    for (const args of [['status'], ['round']]) {
      const r = await runCli(args, { cwd: dir });
      expect(r.code, r.stderr).toBe(4);
      expect(r.stderr).not.toContain('zq-secret');
      expect(r.stderr).not.toContain('PASSWORD');
      expect(r.stderr).not.toContain('314159');
    }
  });
});
