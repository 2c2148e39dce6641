// Shared test helpers: run the CLI in-process (commands layer) or spawn the built bin/ (end-to-end).
import { spawnSync, spawn, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { main } from '../src/cli/main.js';
import type { IO } from '../src/cli/io.js';
import type { Prompter } from '../src/cli/prompts.js';
import { checkJsonRun } from './contract.js';
import { checkpointOf, type Checkpoint } from '../src/engine/checkpoint.js';
import { createGame, defaultSetup, step, type Action, type SessionState } from '../src/engine/index.js';
import { LIMITS } from '../src/rules/limits.js';
import { serialize } from '../src/store/session.js';
import { shippedBook } from '../src/store/tables.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(ROOT, 'bin', 'badzone.js');

/**
 * Set by vitest.mutation.config.ts. Under `npm run mutation` every mutant re-runs each test that reaches it, so the
 * exhaustive suites (every byte offset, every field, hundreds of generated games) try every `MUTATION_STRIDE`-th
 * case, and tests that spawn the built bin/ (which runs dist/, never the mutated src/) are skipped.
 */
export const MUTATION_RUN = process.env.BADZONE_MUTATION === '1';
export const MUTATION_STRIDE = MUTATION_RUN ? 10 : 1;

/** Every `MUTATION_STRIDE`-th item (all of them in `npm test`). */
export function strided<T>(items: readonly T[]): T[] {
  return items.filter((_, i) => i % MUTATION_STRIDE === 0);
}

/** Folders made by tempDir in this test file; test/setup.ts removes them after the file's tests. */
const made: string[] = [];

/**
 * A fresh temporary folder, removed after this test file. os.tmpdir() is the run's own temp root (set by
 * test/global-setup.ts), which the run checks is empty at the end.
 */
export function tempDir(prefix = 'badzone-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Remove every folder tempDir made (also ones a test made read-only), and everything in them. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) removeTree(dir);
}

export function removeTree(p: string): void {
  try {
    fs.rmSync(p, { recursive: true, force: true });
  } catch {
    // Not root, and a test left a folder read-only: make every folder writable again, then remove.
    const open = (q: string): void => {
      let st: fs.Stats;
      try {
        st = fs.lstatSync(q);
      } catch {
        return;
      }
      if (!st.isDirectory()) return;
      fs.chmodSync(q, 0o700);
      for (const n of fs.readdirSync(q)) open(path.join(q, n));
    };
    open(p);
    fs.rmSync(p, { recursive: true, force: true });
  }
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  stdinIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  columns?: number;
  /** Seeds handed out when a command needs a fresh one. */
  seeds?: (number | string)[];
  prompter?: Prompter;
  now?: Date;
  /** How a long-running command (`serve`) is asked to stop; default: at once, when it is ready. */
  onStop?: IO['onStop'];
  openBrowser?: IO['openBrowser'];
  /** How the person runs badzone ("badzone", or "npx badzone" when it is not on their PATH). */
  argv0?: string;
  /** Stands in for Ctrl-C: called with the command's handler when it starts listening; returns the stop function. */
  onInterrupt?: (handler: () => void) => () => void;
}

/** Run badzone in this process, as main.ts would, with captured output. */
export async function runCli(args: string[], opts: RunOptions = {}): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const seeds = [...(opts.seeds ?? [])];
  const io: IO = {
    argv0: opts.argv0 ?? 'badzone',
    cwd: opts.cwd ?? process.cwd(),
    env: { NO_COLOR: '1', ...opts.env } as NodeJS.ProcessEnv,
    stdout: (s) => {
      stdout += s;
    },
    stderr: (s) => {
      stderr += s;
    },
    stdinIsTTY: opts.stdinIsTTY ?? false,
    stdoutIsTTY: opts.stdoutIsTTY ?? false,
    stderrIsTTY: opts.stderrIsTTY ?? false,
    columns: opts.columns,
    randomSeed: () => seeds.shift() ?? 12345,
    now: () => opts.now ?? new Date('2026-11-30T12:00:00Z'),
    prompter: async () => {
      if (!opts.prompter) throw new Error('test asked for a prompt but gave no prompter');
      return opts.prompter;
    },
    onStop:
      opts.onStop ??
      ((stop) => {
        setImmediate(stop);
        return () => {};
      }),
    ...(opts.openBrowser ? { openBrowser: opts.openBrowser } : {}),
    ...(opts.onInterrupt ? { onInterrupt: opts.onInterrupt } : {}),
  };
  const code = await main(args, io);
  checkJsonRun(args, code, stdout, stderr);
  return { code, stdout, stderr };
}

/**
 * Run badzone in this process for a test's setup or a command that must succeed: exit 0, or the test fails showing
 * its stderr. `where` is the folder it runs in, or runCli's options. Returns what it printed on stdout.
 */
