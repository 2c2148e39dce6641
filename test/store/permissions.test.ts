// src/store/permissions.ts in this process: what a save does, on each system, to give its new file the old
// file's permissions (ACL and extended attributes, mode, owner), told through a fake runner of programs; when it
// refuses rather than widen access; and, on this Linux, the real GNU cp keeping a real ACL and attribute.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { arm, seam } from './fs-seam.js';
import { freshStore, type Store } from './fresh.js';
import { thrown, useTempFolder } from './kit.js';

vi.mock('node:fs', async (importOriginal) => (await import('./fs-seam.js')).seamed(await importOriginal()));

let P: Store['permissions'];
let E: Store['errors'];
beforeEach(async () => {
  const S = await freshStore();
  P = S.permissions;
  E = S.errors;
});

let dir = '';
useTempFolder('badzone-perm-', (d) => (dir = d));

type Ran = Store['permissions'] extends { runProgram: (...a: never[]) => infer R } ? R : never;
const ok = (stdout = ''): Ran => ({ status: 0, stdout, stderr: '', missing: false });
const fails = (stderr = 'cp: failed to preserve'): Ran => ({ status: 1, stdout: '', stderr, missing: false });
const missing: Ran = { status: null, stdout: '', stderr: '', missing: true };

/** A runner that answers each program by name, and records what was run. */
function runner(answers: Record<string, Ran>): { run: (cmd: string, args: string[]) => Ran; ran: string[][] } {
  const ran: string[][] = [];
  return {
    ran,
    run: (cmd, args) => {
      ran.push([cmd, ...args]);
      const a = answers[cmd];
      if (!a) throw new Error(`unexpected program ${cmd}`);
      return a;
    },
  };
}

/** The old file (mode `mode`) and a new temp file created 0600, open; `keep` runs keepPermissions on them. */
let pairs = 0;
function pair(mode = 0o640): {
  target: string;
  tmp: string;
  fd: number;
  st: fs.Stats;
  keep: (r: ReturnType<typeof runner>, platform: string, into?: 'save' | 'backup') => void;
} {
  const n = ++pairs;
  const target = path.join(dir, `game${n}.json`);
  fs.writeFileSync(target, 'old');
  fs.chmodSync(target, mode);
  const tmp = path.join(dir, `.game${n}.json.tmp`);
  const fd = fs.openSync(tmp, 'wx', 0o600);
  const st = fs.statSync(target);
  return {
    target,
    tmp,
    fd,
    st,
    keep: (r, platform, into = 'save') => P.keepPermissions(target, st, tmp, fd, 'game.json', into, r.run, platform),
  };
}

const modeOf = (f: string) => fs.statSync(f).mode & 0o7777;
const chmods = () => seam.calls.filter((c) => c.name === 'fchmodSync').map((c) => c.args[1]);

