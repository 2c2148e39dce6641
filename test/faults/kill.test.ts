// Killed mid-write: `badzone round` is SIGKILLed at moments spread over its whole run. After every trial the
// session holds exactly the state before that round or exactly the state after it, verifies, and the next
// command runs (a dead process's lock is taken over, its temp files are swept). Every kill armed is asserted to
// have killed the process: a kill timed after the process could have ended would prove nothing. The kills at
// each system call of the save itself (the temp file's write, fsync and rename) are in crash-safety.test.ts,
// placed exactly with strace.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { step } from '../../src/engine/step.js';
import { checkpointsFor, serialize, tryLoad } from '../../src/store/session.js';
import { tempName } from '../../src/store/files.js';
import { BIN, runCli, tempDir } from '../helpers.js';
import { FILE, NEW_ARGS, STACK_FRAME, assertBuilt, seeded } from './fixtures.js';

/** Kills timed from the spawn, spread over the first 80% of the fastest run seen here, so that each one lands. */
const FROM_SPAWN = 40;
/**
 * Kills at the moment the lock file appears (load, step, write, rename all follow it): the process is stopped
 * (SIGSTOP) as the lock appears, so it cannot finish, and killed while stopped after a delay.
 */
const FROM_LOCK = 12;
const TRIALS = FROM_SPAWN + FROM_LOCK;

type Trigger = { from: 'spawn' | 'lock'; after: number } | null;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  stderr: string;
  /** A kill was armed: its timer fired (spawn) or the process was stopped at its trigger (lock). */
  armed: boolean;
}

/** Spawn the built badzone; kill it with SIGKILL `after` ms after the trigger (if still running). */
function runAndKill(args: string[], cwd: string, trigger: Trigger): Promise<Exit> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | null = null;
    let armed = false;
    let closed = false;
    // From the spawn: the kill is armed when its timer fires while the process still runs.
    const killLater = () => (timer = setTimeout(() => (armed = !closed && child.kill('SIGKILL')), trigger!.after));
    // At the lock: stop the process where it is, then kill it (stopped, it cannot finish in between).
    const stopAndKill = () => {
      if (closed || child.exitCode !== null || !child.kill('SIGSTOP')) return;
      armed = true;
      timer = setTimeout(() => child.kill('SIGKILL'), trigger!.after);
    };
    // fs.watch (inotify) reports the lock as it is created, a fraction of a millisecond late.
    const watcher =
      trigger?.from === 'lock'
        ? fs.watch(cwd, (_event, name) => {
            if (timer || armed || name !== `${FILE}.lock`) return;
            stopAndKill();
          })
        : null;
    const t0 = process.hrtime.bigint();
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', BADZONE_NO_INPUT: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    if (trigger?.from === 'spawn') killLater();
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      closed = true;
      if (timer) clearTimeout(timer);
      watcher?.close();
      clearTimeout(guard);
      resolve({ code, signal, ms: Number(process.hrtime.bigint() - t0) / 1e6, stderr, armed });
    });
  });
}

