// Issue 9, section 5: `badzone roll 100D1000 --times 1000000` held every result in memory (2.3 GB) and with
// --json died with "Invalid string length". The text view now keeps only what it shows (spawned with a small heap);
// --json lists the rolls up to a documented cap (LIMITS.rollJsonDice dice) and past it refuses with exit 2,
// naming the cap and --summary, which gives the distribution of the totals instead.
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/rules/limits.js';
import { BIN, runCli, tempDir } from '../helpers.js';
import { assertBuilt, expectClean } from './fixtures.js';

let dir = '';
beforeAll(() => {
  dir = tempDir('badzone-roll-');
});

/** The built badzone with a bounded heap and a timeout. */
function bounded(args: string[], heapMb: number, timeout: number) {
  const r = spawnSync(process.execPath, [`--max-old-space-size=${heapMb}`, BIN, ...args], {
    cwd: dir,
    encoding: 'utf8',
    timeout,
    env: { ...process.env, NO_COLOR: '1' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return Object.assign(r, { code: r.status ?? -1 });
}

describe('roll 100D1000 --times 1000000 (spawned: 64 MB of heap, 120 s)', () => {
  beforeAll(() => assertBuilt());

  it('text: streams through 100 million dice in bounded memory', () => {
    const t0 = Date.now();
    const r = bounded(['roll', '100D1000', '--times', '1000000', '--seed', '7'], 64, 120_000);
    console.log(
      `[faults] roll 100D1000 --times 1000000 (text, heap limit 64 MB): exit ${r.code} in ${Date.now() - t0} ms`,
    );
    expect(r.signal, 'killed (by the timeout, or out of memory)').toBeNull();
    expectClean({ code: r.code, stderr: r.stderr, stdout: r.stdout }, 'roll text');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/100D1000 x1000000 \(seed 7\)/);
    expect(r.stdout).toMatch(/999,800 more/);
    // The mean of 100D1000 is 50,050; over a million rolls within a few units.
    const mean = Number(/mean ([\d.]+)/.exec(r.stdout)![1]);
    expect(Math.abs(mean - 50_050)).toBeLessThan(30);
  });

  it('--json: refused with exit 2, naming the cap and --summary; --summary --json gives the distribution', () => {
    const r = bounded(['roll', '100D1000', '--times', '1000000', '--json'], 64, 30_000);
    expectClean({ code: r.code, stderr: r.stderr, stdout: r.stdout }, 'roll --json');
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('1,000,000 dice');
    expect(r.stderr).toContain('--summary');
    expect(r.stderr).toMatch(/limit/);

    // A tenth of the rolls (the text test above already makes the whole million): the same memory, less time.
    const s = bounded(['roll', '100D1000', '--times', '100000', '--seed', '7', '--summary', '--json'], 64, 60_000);
    expect(s.code, s.stderr).toBe(0);
    const data = JSON.parse(s.stdout);
    expect(data.results).toEqual([]);
    expect(data.times).toBe(100_000);
    const dist: { total: number; count: number }[] = data.distribution;
    expect(dist.reduce((n, x) => n + x.count, 0)).toBe(100_000);
    expect(dist.map((x) => x.total)).toEqual([...dist.map((x) => x.total)].sort((a, b) => a - b));
    expect(dist[0]!.total).toBe(data.totals.min);
    expect(dist[dist.length - 1]!.total).toBe(data.totals.max);
  });
});

describe('the --json cap, in-process', () => {
  it(`lists up to ${LIMITS.rollJsonDice} dice and refuses one roll more`, async () => {
    const at = await runCli(['roll', '100D6', '--times', String(LIMITS.rollJsonDice / 100), '--seed', '1', '--json'], {
      cwd: dir,
    });
    expect(at.code, at.stderr).toBe(0);
    const data = JSON.parse(at.stdout);
    expect(data.results).toHaveLength(LIMITS.rollJsonDice / 100);
    expect(data.results[0].dice).toHaveLength(100);
    const over = await runCli(['roll', '100D6', '--times', String(LIMITS.rollJsonDice / 100 + 1), '--json'], {
      cwd: dir,
    });
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('--summary');
  });

  it('the same seed gives the same rolls listed, summarised and shown', async () => {
    const list = JSON.parse(
      (await runCli(['roll', '2D6', '--times', '5000', '--seed', '3', '--json'], { cwd: dir })).stdout,
    );
    const sum = JSON.parse(
      (await runCli(['roll', '2D6', '--times', '5000', '--seed', '3', '--json', '--summary'], { cwd: dir })).stdout,
    );
    const counts = new Map<number, number>();
    for (const r of list.results) counts.set(r.total, (counts.get(r.total) ?? 0) + 1);
    expect(sum.distribution).toEqual(
      [...counts].sort((a, b) => a[0] - b[0]).map(([total, count]) => ({ total, count })),
    );
    expect(sum.totals).toEqual(list.totals);
    const text = await runCli(['roll', '2D6', '--times', '5000', '--seed', '3', '--summary'], { cwd: dir });
    expect(text.code).toBe(0);
    for (const { total, count } of sum.distribution)
      expect(text.stdout).toMatch(new RegExp(`^\\s+${total}\\s.*\\(${count.toLocaleString('en-US')}\\)$`, 'm'));
  });
});
