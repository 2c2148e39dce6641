// Everything a command may touch of the outside world, passed in so tests can run commands in-process.
import type { Prompter } from './prompts.js';
import type { Seed } from '../api/types.js';

export interface IO {
  argv0: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input is a terminal (prompts allowed). */
  stdinIsTTY: boolean;
  /** Standard output is a terminal (colour and width). */
  stdoutIsTTY: boolean;
  /** Standard error is a terminal (progress bars). */
  stderrIsTTY: boolean;
  columns: number | undefined;
  /** Rows of the terminal standard output is (`badzone play` pages long texts to them). Absent: not a terminal. */
  rows?: number | undefined;
  /** A fresh seed: 128 bits from the operating system in base32, for ChaCha20 (tests give numbers: the Twister). */
  randomSeed: () => Seed;
  /** A timestamp for backup file names. */
  now: () => Date;
  /** Prompts; the real one is imported lazily from @inquirer/prompts. */
  prompter: () => Promise<Prompter>;
  /**
   * Call `stop` when the user asks a command that runs until stopped (`badzone serve`) to stop: Ctrl-C, SIGTERM,
   * a closed terminal. Returns a function that removes the handler. Absent: nothing asks it to stop. (Unlike
   * `onInterrupt`, which cuts short a command that would end by itself: in-process tests stop `serve` at once.)
   */
  onStop?: (stop: () => void) => () => void;
  /** Open a URL in the user's browser (`badzone serve --open`); rejects when no browser could be started. Absent: none. */
  openBrowser?: (url: string) => Promise<void>;
  /**
   * Call `handler` on the first Ctrl-C (SIGINT) instead of dying; returns a function that stops listening. A second
   * Ctrl-C is not caught. Absent where there is no such signal (tests in-process may script one).
   */
  onInterrupt?: (handler: () => void) => () => void;
}
