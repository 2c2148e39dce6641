// Helpers for the fault and hostile-input suite (test/faults): sessions to break, a seeded sequence,
// and the checks every hostile input must pass (documented exit code, a message, no stack trace).
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'vitest';
import { ROOT, runCli, tempDir, type CliResult } from '../helpers.js';

export const FILE = 'badzone-session.json';

/** The built bin's bundle: tests that spawn badzone need it (`npm test` builds it first). */
export function assertBuilt(): void {
  if (!fs.existsSync(path.join(ROOT, 'dist', 'badzone.js')))
    throw new Error('dist/badzone.js is missing: run `node scripts/build.mjs` first');
}

/** A small deterministic generator (mulberry32), for jitter and random bytes that are the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Arguments of a game with rosters, lairs and structures, so that every part of the file is filled. */
export const NEW_ARGS = [
  'new',
  '--seed',
  '4242',
  '--gang',
  'Goliaths: Krag, Brute, Mauler',
  '--gang',
  'Eschers: Vex, Nyx',
  '--reserve',
  'Eschers: Lyra',
  '--lairs',
  '2',
  '--structures',
  '2',
  '--hazard',
  '4',
];

/** Make a few-round game in `dir` (in-process) and return the session file's text. */
export async function playedSession(
  dir: string,
  opts: { rounds?: number; mode?: 'dice' | 'deck'; extra?: string[] } = {},
): Promise<string> {
  const newArgs = [...NEW_ARGS, '--mode', opts.mode ?? 'dice', ...(opts.extra ?? [])];
  ok(await runCli(newArgs, { cwd: dir }), newArgs);
  for (let i = 0; i < (opts.rounds ?? 4); i++) {
    ok(await runCli(['round', '--json'], { cwd: dir }), ['round']);
    if (i % 2 === 1) ok(await runCli(['end', '--json'], { cwd: dir }), ['end']);
  }
  return fs.readFileSync(path.join(dir, FILE), 'utf8');
}

function ok(r: CliResult, args: string[]): void {
  if (r.code !== 0) throw new Error(`badzone ${args.join(' ')} failed (${r.code}): ${r.stderr}`);
}

/** A fresh temp dir holding `text` as its session file. */
export function dirWithSession(text: string | Buffer, prefix = 'badzone-faults-'): string {
  const dir = tempDir(prefix);
  fs.writeFileSync(path.join(dir, FILE), text);
  return dir;
}

/** Every file in `dir` with its bytes (to show a command changed nothing). */
export function snapshot(dir: string): Map<string, Buffer> {
  const m = new Map<string, Buffer>();
  for (const n of fs.readdirSync(dir).sort()) {
    const p = path.join(dir, n);
    if (fs.statSync(p).isFile()) m.set(n, fs.readFileSync(p));
  }
  return m;
}

export function sameSnapshot(a: Map<string, Buffer>, b: Map<string, Buffer>): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) {
    const w = b.get(k);
    if (!w || !v.equals(w)) return false;
  }
  return true;
}

/** A line of a stack trace ("    at run (file:///.../x.js:12:5)"), not a wrapped sentence that happens to go on with "at". */
export const STACK_FRAME = /^\s+at .*(:\d+:\d+\)?|\(native\)|<anonymous>\)?)$/m;

/** No stack trace, no "internal error", and a message when the exit code is not 0 (on stderr; `verify` reports on stdout). */
export function expectClean(r: { code: number; stderr: string; stdout?: string }, label: string): void {
  expect([0, 1, 2, 3, 4, 5, 6, 7], `${label}: exit code ${r.code}; stderr: ${r.stderr}`).toContain(r.code);
  expect(r.stderr, `${label}: stack trace`).not.toMatch(STACK_FRAME);
  expect(r.stderr, `${label}: internal error`).not.toMatch(/internal error/i);
  expect(r.stdout ?? '', `${label}: stack trace on stdout`).not.toMatch(STACK_FRAME);
  if (r.code !== 0)
    expect((r.stderr + (r.stdout ?? '')).trim().length, `${label}: no message for exit ${r.code}`).toBeGreaterThan(0);
}

/** Exit 4 with a message, no stack trace. */
export function expectInvalid(
  r: { code: number; stderr: string; stdout?: string },
  label: string,
  names?: string | RegExp,
): void {
  expectClean(r, label);
  expect(r.code, `${label}: expected exit 4, got ${r.code}; stderr: ${r.stderr}`).toBe(4);
  // The message is on stderr (`table lint` reports its finding on stdout).
  const msg = (r.stderr + (r.stdout ?? '')).replace(/\s+/g, ' ');
  if (names !== undefined) {
    if (typeof names === 'string') expect(msg, `${label}: message should name ${names}`).toContain(names);
    else expect(msg, `${label}: message should match ${names}`).toMatch(names);
  }
}

