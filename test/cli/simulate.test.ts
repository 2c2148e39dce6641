// badzone simulate, in-process: the report, its determinism, the text view, the progress bar, argument errors.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../src/cli/commands/simulate.js';
import type { IO } from '../../src/cli/io.js';
import { progressLine } from '../../src/render/progress.js';
import { runCli, tempDir } from '../helpers.js';
import { tinyAnswers, tinyTable } from '../engine/simulate-tables.js';

function writeTiny(dir: string): string {
  const file = path.join(dir, 'tiny.json');
  fs.writeFileSync(file, JSON.stringify(tinyTable()));
  return file;
}

async function json(args: string[], cwd = tempDir()) {
  const r = await runCli(['simulate', ...args, '--json'], { cwd });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

describe('badzone simulate --json', () => {
  it('gives the documented shape, with the defaults of 10000 games of 6 rounds', async () => {
    const d = await json(['--seed', '42']);
    expect(d).toMatchObject({ games: 10000, rounds: 6, seed: '42', generator: 'mt19937', mode: 'dice' });
    expect(d.events).toHaveLength(33);
    expect(Object.keys(d.events[0])).toEqual(
      expect.arrayContaining(['eventId', 'appearedIn', 'meanRoundsInPlay', 'name']),
    );
    expect(d.perRound.map((r: { round: number }) => r.round)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(Object.keys(d.perRound[0].inPlay).sort()).toEqual(['max', 'mean', 'p50', 'p90']);
    expect(Object.keys(d.perRound[0].spawned)).toEqual(
      expect.arrayContaining(['rats', 'zombies', 'scum', 'genestealers']),
    );
    expect(typeof d.duplicatesPerGame).toBe('number');
    expect(d.reshufflesPerGame).toBe(0);
    // Round 1 starts with nothing in play: at most the one event drawn.
    expect(d.perRound[0].inPlay.max).toBe(1);
  });

  it('uses a fresh seed when none is given, and reports it', async () => {
    const r = await runCli(['simulate', '--games', '10', '--json'], { cwd: tempDir(), seeds: [-77] });
    expect(JSON.parse(r.stdout).seed).toBe('-77');
    const t = await runCli(['simulate', '--games', '10'], { cwd: tempDir(), seeds: [31337] });
    expect(t.stdout).toContain('seed 31337');
  });

  it('gives the same report for the same seed and arguments, and another for another seed', async () => {
    const args = ['--games', '500', '--rounds', '5', '--mode', 'deck'];
    const a = await json([...args, '--seed', '9']);
    const b = await json([...args, '--seed', '9']);
    const c = await json([...args, '--seed', '10']);
    expect(b).toEqual(a);
    expect(c.events).not.toEqual(a.events);
    expect(a.mode).toBe('deck');
  });

  it('plays a custom --table: figures within five standard errors of the closed form', async () => {
    const dir = tempDir();
    writeTiny(dir);
    const N = 20_000;
    const d = await json(['--table', 'tiny.json', '--games', String(N), '--rounds', '3', '--seed', '1'], dir);
    const a = tinyAnswers(3);
    const se = (p: number) => (5 * Math.sqrt(p * (1 - p))) / Math.sqrt(N);
    expect(d.table).toBe('Tiny test table');
    expect(Math.abs(d.events[0].appearedIn - a.blackoutAppears)).toBeLessThanOrEqual(se(a.blackoutAppears));
    expect(Math.abs(d.events[1].appearedIn - a.nestAppears)).toBeLessThanOrEqual(se(a.nestAppears));
    d.perRound.forEach((r: { inPlay: { mean: number }; visibilityReduced: number }, i: number) => {
      expect(Math.abs(r.inPlay.mean - a.b[i]!)).toBeLessThanOrEqual(se(a.b[i]!));
      expect(Math.abs(r.visibilityReduced - a.darkBy[i]!)).toBeLessThanOrEqual(se(a.darkBy[i]!));
    });
  });

  it('takes the setup flags of `new`', async () => {
    const d = await json([
      '--games',
      '50',
      '--seed',
      '4',
      '--grid',
      '3x3',
      '--spawn-points',
      '6',
      '--gang',
      'Goliaths: Krag, Brute',
      '--lairs',
      '2',
    ]);
    expect(d.setup).toEqual({ tiles: 9, spawnPoints: 6, gangs: 1, lairs: 2, structures: null });
  });
});

describe('badzone simulate, text view', () => {
  it('shows a row per event and a chart row per round, in 80 columns, with no colour codes', async () => {
    const r = await runCli(['simulate', '--games', '300', '--rounds', '4', '--seed', '5'], { cwd: tempDir() });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout.trimEnd().split('\n');
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(80);
    expect(r.stdout).not.toMatch(/\u001b\[/);
    expect(r.stdout).toContain('Simulated 300 games of 4 rounds');
    expect(lines.filter((l) => /^\d+(-\d+)?\s+\S/.test(l) && /%/.test(l))).toHaveLength(33);
    expect(lines.find((l) => l.startsWith('49-50 Pillar of Flame'))).toMatch(/Persistent\s+\d+\.\d%\s+#*\s+\d\.\d\d$/);
    expect(lines.find((l) => l.startsWith('1-3   Power Outage'))).toMatch(/Once\s+\d+\.\d%.*-$/);
    const rounds = lines.filter((l) => /^\s+[1-4] +\d\.\d\d +\d+ +\d+ +\d+ {2}/.test(l));
    expect(rounds).toHaveLength(4);
  });

  it('shows a Once-only table with a flat chart and no reshuffles in dice mode', async () => {
    const r = await runCli(['simulate', '--games', '20', '--rounds', '2', '--seed', '5'], { cwd: tempDir() });
    expect(r.stdout).not.toContain('Deck reshuffles');
    const d = await runCli(['simulate', '--games', '20', '--rounds', '2', '--seed', '5', '--mode', 'deck'], {
      cwd: tempDir(),
    });
    expect(d.stdout).toContain('Deck reshuffles: 0.00');
  });
});

describe('badzone simulate, progress bar', () => {
  function io(opts: { stderrIsTTY: boolean; msPerCall: number }): IO & { err: string[]; out: string[] } {
    let t = 0;
    const err: string[] = [];
    const out: string[] = [];
    return {
      argv0: 'badzone',
      cwd: tempDir(),
      env: { NO_COLOR: '1' },
      stdout: (s) => out.push(s),
      stderr: (s) => err.push(s),
      stdinIsTTY: false,
      stdoutIsTTY: false,
      stderrIsTTY: opts.stderrIsTTY,
      columns: 80,
      randomSeed: () => 1,
      // A clock that moves on at each reading, so the run "takes" as long as the test says.
      now: () => new Date((t += opts.msPerCall)),
      prompter: async () => {
        throw new Error('no prompts');
      },
      err,
      out,
    };
  }

  it('draws a bar on a terminal when the run takes more than a second, then clears it', async () => {
    const x = io({ stderrIsTTY: true, msPerCall: 100 });
    await run({ games: '2000', seed: '1' }, x);
    const text = x.err.join('');
    expect(text).toContain('\rSimulating [');
    expect(text).toContain('100%  2000 of 2000 games');
    expect(text.endsWith('\r')).toBe(true);
    for (const s of x.err) expect(s.length).toBeLessThanOrEqual(81);
  });

  it('draws nothing for a quick run, with --json, or when stderr is not a terminal', async () => {
    const quick = io({ stderrIsTTY: true, msPerCall: 0 });
    await run({ games: '2000', seed: '1' }, quick);
    expect(quick.err).toEqual([]);
    const asJson = io({ stderrIsTTY: true, msPerCall: 100 });
    await run({ games: '2000', seed: '1', json: true }, asJson);
    expect(asJson.err).toEqual([]);
    const piped = io({ stderrIsTTY: false, msPerCall: 100 });
    await run({ games: '2000', seed: '1' }, piped);
    expect(piped.err).toEqual([]);
  });

  it('formats the bar line', () => {
    // 60 columns: 13 for "Simulating []", 21 for "   0%   0 of 10 games", 26 for the bar.
    expect(progressLine(0, 10, 60)).toBe(`Simulating [${'-'.repeat(26)}]   0%   0 of 10 games`);
    expect(progressLine(5, 10, 60)).toBe(`Simulating [${'#'.repeat(13)}${'-'.repeat(13)}]  50%   5 of 10 games`);
    expect(progressLine(10, 10, 60)).toBe(`Simulating [${'#'.repeat(26)}] 100%  10 of 10 games`);
  });
});

describe('badzone simulate, argument errors (exit 2)', () => {
  const cases: [string[], RegExp][] = [
    [['--games', '0'], /--games must be from 1 to 1000000, not 0/],
    [['--games', '-5'], /--games must be from 1 to 1000000, not -5/],
    [['--games', 'many'], /--games takes a whole number, not "many"/],
    [['--games', '2.5'], /--games takes a whole number/],
    [['--games', '1000001'], /--games must be from 1 to 1000000/],
    [['--rounds', '0'], /--rounds must be from 1 to 100, not 0/],
    [['--rounds', '101'], /--rounds must be from 1 to 100, not 101/],
    [['--games', '1000000', '--rounds', '100'], /at most 20000000 are simulated/],
    [['--seed', 'x-y'], /--seed is a whole number from -2147483648 to 2147483647, or 1 to 64 letters/],
    [['--mode', 'cards'], /Allowed choices are dice, deck/],
    [['--spawn-points', '0'], /--spawn-points must be from 1 to 100/],
  ];
  for (const [args, message] of cases) {
    it(`simulate ${args.join(' ')}`, async () => {
      const r = await runCli(['simulate', ...args], { cwd: tempDir() });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    });
  }

  it('refuses a table file that is missing or invalid with exit 4', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'bad.json'), JSON.stringify({ name: 'x', results: [] }));
    expect((await runCli(['simulate', '--table', 'missing.json'], { cwd: dir })).code).toBe(4);
    const bad = await runCli(['simulate', '--table', 'bad.json'], { cwd: dir });
    expect(bad.code).toBe(4);
    expect(bad.stderr).toMatch(/bad\.json/);
  });
});
