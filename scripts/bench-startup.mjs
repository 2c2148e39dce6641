// Start-up under `npm run bench` (scripts/bench.mjs calls benchStartup), or alone (`node scripts/bench-startup.mjs`,
// after `npm run build`): `badzone status` through the plain bin/ entry and through the standalone executable
// (built here with scripts/sea.mjs, docs/standalone.md), each against `node -e 0`, in one alternating loop
// (node, bin/, executable, node, ...) so that a drift of the machine's speed moves all three alike.
//
// Wall time: the median of the runs, and the ratio of medians (the targets). CPU time (user + system) beside it:
// the mean per run, from this process's reaped-children times in /proc/self/stat (Linux; 10 ms ticks, so a mean
// over many runs), because start-up ratios move by 0.2x from run to run here and CPU time moves less.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** CPU milliseconds (user + system) of this process's finished children so far, or null off Linux. */
function childCpuMs() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of proc(5), cutime and cstime, in clock ticks (100 a second on Linux).
    return ((Number(f[13]) + Number(f[14])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Build the executable into `dir`; its path. */
export function buildExecutable(dir) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'sea.mjs'), '--out', dir], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run sea failed (exit ${r.status}): ${r.stderr}${r.stdout}`);
  return path.join(dir, process.platform === 'win32' ? 'badzone.exe' : 'badzone');
}

/**
 * The start-up rows: [measure, figure, target, pass]. `session` is a one-round game; `exe` the executable (built
 * into `work` when not given).
 */
export function benchStartup({ BIN, work, env: given, session, runs, exe = buildExecutable(path.join(work, 'sea')) }) {
  // Without NODE_EXTRA_CA_CERTS and NODE_OPTIONS: this project's machines set the first, which makes every Node
  // start read a CA bundle (about 35 ms: node -e 0 takes 60-75 ms instead of 25), a cost of the machine that would
  // hide badzone's own; a games master's computer has neither.
  const env = { ...given };
  delete env.NODE_EXTRA_CA_CERTS;
  delete env.NODE_OPTIONS;
  const commands = {
    node: [process.execPath, '-e', '0'],
    bin: [process.execPath, BIN, 'status', '--session', session],
    exe: [exe, 'status', '--session', session],
  };
  const wall = { node: [], bin: [], exe: [] };
  const cpu = { node: 0, bin: 0, exe: 0 };
  const once = (k) => {
    const c0 = childCpuMs();
    const t0 = process.hrtime.bigint();
    const r = spawnSync(commands[k][0], commands[k].slice(1), { cwd: work, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (r.status !== 0) throw new Error(`${commands[k].join(' ')} failed (exit ${r.status ?? r.signal}): ${r.stderr}`);
    if (c0 !== null) cpu[k] += childCpuMs() - c0;
    return ms;
  };
  for (let i = 0; i < 3; i++) for (const k of Object.keys(commands)) once(k); // warm the file cache
  for (const k of Object.keys(cpu)) cpu[k] = 0;
  for (let i = 0; i < runs; i++) for (const k of Object.keys(commands)) wall[k].push(once(k));
  const m = Object.fromEntries(Object.entries(wall).map(([k, v]) => [k, median(v)]));
  const haveCpu = childCpuMs() !== null;
  const c = (k) => (haveCpu ? `; CPU ${(cpu[k] / runs).toFixed(1)} ms` : '');
  const cx = (k) => (haveCpu ? ` (CPU ${(cpu[k] / cpu.node).toFixed(2)}x)` : '');
  const x = (r) => `${r.toFixed(3)}x`;
  return [
    ['node -e 0, without NODE_EXTRA_CA_CERTS', `${m.node.toFixed(1)} ms${c('node')}`, '', undefined],
    [
      'badzone status (bin/), small session',
      `${m.bin.toFixed(1)} ms = ${x(m.bin / m.node)}${cx('bin')}`,
      '<= 1.20x',
      m.bin / m.node <= 1.2,
    ],
    [
      'badzone status (standalone executable)',
      `${m.exe.toFixed(1)} ms = ${x(m.exe / m.node)}${cx('exe')}`,
      '<= 1.10x',
      m.exe / m.node <= 1.1,
    ],
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'badzone-bench-startup-'));
  try {
    const env = { PATH: process.env.PATH ?? '', HOME: work, NO_COLOR: '1', BADZONE_NO_INPUT: '1' };
    const BIN = path.join(ROOT, 'bin', 'badzone.js');
    const session = path.join(work, 'small.json');
    for (const args of [['new', '--seed', '1'], ['round']]) {
      const r = spawnSync(process.execPath, [BIN, ...args, '--session', session], { cwd: work, env });
      if (r.status !== 0) throw new Error(`badzone ${args.join(' ')} failed: ${r.stderr}`);
    }
    const runs = Math.max(3, Math.min(200, Number(process.env.BENCH_RUNS ?? 30) || 30));
    for (const [measure, figure, target, pass] of benchStartup({ BIN, work, env, session, runs }))
      console.log([measure, figure, target, pass === undefined ? '' : pass ? 'PASS' : 'MISS'].join('  |  '));
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
