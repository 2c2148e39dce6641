// A real pseudo-terminal for tests of `badzone play`: test/e2e/pty_driver.py (python's pty module) runs a program
// in a 100x40 terminal and types each step's keys once its text is shown, or hangs the terminal up (`close`).
// Used by test/e2e/play.test.ts and test/faults/hangup.test.ts; tests skip, saying so, without python3.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { expect } from 'vitest';
import { ROOT, tempDir } from '../helpers.js';

const DRIVER = path.join(ROOT, 'test', 'e2e', 'pty_driver.py');

/** python3 with the modules the driver needs is here. */
export const hasPty = spawnSync('python3', ['-c', 'import pty, termios, fcntl'], { encoding: 'utf8' }).status === 0;

export interface Step {
  /** A regular expression the output since the last step must match. */
  expect: string;
  /** Keys to type then ("\r" is Enter). */
  send?: string;
  /** Close the terminal then (the program sees it hang up). */
  close?: boolean;
}

export interface Driven {
  ok: boolean;
  exit: number | null;
  signal: number | null;
  failed_step: number | null;
  error: string | null;
  output: string;
}

/** Our environment as a person's terminal has it: no CI, colour forcing or badzone's own switches; a TERM. */
export function terminalEnv(): Record<string, string> {
  const e: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !['CI', 'FORCE_COLOR', 'BADZONE_NO_INPUT', 'BADZONE_SESSION'].includes(k)) e[k] = v;
  return Object.assign(e, { TERM: 'xterm-256color', NO_COLOR: '1' });
}

/** Run `argv` in `cwd` in a pseudo-terminal through `steps`, all within `timeout` seconds; what happened. */
export function drivePty(cwd: string, argv: string[], steps: Step[], timeout: number): Driven {
  const script = path.join(tempDir('badzone-pty-'), 'script.json');
  fs.writeFileSync(script, JSON.stringify({ argv, cwd, env: terminalEnv(), cols: 100, rows: 40, timeout, steps }));
  const r = spawnSync('python3', [DRIVER, script], { encoding: 'utf8', timeout: (timeout + 15) * 1000 });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as Driven;
}