/** A JSON path in the validator's notation: setup.gangs[0].name, log[3].rolls[0].value. */
export function pathText(keys: (string | number)[]): string {
  let out = '';
  for (const k of keys) out += typeof k === 'number' ? `[${k}]` : out === '' ? k : `.${k}`;
  return out;
}

/** Every path in a JSON value (containers and leaves), root excluded. */
export function allPaths(v: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [];
  if (Array.isArray(v)) {
    v.forEach((x, i) => {
      out.push([...prefix, i]);
      out.push(...allPaths(x, [...prefix, i]));
    });
  } else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.push([...prefix, k]);
      out.push(...allPaths(x, [...prefix, k]));
    }
  }
  return out;
}

export function getAt(root: unknown, keys: (string | number)[]): unknown {
  let v: any = root;
  for (const k of keys) v = v[k];
  return v;
}

/** A deep copy of `root` with the value at `keys` replaced. */
export function setAt<T>(root: T, keys: (string | number)[], value: unknown): T {
  const copy = structuredClone(root) as any;
  let v = copy;
  for (const k of keys.slice(0, -1)) v = v[k];
  v[keys[keys.length - 1]!] = value;
  return copy;
}

/** A value of another JSON type than `v`, one no field accepts in place of `v`. */
export function otherType(v: unknown, numberAs: unknown = '7'): unknown {
  if (v === null) return true;
  if (Array.isArray(v)) return { not: 'an array' };
  switch (typeof v) {
    case 'string':
      return 1234567;
    case 'number':
      return numberAs;
    case 'boolean':
      return 'yes';
    default:
      return ['not', 'an', 'object'];
  }
}

/**
 * A heavy table `table lint` accepts: one persistent event scattering 20 clouds of 20D6" on every tile, every Event
 * Phase. Written to `d`/ash.json; returns its path.
 */
export function ashTable(d: string): string {
  const steps = Array.from({ length: 20 }, (_, i) => ({
    kind: 'scatterEachTile',
    distance: '20D6',
    what: `ash cloud ${i + 1}`,
  }));
  const t = {
    name: 'Ash Storm Table',
    die: 'D64',
    results: [
      {
        id: 'ash-storm',
        name: 'Ash Storm',
        range: [1, 64],
        count: 64,
        timing: 'persistent',
        discardOn: null,
        effect: 'Ash everywhere.',
        gm: 'Place the clouds.',
        resolve: { onDraw: [], eachEventPhase: steps, endPhase: [] },
      },
    ],
  };
  const f = path.join(d, 'ash.json');
  fs.writeFileSync(f, JSON.stringify(t, null, 1));
  return f;
}

/**
 * Whether strace can run here (installed and allowed to trace), and whether the run requires it: `.ci/run` installs
 * it and sets BADZONE_REQUIRE_STRACE=1, and then the tests that need it run (and fail without it). Otherwise a run
 * without it skips them and says so, naming `what` they test.
 */
export function straceHere(what: string): { strace: boolean; required: boolean } {
  const strace =
    spawnSync('strace', ['-qq', '-o', '/dev/null', process.execPath, '-e', '0'], { encoding: 'utf8' }).status === 0;
  const required = process.env.BADZONE_REQUIRE_STRACE === '1';
  if (!strace && !required)
    console.log(`[faults] skipped the strace ${what} tests: strace is not available (apt-get install strace)`);
  return { strace, required };
}

/** `unshare -m` and a tmpfs mount are allowed here (root in a container that may mount). */
export function canMount(): boolean {
  return (
    process.getuid?.() === 0 &&
    spawnSync('unshare', [
      '-m',
      'sh',
      '-c',
      'd=$(mktemp -d) && mount -t tmpfs -o size=64k tmpfs "$d" && umount "$d"; r=$?; rmdir "$d"; exit $r',
    ]).status === 0
  );
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Start `cmd` in `cwd` with no input and NO_COLOR, as a script would, collecting its output; killed after `killMs`. */
export function started(cmd: string, args: string[], cwd: string, killMs: number): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, NO_COLOR: '1', BADZONE_NO_INPUT: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const guard = setTimeout(() => child.kill('SIGKILL'), killMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(guard);
      resolve({ code, stdout, stderr });
    });
  });
}