describe('SIGKILL during `badzone round`', () => {
  beforeAll(() => assertBuilt());

  it(`leaves the state before or after the round, every time (${TRIALS} trials)`, async () => {
    const dir = tempDir('badzone-kill-');
    const file = path.join(dir, FILE);
    expect((await runCli([...NEW_ARGS, '--mode', 'deck'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['round'], { cwd: dir })).code).toBe(0);

    // How long one `round` takes here (spawn to exit), on a copy so the game itself is untouched.
    const probe = tempDir('badzone-kill-probe-');
    fs.copyFileSync(file, path.join(probe, FILE));
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await runAndKill(['round'], probe, null);
      expect(r.code, r.stderr).toBe(0);
      times.push(r.ms);
    }
    const duration = [...times].sort((a, b) => a - b)[1]!;
    const fastest = Math.min(...times);

    const rnd = seeded(64);
    const tally = { before: 0, after: 0, lockLeft: 0, emptyLockLeft: 0, tempsLeft: 0 };
    const triggers: NonNullable<Trigger>[] = [];
    let late = 0;
    // Evenly spaced over the first 80% of the fastest run, each with seeded jitter within its slot; then at the
    // lock's appearance, killed while stopped after 0-12 ms.
    for (let i = 0; i < FROM_SPAWN; i++)
      triggers.push({ from: 'spawn', after: ((i + rnd()) / FROM_SPAWN) * fastest * 0.8 });
    for (let i = 0; i < FROM_LOCK; i++) triggers.push({ from: 'lock', after: i + rnd() });
    for (let i = 0; i < TRIALS; i++) {
      const trig = triggers[i]!;
      const beforeText = fs.readFileSync(file, 'utf8');
      const loaded = tryLoad(file)!;
      const next = step(loaded.state, { type: 'round' }, loaded.book);
      if (!next.ok) throw new Error('the round should apply');
      const afterText = serialize(next.state, checkpointsFor(next.state, loaded));

      let r = await runAndKill(['round'], dir, trig);
      for (let retry = 1; r.signal === null && r.code === 0 && retry <= 5; retry++) {
        // The round finished before the kill could land (the test's event loop was late on a loaded machine):
        // it is the state after the round; put the game back and try again, sooner.
        expect(
          fs.readFileSync(file, 'utf8') === afterText,
          `trial ${i}: finished, but not with the state after the round`,
        ).toBe(true);
        fs.writeFileSync(file, beforeText);
        late++;
        r = await runAndKill(
          ['round'],
          dir,
          trig.from === 'spawn' ? { ...trig, after: trig.after / 2 ** retry } : trig,
        );
      }
      const now = fs.readFileSync(file, 'utf8');
      const label = `trial ${i}, kill ${trig.after.toFixed(1)} ms after the ${trig.from} (exit ${r.code}, ${r.signal ?? 'no signal'}, ran ${r.ms.toFixed(0)} ms)`;
      expect(r.stderr, label).not.toMatch(STACK_FRAME);
      // Every kill was armed while the process ran, and killed it.
      expect(r.armed, `${label}: the kill was never armed (the process ended first)`).toBe(true);
      expect(r.signal, `${label}: the armed kill did not kill the process`).toBe('SIGKILL');
      if (now === beforeText) tally.before++;
      else {
        expect(now === afterText, `${label}: the file is neither the state before nor the state after the round`).toBe(
          true,
        );
        tally.after++;
      }
      const s = JSON.parse(now);
      const b = JSON.parse(beforeText);
      expect(s.round === b.round || s.round === b.round + 1, label).toBe(true);
      expect(s.log.length - b.log.length, label).toBe(s.round - b.round);

      const v = await runCli(['verify'], { cwd: dir });
      expect(v.code, `${label}: verify: ${v.stdout}${v.stderr}`).toBe(0);

      const left = fs.readdirSync(dir).filter((n) => n !== FILE);
      if (left.includes(`${FILE}.lock`)) {
        tally.lockLeft++;
        if (fs.readFileSync(path.join(dir, `${FILE}.lock`), 'utf8') === '') tally.emptyLockLeft++;
      }
      if (left.some((n) => n.endsWith('.tmp'))) tally.tempsLeft++;
      for (const n of left)
        expect(
          n === `${FILE}.lock` ||
            /^\.badzone-session\.json\.(lock(\.takeover)*\.)?\d+~[A-Za-z0-9-]+~[0-9a-z]+\.tmp$/.test(n),
          `${label}: unexpected file ${n}`,
        ).toBe(true);

      // The next command is not tripped by what the killed one left: it takes over the lock and sweeps the temps.
      const next2 = await runCli(['round'], { cwd: dir });
      expect(next2.code, `${label}: the next round: ${next2.stderr}`).toBe(0);
      expect(fs.readdirSync(dir), `${label}: left behind after the next round`).toEqual([FILE]);
    }
    console.log(
      `[faults] kill: ${TRIALS} trials, one round takes ~${duration.toFixed(0)} ms here (runs ${times.map((t) => t.toFixed(0)).join(', ')}); ` +
        `${FROM_SPAWN} from the spawn (0-${(fastest * 0.8).toFixed(0)} ms), ${FROM_LOCK} at the lock (stopped, killed 0-${FROM_LOCK} ms later); ` +
        `outcomes ${JSON.stringify(tally)}; ${late} kill(s) came too late and were tried again`,
    );
    // Every kill at the lock, and the kills early in the run, left the old state.
    expect(tally.before).toBeGreaterThanOrEqual(FROM_LOCK);
    // The lock is created complete (linked into place): a kill never leaves an empty one.
    expect(tally.emptyLockLeft).toBe(0);
  }, 120_000);
});

describe('temp files left by a dead badzone', () => {
  it('do not trip a later badzone that got the same pid (pid reuse)', async () => {
    const dir = tempDir('badzone-pid-reuse-');
    expect((await runCli(NEW_ARGS, { cwd: dir })).code).toBe(0);
    // In-process, the next badzone has this worker's pid: leave temp files under every name it might pick.
    // Today's names (pid~host~unique) and 0.1.0's (pid.counter-unique, and pid.counter before that).
    for (let n = 0; n <= 700; n++) {
      fs.writeFileSync(tempName(path.join(dir, FILE), n.toString(36)), 'half a session');
      fs.writeFileSync(tempName(path.join(dir, `${FILE}.lock`), n.toString(36)), '{"pid":1}');
      fs.writeFileSync(path.join(dir, `.${FILE}.${process.pid}.${n}.tmp`), 'half a session');
      fs.writeFileSync(path.join(dir, `.${FILE}.${process.pid}.${n}-x${n}.tmp`), 'half a session');
    }
    for (const args of [['round'], ['end'], ['undo'], ['new', '--force', '--seed', '8']]) {
      const r = await runCli(args, { cwd: dir });
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    }
    // A command that writes under the lock sweeps them; none of them is left behind.
    expect((await runCli(['round'], { cwd: dir })).code).toBe(0);
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });
});
