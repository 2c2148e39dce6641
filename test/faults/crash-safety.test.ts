// Crash safety, proven on the real binary with strace rather than claimed: a command that changes the game
// writes the whole new session to a temp file beside it, fsyncs it, and only then renames it over the session
// (then fsyncs the folder); it never opens the session itself for writing. A process killed at the fsync or at
// the rename leaves the old session byte for byte, and a kill at the rename leaves the complete new session in
// the temp file (so the write and the fsync happened before the rename). Each armed kill is asserted to have
// fired: a build that skipped the fsync or the rename would run to the end and fail here.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateSession } from '../../src/engine/schema.js';
import { bookFor } from '../../src/store/tables.js';
import { BIN, runCli, tempDir, readSession } from '../helpers.js';
import { FILE, NEW_ARGS, assertBuilt, straceHere } from './fixtures.js';

/** A temp file (`.NAME.PID~HOST~UNIQUE.tmp`) whose writer's pid a live process has taken since it was killed. */
function pidReused(name: string): boolean {
  const pid = Number(/\.(\d+)~[^~]*~[^~]*\.tmp$/.exec(name)?.[1]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const { strace, required } = straceHere('crash-safety');

const TRACED =
  'trace=openat,open,creat,write,pwrite64,writev,fsync,fdatasync,close,rename,renameat,renameat2,link,linkat,unlink,unlinkat,truncate,ftruncate';

interface Traced {
  status: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  lines: string[];
}

/**
 * Run badzone under strace (-y: every fd shown with its path), optionally with fault injection. Only badzone's own
 * process is traced (no -f): strace counts calls and injects faults per process, and a save runs GNU cp
 * (src/store/permissions.ts), which a kill meant for badzone's Nth call must not hit.
 */
function traced(dir: string, args: string[], inject: string[] = []): Traced {
  const log = path.join(dir, '..', `${path.basename(dir)}.strace`);
  const r = spawnSync(
    'strace',
    ['-qq', '-y', '-s', '64', '-o', log, '-e', TRACED, ...inject, process.execPath, BIN, ...args],
    {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1', BADZONE_NO_INPUT: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  const lines = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n') : [];
  fs.rmSync(log, { force: true });
  return { status: r.status, signal: r.signal, stderr: r.stderr, lines };
}

async function game(rounds = 2): Promise<{ dir: string; file: string }> {
  const dir = tempDir('badzone-crash-');
  expect((await runCli([...NEW_ARGS, '--mode', 'deck'], { cwd: dir })).code).toBe(0);
  for (let i = 0; i < rounds; i++) expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
  return { dir, file: fs.realpathSync(path.join(dir, FILE)) };
}

const temps = (dir: string): string[] =>
  fs.readdirSync(dir).filter((n) => n.startsWith(`.${FILE}.`) && n.endsWith('.tmp') && !n.includes('.lock'));

/** The session's own system calls, in order: each with what it did to which file. */
interface Call {
  at: number;
  call: string;
  line: string;
}

function calls(lines: string[]): Call[] {
  const out: Call[] = [];
  lines.forEach((line, at) => {
    const m = /^(?:\d+\s+)?(\w+)\(/.exec(line);
    if (m) out.push({ at, call: m[1]!, line });
  });
  return out;
}

describe.skipIf(!strace && !required)('crash safety of a save (strace on the built badzone)', () => {
  beforeAll(() => assertBuilt());

  it('writes a temp file, fsyncs it, renames it over the session, fsyncs the folder; never writes the session in place', async () => {
    const { dir, file } = await game();
    const t = traced(dir, ['round']);
    expect(t.status, t.stderr).toBe(0);
    const cs = calls(t.lines);
    const after = fs.readFileSync(file);
    // The rename that replaced the session.
    const renames = cs.filter((c) => /^rename/.test(c.call) && c.line.includes(`, "${file}"`));
    expect(renames, 'exactly one rename onto the session').toHaveLength(1);
    const rename = renames[0]!;
    const tmp = /"([^"]+)"/.exec(rename.line)?.[1];
    expect(tmp, rename.line).toBeTruthy();
    expect(path.dirname(tmp!)).toBe(path.dirname(file));
    expect(path.basename(tmp!)).toMatch(new RegExp(`^\\.${FILE.replace(/\./g, '\\.')}\\..*\\.tmp$`));
    // The temp file: created exclusively, written in full, fsynced and closed, all before the rename.
    const open = cs.find(
      (c) => /^open/.test(c.call) && c.line.includes(`"${tmp}"`) && /O_CREAT/.test(c.line) && /O_EXCL/.test(c.line),
    );
    expect(open, `an exclusive create of ${tmp}`).toBeTruthy();
    const fd = new RegExp(`= (\\d+)<${tmp!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}>`).exec(open!.line)?.[1];
    expect(fd, open!.line).toBeTruthy();
    const onTmp = (c: Call) => c.line.includes(`(${fd}<${tmp}>`);
    const writes = cs.filter((c) => /^(p?write|writev)/.test(c.call) && onTmp(c));
    const written = writes.reduce((n, c) => n + Number(/= (\d+)$/.exec(c.line)?.[1] ?? 0), 0);
    expect(written, 'the whole new session is written to the temp file').toBe(after.length);
    const fsync = cs.find((c) => /^f(data)?sync$/.test(c.call) && onTmp(c));
    expect(fsync, `an fsync of ${tmp}`).toBeTruthy();
    const close = cs.find((c) => c.call === 'close' && onTmp(c) && c.at > fsync!.at);
    expect(open!.at).toBeLessThan(writes[0]!.at);
    expect(writes[writes.length - 1]!.at).toBeLessThan(fsync!.at);
    expect(fsync!.at).toBeLessThan(rename.at);
    expect(close!.at).toBeLessThan(rename.at);
    // The folder is fsynced after the rename, so the rename itself survives a power cut.
    const dirFsync = cs.find(
      (c) => /^f(data)?sync$/.test(c.call) && c.line.includes(`<${path.dirname(file)}>)`) && c.at > rename.at,
    );
    expect(dirFsync, 'an fsync of the folder after the rename').toBeTruthy();
    // The session itself is never opened for writing, truncated or written.
    for (const c of cs) {
      if (/^open/.test(c.call) && c.line.includes(`"${file}"`))
        expect(c.line, 'the session opened for writing').not.toMatch(/O_WRONLY|O_RDWR|O_TRUNC|O_CREAT/);
      if (/^(p?write|writev|ftruncate)/.test(c.call)) expect(c.line).not.toContain(`<${file}>`);
      if (/^truncate/.test(c.call)) expect(c.line).not.toContain(`"${file}"`);
    }
    expect(temps(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('killed at the rename: the old session is whole, and the temp file holds the complete new one', async () => {
    const { dir, file } = await game();
    const before = fs.readFileSync(file);
    // SIGKILL delivered on entering rename(): the rename never happens.
    const t = traced(dir, ['round'], ['-e', 'inject=rename,renameat,renameat2:signal=SIGKILL']);
    expect(t.signal, `the kill armed at the rename fired (exit ${t.status}): ${t.stderr}`).toBe('SIGKILL');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    const left = temps(dir);
    expect(left).toHaveLength(1);
    // Written and fsynced before the rename was tried: the next round's state, complete and valid.
    const next = readSession(path.join(dir, left[0]!));
    const { state } = validateSession(next, bookFor);
    expect(state.round).toBe(JSON.parse(before.toString()).round + 1);
    // The next command sweeps the dead process's temp file and plays that same round again.
    const r = await runCli(['round'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(temps(dir)).toEqual([]);
    expect(readSession(file)).toEqual(next);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('killed at the fsync of the temp file: the old session is whole', async () => {
    const { dir, file } = await game();
    const before = fs.readFileSync(file);
    const t = traced(dir, ['round'], ['-e', 'inject=fsync,fdatasync:signal=SIGKILL']);
    expect(t.signal, `the kill armed at the fsync fired (exit ${t.status}): ${t.stderr}`).toBe('SIGKILL');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect((await runCli(['verify'], { cwd: dir })).code).toBe(0);
    // The next change sweeps the dead process's temp file.
    expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
    expect(temps(dir)).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('`new --force` over a game is as safe: temp, fsync, rename; killed at the rename, the old game is whole', async () => {
    const { dir, file } = await game(1);
    const before = fs.readFileSync(file);
    const t = traced(dir, ['new', '--seed', '9', '--force'], ['-e', 'inject=rename,renameat,renameat2:signal=SIGKILL']);
    expect(t.signal, `the kill armed at the rename fired (exit ${t.status}): ${t.stderr}`).toBe('SIGKILL');
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    const cs = calls(t.lines);
    const tmpFsync = cs.find(
      (c) =>
        /^f(data)?sync$/.test(c.call) &&
        c.line.includes(`<${path.dirname(file)}/.${FILE}.`) &&
        c.line.includes('.tmp>'),
    );
    expect(tmpFsync, 'the temp file was fsynced before the rename').toBeTruthy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('killed at every system call from taking the lock to releasing it: the old or the new game, whole, every time', async () => {
    const { dir, file } = await game(3);
    const base = fs.readFileSync(file);
    const after = (() => {
      const copy = tempDir('badzone-crash-ref-');
      fs.copyFileSync(file, path.join(copy, FILE));
      const ref = traced(copy, ['round']);
      expect(ref.status, ref.stderr).toBe(0);
      const out = { text: fs.readFileSync(path.join(copy, FILE)), lines: ref.lines };
      fs.rmSync(copy, { recursive: true, force: true });
      return out;
    })();
    // Every call of these kinds, numbered per kind as strace counts them, from the lock's temp file to its release.
    const KINDS = ['openat', 'write', 'fsync', 'close', 'link', 'rename', 'unlink'];
    const seen = new Map<string, number>();
    const points: { call: string; n: number }[] = [];
    let inWindow = false;
    let renamed = false;
    for (const line of after.lines) {
      const m = /^(?:\d+\s+)?(\w+)\(/.exec(line);
      if (!m || !KINDS.includes(m[1]!)) continue;
      const n = (seen.get(m[1]!) ?? 0) + 1;
      seen.set(m[1]!, n);
      if (!inWindow && m[1] === 'openat' && line.includes(`/.${FILE}.lock.`)) inWindow = true;
      if (!inWindow) continue;
      points.push({ call: m[1]!, n });
      // The window ends with the lock's release: what follows is the process printing and exiting.
      if (m[1] === 'unlink' && line.includes(`/${FILE}.lock")`)) break;
      if (m[1] === 'rename' && line.includes(`/${FILE}")`)) renamed = true;
    }
    expect(renamed).toBe(true);
    expect(points.length).toBeGreaterThan(15);
    const outcomes = { before: 0, after: 0 };
    for (const p of points) {
      fs.writeFileSync(file, base);
      const t = traced(dir, ['round'], ['-e', `inject=${p.call}:signal=SIGKILL:when=${p.n}`]);
      const label = `killed at ${p.call} #${p.n}`;
      expect(t.signal, `${label}: the armed kill fired (exit ${t.status})`).toBe('SIGKILL');
      const now = fs.readFileSync(file);
      // Whether the rename onto the session ran before the kill, as this run's own trace shows.
      const renamedHere = t.lines.some(
        (l) => /^(?:\d+\s+)?rename\(/.test(l) && l.includes(`, "${file}")`) && / = 0$/.test(l),
      );
      if (renamedHere) expect(now.equals(after.text), `${label}: after the rename the new game is in place`).toBe(true);
      else expect(now.equals(base), `${label}: before the rename the old game is in place, byte for byte`).toBe(true);
      outcomes[renamedHere ? 'after' : 'before']++;
      const v = await runCli(['verify'], { cwd: dir });
      expect(v.code, `${label}: verify: ${v.stdout}${v.stderr}`).toBe(0);
      // What the killed process left (its lock, its temp files) does not trip the next command.
      const next = await runCli(['round'], { cwd: dir });
      expect(next.code, `${label}: the next round: ${next.stderr}`).toBe(0);
      // A temp file is swept once its writer is gone: its pid not alive. On a busy machine (pid_max 32768 here, and
      // the suite starts thousands of processes) that pid may already belong to another process: then it waits for
      // a later sweep, as it should (a live writer's file is never taken).
      // (A pid alive at that sweep and gone by the time this looks is such a case too: the round after sweeps it.)
      const leftovers = () => fs.readdirSync(dir).filter((n) => n !== FILE && !pidReused(n));
      if (leftovers().length > 0) expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
      expect(leftovers(), `${label}: left behind after the next rounds`).toEqual([]);
    }
    expect(outcomes.before).toBeGreaterThan(10);
    expect(outcomes.after).toBeGreaterThan(0);
    console.log(
      `[faults] crash safety: killed at ${points.length} system calls of a round (${points.map((p) => `${p.call}#${p.n}`).join(' ')}); ${outcomes.before} left the old game, ${outcomes.after} the new one`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  }, 180_000);
});