export async function cli(where: string | RunOptions, ...args: string[]): Promise<string> {
  const r = await runCli(args, typeof where === 'string' ? { cwd: where } : where);
  expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** `cli` with `--json` added: the view it printed, parsed. */
export async function cliJson(where: string | RunOptions, ...args: string[]): Promise<any> {
  return JSON.parse(await cli(where, ...args, '--json'));
}

/** Spawn the built bin/badzone.js (run `npm run build` first; `npm test` does). */
export function runBin(
  args: string[],
  opts: { cwd: string; env?: Record<string, string | undefined>; input?: string; timeout?: number },
): SpawnSyncReturns<string> & { code: number } {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NO_COLOR: '1',
    FORCE_COLOR: undefined,
    CI: undefined,
    ...opts.env,
  };
  for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd,
    env: env as NodeJS.ProcessEnv,
    input: opts.input ?? '',
    encoding: 'utf8',
    timeout: opts.timeout ?? 30_000,
  });
  const code = r.status ?? -1;
  checkJsonRun(args, code, r.stdout ?? '', r.stderr ?? '');
  return Object.assign(r, { code });
}

export { spawn };

/**
 * A `runBin` for one test file that remembers every stderr; call the returned `checkNoTraces` in `afterEach`:
 * no command may ever print a stack trace.
 */
export function binWithTraceCheck(): {
  bin: (args: string[], cwd: string, env?: Record<string, string | undefined>) => ReturnType<typeof runBin>;
  checkNoTraces: (expectNoTrace: (stderr: string) => void) => void;
} {
  const stderrs: string[] = [];
  return {
    bin(args, cwd, env) {
      const r = runBin(args, { cwd, ...(env ? { env } : {}) });
      stderrs.push(r.stderr ?? '');
      if (r.error) throw r.error;
      return r;
    },
    checkNoTraces(expectNoTrace) {
      for (const e of stderrs.splice(0)) expectNoTrace(e);
    },
  };
}

/**
 * Names a command refuses today (control characters), put into a session file the way badzone 0.1.0 stored them:
 * the game is made with plain placeholder names, then every occurrence of each placeholder in the file is replaced
 * (setup, rosters, log and rolls' purposes alike, so the game still verifies). Placeholders must be distinct words.
 */
export function plantNames(file: string, names: Record<string, string>): void {
  let text = fs.readFileSync(file, 'utf8');
  for (const [placeholder, name] of Object.entries(names))
    text = text.split(placeholder).join(JSON.stringify(name).slice(1, -1));
  fs.writeFileSync(file, text);
}

/**
 * A session file's JSON as a test reads or hand-edits it: each log entry an object with its rolls (the form a
 * report's session has, and a hand-written file may take), and no `purposes`, `pathMarks`, `checkpoints`,
 * `logBytes` or `hash` (an edited file has no hash that matches: it uses none of them). badzone writes the log packed (docs/json.md, "The session file"): this reads
 * that form as the docs describe it, so it checks them too. Written back with JSON.stringify, it opens as any
 * hand-edited file does.
 */
export function readSession(file: string): any {
  return expandSession(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/** See readSession: a parsed session file (or a report's `session`) with its log as objects. */
export function expandSession(s: any): any {
  if (typeof s !== 'object' || s === null || Array.isArray(s)) return s;
  if (Array.isArray(s.log) && Array.isArray(s.purposes)) {
    const purposes: string[] = s.purposes;
    s.log = s.log.map((e: unknown, seq: number) => {
      if (typeof e !== 'string') return e;
      const [round, rolls, ...rest] = e.split(' ');
      const action = rest.join(' ');
      return {
        seq,
        round: Number(round),
        action: action.startsWith('{') ? JSON.parse(action) : { type: action },
        rolls:
          rolls === '-'
            ? []
            : rolls!.split(',').map((r) => {
                const [die, value, p, flags = 0] = r.split('.').map(Number) as number[];
                return {
                  die,
                  value,
                  for: purposes[p!],
                  ...(flags & 4 ? { d66: true } : {}),
                  ...(flags & 2 ? { card: true } : {}),
                  ...(flags & 1 ? { entered: true } : {}),
                };
              }),
      };
    });
    delete s.purposes;
  }
  delete s.checkpoints;
  delete s.pathMarks;
  delete s.logBytes;
  delete s.hash;
  return s;
}

/**
 * The session file badzone writes for a game of `actions` played from the default setup with `seed`, undo
 * checkpoints and all, made by the engine itself (fast: a long game without a command per step).
 */
export function playedText(actions: Iterable<Action>, seed: number | string = 20261130): string {
  const book = shippedBook();
  let s: SessionState = createGame(defaultSetup(seed), book);
  const checkpoints: Checkpoint[] = [];
  for (const a of actions) {
    const r = step(s, a, book);
    if (!r.ok) throw new Error(`${a.type} was refused while building the game`);
    checkpoints.push(checkpointOf(r.state, s));
    s = r.state;
  }
  return serialize(s, checkpoints.slice(-LIMITS.checkpoints));
}

/** A folder holding a game of `rounds` rounds as `badzone round` writes it (see playedText). */
export function longGame(rounds: number, seed: number | string = 20261130): string {
  const dir = tempDir('badzone-long-');
  fs.writeFileSync(
    path.join(dir, 'badzone-session.json'),
    playedText(
      Array.from({ length: rounds }, () => ({ type: 'round' }) as const),
      seed,
    ),
  );
  return dir;
}