describe('Linux: GNU cp copies the ACL and attributes; a failure is refused unless there was nothing to keep', () => {
  it('cp keeps them: one cp --attributes-only of mode and xattr (never timestamps) from the old file onto the new one', () => {
    const p = pair();
    const r = runner({ cp: ok() });
    p.keep(r, 'linux');
    expect(r.ran).toEqual([['cp', '--attributes-only', '--preserve=mode,xattr', '--', p.target, p.tmp]]);
    // The fake cp set nothing: the mode is set as a check.
    expect(modeOf(p.tmp)).toBe(0o640);
  });

  it('no fchmod when the mode is already right (cp set it)', () => {
    const p = pair(0o600);
    seam.recording = true;
    p.keep(runner({ cp: ok() }), 'linux');
    expect(chmods()).toEqual([]);
    seam.recording = false;
    const q = pair(0o604);
    seam.recording = true;
    q.keep(runner({ cp: ok() }), 'linux');
    expect(chmods()).toEqual([0o604]);
  });

  it.each([
    ['getfattr lists an attribute', { getfattr: ok('# file: game.json\nuser.note="x"\n') }],
    [
      'getfattr is missing, getfacl shows an ACL',
      { getfattr: missing, getfacl: ok('# file: game.json\nuser:bob:r--\n') },
    ],
    ['no tool can tell', { getfattr: missing, getfacl: missing }],
    ['both tools fail', { getfattr: fails(), getfacl: fails() }],
  ])('cp failed and %s: refused (exit 1), saying why and what to do', (_l, tools) => {
    const p = pair();
    const e = thrown(() => p.keep(runner({ cp: fails(), ...tools }), 'linux'));
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toBe(
      'game.json has an access control list (ACL) or extended attributes, and badzone could not copy them to the new file it saves the game in (it copies them with GNU cp --attributes-only). Without them, more people could read the game than can now. The game was not changed. If you do not need them, remove them (setfacl -b; getfattr -d lists the others); or install GNU coreutils.',
    );
  });

  it.each([
    ['getfattr lists nothing', { getfattr: ok('') }],
    ['getfattr prints only a blank line', { getfattr: ok('\n') }],
    ['getfattr is missing and getfacl shows only the mode', { getfattr: missing, getfacl: ok('\n') }],
  ])('cp failed but %s: saved with the mode set', (_l, tools) => {
    const p = pair();
    const r = runner({ cp: fails(), ...tools });
    p.keep(r, 'linux');
    expect(modeOf(p.tmp)).toBe(0o640);
    expect(r.ran.map((c) => c[0])).toEqual(['cp', ...Object.keys(tools)]);
    expect(r.ran.slice(1)).toEqual(
      Object.keys(tools).map((t) =>
        t === 'getfattr'
          ? ['getfattr', '--absolute-names', '-d', '-m', '-', '--', p.target]
          : ['getfacl', '--absolute-names', '--skip-base', '--', p.target],
      ),
    );
  });

  it.each([
    ['cp is missing', missing],
    [
      'cp is not GNU (BusyBox)',
      fails("cp: unrecognized option '--attributes-only'\nBusyBox v1.36.1 multi-call binary."),
    ],
    ['cp is not GNU (BSD)', fails('cp: illegal option -- -')],
    ['cp is not GNU (other)', fails('cp: invalid option -- a')],
    ['cp is not GNU (another)', fails('cp: unknown option attributes-only')],
  ])('%s: saved unless a tool shows something to keep; with no tool, saved (no ACL tool is installed)', (_l, cp) => {
    expect(() => pair().keep(runner({ cp, getfattr: ok('') }), 'linux')).not.toThrow();
    expect(() => pair().keep(runner({ cp, getfattr: missing, getfacl: missing }), 'linux')).not.toThrow();
    expect(thrown(() => pair().keep(runner({ cp, getfattr: ok('user.a="1"\n') }), 'linux'))).toBeInstanceOf(
      E.RefusedError,
    );
  });

  it('a backup that cannot keep them says so of the backup', () => {
    const e = thrown(() => pair().keep(runner({ cp: fails(), getfattr: ok('x\n') }), 'linux', 'backup'));
    expect(e.message).toMatch(
      /^game\.json has an access control list \(ACL\) or extended attributes, and badzone could not copy them to its backup .*Nothing was changed\./,
    );
  });
});

