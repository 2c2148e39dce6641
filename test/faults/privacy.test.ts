// A private game stays private while it is saved, on the built bin: the temp file a save writes is created 0600
// and given the game's permissions (mode, ACL, extended attributes) before the rename; another local user
// (`nobody`) watching the folder while a `chmod 600` game is saved never reads a temp file; a game started with
// --hidden-seed, and its backup, are created 0600; an ACL or attribute that cannot be kept is refused, never
// dropped. Tests that need root (to run as `nobody`), strace or setfacl say so and skip without them.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir, readSession } from '../helpers.js';
import { FILE, NEW_ARGS, assertBuilt, straceHere } from './fixtures.js';

const { strace, required } = straceHere('privacy');
const isRoot = process.getuid?.() === 0;
const hasSetfacl = spawnSync('setfacl', ['--version']).status === 0;
const hasSetfattr = spawnSync('setfattr', ['--version']).status === 0;

beforeAll(() => assertBuilt());

const modeOf = (f: string) => fs.statSync(f).mode & 0o7777;
const env = { ...process.env, NO_COLOR: '1', BADZONE_NO_INPUT: '1' };

function bin(
  args: string[],
  cwd: string,
  extraEnv: Record<string, string> = {},
): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    env: { ...env, ...extraEnv },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Run the bin under strace (only its own process: -f would hit GNU cp too), returning the log's lines. */
function traced(
  dir: string,
  args: string[],
  straceArgs: string[],
): { code: number | null; signal: string | null; stderr: string; lines: string[] } {
  const log = path.join(dir, '..', `${path.basename(dir)}.strace`);
  const r = spawnSync('strace', ['-qq', '-y', '-o', log, ...straceArgs, process.execPath, BIN, ...args], {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const lines = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n') : [];
  fs.rmSync(log, { force: true });
  return { code: r.status, signal: r.signal, stderr: r.stderr, lines };
}

async function game(mode = 0o644): Promise<{ dir: string; file: string }> {
  const dir = tempDir('badzone-private-');
  expect((await runCli([...NEW_ARGS, '--mode', 'deck'], { cwd: dir })).code).toBe(0);
  const file = path.join(dir, FILE);
  fs.chmodSync(file, mode);
  return { dir, file };
}

const temps = (dir: string) => fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'));

describe.skipIf(!strace && !required)('the temp file of a save (strace on the built badzone)', () => {
  it.each([
    ['0644', 0o644],
    ['0640', 0o640],
    ['0600', 0o600],
    ['0604', 0o604],
  ])("of a %s game: created 0600, exclusively, and holding the game's mode before the rename", async (_m, mode) => {
    const { dir, file } = await game(mode);
    // Killed on entering the rename: the temp file is left as it was just before it would have replaced the game.
    const t = traced(dir, ['round'], ['-e', 'trace=openat,rename', '-e', 'inject=rename:signal=SIGKILL']);
    expect(t.signal, t.stderr).toBe('SIGKILL');
    const left = temps(dir).filter((n) => !n.includes('.lock.'));
    expect(left).toHaveLength(1);
    const tmp = path.join(dir, left[0]!);
    const open = t.lines.find((l) => l.startsWith('openat(') && l.includes(`"${tmp}"`));
    expect(open, `the temp file's open: ${t.lines.join('\n')}`).toMatch(/O_CREAT\|O_EXCL.*, 0600\) = \d+</);
    expect(modeOf(tmp)).toBe(mode);
    expect(modeOf(file)).toBe(mode);
    // The next command sweeps the dead process's files.
    expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
    expect(temps(dir)).toEqual([]);
  });

  it("the backup `new --force` keeps is created 0600, and given the old game's mode once written", async () => {
    const { dir, file } = await game(0o644);
    const t = traced(dir, ['new', '--force', '--seed', '7'], ['-e', 'trace=openat']);
    expect(t.code, t.stderr).toBe(0);
    const bak = fs.readdirSync(dir).find((n) => n.endsWith('.bak'))!;
    const open = t.lines.find((l) => l.startsWith('openat(') && l.includes(`"${path.join(dir, bak)}"`));
    expect(open).toMatch(/O_CREAT\|O_EXCL.*, 0600\) = \d+</);
    expect(modeOf(path.join(dir, bak))).toBe(0o644);
    expect(modeOf(file)).toBe(0o644);
  });
});

/** A hidden seed is always a fresh one: the test hands in this one as the operating system's. */
const FRESH = 'PRIVACYSEED7Q2';

