// Closing the terminal while `badzone play` waits at a prompt (the terminal hangs up: SIGHUP, then end of input
// and EIO on the terminal): exit 1 quietly, every step already shown saved, the step being answered not made,
// never SIGABRT (Node failing to restore a terminal that is gone) and never a core file.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, ROOT, runCli, tempDir, readSession } from '../helpers.js';
import { drivePty, hasPty, terminalEnv, type Driven, type Step } from '../e2e/pty.js';
import { FILE, NEW_ARGS } from './fixtures.js';

const built = fs.existsSync(path.join(ROOT, 'dist', 'badzone.js'));
if (!hasPty) console.log('[faults] skipped the hang-up tests: python3 with the pty module is not available');

/** Drive `play` in a pseudo-terminal (a `close` step hangs the terminal up). */
const drive = (cwd: string, argv: string[], steps: Step[]): Driven => drivePty(cwd, argv, steps, 30);

/** `play` in a pseudo-terminal; once `waitFor` is shown, send SIGHUP alone (the terminal stays open). */
function hangUpSignal(cwd: string, waitFor: string): { exit: number | null; signal: number | null; output: string } {
  const py = `
import json, os, pty, select, signal, sys, time
node, bin_, cwd, wait_for = sys.argv[1:5]
env = json.loads(sys.stdin.read())
pid, fd = pty.fork()
if pid == 0:
    os.chdir(cwd)
    os.execve(node, [node, bin_, 'play'], env)
out = b''
deadline = time.monotonic() + 30
def pump(t):
    global out
    r, _, _ = select.select([fd], [], [], t)
    if r:
        try:
            out += os.read(fd, 65536)
        except OSError:
            return False
    return True
while wait_for.encode() not in out and time.monotonic() < deadline:
    if not pump(0.2):
        break
time.sleep(0.3)
os.kill(pid, signal.SIGHUP)
status = None
while time.monotonic() < deadline:
    done, st = os.waitpid(pid, os.WNOHANG)
    if done:
        status = st
        break
    pump(0.1)
if status is None:
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
print(json.dumps({"exit": os.WEXITSTATUS(status) if os.WIFEXITED(status) else None,
                  "signal": os.WTERMSIG(status) if os.WIFSIGNALED(status) else None,
                  "output": out.decode("utf-8", "replace")}))
`;
  const r = spawnSync('python3', ['-c', py, process.execPath, BIN, cwd, waitFor], {
    input: JSON.stringify(terminalEnv()),
    encoding: 'utf8',
    timeout: 45_000,
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

describe.skipIf(!hasPty || !built)('the terminal closes while `badzone play` waits', () => {
  it('at the menu after a round: exit 1, no signal, the round saved, nothing else in the folder', async () => {
    const dir = tempDir('badzone-hangup-');
    expect((await runCli(NEW_ARGS, { cwd: dir })).code).toBe(0);
    const d = drive(
      dir,
      [process.execPath, BIN, 'play'],
      [
        { expect: 'Ready to play\\. What next\\?', send: '\r' },
        { expect: 'Round 1\\. What next\\?', close: true },
      ],
    );
    expect(d.error).toBeNull();
    expect({ exit: d.exit, signal: d.signal }).toEqual({ exit: 1, signal: null });
    const s = readSession(path.join(dir, FILE));
    expect([s.round, s.phase]).toEqual([1, 'round']);
    expect((await runCli(['verify'], { cwd: dir })).code).toBe(0);
    expect(fs.readdirSync(dir)).toEqual([FILE]);
  });

  it('while own dice are being entered: exit 1, the step not made', async () => {
    const dir = tempDir('badzone-hangup-');
    expect((await runCli(NEW_ARGS, { cwd: dir })).code).toBe(0);
    const before = fs.readFileSync(path.join(dir, FILE), 'utf8');
    const d = drive(
      dir,
      [process.execPath, BIN, 'play', '--manual'],
      [
        { expect: 'Ready to play.*What next\\?', send: '\r' },
        { expect: 'enter your D64', close: true },
      ],
    );
    expect(d.error).toBeNull();
    expect({ exit: d.exit, signal: d.signal }).toEqual({ exit: 1, signal: null });
    expect(fs.readFileSync(path.join(dir, FILE), 'utf8')).toBe(before);
    expect(fs.readdirSync(dir)).toEqual([FILE]);
  });

  it('a hang-up signal alone (SIGHUP, the terminal still there): exit 1 quietly, no signal', async () => {
    const dir = tempDir('badzone-hangup-');
    expect((await runCli(NEW_ARGS, { cwd: dir })).code).toBe(0);
    const r = hangUpSignal(dir, 'What next');
    expect({ exit: r.exit, signal: r.signal }).toEqual({ exit: 1, signal: null });
    expect(r.output).not.toMatch(/Error|at .*:\d+:\d+/);
    expect(fs.readdirSync(dir)).toEqual([FILE]);
  });
});