describe("macOS and Windows (decided from the tools' output; the real tools are untested here)", () => {
  it('macOS: an ACL listed by ls -led is refused; none, or ls failing, saves with the mode set', () => {
    const acl = '-rw-r--r--+ 1 gm  staff  12 Jan  1 10:00 game.json\n 0: user:bob allow read\n';
    const p = pair();
    const r = runner({ '/bin/ls': ok(acl) });
    const e = thrown(() => p.keep(r, 'darwin'));
    expect(r.ran).toEqual([['/bin/ls', '-led', '--', p.target]]);
    expect(e).toBeInstanceOf(E.RefusedError);
    expect(e.message).toBe(
      'game.json has an access control list (ACL), and badzone cannot copy it to the new file it saves the game in on macOS: without it, more people could read the game. The game was not changed. To keep a game private, keep it in a folder only you can read; remove the ACL with chmod -N if you do not need it.',
    );
    // A name that looks like an ACL entry on the file's own line is not one.
    for (const out of ['-rw-r--r--@ 1 gm  staff  12 Jan  1 10:00 game 0: x.json\n', '']) {
      const q = pair();
      q.keep(runner({ '/bin/ls': ok(out) }), 'darwin');
      expect(modeOf(q.tmp)).toBe(0o640);
    }
    expect(() => pair().keep(runner({ '/bin/ls': fails() }), 'darwin')).not.toThrow();
  });

  it('Windows: a rule without (I) is refused; only inherited rules, no rules, or icacls failing save', () => {
    const own =
      'C:\\games\\game.json DESKTOP\\gm:(F)\r\n                  NT AUTHORITY\\SYSTEM:(I)(F)\r\n\r\nSuccessfully processed 1 files; Failed processing 0 files\r\n';
    const inherited =
      'C:\\games\\game.json NT AUTHORITY\\SYSTEM:(I)(F)\r\n                  BUILTIN\\Users:(I)(RX)\r\n                  DESKTOP\\gm:(I)(F)\r\n\r\nSuccessfully processed 1 files; Failed processing 0 files\r\n';
    const p = pair();
    const r = runner({ icacls: ok(own) });
    const e = thrown(() => p.keep(r, 'win32'));
    expect(r.ran).toEqual([['icacls', p.target]]);
    expect(e.message).toBe(
      "game.json has access rules of its own (not inherited from its folder), and badzone cannot copy them to the new file it saves the game in on Windows: it would get its folder's rules instead, which could let more people read the game. The game was not changed. To keep a game private on Windows, keep it in a folder only you can read, and let the file take that folder's rules (icacls FILE /reset).",
    );
    expect(
      thrown(() => pair().keep(runner({ icacls: ok('C:\\g.json Everyone:(DENY)(R,W)\r\n') }), 'win32')).message,
    ).toMatch(/rules of its own/);
    for (const out of [inherited, 'Successfully processed 0 files\r\n'])
      expect(() => pair().keep(runner({ icacls: ok(out) }), 'win32')).not.toThrow();
    expect(() => pair().keep(runner({ icacls: fails('Access is denied.') }), 'win32')).not.toThrow();
  });

  it('macOS: ACL entries are found on any line, with any number; a listing that only looks like one is not; a failed ls decides nothing', () => {
    const mac = (stdout: string, status = 0) =>
      P.macAcl('g', runner({ '/bin/ls': { status, stdout, stderr: '', missing: false } }).run);
    expect(
      mac('-rw-r--r--+ 1 gm  staff  12 Jan  1 10:00 g\n 0: user:bob allow read\n 12: group:staff deny write\n'),
    ).toBe(true);
    expect(mac('-rw-r--r--+ 1 gm  staff  12 Jan  1 10:00 g\n 12: group:staff deny write\n')).toBe(true);
    expect(mac('-rw-r--r--+ 1 gm  staff  12 Jan  1 10:00 g\n0: user:bob allow read\n')).toBe(true);
    // A file name with a line break that reads like an entry: not at the start of its line.
    expect(mac('-rw-r--r--  1 gm  staff  12 Jan  1 10:00 game\nnotes 0: x.json\n')).toBe(false);
    expect(mac('-rw-r--r--+ 1 gm  staff  12 Jan  1 10:00 g\n 0: user:bob allow read\n', 1)).toBeNull();
  });

  it('Windows: rules are read whatever the line endings and trailing spaces; no rules, or a failed icacls, decide nothing', () => {
    const win = (stdout: string, status = 0) =>
      P.windowsOwnRules('g', runner({ icacls: { status, stdout, stderr: '', missing: false } }).run);
    expect(win('C:\\g.json DESKTOP\\gm:(F)\n          BUILTIN\\Users:(I)(RX)\n')).toBe(true);
    expect(win('C:\\g.json DESKTOP\\gm:(F)   \r\n')).toBe(true);
    expect(win('C:\\g.json DESKTOP\\gm:(I)(F)\r\n')).toBe(false);
    expect(win('Successfully processed 0 files; Failed processing 1 files\r\n')).toBeNull();
    expect(win('C:\\g.json DESKTOP\\gm:(F)\r\n', 5)).toBeNull();
  });

  it('another system runs nothing and sets the mode', () => {
    const p = pair(0o640);
    p.keep(runner({}), 'freebsd');
    expect(modeOf(p.tmp)).toBe(0o640);
  });
});