describe('a game started with --hidden-seed is created private', () => {
  it('new --hidden-seed: the session 0600 (a game without it 0644, less the umask); replacing it keeps a 0600 backup', async () => {
    const dir = tempDir('badzone-private-');
    const umask = process.umask();
    const open = await runCli(['new', '--seed', '3', '--session', 'open.json'], { cwd: dir });
    expect(open.code, open.stderr).toBe(0);
    expect(modeOf(path.join(dir, 'open.json'))).toBe(0o644 & ~umask);
    const r = await runCli(['new', '--hidden-seed'], { cwd: dir, seeds: [FRESH] });
    expect(r.code, r.stderr).toBe(0);
    expect(modeOf(path.join(dir, FILE))).toBe(0o600);
    // Saves keep it 0600; a new game over it keeps the old one as a 0600 backup.
    expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
    expect(modeOf(path.join(dir, FILE))).toBe(0o600);
    const again = await runCli(['new', '--force', '--seed', '5', '--json'], { cwd: dir });
    expect(again.code, again.stderr).toBe(0);
    const bak = JSON.parse(again.stdout).backup as string;
    expect(modeOf(bak)).toBe(0o600);
    expect(fs.readFileSync(bak, 'utf8')).toContain('"hiddenSeed"');
  });

  it('new --hidden-seed --force over a 0644 game: the new game is 0600, the old one kept as it was (0644)', async () => {
    const { dir, file } = await game(0o644);
    const r = await runCli(['new', '--hidden-seed', '--force', '--json'], { cwd: dir, seeds: [FRESH] });
    expect(r.code, r.stderr).toBe(0);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(JSON.parse(r.stdout).backup as string)).toBe(0o644);
  });
});

/** nobody can run the built badzone and node here (root, and setpriv works). */
function nobodyCan(): string | null {
  if (!isRoot) return 'not root (it runs a watcher as the user nobody)';
  const probe = spawnSync(
    'setpriv',
    ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', '0'],
    { encoding: 'utf8', timeout: 10_000 },
  );
  return probe.status === 0
    ? null
    : `setpriv cannot run node as nobody (${probe.error?.message ?? probe.stderr.trim().split('\n')[0]})`;
}

describe.skipIf(!strace && !required)(
  'another user watching the folder while a private game is saved (needs root)',
  () => {
    it('nobody, opening every temp file the moment it appears, reads none of them', async (ctx) => {
      const why = nobodyCan();
      if (why) {
        console.log(`[faults] skipped the watcher test: ${why}`);
        return ctx.skip();
      }
      const dir = tempDir('badzone-watched-');
      fs.chmodSync(dir, 0o755);
      expect((await runCli(['new', '--hidden-seed', '--mode', 'deck'], { cwd: dir, seeds: [FRESH] })).code).toBe(0);
      const file = path.join(dir, FILE);
      fs.chmodSync(file, 0o600);
      const salt = readSession(file).setup.hiddenSeed.salt as string;
      // The watcher: inotify (fs.watch) on the folder; each new temp file is opened at once and read later.
      const script = path.join(tempDir('badzone-watcher-'), 'watch.cjs');
      fs.chmodSync(path.dirname(script), 0o755);
      fs.writeFileSync(
        script,
        `const fs = require('fs'), path = require('path');
const dir = process.argv[2], held = [], seen = new Set();
let denied = 0;
fs.watch(dir, (_e, name) => {
  if (!name || !name.endsWith('.tmp') || name.includes('.lock.') || seen.has(name)) return;
  seen.add(name);
  try { held.push(fs.openSync(path.join(dir, name), 'r')); } catch (e) { if (e.code === 'EACCES') denied++; }
});
process.on('SIGTERM', () => {
  const texts = held.map((fd) => fs.readFileSync(fd, 'utf8'));
  process.stdout.write(JSON.stringify({ seen: seen.size, denied, opened: held.length, texts }));
  process.exit(0);
});
process.stdout.write('ready\\n');
`,
      );
      const watcher = spawn(
        'setpriv',
        ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, script, dir],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      watcher.stdout.on('data', (d: Buffer) => (out += d.toString()));
      await new Promise<void>((resolve) => watcher.stdout.once('data', () => resolve()));
      // Each save's windows widened: every chmod and fsync of badzone's own process waits 150 ms.
      for (let i = 0; i < 4; i++) {
        const t = traced(dir, ['round'], ['-e', 'trace=fchmod,fsync', '-e', 'inject=fchmod,fsync:delay_enter=150000']);
        expect(t.code, t.stderr).toBe(0);
      }
      await new Promise((r) => setTimeout(r, 300));
      const done = new Promise<void>((resolve) => watcher.on('close', () => resolve()));
      watcher.kill('SIGTERM');
      await done;
      const got = JSON.parse(out.replace(/^ready\n/, '')) as {
        seen: number;
        denied: number;
        opened: number;
        texts: string[];
      };
      console.log(
        `[faults] nobody watching 4 saves of a 0600 game: saw ${got.seen} temp files, opened ${got.opened}, denied ${got.denied}`,
      );
      // The watcher did see the temp files (so it could have read them), and was refused each one.
      expect(got.seen).toBeGreaterThanOrEqual(4);
      expect(got.denied).toBe(got.seen);
      expect(got.opened).toBe(0);
      expect(got.texts.some((t) => t.includes(salt))).toBe(false);
      expect(modeOf(file)).toBe(0o600);
    }, 60_000);
  },
);

