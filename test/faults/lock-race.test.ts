// Lost updates under concurrency, made deterministic: system calls slowed with strace fault injection, so the
// interleavings a loaded machine produces now and then happen on every run. With N writers on one game:
// every `badzone round` that exited 0 is in the log exactly once, the others exited 5, at least two succeeded,
// at least one waited, and the final round is the starting round plus the successes.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runCli, tempDir, readSession } from '../helpers.js';
import { FILE, NEW_ARGS, STACK_FRAME, assertBuilt, started, straceHere, type Ran } from './fixtures.js';

const { strace, required } = straceHere('lock-race');

interface Writer extends Ran {
  /** The strace log of the lock system calls (what the writer tried), when one was kept. */
  trace: string;
}

/** Run `badzone round --json` under strace with these options; `log` keeps strace's own output. */
async function writer(dir: string, straceArgs: string[], log: string | null): Promise<Writer> {
  const args = ['-qq', '-o', log ?? '/dev/null', ...straceArgs, process.execPath, BIN, 'round', '--json'];
  const r = await started('strace', args, dir, 60_000);
  return { ...r, trace: log && fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '' };
}

async function game(): Promise<{ dir: string; file: string; lock: string; startRound: number; startLog: number }> {
  const dir = tempDir('badzone-lockrace-');
  expect((await runCli(NEW_ARGS, { cwd: dir })).code).toBe(0);
  expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
  const file = path.join(dir, FILE);
  const s = readSession(file);
  return { dir, file, lock: `${file}.lock`, startRound: s.round, startLog: s.log.length };
}

/** A writer tried to take a lock that was held: strace shows the lock's creation failing with EEXIST. */
const waitedOnLock = (trace: string) => /badzone-session\.json\.lock".*= -1 EEXIST/.test(trace);

/** The promise under concurrency, checked on the writers' results and the final file. */
function checkPromise(
  g: { dir: string; file: string; startRound: number; startLog: number },
  writers: Writer[],
  label: string,
): { ok: number; waited: number } {
  for (const w of writers) {
    expect(w.stderr, `${label}: stack trace`).not.toMatch(STACK_FRAME);
    expect([0, 5], `${label}: exit ${w.code}: ${w.stderr}`).toContain(w.code);
    if (w.code === 5) expect(w.stderr).toMatch(/in use by another badzone command/);
  }
  const ok = writers.filter((w) => w.code === 0);
  const waited = writers.filter((w) => w.code === 5 || waitedOnLock(w.trace)).length;
  const s = readSession(g.file);
  const reported = ok.map((w) => JSON.parse(w.stdout).round as number);
  const summary = `${label}: ${ok.length} of ${writers.length} played rounds ${JSON.stringify([...reported].sort((a, b) => a - b))}, ${writers.length - ok.length} exited 5, ${waited} waited; final round ${s.round} (started at ${g.startRound})`;
  console.log(`[faults] ${summary}`);
  // Every success is in the log exactly once: its round is there once, and no other success reported it.
  for (const k of reported) {
    expect(
      reported.filter((r) => r === k),
      `${summary}: round ${k} was reported by two commands (a lost update)`,
    ).toHaveLength(1);
    expect(
      s.log.filter((e: { round: number; action: { type: string } }) => e.action.type === 'round' && e.round === k),
      `${summary}: round ${k} in the log`,
    ).toHaveLength(1);
  }
  expect(s.round, summary).toBe(g.startRound + ok.length);
  expect(s.log.length, summary).toBe(g.startLog + ok.length);
  expect(ok.length, `${summary}: at least two must succeed`).toBeGreaterThanOrEqual(2);
  expect(waited, `${summary}: at least one must have waited`).toBeGreaterThanOrEqual(1);
  return { ok: ok.length, waited };
}

async function until(test: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

beforeAll(() => assertBuilt());

describe.skipIf(!strace && !required)('the lock under slowed system calls (strace fault injection)', () => {
  it('strace is available', () => {
    expect(strace, 'strace is missing or cannot trace here; .ci/run installs it').toBe(true);
  });

  const WRITERS = 8;
  it(`a loaded machine: ${WRITERS} writers at once, every system call of each delayed by 2 ms`, async () => {
    const g = await game();
    const logs = Array.from({ length: WRITERS }, (_, i) => path.join(g.dir, `strace.${i}`));
    const writers = await Promise.all(
      logs.map((log) => writer(g.dir, ['-e', 'trace=all', '-e', 'inject=all:delay_enter=2000'], log)),
    );
    for (const l of logs) fs.rmSync(l, { force: true });
    checkPromise(g, writers, `${WRITERS} writers, every system call slowed`);
    const v = await runCli(['verify'], { cwd: g.dir });
    expect(v.code, v.stdout).toBe(0);
  });

  it('a writer that stalls for 2.5 s just after it creates the lock, while 6 others wait and commit slowly', async () => {
    const g = await game();
    // The staller sleeps 2.5 s just after the lock file appears: before its first write into the lock (a lock
    // created empty, then written) or just after the link that puts a complete lock in place.
    const stall = [
      '-P',
      g.lock,
      '-e',
      'trace=write,link,linkat',
      '-e',
      'inject=write:delay_enter=2500000:when=1',
      '-e',
      'inject=link,linkat:delay_exit=2500000:when=1',
    ];
    // The others hold the lock longer: each rename (the session's atomic replace) waits 0.8 s.
    const slow = [
      '-e',
      'trace=rename,renameat,renameat2,openat,link,linkat',
      '-e',
      'inject=rename,renameat,renameat2:delay_enter=800000',
    ];
    const staller = writer(g.dir, stall, null);
    await until(() => fs.existsSync(g.lock), 20_000);
    const t0 = Date.now();
    const first = Array.from({ length: 3 }, (_, i) => writer(g.dir, slow, path.join(g.dir, `strace.a${i}`)));
    await new Promise((r) => setTimeout(r, 1500 - (Date.now() - t0)));
    const second = Array.from({ length: 3 }, (_, i) => writer(g.dir, slow, path.join(g.dir, `strace.b${i}`)));
    const writers = await Promise.all([staller, ...first, ...second]);
    for (const n of fs.readdirSync(g.dir)) if (n.startsWith('strace.')) fs.rmSync(path.join(g.dir, n));
    checkPromise(g, writers, 'a stalled lock holder and 6 slow writers');
    expect(writers[0]!.code, `the staller held a complete lock: ${writers[0]!.stderr}`).toBe(0);
    const v = await runCli(['verify'], { cwd: g.dir });
    expect(v.code, v.stdout).toBe(0);
  });

  it("a dead process's lock found by 6 writers at once, every link, rename and unlink of each delayed 120 ms", async () => {
    const g = await game();
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    const host = (await import('node:os')).hostname();
    fs.writeFileSync(
      g.lock,
      JSON.stringify({ pid: Number(dead.stdout), host, token: 'dead-writer', time: Date.now() }),
    );
    const slow = [
      '-e',
      'trace=openat,link,linkat,rename,renameat,renameat2,unlink,unlinkat',
      '-e',
      'inject=link,linkat,rename,renameat,renameat2,unlink,unlinkat:delay_enter=120000',
    ];
    const writers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => writer(g.dir, slow, path.join(g.dir, `strace.${i}`))),
    );
    for (const n of fs.readdirSync(g.dir)) if (n.startsWith('strace.')) fs.rmSync(path.join(g.dir, n));
    checkPromise(g, writers, 'a stale lock taken over by 6 slowed writers');
    expect(fs.readdirSync(g.dir).sort()).toEqual([FILE]);
  });
});