describe('owner and group', () => {
  it('given back when either differs from ours (root only succeeds); never asked when both are ours', () => {
    const p = pair();
    const asked: unknown[][] = [];
    arm('fchownSync', { calls: (_real, args) => (asked.push(args.slice(1)), undefined) });
    P.keepOwner(p.fd, p.st);
    expect(asked).toEqual([]);
    const uid = process.getuid!();
    const gid = process.getgid!();
    P.keepOwner(p.fd, Object.assign(Object.create(fs.Stats.prototype), p.st, { uid: uid + 1 }) as fs.Stats);
    P.keepOwner(p.fd, Object.assign(Object.create(fs.Stats.prototype), p.st, { gid: gid + 1 }) as fs.Stats);
    expect(asked).toEqual([
      [uid + 1, gid],
      [uid, gid + 1],
    ]);
    // Refused (not root): the file stays ours, nothing thrown.
    arm('fchownSync', { throws: Object.assign(new Error('EPERM'), { code: 'EPERM' }) });
    expect(() =>
      P.keepOwner(p.fd, Object.assign(Object.create(fs.Stats.prototype), p.st, { uid: uid + 1 }) as fs.Stats),
    ).not.toThrow();
  });
});

const setfacl = spawnSync('setfacl', ['--version']).status === 0;

describe('on this system, with the real programs', () => {
  it('runProgram runs a program with messages in English, and says when it is not installed', () => {
    const r = P.runProgram(process.execPath, [
      '-e',
      'process.stdout.write(process.env.LC_ALL); process.stderr.write("e"); process.exit(3)',
    ]);
    expect(r).toEqual({ status: 3, stdout: 'C', stderr: 'e', missing: false });
    expect(P.runProgram(path.join(dir, 'no-such-program'), [])).toEqual({
      status: null,
      stdout: '',
      stderr: '',
      missing: true,
    });
  });

  it('an ACL and a user attribute are copied onto the new file by GNU cp (needs setfacl; skipped where the file system has no ACLs)', (ctx) => {
    if (process.platform !== 'linux' || !setfacl) {
      console.log('[store] skipped the real ACL copy: setfacl is missing (apt-get install acl)');
      return ctx.skip();
    }
    const p = pair(0o600);
    const set = spawnSync('setfacl', ['-m', 'u:65534:rw', p.target], { encoding: 'utf8' });
    if (set.status !== 0) {
      console.log(`[store] skipped the real ACL copy: this file system has no ACLs (${set.stderr.trim()})`);
      return ctx.skip();
    }
    const acl = (f: string) =>
      spawnSync('getfacl', ['--omit-header', '--absolute-names', '--numeric', f], { encoding: 'utf8' }).stdout;
    const attr = spawnSync('setfattr', ['-n', 'user.note', '-v', 'kept', p.target]).status === 0;
    if (!attr) console.log('[store] the user attribute part is skipped: setfattr is missing (apt-get install attr)');
    P.keepPermissions(p.target, fs.statSync(p.target), p.tmp, p.fd, 'game.json', 'save');
    expect(acl(p.tmp)).toBe(acl(p.target));
    expect(acl(p.tmp)).toMatch(/user:65534:rw-/);
    expect(acl(p.tmp)).toMatch(/group::---/);
    expect(modeOf(p.tmp)).toBe(0o660);
    if (attr)
      expect(spawnSync('getfattr', ['--only-values', '-n', 'user.note', p.tmp], { encoding: 'utf8' }).stdout).toBe(
        'kept',
      );
  });
});