/** setfacl works on files of the run's temp folder (the acl package installed, a file system with ACLs). */
function aclSupport(dir: string): string | null {
  if (!hasSetfacl) return 'setfacl is missing (apt-get install acl; .ci/run installs it)';
  const probe = path.join(dir, 'acl-probe');
  fs.writeFileSync(probe, '');
  const r = spawnSync('setfacl', ['-m', 'u:65534:r', probe], { encoding: 'utf8' });
  fs.rmSync(probe);
  return r.status === 0 ? null : `this file system has no ACLs (${r.stderr.trim()})`;
}

const getfacl = (f: string) =>
  spawnSync('getfacl', ['--omit-header', '--absolute-names', '--numeric', f], { encoding: 'utf8' }).stdout;

describe('an ACL and extended attributes survive a save, or the save is refused', () => {
  it('a 0600 game that one named user may read and write: after saves and a backup, the group has gained nothing', async (ctx) => {
    const { dir, file } = await game(0o600);
    const why = aclSupport(dir);
    if (why) {
      console.log(`[faults] skipped the ACL test: ${why}`);
      return ctx.skip();
    }
    expect(spawnSync('setfacl', ['-m', 'u:65534:rw', file]).status).toBe(0);
    if (hasSetfattr) expect(spawnSync('setfattr', ['-n', 'user.campaign', '-v', 'ash-wastes', file]).status).toBe(0);
    else
      console.log(
        '[faults] the extended-attribute part of the ACL test is skipped: setfattr is missing (apt-get install attr)',
      );
    const acl = getfacl(file);
    // The mode shows the ACL's mask as its group bits.
    expect(modeOf(file)).toBe(0o660);
    expect(acl).toMatch(/^group::---$/m);
    for (const args of [['round'], ['end'], ['round']]) expect(bin(args, dir).code).toBe(0);
    expect(getfacl(file)).toBe(acl);
    expect(modeOf(file)).toBe(0o660);
    if (hasSetfattr)
      expect(spawnSync('getfattr', ['--only-values', '-n', 'user.campaign', file], { encoding: 'utf8' }).stdout).toBe(
        'ash-wastes',
      );
    const r = bin(['new', '--force', '--seed', '8', '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(getfacl(JSON.parse(r.stdout).backup)).toBe(acl);
    expect(getfacl(file)).toBe(acl);
  });

  it('when they cannot be copied (cp fails), the save is refused with exit 1 and the game is unchanged', async (ctx) => {
    const { dir, file } = await game(0o600);
    const why = aclSupport(dir);
    if (why) {
      console.log(`[faults] skipped the ACL refusal test: ${why}`);
      return ctx.skip();
    }
    expect(spawnSync('setfacl', ['-m', 'u:65534:r', file]).status).toBe(0);
    const before = fs.readFileSync(file);
    // A cp that fails as GNU cp does when it cannot set an attribute, first on the PATH.
    const fake = tempDir('badzone-fakecp-');
    fs.writeFileSync(path.join(fake, 'cp'), '#!/bin/sh\necho "cp: failed to preserve" >&2\nexit 1\n', { mode: 0o755 });
    const r = bin(['round'], dir, { PATH: `${fake}${path.delimiter}${process.env.PATH}` });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(
      `${file} has an access control list (ACL) or extended attributes, and badzone could not copy them to the new file it saves the game in`,
    );
    expect(r.stderr).toMatch(/The game was not changed\. If you do not need them, remove them/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(fs.readdirSync(dir)).toEqual([FILE]);
    // The same cp, on a game without an ACL: nothing to keep, saved.
    expect(spawnSync('setfacl', ['-b', file]).status).toBe(0);
    const plain = bin(['round'], dir, { PATH: `${fake}${path.delimiter}${process.env.PATH}` });
    expect(plain.code, plain.stderr).toBe(0);
    expect(modeOf(file)).toBe(0o600);
  });
});
