// The standalone executable (`npm run sea`, scripts/sea.mjs, docs/standalone.md), on Linux: built once for this
// file, copied alone into a temp folder (no node_modules, no data/, no Node on its PATH), and a game played with
// it end to end: new, round, end, status, `play` in a terminal (tmux) and `serve` answering a request.
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkJsonRun } from '../contract.js';
import { ROOT, runBin, tempDir } from '../helpers.js';
import { banner } from './served.js';
import { hasTmux, openScreen, until } from './tmux.js';

const linux = process.platform === 'linux';
let exe = '';

beforeAll(() => {
  if (!linux) return;
  const out = tempDir('badzone-sea-build-');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'sea.mjs'), '--out', out], {
    encoding: 'utf8',
    timeout: 280_000,
  });
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  // The game's folder holds the executable alone: nothing to find beside it, and nothing above it.
  const dir = tempDir('badzone-sea-game-');
  exe = path.join(dir, 'badzone');
  fs.copyFileSync(path.join(out, 'badzone'), exe);
  fs.chmodSync(exe, 0o755);
  fs.rmSync(out, { recursive: true, force: true });
}, 300_000);

/** Run the executable in its folder with an empty PATH: no node, no npx to fall back on. */
function run(...args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(exe, args, {
    cwd: path.dirname(exe),
    env: { PATH: '', HOME: path.dirname(exe), NO_COLOR: '1' },
    input: '',
    encoding: 'utf8',
    timeout: 30_000,
  });
  const res = { code: r.status ?? -1, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
  checkJsonRun(args, res.code, res.stdout, res.stderr);
  return res;
}
const json = (...args: string[]) => {
  const r = run(...args, '--json');
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

const procs: ReturnType<typeof spawn>[] = [];
afterAll(() => {
  for (const p of procs) if (p.exitCode === null) p.kill('SIGKILL');
});

describe.runIf(linux)('the standalone executable, alone in a folder', () => {
  it('is one file: nothing beside it, no node_modules or data/ above it', () => {
    const dir = path.dirname(exe);
    expect(fs.readdirSync(dir)).toEqual(['badzone']);
    for (let d = dir; d !== path.dirname(d); d = path.dirname(d)) {
      expect(fs.existsSync(path.join(d, 'node_modules')), d).toBe(false);
      expect(fs.existsSync(path.join(d, 'data')), d).toBe(false);
    }
  });

  it('new, round, end, status: the same game, rolls and views as the built bin/', () => {
    const setup = ['--seed', '7', '--gang', 'Goliaths: Krag, Brute', '--gang', 'Eschers: Vex'];
    const made = json('new', ...setup);
    expect(made.kind).toBe('new');
    const round = json('round');
    expect(round.round).toBe(1);
    const end = json('end');
    expect(end.kind).toBe('end');
    const status = json('status');
    expect([status.round, status.phase, status.seed]).toEqual([1, 'end', '7']);
    expect(run('status').stdout).toContain('Round 1: over (End Phase resolved)');
    // Its hints name the executable as it can be run here (with no Node, `npx badzone` would not run).
    const again = run('end'); // the End Phase is over: refused, with what to run instead
    expect(`${again.stdout}${again.stderr}`).toMatch(/`\.\/badzone round`/);

    // The same commands through node and the built bin/, in another folder: the same views, rolls included.
    const other = tempDir();
    const bin = (...args: string[]) => {
      const r = runBin([...args, '--json'], { cwd: other });
      expect(r.code, r.stderr).toBe(0);
      return JSON.parse(r.stdout.replaceAll(other, path.dirname(exe)));
    };
    expect(bin('new', ...setup)).toEqual(made);
    expect(bin('round')).toEqual(round);
    expect(bin('end')).toEqual(end);
    expect(bin('status')).toEqual(status);
  });

  it.skipIf(!hasTmux)('play in a terminal: the bundled prompts start round 2, and Quit saves it', () => {
    const screen = openScreen(path.dirname(exe), ['play'], 100, 40, { PATH: '/nonexistent' }, [exe]);
    try {
      screen.waitFor(/Round 1 is over\. What next\?/);
      screen.keys('Enter'); // Next round (round 2)
      // Seed 7's second round draws Dome Quake (D64 26), as the bin/ draws it.
      const shown = screen.waitFor(/Round 2\. What next\?/);
      expect(shown).toContain('Dome Quake  (D64 26)');
      screen.type('q');
      screen.keys('Enter');
      until(() => screen.exited(), 'play quits');
      expect(screen.exitCode()).toBe(0);
    } finally {
      screen.close();
    }
    const status = json('status');
    expect([status.round, status.phase]).toEqual([2, 'round']);
  });

  it('serve answers a request with the players’ page, and stops on Ctrl-C', async () => {
    const proc = spawn(exe, ['serve'], {
      cwd: path.dirname(exe),
      env: { PATH: '', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    procs.push(proc);
    const { url, err } = await banner(proc, 20_000);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Round 2');
    const code = await new Promise<number | null>((resolve) => {
      proc.once('exit', (c) => resolve(c));
      proc.kill('SIGINT');
    });
    expect(code, err()).toBe(0);
  });

  it("status of a game from before schema 7: its own bundle replays the log with the whole one's, from the assets", () => {
    // The same view as the built bin/ gives (and the test of bin/ compares that with the command in process).
    const dir = tempDir();
    const file = path.join(dir, 'old.json');
    fs.copyFileSync(path.join(ROOT, 'test', 'engine', 'fixtures', 'session-v5-dice.json'), file);
    const status = json('status', '--session', file);
    const r = runBin(['status', '--session', file, '--json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(status).toEqual(JSON.parse(r.stdout));
    // Its markers follow from its log only (schema 7 added them): they show the replay ran.
    expect(status.markers.length).toBeGreaterThan(0);
  });
});
