// Issue 9, section 5: `simulate` capped rounds but not work, so a 26x26 grid or a heavy custom table within the
// caps ran for minutes to hours. The first rounds now estimate the whole run: past the work limit
// (LIMITS.simulateNumbers random numbers) it is refused at once (exit 2, with the estimate and the games that fit);
// a long run is announced with its estimate; Ctrl-C stops it within a moment, printing the games finished as a
// partial result (exit 1), the same figures a run of just those games gives.
import { spawn, spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { simulate } from '../../src/api/simulate.js';
import { UsageError } from '../../src/errors.js';
import { BIN, runCli, tempDir } from '../helpers.js';
import { ashTable, assertBuilt, expectClean } from './fixtures.js';

let dir = '';
beforeAll(() => {
  dir = tempDir('badzone-simulate-');
  ashTable(dir);
});

function bounded(args: string[], timeout: number) {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, NO_COLOR: '1' },
  });
  return Object.assign(r, { code: r.status ?? -1 });
}

describe('a run past the work limit is refused at once (spawned, 30 s timeout each)', () => {
  beforeAll(() => assertBuilt());

  it.each([
    ['a 26x26 grid, a million games of 20 rounds', ['--grid', '26x26', '--games', '1000000', '--rounds', '20']],
    ['a heavy custom table on a 26x26 grid, the default 10,000 games', ['--grid', '26x26', '--table', 'ash.json']],
  ])('%s', (_, args) => {
    const t0 = Date.now();
    const r = bounded(['simulate', '--seed', '1', ...args], 30_000);
    const ms = Date.now() - t0;
    console.log(`[faults] simulate ${args.join(' ')}: exit ${r.code} in ${ms} ms`);
    expect(r.signal, 'killed by the timeout').toBeNull();
    expectClean({ code: r.code, stderr: r.stderr, stdout: r.stdout }, 'simulate');
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/limit: simulate work/);
    expect(r.stderr).toMatch(/about [\d,]+ random numbers/);
    const fit = Number(/--games ([\d,]+) or fewer/.exec(r.stderr)![1]!.replace(/,/g, ''));
    expect(fit).toBeGreaterThan(0);
    const asked = args.includes('--games') ? Number(args[args.indexOf('--games') + 1]) : 10_000;
    expect(fit).toBeLessThan(asked);
  });

  it('the library refuses it too', () => {
    expect(() => simulate({ grid: { rows: 26, cols: 26 }, games: 1_000_000, rounds: 20, seed: 1 })).toThrow(UsageError);
  });
});

describe('Ctrl-C', () => {
  beforeAll(() => assertBuilt());

  it('stops a long run within a moment, printing the games finished as a partial result (spawned)', async () => {
    // About 870 million random numbers: within the limit, a minute or more on any machine.
    const child = spawn(
      process.execPath,
      [BIN, 'simulate', '--grid', '26x26', '--games', '300000', '--rounds', '20', '--seed', '5', '--json'],
      {
        cwd: dir,
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    const announced = new Promise<void>((resolve) => {
      child.stderr.on('data', (b) => {
        stderr += b;
        if (/Ctrl-C stops it/.test(stderr)) resolve();
      });
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    try {
      await announced;
      expect(stderr).toMatch(/this run will draw about [\d,]+ random numbers, about [\d.]+ (s|min|h) here/);
      await new Promise((r) => setTimeout(r, 1000));
      const t0 = Date.now();
      child.kill('SIGINT');
      const { code, signal } = await exited;
      const ms = Date.now() - t0;
      console.log(`[faults] simulate: Ctrl-C answered in ${ms} ms`);
      expect(signal).toBeNull();
      expect(code, stderr).toBe(1);
      expect(ms).toBeLessThan(3000);
      const data = JSON.parse(stdout);
      expect(data.stopped.why).toBe('interrupted');
      expect(data.stopped.of).toBe(300_000);
      expect(data.stopped.after).toBe(data.games);
      expect(data.games).toBeGreaterThan(0);
      expect(data.games).toBeLessThan(300_000);
      // Exactly the figures of a run of just the games finished.
      const same = await runCli(
        ['simulate', '--grid', '26x26', '--games', String(data.games), '--rounds', '20', '--seed', '5', '--json'],
        { cwd: dir },
      );
      expect(same.code, same.stderr).toBe(0);
      const whole = JSON.parse(same.stdout);
      expect(whole.stopped).toBeNull();
      expect(data.events).toEqual(whole.events);
      expect(data.perRound).toEqual(whole.perRound);
    } finally {
      clearTimeout(killer);
      child.kill('SIGKILL');
    }
  }, 90_000);

  it('in the text view the partial result says so (in-process, a scripted Ctrl-C)', async () => {
    const r = await runCli(['simulate', '--grid', '26x26', '--games', '300000', '--rounds', '20', '--seed', '5'], {
      cwd: dir,
      onInterrupt: (handler) => {
        const t = setTimeout(handler, 800);
        return () => clearTimeout(t);
      },
    });
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toMatch(/^PARTIAL RESULT: stopped \(Ctrl-C\) after [\d,]+ of 300,000 games\./);
    expect(r.stdout).toMatch(/Simulated \d+ games of 20 rounds/);
  });

  it('before the first game finished: a message, no result (in-process)', async () => {
    const r = await runCli(
      ['simulate', '--grid', '26x26', '--table', 'ash.json', '--games', '3', '--rounds', '100', '--seed', '5'],
      {
        cwd: dir,
        onInterrupt: (handler) => {
          handler();
          return () => undefined;
        },
      },
    );
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/before the first game finished/);
  });
});
