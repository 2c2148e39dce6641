// Killed mid-write: `badzone round` is SIGKILLed at moments spread over its whole run. After every trial the
// session holds exactly the state before that round or exactly the state after it, verifies, and the next
// command runs (a dead process's lock is taken over, its temp files are swept).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { step } from '../../src/engine/step.js';
import { serialize, tryLoad } from '../../src/store/session.js';
import { tempName } from '../../src/store/files.js';
import { BIN, runCli, tempDir } from '../helpers.js';
import { FILE, NEW_ARGS, STACK_FRAME, assertBuilt, seeded } from './fixtures.js';

/** Kills timed from the spawn, spread over the whole run. */
const FROM_SPAWN = 40;
/** Kills timed from the moment the lock file appears (load, step, write, rename all follow it). */
const FROM_LOCK = 12;
/** Kills timed from the moment the temp file appears (the write and the rename follow it). */
const FROM_TEMP = 8;
const TRIALS = FROM_SPAWN + FROM_LOCK + FROM_TEMP;

type Trigger = { from: 'spawn' | 'lock' | 'temp'; after: number } | null;

interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  ms: number;
  stderr: string;
}

/** Spawn the built badzone; kill it with SIGKILL `after` ms after the trigger (if still running). */
function runAndKill(args: string[], cwd: string, trigger: Trigger): Promise<Exit> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | null = null;
    const kill = () => (timer = setTimeout(() => child.kill('SIGKILL'), trigger!.after));
    // fs.watch (inotify) reports the lock and temp files as they are created, a fraction of a millisecond late.
    const watcher =
      trigger && trigger.from !== 'spawn'
        ? fs.watch(cwd, (_event, name) => {
            if (timer || !name) return;
            if (trigger.from === 'lock' ? name === `${FILE}.lock` : name.startsWith(`.${FILE}.`) && name.endsWith('.tmp')) kill();
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
    if (trigger?.from === 'spawn') kill();
    const guard = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (timer) clearTimeout(timer);
      watcher?.close();
      clearTimeout(guard);
      resolve({ code, signal, ms: Number(process.hrtime.bigint() - t0) / 1e6, stderr });
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

    const rnd = seeded(64);
    const tally = { before: 0, after: 0, finished: 0, lockLeft: 0, emptyLockLeft: 0, tempsLeft: 0 };
    const triggers: NonNullable<Trigger>[] = [];
    // Evenly spaced over the run (and a little past its usual end), each with seeded jitter within its slot;
    // then evenly over the few milliseconds after the lock is taken and after the temp file is opened.
    for (let i = 0; i < FROM_SPAWN; i++) triggers.push({ from: 'spawn', after: ((i + rnd()) / FROM_SPAWN) * duration * 1.3 });
    for (let i = 0; i < FROM_LOCK; i++) triggers.push({ from: 'lock', after: i + rnd() });
    for (let i = 0; i < FROM_TEMP; i++) triggers.push({ from: 'temp', after: (i + rnd()) / 2 });
    for (let i = 0; i < TRIALS; i++) {
      const trig = triggers[i]!;
      const beforeText = fs.readFileSync(file, 'utf8');
      const loaded = tryLoad(file)!;
      const next = step(loaded.state, { type: 'round' }, loaded.book);
      if (!next.ok) throw new Error('the round should apply');
      const afterText = serialize(next.state);

      const r = await runAndKill(['round'], dir, trig);
      const now = fs.readFileSync(file, 'utf8');
      const label = `trial ${i}, kill ${trig.after.toFixed(1)} ms after the ${trig.from} (exit ${r.code}, ${r.signal ?? 'no signal'}, ran ${r.ms.toFixed(0)} ms)`;
      expect(r.stderr, label).not.toMatch(STACK_FRAME);
      if (r.signal === null) {
        expect(r.code, `${label}: ${r.stderr}`).toBe(0);
        expect(now === afterText, `${label}: finished but the file is not the state after the round`).toBe(true);
        tally.finished++;
      } else if (now === beforeText) tally.before++;
      else {
        expect(now === afterText, `${label}: the file is neither the state before nor the state after the round`).toBe(true);
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
      for (const n of left) expect(n === `${FILE}.lock` || /^\.badzone-session\.json\.(lock(\.takeover)*\.)?\d+~[A-Za-z0-9-]+~[0-9a-z]+\.tmp$/.test(n), `${label}: unexpected file ${n}`).toBe(true);

      // The next command is not tripped by what the killed one left: it takes over the lock and sweeps the temps.
      const next2 = await runCli(['round'], { cwd: dir });
      expect(next2.code, `${label}: the next round: ${next2.stderr}`).toBe(0);
      expect(fs.readdirSync(dir), `${label}: left behind after the next round`).toEqual([FILE]);
    }
    console.log(
      `[faults] kill: ${TRIALS} trials, one round takes ~${duration.toFixed(0)} ms here (runs ${times.map((t) => t.toFixed(0)).join(', ')}); ` +
        `${FROM_SPAWN} from the spawn (0-${(duration * 1.3).toFixed(0)} ms), ${FROM_LOCK} from the lock (0-${FROM_LOCK} ms), ${FROM_TEMP} from the temp file (0-${FROM_TEMP / 2} ms); ` +
        `outcomes ${JSON.stringify(tally)}`,
    );
    // Kills landed throughout the run: some before the write (the old state kept).
    expect(tally.before).toBeGreaterThan(0);
    expect(tally.before + tally.after + tally.finished).toBe(TRIALS);
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
